// `stages`: the library's stage registry as it reports it (mqlcl_stage_*), as a table or as
// JSON for scripts (tests/checks/run_oclgrind.py enumerates the stages from it).
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "library.hpp"
#include "matmul_runs.hpp"

namespace host {

namespace {
bool g_json = false;

const char* precision_name(long long p) {
  switch (p) {
    case MQLCL_PRECISION_FP32: return "fp32";
    case MQLCL_PRECISION_FP32_TENSOR: return "fp32-tensor";
    case MQLCL_PRECISION_TF32: return "tf32";
    default: return "?";
  }
}
}  // namespace

void register_stages_command(CLI::App& app, Options& opt) {
  auto* s = app.add_subcommand("stages", "list the library's matmul stages and what each takes (its registry)");
  s->add_flag("--json", g_json, "print JSON (one object per stage)");
  add_command(s, [&opt] {
    nlohmann::json all = nlohmann::json::array();
    if (!g_json) fmt::print("{:>3} {:<30} {:>5} {:>14} {:>11} {:>6} {:>9} {}\n", "N", "name", "local", "param (def)",
                            "precision", "B col", "max K", "on device");
    for (int stage : library_stages(true)) {
      auto info = [&](int what) { return lib().mqlcl_stage_info(stage, what); };
      const int available = lib().mqlcl_stage_available(opt.device, stage);
      const std::string why = available == 1 ? "" : last_error(0);
      nlohmann::json j = {{"stage", stage},
                          {"name", stage_name(stage)},
                          {"local_dims", info(MQLCL_STAGE_INFO_LOCAL_DIMS)},
                          {"square_local", info(MQLCL_STAGE_INFO_SQUARE_LOCAL) == 1},
                          {"pow2_local", info(MQLCL_STAGE_INFO_POW2_LOCAL) == 1},
                          {"param_min", info(MQLCL_STAGE_INFO_PARAM_MIN)},
                          {"param_max", info(MQLCL_STAGE_INFO_PARAM_MAX)},
                          {"param_default", info(MQLCL_STAGE_INFO_PARAM_DEFAULT)},
                          {"precision", precision_name(info(MQLCL_STAGE_INFO_PRECISION))},
                          {"wrong_on_purpose", info(MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) == 1},
                          {"needs_b_colmajor", info(MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR) == 1},
                          {"max_colsrows", info(MQLCL_STAGE_INFO_MAX_COLSROWS)},
                          {"available", available == 1},
                          {"unavailable_reason", why}};
      if (g_json) {
        all.push_back(j);
        continue;
      }
      const std::string param = info(MQLCL_STAGE_INFO_PARAM_MAX) == 0
                                    ? "-"
                                    : fmt::format("{}-{} ({})", info(MQLCL_STAGE_INFO_PARAM_MIN),
                                                  info(MQLCL_STAGE_INFO_PARAM_MAX), info(MQLCL_STAGE_INFO_PARAM_DEFAULT));
      fmt::print("{:>3} {:<30} {:>5} {:>14} {:>11} {:>6} {:>9} {}{}\n", stage, stage_name(stage),
                 fmt::format("{}D", info(MQLCL_STAGE_INFO_LOCAL_DIMS)), param, precision_name(info(MQLCL_STAGE_INFO_PRECISION)),
                 info(MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR) ? "yes" : "no",
                 info(MQLCL_STAGE_INFO_MAX_COLSROWS) ? std::to_string(info(MQLCL_STAGE_INFO_MAX_COLSROWS)) : "-",
                 available == 1 ? "yes" : "no: " + why, info(MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) ? " (wrong on purpose: a race)" : "");
    }
    if (g_json) fmt::print("{}\n", all.dump(1));
    return 0;
  });
}

}  // namespace host
