// A context: one device, its OpenCL context, its queues (a profiling queue for the library's
// operations and timed launches, a plain one for the generic layer), a cache of built programs,
// the timing of its operations, and what it owns: the data slots (slots), the launches in
// flight (launches), the host transfers (transfer/), the tuning (tuning/context_tuning), the
// profile once known (measure/profile_measure), its line in the placement registry
// (tuning/placement), and each feature's own state (feature_states: a feature's scratch buffers
// and settings live with the feature, not here). The routines that use them live above it.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "device/device_profile.hpp"
#include "device/devices.hpp"
#include "feature_states.hpp"
#include "launch_room.hpp"
#include "launches.hpp"
#include "simulated_faults.hpp"
#include "slots.hpp"
#include "transfer/staged_transfer.hpp"
#include "timing.hpp"
#include "core/handles.hpp"
#include "core/opencl.hpp"
#include "tuning/placement.hpp"
#include "tuning/context_tuning.hpp"

namespace mqlcl {

// Whether small writes of the generic layer are queued from a copy instead of waited for
// (Context::write_user): the GPU server's (server/main.cpp), whose requests' bytes are copies
// already and whose threads, each waiting on one driver for its client's writes, would wait for
// each other; off elsewhere: a write returns its own failure.
void set_queued_writes(bool on);

class Context : public Object, public std::enable_shared_from_this<Context> {
 public:
  static constexpr Kind kKind = Kind::Context;
  explicit Context(int device_index);
  // A context on base's device and OpenCL context with queues of its own (mqlcl_context_share):
  // what one caller queues does not wait behind another's, and the driver runs one context.
  // Its programs, buffers and data are its own; the profile known to base is copied.
  struct Sharing {};
  Context(Context& base, Sharing);
  ~Context() override;

  const DeviceFacts& facts() const { return facts_; }
  int device_index() const { return device_index_; }  // in mqlcl's device list
  cl::Context& cl_context() { return context_; }
  cl::Device& device() { return device_; }
  cl::CommandQueue& queue() { return queue_; }
  DataSlots& slots() { return slots_; }
  // Copies from the caller's host arrays to device buffers and back (host-array GEMM), each
  // direction on its own queue.
  HostTransfer& uploads() { return uploads_; }
  HostTransfer& downloads() { return downloads_; }

  // Builds (or takes from the cache) a program; build failures throw MQLCL_ERR_BUILD with
  // the compiler's log. `label` names the source in messages.
  cl::Program program(const std::string& label, const std::string& source,
                      const std::string& options);
  // A kernel of an embedded kernels/<file> built with -cl-std=CL1.2 and `defines`.
  cl::Kernel embedded(const std::string& file, const std::string& defines, const char* name);

  cl::Buffer allocate(size_t bytes, const char* what);

  // A feature's own state in this context (its scratch buffers: scratch_buffers.hpp; its
  // settings), made on first use, gone with the context. Under the context's lock as every
  // call on the context (api/with_handle.hpp).
  template <class State>
  State& state() {
    return states_.get<State>();
  }

  // ---- launches of one operation ----
  void begin_op();
  // Checks a work-group size against the device and the kernel, with the limit in the message.
  // private_bytes: the private memory per work-item the caller knows the kernel keeps (a
  // private row); times the work-group, it must fit private_budget().
  void check_local(const cl::Kernel& k, const cl::NDRange& local, const char* what, size_t private_bytes = 0);
  // The same with the kernel's limits known: its __local bytes (static and arguments) and its
  // CL_KERNEL_WORK_GROUP_SIZE.
  struct KernelLimits {
    cl_ulong local_mem;
    size_t max_work_group;
  };
  void check_local_with(KernelLimits limits, const cl::NDRange& local, const char* what, size_t private_bytes = 0);
  // The __local bytes the driver counts in CL_KERNEL_LOCAL_MEM_SIZE beyond what a kernel
  // declares (NVIDIA: 16 of its own, and it still runs a kernel that declares the whole of
  // CL_DEVICE_LOCAL_MEM_SIZE), measured once on a probe kernel that declares 16.
  cl_ulong driver_local_bytes();
  // The work-group of a kernel whose __local tiles its tile rule has checked against the device
  // (catalog/tensor_tiles, dgemm_config): only against the kernel's CL_KERNEL_WORK_GROUP_SIZE,
  // not check_local, because NVIDIA's CL_KERNEL_LOCAL_MEM_SIZE counts 16 bytes of its own beyond
  // what the kernel declares (49168 of the H200's 49152) and still runs it.
  void check_tiled_work_group(const cl::Kernel& k, size_t threads, const char* what);
  // Private memory one work-group may hold: CPU devices (PoCL) run a work-group on one
  // thread's stack and overflow it (SIGSEGV) instead of refusing; 0 = no bound (GPUs keep
  // private memory per work-item and refuse what does not fit).
  size_t private_budget() const;
  // The largest power-of-two work-group whose private memory fits the budget, where the
  // driver's own choice could exceed it (else 0: the driver may choose).
  size_t private_fit(const cl::Kernel& k, size_t private_bytes);
  void launch(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local);
  // A 1D range of `items` work-items (the driver chooses the work-group) as launches of at
  // most launch_items() each (2^30; the tests lower it to see the pieces); before each, argument `base_arg` (a ulong) is set to the
  // piece's first work-item, which the kernel adds to get_global_id(0): one range of more than
  // 2^32 work-items (a copy or fill of a 35 GiB allocation) is more than drivers take, global
  // offsets past 2^32 are not indexed by all of them, and one long kernel is what a display
  // driver's watchdog kills. Timed as a kernel or as layout work.
  void launch_pieces(cl::Kernel& k, size_t items, cl_uint base_arg, bool as_convert);
  // Sets `count` floats of b to value (a kernel; timed as layout work).
  void fill(cl::Buffer& b, float value, size_t count);
  // Layout work (fills, copies, conversion kernels) whose time is reported apart.
  void launch_convert(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local);
  void end_op();  // waits, then sums the profiling times into last()
  // Which stage or GEMM kernel computed the operation's product (mqlcl_last_product).
  void product_by(int id) { last_.product = id; }
  // The figures of the last operation (mqlcl_last_*).
  const OperationFigures& last() const { return last_; }

  // ---- the caller's kernels (generic layer), outside the context's operations: last() and
  // the total clock are left alone ----
  // Queues a user kernel's launch without waiting (with an event of its own into `done`
  // where given); returns its serial number in the context. The tests' simulated faults
  // (simulated_faults.hpp) report one of them failed and lose the context.
  // An untimed launch goes on the generic layer's plain queue, a timed one (`done` given) on
  // the profiling queue, each ordered after what the other queue holds.
  uint64_t enqueue_user(cl::Kernel& k, const cl::NDRange& offset, const cl::NDRange& global, const cl::NDRange& local,
                        const LaunchSubject& subject, const LaunchRange& range, cl::Event* done);
  // The room where the launches of the contexts shared from one device context meet to be merged
  // (generic/launch_merging): its shares' made while merging is on; null otherwise.
  LaunchRoom* merge_room() const { return merge_room_.get(); }
  int room_slot() const { return room_slot_; }  // its place in a merged launch (-1: none)
  // Its plain queue becomes the room's: its copies and the room's launches then need no event
  // between queues (on NVIDIA's driver an in-order queue waiting for another queue's event
  // stalls what follows it for a round trip through the host).
  void join_room(std::shared_ptr<LaunchRoom> room, int slot) {
    merge_room_ = std::move(room);
    room_slot_ = slot;
    user_queue_ = merge_room_->queue();
  }
  // The room its shares join, made by the first.
  std::shared_ptr<LaunchRoom>& room_of_shares() { return room_of_shares_; }
  // A launch put in the room (generic/launch_merging), recorded as this context's launch: its
  // serial number. Its waits are what this context's profiling queue holds that it was not
  // ordered after; queued by whichever thread queues the room's rounds.
  uint64_t queue_in_room(const LaunchSubject& subject, const LaunchRange& range, std::unique_ptr<RoomLaunch> launch);
  // Returns once this context's launches in the room are queued (on its plain queue, the room's,
  // before its next command), their failures noted (and its merged launches counted).
  void settle_room();
  // Its launches that ran merged with other contexts' (settle_room counts them): how many, and
  // the sum of their batches (MQLCL_HINFO_MERGED_LAUNCHES, MQLCL_HINFO_MERGED_BATCH).
  long long merged_launches() const { return merged_launches_; }
  long long merged_batch_sum() const { return merged_batch_sum_; }
  // The state of launch `serial` without waiting (OpenCL's CL_QUEUED .. CL_COMPLETE, or < 0
  // when it failed); flushes the queue while it is not complete, so that it progresses.
  cl_int launch_state(uint64_t serial);
  // Whether its OpenCL context no longer works: a one-word blocking write on its queue fails
  // (after a kernel faulted on the device, NVIDIA's driver fails every later call of the OpenCL
  // context, of every queue on it). Costs a transfer's round trip.
  bool device_lost();
  // The faults the tests give this context's launches (mqlcl_test_control).
  SimulatedFaults& simulated_faults() { return faults_; }
  // The most work-items of one piece of a 1D launch run in pieces (a multiple of 64, at most
  // kMaxLaunchItems): lowered by the tests (mqlcl_test_control) to see the pieces on any device.
  static constexpr size_t kMaxLaunchItems = size_t{1} << 30;
  void set_launch_items(size_t items) { launch_items_ = items; }
  // Waits for everything queued, then as settle_launches().
  void finish();
  // After a call that waited for the queue: a failure of a launch queued without waiting is
  // thrown (MQLCL_ERR_LAUNCH, naming the launch), once.
  void settle_launches() {
    if (launches_.idle()) return;
    launches_.settle();
    launches_.throw_failure();
  }
  // A blocking copy of the generic layer: copy(queue, waits) enqueues it on the plain queue
  // after the events `waits` (null: none). It completes after every launch before it, so their
  // failures surface here; a copy failing because a launch faulted names the launch.
  template <class Copy>
  void blocking(Copy&& copy) {
    on_user_queue(copy);
    user_pending_ = false;
    release_kept_writes();
    settle_launches();
  }
  // A write of the generic layer of `bytes` from `data` at byte `at` of b: blocking (as the
  // terminal's CLBufferWrite), or, where the process queues writes (set_queued_writes) and it is
  // at most kQueuedWriteBytes, queued on the plain queue from a copy the context keeps until its
  // next wait, which returns a failure of it.
  static constexpr size_t kQueuedWriteBytes = size_t{1} << 20;
  void write_user(const cl::Buffer& b, size_t at, size_t bytes, const void* data);
  LaunchesInFlight& launches() { return launches_; }
  // Its handle was freed: waits for what is queued, then drops the launches (what they keep
  // alive holds the context, which could then never go).
  void handle_freed();

  // The data slots' marks for the "OpenCL total": an upload starts it, a read ends it.
  void data_written() { total_clock_.start(); }
  void data_read() { total_clock_.stop(last_.total_ms); }
  // The wall times of a host-array call's upload and download (begin_op sets both to 0, so
  // an operation without them reports 0).
  void transfers_took(double upload_ms, double download_ms) {
    last_.upload_ms = upload_ms;
    last_.download_ms = download_ms;
  }
  // The panels of rows a host-array GEMM ran in (mqlcl_last_panels; begin_op sets 0).
  void panels_took(int panels) { last_.panels = panels; }
  // An operation the processor computed (gemm/host_candidate): no launch, no copy; its wall
  // time is its product's and its total.
  void ran_on_host(int product, double ms) {
    last_ = OperationFigures{};
    last_.product = product;
    last_.kernel_ms = last_.total_ms = ms;
  }

  // Every tunable's parameters: the tuning file's, or set by the caller. The context's, not a
  // feature's: loaded at creation for its device, the transfers read theirs then, and one table
  // serves every feature's launcher and the tuning exports.
  ContextTuning& tuning() { return tuning_; }
  const ContextTuning& tuning() const { return tuning_; }

  // The device profile, once known (has_profile): set by the caller, or measured or read from
  // the cache on first use by measure/profile_measure (measured_profile), which keeps it here.
  const DeviceProfile& profile() const;
  void keep_profile(const DeviceProfile& p);
  // Replaces it (mqlcl_profile_set; the values are checked by the caller).
  void set_profile(const double* ceilings);
  // Whether mma.sync kernels can run here: the device's own (NVIDIA, compute capability >= 8)
  // or, where a set profile claims tensor cores (any mma.sync rate) the device lacks, with
  // emulated PTX.
  bool mma_claimed() const;
  // " -DEMULATE_PTX" where a set profile claims tensor cores the device does not have: the
  // mma.sync kernels then run their plain OpenCL C stand-ins (slow, correct).
  const char* ptx_defines() const;
  bool has_profile() const { return profile_ != nullptr; }
  // Changes with every profile kept or set: what was decided from it holds while it stays.
  unsigned long long profile_generation() const { return profile_generation_; }

 private:
  // Its queues, tuning, transfers and settings, once device_, facts_ and context_ are set.
  void open_on_context();
  // Its line in the placement registry (MQLCL_DEVICE_BEST chosen there), first made, last gone.
  ContextPlacement placement_;
  int device_index_;
  DeviceFacts facts_;
  cl::Context context_;
  cl::Device device_;
  cl::CommandQueue queue_;
  // The generic layer's launches and copies: a plain in-order queue (on NVIDIA's driver a
  // blocking copy costs about 7 us more on a profiling queue). user_pending_: it holds
  // commands queue_ was not ordered after; timed_pending_: queue_ holds timed user launches
  // user_queue_ was not ordered after.
  cl::CommandQueue user_queue_;
  bool user_pending_ = false, timed_pending_ = false;
  // The copies queued writes read from (write_user), kept until the plain queue is waited for.
  std::vector<std::unique_ptr<unsigned char[]>> kept_writes_;
  size_t kept_write_bytes_ = 0;
  void release_kept_writes() {
    kept_writes_.clear();
    kept_write_bytes_ = 0;
  }
  std::shared_ptr<LaunchRoom> merge_room_;      // a share's: where its launches meet
  std::shared_ptr<LaunchRoom> room_of_shares_;  // the one its shares meet in
  int room_slot_ = -1;
  std::vector<std::unique_ptr<RoomLaunch>> room_launches_;  // put in the room since the last settle_room
  long long merged_launches_ = 0, merged_batch_sum_ = 0;
  // The events a command of one queue must wait for: a marker on the other queue after what it
  // holds, when `pending` (then cleared); none otherwise.
  std::vector<cl::Event> order_after(cl::CommandQueue& other, bool& pending);
  std::vector<cl::Event> after_timed_launches() { return order_after(queue_, timed_pending_); }
  std::vector<cl::Event> after_user_queue() { return order_after(user_queue_, user_pending_); }
  // What a command of the plain queue (of the profiling queue) waits for: the other queue's
  // commands it was not ordered after, once the room's launches of this context are settled.
  std::vector<cl::Event> before_user_queue();
  std::vector<cl::Event> before_timed_queue();
  // Enqueues copy(queue, waits) on the plain queue after what it must follow; a copy the driver
  // refuses because a launch faulted names the launch.
  template <class Copy>
  void on_user_queue(Copy& copy) {
    const std::vector<cl::Event> waits = before_user_queue();
    try {
      copy(user_queue_, waits.empty() ? nullptr : &waits);
    } catch (const cl::Error& e) {
      wait_failed(e);
      throw;
    }
  }
  HostTransfer uploads_, downloads_;
  std::unique_ptr<DeviceProfile> profile_;
  unsigned long long profile_generation_ = 0;
  size_t launch_items_ = kMaxLaunchItems;
  std::map<std::string, cl::Program> programs_;
  TotalClock total_clock_;
  OperationFigures last_;
  DataSlots slots_{facts_, context_, queue_, total_clock_, last_.total_ms};
  // After context_ and the queues, so destroyed before them: the features' buffers are
  // released before the OpenCL context (and after the destructor has finished the queues).
  FeatureStates states_;
  OperationEvents events_;
  LaunchesInFlight launches_;
  ContextTuning tuning_;
  SimulatedFaults faults_;  // none unless a test sets them (simulated_faults())
  cl::Buffer probe_;  // device_lost()'s word, made on its first use
  long long driver_local_ = -1;  // driver_local_bytes(), -1 until measured
  void wait_failed(const cl::Error& e);  // throws the launch failure behind e, if any
  void place_marker();                   // a marker after every launch so far (LaunchesInFlight)
};

}  // namespace mqlcl
