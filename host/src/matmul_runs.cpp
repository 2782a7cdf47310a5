#include "matmul_runs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "product_check.hpp"

namespace host {

MatmulData make_matmul_data(const Shape& s, unsigned seed) {
  MatmulData d;
  d.shape = s;
  std::mt19937 rng(seed);
  d.a = random_matrix(static_cast<size_t>(s.rows1) * s.colsrows, rng);
  d.b = random_matrix(static_cast<size_t>(s.colsrows) * s.cols2, rng);
  return d;
}

std::string stage_name(int stage) {
  std::u16string buf(128, u'\0');
  const int n = lib().mqlcl_stage_name(stage, buf.data(), static_cast<int>(buf.size()));
  if (n < 0) return "stage " + std::to_string(stage);
  buf.resize(static_cast<size_t>(std::min<int>(n, 127)));
  return to_utf8(buf);
}

std::vector<int> library_stages(bool with_wrong_on_purpose) {
  std::vector<int> out;
  const int count = check(lib().mqlcl_stage_count(), "mqlcl_stage_count");
  for (int i = 0; i < count; ++i) {
    const int stage = check(lib().mqlcl_stage_at(i), "mqlcl_stage_at");
    if (with_wrong_on_purpose || lib().mqlcl_stage_info(stage, MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) == 0) out.push_back(stage);
  }
  return out;
}

std::string join_ints(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

void upload_matmul_data(Context& ctx, const MatmulData& d) {
  ctx.upload(MQLCL_SLOT_A, d.a);
  ctx.upload(MQLCL_SLOT_B, d.b);
}

TimedRun time_matmul_stage(Context& ctx, const MatmulData& d, int stage, int reps, double budget_ms, int samples) {
  const Shape& s = d.shape;
  int rc = 0;
  TimedRun run;
  run.kernel_ms = kernel_times(ctx, reps, budget_ms, [&] {
    rc = lib().mqlcl_matmul(ctx.handle(), stage, s.rows1, s.colsrows, s.cols2, 0, 0, 0);  // 0: the stage's default param
  });
  if (rc < 0) {
    run.error = last_error(0);
    return run;
  }
  const std::vector<float> c = ctx.read(MQLCL_SLOT_C, static_cast<size_t>(s.rows1) * s.cols2);
  // Each stage is held to its precision's tolerance (a TF32 stage is not held to FP32's).
  run.wrong = check_product(stage_precision(stage), d.a, d.b, c, s.rows1, s.colsrows, s.cols2, samples).ok() ? 0 : 1;
  return run;
}

void run_cpu_stage(MatmulData& d, bool all_orders) {
  const Shape& s = d.shape;
  fmt::print("=======================================\n");
  fmt::print("matr_mul_2dim (stage 0, one CPU core):  ROWS1 = {}; COLSROWS = {}; COLS2 = {}\n", s.rows1, s.colsrows, s.cols2);
  double best = 1e300;
  std::vector<float> c;
  for (int i = 0; i < (all_orders ? 6 : 1); ++i) {
    const double t = cpu_matmul(d.a, d.b, c, s, kLoopOrders[i]);
    fmt::print("CPU: loop order {:<7} time = {:.3f} s.  ({:.3f} GFLOP/s)\n", kLoopOrders[i], t, s.flops() / t * 1e-9);
    if (t < best) {
      best = t;
      d.cpu = c;
    }
  }
  d.cpu_seconds = best;
}

StageResult run_matmul_stage(Context& ctx, int device, int stage, MatmulData& d, int local0, int local1, int param,
                             int samples, bool log, std::mt19937& rng) {
  const Shape& s = d.shape;
  StageResult res;
  res.stage = stage;
  res.name = stage_name(stage);
  res.local0 = local0;
  res.local1 = local1;
  res.param = param;
  if (log) {
    fmt::print("=======================================\n");
    fmt::print("{} (stage {}):  device = {};      ROWS1 = {}; COLSROWS = {}; COLS2 = {}; local = {} x {}{}\n", res.name,
               stage, device, s.rows1, s.colsrows, s.cols2, local0, local1,
               param ? fmt::format("; param = {}", param) : "");
    if (d.cpu_seconds > 0) fmt::print("CPUTime = {:.3f}\n", d.cpu_seconds);
  }
  std::vector<float> c;
  try {
    upload_matmul_data(ctx, d);
    check(lib().mqlcl_matmul(ctx.handle(), stage, s.rows1, s.colsrows, s.cols2, local0, local1, param),
          "mqlcl_matmul");
    c = ctx.read(MQLCL_SLOT_C, static_cast<size_t>(s.rows1) * s.cols2);
  } catch (const AbiError& e) {
    res.error = e.what();
    if (log) fmt::print("error: {}\n________________________\n", res.error);
    return res;
  }
  res.kernel_ms = ctx.kernel_ms();
  res.convert_ms = ctx.convert_ms();
  res.total_ms = ctx.total_ms();
  res.launches = ctx.launches();
  res.check = check_product(stage_precision(stage), d.a, d.b, c, s.rows1, s.colsrows, s.cols2, samples);
  for (float v : c) {
    res.checksum += v;
    res.abs_checksum += std::fabs(v);
  }
  if (log) {
    fmt::print("OpenCL total: time = {:.3f} sec.\n", res.total_ms / 1000.0);
    fmt::print("read = {} elements\n", c.size());
    if (d.cpu_seconds > 0) fmt::print("CPUTime / GPUTotalTime = {:.3f}\n", d.cpu_seconds / (res.total_ms / 1000.0));
    fmt::print("kernel: time = {:.3f} ms ({} launch{}); layout conversion = {:.3f} ms; {:.2f} GFLOP/s\n", res.kernel_ms,
               res.launches, res.launches == 1 ? "" : "es", res.convert_ms, res.gflops(s));
    std::uniform_int_distribution<int> ur(0, s.rows1 - 1), uc(0, s.cols2 - 1);
    for (int i = 0; i < 10; ++i) {
      const int r = ur(rng), col = uc(rng);
      const size_t at = static_cast<size_t>(r) * s.cols2 + col;
      fmt::print("sum( {},{} ) = {:.8f};    thirdCPU[ {},{} ] = {};    buf[ {},{} ] = {:.8f}\n", r, col,
                 exact_element(d.a, d.b, s, r, col), r, col,
                 d.cpu.empty() ? std::string("-") : fmt::format("{:.8f}", d.cpu[at]), r, col, c[at]);
    }
    fmt::print("check: {} elements against a double product, max relative error {:.2e}, {} wrong -> {}\n",
               res.check.checked, res.check.max_rel, res.check.bad, res.ok() ? "OK" : "WRONG");
    fmt::print("________________________\n");
  }
  return res;
}

void write_stage_json(const std::vector<StageResult>& rows, const MatmulData& d, const std::string& device,
                      const std::string& path) {
  nlohmann::json j;
  j["device"] = device;
  j["shape"] = {d.shape.rows1, d.shape.colsrows, d.shape.cols2};
  j["cpu_seconds"] = d.cpu_seconds;
  for (const auto& r : rows)
    j["stages"].push_back({{"stage", r.stage}, {"name", r.name}, {"local", {r.local0, r.local1}}, {"param", r.param},
                           {"kernel_ms", r.kernel_ms}, {"convert_ms", r.convert_ms}, {"total_ms", r.total_ms},
                           {"launches", r.launches}, {"gflops", r.gflops(d.shape)}, {"ok", r.ok()},
                           {"checked", r.check.checked}, {"wrong", r.check.bad}, {"max_rel_error", r.check.max_rel},
                           {"checksum", r.checksum}, {"abs_checksum", r.abs_checksum}, {"error", r.error}});
  std::ofstream(path) << j.dump(2) << "\n";
}

void print_stage_table(const std::vector<StageResult>& rows, const MatmulData& d, const std::string& device) {
  const Shape& s = d.shape;
  double base_ms = 0;
  for (const auto& r : rows)
    if (r.stage == MQLCL_STAGE_1DIM && r.error.empty()) base_ms = r.kernel_ms;
  fmt::print("\nmqlcl matmul ladder on {}: ROWS1 = {}, COLSROWS = {}, COLS2 = {}\n", device, s.rows1, s.colsrows, s.cols2);
  fmt::print("{:>5} | {:<28} | {:>9} | {:>10} | {:>10} | {:>9} | {:>8} | {:>9} | {}\n", "stage", "name", "local", "kernel ms",
             "convert ms", "total s", "GFLOP/s", "vs st.1", "result");
  fmt::print("{:-<5}-+-{:-<28}-+-{:-<9}-+-{:-<10}-+-{:-<10}-+-{:-<9}-+-{:-<8}-+-{:-<9}-+-{:-<8}\n", "", "", "", "", "", "", "", "", "");
  if (d.cpu_seconds > 0)
    fmt::print("{:>5} | {:<28} | {:>9} | {:>10.3f} | {:>10} | {:>9.3f} | {:>8.2f} | {:>9} | {}\n", 0, "matr_mul_2dim (1 CPU core)",
               "-", d.cpu_seconds * 1000, "-", d.cpu_seconds, s.flops() / d.cpu_seconds * 1e-9,
               base_ms > 0 ? fmt::format("{:.2f}x", base_ms / (d.cpu_seconds * 1000)) : "-", "reference");
  for (const auto& r : rows) {
    const std::string local = r.local0 ? fmt::format("{}x{}", r.local0, r.local1) : "auto";
    if (!r.error.empty()) {
      fmt::print("{:>5} | {:<28} | {:>9} | {:>10} | {:>10} | {:>9} | {:>8} | {:>9} | refused: {}\n", r.stage, r.name, local, "-",
                 "-", "-", "-", "-", r.error.substr(0, 90));
      continue;
    }
    fmt::print("{:>5} | {:<28} | {:>9} | {:>10.3f} | {:>10.3f} | {:>9.3f} | {:>8.2f} | {:>9} | {}\n", r.stage, r.name, local,
               r.kernel_ms, r.convert_ms, r.total_ms / 1000.0, r.gflops(s),
               base_ms > 0 && r.kernel_ms > 0 ? fmt::format("{:.2f}x", base_ms / r.kernel_ms) : "-",
               r.ok() ? "OK" : fmt::format("WRONG ({} of {})", r.check.bad, r.check.checked));
  }
}

}  // namespace host
