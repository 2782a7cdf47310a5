// Commands `matmul` (one stage, the article's log) and `ladder` (stages 0-9 and the table).
#include <fmt/core.h>

#include <algorithm>

#include "commands.hpp"
#include "devices.hpp"
#include "matmul_runs.hpp"

namespace host {

namespace {
struct MatmulArgs {
  int stage = 1;
  std::string size = "512,512,512";
  std::string local = "0,0";
  int param = 0;
  int samples = 1000;
  bool cpu = true;
  bool all_orders = false;
  std::string json;
  std::string stages;  // empty: article_stages()
};

// The article's stages: those of the library's table named after the article's kernels
// ("matr_mul_vect_v2", mqlcl_stage_name), in the table's order.
std::vector<int> article_stages() {
  std::vector<int> out;
  for (int stage : library_stages(true))
    if (stage_name(stage).rfind("matr_mul_", 0) == 0) out.push_back(stage);
  return out;
}
}  // namespace

void register_matmul_commands(CLI::App& app, Options& opt) {
  static MatmulArgs a;
  auto* mm = app.add_subcommand("matmul", "run one matmul stage with the article's log lines");
  mm->add_option("--stage", a.stage, "stage number (docs/ABI.md)")->capture_default_str();
  mm->add_option("--size", a.size, "ROWS1,COLSROWS,COLS2 (or one number for square)")->capture_default_str();
  mm->add_option("--local", a.local, "work-group size local0,local1 (0,0: the driver chooses)")->capture_default_str();
  mm->add_option("--param", a.param, "the stage's parameter (unroll factor, tile length)")->capture_default_str();
  mm->add_option("--samples", a.samples, "elements checked against a double product (0: all)")->capture_default_str();
  mm->add_flag("!--no-cpu", a.cpu, "skip the single-core CPU product (CPUTime)");
  add_command(mm, [&opt] {
    const auto sz = parse_ints(a.size, 3, "--size");
    const auto lc = parse_ints(a.local, 2, "--local");
    MatmulData d = make_matmul_data({sz[0], sz[1], sz[2]}, opt.seed);
    if (a.cpu) run_cpu_stage(d, false);
    std::mt19937 rng(opt.seed + 1);
    Context ctx(opt.device);
    const StageResult r = run_matmul_stage(ctx, opt.device, a.stage, d, lc[0], lc[1], a.param, a.samples, true, rng);
    print_stage_table({r}, d, device_text(opt.device, MQLCL_TEXT_NAME));
    return r.ok() ? 0 : 1;
  });

  auto* ladder = app.add_subcommand("ladder", "the article's ladder: stage 0 (CPU) and stages 1-9, then a table");
  ladder->add_option("--size", a.size, "ROWS1,COLSROWS,COLS2 (or one number for square)")->capture_default_str();
  ladder->add_option("--stages", a.stages, "stages to run, comma-separated (default: the article's, matr_mul_* in `stages`)");
  ladder->add_option("--local", a.local, "work-group size for every stage (0,0: the driver chooses)")->capture_default_str();
  ladder->add_option("--samples", a.samples, "elements checked against a double product (0: all)")->capture_default_str();
  ladder->add_flag("--all-orders", a.all_orders, "time all six CPU loop orders of matr_mul_2dim");
  ladder->add_flag("!--no-cpu", a.cpu, "skip stage 0");
  ladder->add_option("--json", a.json, "also write the results to this JSON file");
  add_command(ladder, [&opt] {
    const auto sz = parse_ints(a.size, 3, "--size");
    const auto lc = parse_ints(a.local, 2, "--local");
    MatmulData d = make_matmul_data({sz[0], sz[1], sz[2]}, opt.seed);
    print_device_facts(opt.device);
    if (a.cpu) run_cpu_stage(d, a.all_orders);
    std::mt19937 rng(opt.seed + 1);
    Context ctx(opt.device);
    std::vector<StageResult> rows;
    bool wrong = false;
    const std::vector<int> stages =
        a.stages.empty() ? article_stages()
                         : parse_ints(a.stages, std::count(a.stages.begin(), a.stages.end(), ',') + 1, "--stages");
    for (int stage : stages) {
      if (stage == 0) continue;  // stage 0 is the CPU product above
      rows.push_back(run_matmul_stage(ctx, opt.device, stage, d, lc[0], lc[1], 0, a.samples, true, rng));
      wrong = wrong || (rows.back().error.empty() && !rows.back().ok());
    }
    const std::string device = device_text(opt.device, MQLCL_TEXT_NAME);
    if (!rows.empty() || !a.cpu) print_stage_table(rows, d, device);
    if (!a.json.empty()) write_stage_json(rows, d, device, a.json);
    return wrong ? 1 : 0;
  });
}

}  // namespace host
