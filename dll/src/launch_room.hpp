// Where a context's launches may wait to run with other contexts' (generic/launch_merging, the
// GPU server's merged launches): what the context knows of it. The context records each launch it
// puts there as its own, and before its own queues' next commands settles them (all queued on the
// room's queue, which is the context's plain queue).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/opencl.hpp"

namespace mqlcl {

class Context;

// One launch in a room (generic/launch_merging adds what it runs).
struct RoomLaunch {
  virtual ~RoomLaunch() = default;
  uint64_t serial = 0;           // in its context
  std::vector<cl::Event> waits;  // its context's profiling queue's commands before it
  bool fails_here = false;       // the tests' simulated fault (simulated_faults.hpp)
  const Context* owner = nullptr;
  // Once queued (done): with how many launches of other contexts as one (batch), and whether
  // that launch was made to fail; or why it could not be queued.
  bool done = false;
  int batch = 1;
  bool failed = false;
  std::string error;
};

class LaunchRoom {
 public:
  virtual ~LaunchRoom() = default;
  // A launch comes (its context's lock held); queued now or by the thread queueing.
  virtual void enter(RoomLaunch* launch) = 0;
  // Returns once every one of `launches` (a context's) is queued.
  virtual void settle(const std::vector<std::unique_ptr<RoomLaunch>>& launches) = 0;
  // The in-order queue its launches run on: its contexts' plain queue too.
  virtual cl::CommandQueue& queue() = 0;
  // A context that held `slot` is gone.
  virtual void leave(int slot) = 0;
};

}  // namespace mqlcl
