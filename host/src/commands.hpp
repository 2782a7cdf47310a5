// The host's commands: each registers its CLI11 subcommand and runs when selected.
#pragma once
#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

#include "mqlcl.h"

namespace host {

struct Options {
  std::string library;
  int device = MQLCL_DEVICE_BEST;  // resolved to its number once the library is loaded
  unsigned seed = 20120527;  // the day of the article's last measurements
};

using Runner = std::function<int()>;
void add_command(CLI::App* sub, Runner run);

void register_commands(CLI::App& app, Options& opt);
void register_matmul_commands(CLI::App& app, Options& opt);
void register_report_lab_commands(CLI::App& app, Options& opt);
void register_peak_command(CLI::App& app, Options& opt);
void register_profile_command(CLI::App& app, Options& opt);
void register_dia_command(CLI::App& app, Options& opt);
void register_transpose_command(CLI::App& app, Options& opt);
void register_gemm_command(CLI::App& app, Options& opt);  // gemm.cpp
void register_bench_command(CLI::App& app, Options& opt);
void register_procs_commands(CLI::App& app, Options& opt);  // bench/cmd_procs.cpp: procs, procs-worker
void register_tune_command(CLI::App& app, Options& opt);
void register_plan_check_command(CLI::App& app, Options& opt);  // cmd_plan_check.cpp
void register_stages_command(CLI::App& app, Options& opt);
void register_tensor_command(CLI::App& app, Options& opt);  // cmd_tensor.cpp
int run_selected(CLI::App& app);

// "R,K,C" style size options.
std::vector<int> parse_ints(const std::string& text, size_t count, const char* what);

}  // namespace host
