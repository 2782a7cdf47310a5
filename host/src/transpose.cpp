// `transpose`: the three transpose variants against the measured copy bandwidth.
#include "transpose.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <random>

#include "devices.hpp"
#include "peak.hpp"

namespace host {

const char* transpose_variant_name(int variant) {
  static const char* const names[] = {"straight from global memory", "through a __local tile", "padded __local tile"};
  return variant >= 1 && variant <= kTransposeVariants ? names[variant - 1] : "?";
}

TransposeProblem make_transpose_problem(int rows, int cols, unsigned seed) {
  TransposeProblem p;
  p.rows = rows;
  p.cols = cols;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  p.in.resize(static_cast<size_t>(rows) * cols);
  for (auto& v : p.in) v = u(rng);
  return p;
}

void upload_transpose_problem(Context& ctx, const TransposeProblem& p) { ctx.upload(MQLCL_SLOT_A, p.in); }

namespace {
// Elements of out (cols x rows) that are not the input's transpose; in blocks, so that both
// matrices are read from cache.
long long wrong_elements(const TransposeProblem& p, const std::vector<float>& out) {
  constexpr int kBlock = 64;
  long long bad = 0;
  for (int r0 = 0; r0 < p.rows; r0 += kBlock)
    for (int c0 = 0; c0 < p.cols; c0 += kBlock)
      for (int r = r0; r < std::min(r0 + kBlock, p.rows); ++r)
        for (int c = c0; c < std::min(c0 + kBlock, p.cols); ++c)
          bad += out[static_cast<size_t>(c) * p.rows + r] != p.in[static_cast<size_t>(r) * p.cols + c];
  return bad;
}
}  // namespace

TimedRun run_transpose(Context& ctx, const TransposeProblem& p, int variant, int tile, int reps, double budget_ms) {
  int rc = 0;
  TimedRun run;
  run.kernel_ms = kernel_times(ctx, reps, budget_ms,
                               [&] { rc = lib().mqlcl_transpose(ctx.handle(), variant, p.rows, p.cols, tile); });
  if (rc < 0) {
    run.error = last_error(0);
    return run;
  }
  run.wrong = wrong_elements(p, ctx.read(MQLCL_SLOT_C, p.in.size()));
  return run;
}

namespace {
struct TransposeArgs {
  std::string size = "2048,2048";
  int tile = 16;
  int repeat = 5;
  int megabytes = 64;
};
}  // namespace

void register_transpose_command(CLI::App& app, Options& opt) {
  static TransposeArgs a;
  auto* tr = app.add_subcommand("transpose", "b[y][x] = a[x][y]: from global memory, through a __local tile, padded tile");
  tr->add_option("--size", a.size, "ROWS,COLS of a")->capture_default_str();
  tr->add_option("--tile", a.tile, "tile edge")->capture_default_str();
  tr->add_option("--repeat", a.repeat, "runs per variant, the best is kept")->capture_default_str();
  tr->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement (0: skip it)")->capture_default_str();
  add_command(tr, [&opt] {
    const auto sz = parse_ints(a.size, 2, "--size");
    const TransposeProblem p = make_transpose_problem(sz[0], sz[1], opt.seed);
    Context ctx(opt.device);
    const double bw = measure_bandwidth(ctx, opt.device, a.megabytes);
    upload_transpose_problem(ctx, p);
    fmt::print("transpose {} x {} on {}; measured copy bandwidth {:.1f} GB/s\n", p.rows, p.cols,
               device_text(opt.device, MQLCL_TEXT_NAME), bw);
    fmt::print("{:>7} | {:<30} | {:>10} | {:>9} | {:>11} | {}\n", "variant", "what", "kernel ms", "GB/s", "% of copy",
               "result");
    bool wrong = false;
    for (int v = 1; v <= kTransposeVariants; ++v) {
      const TimedRun r = run_transpose(ctx, p, v, a.tile, a.repeat, 1e300);
      if (!r.error.empty()) {
        fmt::print("{:>7} | {:<30} | refused: {}\n", v, transpose_variant_name(v), r.error);
        continue;
      }
      wrong |= !r.ok();
      const double ms = r.best_ms(), gbs = p.bytes() / (ms * 1e6);
      fmt::print("{:>7} | {:<30} | {:>10.4f} | {:>9.1f} | {:>10.1f}% | {}\n", v, transpose_variant_name(v), ms, gbs,
                 bw > 0 ? 100.0 * gbs / bw : 0.0, r.wrong ? fmt::format("WRONG: {} elements", r.wrong) : "OK");
    }
    return wrong ? 1 : 0;
  });
}

}  // namespace host
