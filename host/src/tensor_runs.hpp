// What the host does for the tensor-core stages (30 TF32, 31 3xTF32, 32 FP16, 33 3xFP16)
// beyond the generic ladder: their ceilings (mma.sync TF32/FP16/BF16, only where the device
// has them) and the percentage of the matching ceiling. Used by `peak`, `bench` and
// `tensor-check`.
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

// The ceiling a stage is measured against: that of the GEMM kernel whose code it runs (its
// MQLCL_GEMM_KERNEL_INFO_CEILING rate as measured here, over its _PASSES: the mma.sync TF32
// rate for stage 30, a third of it for 31, ...), else the FP32 rate. 0 where the kernel's
// rate is not one measured here.
double stage_ceiling(int stage, const TensorCeilings& t, double fp32_gflops);

}  // namespace host
