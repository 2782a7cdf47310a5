// `dia`: the DIA SpMV steps (exercise 000 and the AMD case study 004) with the roofline
// bound of each; `transpose`: the local-memory transpose (exercise 000); `peak`: the
// device's measured bandwidth and FP32 rate.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "commands.hpp"
#include "devices.hpp"
#include "context.hpp"
#include "dia_matrices.hpp"
#include "tensor_runs.hpp"
#include "timing.hpp"

namespace host {

namespace {
struct DiaArgs {
  std::string kind = "laplace3d";
  int rows = 1 << 20;
  int diags = 7;
  int local = 0;
  int repeat = 5;
  std::string tsize = "2048,2048";
  int tile = 16;
  int megabytes = 64;
  std::string steps = "1,2,3,4,5";
};

// 0 megabytes: not measured (0 GB/s), for slow simulators such as oclgrind.
double measured_bandwidth(Context& ctx, int megabytes) {
  if (megabytes == 0) return 0;
  const double bw = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_BANDWIDTH, megabytes);
  check(bw < 0 ? static_cast<int>(bw) : 0, "mqlcl_measure_peak");
  return bw;
}

// Best kernel time of `repeat` runs of `op` after a warm-up.
template <class Op>
double best_kernel_ms(Context& ctx, int repeat, Op op) {
  const std::vector<double> t = kernel_times(ctx, repeat, 1e300, op);
  return *std::min_element(t.begin(), t.end());
}
}  // namespace

void register_dia_transpose_commands(CLI::App& app, Options& opt) {
  static DiaArgs a;
  auto* peak = app.add_subcommand("peak", "measure the device's copy bandwidth and FP32 rate");
  peak->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth test")->capture_default_str();
  add_command(peak, [&opt] {
    Context ctx(opt.device);
    const double bw = measured_bandwidth(ctx, a.megabytes);
    const double fp = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP32, 0);
    fmt::print("{}: copy bandwidth {:.1f} GB/s (read + written), FP32 {:.1f} GFLOP/s\n",
               device_text(opt.device, MQLCL_TEXT_NAME), bw, fp);
    print_tensor_ceilings(measure_tensor_ceilings(ctx));  // tensor_runs.hpp
    return 0;
  });

  auto* dia = app.add_subcommand("dia", "DIA sparse matrix-vector product: steps 1-5 with their roofline bounds");
  dia->add_option("--kind", a.kind, "tridiagonal, laplace2d, laplace3d, band, extremes, wide")->capture_default_str();
  dia->add_option("--rows", a.rows, "matrix rows")->capture_default_str();
  dia->add_option("--diags", a.diags, "diagonals (band, wide)")->capture_default_str();
  dia->add_option("--local", a.local, "work-group size (0: the driver chooses)")->capture_default_str();
  dia->add_option("--repeat", a.repeat, "runs per step, the best is kept")->capture_default_str();
  dia->add_option("--steps", a.steps, "steps to run, comma-separated")->capture_default_str();
  dia->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement (0: skip it)")->capture_default_str();
  add_command(dia, [&opt] {
    std::mt19937 rng(opt.seed);
    const DiaMatrix m = make_dia(a.kind, a.rows, a.diags, rng);
    std::uniform_real_distribution<float> u(-0.5f, 0.5f);
    std::vector<float> x(static_cast<size_t>(m.rows));
    for (auto& v : x) v = u(rng);
    const std::vector<double> exact = dia_reference(m, x);
    Context ctx(opt.device);
    const double bw = measured_bandwidth(ctx, a.megabytes);
    ctx.upload(MQLCL_SLOT_DIA_VALUES, m.values);
    ctx.upload(MQLCL_SLOT_DIA_OFFSETS, m.offsets);
    ctx.upload(MQLCL_SLOT_X, x);
    // Bytes that must move: every stored matrix entry once, y once, and x once when it is
    // cached (every diagonal again when it is not).
    const double n = m.rows, nd = m.diags();
    const double bytes_cached = 4.0 * (nd * n + 2.0 * n), bytes_uncached = 4.0 * (2.0 * nd * n + n);
    const double flops = 2.0 * static_cast<double>(m.nonzeros());
    fmt::print("DIA SpMV on {}: {} matrix, {} rows, {} diagonals, {} nonzeros; measured copy bandwidth {:.1f} GB/s\n",
               device_text(opt.device, MQLCL_TEXT_NAME), m.kind, m.rows, m.diags(), m.nonzeros(), bw);
    fmt::print("roofline: x cached {:.3f} ms ({:.2f} GFLOP/s), x not cached {:.3f} ms ({:.2f} GFLOP/s)\n",
               bytes_cached / (bw * 1e6), flops / bytes_cached * bw, bytes_uncached / (bw * 1e6), flops / bytes_uncached * bw);
    fmt::print("{:>4} | {:<34} | {:>10} | {:>8} | {:>9} | {:>12} | {}\n", "step", "what", "kernel ms", "GFLOP/s", "GB/s",
               "% bandwidth", "result");
    const char* names[] = {"", "naive", "rows padded to an aligned pitch", "offsets in __local memory",
                           "float4: four rows per work-item", "x read through an image"};
    bool wrong = false;
    for (int step : parse_ints(a.steps, static_cast<size_t>(std::count(a.steps.begin(), a.steps.end(), ',') + 1), "--steps")) {
      if (step < 1 || step > 5) throw std::runtime_error("--steps: steps are 1 .. 5");
      int rc = 0;
      const double ms = best_kernel_ms(ctx, a.repeat, [&] {
        rc = lib().mqlcl_dia_spmv(ctx.handle(), step, m.rows, m.diags(), a.local);
      });
      if (rc < 0) {
        fmt::print("{:>4} | {:<34} | refused: {}\n", step, names[step], last_error(0));
        continue;
      }
      const std::vector<float> y = ctx.read(MQLCL_SLOT_Y, static_cast<size_t>(m.rows));
      int bad = 0;
      for (int r = 0; r < m.rows; ++r) {
        double scale = 0;
        for (int d = 0; d < m.diags(); ++d) {
          const int col = r + m.offsets[static_cast<size_t>(d)];
          if (col >= 0 && col < m.rows)
            scale += std::fabs(m.values[static_cast<size_t>(d) * m.rows + r] * x[static_cast<size_t>(col)]);
        }
        const double err = std::fabs(y[static_cast<size_t>(r)] - exact[static_cast<size_t>(r)]);
        if (!std::isfinite(y[static_cast<size_t>(r)]) || err > 4 * 1.2e-7 * m.diags() * scale + 1e-6) ++bad;
      }
      wrong |= bad > 0;
      const double gbs = bytes_cached / (ms * 1e6);
      fmt::print("{:>4} | {:<34} | {:>10.4f} | {:>8.2f} | {:>9.1f} | {:>11.1f}% | {}\n", step, names[step], ms,
                 flops / (ms * 1e6), gbs, bw > 0 ? 100.0 * gbs / bw : 0.0, bad ? fmt::format("WRONG: {} rows", bad) : "OK");
    }
    fmt::print("GB/s counts the bytes that must move (x cached); % bandwidth is against the measured copy rate.\n");
    return wrong ? 1 : 0;
  });

  auto* tr = app.add_subcommand("transpose", "b[y][x] = a[x][y]: from global memory, through a __local tile, padded tile");
  tr->add_option("--size", a.tsize, "ROWS,COLS of a")->capture_default_str();
  tr->add_option("--tile", a.tile, "tile edge")->capture_default_str();
  tr->add_option("--repeat", a.repeat, "runs per variant, the best is kept")->capture_default_str();
  tr->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement (0: skip it)")->capture_default_str();
  add_command(tr, [&opt] {
    const auto sz = parse_ints(a.tsize, 2, "--size");
    const int rows = sz[0], cols = sz[1];
    std::mt19937 rng(opt.seed);
    std::uniform_real_distribution<float> u(-1, 1);
    std::vector<float> in(static_cast<size_t>(rows) * cols);
    for (auto& v : in) v = u(rng);
    Context ctx(opt.device);
    const double bw = measured_bandwidth(ctx, a.megabytes);
    ctx.upload(MQLCL_SLOT_A, in);
    const double bytes = 8.0 * rows * static_cast<double>(cols);
    fmt::print("transpose {} x {} on {}; measured copy bandwidth {:.1f} GB/s\n", rows, cols,
               device_text(opt.device, MQLCL_TEXT_NAME), bw);
    fmt::print("{:>7} | {:<30} | {:>10} | {:>9} | {:>11} | {}\n", "variant", "what", "kernel ms", "GB/s", "% of copy",
               "result");
    const char* names[] = {"", "straight from global memory", "through a __local tile", "padded __local tile"};
    bool wrong = false;
    for (int v = 1; v <= 3; ++v) {
      int rc = 0;
      const double ms = best_kernel_ms(ctx, a.repeat, [&] { rc = lib().mqlcl_transpose(ctx.handle(), v, rows, cols, a.tile); });
      if (rc < 0) {
        fmt::print("{:>7} | {:<30} | refused: {}\n", v, names[v], last_error(0));
        continue;
      }
      const std::vector<float> out = ctx.read(MQLCL_SLOT_C, in.size());
      long long bad = 0;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          bad += out[static_cast<size_t>(c) * rows + r] != in[static_cast<size_t>(r) * cols + c];
      wrong |= bad > 0;
      const double gbs = bytes / (ms * 1e6);
      fmt::print("{:>7} | {:<30} | {:>10.4f} | {:>9.1f} | {:>10.1f}% | {}\n", v, names[v], ms, gbs, bw > 0 ? 100.0 * gbs / bw : 0.0,
                 bad ? fmt::format("WRONG: {} elements", bad) : "OK");
    }
    return wrong ? 1 : 0;
  });
}

}  // namespace host
