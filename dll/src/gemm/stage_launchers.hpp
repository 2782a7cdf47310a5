// The launchers of the stages the product's GEMM kernels are (the tuned SGEMM, the tensor-core
// stages): each builds its kernel from the stage's row and its tuned tiles, pads what its
// contract asks, and enqueues the launch. The teaching stages' launchers are the lab's
// (ladder/teaching_launchers.hpp). The operation around a launch (begin/end) is the caller's.
#pragma once
#include "context.hpp"
#include "catalog/stage_registry.hpp"

namespace mqlcl {

struct MatmulJob {
  Context& ctx;
  const Stage& stage;
  size_t M, K, N;  // rows1, colsrows, cols2
  size_t kp;       // K padded to the stage's vector width
  cl::Buffer a, b, c;  // A (padded), B (in the layout the stage reads), C
  int local0, local1;
  int param;       // already resolved: the caller's or the row's default (0 when none)
};

// Launches a stage of family Tuned, Tensor or TensorHalf; MQLCL_ERR_INTERNAL for another.
void launch_gemm_stage(MatmulJob& job);

}  // namespace mqlcl
