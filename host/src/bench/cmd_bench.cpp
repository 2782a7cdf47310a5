// `bench`: every experiment timed on one device in one run, against the device's measured
// ceilings and the peers (a benchmark, not a test). Kernel times are medians of OpenCL
// profiling events after a warm-up; larger sizes run only where the smaller one predicts
// a bearable time (cubic scaling). Each experiment is its family's run function, the one
// its own command calls (time_matmul_stage, run_dia_step, run_transpose, measure_*).
// The GEMM rows (host->host and device-resident, with their peers) are gemm_bench's; the launch
// costs against OpenCL directly launch_bench's; the MLP training of mlp_training.mq5 through
// mqlcl and OpenCL directly mlp_bench's; --parts picks what runs.
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
    const int count = lib().mqlcl_stage_params_get(h, id, v, 16);
    std::string values;
    for (int k = 0; k < count; ++k) values += (k ? " " : "") + std::to_string(v[k]);
    fmt::print("  {} {}: {} (source {})\n", id, to_utf8(name), values, lib().mqlcl_tuning_source(h, id));
  }
}
}  // namespace

namespace {
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
  MlpConfig mlp;  // mlp_training.mq5's defaults
};

std::vector<int> ints(const std::string& s) {
  return parse_ints(s, static_cast<size_t>(std::count(s.begin(), s.end(), ',') + 1), "list");
}
}  // namespace

void register_bench_command(CLI::App& app, Options& opt) {
  static BenchArgs a;
  auto* b = app.add_subcommand("bench", "benchmark every stage, DIA step and transpose against the measured ceilings and peers");
  b->add_option("--sizes", a.sizes, "square matmul sizes")->capture_default_str();
  b->add_option("--stages", a.stages, "matmul stages (default: every stage of `mqlcl-host stages` that is meant to be right)");
  b->add_option("--reps", a.reps, "timed runs per configuration (median)")->capture_default_str();
  b->add_option("--cap-ms", a.cap_ms, "skip a size whose predicted single run exceeds this")->capture_default_str();
  b->add_option("--dia-rows", a.dia_rows, "rows of the 7-point DIA matrix")->capture_default_str();
  b->add_option("--transpose", a.transpose, "edge of the square transpose")->capture_default_str();
  b->add_option("--megabytes", a.megabytes, "bytes copied by the bandwidth measurement")->capture_default_str();
  b->add_option("--parts", a.parts, "what to run: matmul (the ladder), transfer, gemm, dia, transpose, launch (launch costs "
                "against OpenCL directly), mlp (mlp_training.mq5's training through mqlcl and OpenCL directly)")
      ->capture_default_str();
  b->add_option("--chains", a.chains, "launch: launches per chain")->capture_default_str();
  b->add_option("--mlp-hidden", a.mlp.hidden, "mlp: neurons per hidden layer")->capture_default_str();
  b->add_option("--mlp-layers", a.mlp.layers, "mlp: hidden layers")->capture_default_str();
  b->add_option("--mlp-batch", a.mlp.batch, "mlp: samples per step")->capture_default_str();
  b->add_option("--mlp-samples", a.mlp.samples, "mlp: samples in the data set (a multiple of the batch)")->capture_default_str();
  b->add_option("--mlp-epochs", a.mlp.epochs, "mlp: passes over the data set")->capture_default_str();
  b->add_option("--gemm-sizes", a.gemm_sizes, "square GEMM sizes (default: 2000,4096,8192 on GPUs, 512,1024 on CPUs)");
  b->add_option("--out", a.out_dir, "folder for bench.json, bench.csv and the ladder charts")->capture_default_str();
  add_command(b, [&opt] {
    const std::vector<int> stages = a.stages.empty() ? library_stages(false) : ints(a.stages);
    const auto part = [](const std::string& name) {
      const std::string list = "," + a.parts + ",";
      return list.find("," + name + ",") != std::string::npos;
    };
    const std::vector<int> gemm_sizes = a.gemm_sizes.empty() ? default_gemm_sizes(opt.device) : ints(a.gemm_sizes);
    BenchRun run;
    run.device = device_text(opt.device, MQLCL_TEXT_NAME);
    run.command = fmt::format("mqlcl-host --device {} bench --parts {} --sizes {} --stages {} --gemm-sizes {} --reps {} "
                              "--cap-ms {} --dia-rows {} --transpose {} --megabytes {} --chains {} --mlp-hidden {} "
                              "--mlp-layers {} --mlp-batch {} --mlp-samples {} --mlp-epochs {}",
                              opt.device, a.parts, a.sizes, join_ints(stages), join_ints(gemm_sizes), a.reps, a.cap_ms,
                              a.dia_rows, a.transpose, a.megabytes, a.chains, a.mlp.hidden, a.mlp.layers, a.mlp.batch,
                              a.mlp.samples, a.mlp.epochs);
    print_device_facts(opt.device);
    Context ctx(opt.device);
    print_tunables(ctx.handle());
    const double budget_ms = 4 * a.cap_ms;  // device time per configuration
    int mb = std::max(1, a.megabytes);
    TensorCeilings tensor;
    if (part("matmul") || part("dia") || part("transpose")) {  // the ceilings their rows are measured against
      run.bandwidth_gbs = measure_bandwidth(ctx, opt.device, a.megabytes, &mb);
      run.fp32_gflops = measure_fp32(ctx);
      run.rows.push_back({"ceiling", 0, "copy bandwidth (best of float/float4)", fmt::format("{} MB", mb), 0, run.bandwidth_gbs,
                          "GB/s", 100, 0, run.bandwidth_gbs > 0, ""});
      run.rows.push_back({"ceiling", 0, "FP32 (dependent mad chains)", "-", 0, run.fp32_gflops, "GFLOP/s", 100, 0,
                          run.fp32_gflops > 0, ""});
      fmt::print("ceilings: copy {:.1f} GB/s, FP32 {:.1f} GFLOP/s\n", run.bandwidth_gbs, run.fp32_gflops);
      tensor = add_tensor_ceiling_rows(ctx, run);  // tensor_bench.hpp
    }

    // ---- matmul ladder ----
    std::map<int, double> last_ms;  // stage -> its time at the previous size
    int prev_n = 0;
    for (int n : part("matmul") ? ints(a.sizes) : std::vector<int>{}) {
      const std::string size = fmt::format("{0}x{0}x{0}", n);
      MatmulData d = make_matmul_data({n, n, n}, opt.seed + static_cast<unsigned>(n));
      upload_matmul_data(ctx, d);
      double stage1_ms = 0;
      for (int stage : stages) {
        const std::string name = stage_name(stage);
        if (prev_n) {
          auto it = last_ms.find(stage);
          const double predicted = it == last_ms.end() ? -1 : it->second * std::pow(static_cast<double>(n) / prev_n, 3);
          if (predicted < 0 || predicted > a.cap_ms) {
            run.rows.push_back({"matmul", stage, name, size, 0, 0, "GFLOP/s", 0, 0, false,
                                predicted < 0 ? "not run (skipped at the smaller size)"
                                              : fmt::format("not run: predicted {:.0f} ms per run", predicted)});
            last_ms.erase(stage);
            continue;
          }
        }
        const TimedRun r = time_matmul_stage(ctx, d, stage, a.reps, budget_ms, 256);
        if (!r.error.empty()) {
          run.rows.push_back({"matmul", stage, name, size, 0, 0, "GFLOP/s", 0, 0, false, r.error});
          fmt::print("  matmul {:>2} {:<28} {:<16} refused: {}\n", stage, name, size, r.error);
          continue;
        }
        const double ms = r.median_ms();
        if (stage == MQLCL_STAGE_1DIM) stage1_ms = ms;
        last_ms[stage] = ms;
        const double gf = d.shape.flops() / (ms * 1e6);
        run.rows.push_back({"matmul", stage, name, size, ms, gf, "GFLOP/s", bench_stage_pct(stage, gf, tensor, run.fp32_gflops),
                            stage1_ms > 0 ? stage1_ms / ms : 0, r.ok(), ""});
        fmt::print("  matmul {:>2} {:<28} {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s {}\n", stage, name, size, ms, gf,
                   r.ok() ? "OK" : "WRONG");
      }
      // The article's "OpenCL total" for the tuned stage: upload, run, read back.
      upload_matmul_data(ctx, d);
      double tuned_device_ms = 0;
      if (lib().mqlcl_matmul(ctx.handle(), MQLCL_STAGE_SGEMM_TUNED, n, n, n, 0, 0, 0) == MQLCL_OK) {
        tuned_device_ms = ctx.kernel_ms() + ctx.convert_ms();
        ctx.read(MQLCL_SLOT_C, static_cast<size_t>(n) * n);
        run.rows.push_back({"transfer", MQLCL_STAGE_SGEMM_TUNED, "OpenCL total of stage 10 (upload+run+read)", size, ctx.total_ms(),
                            3.0 * n * n * 4 / (ctx.total_ms() * 1e6), "GB/s", 0, 0, true,
                            fmt::format("kernel {:.3f} ms of it", ctx.kernel_ms())});
      }
#if defined(MQLCL_HAVE_CLBLAST)
      const PeerTiming p = clblast_gemm(opt.device, d.a, d.b, n, n, n, a.reps);
      if (p.available) {
        const double gf = d.shape.flops() / (p.median_ms * 1e6);
        // Stage 10 counted with its padding work, as CLBlast's wall time includes its own.
        const double tuned = tuned_device_ms > 0 ? d.shape.flops() / (tuned_device_ms * 1e6) : 0;
        run.rows.push_back({"peer", 0, "CLBlast SGEMM", size, p.median_ms, gf, "GFLOP/s", 100 * gf / run.fp32_gflops, 0,
                            p.max_rel_error <= product_tolerance(MQLCL_PRECISION_FP32, n), fmt::format("stage 10 (kernel + padding) / CLBlast = {:.2f}", tuned / gf)});
        fmt::print("  CLBlast SGEMM {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s; stage 10 / CLBlast = {:.2f}\n", size, p.median_ms, gf,
                   tuned / gf);
      } else {
        run.rows.push_back({"peer", 0, "CLBlast SGEMM", size, 0, 0, "GFLOP/s", 0, 0, false, p.note});
      }
#endif
      prev_n = n;
    }
    // cuBLAS through PyTorch, once for the ladder and the GEMM rows (cublas_peer.hpp): optional,
    // "not available" without python3, torch or CUDA.
    CublasPeer cublas;
    if (part("matmul") || part("gemm")) {
      std::vector<int> sizes = part("matmul") ? ints(a.sizes) : std::vector<int>{};
      if (part("gemm")) sizes.insert(sizes.end(), gemm_sizes.begin(), gemm_sizes.end());
      std::sort(sizes.begin(), sizes.end());
      sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
      cublas = run_cublas_peer(sizes, part("gemm") ? "FP32,TF32,FP64" : "FP32,TF32", part("gemm") ? "FP32,FP64" : "");
    }
    if (part("matmul")) add_cublas_peer_rows(run, cublas, ints(a.sizes));  // tensor_bench.hpp
#if defined(MQLCL_HAVE_CLBLAST)
    const int transfer_mb = std::min(256, mb);
    const TransferRates tr = part("transfer") ? transfer_rates(opt.device, static_cast<size_t>(transfer_mb) << 20, a.reps)
                                              : TransferRates{};
    if (tr.available) {
      const std::string tsize = fmt::format("{} MB", transfer_mb);
      run.rows.push_back({"transfer", 1, "host->device, pageable memory", tsize, 0, tr.pageable_write_gbs, "GB/s", 0, 0, true, ""});
      run.rows.push_back({"transfer", 2, "device->host, pageable memory", tsize, 0, tr.pageable_read_gbs, "GB/s", 0, 0, true, ""});
      run.rows.push_back({"transfer", 3, "host->device, pinned memory", tsize, 0, tr.pinned_write_gbs, "GB/s", 0, 0, true, ""});
      run.rows.push_back({"transfer", 4, "device->host, pinned memory", tsize, 0, tr.pinned_read_gbs, "GB/s", 0, 0, true, ""});
      run.rows.push_back({"transfer", 5, "host->device, pageable staged via pinned", tsize, 0, tr.staged_write_gbs, "GB/s", 0, 0,
                          true, "memcpy into a pinned buffer, then its DMA: what the library could do with an MQL5 array"});
    }
#endif

    // ---- GEMM: host->host and device-resident, with their peers (gemm_bench.hpp) ----
    if (part("gemm")) {
      const GemmCeilings ceilings = add_gemm_ceiling_rows(ctx, run.fp32_gflops, tensor, run);
      add_gemm_rows(ctx, opt.device, {gemm_sizes, a.reps, budget_ms, opt.seed}, ceilings, cublas, run);
    }

    // ---- DIA SpMV, 7-point Laplacian ----
    if (part("dia")) {
      const DiaProblem p = make_dia_problem("laplace3d", a.dia_rows, 7, opt.seed);
      upload_dia_problem(ctx, p);
      const std::string size = fmt::format("{} rows, 7 diags", p.m.rows);
      for (int step = 1; step <= kDiaSteps; ++step) {
        const TimedRun r = run_dia_step(ctx, p, step, 0, a.reps, budget_ms);
        if (!r.error.empty()) {
          run.rows.push_back({"dia", step, dia_step_name(step), size, 0, 0, "GB/s", 0, 0, false, r.error});
          continue;
        }
        const double ms = r.median_ms(), gbs = p.bytes_x_cached() / (ms * 1e6);
        run.rows.push_back({"dia", step, dia_step_name(step), size, ms, gbs, "GB/s", 100 * gbs / run.bandwidth_gbs, 0, r.ok(),
                            fmt::format("{:.1f} GFLOP/s", p.flops() / (ms * 1e6))});
        fmt::print("  dia step {} {:<24} {:>10.4f} ms {:>8.1f} GB/s ({:.1f}% of copy){}\n", step, dia_step_name(step), ms, gbs,
                   100 * gbs / run.bandwidth_gbs, r.ok() ? "" : " WRONG");
      }
    }
    // ---- transpose ----
    if (part("transpose")) {
      const TransposeProblem p = make_transpose_problem(a.transpose, a.transpose, opt.seed);
      upload_transpose_problem(ctx, p);
      for (int v = 1; v <= kTransposeVariants; ++v)
        for (int tile : v == 1 ? std::vector<int>{32} : std::vector<int>{16, 32, 64}) {
          const TimedRun r = run_transpose(ctx, p, v, tile, a.reps, budget_ms);
          const std::string size = fmt::format("{0}x{0}, tile {1}", p.rows, tile);
          if (!r.error.empty()) {
            run.rows.push_back({"transpose", v, transpose_variant_name(v), size, 0, 0, "GB/s", 0, 0, false, r.error});
            continue;
          }
          const double ms = r.median_ms(), gbs = p.bytes() / (ms * 1e6);
          run.rows.push_back({"transpose", v, transpose_variant_name(v), size, ms, gbs, "GB/s", 100 * gbs / run.bandwidth_gbs, 0,
                              r.ok(), ""});
          fmt::print("  transpose {} {:<28} tile {:>2} {:>10.4f} ms {:>8.1f} GB/s ({:.1f}% of copy){}\n", v,
                     transpose_variant_name(v), tile, ms, gbs, 100 * gbs / run.bandwidth_gbs, r.ok() ? "" : " WRONG");
        }
    }

    // ---- launches and the MLP training: mqlcl against OpenCL directly, same device, same run ----
    if (part("launch")) add_launch_rows(ctx, opt.device, ints(a.chains), a.reps, run);
    if (part("mlp")) add_mlp_rows(ctx, opt.device, a.mlp, a.reps, run);

    print_bench_table(run);
    std::filesystem::create_directories(a.out_dir);
    write_bench_json(run, a.out_dir + "/bench.json");
    write_bench_csv(run, a.out_dir + "/bench.csv");
    if (part("matmul"))
      for (int n : ints(a.sizes)) write_ladder_svg(run, fmt::format("{0}x{0}x{0}", n), fmt::format("{}/ladder-{}.svg", a.out_dir, n));
    fmt::print("\nwritten: {0}/bench.json, {0}/bench.csv, {0}/ladder-*.svg\n", a.out_dir);
    return 0;
  });
}

}  // namespace host
