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

AccuracyCheck check_stage_accuracy(int stage, const std::vector<float>& a, const std::vector<float>& b,
                                   const std::vector<float>& c, const Shape& s, int samples, std::mt19937& rng) {
  AccuracyCheck r;
  const long long precision = lib().mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION);
  r.limit = precision == MQLCL_PRECISION_TF32 ? 5e-3 : precision == MQLCL_PRECISION_FP32_TENSOR ? 5e-6 : 1e-5;
  for (float v : c) r.not_finite += !std::isfinite(v);
  double max_err = 0, max_ref = 0;
  auto one = [&](int i, int j) {
    double ref = 0, scale = 0;
    for (int k = 0; k < s.colsrows; ++k) {
      const double p = static_cast<double>(a[static_cast<size_t>(i) * s.colsrows + k]) * b[static_cast<size_t>(k) * s.cols2 + j];
      ref += p;
      scale += std::fabs(p);
    }
    const double got = c[static_cast<size_t>(i) * s.cols2 + j];
    const double err = std::isfinite(got) ? std::fabs(got - ref) : INFINITY;
    max_err = std::max(max_err, err);
    max_ref = std::max(max_ref, std::fabs(ref));
    r.err_scale = std::max(r.err_scale, err / (scale + 1e-30));
    ++r.checked;
  };
  if (samples <= 0) {
    for (int i = 0; i < s.rows1; ++i)
      for (int j = 0; j < s.cols2; ++j) one(i, j);
  } else {
    std::uniform_int_distribution<int> ui(0, s.rows1 - 1), uj(0, s.cols2 - 1);
    for (int n = 0; n < samples; ++n) one(ui(rng), uj(rng));
  }
  r.err_max_ref = max_err / (max_ref + 1e-30);
  return r;
}

}  // namespace host
