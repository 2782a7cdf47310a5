// `tune`: searches stage 10's tile sizes on the current device within a time budget,
// checks every candidate against a double product, and has the library store the best
// (mqlcl_tuning_store) in the tuning file it reads when it creates a context:
// $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside it. The host never writes the file.
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <functional>

#include "commands.hpp"
#include "devices.hpp"
#include "matmul_runs.hpp"

namespace host {

namespace {
struct TuneArgs {
  int size = 2048;
  double seconds = 120;
  int reps = 3;
  std::string file;
};

// --file: the same as $MQLCL_TUNING_FILE for this run, which the library reads both when it
// creates a context and when it stores (so tune writes where a later run reads).
void set_tuning_file(const std::string& file) {
#if defined(_WIN32)
  _putenv_s("MQLCL_TUNING_FILE", file.c_str());
#else
  setenv("MQLCL_TUNING_FILE", file.c_str(), 1);
#endif
}

// A text export's result (buffer rules of mqlcl_device_text) as UTF-8.
std::string text_of(const std::function<int(mqlcl_char*, int)>& call, const char* name) {
  std::u16string buf(1024, u'\0');
  int n = check(call(buf.data(), static_cast<int>(buf.size())), name);
  if (n >= static_cast<int>(buf.size())) {
    buf.assign(static_cast<size_t>(n) + 1, u'\0');
    n = check(call(buf.data(), n + 1), name);
  }
  buf.resize(static_cast<size_t>(n));
  return to_utf8(buf);
}

// Candidates, the usual winners first so that a short budget still finds a good one.
std::vector<std::array<int, 5>> candidates() {
  std::vector<std::array<int, 5>> c = {{128, 128, 32, 8, 8}, {128, 128, 16, 8, 8}, {128, 128, 8, 8, 8}, {64, 128, 16, 8, 8},
                                       {128, 64, 16, 8, 8},  {64, 128, 32, 8, 8},  {128, 64, 32, 8, 8}, {128, 256, 8, 8, 8},
                                       {256, 128, 8, 8, 8},  {128, 128, 16, 8, 4}, {128, 128, 16, 4, 8}, {64, 64, 16, 8, 8},
                                       {64, 64, 16, 4, 4},   {64, 64, 32, 4, 4},   {128, 64, 16, 8, 4}, {64, 128, 16, 4, 8},
                                       {32, 128, 16, 4, 8},  {64, 64, 8, 4, 4},    {32, 32, 16, 4, 4},  {64, 32, 16, 4, 4}};
  return c;
}
}  // namespace

void register_tune_command(CLI::App& app, Options& opt) {
  static TuneArgs a;
  auto* t = app.add_subcommand("tune", "search stage 10's tile sizes on this device and store the best");
  t->add_option("--size", a.size, "square size timed")->capture_default_str();
  t->add_option("--seconds", a.seconds, "time budget")->capture_default_str();
  t->add_option("--reps", a.reps, "timed runs per candidate (median)")->capture_default_str();
  t->add_option("--file", a.file, "tuning file: sets $MQLCL_TUNING_FILE for this run (default: the variable, else "
                                   "mqlcl-tuning.txt beside the library)");
  add_command(t, [&opt] {
    if (!a.file.empty()) set_tuning_file(a.file);
    const std::string device = device_text(opt.device, MQLCL_TEXT_NAME);
    const int n = a.size;
    MatmulData d = make_matmul_data({n, n, n}, opt.seed);
    Context ctx(opt.device);
    ctx.upload(MQLCL_SLOT_A, d.a);
    ctx.upload(MQLCL_SLOT_B, d.b);
    std::mt19937 rng(opt.seed);
    fmt::print("tuning stage 10 on {} at {}^3, budget {:.0f} s\n", device, n, a.seconds);
    fmt::print("starting from: {}\n", text_of([&](mqlcl_char* b, int cap) {
      return lib().mqlcl_tuning_text(ctx.handle(), MQLCL_STAGE_SGEMM_TUNED, b, cap); }, "mqlcl_tuning_text"));
    const auto start = std::chrono::steady_clock::now();
    std::array<int, 5> best{};
    double best_ms = 1e300;
    int tried = 0;
    for (const auto& c : candidates()) {
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > a.seconds) {
        fmt::print("budget spent after {} candidates\n", tried);
        break;
      }
      ++tried;
      if (lib().mqlcl_sgemm_set(ctx.handle(), c.data(), static_cast<int>(c.size())) < 0) {
        fmt::print("  {:>3} {:>3} {:>2} {} {}: does not fit ({})\n", c[0], c[1], c[2], c[3], c[4], last_error(0));
        continue;
      }
      std::vector<double> times;
      bool failed = false;
      for (int r = 0; r <= a.reps && !failed; ++r) {
        if (lib().mqlcl_matmul(ctx.handle(), MQLCL_STAGE_SGEMM_TUNED, n, n, n, 0, 0, 0) < 0) {
          fmt::print("  {:>3} {:>3} {:>2} {} {}: refused ({})\n", c[0], c[1], c[2], c[3], c[4], last_error(0));
          failed = true;
        } else if (r > 0) {
          times.push_back(ctx.kernel_ms());
        }
      }
      if (failed) continue;
      const std::vector<float> out = ctx.read(MQLCL_SLOT_C, static_cast<size_t>(n) * n);
      const CheckResult chk = check_product(d.a, d.b, out, d.shape, 128, rng);
      std::sort(times.begin(), times.end());
      const double ms = times[times.size() / 2];
      fmt::print("  TSM {:>3} TSN {:>3} TSK {:>2} WPTM {} WPTN {}: {:>9.3f} ms {:>9.1f} GFLOP/s {}\n", c[0], c[1], c[2], c[3], c[4], ms,
                 d.shape.flops() / (ms * 1e6), chk.bad ? "WRONG" : "OK");
      if (chk.bad == 0 && ms < best_ms) {
        best_ms = ms;
        best = c;
      }
    }
    if (best_ms == 1e300) {
      fmt::print("no candidate ran correctly; nothing stored\n");
      return 1;
    }
    check(lib().mqlcl_tuning_store(ctx.handle(), MQLCL_STAGE_SGEMM_TUNED, best.data(), static_cast<int>(best.size())),
          "mqlcl_tuning_store");
    const std::string file = text_of([](mqlcl_char* b, int cap) { return lib().mqlcl_tuning_path(b, cap); }, "mqlcl_tuning_path");
    fmt::print("best: TSM {} TSN {} TSK {} WPTM {} WPTN {}: {:.3f} ms, {:.1f} GFLOP/s; stored in {}\n", best[0], best[1], best[2],
               best[3], best[4], best_ms, d.shape.flops() / (best_ms * 1e6), file);
    return 0;
  });
}

}  // namespace host
