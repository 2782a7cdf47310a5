#include "timing.hpp"

namespace mqlcl {

double event_ms(const cl::Event& e) {
  const cl_ulong start = e.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const cl_ulong end = e.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return end > start ? static_cast<double>(end - start) * 1e-6 : 0.0;
}

void OperationEvents::clear() {
  kernel_.clear();
  convert_.clear();
}

cl::Event* OperationEvents::kernel() {
  kernel_.emplace_back();
  return &kernel_.back();
}

cl::Event* OperationEvents::convert() {
  convert_.emplace_back();
  return &convert_.back();
}

void OperationEvents::sum_into(OperationFigures& out) {
  out.kernel_ms = 0;
  out.convert_ms = 0;
  for (auto& e : kernel_) out.kernel_ms += event_ms(e);
  for (auto& e : convert_) out.convert_ms += event_ms(e);
  out.launches = static_cast<int>(kernel_.size());
  clear();
}

void TotalClock::start() {
  if (running_) return;
  running_ = true;
  start_ = std::chrono::steady_clock::now();
  build_ms_ = 0;
}

bool TotalClock::stop(double& total_ms) {
  if (!running_) return false;
  running_ = false;
  total_ms = ms_since(start_) - build_ms_;
  return true;
}

}  // namespace mqlcl
