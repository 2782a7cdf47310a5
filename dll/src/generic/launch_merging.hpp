// The same launch of several processes run as one launch: the GPU server's clients running one
// program (the strategy tester's agents, one EA with different inputs) launch the same kernel
// over the same sizes, each a few microseconds of work behind a launch's fixed cost.
//
// The launches of the contexts shared from one device context (the server's clients') meet in
// its room, whose in-order queue runs them: a launch returns once it is in the room, with its
// arguments as they are then (room_launch). The first to find no one queueing queues what waits,
// round after round until nothing does; what comes meanwhile goes with the next round, and no
// launch waits for another to come. In a round, the launches of one kernel of one program
// (source, options) over the same global and local sizes and the same __local argument sizes run
// as one launch of the kernel derived from the program (generic/merged_kernel) over one more
// dimension, each context's at its place in the group; a launch that meets none of its kind runs
// as itself; a context's launches keep their order. The derived kernel is built for 2, 4, 8 and 16
// launches, and a group runs on the smallest that holds it: a driver may cost each launch by its
// kernel's parameters (docs/ABI.md, "Shared GPU"), and 3 launches on a kernel with 16 slots'
// parameters could cost more than each alone. Each context records its launches as its own (their
// faults, their state); the room's queue is each context's plain queue, so its copies follow its
// launches once they are queued (Context::settle_room), with no event between queues. Not in the
// room, and queued as always: a timed launch, one with a global offset, of three dimensions, of a
// kernel merged_kernel cannot derive, with the work-group left to the driver where the kernel
// uses work-group functions or __local memory (the driver may choose other groups over one more
// dimension, and the results could differ), or of a context alone in its room.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/opencl.hpp"
#include "generic/kernel_args.hpp"
#include "generic/merged_kernel.hpp"
#include "launch_room.hpp"
#include "launches.hpp"

namespace mqlcl {

struct UserKernel;

// Whether contexts shared from now (mqlcl_context_share) merge their launches: the GPU server's
// where MQLCL_SHARED_GPU_MERGE=1, else off, as in other processes but where the tests set it.
bool launch_merging();
void set_launch_merging(bool on);
// The tests' MQLCL_TEST_MERGE_LAUNCHES above 1: the launch that takes the waiting ones first
// waits (at most two seconds) until `launches` are waiting, so that a test sees a merge on any
// machine (0: never waits).
void set_merge_gather(int launches);

class MergeFamily;
class Context;

// A launch in a room: what it runs, its arguments as they were when it came (their memory held).
struct MergeLaunch : RoomLaunch {
  std::shared_ptr<MergeFamily> family;
  LaunchRange range;
  cl::NDRange global, local;  // as its own launch gives them to the driver (local: null where it chooses)
  int slot = 0;
  std::vector<ArgValue> args;
  std::vector<cl::Memory> held;
};

// Where the launches of the contexts shared from one device context meet (one per device
// context, held by its shares). Each context takes a slot of its own while it lives: its own
// kernel for a launch that meets none (keeping its arguments set from one launch to the next),
// and its order in a merged launch.
class MergeRoom : public LaunchRoom {
 public:
  static constexpr int kSlots = 16;  // the largest merged launch: more launches waiting make more launches
  MergeRoom(const cl::Context& context, const cl::Device& device) : queue_(context, device, 0) {}
  // A free slot (0 .. kSlots - 1), or -1 where none is: that context's launches are never merged.
  int take_slot();
  int contexts() const { return contexts_.load(); }
  // A launch comes: queued now, with what waits, where no thread is queueing; else by the one that
  // is, which takes what waits until nothing does.
  void enter(RoomLaunch* launch) override;
  void settle(const std::vector<std::unique_ptr<RoomLaunch>>& launches) override;
  cl::CommandQueue& queue() override { return queue_; }
  void leave(int slot) override;

 private:
  // Queues rounds while launches wait; called with `lock` held and queueing_ set, which it clears.
  void queue_while_waiting(std::unique_lock<std::mutex>& lock);
  void queue_round(const std::vector<MergeLaunch*>& taken);

  cl::CommandQueue queue_;  // the rounds', in order, and its contexts' plain queue
  std::atomic<int> contexts_{0};
  std::mutex mutex_;  // guards what follows
  std::condition_variable changed_;
  std::vector<MergeLaunch*> waiting_;
  bool queueing_ = false;  // a thread is queueing rounds
  unsigned used_slots_ = 0;
};

// How one kernel of one program is merged: what its source allows, and the kernel derived from
// it for each number of dimensions. Shared by the kernels made from the same source and options
// on one OpenCL context, in any context sharing it.
class MergeFamily {
 public:
  MergeFamily(MergeableKernel shape, std::string options, cl::Context context, cl::Device device, cl::Program program,
              int slots)
      : shape_(std::move(shape)), options_(std::move(options)), context_(std::move(context)), device_(std::move(device)),
        program_(std::move(program)), slots_(slots), solo_(static_cast<size_t>(MergeRoom::kSlots)) {}
  const MergeableKernel& shape() const { return shape_; }
  // The most launches one launch runs (16, fewer where the arguments take more of the device's
  // parameter bytes).
  int slots() const { return slots_; }
  // Whether the derived kernels of `dims` dimensions are built (one per size, 2 .. slots()):
  // built on the first call, false where they do not build or another thread is building them
  // (the tests' gathering waits).
  bool ready(int dims);
  struct Derived {
    cl::Kernel kernel;
    size_t max_work_group = 0;
    size_t preferred = 1;       // the driver's preferred multiple of work-items in a group
    std::vector<ArgValue> set;     // what each argument was last set to (passed Image: never set)
    std::vector<cl::Memory> held;  // its memory, held while set: a slot's arguments stay valid
    cl::Buffer none;               // what a pointer of a slot never used points to
    int slots = 1;                 // a derived kernel's: the launches it runs at most
  };
  // Once ready(dims): the derived kernel of the fewest slots (a power of two) holding `launches`;
  // set and launched by the one thread queueing launches (launch_merging.cpp).
  Derived& derived(int dims, int launches);
  // A slot's launch that meets none of its kind: the program's own kernel, one per room slot (its
  // arguments kept from one launch to the next), made on first use by the thread queueing.
  Derived& solo(int slot);

 private:
  MergeableKernel shape_;
  std::string options_;
  cl::Context context_;
  cl::Device device_;
  cl::Program program_;  // the user's, built from the same source and options
  int slots_;
  std::vector<Derived> solo_;
  std::mutex building_;
  enum State { kNotTried, kBuilt, kFailed };
  std::atomic<int> state_[2] = {{kNotTried}, {kNotTried}};
  Derived derived_[2][4];  // by dimensions, then slots 2, 4, 8, 16
};

// Where a share made while merging is on meets its device context's other shares: the base's
// room (made by the first), and a slot in it.
void join_merge_room(Context& base, Context& share);

// Puts the untimed launch of `k` (its lock and its context's held by the caller, its range
// checked; `global` and `local` as the driver would be given them) in its context's room; its
// serial number in k's context, or 0 where it is not one for the room (the caller queues it as
// always).
uint64_t room_launch(UserKernel& k, const LaunchRange& range, const cl::NDRange& global, const cl::NDRange& local);

}  // namespace mqlcl
