// The test hooks that make a device fault on any driver, so that the library's handling of one
// is tested where no kernel can be made to fault (docs/ABI.md, "Environment variables"):
// $MQLCL_FAIL_LAUNCH = N reports a context's Nth launch of a caller's kernel failed once it
// completes, as NVIDIA's driver reports a faulted kernel; $MQLCL_FAIL_LAUNCH_LOSES_CONTEXT = 1
// makes that fault lose every context on the same OpenCL context too, 2 every context of the
// process, made before or after (as NVIDIA's driver, after a fault, fails the process's calls
// on that device). Read when a context is made; without them a context's hooks do nothing.
#pragma once
#include <atomic>
#include <memory>

namespace mqlcl {

class SimulatedFaults {
 public:
  // A context on a new OpenCL context.
  static SimulatedFaults for_new_context();
  // A context sharing `base`'s OpenCL context: the same loss, its own count of launches.
  static SimulatedFaults sharing(const SimulatedFaults& base);
  // Counts a caller's launch; true for the one made to fail (whose context is then lost, where
  // the loss is simulated).
  bool next_launch_fails();
  // Whether a simulated fault has lost this context.
  bool lost() const { return loss_ && loss_->load(); }

 private:
  int fail_at_ = 0, launches_ = 0;
  std::shared_ptr<std::atomic<bool>> loss_;  // shared as described above; null without it
};

}  // namespace mqlcl
