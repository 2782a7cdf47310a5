// Measured ceilings of a device: copy bandwidth, FP32 rate (kernels/bench/peak.cl) and
// the tensor cores' mma.sync rates (kernels/bench/peak_mma.cl), FP64 ones included.
#pragma once
#include "context.hpp"

namespace mqlcl {
// Bytes read + written per second (GB/s), best of float and float4 copies of `bytes`.
double measure_bandwidth(Context& ctx, size_t bytes);
// FP32 GFLOP/s from long dependent mad() chains, scalar or of the device's preferred vector.
double measure_fp32(Context& ctx);
// Tensor-core GFLOP/s (GOP/s for INT8) from register-only mma.sync chains
// (kernels/bench/peak_mma.cl); MQLCL_ERR_UNSUPPORTED with the reason where the device has no
// mma.sync.
enum class MmaInput { Tf32, Fp16, Bf16, Int8 };
double measure_mma(Context& ctx, MmaInput input);
// FP64 GFLOP/s from dependent fma() chains; MQLCL_ERR_UNSUPPORTED without cl_khr_fp64.
double measure_fp64(Context& ctx);
// FP64 tensor-core GFLOP/s of register-only mma.sync .f64 chains of one shape (DmmaShape::code),
// or the best of the shapes the device has (tensor_decision's rule).
double measure_mma_fp64(Context& ctx, int shape);
double measure_mma_fp64(Context& ctx);
// Microseconds of an empty kernel's launch and wait (the median of a few).
double measure_launch_us(Context& ctx);
}  // namespace mqlcl
