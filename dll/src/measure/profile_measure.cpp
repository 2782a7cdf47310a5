#include "measure/profile_measure.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/error.hpp"
#include "device/tensor_decision.hpp"
#include "measure/peak.hpp"
#include "tuning/profile_cache.hpp"

namespace mqlcl {

namespace {

double since_ms(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

// Host <-> device GB/s of `bytes`, the best of 3: pageable (a blocking read or write from a
// std::vector) or through the context's transfers (the GEMM's path).
double transfer_rate(Context& ctx, size_t bytes, bool to_device, bool staged) {
  std::vector<char> host(bytes, 1);
  cl::Buffer dev = ctx.allocate(bytes, "the transfer test's buffer");
  double best = 1e300;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    if (staged) {
      const RowCopy copy{host.data(), 1, bytes, bytes, &dev};
      (to_device ? ctx.uploads() : ctx.downloads()).run(&copy, 1);
    } else if (to_device) {
      ctx.queue().enqueueWriteBuffer(dev, CL_TRUE, 0, bytes, host.data());
    } else {
      ctx.queue().enqueueReadBuffer(dev, CL_TRUE, 0, bytes, host.data());
    }
    best = std::min(best, since_ms(start));
  }
  return best > 0 ? static_cast<double>(bytes) / (best * 1e6) : 0;
}

// Measures every ceiling the device has (0 for the others) on the context; sets
// MQLCL_PROFILE_MEASURE_MS and counts the measurement.
DeviceProfile measure_profile(Context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const DeviceFacts& f = ctx.facts();
  DeviceProfile p;
  const bool cpu = is_cpu(f);
  p.v[MQLCL_PROFILE_FP32] = measure_fp32(ctx);
  if (f.fp64) p.v[MQLCL_PROFILE_FP64] = measure_fp64(ctx);
  if (tensor_support(f).available) {
    p.v[MQLCL_PROFILE_MMA_TF32] = measure_mma(ctx, MmaInput::Tf32);
    p.v[MQLCL_PROFILE_MMA_FP16] = measure_mma(ctx, MmaInput::Fp16);
    p.v[MQLCL_PROFILE_MMA_BF16] = measure_mma(ctx, MmaInput::Bf16);
    p.v[MQLCL_PROFILE_MMA_INT8] = measure_mma(ctx, MmaInput::Int8);
    if (f.fp64) p.v[MQLCL_PROFILE_MMA_FP64] = measure_mma_fp64(ctx, dgemm_tensor_shape(f));
  }
  // Large enough to pass caches and launch costs, small enough for the time budget.
  const unsigned long long room = std::min<unsigned long long>(f.max_alloc, f.global_mem / 4);
  const size_t copy_bytes = static_cast<size_t>(std::min<unsigned long long>(cpu ? 16ull << 20 : 256ull << 20, room));
  const size_t transfer_bytes = static_cast<size_t>(std::min<unsigned long long>(cpu ? 8ull << 20 : 64ull << 20, room));
  p.v[MQLCL_PROFILE_COPY] = measure_bandwidth(ctx, copy_bytes);
  p.v[MQLCL_PROFILE_TO_DEVICE] = transfer_rate(ctx, transfer_bytes, true, false);
  p.v[MQLCL_PROFILE_FROM_DEVICE] = transfer_rate(ctx, transfer_bytes, false, false);
  p.v[MQLCL_PROFILE_TO_DEVICE_STAGED] = transfer_rate(ctx, transfer_bytes, true, true);
  p.v[MQLCL_PROFILE_FROM_DEVICE_STAGED] = transfer_rate(ctx, transfer_bytes, false, true);
  p.v[MQLCL_PROFILE_LAUNCH_US] = std::max(0.1, measure_launch_us(ctx));
  p.v[MQLCL_PROFILE_MEASURE_MS] = since_ms(start);
  p.v[MQLCL_PROFILE_SOURCE] = MQLCL_PROFILE_MEASURED;
  p.v[MQLCL_PROFILE_MEASUREMENTS] = count_profile_measurement();
  return p;
}

}  // namespace

const DeviceProfile& measured_profile(Context& ctx) {
  if (!ctx.has_profile()) ctx.keep_profile(cached_or_measured_profile(ctx.facts(), [&] { return measure_profile(ctx); }));
  return ctx.profile();
}

}  // namespace mqlcl
