#include "measure/peak.hpp"

#include <algorithm>

#include <chrono>
#include <vector>

#include "device/tensor_decision.hpp"

namespace mqlcl {

namespace {
constexpr int kRepeats = 5;  // best of: the first may pay for page faults and clocks

// The best of kRepeats operations, each of which `launch` enqueues.
template <class Launch>
double best_ms(Context& ctx, Launch&& launch) {
  double best = 1e300;
  for (int i = 0; i < kRepeats; ++i) {
    ctx.begin_op();
    launch();
    ctx.end_op();
    best = std::min(best, ctx.last().kernel_ms);
  }
  return best;
}

double best_ms(Context& ctx, cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local = cl::NullRange) {
  return best_ms(ctx, [&] { ctx.launch(k, global, local); });
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
    const size_t items = bytes / (4u * static_cast<size_t>(width));
    const double ms = best_ms(ctx, [&] { ctx.launch_pieces(k, items, 2, false); });
    if (ms > 0) best = std::max(best, 2.0 * static_cast<double>(bytes) / (ms * 1e6));
  }
  return best;
}

namespace {
// GFLOP/s of peak.cl's `kernel`: 8 independent dependent chains of ITERS fma per work-item, in
// T (float or double) or vectors of `width` of them, over enough work-items to fill every
// compute unit.
template <class T>
double fma_chains_rate(Context& ctx, const char* kernel, const char* what, int width) {
  constexpr int iters = 1024, chains = 8;
  const size_t units = ctx.facts().units;
  const size_t items = std::max<size_t>(4096, units * 4096);
  cl::Buffer out = ctx.allocate(items * sizeof(T) * static_cast<size_t>(width), what);
  const char* only = width == 1 ? "" : sizeof(T) == 8 ? " -DFP64_ONLY" : " -DFP32_ONLY";
  cl::Kernel k = ctx.embedded("bench/peak.cl", str("-DITERS=", iters, " -DW=", width, only), kernel);
  k.setArg(0, out);
  k.setArg(1, static_cast<T>(0.999));
  k.setArg(2, static_cast<T>(0.001));
  const double ms = best_ms(ctx, k, cl::NDRange(items));
  return ms > 0 ? 2.0 * iters * chains * width * static_cast<double>(items) / (ms * 1e6) : 0;
}

// The faster of scalar chains and chains of the device's preferred vector (a processor's SIMD
// width, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: 8 floats with AVX2; 1 on GPUs, which then
// measure only the scalar kernel); an FP64 vector holds half as many elements.
template <class T>
double fma_chains_peak(Context& ctx, const char* kernel, const char* what) {
  const unsigned floats = ctx.facts().preferred_float_width;
  int width = 1;
  for (int w : {2, 4, 8, 16})
    if (static_cast<unsigned>(w) * sizeof(T) <= floats * 4u) width = w;
  const double scalar = fma_chains_rate<T>(ctx, kernel, what, 1);
  return width > 1 ? std::max(scalar, fma_chains_rate<T>(ctx, kernel, what, width)) : scalar;
}
}  // namespace

double measure_fp32(Context& ctx) { return fma_chains_peak<float>(ctx, "fma_chains", "the FP32 test's output"); }

double measure_fp64(Context& ctx) {
  if (!ctx.facts().fp64)
    fail(MQLCL_ERR_UNSUPPORTED, "the FP64 ceiling cannot be measured: the device ", ctx.facts().name,
         " has no cl_khr_fp64 (no FP64 arithmetic)");
  return fma_chains_peak<double>(ctx, "fma_chains_fp64", "the FP64 test's output");
}

double measure_mma_fp64(Context& ctx, int shape) {
  const TensorSupport support = tensor_support(ctx.facts());
  if (!support.available) fail(MQLCL_ERR_UNSUPPORTED, "the mma.sync ceilings cannot be measured: ", support.reason);
  const DmmaShape* found = find_dmma_shape(shape);
  if (!found) fail(MQLCL_ERR_ARGUMENT, "FP64 mma shape ", shape, " does not exist");
  const double flop_per_mma = 2.0 * found->m * found->n * found->k;  // per warp
  if (!dmma_shape_available(support, shape))
    fail(MQLCL_ERR_UNSUPPORTED, "the FP64 mma shape ", shape, " needs compute capability >= 9.0");
  constexpr int iters = 1024, chains = 8, warp = 32;
  const size_t units = ctx.facts().units;
  const size_t local = 256, items = units * 8 * local;  // 8 work-groups of 8 warps per SM
  cl::Buffer out = ctx.allocate(items * 8, "the mma test's output");
  cl::Kernel k = ctx.embedded("bench/peak_mma.cl", str("-DITERS=", iters, " -DF64_SHAPE=", shape), "mma_f64_peak");
  k.setArg(0, out);
  k.setArg(1, 1.0);
  const double ms = best_ms(ctx, k, cl::NDRange(items), cl::NDRange(local));
  return ms > 0 ? flop_per_mma * iters * chains * static_cast<double>(items) / warp / (ms * 1e6) : 0;
}

double measure_mma_fp64(Context& ctx) {
  const TensorSupport support = tensor_support(ctx.facts());
  if (!support.available) fail(MQLCL_ERR_UNSUPPORTED, "the mma.sync ceilings cannot be measured: ", support.reason);
  double best = 0;
  for (const DmmaShape& s : kDmmaShapes)
    if (dmma_shape_available(support, s.code)) best = std::max(best, measure_mma_fp64(ctx, s.code));
  return best;
}

double measure_mma(Context& ctx, MmaInput input) {
  const TensorSupport support = tensor_support(ctx.facts());
  if (!support.available) fail(MQLCL_ERR_UNSUPPORTED, "the mma.sync ceilings cannot be measured: ", support.reason);
  constexpr int iters = 4096, chains = 8, warp = 32;
  // Per warp: m16n8k8 tf32, m16n8k16 f16/bf16, m16n8k32 s8.
  const double flop_per_mma = input == MmaInput::Tf32 ? 2048.0 : input == MmaInput::Int8 ? 8192.0 : 4096.0;
  const char* kernel = input == MmaInput::Tf32   ? "mma_tf32_peak"
                       : input == MmaInput::Fp16 ? "mma_fp16_peak"
                       : input == MmaInput::Bf16 ? "mma_bf16_peak"
                                                 : "mma_int8_peak";
  const size_t units = ctx.facts().units;
  const size_t local = 256, items = units * 8 * local;  // 8 work-groups of 8 warps per SM
  cl::Buffer out = ctx.allocate(items * 4, "the mma test's output");
  cl::Kernel k = ctx.embedded("bench/peak_mma.cl", str("-DITERS=", iters), kernel);
  k.setArg(0, out);
  k.setArg(1, 1.0f);
  const double ms = best_ms(ctx, k, cl::NDRange(items), cl::NDRange(local));
  return ms > 0 ? flop_per_mma * iters * chains * static_cast<double>(items) / warp / (ms * 1e6) : 0;
}

double measure_launch_us(Context& ctx) {
  cl::Buffer out = ctx.allocate(64, "the launch probe's output");
  cl::Kernel k = ctx.embedded("bench/peak.cl", "", "launch_probe");
  k.setArg(0, out);
  ctx.queue().finish();
  std::vector<double> us;
  for (int i = 0; i < 9; ++i) {
    const auto start = std::chrono::steady_clock::now();
    ctx.queue().enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(64), cl::NullRange);
    ctx.queue().finish();
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(us.begin(), us.end());
  return us[us.size() / 2];
}

}  // namespace mqlcl
