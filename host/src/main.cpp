// mqlcl-host: runs every experiment of the reference documents through the mqlcl library,
// loaded at run time as MetaTrader loads it. `mqlcl-host --help` lists the commands.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "commands.hpp"
#include "devices.hpp"
#include "library.hpp"

int main(int argc, char** argv) {
  CLI::App app{"mqlcl-host: the OpenCL experiments of mqlcl (article, report, lab, exercises) and their benchmarks"};
  host::Options opt;
  app.add_option("--library", opt.library, "path of libmqlcl.so / mqlcl.dll (default: beside this program)");
  app.add_option("--device", opt.device, "OpenCL device number (see `devices`); -1: the best device (a GPU first)")
      ->capture_default_str();
  app.add_option("--seed", opt.seed, "random seed of the generated data")->capture_default_str();
  host::register_commands(app, opt);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    host::load_library(opt.library);
    if (opt.device == MQLCL_DEVICE_BEST) {
      // Where no device exists the commands say so themselves (devices lists none).
      const int best = host::lib().mqlcl_device_best();
      opt.device = best >= 0 ? best : 0;
      if (best >= 0 && !app.got_subcommand("devices") && !app.got_subcommand("procs-worker")) {
        fmt::print(stderr, "mqlcl-host: device {} ({}), the best of {} (--device to choose another)\n", best,
                   host::device_text(best, MQLCL_TEXT_NAME), host::lib().mqlcl_device_count());
      }
    }
    return host::run_selected(app);
  } catch (const std::exception& e) {
    fmt::print(stderr, "mqlcl-host: {}\n", e.what());
    return 2;
  }
}
