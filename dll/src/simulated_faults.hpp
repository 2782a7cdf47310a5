// The faults the tests make a context's launches have, so that the library's handling of a
// device fault is tested where no kernel can be made to fault (mqlcl_test_control in mqlcl.h):
// the Nth launch of a caller's kernel from now reported failed once it completes, as NVIDIA's
// driver reports a faulted kernel; that fault losing the OpenCL context (every context sharing
// it) or every context of the process, as NVIDIA's driver fails the process's calls on the
// device after one. Set by the tests alone; a context's faults are none until then.
#pragma once
#include <atomic>
#include <memory>
#include <utility>

namespace mqlcl {

class SimulatedFaults {
 public:
  // A context on an OpenCL context of its own.
  SimulatedFaults() : context_lost_(std::make_shared<std::atomic<bool>>(false)) {}
  // A context sharing `base`'s OpenCL context: lost with it, no failing launch of its own.
  static SimulatedFaults sharing(const SimulatedFaults& base);
  // The `nth` launch from now fails (0: none).
  void fail_launch(int nth) { fail_at_ = nth == 0 ? 0 : launches_ + nth; }
  // What the failing launch loses: 0 nothing, 1 the OpenCL context, 2 the process's contexts.
  void set_loss(int scope) { loses_ = scope; }
  // Counts a caller's launch; true for the one made to fail (whose loss then happens).
  bool next_launch_fails();
  // Whether a simulated fault has lost this context.
  bool lost() const;

 private:
  long long fail_at_ = 0, launches_ = 0;
  int loses_ = 0;
  std::shared_ptr<std::atomic<bool>> context_lost_;  // one per OpenCL context
  explicit SimulatedFaults(std::shared_ptr<std::atomic<bool>> lost) : context_lost_(std::move(lost)) {}
};

}  // namespace mqlcl
