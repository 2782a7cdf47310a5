// A context's user-kernel launches that were queued and not yet waited for (mqlcl_enqueue,
// the terminal's CLExecute): what each keeps alive, the event that says how it ended, and
// the failures the device reported that no call has returned yet.
#pragma once
#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/opencl.hpp"

namespace mqlcl {

// What a launch holds until it completes, so that freeing the kernel, its program or a bound
// buffer while the launch is queued is safe on any driver; and the kernel's name for messages.
// Shared by every launch made with the same bindings (rebuilt when an argument changes).
struct LaunchSubject {
  std::string kernel_name;
  cl::Kernel kernel;
  std::vector<cl::Memory> memory;
};

// The sizes of one launch, as the caller gave them (local all 0: the driver chose).
struct LaunchRange {
  int dims = 1;
  size_t global[3] = {1, 1, 1}, offset[3] = {0, 0, 0}, local[3] = {0, 0, 0};
};

// "kernel "k" over 1024 x 8 (local 64 x 1)"
std::string describe_launch(const LaunchSubject& s, const LaunchRange& r);

class LaunchesInFlight {
 public:
  void add(cl::Event done, std::shared_ptr<const LaunchSubject> subject, const LaunchRange& range);
  // After the queue completed every command (a finish, or a blocking copy on the in-order
  // queue): each launch's end read, the failed ones noted, the list emptied.
  void settle();
  // A wait itself failed (drivers report a kernel's fault on the next call that waits): the
  // launches are settled as far as their events say, so that the failure names the launch.
  void settle_after(const std::string& failed_wait);
  // Throws MQLCL_ERR_LAUNCH with the first failure not returned yet (then forgotten).
  void throw_failure();
  // The failure of the launch whose event is `done` (its status is negative), noted if it
  // was not yet, then forgotten: the status call returns it. Empty when returned before.
  std::string take_failure_of(const cl::Event& done, cl_int status);
  bool empty() const { return launches_.empty() && failures_.empty(); }

 private:
  struct Launch {
    cl::Event done;
    std::shared_ptr<const LaunchSubject> subject;
    LaunchRange range;
  };
  struct Failure {
    cl::Event done;
    std::string message;
  };
  void note(const Launch& l, cl_int status, const std::string& why);
  void forget_completed_front();

  std::deque<Launch> launches_;
  std::vector<Failure> failures_;
  size_t dropped_failures_ = 0;  // beyond the ones kept with their messages
};

}  // namespace mqlcl
