// `tune`: searches a tunable's values on the current device within a time budget, checks
// every candidate against a double product, and has the library store the best
// (mqlcl_tuning_store) in the tuning file it reads when it creates a context:
// $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside it. The host never writes the file.
// --what: sgemm_tuned (stage 10's tiles, the default), the tiles of the GEMM kernels
// (sgemm_tensor_tf32, sgemm_tensor_3xtf32, dgemm, dgemm_tensor: each pinned and run through
// mqlcl_sgemm / mqlcl_dgemm), or efficiency (each GEMM kernel the device runs, timed at --size,
// as a share of its profile ceiling: what the planner predicts with).
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <sstream>

#include "commands.hpp"
#include "devices.hpp"
#include "matmul_runs.hpp"
#include "product_check.hpp"

namespace host {

namespace {
struct TuneArgs {
  int size = 2048;
  double seconds = 120;
  int reps = 3;
  std::string file;
  std::string what = "sgemm_tuned";
};

// The best product time (ms) of `reps` runs of one GEMM kernel, pinned for the precision
// `flags`, at n^3 on host arrays, and whether the product stays within its precision's
// tolerance on bench's samples (product_check.hpp); a negative time when refused.
template <class T>
std::pair<double, bool> time_kernel(int h, int flags, int kernel, int n, int reps, unsigned seed) {
  if (lib().mqlcl_gemm_pin(h, flags, kernel) < 0) return {-1, false};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const size_t count = static_cast<size_t>(n) * n;
  std::vector<T> A(count), B(count), C(count);
  for (auto& v : A) v = static_cast<T>(u(rng));
  for (auto& v : B) v = static_cast<T>(u(rng));
  double best = 1e300;
  for (int r = 0; r <= reps; ++r) {
    int rc;
    if constexpr (sizeof(T) == 4)
      rc = lib().mqlcl_sgemm(h, flags, n, n, n, 1.0f, A.data(), int(count), n, B.data(), int(count), n, 0.0f, C.data(),
                             int(count), n);
    else
      rc = lib().mqlcl_dgemm(h, flags, n, n, n, 1.0, A.data(), int(count), n, B.data(), int(count), n, 0.0, C.data(),
                             int(count), n);
    if (rc < 0) return {-1, false};
    if (r > 0) best = std::min(best, lib().mqlcl_last_kernel_ms(h));  // the first run builds
  }
  lib().mqlcl_gemm_pin(h, flags, 0);
  return {best, check_product(gemm_flags_precision(flags), A, B, C, n, n, n, 256).ok()};
}

std::pair<double, bool> time_any(int h, int flags, int kernel, int n, int reps, unsigned seed) {
  return flags == MQLCL_GEMM_FP64 ? time_kernel<double>(h, flags, kernel, n, reps, seed)
                                  : time_kernel<float>(h, flags, kernel, n, reps, seed);
}

// The precision a tile tunable's kernel is run under (its own number is its tunable id).
int tile_flags(int id) {
  return id == MQLCL_TUNABLE_DGEMM || id == MQLCL_TUNABLE_DGEMM_TENSOR ? MQLCL_GEMM_FP64
         : id == MQLCL_STAGE_TENSOR_TF32 || id == MQLCL_STAGE_TENSOR_FP16 ? MQLCL_GEMM_FAST
                                                                       : MQLCL_GEMM_EXACT;
}

// Tiles the GEMM kernels are tried with, the defaults' neighbours first.
std::vector<std::vector<int>> tile_candidates(int id) {
  if (id == MQLCL_TUNABLE_DGEMM)
    return {{64, 64, 16, 4, 4}, {64, 64, 16, 8, 8}, {128, 64, 16, 8, 4}, {64, 128, 16, 4, 8}, {128, 128, 16, 8, 8},
            {64, 64, 8, 4, 4},  {32, 32, 16, 4, 4}};
  if (id == MQLCL_TUNABLE_DGEMM_TENSOR)
    return {{128, 64, 16, 64, 32, 2, 1688, 8}, {128, 64, 16, 64, 32, 2, 884, 8}, {64, 64, 16, 32, 32, 2, 1688, 8},
            {128, 64, 16, 64, 32, 2, 1688, 4}, {64, 128, 16, 32, 64, 2, 1688, 8}, {128, 32, 16, 64, 16, 3, 1688, 8}};
  // The FP16 kernels: BK 16, pipelines of 2 to 4 k-tiles of 64 bytes a line.
  if (id == MQLCL_STAGE_TENSOR_FP16)
    return {{128, 128, 16, 64, 64, 3, 8}, {128, 128, 16, 64, 64, 2, 8}, {128, 128, 16, 64, 32, 3, 8},
            {256, 128, 16, 64, 64, 2, 8}, {128, 256, 16, 64, 64, 2, 8}, {128, 64, 16, 64, 32, 4, 8},
            {64, 128, 16, 32, 64, 4, 8},  {128, 128, 16, 64, 64, 3, 4}};
  if (id == MQLCL_STAGE_TENSOR_3XFP16)
    return {{128, 128, 16, 64, 32, 3, 8}, {128, 128, 16, 32, 64, 3, 8}, {128, 128, 16, 64, 64, 3, 8},
            {256, 128, 16, 64, 32, 2, 8}, {128, 64, 16, 64, 32, 4, 8},  {64, 128, 16, 32, 64, 4, 8},
            {128, 128, 16, 64, 32, 2, 8}, {128, 128, 16, 32, 32, 3, 8}};
  return {{128, 128, 16, 64, 64, 3, 8}, {128, 128, 16, 64, 64, 2, 8}, {128, 64, 16, 64, 32, 4, 8},
          {64, 128, 16, 32, 64, 4, 8},  {128, 128, 32, 64, 64, 2, 8}, {128, 128, 16, 64, 64, 3, 4},
          {64, 64, 16, 32, 32, 4, 8}};
}

std::string joined(const std::vector<int>& v) {
  std::string out;
  for (int x : v) out += (out.empty() ? "" : " ") + std::to_string(x);
  return out;
}

// --what dgemm / dgemm_tensor / sgemm_tensor_*: each fitting candidate set, pinned, timed, checked.
int tune_tiles(const TuneArgs& a, const Options& opt, int id) {
  Context ctx(opt.device);
  std::vector<int> best;
  double best_ms = 1e300;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& c : tile_candidates(id)) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > a.seconds) break;
    if (lib().mqlcl_stage_params_set(ctx.handle(), id, c.data(), int(c.size())) < 0) {
      fmt::print("  {}: does not fit ({})\n", joined(c), last_error(ctx.handle()));
      continue;
    }
    const auto [ms, ok] = time_any(ctx.handle(), tile_flags(id), id, a.size, a.reps, opt.seed);
    if (ms < 0) {
      fmt::print("  {}: refused ({})\n", joined(c), last_error(0));
      continue;
    }
    fmt::print("  {}: {:>9.3f} ms {:>9.1f} GFLOP/s {}\n", joined(c), ms, 2.0 * a.size * a.size * a.size / (ms * 1e6),
               ok ? "OK" : "WRONG");
    if (ok && ms < best_ms) best_ms = ms, best = c;
  }
  if (best.empty()) {
    fmt::print("no candidate ran correctly; nothing stored\n");
    return 1;
  }
  check(lib().mqlcl_tuning_store(ctx.handle(), id, best.data(), int(best.size())), "mqlcl_tuning_store");
  fmt::print("best: {} ({:.3f} ms); stored\n", joined(best), best_ms);
  return 0;
}

// --what efficiency: each GEMM kernel the planner offers here, timed at --size. The planner's
// prediction is inversely proportional to a kernel's efficiency, so the measured time corrects
// it: new = old x predicted / measured. Kernels that cannot run keep their values; the order
// of the vector is the tunable's parameter names ("K10 K30 ...": kernel numbers).
int tune_efficiency(const TuneArgs& a, const Options& opt) {
  Context ctx(opt.device);
  std::u16string names(256, u'\0');
  const int len = check(lib().mqlcl_tunable_text(MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_TEXT_PARAMS,
                                                   reinterpret_cast<mqlcl_char*>(&names[0]), 256),
                        "mqlcl_tunable_text");
  names.resize(static_cast<size_t>(std::min(len, 255)));
  std::vector<int> order;  // kernel number of each entry
  std::istringstream words(to_utf8(names));
  for (std::string w; words >> w;) order.push_back(std::atoi(w.c_str() + 1));
  std::vector<int> eff(order.size());
  check(lib().mqlcl_stage_params_get(ctx.handle(), MQLCL_TUNABLE_EFFICIENCY, eff.data(), int(eff.size())),
        "mqlcl_stage_params_get");
  std::vector<double> profile(MQLCL_PROFILE_FIELDS);  // measured now, so that every candidate is predicted
  check(lib().mqlcl_device_profile(ctx.handle(), profile.data(), MQLCL_PROFILE_FIELDS), "mqlcl_device_profile");
  std::vector<int> tuned = eff;
  std::vector<bool> timed(order.size(), false);  // 10 and 31 are candidates of two precisions
  for (int flags : {MQLCL_GEMM_EXACT, MQLCL_GEMM_FAST, MQLCL_GEMM_FP64}) {
    int kernels[8];
    double predicted[8];
    const int count = lib().mqlcl_gemm_plan(ctx.handle(), flags, a.size, a.size, a.size, kernels, predicted, 8);
    for (int i = 0; i < std::min(count, 8); ++i) {
      const size_t at = static_cast<size_t>(std::find(order.begin(), order.end(), kernels[i]) - order.begin());
      if (at == order.size() || timed[at]) continue;
      timed[at] = true;
      const auto [ms, ok] = time_any(ctx.handle(), flags, kernels[i], a.size, a.reps, opt.seed);
      if (ms <= 0 || predicted[i] <= 0) continue;
      const int per_mille = std::clamp(static_cast<int>(std::lround(eff[at] * predicted[i] / ms)), 1, 1000);
      fmt::print("  kernel {}: {:.3f} ms measured, {:.3f} ms predicted at {} per mille: {} per mille{}\n", kernels[i], ms,
                 predicted[i], eff[at], per_mille, ok ? "" : " WRONG (not stored)");
      if (ok) tuned[at] = per_mille;
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
  auto* t = app.add_subcommand("tune", "search a tunable's values on this device and store the best");
  t->add_option("--what", a.what, "sgemm_tuned, sgemm_tensor_tf32, _3xtf32, _fp16, _3xfp16, dgemm, dgemm_tensor or efficiency")
      ->check(CLI::IsMember({"sgemm_tuned", "sgemm_tensor_tf32", "sgemm_tensor_3xtf32", "sgemm_tensor_fp16", "sgemm_tensor_3xfp16", "dgemm", "dgemm_tensor", "efficiency"}))
      ->capture_default_str();
  t->add_option("--size", a.size, "square size timed")->capture_default_str();
  t->add_option("--seconds", a.seconds, "time budget")->capture_default_str();
  t->add_option("--reps", a.reps, "timed runs per candidate (median)")->capture_default_str();
  t->add_option("--file", a.file, "tuning file: sets $MQLCL_TUNING_FILE for this run (default: the variable, else "
                                   "mqlcl-tuning.txt beside the library)");
  add_command(t, [&opt] {
    if (!a.file.empty()) set_tuning_file(a.file);
    if (a.what == "efficiency") return tune_efficiency(a, opt);
    if (a.what == "dgemm") return tune_tiles(a, opt, MQLCL_TUNABLE_DGEMM);
    if (a.what == "dgemm_tensor") return tune_tiles(a, opt, MQLCL_TUNABLE_DGEMM_TENSOR);
    if (a.what == "sgemm_tensor_tf32") return tune_tiles(a, opt, MQLCL_STAGE_TENSOR_TF32);
    if (a.what == "sgemm_tensor_3xtf32") return tune_tiles(a, opt, MQLCL_STAGE_TENSOR_3XTF32);
    if (a.what == "sgemm_tensor_fp16") return tune_tiles(a, opt, MQLCL_STAGE_TENSOR_FP16);
    if (a.what == "sgemm_tensor_3xfp16") return tune_tiles(a, opt, MQLCL_STAGE_TENSOR_3XFP16);
    const std::string device = device_text(opt.device, MQLCL_TEXT_NAME);
    const int n = a.size;
    MatmulData d = make_matmul_data({n, n, n}, opt.seed);
    Context ctx(opt.device);
    ctx.upload(MQLCL_SLOT_A, d.a);
    ctx.upload(MQLCL_SLOT_B, d.b);
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
      const ProductCheck chk = check_product(stage_precision(MQLCL_STAGE_SGEMM_TUNED), d.a, d.b, out, n, n, n, 128);
      std::sort(times.begin(), times.end());
      const double ms = times[times.size() / 2];
      fmt::print("  TSM {:>3} TSN {:>3} TSK {:>2} WPTM {} WPTN {}: {:>9.3f} ms {:>9.1f} GFLOP/s {}\n", c[0], c[1], c[2], c[3], c[4], ms,
                 d.shape.flops() / (ms * 1e6), chk.ok() ? "OK" : "WRONG");
      if (chk.ok() && ms < best_ms) {
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
