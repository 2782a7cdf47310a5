// mqlcl-host: runs every experiment of the reference documents through the mqlcl library,
// loaded at run time as MetaTrader loads it. `mqlcl-host --help` lists the commands.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "commands.hpp"
#include "library.hpp"

int main(int argc, char** argv) {
  CLI::App app{"mqlcl-host: the OpenCL experiments of mqlcl (article, report, lab, exercises) and their benchmarks"};
  host::Options opt;
  app.add_option("--library", opt.library, "path of libmqlcl.so / mqlcl.dll (default: beside this program)");
  app.add_option("--device", opt.device, "OpenCL device number (see `devices`)")->capture_default_str();
  app.add_option("--seed", opt.seed, "random seed of the generated data")->capture_default_str();
  host::register_commands(app, opt);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    host::load_library(opt.library);
    return host::run_selected(app);
  } catch (const std::exception& e) {
    fmt::print(stderr, "mqlcl-host: {}\n", e.what());
    return 2;
  }
}
