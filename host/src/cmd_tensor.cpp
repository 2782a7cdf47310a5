// Command `tensor-check`: the library's matmul stages (default 10, 30, 31) on odd and large
// shapes, each run once on a C poisoned with NaN and checked against a double product (all
// elements of small shapes, sampled ones of large), then timed (median kernel time); with the
// device's ceilings, and a table printed last. scripts/gpu/tensor-check.sh runs it on the GPU.
#include <fmt/core.h>

#include <limits>

#include "commands.hpp"
#include "devices.hpp"
#include "matmul_runs.hpp"
#include "product_check.hpp"
#include "tensor_runs.hpp"
#include "timing.hpp"

namespace host {

namespace {
struct TensorArgs {
  std::string stages = "10,30,31";
  std::string shapes = "1x1x1,97x131x61,257x255x129,4095x1023x4097,2000x2000x2000,8192x8192x8192";
  int samples = 256;          // for shapes with more than `full` elements of C
  long long full = 1 << 16;   // C elements up to which every element is checked
  int reps = 7;
};

struct Row {
  int stage, ran = 0;
  std::string shape;
  double ms = 0, convert_ms = 0, tflops = 0, pct = 0;
  ProductCheck acc;
  std::string error;
};

// "MxNxK" (the order of the results tables) into the library's rows1, colsrows, cols2.
Shape parse_mnk(const std::string& text) {
  std::string t = text;
  for (char& ch : t)
    if (ch == 'x') ch = ',';
  const auto v = parse_ints(t, 3, "--shapes (MxNxK)");
  return Shape{v[0], v[2], v[1]};
}

Row run_one(Context& ctx, int stage, const std::string& label, const Shape& s, const TensorArgs& a,
            const TensorCeilings& tc, double fp32, std::mt19937& rng) {
  Row r;
  r.stage = stage;
  r.shape = label;
  const std::vector<float> A = random_matrix(static_cast<size_t>(s.rows1) * s.colsrows, rng);
  const std::vector<float> B = random_matrix(static_cast<size_t>(s.colsrows) * s.cols2, rng);
  const size_t cn = static_cast<size_t>(s.rows1) * s.cols2;
  ctx.upload(MQLCL_SLOT_A, A);
  ctx.upload(MQLCL_SLOT_B, B);
  ctx.upload(MQLCL_SLOT_C, std::vector<float>(cn, std::numeric_limits<float>::quiet_NaN()));
  auto op = [&] { return lib().mqlcl_matmul(ctx.handle(), stage, s.rows1, s.colsrows, s.cols2, 0, 0, 0); };
  if (op() < 0) {
    r.error = last_error(ctx.handle());
    return r;
  }
  r.convert_ms = ctx.convert_ms();
  r.ran = lib().mqlcl_last_product(ctx.handle());
  const std::vector<float> C = ctx.read(MQLCL_SLOT_C, cn);
  r.acc = check_product(stage_precision(stage), A, B, C, s.rows1, s.colsrows, s.cols2,
                        static_cast<long long>(cn) <= a.full ? 0 : a.samples);
  r.ms = median(kernel_times(ctx, a.reps, 1e9, op));
  r.tflops = s.flops() / (r.ms * 1e9);
  const double ceiling = stage_ceiling(stage, tc, fp32);
  r.pct = ceiling > 0 ? 100 * r.tflops * 1e3 / ceiling : 0;
  return r;
}
}  // namespace

void register_tensor_command(CLI::App& app, Options& opt) {
  static TensorArgs a;
  auto* tc = app.add_subcommand("tensor-check", "check and time matmul stages (default 10, 30, 31) on odd and large shapes");
  tc->add_option("--stages", a.stages, "stages, comma-separated")->capture_default_str();
  tc->add_option("--shapes", a.shapes, "MxNxK shapes, comma-separated")->capture_default_str();
  tc->add_option("--samples", a.samples, "elements checked on large shapes")->capture_default_str();
  tc->add_option("--reps", a.reps, "timed runs per shape (median)")->capture_default_str();
  add_command(tc, [&opt] {
    const std::string device = device_text(opt.device, MQLCL_TEXT_NAME);
    Context ctx(opt.device);
    const double fp32 = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP32, 0);
    const TensorCeilings t = measure_tensor_ceilings(ctx);
    std::vector<std::string> shapes;
    for (size_t at = 0; at <= a.shapes.size();) {
      const size_t end = std::min(a.shapes.find(',', at), a.shapes.size());
      shapes.push_back(a.shapes.substr(at, end - at));
      at = end + 1;
    }
    std::vector<int> stages;
    for (const auto& s : parse_ints(a.stages, static_cast<size_t>(std::count(a.stages.begin(), a.stages.end(), ',') + 1), "--stages"))
      stages.push_back(s);
    std::mt19937 rng(opt.seed);
    std::vector<Row> rows;
    bool failed = false;
    for (int stage : stages) {
      if (lib().mqlcl_stage_available(opt.device, stage) != 1) {
        fmt::print("stage {} ({}): not available: {}\n", stage, stage_name(stage), last_error(0));
        failed = true;
        continue;
      }
      for (const auto& label : shapes) {
        const Row r = run_one(ctx, stage, label, parse_mnk(label), a, t, fp32, rng);
        if (r.error.empty())
          fmt::print("stage {} {}: {:.4f} ms {:.2f} TFLOP/s, err/max|ref| {:.1e} err/sum|ab| {:.1e} ({} checked) {}\n", stage,
                     label, r.ms, r.tflops, r.acc.err_max_ref(), r.acc.max_rel, r.acc.checked, r.acc.ok() ? "OK" : "WRONG");
        else
          fmt::print("stage {} {}: error: {}\n", stage, label, r.error);
        failed = failed || !r.error.empty() || !r.acc.ok();
        rows.push_back(r);
      }
    }
    fmt::print("\n== matmul stages through the library (mqlcl-host tensor-check) on {} ==\n", device);
    fmt::print("ceilings: mma.sync TF32 {}, mma.sync FP16 {}, SIMT FP32 {:.1f} TFLOP/s\n",
               t.available ? fmt::format("{:.1f}", t.tf32_gflops / 1e3) : "n/a",
               t.available ? fmt::format("{:.1f}", t.fp16_gflops / 1e3) : "n/a", fp32 / 1e3);
    if (!t.available) fmt::print("(tensor-core ceilings: {})\n", t.reason);
    fmt::print("| stage | ran | M×N×K | kernel ms | convert ms | TFLOP/s | % of ceiling | err/max\\|ref\\| | err/Σ\\|ab\\| | checked | result |\n");
    fmt::print("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto& r : rows) {
      if (!r.error.empty()) {
        fmt::print("| {} | | {} | | | | | | | | error: {} |\n", r.stage, r.shape, r.error.substr(0, 120));
        continue;
      }
      fmt::print("| {} | {} | {} | {:.4f} | {:.4f} | {:.2f} | {:.1f}% | {:.1e} | {:.1e} | {} | {} |\n", r.stage, r.ran, r.shape, r.ms,
                 r.convert_ms, r.tflops, r.pct, r.acc.err_max_ref(), r.acc.max_rel,
                 r.acc.checked == 0 ? "-" : std::to_string(r.acc.checked),
                 r.acc.ok() ? "OK" : fmt::format("WRONG ({} not finite, limit {:.0e})", r.acc.not_finite, r.acc.tolerance));
    }
    fmt::print("% of ceiling: stage 30 of mma.sync TF32, 31 of a third of it, 32 of mma.sync FP16, 33 of a third of it,\n"
               "others of SIMT FP32; 'ran' is mqlcl_last_product (an FP16 stage's fallback). Errors: every element of\n"
               "C up to {} elements, else {} sampled, against a double product; C was NaN before each checked run.\n",
               a.full, a.samples);
    return failed ? 1 : 0;
  });
}

}  // namespace host
