// Contexts whose device runs the tensor-core kernels: natively where it has mma.sync, else
// under an injected H200 profile, so the kernels run with emulated PTX (test_half,
// test_panels).
#pragma once
#include <vector>

#include "support.hpp"

namespace tensor_test {

// The H200 as measured from OpenCL (docs/results-h200.md):
// fp32 fp64 mma_tf32 mma_fp16 mma_bf16 mma_int8 mma_fp64 copy to from to_staged from_staged launch_us
const std::vector<double> kH200 = {59100, 32700, 321000, 643000, 643000, 1280000, 66600, 4250, 10, 10, 50, 50, 8};

// The injected profile where the device lacks mma.sync; with `small_tiles`, blocks of 64 x 64
// on four warps for every tensor-core kernel that is a matmul stage (the emulation's cost).
inline void use_tensor_kernels(int h, bool small_tiles) {
  if (mqlcl_stage_available(t::device(), MQLCL_STAGE_TENSOR_FP16) != 1) {
    EXPECT_EQ(mqlcl_profile_set(h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(h);
  }
  if (!small_tiles) return;
  const int small[7] = {64, 64, 16, 32, 32, 2, 2};
  for (int kernel : t::gemm_kernels()) {
    const bool mma = mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA) == 1;
    if (!mma || mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_STAGE) == 0) continue;
    const int tunable = static_cast<int>(mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
    EXPECT_EQ(mqlcl_tunable_set(h, tunable, small, 7), 7) << "kernel " << kernel << ": " << t::message(h);
  }
}

}  // namespace tensor_test
