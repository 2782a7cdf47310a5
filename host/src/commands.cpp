#include "commands.hpp"

#include <map>
#include <stdexcept>

#include "devices.hpp"

namespace host {

namespace {
std::map<CLI::App*, Runner>& runners() {
  static std::map<CLI::App*, Runner> r;
  return r;
}
}  // namespace

void add_command(CLI::App* sub, Runner run) { runners()[sub] = std::move(run); }

std::vector<int> parse_ints(const std::string& text, size_t count, const char* what) {
  std::vector<int> out;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t comma = text.find(',', at);
    const std::string part = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    try {
      out.push_back(std::stoi(part));
    } catch (const std::exception&) {
      throw std::runtime_error(std::string(what) + ": '" + text + "' is not a list of integers");
    }
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  if (out.size() == 1 && count == 3) out = {out[0], out[0], out[0]};
  if (out.size() == 1 && count == 2) out = {out[0], out[0]};
  if (out.size() != count) throw std::runtime_error(std::string(what) + ": expected " + std::to_string(count) + " numbers");
  return out;
}

void register_commands(CLI::App& app, Options& opt) {
  app.require_subcommand(1);
  add_command(app.add_subcommand("devices", "list the OpenCL devices with the facts the experiments depend on"), [] {
    print_devices();
    return 0;
  });
  register_matmul_commands(app, opt);
  register_report_lab_commands(app, opt);
  register_peak_command(app, opt);
  register_profile_command(app, opt);
  register_dia_command(app, opt);
  register_transpose_command(app, opt);
  register_gemm_command(app, opt);
  register_bench_command(app, opt);
  register_procs_commands(app, opt);
  register_tune_command(app, opt);
  register_plan_check_command(app, opt);
  register_stages_command(app, opt);
  register_tensor_command(app, opt);
}

int run_selected(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands()) {
    auto it = runners().find(sub);
    if (it != runners().end()) return it->second();
  }
  throw std::runtime_error("no command given");
}

}  // namespace host
