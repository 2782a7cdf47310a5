// `bench`: every experiment timed on one device in one run, against the device's measured
// ceilings and the peers (a benchmark, not a test). Kernel times are medians of OpenCL
// profiling events after a warm-up; larger sizes run only where the smaller one predicts
// a bearable time (cubic scaling). Each experiment is its family's run function, the one
// its own command calls (time_matmul_stage, run_dia_step, run_transpose, measure_*).
// The GEMM rows (host->host and device-resident, with their peers) are gemm_bench's; the launch
// costs against OpenCL directly launch_bench's, and each call's call_bench's; the MLP training
// of mlp_training.mq5 through mqlcl and OpenCL directly mlp_bench's; --parts picks what runs.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "../commands.hpp"
#include "../context.hpp"
#include "../devices.hpp"
#include "../dia.hpp"
#include "../matmul_runs.hpp"
#include "../peak.hpp"
#include "../product_check.hpp"
#include "../transpose.hpp"
#include "gemm_bench.hpp"
#include "call_bench.hpp"
#include "host_crossover.hpp"
#include "launch_bench.hpp"
#include "mlp_bench.hpp"
#include "peers.hpp"
#include "results.hpp"
#include "tensor_bench.hpp"

namespace host {

namespace {
// The header's tuned values: every tunable's vector on this context and where it came from.
void print_tunables(int h) {
  fmt::print("tunables (id name: values, source 0 default / 1 device / 2 architecture / 3 set):\n");
  for (int i = 0; i < lib().mqlcl_tunable_count(); ++i) {
    const int id = lib().mqlcl_tunable_at(i);
    std::u16string name(64, u'\0');
    const int n = lib().mqlcl_tunable_text(id, MQLCL_TUNABLE_TEXT_NAME, reinterpret_cast<mqlcl_char*>(&name[0]), 64);
    name.resize(static_cast<size_t>(std::max(0, std::min(n, 63))));
    int v[16] = {0};
    const int count = lib().mqlcl_tunable_get(h, id, v, 16);
    std::string values;
    for (int k = 0; k < count; ++k) values += (k ? " " : "") + std::to_string(v[k]);
    fmt::print("  {} {}: {} (source {})\n", id, to_utf8(name), values, lib().mqlcl_tuning_source(h, id));
  }
}

struct BenchArgs {
  std::string sizes = "2000,4096,8192";
  std::string stages;  // empty: every stage the library lists, but the wrong-on-purpose ones
  int reps = 5;
  double cap_ms = 3000;  // a single run predicted slower than this is skipped
  int dia_rows = 1 << 24;
  int transpose = 16384;
  int megabytes = 1024;
  std::string out_dir = "bench-results";
  std::string parts = "matmul,transfer,gemm,dia,transpose,launch,mlp";
  std::string gemm_sizes;  // empty: default_gemm_sizes (GPU or CPU)
  std::string chains = "1,10,1000";
  std::string host_sizes = "16,32,64,128,256,512,1000,2000,4096";
  MlpConfig mlp;  // mlp_training.mq5's defaults
};

std::vector<int> ints(const std::string& s) {
  return parse_ints(s, static_cast<size_t>(std::count(s.begin(), s.end(), ',') + 1), "list");
}

void add_bench_options(CLI::App* b, BenchArgs& a) {
  b->add_option("--sizes", a.sizes, "square matmul sizes")->capture_default_str();
  b->add_option("--stages", a.stages, "matmul stages (default: every stage of `mqlcl-host stages` that is meant to be right)");
  b->add_option("--reps", a.reps, "timed runs per configuration (median)")->capture_default_str();
  b->add_option("--cap-ms", a.cap_ms, "skip a size whose predicted single run exceeds this")->capture_default_str();
  b->add_option("--dia-rows", a.dia_rows, "rows of the 7-point DIA matrix")->capture_default_str();
  b->add_option("--transpose", a.transpose, "edge of the square transpose")->capture_default_str();
  b->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement")->capture_default_str();
  b->add_option("--parts", a.parts, "what to run: matmul (the ladder), transfer, gemm, dia, transpose, launch (launch costs "
                "against OpenCL directly), mlp (mlp_training.mq5's training through mqlcl and OpenCL directly); host (host-array "
                "GEMM on the processor or the device, not run unless named)")
      ->capture_default_str();
  b->add_option("--chains", a.chains, "launch: launches per chain")->capture_default_str();
  b->add_option("--host-sizes", a.host_sizes, "host: square GEMM sizes")->capture_default_str();
  b->add_option("--mlp-hidden", a.mlp.hidden, "mlp: neurons per hidden layer")->capture_default_str();
  b->add_option("--mlp-layers", a.mlp.layers, "mlp: hidden layers")->capture_default_str();
  b->add_option("--mlp-batch", a.mlp.batch, "mlp: samples per step")->capture_default_str();
  b->add_option("--mlp-samples", a.mlp.samples, "mlp: samples in the data set (a multiple of the batch)")->capture_default_str();
  b->add_option("--mlp-epochs", a.mlp.epochs, "mlp: passes over the data set")->capture_default_str();
  b->add_option("--gemm-sizes", a.gemm_sizes, "square GEMM sizes (default: 2000,4096,8192 on GPUs, 512,1024 on CPUs)");
  b->add_option("--out", a.out_dir, "folder for bench.json, bench.csv and the ladder charts")->capture_default_str();
}

// What every part reads: the arguments, the device and its context, the resolved lists, and
// the run the rows go into.
struct Bench {
  const BenchArgs& a;
  int device;
  unsigned seed;
  Context& ctx;
  BenchRun& run;
  std::vector<int> stages, gemm_sizes;
  double budget_ms;  // device time per configuration
  bool part(const std::string& name) const {
    return ("," + a.parts + ",").find("," + name + ",") != std::string::npos;
  }
};

// The command line that repeats this run, every default spelled out.
std::string bench_command_line(const Bench& b) {
  const BenchArgs& a = b.a;
  return fmt::format("mqlcl-host --device {} bench --parts {} --sizes {} --stages {} --gemm-sizes {} --reps {} "
                     "--cap-ms {} --dia-rows {} --transpose {} --megabytes {} --chains {} --mlp-hidden {} "
                     "--mlp-layers {} --mlp-batch {} --mlp-samples {} --mlp-epochs {} --host-sizes {}",
                     b.device, a.parts, a.sizes, join_ints(b.stages), join_ints(b.gemm_sizes), a.reps, a.cap_ms,
                     a.dia_rows, a.transpose, a.megabytes, a.chains, a.mlp.hidden, a.mlp.layers, a.mlp.batch,
                     a.mlp.samples, a.mlp.epochs, a.host_sizes);
}

// The ceilings the matmul, DIA and transpose rows are measured against (copy bandwidth, FP32,
// the tensor cores), as rows; `mb`: the megabytes the bandwidth measurement used.
TensorCeilings add_ceiling_rows(Bench& b, int* mb) {
  BenchRun& run = b.run;
  run.bandwidth_gbs = measure_bandwidth(b.ctx, b.device, b.a.megabytes, mb);
  run.fp32_gflops = measure_fp32(b.ctx);
  run.rows.push_back({"ceiling", 0, "copy bandwidth (best of float/float4)", fmt::format("{} MB", *mb), 0, run.bandwidth_gbs,
                      "GB/s", 100, 0, run.bandwidth_gbs > 0, ""});
  run.rows.push_back({"ceiling", 0, "FP32 (dependent mad chains)", "-", 0, run.fp32_gflops, "GFLOP/s", 100, 0,
                      run.fp32_gflops > 0, ""});
  fmt::print("ceilings: copy {:.1f} GB/s, FP32 {:.1f} GFLOP/s\n", run.bandwidth_gbs, run.fp32_gflops);
  return add_tensor_ceiling_rows(b.ctx, run);  // tensor_bench.hpp
}

// The ladder's memory between sizes: each stage's time at the previous size, to predict the next.
struct LadderState {
  std::map<int, double> last_ms;
  int prev_n = 0;
  double stage1_ms = 0;  // stage 1 at this size: the speedups' base
};

// Whether a stage's predicted time at size n (cubic from the previous size) is bearable; where
// not, its "not run" row.
bool ladder_predicts_bearable(Bench& b, LadderState& s, int stage, int n, const std::string& size) {
  if (!s.prev_n) return true;
  auto it = s.last_ms.find(stage);
  const double predicted = it == s.last_ms.end() ? -1 : it->second * std::pow(static_cast<double>(n) / s.prev_n, 3);
  if (predicted >= 0 && predicted <= b.a.cap_ms) return true;
  b.run.rows.push_back({"matmul", stage, stage_name(stage), size, 0, 0, "GFLOP/s", 0, 0, false,
                        predicted < 0 ? "not run (skipped at the smaller size)"
                                      : fmt::format("not run: predicted {:.0f} ms per run", predicted)});
  s.last_ms.erase(stage);
  return false;
}

void add_stage_row(Bench& b, LadderState& s, const MatmulData& d, int stage, const TensorCeilings& tensor) {
  const std::string name = stage_name(stage), size = fmt::format("{0}x{0}x{0}", d.shape.rows1);
  const TimedRun r = time_matmul_stage(b.ctx, d, stage, b.a.reps, b.budget_ms, 256);
  if (!r.error.empty()) {
    b.run.rows.push_back({"matmul", stage, name, size, 0, 0, "GFLOP/s", 0, 0, false, r.error});
    fmt::print("  matmul {:>2} {:<28} {:<16} refused: {}\n", stage, name, size, r.error);
    return;
  }
  const double ms = r.median_ms();
  if (stage == MQLCL_STAGE_1DIM) s.stage1_ms = ms;
  s.last_ms[stage] = ms;
  const double gf = d.shape.flops() / (ms * 1e6);
  b.run.rows.push_back({"matmul", stage, name, size, ms, gf, "GFLOP/s", bench_stage_pct(stage, gf, tensor, b.run.fp32_gflops),
                        s.stage1_ms > 0 ? s.stage1_ms / ms : 0, r.ok(), ""});
  fmt::print("  matmul {:>2} {:<28} {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s {}\n", stage, name, size, ms, gf,
             r.ok() ? "OK" : "WRONG");
}

// The article's "OpenCL total" for the tuned stage: upload, run, read back. Returns stage
// 10's device time (kernel + padding work), 0 where it was refused.
double add_tuned_total_row(Bench& b, const MatmulData& d) {
  const int n = d.shape.rows1;
  upload_matmul_data(b.ctx, d);
  if (lib().mqlcl_matmul(b.ctx.handle(), MQLCL_STAGE_SGEMM_TUNED, n, n, n, 0, 0, 0) != MQLCL_OK) return 0;
  const double device_ms = b.ctx.kernel_ms() + b.ctx.convert_ms();
  b.ctx.read(MQLCL_SLOT_C, static_cast<size_t>(n) * n);
  b.run.rows.push_back({"transfer", MQLCL_STAGE_SGEMM_TUNED, "OpenCL total of stage 10 (upload+run+read)",
                        fmt::format("{0}x{0}x{0}", n), b.ctx.total_ms(), 3.0 * n * n * 4 / (b.ctx.total_ms() * 1e6), "GB/s",
                        0, 0, true, fmt::format("kernel {:.3f} ms of it", b.ctx.kernel_ms())});
  return device_ms;
}

// CLBlast's SGEMM at the ladder's size, against stage 10's device time.
void add_clblast_ladder_row(Bench& b, const MatmulData& d, double tuned_device_ms) {
#if defined(MQLCL_HAVE_CLBLAST)
  const int n = d.shape.rows1;
  const std::string size = fmt::format("{0}x{0}x{0}", n);
  const PeerTiming p = clblast_gemm(b.device, d.a, d.b, n, n, n, b.a.reps);
  if (!p.available) {
    b.run.rows.push_back({"peer", 0, "CLBlast SGEMM", size, 0, 0, "GFLOP/s", 0, 0, false, p.note});
    return;
  }
  const double gf = d.shape.flops() / (p.median_ms * 1e6);
  // Stage 10 counted with its padding work, as CLBlast's wall time includes its own.
  const double tuned = tuned_device_ms > 0 ? d.shape.flops() / (tuned_device_ms * 1e6) : 0;
  b.run.rows.push_back({"peer", 0, "CLBlast SGEMM", size, p.median_ms, gf, "GFLOP/s", 100 * gf / b.run.fp32_gflops, 0,
                        p.max_rel_error <= product_tolerance(MQLCL_PRECISION_FP32, n),
                        fmt::format("stage 10 (kernel + padding) / CLBlast = {:.2f}", tuned / gf)});
  fmt::print("  CLBlast SGEMM {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s; stage 10 / CLBlast = {:.2f}\n", size, p.median_ms, gf,
             tuned / gf);
#else
  (void)b, (void)d, (void)tuned_device_ms;
#endif
}

// --parts matmul: every stage at each size (those predicted too slow skipped), stage 10's
// OpenCL total and CLBlast's SGEMM.
void add_ladder_rows(Bench& b, const TensorCeilings& tensor) {
  LadderState s;
  for (int n : ints(b.a.sizes)) {
    const std::string size = fmt::format("{0}x{0}x{0}", n);
    MatmulData d = make_matmul_data({n, n, n}, b.seed + static_cast<unsigned>(n));
    upload_matmul_data(b.ctx, d);
    s.stage1_ms = 0;
    for (int stage : b.stages)
      if (ladder_predicts_bearable(b, s, stage, n, size)) add_stage_row(b, s, d, stage, tensor);
    add_clblast_ladder_row(b, d, add_tuned_total_row(b, d));
    s.prev_n = n;
  }
}

// cuBLAS through PyTorch, once for the ladder and the GEMM rows (cublas_peer.hpp): optional,
// "not available" without python3, torch or CUDA.
CublasPeer run_cublas(const Bench& b) {
  if (!b.part("matmul") && !b.part("gemm")) return {};
  std::vector<int> sizes = b.part("matmul") ? ints(b.a.sizes) : std::vector<int>{};
  if (b.part("gemm")) sizes.insert(sizes.end(), b.gemm_sizes.begin(), b.gemm_sizes.end());
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return run_cublas_peer(sizes, b.part("gemm") ? "FP32,TF32,FP64" : "FP32,TF32", b.part("gemm") ? "FP32,FP64" : "");
}

// --parts transfer: host<->device rates through OpenCL directly (pageable, pinned, staged).
void add_transfer_rows(Bench& b, int mb) {
#if defined(MQLCL_HAVE_CLBLAST)
  const int transfer_mb = std::min(256, mb);
  const TransferRates tr = transfer_rates(b.device, static_cast<size_t>(transfer_mb) << 20, b.a.reps);
  if (!tr.available) return;
  auto& rows = b.run.rows;
  const std::string tsize = fmt::format("{} MB", transfer_mb);
  rows.push_back({"transfer", 1, "host->device, pageable memory", tsize, 0, tr.pageable_write_gbs, "GB/s", 0, 0, true, ""});
  rows.push_back({"transfer", 2, "device->host, pageable memory", tsize, 0, tr.pageable_read_gbs, "GB/s", 0, 0, true, ""});
  rows.push_back({"transfer", 3, "host->device, pinned memory", tsize, 0, tr.pinned_write_gbs, "GB/s", 0, 0, true, ""});
  rows.push_back({"transfer", 4, "device->host, pinned memory", tsize, 0, tr.pinned_read_gbs, "GB/s", 0, 0, true, ""});
  rows.push_back({"transfer", 5, "host->device, pageable staged via pinned", tsize, 0, tr.staged_write_gbs, "GB/s", 0, 0, true,
                  "memcpy into a pinned buffer, then its DMA: what the library could do with an MQL5 array"});
#else
  (void)b, (void)mb;
#endif
}

// --parts dia: each DIA SpMV step on the 7-point Laplacian, against the copy bandwidth.
void add_dia_rows(Bench& b) {
  const DiaProblem p = make_dia_problem("laplace3d", b.a.dia_rows, 7, b.seed);
  upload_dia_problem(b.ctx, p);
  const std::string size = fmt::format("{} rows, 7 diags", p.m.rows);
  const double copy_gbs = b.run.bandwidth_gbs;
  for (int step = 1; step <= kDiaSteps; ++step) {
    const TimedRun r = run_dia_step(b.ctx, p, step, 0, b.a.reps, b.budget_ms);
    if (!r.error.empty()) {
      b.run.rows.push_back({"dia", step, dia_step_name(step), size, 0, 0, "GB/s", 0, 0, false, r.error});
      continue;
    }
    const double ms = r.median_ms(), gbs = p.bytes_x_cached() / (ms * 1e6);
    b.run.rows.push_back({"dia", step, dia_step_name(step), size, ms, gbs, "GB/s", 100 * gbs / copy_gbs, 0, r.ok(),
                          fmt::format("{:.1f} GFLOP/s", p.flops() / (ms * 1e6))});
    fmt::print("  dia step {} {:<24} {:>10.4f} ms {:>8.1f} GB/s ({:.1f}% of copy){}\n", step, dia_step_name(step), ms, gbs,
               100 * gbs / copy_gbs, r.ok() ? "" : " WRONG");
  }
}

// --parts transpose: each variant at its tiles, against the copy bandwidth.
void add_transpose_rows(Bench& b) {
  const TransposeProblem p = make_transpose_problem(b.a.transpose, b.a.transpose, b.seed);
  upload_transpose_problem(b.ctx, p);
  const double copy_gbs = b.run.bandwidth_gbs;
  for (int v = 1; v <= kTransposeVariants; ++v)
    for (int tile : v == 1 ? std::vector<int>{32} : std::vector<int>{16, 32, 64}) {
      const TimedRun r = run_transpose(b.ctx, p, v, tile, b.a.reps, b.budget_ms);
      const std::string size = fmt::format("{0}x{0}, tile {1}", p.rows, tile);
      if (!r.error.empty()) {
        b.run.rows.push_back({"transpose", v, transpose_variant_name(v), size, 0, 0, "GB/s", 0, 0, false, r.error});
        continue;
      }
      const double ms = r.median_ms(), gbs = p.bytes() / (ms * 1e6);
      b.run.rows.push_back({"transpose", v, transpose_variant_name(v), size, ms, gbs, "GB/s", 100 * gbs / copy_gbs, 0, r.ok(),
                            ""});
      fmt::print("  transpose {} {:<28} tile {:>2} {:>10.4f} ms {:>8.1f} GB/s ({:.1f}% of copy){}\n", v,
                 transpose_variant_name(v), tile, ms, gbs, 100 * gbs / copy_gbs, r.ok() ? "" : " WRONG");
    }
}

// The table, then bench.json, bench.csv and a ladder chart per matmul size in --out.
void write_bench_results(const Bench& b) {
  const std::string& dir = b.a.out_dir;
  print_bench_table(b.run);
  std::filesystem::create_directories(dir);
  write_bench_json(b.run, dir + "/bench.json");
  write_bench_csv(b.run, dir + "/bench.csv");
  if (b.part("matmul"))
    for (int n : ints(b.a.sizes)) write_ladder_svg(b.run, fmt::format("{0}x{0}x{0}", n), fmt::format("{}/ladder-{}.svg", dir, n));
  fmt::print("\nwritten: {0}/bench.json, {0}/bench.csv, {0}/ladder-*.svg\n", dir);
}

// Every part --parts names, in the table's order, on one context.
int run_bench(const BenchArgs& a, const Options& opt) {
  const std::vector<int> stages = a.stages.empty() ? library_stages(false) : ints(a.stages);
  const std::vector<int> gemm_sizes = a.gemm_sizes.empty() ? default_gemm_sizes(opt.device) : ints(a.gemm_sizes);
  BenchRun run;
  run.device = device_text(opt.device, MQLCL_TEXT_NAME);
  print_device_facts(opt.device);
  Context ctx(opt.device);
  Bench b{a, opt.device, opt.seed, ctx, run, stages, gemm_sizes, 4 * a.cap_ms};
  run.command = bench_command_line(b);
  print_tunables(ctx.handle());
  int mb = std::max(1, a.megabytes);
  TensorCeilings tensor;
  if (b.part("matmul") || b.part("dia") || b.part("transpose")) tensor = add_ceiling_rows(b, &mb);
  if (b.part("matmul")) add_ladder_rows(b, tensor);
  const CublasPeer cublas = run_cublas(b);
  if (b.part("matmul")) add_cublas_peer_rows(run, cublas, ints(a.sizes));  // tensor_bench.hpp
  if (b.part("transfer")) add_transfer_rows(b, mb);
  if (b.part("gemm")) {  // host->host and device-resident, with their peers (gemm_bench.hpp)
    const GemmCeilings ceilings = add_gemm_ceiling_rows(ctx, run.fp32_gflops, tensor, run);
    add_gemm_rows(ctx, opt.device, {gemm_sizes, a.reps, b.budget_ms, opt.seed}, ceilings, cublas, run);
  }
  if (b.part("dia")) add_dia_rows(b);
  if (b.part("transpose")) add_transpose_rows(b);
  // Launches and the MLP training: mqlcl against OpenCL directly, same device, same run.
  if (b.part("launch")) {
    add_launch_rows(ctx, opt.device, ints(a.chains), a.reps, run);
    add_call_rows(ctx, opt.device, a.reps, run);
  }
  if (b.part("mlp")) add_mlp_rows(ctx, opt.device, a.mlp, a.reps, run);
  if (b.part("host")) add_host_crossover_rows(ctx, ints(a.host_sizes), a.reps, b.budget_ms, opt.seed, run);
  write_bench_results(b);
  return 0;
}
}  // namespace

void register_bench_command(CLI::App& app, Options& opt) {
  static BenchArgs a;
  auto* b = app.add_subcommand("bench", "benchmark every stage, DIA step and transpose against the measured ceilings and peers");
  add_bench_options(b, a);
  add_command(b, [&opt] { return run_bench(a, opt); });
}

}  // namespace host
