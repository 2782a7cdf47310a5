#include "simulated_faults.hpp"

#include <climits>

#include "core/env_number.hpp"

namespace mqlcl {

namespace {
int fail_at_from_environment() { return static_cast<int>(env_number("MQLCL_FAIL_LAUNCH", 0, INT_MAX, 0)); }
}  // namespace

SimulatedFaults SimulatedFaults::for_new_context() {
  SimulatedFaults f;
  f.fail_at_ = fail_at_from_environment();
  switch (env_number("MQLCL_FAIL_LAUNCH_LOSES_CONTEXT", 0, 2, 0)) {
    case 1: f.loss_ = std::make_shared<std::atomic<bool>>(false); break;
    case 2: {
      // Never destroyed: contexts may outlive static destruction.
      static const auto* process = new std::shared_ptr<std::atomic<bool>>(std::make_shared<std::atomic<bool>>(false));
      f.loss_ = *process;
      break;
    }
    default: break;
  }
  return f;
}

SimulatedFaults SimulatedFaults::sharing(const SimulatedFaults& base) {
  SimulatedFaults f;
  f.fail_at_ = fail_at_from_environment();
  f.loss_ = base.loss_;
  return f;
}

bool SimulatedFaults::next_launch_fails() {
  const bool fails = fail_at_ != 0 && ++launches_ == fail_at_;
  if (fails && loss_) loss_->store(true);
  return fails;
}

}  // namespace mqlcl
