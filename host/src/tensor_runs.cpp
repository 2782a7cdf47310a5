#include "tensor_runs.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

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

double stage_ceiling(int stage, const TensorCeilings& t, double fp32_gflops) {
  if (stage == MQLCL_STAGE_TENSOR_TF32) return t.tf32_gflops;
  if (stage == MQLCL_STAGE_TENSOR_3XTF32) return t.tf32_gflops / 3;
  if (stage == MQLCL_STAGE_TENSOR_FP16) return t.fp16_gflops;
  if (stage == MQLCL_STAGE_TENSOR_3XFP16) return t.fp16_gflops / 3;
  return fp32_gflops;
}

}  // namespace host
