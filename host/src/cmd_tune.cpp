// `tune`: searches a tunable's values on the current device within a time budget, checks
// every candidate against a double product, and has the library store the best
// (mqlcl_tuning_store) in the tuning file it reads when it creates a context:
// $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside it. The host never writes the file.
// --what: a GEMM kernel of the library's table by its name (mqlcl_gemm_kernel_name;
// sgemm_tuned, stage 10's kernel, the default): its tiles, each candidate the library offers for
// the device (mqlcl_tunable_candidate: the search space is the library's) pinned and run through
// mqlcl_sgemm / mqlcl_dgemm; or planner (each GEMM kernel the device runs, timed at two sizes:
// its efficiency and preparation, what the planner predicts with; efficiency is its old name).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "commands.hpp"
#include "devices.hpp"
#include "gemm_calls.hpp"
#include "gemm_kernels.hpp"
#include "planner_fit.hpp"
#include "product_check.hpp"
#include "timing.hpp"

namespace host {

namespace {
struct TuneArgs {
  int size = 2048;
  int small = 0;  // --what planner's small size; 0: min(1024, size / 4), unaligned where --size is not given
  const CLI::Option* size_option = nullptr;
  double seconds = 120;
  int reps = 3;
  std::string file;
  std::string what = "sgemm_tuned";
};

// The product times (ms) of `reps` runs of one GEMM kernel, pinned for the precision `flags`,
// at n^3 on host arrays, after a first run that builds; `ok`: the product stays within its
// precision's tolerance on bench's samples (product_check.hpp). No times when refused.
struct KernelRuns {
  std::vector<double> ms;
  bool ok = false;
};

template <class T>
KernelRuns run_kernel(int h, int flags, int kernel, int n, int reps, unsigned seed) {
  KernelRuns out;
  if (lib().mqlcl_gemm_pin(h, flags, kernel) < 0) return out;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const size_t count = static_cast<size_t>(n) * n;
  std::vector<T> A(count), B(count), C(count);
  for (auto& v : A) v = static_cast<T>(u(rng));
  for (auto& v : B) v = static_cast<T>(u(rng));
  for (int r = 0; r <= reps; ++r) {
    int rc;
    if constexpr (sizeof(T) == 4)
      rc = lib().mqlcl_sgemm(h, flags, n, n, n, 1.0f, A.data(), int(count), n, B.data(), int(count), n, 0.0f, C.data(),
                             int(count), n);
    else
      rc = lib().mqlcl_dgemm(h, flags, n, n, n, 1.0, A.data(), int(count), n, B.data(), int(count), n, 0.0, C.data(),
                             int(count), n);
    if (rc < 0) return {};
    if (r > 0) out.ms.push_back(lib().mqlcl_last_kernel_ms(h));  // the first run builds
  }
  lib().mqlcl_gemm_pin(h, flags, 0);
  out.ok = check_product(gemm_flags_precision(flags), A, B, C, n, n, n, 256).ok();
  return out;
}

// The element type is the kernel's: 8 bytes for mqlcl_dgemm's kernels, 4 for mqlcl_sgemm's.
KernelRuns run_any(int h, int flags, int kernel, int n, int reps, unsigned seed) {
  return gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES) == 8
             ? run_kernel<double>(h, flags, kernel, n, reps, seed)
             : run_kernel<float>(h, flags, kernel, n, reps, seed);
}

double gflops(int n, double ms) { return 2.0 * n * n * n / (ms * 1e6); }

using Tiles = std::vector<int>;

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

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string tunable_params(int tunable) {
  return text_of([&](mqlcl_char* b, int cap) { return lib().mqlcl_tunable_text(tunable, MQLCL_TUNABLE_TEXT_PARAMS, b, cap); },
                 "mqlcl_tunable_text");
}

std::string joined(const std::vector<int>& v) {
  std::string out;
  for (int x : v) out += (out.empty() ? "" : " ") + std::to_string(x);
  return out;
}

// What tune_tiles searches for one GEMM kernel: the tunable of its tiles, the precision field
// that runs it (both from the library's table), its parameter names and the candidates.
struct TileSearch {
  int kernel = 0, tunable = 0, flags = 0;
  std::string name;
  std::vector<std::string> params;  // "TSM", "TSN", ...
  std::vector<size_t> widths;       // each parameter's widest candidate value, to align the lines
  std::vector<Tiles> candidates;    // the library's search space on the device, best first

  // "TSM 128 TSN 128 TSK 32 ...", aligned on the candidates' widths or not.
  std::string label(const Tiles& t, bool aligned) const {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i)
      out += fmt::format("{}{} {:>{}}", i ? " " : "", i < params.size() ? params[i] : "?", t[i], aligned ? widths[i] : 0);
    return out;
  }
};

// The kernel's tiles as the library offers them on the device: its tunable's candidates
// (mqlcl_tunable_candidate), those that fit the device, best first.
TileSearch tile_search(int device, int kernel) {
  TileSearch s;
  s.kernel = kernel;
  s.name = gemm_kernel_name(kernel);
  s.tunable = static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
  s.flags = static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_FLAGS));
  s.params = words(tunable_params(s.tunable));
  const int count = check(lib().mqlcl_tunable_candidate_count(device, s.tunable), "mqlcl_tunable_candidate_count");
  for (int i = 0; i < count; ++i) {
    Tiles t(s.params.size());
    t.resize(static_cast<size_t>(check(lib().mqlcl_tunable_candidate(device, s.tunable, i, t.data(), int(t.size())),
                                       "mqlcl_tunable_candidate")));
    s.candidates.push_back(t);
  }
  for (const Tiles& t : s.candidates) {
    s.widths.resize(std::max(s.widths.size(), t.size()), 0);
    for (size_t i = 0; i < t.size(); ++i) s.widths[i] = std::max(s.widths[i], std::to_string(t[i]).size());
  }
  return s;
}

void print_tile_start(Context& ctx, const TileSearch& s, const TuneArgs& a, int device) {
  fmt::print("tuning {} (kernel {}) on {} at {}^3, budget {:.0f} s\n", s.name, s.kernel, device_text(device, MQLCL_TEXT_NAME),
             a.size, a.seconds);
  fmt::print("starting from: {}\n", text_of([&](mqlcl_char* b, int cap) {
    return lib().mqlcl_tuning_text(ctx.handle(), s.tunable, b, cap); }, "mqlcl_tuning_text"));
}

// Sets one candidate's tiles, times --reps runs of the kernel pinned, checks the product and
// prints the candidate's line: the median ms where it ran correctly, else a negative number.
double time_tiles(Context& ctx, const TileSearch& s, const Tiles& c, const TuneArgs& a, unsigned seed) {
  const std::string tiles = s.label(c, true);
  if (lib().mqlcl_tunable_set(ctx.handle(), s.tunable, c.data(), static_cast<int>(c.size())) < 0) {
    fmt::print("  {}: does not fit ({})\n", tiles, last_error(ctx.handle()));
    return -1;
  }
  const KernelRuns r = run_any(ctx.handle(), s.flags, s.kernel, a.size, a.reps, seed);
  if (r.ms.empty()) {
    fmt::print("  {}: refused ({})\n", tiles, last_error(0));
    return -1;
  }
  const double ms = median(r.ms);
  fmt::print("  {}: {:>9.3f} ms {:>9.1f} GFLOP/s {}\n", tiles, ms, gflops(a.size, ms), r.ok ? "OK" : "WRONG");
  return r.ok ? ms : -1;
}

int store_best_tiles(Context& ctx, const TileSearch& s, const Tiles& best, double best_ms, int n) {
  if (best.empty()) {
    fmt::print("no candidate ran correctly; nothing stored\n");
    return 1;
  }
  check(lib().mqlcl_tuning_store(ctx.handle(), s.tunable, best.data(), static_cast<int>(best.size())),
        "mqlcl_tuning_store");
  const std::string file = text_of([](mqlcl_char* b, int cap) { return lib().mqlcl_tuning_path(b, cap); }, "mqlcl_tuning_path");
  fmt::print("best: {}: {:.3f} ms, {:.1f} GFLOP/s; stored in {}\n", s.label(best, false), best_ms, gflops(n, best_ms), file);
  return 0;
}

// A GEMM kernel's tiles: each candidate in order until the budget is spent; the fastest
// median of those that ran correctly is stored.
int tune_tiles(const TuneArgs& a, const Options& opt, int kernel) {
  const TileSearch s = tile_search(opt.device, kernel);
  Context ctx(opt.device);
  print_tile_start(ctx, s, a, opt.device);
  if (s.candidates.empty()) {
    fmt::print("the library offers no tiles of tunable {} that fit this device; nothing stored\n", s.tunable);
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  Tiles best;
  double best_ms = 1e300;
  int tried = 0;
  for (const Tiles& c : s.candidates) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > a.seconds) {
      fmt::print("budget spent after {} candidates\n", tried);
      break;
    }
    ++tried;
    const double ms = time_tiles(ctx, s, c, a, opt.seed);
    if (ms > 0 && ms < best_ms) best_ms = ms, best = c;
  }
  return store_best_tiles(ctx, s, best, best_ms, a.size);
}

// The precision fields the GEMM kernels run under, each once, in the table's order.
std::vector<int> precision_fields() {
  std::vector<int> out;
  for (int kernel : gemm_kernels()) {
    const int flags = static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_FLAGS));
    if (std::find(out.begin(), out.end(), flags) == out.end()) out.push_back(flags);
  }
  return out;
}

// The planner's tunables on the context: efficiency (per mille) and preparation (the fixed cost
// of a call, hundredths of a launch and wait), one entry per kernel in the table's order.
struct PlannerTunables {
  std::vector<int> efficiency, preparation;
};
PlannerTunables planner_tunables(int h) {
  PlannerTunables p{std::vector<int>(gemm_kernels().size()), std::vector<int>(gemm_kernels().size())};
  check(lib().mqlcl_tunable_get(h, MQLCL_TUNABLE_EFFICIENCY, p.efficiency.data(), int(p.efficiency.size())),
        "mqlcl_tunable_get");
  check(lib().mqlcl_tunable_get(h, MQLCL_TUNABLE_PREPARATION, p.preparation.data(), int(p.preparation.size())),
        "mqlcl_tunable_get");
  return p;
}
void set_planner_tunables(int h, const PlannerTunables& p) {
  check(lib().mqlcl_tunable_set(h, MQLCL_TUNABLE_EFFICIENCY, p.efficiency.data(), int(p.efficiency.size())),
        "mqlcl_tunable_set");
  check(lib().mqlcl_tunable_set(h, MQLCL_TUNABLE_PREPARATION, p.preparation.data(), int(p.preparation.size())),
        "mqlcl_tunable_set");
}

// Every candidate's predicted ms at n^3 over all precisions (a kernel offered by two has one
// prediction: the formula does not depend on the precision asked).
std::map<int, double> predictions(int h, int n) {
  std::map<int, double> out;
  for (int flags : precision_fields()) {
    int kernels[16];
    double ms[16];
    const int count = check(lib().mqlcl_gemm_plan(h, flags, n, n, n, kernels, ms, 16), "mqlcl_gemm_plan");
    for (int i = 0; i < std::min(count, 16); ++i) out[kernels[i]] = ms[i];
  }
  return out;
}

// The formula's terms F, P, L (planner_fit.hpp) of each candidate at n^3, read back from the
// library's own predictions rather than computed again here: with every efficiency 1000 and
// preparation 0 it predicts F + L, at efficiency 500 2F + L, with preparation 100 launches
// F + 100 P + L. The context's tunables are restored after.
std::map<int, planner_fit::Point> formula_terms(int h, int n) {
  const PlannerTunables now = planner_tunables(h);
  const size_t count = now.efficiency.size();
  const auto with = [&](int efficiency, int preparation) {
    set_planner_tunables(h, {std::vector<int>(count, efficiency), std::vector<int>(count, preparation)});
    return predictions(h, n);
  };
  const auto base = with(1000, 0), half = with(500, 0), prepared = with(1000, 10000);
  set_planner_tunables(h, now);
  std::map<int, planner_fit::Point> out;
  for (const auto& [kernel, t1] : base) {
    const double F = half.at(kernel) - t1;
    out[kernel] = {F, (prepared.at(kernel) - t1) / 100, t1 - F, 0};
  }
  return out;
}

// --what planner (or efficiency): each GEMM kernel the planner offers here, every precision,
// timed on device buffers at a small size (--small: preparation and launches weigh) and at
// --size (the product does), the fastest of --reps calls each. The call's time (its packs and
// epilogue in the fixed cost and the traffic: the choice is between calls) fits its efficiency
// and fixed cost (planner_fit::fit); both tunables are stored. Kernels that cannot run, or ran wrong, or fell
// back (an FP16 kernel's unscalable lines), keep their values.
int tune_planner(const TuneArgs& a, const Options& opt) {
  Context ctx(opt.device);
  const int h = ctx.handle();
  const std::vector<int> order = gemm_kernels();  // the tunables' order
  const auto index_of = [&](int kernel) { return static_cast<size_t>(std::find(order.begin(), order.end(), kernel) - order.begin()); };
  const PlannerTunables before = planner_tunables(h);
  PlannerTunables after = before;
  std::vector<double> profile(MQLCL_PROFILE_FIELDS);  // measured now, so that every candidate is predicted
  check(lib().mqlcl_device_profile(h, profile.data(), MQLCL_PROFILE_FIELDS), "mqlcl_device_profile");
  // Without --size, the library's sizes on first use: off every tile multiple (planner_fit::unaligned).
  const bool given = a.size_option && a.size_option->count() > 0;
  const int large = given ? a.size : planner_fit::unaligned(a.size);
  const int small = a.small > 0 ? a.small
                    : given     ? std::max(16, std::min(1024, a.size / 4))
                                : planner_fit::unaligned(std::min(1024, a.size / 4));
  const int sizes[2] = {small, large};
  const std::map<int, planner_fit::Point> terms[2] = {formula_terms(h, small), formula_terms(h, large)};
  fmt::print("planner calibration on {}: {}^3 and {}^3, the fastest of {} calls on device buffers (host clock)\n",
             device_text(opt.device, MQLCL_TEXT_NAME), small, large, a.reps);
  bool stored_any = false;
  for (int bytes : {4, 8}) {
    std::vector<int> kernels;  // this element type's candidates, in the table's order
    for (int k : order)
      if (terms[1].count(k) && gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES) == bytes) kernels.push_back(k);
    if (kernels.empty()) continue;
    std::map<int, CallTimes> times[2];
    for (int s = 0; s < 2; ++s) {
      BufferOperands ops(h, sizes[s], bytes, opt.seed);
      for (int k : kernels)
        times[s][k] = ops.time(static_cast<int>(gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_FLAGS)), k, a.reps);
    }
    fmt::print("{}:\n", bytes == 8 ? "dgemm" : "sgemm");
    for (int k : kernels) {
      const size_t at = index_of(k);
      planner_fit::Point p[2];
      bool usable = true;
      for (int s = 0; s < 2; ++s) {
        const CallTimes& c = times[s][k];
        p[s] = terms[s].at(k);
        p[s].t = c.wall_ms;
        usable = usable && c.ok && c.product == k && c.wall_ms > 0;
      }
      fmt::print("  kernel {} {}:\n", k, gemm_kernel_name(k));
      if (!usable) {
        const CallTimes& c = !times[0][k].ok || times[0][k].product == k ? times[1][k] : times[0][k];
        fmt::print("    {}: keeps efficiency {} and preparation {:.2f}\n",
                   c.wall_ms <= 0 ? "refused" : !c.ok ? "WRONG product" : fmt::format("fell back to kernel {}", c.product),
                   before.efficiency[at], before.preparation[at] / 100.0);
        continue;
      }
      const planner_fit::Fit f = planner_fit::fit(p[0], p[1], before.preparation[at], planner_fit::kPreparationMax);
      after.efficiency[at] = f.efficiency, after.preparation[at] = f.preparation;
      stored_any = true;
      for (int s = 0; s < 2; ++s)
        fmt::print("    {:>5}^3: call {:9.3f} ms; predicted {:9.3f} ms before, {:9.3f} ms after\n", sizes[s],
                   times[s][k].wall_ms,
                   planner_fit::predicted(p[s], before.efficiency[at], before.preparation[at]),
                   planner_fit::predicted(p[s], f.efficiency, f.preparation));
      const char* how = f.how == planner_fit::Fit::kBoth ? "both from the two sizes"
                        : f.how == planner_fit::Fit::kKeptPreparation
                            ? "sizes too alike: preparation kept, efficiency from the large size"
                            : "preparation below 0: set to 0, efficiency from the large size";
      fmt::print("    efficiency {} -> {} per mille, fixed cost {:.2f} -> {:.2f} launches and waits a call ({}{})\n",
                 before.efficiency[at], f.efficiency, before.preparation[at] / 100.0, f.preparation / 100.0, how,
                 f.clamped ? "; held to the tunables' range" : "");
    }
  }
  if (!stored_any) {
    fmt::print("no kernel ran correctly at both sizes; nothing stored\n");
    return 1;
  }
  check(lib().mqlcl_tuning_store(h, MQLCL_TUNABLE_EFFICIENCY, after.efficiency.data(), int(after.efficiency.size())),
        "mqlcl_tuning_store");
  check(lib().mqlcl_tuning_store(h, MQLCL_TUNABLE_PREPARATION, after.preparation.data(), int(after.preparation.size())),
        "mqlcl_tuning_store");
  const std::string file = text_of([](mqlcl_char* b, int cap) { return lib().mqlcl_tuning_path(b, cap); }, "mqlcl_tuning_path");
  fmt::print("efficiency {} and preparation {} stored in {}\n", joined(after.efficiency), joined(after.preparation), file);
  return 0;
}

// An environment variable of this run, which the library reads.
void set_env(const char* name, const char* value) {
#if defined(_WIN32)
  _putenv_s(name, value);
#else
  setenv(name, value, 1);
#endif
}

// --what's choices: the GEMM kernels' names from the library's table, then "planner" and its
// old name "efficiency".
// Read when the value is checked or the help shown, both after --library is parsed, so the
// library is loaded then; where it cannot be, every value passes and the run says why.
std::vector<std::string> what_choices(const Options& opt) {
  try {
    if (lib().path.empty()) load_library(opt.library);
    std::vector<std::string> out;
    for (int kernel : gemm_kernels()) out.push_back(gemm_kernel_name(kernel));
    out.push_back("planner");
    out.push_back("efficiency");
    return out;
  } catch (const std::exception&) {
    return {};
  }
}

// As CLI::IsMember, but on a set known only once the library is loaded.
class WhatChoices : public CLI::Validator {
 public:
  explicit WhatChoices(const Options& opt) {
    name_ = "WHAT";
    desc_function_ = [&opt] {
      const auto set = what_choices(opt);
      return set.empty() ? std::string("{the library's GEMM kernels,planner,efficiency}") : "{" + CLI::detail::join(set, ",") + "}";
    };
    func_ = [&opt](std::string& value) -> std::string {
      const auto set = what_choices(opt);
      if (set.empty() || std::find(set.begin(), set.end(), value) != set.end()) return "";
      return value + " not in {" + CLI::detail::join(set, ",") + "}";
    };
  }
};

void add_tune_options(CLI::App* t, TuneArgs& a, const Options& opt) {
  t->add_option("--what", a.what, "a GEMM kernel's tiles, by its name in the library's table; or planner: every GEMM "
                                  "kernel's efficiency and preparation fitted from its times at --small and --size "
                                  "(efficiency: an alias of planner, which now fits both)")
      ->check(WhatChoices(opt))
      ->capture_default_str();
  a.size_option = t->add_option("--size", a.size, "square size timed (planner: without it, 2000, off every tile "
                                                  "multiple as callers' sizes are)")
                     ->check(CLI::Range(16, 1 << 15))
                     ->capture_default_str();
  t->add_option("--small", a.small, "planner: the small size, where preparation and launches weigh (default: "
                                    "min(1024, size / 4); without --size, 500)")
      ->check(CLI::Range(16, 1 << 15));
  t->add_option("--seconds", a.seconds, "time budget")->capture_default_str();
  t->add_option("--reps", a.reps, "timed runs per candidate after one that builds: tiles keep the median, planner "
                                  "the fastest")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  t->add_option("--file", a.file, "tuning file: sets $MQLCL_TUNING_FILE for this run (default: the variable, else "
                                   "mqlcl-tuning.txt beside the library)");
}
}  // namespace

void register_tune_command(CLI::App& app, Options& opt) {
  static TuneArgs a;
  auto* t = app.add_subcommand("tune", "search a tunable's values on this device and store the best");
  add_tune_options(t, a, opt);
  add_command(t, [&opt] {
    // --file: the same as $MQLCL_TUNING_FILE for this run, which the library reads both when it
    // creates a context and when it stores (so tune writes where a later run reads).
    if (!a.file.empty()) set_env("MQLCL_TUNING_FILE", a.file.c_str());
    // tune times everything itself: the library's tuning on first use stays off, so the
    // planner's calibration times the tiles as they are.
    set_env("MQLCL_TUNE", "off");
    if (a.what == "planner" || a.what == "efficiency") return tune_planner(a, opt);
    const int kernel = gemm_kernel_named(a.what);
    if (kernel == 0) throw std::runtime_error("tune --what " + a.what + ": no GEMM kernel of that name");
    return tune_tiles(a, opt, kernel);
  });
}

}  // namespace host
