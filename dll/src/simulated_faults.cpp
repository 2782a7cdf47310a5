#include "simulated_faults.hpp"

namespace mqlcl {

namespace {
// Set by a fault that loses the process's contexts; a plain atomic (no destructor), so a
// context may ask after static destruction.
std::atomic<bool> g_process_lost{false};
}  // namespace

SimulatedFaults SimulatedFaults::sharing(const SimulatedFaults& base) { return SimulatedFaults(base.context_lost_); }

bool SimulatedFaults::next_launch_fails() {
  const bool fails = fail_at_ != 0 && ++launches_ == fail_at_;
  if (fails && loses_ == 1) context_lost_->store(true);
  if (fails && loses_ == 2) g_process_lost.store(true);
  return fails;
}

bool SimulatedFaults::lost() const { return g_process_lost.load() || context_lost_->load(); }

}  // namespace mqlcl
