// `peak`: the device's measured copy bandwidth, FP32 / FP64 rates and tensor-core ceilings;
// `profile`: the device profile the GEMM planner predicts from (measured once, then cached).
#include "peak.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "devices.hpp"
#include "tensor_runs.hpp"

namespace host {

double measure_bandwidth(Context& ctx, int device, int megabytes, int* used) {
  if (used) *used = 0;
  if (megabytes <= 0) return 0;
  const long long max_alloc = device_info(device, MQLCL_INFO_MAX_MEM_ALLOC_SIZE);
  const int mb = static_cast<int>(std::min<long long>(megabytes, max_alloc / 3 >> 20));  // source, copy, slack
  if (used) *used = mb;
  if (mb <= 0) return 0;
  const double bw = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_BANDWIDTH, mb);
  check(bw < 0 ? static_cast<int>(bw) : 0, "mqlcl_measure_peak");
  return bw;
}

double measure_fp32(Context& ctx) {
  const double fp = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP32, 0);
  check(fp < 0 ? static_cast<int>(fp) : 0, "mqlcl_measure_peak");
  return fp;
}

void register_peak_command(CLI::App& app, Options& opt) {
  static int megabytes = 64;
  auto* peak = app.add_subcommand("peak", "measure the device's copy bandwidth, FP32 and FP64 rates and tensor-core rates");
  peak->add_option("--megabytes", megabytes, "bytes copied by the bandwidth test")->capture_default_str();
  add_command(peak, [&opt] {
    Context ctx(opt.device);
    const double bw = measure_bandwidth(ctx, opt.device, megabytes);
    const double fp = measure_fp32(ctx);
    fmt::print("{}: copy bandwidth {:.1f} GB/s (read + written), FP32 {:.1f} GFLOP/s\n",
               device_text(opt.device, MQLCL_TEXT_NAME), bw, fp);
    print_tensor_ceilings(measure_tensor_ceilings(ctx));  // tensor_runs.hpp: where the device has tensor cores
    // FP64: the FMA units and the tensor cores (DGEMM's ceilings), each where the device has it.
    const double fp64 = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP64, 0);
    const std::string fp64_why = fp64 < 0 ? last_error(ctx.handle()) : "";
    const double dmma = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_FP64, 0);
    const std::string dmma_why = dmma < 0 ? last_error(ctx.handle()) : "";
    fmt::print("FP64: fma {}, mma.sync {}\n", fp64 < 0 ? "not available (" + fp64_why + ")" : fmt::format("{:.1f} GFLOP/s", fp64),
               dmma < 0 ? "not available (" + dmma_why + ")" : fmt::format("{:.1f} GFLOP/s (register-only chains)", dmma));
    const double fp16 = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_FP16, 0);
    const double int8 = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_INT8, 0);
    if (fp16 > 0) fmt::print("mma.sync FP16 {:.1f} GFLOP/s, INT8 {:.1f} GOP/s (register-only chains)\n", fp16, int8);
    return 0;
  });
}

void register_profile_command(CLI::App& app, Options& opt) {
  auto* p = app.add_subcommand("profile", "the device profile the GEMM planner predicts from (measured once per driver, cached)");
  add_command(p, [&opt] {
    const auto start = std::chrono::steady_clock::now();
    Context ctx(opt.device);
    std::vector<double> v(MQLCL_PROFILE_FIELDS);
    check(lib().mqlcl_device_profile(ctx.handle(), v.data(), MQLCL_PROFILE_FIELDS), "mqlcl_device_profile");
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::u16string buf(16384, u'\0');
    const int n = check(lib().mqlcl_profile_text(ctx.handle(), reinterpret_cast<mqlcl_char*>(&buf[0]), 16384),
                        "mqlcl_profile_text");
    buf.resize(static_cast<size_t>(std::min(n, 16383)));
    fmt::print("{}\n", to_utf8(buf));
    fmt::print("context and profile: {:.1f} ms (of which measuring {:.1f} ms)\n", ms, v[MQLCL_PROFILE_MEASURE_MS]);
    return 0;
  });
}

}  // namespace host
