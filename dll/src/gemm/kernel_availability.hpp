// Whether a GEMM kernel (and so the tensor-core stages, which run the same code) can run on a
// context: the device (mma.sync, FP64), a set profile's rates, its tuned tiles. The planner
// and the stage ladder ask the same question here.
#pragma once
#include <string>

#include "catalog/gemm_kernels.hpp"
#include "context.hpp"

namespace mqlcl {

// Why the kernel cannot run on the context's device, or empty. Never measures the profile.
std::string gemm_kernel_unavailable(Context& ctx, const GemmKernel& k);

}  // namespace mqlcl
