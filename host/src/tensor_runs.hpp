// What the host does for the tensor-core stages (30 TF32, 31 3xTF32, 32 FP16, 33 3xFP16)
// beyond the generic ladder: their ceilings (mma.sync TF32/FP16/BF16, only where the device
// has them), the accuracy
// check of a stage by its precision class (a TF32 stage is not held to FP32's tolerance), and
// the percentage of the matching ceiling. Used by `peak`, `bench` and `tensor-check`.
#pragma once
#include <random>
#include <string>
#include <vector>

#include "context.hpp"
#include "matrices.hpp"

namespace host {

struct TensorCeilings {
  bool available = false;
  double tf32_gflops = 0, fp16_gflops = 0, bf16_gflops = 0;
  std::string reason;  // the library's message where not available
};
TensorCeilings measure_tensor_ceilings(Context& ctx);
// "tensor cores: mma.sync TF32 ... GFLOP/s, BF16 ..." or "tensor cores: not available (why)".
void print_tensor_ceilings(const TensorCeilings& t);

// The ceiling a stage is measured against: the mma.sync TF32 rate for stage 30, a third of
// it for 31 (three products), the FP16 rate for 32, a third of it for 33, else the FP32 rate.
double stage_ceiling(int stage, const TensorCeilings& t, double fp32_gflops);

struct AccuracyCheck {
  int checked = 0, not_finite = 0;
  double err_max_ref = 0;  // max |c - ref| / max |ref| over the checked elements
  double err_scale = 0;    // max |c - ref| / sum_k |a_ik b_kj|
  double limit = 0;        // the pass criterion on err_max_ref for the stage's precision
  bool ok() const { return checked > 0 && not_finite == 0 && err_max_ref <= limit; }
};
// `samples` random elements (all when samples <= 0) against a double product, and every
// element of C scanned for NaN/Inf (C poisoned before the run: unwritten elements show).
// Limits: TF32 5e-3, FP32 on tensor cores 5e-6, FP32 1e-5 (err / max |ref|).
AccuracyCheck check_stage_accuracy(int stage, const std::vector<float>& a, const std::vector<float>& b,
                                   const std::vector<float>& c, const Shape& s, int samples, std::mt19937& rng);

}  // namespace host
