#include "generic/launch_merging.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>

#include "context.hpp"
#include "generic/user_objects.hpp"

namespace mqlcl {

namespace {

std::atomic<bool> merging{false};
std::atomic<int> gather{0};

constexpr auto kGatherWait = std::chrono::seconds(2);

// The families by OpenCL context, options, kernel and source; a family lives while a kernel
// holds it.
struct Families {
  std::mutex mutex;
  std::map<std::string, std::weak_ptr<MergeFamily>> by_key;
};
Families& families() {
  static Families* f = new Families;
  return *f;
}

// The family of k's kernel, made on its first launch; null where it is not merged.
MergeFamily* family_of(UserKernel& k) {
  if (!k.merge_family) {
    const std::string& source = k.source ? k.source->text() : std::string();
    const std::string& options = k.source ? k.source->options() : std::string();
    const cl_context on = k.ctx->cl_context()();
    std::string key(reinterpret_cast<const char*>(&on), sizeof(on));
    key += options + '\0' + k.name + '\0' + source;
    Families& f = families();
    std::lock_guard<std::mutex> lock(f.mutex);
    for (auto it = f.by_key.begin(); it != f.by_key.end();) it = it->second.expired() ? f.by_key.erase(it) : std::next(it);
    std::weak_ptr<MergeFamily>& known = f.by_key[key];
    k.merge_family = known.lock();
    if (!k.merge_family) {
      MergeableKernel shape = read_mergeable(source, k.name);
      if (shape.why.empty() && shape.params.size() != k.args.count())
        shape.why = "the source's parameters are not the driver's arguments";
      // Each slot's arguments count against the device's parameter bytes (pointers and values of
      // at most 8 bytes).
      size_t per_slot = 0, shared = 0;
      for (const MergeableKernel::Param& p : shape.params) (p.shared ? shared : per_slot) += 8;
      const size_t room_bytes = k.ctx->device().getInfo<CL_DEVICE_MAX_PARAMETER_SIZE>();
      size_t slots = MergeRoom::kSlots;
      while (slots >= 2 && slots * per_slot + shared + 4 > room_bytes) slots /= 2;
      if (slots < 2 && shape.why.empty()) shape.why = "its arguments take the device's parameter bytes";
      k.merge_family = std::make_shared<MergeFamily>(std::move(shape), options, k.ctx->cl_context(), k.ctx->device(),
                                                     k.kernel.getInfo<CL_KERNEL_PROGRAM>(), static_cast<int>(slots));
      known = k.merge_family;
    }
  }
  MergeFamily* f = k.merge_family.get();
  return f->shape().why.empty() ? f : nullptr;
}

bool same_args(const ArgValue& a, const ArgValue& b) {
  return a.passed == b.passed && a.mem == b.mem && a.bytes == b.bytes && std::memcmp(a.value, b.value, sizeof(a.value)) == 0;
}

// Whether two launches in a room are the same launch of one kernel (then merged).
bool same_launch(const MergeLaunch& a, const MergeLaunch& b) {
  if (a.family != b.family || a.range.dims != b.range.dims) return false;
  for (int i = 0; i < a.range.dims; ++i)
    if (a.range.global[i] != b.range.global[i] || a.range.local[i] != b.range.local[i]) return false;
  const std::vector<MergeableKernel::Param>& params = a.family->shape().params;
  for (size_t p = 0; p < params.size(); ++p)
    if (params[p].shared && a.args[p].bytes != b.args[p].bytes) return false;
  return true;
}

// The largest divisor of n not above `most` (at least 1).
size_t largest_divisor(size_t n, size_t most) {
  for (size_t d = std::min(n, std::max<size_t>(most, 1)); d > 1; --d)
    if (n % d == 0) return d;
  return 1;
}

// A kernel of the room just made: none of its arguments set yet (an Image: no argument of a
// mergeable kernel takes one, so set_arg sets each the first time).
void none_set(MergeFamily::Derived& d) {
  ArgValue never;
  never.passed = Passed::Image;
  d.set.assign(d.kernel.getInfo<CL_KERNEL_NUM_ARGS>(), never);
  d.held.assign(d.set.size(), cl::Memory());
}

// Sets argument `index` of a room's kernel (derived or solo) unless it holds `v` already; throws
// where the driver refuses it.
void set_arg(MergeFamily::Derived& d, unsigned index, const ArgValue& v) {
  if (d.set[index].passed != Passed::Image && same_args(d.set[index], v)) return;
  const cl_int err = v.passed == Passed::Buffer ? clSetKernelArg(d.kernel(), index, sizeof(cl_mem), &v.mem)
                     : v.passed == Passed::Local ? clSetKernelArg(d.kernel(), index, v.bytes, nullptr)
                                                 : clSetKernelArg(d.kernel(), index, v.bytes, v.value);
  if (err != CL_SUCCESS) {
    d.set[index].passed = Passed::Image;  // not known: set again next time
    fail(MQLCL_ERR_OPENCL, "an argument of the merged kernel could not be set: ", cl_error_name(err));
  }
  d.set[index] = v;
  // The driver may take the memory's number without a reference: held here while set, so that
  // a slot no launch uses still names live memory when another slot's launch runs.
  d.held[index] = v.mem != nullptr ? cl::Memory(v.mem, true) : cl::Memory();
}

// Queues `group` (launches of one kernel, same sizes) as one launch of the derived kernel of the
// fewest slots holding them, each at its place in the group, on `queue`; a launch alone as itself
// (a launch costs by its kernel's parameters on some drivers: the derived kernel's are many).
void queue_group(cl::CommandQueue& queue, const std::vector<MergeLaunch*>& group) {
  MergeFamily& family = *group[0]->family;
  if (group.size() == 1) {
    MergeLaunch& alone = *group[0];
    MergeFamily::Derived& own = family.solo(alone.slot);
    for (size_t p = 0; p < alone.args.size(); ++p) set_arg(own, static_cast<unsigned>(p), alone.args[p]);
    queue.enqueueNDRangeKernel(own.kernel, cl::NullRange, alone.global, alone.local,
                               alone.waits.empty() ? nullptr : &alone.waits);
    return;
  }
  const LaunchRange& r = group[0]->range;
  const int batch = static_cast<int>(group.size());
  MergeFamily::Derived& derived = family.derived(r.dims, batch);
  const MergeableKernel& shape = family.shape();
  const int slots = derived.slots;
  const cl_uint used = (batch >= 32 ? ~0u : (1u << batch) - 1u);
  // In the order of their contexts' slots: the same contexts meeting again find their arguments set.
  std::vector<MergeLaunch*> placed = group;
  std::sort(placed.begin(), placed.end(), [](const MergeLaunch* a, const MergeLaunch* b) { return a->slot < b->slot; });
  std::vector<cl::Event> waits;
  for (int slot = 0; slot < batch; ++slot) {
    const MergeLaunch* w = placed[static_cast<size_t>(slot)];
    for (size_t p = 0; p < shape.params.size(); ++p) set_arg(derived, merged_arg_index(shape, p, slot, slots), w->args[p]);
    waits.insert(waits.end(), w->waits.begin(), w->waits.end());
  }
  // A slot never used yet: valid arguments (no work-item reads them), of the sizes the launches'.
  for (int slot = 0; slot < slots; ++slot)
    for (size_t p = 0; p < shape.params.size(); ++p) {
      const unsigned index = merged_arg_index(shape, p, slot, slots);
      if (derived.set[index].passed != Passed::Image || shape.params[p].shared) continue;
      ArgValue v = group[0]->args[p];
      std::memset(v.value, 0, sizeof(v.value));
      if (v.mem != nullptr) v.mem = derived.none();
      set_arg(derived, index, v);
    }
  ArgValue mask;
  mask.passed = Passed::Int;
  mask.bytes = sizeof(cl_uint);
  std::memcpy(mask.value, &used, sizeof(used));
  set_arg(derived, merged_used_index(shape, slots), mask);
  // Over the slots the group uses, the first `batch`.
  const size_t count = static_cast<size_t>(batch);
  const cl::NDRange global = r.dims == 1 ? cl::NDRange(r.global[0], count) : cl::NDRange(r.global[0], r.global[1], count);
  // Work-groups left to the driver (a kernel whose results cannot depend on them): chosen here, the
  // same whatever the launches, one shape for a driver that compiles one per work-group size.
  size_t l0 = r.local[0], l1 = r.local[1];
  if (l0 == 0) {
    l0 = largest_divisor(r.global[0], derived.preferred);
    l1 = r.dims == 2 ? largest_divisor(r.global[1], std::max<size_t>(1, derived.preferred / l0)) : 1;
  }
  const cl::NDRange local = r.dims == 1 ? cl::NDRange(l0, 1) : cl::NDRange(l0, l1, 1);
  queue.enqueueNDRangeKernel(derived.kernel, cl::NullRange, global, local, waits.empty() ? nullptr : &waits);
}

// The launches of a round in groups, in the order they are queued: a group is the first launch
// not yet grouped and those after it that are the same launch, of other contexts, none of whose
// earlier launches in the round is still to be grouped (each context's launches keep their order).
std::vector<std::vector<MergeLaunch*>> groups_of(const std::vector<MergeLaunch*>& taken) {
  std::vector<std::vector<MergeLaunch*>> groups;
  std::vector<bool> grouped(taken.size(), false);
  for (size_t i = 0; i < taken.size(); ++i) {
    if (grouped[i]) continue;
    grouped[i] = true;
    std::vector<MergeLaunch*> group = {taken[i]};
    std::vector<const Context*> held_back = {taken[i]->owner};  // in the group, or with a launch still to group
    const size_t most = static_cast<size_t>(taken[i]->family->slots());
    for (size_t j = i + 1; j < taken.size(); ++j) {
      if (grouped[j]) continue;
      const bool free = std::find(held_back.begin(), held_back.end(), taken[j]->owner) == held_back.end();
      if (free && group.size() < most && same_launch(*taken[i], *taken[j])) {
        group.push_back(taken[j]);
        grouped[j] = true;
      }
      held_back.push_back(taken[j]->owner);
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

}  // namespace

void MergeRoom::queue_round(const std::vector<MergeLaunch*>& taken) {
  for (const std::vector<MergeLaunch*>& group : groups_of(taken)) {
    bool fails = false;
    for (MergeLaunch* w : group) fails = fails || w->fails_here;
    try {
      queue_group(queue_, group);
    } catch (const std::exception& e) {
      for (MergeLaunch* w : group) w->error = e.what();
      continue;
    }
    for (MergeLaunch* w : group) {
      w->batch = static_cast<int>(group.size());
      // One launch: a fault made for one of them is the fault of all, as a kernel's fault would be.
      w->failed = fails;
    }
  }
  try {
    queue_.flush();
  } catch (const std::exception& e) {
    for (MergeLaunch* w : taken)
      if (w->error.empty()) w->error = e.what();
  }
}

void MergeRoom::queue_while_waiting(std::unique_lock<std::mutex>& lock) {
  while (!waiting_.empty()) {
    const size_t wanted = static_cast<size_t>(gather.load());
    if (wanted > 1) changed_.wait_for(lock, kGatherWait, [&] { return waiting_.size() >= wanted; });
    std::vector<MergeLaunch*> taken;
    taken.swap(waiting_);
    lock.unlock();
    try {
      queue_round(taken);
    } catch (const std::exception& e) {  // out of memory: each is told
      for (MergeLaunch* w : taken)
        if (w->error.empty()) w->error = e.what();
    }
    lock.lock();
    for (MergeLaunch* w : taken) w->done = true;
    changed_.notify_all();  // a context settling its launches goes on now, not when the queueing ends
  }
  queueing_ = false;
  changed_.notify_all();
}

void MergeRoom::enter(RoomLaunch* launch) {
  std::unique_lock<std::mutex> lock(mutex_);
  waiting_.push_back(static_cast<MergeLaunch*>(launch));  // the room's own, from room_launch
  if (queueing_) {  // that thread takes it before it stops
    if (gather.load() > 1) changed_.notify_all();
    return;
  }
  queueing_ = true;
  queue_while_waiting(lock);
}

void MergeRoom::settle(const std::vector<std::unique_ptr<RoomLaunch>>& launches) {
  std::unique_lock<std::mutex> lock(mutex_);
  // What waits is taken by the thread queueing before it stops: each is done once it stops.
  changed_.wait(lock, [&] {
    for (const std::unique_ptr<RoomLaunch>& l : launches)
      if (!l->done) return false;
    return true;
  });
}

int MergeRoom::take_slot() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++contexts_;
  for (int s = 0; s < kSlots; ++s)
    if (!(used_slots_ & (1u << s))) {
      used_slots_ |= 1u << s;
      return s;
    }
  return -1;
}

void MergeRoom::leave(int slot) {
  std::lock_guard<std::mutex> lock(mutex_);
  --contexts_;
  if (slot >= 0) used_slots_ &= ~(1u << slot);
}

void join_merge_room(Context& base, Context& share) {
  std::shared_ptr<LaunchRoom>& room = base.room_of_shares();
  if (!room) room = std::make_shared<MergeRoom>(base.cl_context(), base.device());
  share.join_room(room, static_cast<MergeRoom*>(room.get())->take_slot());
}

bool launch_merging() { return merging.load(); }
void set_launch_merging(bool on) { merging.store(on); }
void set_merge_gather(int launches) { gather.store(launches); }

MergeFamily::Derived& MergeFamily::derived(int dims, int launches) {
  int size = 0;
  while ((2 << size) < launches) ++size;
  return derived_[dims - 1][size];
}

bool MergeFamily::ready(int dims) {
  std::atomic<int>& state = state_[dims - 1];
  if (state.load(std::memory_order_acquire) != kNotTried) return state.load(std::memory_order_acquire) == kBuilt;
  // Another thread building it: this launch runs as always meanwhile (a compiler may take a
  // second, and no launch waits for another's), but where the tests gather launches, which wait.
  std::unique_lock<std::mutex> lock(building_, std::defer_lock);
  if (gather.load() > 1)
    lock.lock();
  else if (!lock.try_lock())
    return false;
  if (state.load() != kNotTried) return state.load() == kBuilt;
  try {
    const cl::Buffer none(context_, CL_MEM_READ_WRITE, 16);
    for (int size = 0, slots = 2; slots <= slots_; ++size, slots *= 2) {
      cl::Program program(context_, merged_source(shape_, dims, slots));
      program.build(std::vector<cl::Device>{device_}, options_.c_str());
      Derived& made = derived_[dims - 1][size];
      made.kernel = cl::Kernel(program, shape_.kernel_name.c_str());
      made.max_work_group = made.kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
      made.preferred = std::min(made.max_work_group,
                                made.kernel.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device_));
      none_set(made);
      made.none = none;
      made.slots = slots;
    }
    state.store(kBuilt, std::memory_order_release);
    return true;
  } catch (...) {
    state.store(kFailed, std::memory_order_release);
    return false;
  }
}

MergeFamily::Derived& MergeFamily::solo(int slot) {
  Derived& own = solo_[static_cast<size_t>(slot)];
  if (!own.kernel()) {
    own.kernel = cl::Kernel(program_, shape_.kernel_name.c_str());
    none_set(own);
  }
  return own;
}

uint64_t room_launch(UserKernel& k, const LaunchRange& range, const cl::NDRange& global, const cl::NDRange& local) {
  Context& c = *k.ctx;
  const MergeRoom* room = static_cast<const MergeRoom*>(c.merge_room());  // only join_merge_room gives one
  if (room == nullptr || room->contexts() < 2 || range.dims > 2 || c.room_slot() < 0) return 0;
  for (size_t o : range.offset)
    if (o != 0) return 0;
  MergeFamily* family = family_of(k);
  if (family == nullptr || (range.local[0] == 0 && family->shape().any_work_group) || !family->ready(range.dims))
    return 0;
  std::unique_ptr<MergeLaunch> launch(new MergeLaunch());
  launch->family = k.merge_family;
  launch->range = range;
  launch->global = global;
  launch->local = local;
  launch->slot = c.room_slot();
  for (cl_uint p = 0; p < k.args.count(); ++p) {
    launch->args.push_back(k.args.value(p));
    if (launch->args.back().mem != nullptr) launch->held.push_back(cl::Memory(launch->args.back().mem, true));
  }
  return c.queue_in_room(k.subject(), range, std::move(launch));
}

}  // namespace mqlcl
