#include "context.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

#include "build_options.hpp"
#include "device/tensor_decision.hpp"
#include "core/checked_math.hpp"
#include "core/embedded_kernels.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {
std::atomic<bool> queued_writes{false};
// The most bytes a context keeps for its queued writes: beyond it, a write first waits for what
// is queued.
constexpr size_t kKeptWriteBytes = size_t{64} << 20;
}  // namespace

void set_queued_writes(bool on) { queued_writes.store(on); }

Context::Context(int device_index)
    : Object(kKind), placement_(device_index), device_index_(placement_.device()) {
  const DeviceEntry& entry = device_at(device_index_);
  device_ = entry.device;
  facts_ = entry.facts;
  context_ = cl::Context(device_);
  open_on_context();
}

Context::Context(Context& base, Sharing)
    : Object(kKind), placement_(base.device_index_), device_index_(base.device_index_) {
  device_ = base.device_;
  facts_ = base.facts_;
  context_ = base.context_;
  faults_ = SimulatedFaults::sharing(base.faults_);
  open_on_context();
  if (base.profile_) profile_.reset(new DeviceProfile(*base.profile_));
}

void Context::open_on_context() {
  queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
  user_queue_ = cl::CommandQueue(context_, device_, 0);
  tuning_.load(facts_);
  uploads_.init(context_, device_, true, tuning_.params(MQLCL_TUNABLE_TRANSFER));
  downloads_.init(context_, device_, false, tuning_.params(MQLCL_TUNABLE_TRANSFER));
}

Context::~Context() {
  // Launches queued without waiting finish before the queues go (mqlcl_free of a context).
  try {
    settle_room();
    user_queue_.finish();
    queue_.finish();
  } catch (...) {
  }
  if (merge_room_) merge_room_->leave(room_slot_);
}

const DeviceProfile& Context::profile() const {
  if (!profile_) fail(MQLCL_ERR_INTERNAL, "the device profile is read before it is known (measure/profile_measure)");
  return *profile_;
}

void Context::keep_profile(const DeviceProfile& p) {
  profile_.reset(new DeviceProfile(p));
  ++profile_generation_;
}

void Context::set_profile(const double* ceilings) {
  std::unique_ptr<DeviceProfile> p(new DeviceProfile());
  for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i) p->v[i] = ceilings[i];
  p->v[MQLCL_PROFILE_SOURCE] = MQLCL_PROFILE_SET;
  p->v[MQLCL_PROFILE_MEASUREMENTS] = profile_measurements();
  p->note = "set by the caller (mqlcl_profile_set)";
  profile_ = std::move(p);
  ++profile_generation_;
}

bool Context::mma_claimed() const {
  if (profile_ && profile_->v[MQLCL_PROFILE_SOURCE] == MQLCL_PROFILE_SET) {
    for (int rate : {MQLCL_PROFILE_MMA_TF32, MQLCL_PROFILE_MMA_FP16, MQLCL_PROFILE_MMA_BF16, MQLCL_PROFILE_MMA_INT8,
                     MQLCL_PROFILE_MMA_FP64})
      if (profile_->v[rate] > 0) return true;
    return false;
  }
  return tensor_support(facts_).available;
}

const char* Context::ptx_defines() const {
  // Unoptimised: the emulation is for checking results, and the compiler spends most of its
  // time unrolling the stand-ins.
  return mma_claimed() && !tensor_support(facts_).available ? " -DEMULATE_PTX -cl-opt-disable" : "";
}

cl::Program Context::program(const std::string& label, const std::string& source,
                             const std::string& options) {
  const std::string key = label + '\n' + options + '\n' + source;
  auto it = programs_.find(key);
  if (it != programs_.end()) return it->second;
  check_build_options(options);
  cl::Program prog(context_, source);
  struct BuildClock {  // builds are excluded from the "OpenCL total", as in the article
    TotalClock& total;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    ~BuildClock() { total.exclude(ms_since(start)); }
  } clock{total_clock_};
  try {
    prog.build(std::vector<cl::Device>{device_}, options.c_str());
  } catch (const cl::Error& e) {
    std::string log;
    try {
      log = prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    } catch (const cl::Error&) {
      log = "(no build log)";
    }
    if (e.err() == CL_INVALID_BUILD_OPTIONS)
      fail(MQLCL_ERR_BUILD, "build of ", label, " rejected the options \"", options, "\": ",
           cl_error_name(e.err()), "\n", log);
    fail(MQLCL_ERR_BUILD, "build of ", label, " failed (", cl_error_name(e.err()),
         ") with options \"", options, "\"; build log:\n", log);
  }
  programs_.emplace(key, prog);
  return prog;
}

cl::Kernel Context::embedded(const std::string& file, const std::string& defines,
                             const char* name) {
  const char* src = embedded_kernel(file.c_str());
  if (src == nullptr) fail(MQLCL_ERR_INTERNAL, "kernel file ", file, " is not embedded");
  cl::Program prog = program("kernels/" + file, src, "-cl-std=CL1.2 " + defines);
  return cl::Kernel(prog, name);
}

cl::Buffer Context::allocate(size_t bytes, const char* what) { return allocate_buffer(context_, facts_, bytes, what); }

void Context::begin_op() {
  // An operation may read the caller's buffers (GEMM on buffers): the generic layer's queues first.
  settle_room();
  if (user_pending_) {
    try {
      user_queue_.finish();
    } catch (const cl::Error& e) {
      wait_failed(e);
      throw;
    }
    user_pending_ = false;
  }
  total_clock_.start();
  events_.clear();
  transfers_took(0, 0);
  last_.product = 0;
  last_.panels = 0;
}

namespace {
// Measured with PoCL 3.1: a work-group holding 4 MiB of private rows runs, 8 MiB overflows
// its thread's stack. A quarter of the smaller, as other frames share that stack.
// The bound counts the private memory the caller knows the kernel keeps: PoCL 3.1 answers
// CL_KERNEL_PRIVATE_MEM_SIZE = 1024 for every kernel (a float[1024] row included), so its
// report can neither be trusted nor used (it would refuse 64 x 64 groups that run).
constexpr size_t kCpuPrivateBudget = size_t{1} << 20;
}  // namespace

void Context::check_tiled_work_group(const cl::Kernel& k, size_t threads, const char* what) {
  const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
  if (threads > kernel_max)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": the kernel's work-group of ", threads, " exceeds its CL_KERNEL_WORK_GROUP_SIZE = ",
         kernel_max, " on this device");
}

size_t Context::private_budget() const {
  return (facts_.type & CL_DEVICE_TYPE_CPU) ? kCpuPrivateBudget : 0;
}

size_t Context::private_fit(const cl::Kernel& k, size_t private_bytes) {
  const size_t budget = private_budget();
  const size_t per_item = private_bytes;
  if (budget == 0 || per_item == 0) return 0;
  const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
  if (per_item * kernel_max <= budget) return 0;
  size_t fit = 1;
  while (fit * 2 <= kernel_max && fit * 2 * per_item <= budget) fit *= 2;
  return fit;
}

void Context::check_local(const cl::Kernel& k, const cl::NDRange& local, const char* what, size_t private_bytes) {
  check_local_with({k.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_), k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_)},
                   local, what, private_bytes);
}

cl_ulong Context::driver_local_bytes() {
  constexpr cl_ulong kDeclared = 16, kMostCounted = 1024;  // a driver counting more is not believed
  if (driver_local_ < 0) {
    const char* probe =
        "__kernel void mqlcl_local_probe(__global int* p) { __local int x[4]; x[get_local_id(0) & 3] = 1; "
        "barrier(CLK_LOCAL_MEM_FENCE); p[0] = x[0]; }";
    cl::Kernel k(program("driver local bytes", probe, "-cl-std=CL1.2"), "mqlcl_local_probe");
    const cl_ulong reported = k.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_);
    driver_local_ = static_cast<long long>(reported > kDeclared ? std::min(reported - kDeclared, kMostCounted) : 0);
  }
  return static_cast<cl_ulong>(driver_local_);
}

void Context::check_local_with(KernelLimits limits, const cl::NDRange& local, const char* what, size_t private_bytes) {
  // Static __local arrays plus the __local arguments: some drivers (PoCL) run a kernel that
  // exceeds the device's local memory instead of refusing it.
  // Beyond the device's size by what the driver counts of its own only: it runs those.
  const cl_ulong kernel_local = limits.local_mem;
  if (kernel_local > facts_.local_mem && kernel_local - driver_local_bytes() > facts_.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": the kernel uses ", static_cast<unsigned long long>(kernel_local),
         " bytes of local memory, the device has ", static_cast<unsigned long long>(facts_.local_mem),
         " (CL_DEVICE_LOCAL_MEM_SIZE)");
  if (local.dimensions() == 0) return;
  size_t total = 1;
  for (size_t i = 0; i < local.dimensions(); ++i) {
    const size_t v = local.get()[i];
    if (i < facts_.max_item_sizes.size() && v > facts_.max_item_sizes[i])
      fail(MQLCL_ERR_LOCAL_SIZE, what, ": local size ", v, " in dimension ", i,
           " exceeds the device's CL_DEVICE_MAX_WORK_ITEM_SIZES[", i, "] = ",
           facts_.max_item_sizes[i]);
    total *= v;
  }
  if (total > facts_.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total,
         " work-items exceeds the device's CL_DEVICE_MAX_WORK_GROUP_SIZE = ", facts_.max_work_group);
  const size_t kernel_max = limits.max_work_group;
  if (total > kernel_max)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total,
         " work-items exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE = ", kernel_max,
         " on this device");
  const size_t budget = private_budget(), per_item = private_bytes;
  if (budget && per_item * total > budget)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total, " work-items x ", per_item,
         " bytes of private memory each = ", per_item * total, " bytes, over the ", budget,
         " bytes a work-group may hold on this CPU device (its thread's stack); use local0 <= ",
         std::max<size_t>(1, budget / per_item));
}

void Context::launch(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) {
  queue_.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, events_.kernel());
}

void Context::launch_pieces(cl::Kernel& k, size_t items, cl_uint base_arg, bool as_convert) {
  for (size_t at = 0; at < items; at += launch_items_) {
    const size_t n = std::min(launch_items_, items - at);
    k.setArg(base_arg, static_cast<cl_ulong>(at));  // taken at the enqueue
    queue_.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(n), cl::NullRange, nullptr,
                                as_convert ? events_.convert() : events_.kernel());
  }
}

void Context::fill(cl::Buffer& b, float value, size_t count) {
  cl::Kernel k = embedded("util/layout.cl", "", "fill_float");
  k.setArg(0, b);
  k.setArg(1, value);
  k.setArg(2, static_cast<cl_ulong>(count));
  launch_pieces(k, round_up(count, 64), 3, true);
}

void Context::launch_convert(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) {
  queue_.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, events_.convert());
}

void Context::end_op() {
  timed_pending_ = true;  // the operation's own commands are on the profiling queue
  finish();
  events_.sum_into(last_);
}

// The room's launches first: settled, they are on the plain queue (the room's) before the next
// command, and the profiling queue's marker then follows them.
std::vector<cl::Event> Context::before_user_queue() {
  settle_room();
  return after_timed_launches();
}

std::vector<cl::Event> Context::before_timed_queue() {
  settle_room();
  return after_user_queue();
}

uint64_t Context::queue_in_room(const LaunchSubject& subject, const LaunchRange& range,
                                std::unique_ptr<RoomLaunch> launch) {
  launch->waits = after_timed_launches();  // its plain queue is the room's: ordered by it
  launch->fails_here = faults_.next_launch_fails();
  launch->owner = this;
  const uint64_t serial = launches_.add(subject, range);
  launch->serial = serial;
  RoomLaunch* const entering = launch.get();
  room_launches_.push_back(std::move(launch));
  merge_room_->enter(entering);
  if (launches_.marker_due()) place_marker();  // settles the room: `entering` may be gone after it
  return serial;
}

void Context::settle_room() {
  if (room_launches_.empty()) return;
  merge_room_->settle(room_launches_);
  for (const std::unique_ptr<RoomLaunch>& l : room_launches_) {
    if (!l->error.empty()) {
      launches_.failed(l->serial, CL_OUT_OF_RESOURCES, "it could not be queued: " + l->error);
      continue;
    }
    user_pending_ = true;  // on the room's queue, the plain one
    if (l->failed)
      launches_.failed(l->serial, CL_OUT_OF_RESOURCES,
                       l->batch > 1 ? str("it ran as one launch with the same launch of ", l->batch - 1,
                                          " other context(s), which failed")
                                    : std::string());
    if (l->batch > 1) {
      ++merged_launches_;
      merged_batch_sum_ += l->batch;
    }
  }
  room_launches_.clear();
}

std::vector<cl::Event> Context::order_after(cl::CommandQueue& other, bool& pending) {
  if (!pending) return {};
  cl::Event marker;
  other.enqueueMarkerWithWaitList(nullptr, &marker);
  other.flush();
  pending = false;
  return {marker};
}

uint64_t Context::enqueue_user(cl::Kernel& k, const cl::NDRange& offset, const cl::NDRange& global,
                               const cl::NDRange& local, const LaunchSubject& subject,
                               const LaunchRange& range, cl::Event* done) {
  const bool timed = done != nullptr;
  // A launch made to fail (simulated_faults.hpp) runs as any other, with an event through which
  // it is reported failed as NVIDIA's driver reports a faulted kernel (a launch made to fail in
  // the driver, behind an event set to a failure, breaks PoCL 3.1's in-order queue).
  const bool fails = faults_.next_launch_fails();
  cl::Event own;
  if (fails && done == nullptr) done = &own;
  if (timed) {
    const std::vector<cl::Event> waits = before_timed_queue();
    queue_.enqueueNDRangeKernel(k, offset, global, local, waits.empty() ? nullptr : &waits, done);
    timed_pending_ = true;
  } else {
    const std::vector<cl::Event> waits = before_user_queue();
    user_queue_.enqueueNDRangeKernel(k, offset, global, local, waits.empty() ? nullptr : &waits, done);
    user_pending_ = true;
  }
  const uint64_t serial = launches_.add(subject, range, done, fails ? CL_OUT_OF_RESOURCES : 0);
  if (launches_.marker_due()) place_marker();
  return serial;
}

void Context::place_marker() {
  // On the plain queue, after the profiling queue's and the room's pending launches: it follows
  // every launch.
  const std::vector<cl::Event> waits = before_user_queue();
  cl::Event marker;
  user_queue_.enqueueMarkerWithWaitList(waits.empty() ? nullptr : &waits, &marker);
  user_pending_ = true;
  launches_.marked(std::move(marker));
}

cl_int Context::launch_state(uint64_t serial) {
  settle_room();
  cl_int state = launches_.state_of(serial);
  if (state == LaunchesInFlight::kNeedsMarker) {
    place_marker();
    state = launches_.state_of(serial);
  }
  if (state > CL_COMPLETE) {  // so that a polling caller sees it progress
    user_queue_.flush();
    queue_.flush();
  }
  return state;
}

void Context::handle_freed() {
  try {
    settle_room();
    user_queue_.finish();
    queue_.finish();
    release_kept_writes();
  } catch (...) {
  }
  user_pending_ = timed_pending_ = false;
  launches_.forget();
}

bool Context::device_lost() {
  settle_room();
  if (faults_.lost()) return true;
  try {
    if (!probe_()) probe_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(cl_uint));
    const cl_uint word = 0;
    user_queue_.enqueueWriteBuffer(probe_, CL_TRUE, 0, sizeof word, &word);
    return false;
  } catch (const cl::Error&) {
    return true;
  }
}

void Context::write_user(const cl::Buffer& b, size_t at, size_t bytes, const void* data) {
  if (!queued_writes.load() || bytes > kQueuedWriteBytes) {
    blocking([&](cl::CommandQueue& q, const std::vector<cl::Event>* after) {
      q.enqueueWriteBuffer(b, CL_TRUE, at, bytes, data, after);
    });
    return;
  }
  if (kept_write_bytes_ + bytes > kKeptWriteBytes) finish();
  std::unique_ptr<unsigned char[]> copy(new unsigned char[bytes]);
  std::memcpy(copy.get(), data, bytes);
  auto queued = [&](cl::CommandQueue& q, const std::vector<cl::Event>* after) {
    q.enqueueWriteBuffer(b, CL_FALSE, at, bytes, copy.get(), after);
  };
  on_user_queue(queued);
  user_pending_ = true;
  kept_write_bytes_ += bytes;
  kept_writes_.push_back(std::move(copy));
}

void Context::finish() {
  // Only a queue with commands the other was not ordered after (a finish costs microseconds).
  settle_room();
  try {
    if (user_pending_) user_queue_.finish();
    if (timed_pending_) queue_.finish();
  } catch (const cl::Error& e) {
    wait_failed(e);
    throw;
  }
  user_pending_ = timed_pending_ = false;
  release_kept_writes();
  settle_launches();
}

void Context::wait_failed(const cl::Error& e) {
  if (launches_.idle()) return;
  launches_.settle_after(std::string(e.what() ? e.what() : "the wait") + " failed: " + cl_error_name(e.err()));
  launches_.throw_failure();
}

}  // namespace mqlcl
