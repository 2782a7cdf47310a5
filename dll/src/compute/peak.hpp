// Measured ceilings of a device: copy bandwidth and FP32 rate (kernels/bench/peak.cl).
#pragma once
#include "compute/context.hpp"

namespace mqlcl {
// Bytes read + written per second (GB/s), best of float and float4 copies of `bytes`.
double measure_bandwidth(Context& ctx, size_t bytes);
// FP32 GFLOP/s from long dependent mad() chains.
double measure_fp32(Context& ctx);
}  // namespace mqlcl
