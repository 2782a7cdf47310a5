// `dia`: the DIA SpMV steps with the roofline bound of each.
#include "dia.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "devices.hpp"
#include "peak.hpp"

namespace host {

const char* dia_step_name(int step) {
  static const char* const names[] = {"naive", "aligned pitch", "offsets in __local", "float4 per work-item",
                                      "x through an image"};
  return step >= 1 && step <= kDiaSteps ? names[step - 1] : "?";
}

DiaProblem make_dia_problem(const std::string& kind, int rows, int diags, unsigned seed) {
  std::mt19937 rng(seed);
  DiaProblem p;
  p.m = make_dia(kind, rows, diags, rng);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  p.x.resize(static_cast<size_t>(p.m.rows));
  for (auto& v : p.x) v = u(rng);
  p.exact = dia_reference(p.m, p.x);
  return p;
}

void upload_dia_problem(Context& ctx, const DiaProblem& p) {
  ctx.upload(MQLCL_SLOT_DIA_VALUES, p.m.values);
  ctx.upload(MQLCL_SLOT_DIA_OFFSETS, p.m.offsets);
  ctx.upload(MQLCL_SLOT_X, p.x);
}

namespace {
// Rows of y outside the float bound of their sum: 4 ulp per term of sum |a x|.
long long wrong_rows(const DiaProblem& p, const std::vector<float>& y) {
  const DiaMatrix& m = p.m;
  long long bad = 0;
  for (int r = 0; r < m.rows; ++r) {
    double scale = 0;
    for (int d = 0; d < m.diags(); ++d) {
      const int col = r + m.offsets[static_cast<size_t>(d)];
      if (col >= 0 && col < m.rows)
        scale += std::fabs(m.values[static_cast<size_t>(d) * m.rows + r] * p.x[static_cast<size_t>(col)]);
    }
    const float got = y[static_cast<size_t>(r)];
    const double err = std::fabs(got - p.exact[static_cast<size_t>(r)]);
    if (!std::isfinite(got) || err > 4 * 1.2e-7 * m.diags() * scale + 1e-6) ++bad;
  }
  return bad;
}
}  // namespace

TimedRun run_dia_step(Context& ctx, const DiaProblem& p, int step, int local, int reps, double budget_ms) {
  int rc = 0;
  TimedRun run;
  run.kernel_ms = kernel_times(ctx, reps, budget_ms,
                               [&] { rc = lib().mqlcl_dia_spmv(ctx.handle(), step, p.m.rows, p.m.diags(), local); });
  if (rc < 0) {
    run.error = last_error(0);
    return run;
  }
  run.wrong = wrong_rows(p, ctx.read(MQLCL_SLOT_Y, static_cast<size_t>(p.m.rows)));
  return run;
}

namespace {
struct DiaArgs {
  std::string kind = "laplace3d";
  int rows = 1 << 20;
  int diags = 7;
  int local = 0;
  int repeat = 5;
  int megabytes = 64;
  std::string steps = "1,2,3,4,5";
};
}  // namespace

void register_dia_command(CLI::App& app, Options& opt) {
  static DiaArgs a;
  auto* dia = app.add_subcommand("dia", "DIA sparse matrix-vector product: steps 1-5 with their roofline bounds");
  dia->add_option("--kind", a.kind, "tridiagonal, laplace2d, laplace3d, band, extremes, wide")->capture_default_str();
  dia->add_option("--rows", a.rows, "matrix rows")->capture_default_str();
  dia->add_option("--diags", a.diags, "diagonals (band, wide)")->capture_default_str();
  dia->add_option("--local", a.local, "work-group size (0: the driver chooses)")->capture_default_str();
  dia->add_option("--repeat", a.repeat, "runs per step, the best is kept")->capture_default_str();
  dia->add_option("--steps", a.steps, "steps to run, comma-separated")->capture_default_str();
  dia->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement (0: skip it)")->capture_default_str();
  add_command(dia, [&opt] {
    const DiaProblem p = make_dia_problem(a.kind, a.rows, a.diags, opt.seed);
    const DiaMatrix& m = p.m;
    Context ctx(opt.device);
    const double bw = measure_bandwidth(ctx, opt.device, a.megabytes);
    upload_dia_problem(ctx, p);
    const double cached = p.bytes_x_cached(), uncached = p.bytes_x_uncached(), flops = p.flops();
    fmt::print("DIA SpMV on {}: {} matrix, {} rows, {} diagonals, {} nonzeros; measured copy bandwidth {:.1f} GB/s\n",
               device_text(opt.device, MQLCL_TEXT_NAME), m.kind, m.rows, m.diags(), m.nonzeros(), bw);
    fmt::print("roofline: x cached {:.3f} ms ({:.2f} GFLOP/s), x not cached {:.3f} ms ({:.2f} GFLOP/s)\n",
               cached / (bw * 1e6), flops / cached * bw, uncached / (bw * 1e6), flops / uncached * bw);
    fmt::print("{:>4} | {:<34} | {:>10} | {:>8} | {:>9} | {:>12} | {}\n", "step", "what", "kernel ms", "GFLOP/s", "GB/s",
               "% bandwidth", "result");
    bool wrong = false;
    for (int step : parse_ints(a.steps, static_cast<size_t>(std::count(a.steps.begin(), a.steps.end(), ',') + 1), "--steps")) {
      if (step < 1 || step > kDiaSteps) throw std::runtime_error("--steps: steps are 1 .. 5");
      const TimedRun r = run_dia_step(ctx, p, step, a.local, a.repeat, 1e300);
      if (!r.error.empty()) {
        fmt::print("{:>4} | {:<34} | refused: {}\n", step, dia_step_name(step), r.error);
        continue;
      }
      wrong |= !r.ok();
      const double ms = r.best_ms(), gbs = cached / (ms * 1e6);
      fmt::print("{:>4} | {:<34} | {:>10.4f} | {:>8.2f} | {:>9.1f} | {:>11.1f}% | {}\n", step, dia_step_name(step), ms,
                 flops / (ms * 1e6), gbs, bw > 0 ? 100.0 * gbs / bw : 0.0, r.wrong ? fmt::format("WRONG: {} rows", r.wrong) : "OK");
    }
    fmt::print("GB/s counts the bytes that must move (x cached); % bandwidth is against the measured copy rate.\n");
    return wrong ? 1 : 0;
  });
}

}  // namespace host
