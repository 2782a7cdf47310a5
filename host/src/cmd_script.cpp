// `script NAME [ARGS...]`: the host twin of each MQL5 script in mql5/Scripts/mqlcl: the same
// calls through the same DLL, with the same defaults, so that the scripts' output can be
// checked and shown without a terminal. ARGS override the defaults (e.g. --size 64).
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "commands.hpp"

namespace host {

namespace {
struct Twin {
  std::vector<std::string> args;  // the host command it runs
  const char* what;
};

const std::map<std::string, Twin>& twins() {
  static const std::map<std::string, Twin> t = {
      {"matr_mul_2dim", {{"ladder", "--stages", "0", "--all-orders", "--size", "1000"}, "stage 0: six CPU loop orders"}},
      {"matr_mul_1dim", {{"matmul", "--stage", "1", "--size", "2000"}, "article stage 1"}},
      {"matr_mul_1dim_coalesced", {{"matmul", "--stage", "2", "--size", "2000"}, "article stage 2"}},
      {"matr_mul_sum_local", {{"matmul", "--stage", "3", "--size", "2000"}, "article stage 3"}},
      {"matr_mul_row_calc", {{"matmul", "--stage", "4", "--size", "2000"}, "article stage 4"}},
      {"matr_mul_row_in_private", {{"matmul", "--stage", "5", "--size", "2000"}, "article stage 5"}},
      {"matr_mul_col_local", {{"matmul", "--stage", "6", "--size", "2000"}, "article stage 6"}},
      {"matr_mul_vect", {{"matmul", "--stage", "7", "--size", "2000"}, "article stage 7"}},
      {"matr_mul_vect_v2", {{"matmul", "--stage", "8", "--size", "2000"}, "article stage 8"}},
      {"matr_mul_vect_v3", {{"matmul", "--stage", "9", "--size", "2000"}, "article stage 9"}},
      {"report_kernels", {{"report", "--sizes", "64,256"}, "the student report's kernels"}},
      {"lab_tiles", {{"lab", "--size", "2048"}, "the CUDA lab's questions"}},
      {"transpose_local", {{"transpose", "--size", "2048,2048", "--tile", "16"}, "the local-memory transpose"}},
      {"dia_spmv", {{"dia", "--kind", "laplace3d", "--rows", "262144"}, "DIA SpMV steps 1-5 (64^3 grid)"}},
      {"mqlcl_devices", {{"devices"}, "the device list"}},
  };
  return t;
}

struct ScriptArgs {
  std::string name;
  bool list = false;
};
}  // namespace

void register_script_command(CLI::App& app, Options& opt) {
  static ScriptArgs a;
  auto* sc = app.add_subcommand("script", "run the host twin of an MQL5 script of mql5/Scripts/mqlcl");
  sc->add_option("name", a.name, "the script's name (without .mq5)");
  sc->add_flag("--list", a.list, "list the scripts and their twins");
  sc->allow_extras();
  add_command(sc, [&opt, sc] {
    if (a.list || a.name.empty()) {
      for (const auto& [name, twin] : twins()) {
        std::string cmd;
        for (const auto& s : twin.args) cmd += " " + s;
        fmt::print("{:<26} {:<34} mqlcl-host{}\n", name, twin.what, cmd);
      }
      return 0;
    }
    auto it = twins().find(a.name);
    if (it == twins().end()) throw std::runtime_error("no MQL5 script named '" + a.name + "' (see script --list)");
    std::vector<std::string> args = it->second.args;
    // An option given again replaces the twin's default value; anything else is appended.
    const std::vector<std::string> extras = sc->remaining();
    for (size_t i = 0; i < extras.size(); ++i) {
      const bool has_value = i + 1 < extras.size() && extras[i + 1].rfind("--", 0) != 0;
      auto at = std::find(args.begin(), args.end(), extras[i]);
      if (has_value && at != args.end() && at + 1 != args.end()) {
        *(at + 1) = extras[++i];
      } else {
        args.push_back(extras[i]);
        if (has_value) args.push_back(extras[++i]);
      }
    }
    // Run the mapped command through a fresh parser, as if typed.
    CLI::App inner{"twin"};
    Options inner_opt = opt;
    register_commands(inner, inner_opt);
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes argv reversed
    inner.parse(reversed);
    return run_selected(inner, inner_opt);
  });
}

}  // namespace host
