// `tune`: searches a tunable's values on the current device within a time budget, checks
// every candidate against a double product, and has the library store the best
// (mqlcl_tuning_store) in the tuning file it reads when it creates a context:
// $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside it. The host never writes the file.
// --what: a GEMM kernel of the library's table by its name (mqlcl_gemm_kernel_name;
// sgemm_tuned, stage 10's kernel, the default): its tiles, each candidate pinned and run through
// mqlcl_sgemm / mqlcl_dgemm; or efficiency (each GEMM kernel the device runs, timed at --size,
// as a share of its profile ceiling: what the planner predicts with).
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
#include "gemm_kernels.hpp"
#include "product_check.hpp"
#include "timing.hpp"

namespace host {

namespace {
struct TuneArgs {
  int size = 2048;
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

// The tiles tried for each tile tunable (the search space is the host's), the usual winners
// and the defaults' neighbours first so that a short budget still finds a good one.
using Tiles = std::vector<int>;
const std::map<int, std::vector<Tiles>>& tile_candidates() {
  // The TF32 kernels' {BM BN BK WM WN STAGES GROUP_M}: 64 x 64 warps (one fragment set), 64 x 32
  // and 32 x 32 (two), pipelines as deep as 48 KiB of __local allows.
  static const std::vector<Tiles> tf32 = {{128, 128, 16, 64, 64, 3, 8}, {128, 128, 16, 64, 32, 3, 8},
                                          {128, 128, 16, 32, 64, 3, 8}, {128, 64, 16, 64, 32, 4, 8},
                                          {64, 128, 16, 32, 64, 4, 8},  {128, 64, 16, 32, 32, 4, 8},
                                          {128, 128, 16, 64, 64, 2, 8}, {128, 128, 16, 64, 64, 3, 4},
                                          {64, 64, 16, 32, 32, 5, 8}};
  static const std::map<int, std::vector<Tiles>> lists = {
      {MQLCL_STAGE_SGEMM_TUNED,
       {{128, 128, 32, 8, 8}, {128, 128, 16, 8, 8}, {128, 128, 8, 8, 8}, {64, 128, 16, 8, 8},  {128, 64, 16, 8, 8},
        {64, 128, 32, 8, 8},  {128, 64, 32, 8, 8},  {128, 256, 8, 8, 8}, {256, 128, 8, 8, 8},  {128, 128, 16, 8, 4},
        {128, 128, 16, 4, 8}, {64, 64, 16, 8, 8},   {64, 64, 16, 4, 4},  {64, 64, 32, 4, 4},   {128, 64, 16, 8, 4},
        {64, 128, 16, 4, 8},  {32, 128, 16, 4, 8},  {64, 64, 8, 4, 4},   {32, 32, 16, 4, 4},   {64, 32, 16, 4, 4}}},
      {MQLCL_STAGE_TENSOR_TF32, tf32},
      {MQLCL_STAGE_TENSOR_3XTF32, tf32},
      // The FP16 kernels: k-tiles of 32 (BK 8), 64 (16) or 128 (32) bytes a line, as many in
      // flight as 48 KiB of __local holds; 256-wide blocks halve the bytes per flop from L2.
      {MQLCL_STAGE_TENSOR_FP16,
       {{128, 128, 16, 64, 64, 3, 8}, {128, 128, 8, 64, 64, 5, 8},  {128, 128, 8, 64, 64, 4, 8},
        {256, 128, 8, 64, 64, 4, 8},  {128, 256, 8, 64, 64, 4, 8},  {256, 128, 16, 64, 64, 2, 8},
        {128, 256, 16, 64, 64, 2, 8}, {128, 64, 32, 64, 32, 2, 8},  {128, 128, 16, 64, 32, 3, 8},
        {64, 128, 16, 32, 64, 4, 8},  {256, 128, 8, 64, 64, 4, 16}, {128, 128, 8, 64, 64, 5, 4}}},
      {MQLCL_STAGE_TENSOR_3XFP16,
       {{128, 128, 16, 64, 32, 3, 8}, {128, 128, 16, 32, 32, 3, 8}, {128, 128, 16, 32, 64, 3, 8},
        {128, 64, 16, 32, 32, 4, 8},  {64, 128, 16, 32, 32, 4, 8},  {128, 128, 16, 64, 64, 3, 8},
        {256, 128, 16, 64, 32, 2, 8}, {128, 64, 32, 32, 32, 2, 8},  {128, 128, 16, 64, 32, 2, 8}}},
      {MQLCL_TUNABLE_DGEMM,
       {{64, 64, 16, 4, 4}, {64, 64, 16, 8, 8}, {128, 64, 16, 8, 4}, {64, 128, 16, 4, 8}, {128, 128, 16, 8, 8},
        {64, 64, 8, 4, 4}, {32, 32, 16, 4, 4}}},
      {MQLCL_TUNABLE_DGEMM_TENSOR,
       {{128, 64, 16, 64, 32, 2, 1688, 8}, {128, 128, 8, 64, 32, 3, 1688, 8}, {128, 128, 8, 32, 64, 3, 1688, 8},
        {128, 64, 8, 64, 32, 4, 1688, 8},  {64, 128, 8, 32, 64, 4, 1688, 8},  {128, 128, 8, 64, 32, 3, 1688, 4},
        {64, 64, 16, 32, 32, 3, 1688, 8},  {128, 64, 16, 64, 32, 2, 884, 8},  {64, 64, 16, 32, 32, 2, 1688, 8},
        {128, 64, 16, 64, 32, 2, 1688, 4}, {64, 128, 16, 32, 64, 2, 1688, 8}, {128, 64, 16, 64, 32, 2, 16816, 8}}},
  };
  return lists;
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
  const std::vector<Tiles>* candidates = nullptr;

  // "TSM 128 TSN 128 TSK 32 ...", aligned on the candidates' widths or not.
  std::string label(const Tiles& t, bool aligned) const {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i)
      out += fmt::format("{}{} {:>{}}", i ? " " : "", i < params.size() ? params[i] : "?", t[i], aligned ? widths[i] : 0);
    return out;
  }
};

// Refuses, naming it, a kernel whose tiles the host has no candidates for.
TileSearch tile_search(int kernel) {
  TileSearch s;
  s.kernel = kernel;
  s.name = gemm_kernel_name(kernel);
  s.tunable = static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
  s.flags = static_cast<int>(gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_FLAGS));
  const auto it = tile_candidates().find(s.tunable);
  if (it == tile_candidates().end())
    throw std::runtime_error(fmt::format("tune --what {}: mqlcl-host has no tile candidates for kernel {} (tunable {}); "
                                         "add them to tile_candidates in host/src/cmd_tune.cpp",
                                         s.name, kernel, s.tunable));
  s.candidates = &it->second;
  s.params = words(tunable_params(s.tunable));
  for (const Tiles& t : *s.candidates) {
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
  if (lib().mqlcl_stage_params_set(ctx.handle(), s.tunable, c.data(), static_cast<int>(c.size())) < 0) {
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
  const TileSearch s = tile_search(kernel);
  Context ctx(opt.device);
  print_tile_start(ctx, s, a, opt.device);
  const auto start = std::chrono::steady_clock::now();
  Tiles best;
  double best_ms = 1e300;
  int tried = 0;
  for (const Tiles& c : *s.candidates) {
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

// --what efficiency: each GEMM kernel the planner offers here, timed at --size (the fastest
// of --reps runs). The planner's prediction is inversely proportional to a kernel's
// efficiency, so the measured time corrects it: new = old x predicted / measured. Kernels
// that cannot run keep their values; the order of the vector is the tunable's parameter
// names ("K10 K30 ...": kernel numbers).
int tune_efficiency(const TuneArgs& a, const Options& opt) {
  Context ctx(opt.device);
  std::vector<int> order;  // kernel number of each entry
  for (const std::string& w : words(tunable_params(MQLCL_TUNABLE_EFFICIENCY))) order.push_back(std::atoi(w.c_str() + 1));
  std::vector<int> eff(order.size());
  check(lib().mqlcl_stage_params_get(ctx.handle(), MQLCL_TUNABLE_EFFICIENCY, eff.data(), int(eff.size())),
        "mqlcl_stage_params_get");
  std::vector<double> profile(MQLCL_PROFILE_FIELDS);  // measured now, so that every candidate is predicted
  check(lib().mqlcl_device_profile(ctx.handle(), profile.data(), MQLCL_PROFILE_FIELDS), "mqlcl_device_profile");
  std::vector<int> tuned = eff;
  std::vector<bool> timed(order.size(), false);  // a kernel may be a candidate of two precisions
  for (int flags : precision_fields()) {
    int kernels[8];
    double predicted[8];
    const int count = lib().mqlcl_gemm_plan(ctx.handle(), flags, a.size, a.size, a.size, kernels, predicted, 8);
    for (int i = 0; i < std::min(count, 8); ++i) {
      const size_t at = static_cast<size_t>(std::find(order.begin(), order.end(), kernels[i]) - order.begin());
      if (at == order.size() || timed[at]) continue;
      timed[at] = true;
      const KernelRuns r = run_any(ctx.handle(), flags, kernels[i], a.size, a.reps, opt.seed);
      if (r.ms.empty() || predicted[i] <= 0) continue;
      const double ms = *std::min_element(r.ms.begin(), r.ms.end());
      if (ms <= 0) continue;
      const int per_mille = std::clamp(static_cast<int>(std::lround(eff[at] * predicted[i] / ms)), 1, 1000);
      fmt::print("  kernel {}: {:.3f} ms measured, {:.3f} ms predicted at {} per mille: {} per mille{}\n", kernels[i], ms,
                 predicted[i], eff[at], per_mille, r.ok ? "" : " WRONG (not stored)");
      if (r.ok) tuned[at] = per_mille;
    }
  }
  check(lib().mqlcl_tuning_store(ctx.handle(), MQLCL_TUNABLE_EFFICIENCY, tuned.data(), int(tuned.size())),
        "mqlcl_tuning_store");
  fmt::print("efficiency {} stored\n", joined(tuned));
  return 0;
}

// --file: the same as $MQLCL_TUNING_FILE for this run, which the library reads both when it
// creates a context and when it stores (so tune writes where a later run reads).
void set_tuning_file(const std::string& file) {
#if defined(_WIN32)
  _putenv_s("MQLCL_TUNING_FILE", file.c_str());
#else
  setenv("MQLCL_TUNING_FILE", file.c_str(), 1);
#endif
}

// --what's choices: the GEMM kernels' names from the library's table, then "efficiency".
// Read when the value is checked or the help shown, both after --library is parsed, so the
// library is loaded then; where it cannot be, every value passes and the run says why.
std::vector<std::string> what_choices(const Options& opt) {
  try {
    if (lib().path.empty()) load_library(opt.library);
    std::vector<std::string> out;
    for (int kernel : gemm_kernels()) out.push_back(gemm_kernel_name(kernel));
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
      return set.empty() ? std::string("{the library's GEMM kernels,efficiency}") : "{" + CLI::detail::join(set, ",") + "}";
    };
    func_ = [&opt](std::string& value) -> std::string {
      const auto set = what_choices(opt);
      if (set.empty() || std::find(set.begin(), set.end(), value) != set.end()) return "";
      return value + " not in {" + CLI::detail::join(set, ",") + "}";
    };
  }
};

void add_tune_options(CLI::App* t, TuneArgs& a, const Options& opt) {
  t->add_option("--what", a.what, "a GEMM kernel's tiles, by its name in the library's table, or efficiency")
      ->check(WhatChoices(opt))
      ->capture_default_str();
  t->add_option("--size", a.size, "square size timed")->capture_default_str();
  t->add_option("--seconds", a.seconds, "time budget")->capture_default_str();
  t->add_option("--reps", a.reps, "timed runs per candidate after one that builds: tiles keep the median, efficiency "
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
    if (!a.file.empty()) set_tuning_file(a.file);
    if (a.what == "efficiency") return tune_efficiency(a, opt);
    const int kernel = gemm_kernel_named(a.what);
    if (kernel == 0) throw std::runtime_error("tune --what " + a.what + ": no GEMM kernel of that name");
    return tune_tiles(a, opt, kernel);
  });
}

}  // namespace host
