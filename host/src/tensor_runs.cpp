#include "tensor_runs.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

#include "gemm_kernels.hpp"
#include "library.hpp"

namespace host {

TensorCeilings measure_tensor_ceilings(Context& ctx) {
  TensorCeilings t;
  t.tf32_gflops = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_TF32, 0);
  if (t.tf32_gflops < 0) {
    t.reason = last_error(ctx.handle());
    t.tf32_gflops = 0;
    return t;
  }
  t.fp16_gflops = std::max(0.0, lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_FP16, 0));
  t.bf16_gflops = std::max(0.0, lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_BF16, 0));
  t.available = true;
  return t;
}

void print_tensor_ceilings(const TensorCeilings& t) {
  if (t.available)
    fmt::print("tensor cores: mma.sync TF32 {:.1f} GFLOP/s, FP16 {:.1f} GFLOP/s, BF16 {:.1f} GFLOP/s (register-only chains)\n",
               t.tf32_gflops, t.fp16_gflops, t.bf16_gflops);
  else
    fmt::print("tensor cores: not available ({})\n", t.reason);
}

namespace {
// The host-measured rate of a profile field (MQLCL_PROFILE_*), GFLOP/s; 0 for one not measured here.
double measured_rate(int profile_field, const TensorCeilings& t, double fp32_gflops) {
  switch (profile_field) {
    case MQLCL_PROFILE_FP32: return fp32_gflops;
    case MQLCL_PROFILE_MMA_TF32: return t.tf32_gflops;
    case MQLCL_PROFILE_MMA_FP16: return t.fp16_gflops;
    case MQLCL_PROFILE_MMA_BF16: return t.bf16_gflops;
    default: return 0;
  }
}
}  // namespace

double stage_ceiling(int stage, const TensorCeilings& t, double fp32_gflops) {
  const int kernel = gemm_kernel_of_stage(stage);
  if (kernel == 0) return fp32_gflops;  // the FP32 units'
  const double rate = measured_rate(static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_CEILING)), t, fp32_gflops);
  return rate / static_cast<double>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_PASSES));
}

}  // namespace host
