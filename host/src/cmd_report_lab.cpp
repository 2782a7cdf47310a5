// `report`: the student report's kernels (MatrixMultiply0-3 and the work-group-per-element
// variants); `lab`: the CUDA lab's questions 1, 2, 4A-4C and 5, translated to OpenCL.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "commands.hpp"
#include "devices.hpp"
#include "matmul_runs.hpp"

namespace host {

namespace {
struct ReportLabArgs {
  std::string sizes = "64,256";
  int lab_size = 512;
  int samples = 500;
  bool races = false;
};

std::vector<int> int_list(const std::string& s) {
  return parse_ints(s, static_cast<size_t>(std::count(s.begin(), s.end(), ',') + 1), "list");
}

// Runs one configuration on its own line of a table; returns the result.
StageResult run_row(Context& ctx, int device, int stage, MatmulData& d, int l0, int l1, int param, int samples,
                    std::mt19937& rng) {
  StageResult r = run_matmul_stage(ctx, device, stage, d, l0, l1, param, samples, false, rng);
  const std::string local = l0 ? fmt::format("{}x{}", l0, l1) : "auto";
  if (!r.error.empty())
    fmt::print("  {:>3} {:<30} {:>8} {:>6} | refused: {}\n", stage, r.name, local, param ? std::to_string(param) : "-", r.error);
  else
    fmt::print("  {:>3} {:<30} {:>8} {:>6} | {:>10.3f} ms {:>6} launches {:>9.2f} GFLOP/s | {}\n", stage, r.name, local,
               param ? std::to_string(param) : "-", r.kernel_ms, r.launches, r.gflops(d.shape),
               r.ok() ? "OK" : fmt::format("WRONG: {} of {} elements", r.check.bad, r.check.checked));
  return r;
}
}  // namespace

void register_report_lab_commands(CLI::App& app, Options& opt) {
  static ReportLabArgs a;
  auto* report = app.add_subcommand("report", "the student report (001): MatrixMultiply0-3 and one work-group per element");
  report->add_option("--sizes", a.sizes, "square sizes to compare, comma-separated")->capture_default_str();
  report->add_option("--samples", a.samples, "elements checked (0: all)")->capture_default_str();
  add_command(report, [&opt] {
    std::mt19937 rng(opt.seed);
    Context ctx(opt.device);
    bool wrong = false;
    for (int n : int_list(a.sizes)) {
      MatmulData d = make_matmul_data({n, n, n}, opt.seed);
      fmt::print("\nreport kernels at {0} x {0} x {0} on {1}:\n", n, device_text(opt.device, MQLCL_TEXT_NAME));
      for (int stage : {MQLCL_STAGE_REPORT_ROW, MQLCL_STAGE_REPORT_COLUMN, MQLCL_STAGE_REPORT_ELEMENT, MQLCL_STAGE_REPORT_RANK1,
                        MQLCL_STAGE_REPORT_REDUCE_TREE, MQLCL_STAGE_REPORT_REDUCE_ATOMIC})
        wrong |= !run_row(ctx, opt.device, stage, d, 0, 0, 0, a.samples, rng).ok();
    }
    fmt::print("\nMatrixMultiply3 launches one kernel per k (the launches column); stages 15/16 need one launch\n"
               "for any k: each work-group strides over k, then sums its partials in __local memory.\n");
    return wrong ? 1 : 0;
  });

  auto* lab = app.add_subcommand("lab", "the CUDA lab (002) in OpenCL: block shapes, unrolling, __local tiles");
  lab->add_option("--size", a.lab_size, "TM: square matrix size (the lab used 2048)")->capture_default_str();
  lab->add_option("--samples", a.samples, "elements checked (0: all)")->capture_default_str();
  lab->add_flag("--races", a.races, "question 4C: also run the tiles with each barrier removed (wrong results expected)");
  add_command(lab, [&opt] {
    const int n = a.lab_size;
    MatmulData d = make_matmul_data({n, n, n}, opt.seed);
    std::mt19937 rng(opt.seed);
    Context ctx(opt.device);
    const long long max_wg = device_info(opt.device, MQLCL_INFO_MAX_WORK_GROUP_SIZE);
    const long long local_mem = device_info(opt.device, MQLCL_INFO_LOCAL_MEM_SIZE);
    bool wrong = false;
    fmt::print("CUDA lab in OpenCL on {}, TM = {}\n", device_text(opt.device, MQLCL_TEXT_NAME), n);
    fmt::print("\nQ1: 2D blocks BLOCK_X x BLOCK_Y (x = column), one element of C per work-item\n");
    for (auto [bx, by] : std::vector<std::pair<int, int>>{{256, 2}, {128, 4}, {64, 8}, {32, 16}, {16, 16}, {16, 32}, {8, 64}})
      wrong |= !run_row(ctx, opt.device, MQLCL_STAGE_LAB_BLOCK2D, d, bx, by, 0, a.samples, rng).ok();
    fmt::print("\nQ2: the k-loop unrolled by 2, 4, 8 with 128 x 2 blocks\n");
    wrong |= !run_row(ctx, opt.device, MQLCL_STAGE_LAB_BLOCK2D, d, 128, 2, 0, a.samples, rng).ok();
    for (int u : {2, 4, 8}) wrong |= !run_row(ctx, opt.device, MQLCL_STAGE_LAB_UNROLL, d, 128, 2, u, a.samples, rng).ok();
    fmt::print("\nQ4A: tiles that fit: two TILE x TILE float tiles need 8*TILE^2 bytes of the {} bytes of local memory\n"
               "     (CL_DEVICE_LOCAL_MEM_SIZE), and TILE^2 work-items <= {} (CL_DEVICE_MAX_WORK_GROUP_SIZE)\n",
               local_mem, max_wg);
    const int by_mem = static_cast<int>(std::floor(std::sqrt(local_mem / 8.0)));
    const int by_wg = static_cast<int>(std::floor(std::sqrt(static_cast<double>(max_wg))));
    fmt::print("     largest TILE by memory: {}, by work-group size: {} -> TILE <= {}; powers of two:", by_mem, by_wg,
               std::min(by_mem, by_wg));
    std::vector<int> tiles;
    for (int t = 2; t <= std::min(by_mem, by_wg); t *= 2) {
      tiles.push_back(t);
      fmt::print(" {}", t);
    }
    fmt::print("\n\nQ4B: square tiles in __local memory, two barriers per step\n");
    for (int t : tiles)
      if (t >= 4) wrong |= !run_row(ctx, opt.device, MQLCL_STAGE_LAB_TILES, d, t, t, 0, a.samples, rng).ok();
    if (a.races) {
      fmt::print("\nQ4C: each barrier removed in turn (16 x 16 tiles): a data race; wrong elements are counted\n"
                 "     against the reference (a device may hide the race; oclgrind --data-races always reports it)\n");
      for (int stage : {MQLCL_STAGE_LAB_TILES_NO_BARRIER1, MQLCL_STAGE_LAB_TILES_NO_BARRIER2}) run_row(ctx, opt.device, stage, d, 16, 16, 0, 0, rng);
    } else {
      fmt::print("\nQ4C: run with --races to execute the tiles with each barrier removed\n");
    }
    fmt::print("\nQ5: rectangular tiles: A tile BLOCK_Y x TILE, B tile TILE x BLOCK_X\n");
    for (auto [bx, by, tk] : std::vector<std::tuple<int, int, int>>{{32, 8, 8}, {32, 8, 32}, {64, 4, 16}, {16, 16, 32}, {16, 16, 64}})
      wrong |= !run_row(ctx, opt.device, MQLCL_STAGE_LAB_TILES_RECT, d, bx, by, tk, a.samples, rng).ok();
    return wrong ? 1 : 0;
  });
}

}  // namespace host
