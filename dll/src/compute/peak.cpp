#include "compute/peak.hpp"

#include <algorithm>

namespace mqlcl {

namespace {
constexpr int kRepeats = 5;  // best of: the first may pay for page faults and clocks

double best_ms(Context& ctx, cl::Kernel& k, const cl::NDRange& global) {
  double best = 1e300;
  for (int i = 0; i < kRepeats; ++i) {
    ctx.begin_op();
    ctx.launch(k, global, cl::NullRange);
    ctx.end_op();
    best = std::min(best, ctx.last().kernel_ms);
  }
  return best;
}
}  // namespace

double measure_bandwidth(Context& ctx, size_t bytes) {
  // The copy holds two buffers of `bytes`: each must be one allocation the device allows and
  // both must fit its memory. A larger request is refused, not shrunk: the caller would report
  // a figure for a size that was never measured.
  const DeviceFacts& f = ctx.facts();
  const unsigned long long limit = std::min<unsigned long long>(f.max_alloc, f.global_mem / 2);
  if (bytes > limit)
    fail(MQLCL_ERR_MEMORY, "the copy test needs two buffers of ", bytes >> 20, " MB; this device allows at most ",
         limit >> 20, " MB each (the smaller of CL_DEVICE_MAX_MEM_ALLOC_SIZE = ",
         static_cast<unsigned long long>(f.max_alloc), " bytes and half of CL_DEVICE_GLOBAL_MEM_SIZE = ",
         static_cast<unsigned long long>(f.global_mem), " bytes)");
  bytes = bytes / 64 * 64;
  if (bytes < 64) fail(MQLCL_ERR_ARGUMENT, "the copy needs at least 64 bytes");
  cl::Buffer in = ctx.allocate(bytes, "the bandwidth test's input");
  cl::Buffer out = ctx.allocate(bytes, "the bandwidth test's output");
  ctx.fill(in, 1.0f, bytes / 4);
  ctx.fill(out, 0.0f, bytes / 4);
  double best = 0;
  for (int width : {1, 4}) {
    cl::Kernel k = ctx.embedded("bench/peak.cl", "", width == 1 ? "copy_float" : "copy_float4");
    k.setArg(0, in);
    k.setArg(1, out);
    const double ms = best_ms(ctx, k, cl::NDRange(bytes / (4u * static_cast<size_t>(width))));
    if (ms > 0) best = std::max(best, 2.0 * static_cast<double>(bytes) / (ms * 1e6));
  }
  return best;
}

double measure_fp32(Context& ctx) {
  constexpr int iters = 1024, chains = 8;
  cl::Device& d = ctx.device();
  const size_t units = d.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  const size_t items = std::max<size_t>(4096, units * 4096);
  cl::Buffer out = ctx.allocate(items * 4, "the FP32 test's output");
  cl::Kernel k = ctx.embedded("bench/peak.cl", str("-DITERS=", iters), "fma_chains");
  k.setArg(0, out);
  k.setArg(1, 0.999f);
  k.setArg(2, 0.001f);
  const double ms = best_ms(ctx, k, cl::NDRange(items));
  return ms > 0 ? 2.0 * iters * chains * static_cast<double>(items) / (ms * 1e6) : 0;
}

}  // namespace mqlcl
