// `gemm`: C = alpha op(A) op(B) + beta C through mqlcl_sgemm / mqlcl_dgemm on host arrays,
// with the upload / layout / product / download split and the error against a double reference;
// `--plan`: what the planner chooses and why, then every candidate pinned and run, so that the
// choice stands beside the measured fastest in the same run; `--kernel`: one kernel pinned.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <vector>

#include "commands.hpp"
#include "context.hpp"
#include "devices.hpp"
#include "product_check.hpp"

namespace host {

namespace {

double g_last_product_ms = 0;  // the last run_gemm's best product time, for --plan's table

struct GemmArgs {
  std::string size = "512,512,512";
  bool trans_a = false, trans_b = false;
  std::string precision = "exact";
  float alpha = 1.0f, beta = 0.0f;
  int repeat = 3;
  bool plan = false;
  int kernel = 0;
};

std::string plan_text(int h, int flags, int m, int n, int k) {
  std::u16string buf(16384, u'\0');
  const int r = check(lib().mqlcl_gemm_plan_text(h, flags, m, n, k, reinterpret_cast<mqlcl_char*>(&buf[0]), 16384),
                      "mqlcl_gemm_plan_text");
  buf.resize(static_cast<size_t>(std::min(r, 16383)));
  return to_utf8(buf);
}

// One precision's arrays, run and error: T = float (sgemm) or double (dgemm).
template <class T>
int run_gemm(const GemmArgs& a, const Options& opt, int m, int n, int k, int flags);

// --plan: the plan, each candidate pinned and run, the planned call, and the planner's own cost.
template <class T>
int compare_plan(const GemmArgs& a, const Options& opt, int m, int n, int k, int flags);

template <class T>
int run_gemm(const GemmArgs& a, const Options& opt, int m, int n, int k, int flags) {
  if (a.plan) return compare_plan<T>(a, opt, m, n, k, flags);
  std::mt19937 rng(opt.seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<T> A(static_cast<size_t>(m) * k), B(static_cast<size_t>(k) * n), C0(static_cast<size_t>(m) * n);
  for (auto& v : A) v = static_cast<T>(u(rng));
  for (auto& v : B) v = static_cast<T>(u(rng));
  for (auto& v : C0) v = static_cast<T>(u(rng));
  const bool ta = flags & MQLCL_GEMM_TRANS_A, tb = flags & MQLCL_GEMM_TRANS_B;
  const int lda = ta ? m : k, ldb = tb ? k : n;
  Context ctx(opt.device);
  if (a.kernel) check(lib().mqlcl_gemm_pin(ctx.handle(), flags, a.kernel), "mqlcl_gemm_pin");
  // The kernel that runs: the pinned one as it is (asking the plan would measure the device
  // profile where the precision has several candidates), else the planner's choice.
  std::vector<int> chosen(1, a.kernel);
  std::vector<double> predicted(1, 0);
  if (!a.kernel)
    check(lib().mqlcl_gemm_plan(ctx.handle(), flags, m, n, k, chosen.data(), predicted.data(), 1), "mqlcl_gemm_plan");
  std::vector<T> C;
  double best_total = 1e300, kernel = 0, convert = 0, upload = 0, download = 0;
  int panels = 0, ran = 0;
  for (int r = 0; r < std::max(1, a.repeat); ++r) {
    C = C0;
    int rc;
    if constexpr (sizeof(T) == 4)
      rc = lib().mqlcl_sgemm(ctx.handle(), flags, m, n, k, a.alpha, A.data(), static_cast<int>(A.size()), lda, B.data(),
                             static_cast<int>(B.size()), ldb, a.beta, C.data(), static_cast<int>(C.size()), n);
    else
      rc = lib().mqlcl_dgemm(ctx.handle(), flags, m, n, k, a.alpha, A.data(), static_cast<int>(A.size()), lda, B.data(),
                             static_cast<int>(B.size()), ldb, a.beta, C.data(), static_cast<int>(C.size()), n);
    if (rc < 0) {
      fmt::print("refused: {}\n", last_error(0));
      return 1;
    }
    if (ctx.total_ms() < best_total) {
      best_total = ctx.total_ms(), kernel = ctx.kernel_ms(), convert = ctx.convert_ms();
      upload = lib().mqlcl_last_upload_ms(ctx.handle()), download = lib().mqlcl_last_download_ms(ctx.handle());
      panels = lib().mqlcl_last_panels(ctx.handle());
      ran = lib().mqlcl_last_product(ctx.handle());
    }
  }
  // The error against a double product, relative to the sum of |terms| of each element: every
  // element up to 2^18 of them, else 4096 spread over C (a full double product at 4096^3 would
  // take the host minutes).
  const size_t count = static_cast<size_t>(m) * n;
  const ProductCheck err = check_product(gemm_flags_precision(flags), A, B, C, m, k, n,
                                         count <= (1u << 18) ? 0 : 4096,
                                         ProductOp{ta, tb, a.alpha, a.beta}, &C0);
  const double gflops = 2.0 * m * n * k / (kernel * 1e6);
  g_last_product_ms = kernel;
  // The kernel of the best call (mqlcl_last_product): a fallback, or a first call that tuned on
  // first use, may run another than the plan asked before the first call.
  const std::string why = a.kernel ? " (pinned)"
                          : ran == chosen[0] ? " (planned)"
                                             : fmt::format(" (planned; {} before the first call)", chosen[0]);
  fmt::print("{} {}x{}x{} (M,N,K){}{} on {}, kernel {}{}, best of {}\n", sizeof(T) == 4 ? "sgemm" : "dgemm", m, n, k,
             ta ? " A^T" : "", tb ? " B^T" : "", device_text(opt.device, MQLCL_TEXT_NAME), ran, why, a.repeat);
  if (panels > 1)
    // By panels the copies overlap the product: the parts add up to more than the total.
    fmt::print("  host->host total {:.3f} ms in {} panels, overlapped: upload {:.3f} ms, layout {:.3f} ms, product {:.3f} ms "
               "({:.1f} GFLOP/s), download {:.3f} ms (sum {:.3f} ms)\n",
               best_total, panels, upload, convert, kernel, gflops, download, upload + convert + kernel + download);
  else
    fmt::print("  host->host total {:.3f} ms = upload {:.3f} ms + layout {:.3f} ms + product {:.3f} ms ({:.1f} GFLOP/s) + "
               "download {:.3f} ms + other {:.3f} ms\n",
               best_total, upload, convert, kernel, gflops, download, best_total - upload - convert - kernel - download);
  fmt::print("  max error vs double over {} elements: {:.3e} absolute, {:.3e} relative to the sum of |terms| "
             "(tolerance {:.1e}) -> {}\n",
             err.checked, err.max_abs, err.max_rel, err.tolerance, err.ok() ? "OK" : "WRONG");
  return err.ok() ? 0 : 1;
}

template <class T>
int compare_plan(const GemmArgs& a, const Options& opt, int m, int n, int k, int flags) {
  int h = 0;
  std::vector<int> kernels(8);
  std::vector<double> predicted(8);
  int count = 0;
  double plan_us = 0;
  {
    Context ctx(opt.device);
    h = ctx.handle();
    fmt::print("{}\n", plan_text(h, flags, m, n, k));
    count = check(lib().mqlcl_gemm_plan(h, flags, m, n, k, kernels.data(), predicted.data(), 8), "mqlcl_gemm_plan");
    // What planning adds to a call: the planner alone, many times.
    constexpr int kPlans = 2000;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kPlans; ++i) lib().mqlcl_gemm_plan(h, flags, m, n, k, nullptr, nullptr, 0);
    plan_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / kPlans;
  }
  struct Row {
    int kernel;
    double predicted, measured;
  };
  std::vector<Row> rows;
  GemmArgs one = a;
  one.plan = false;
  for (int i = 0; i < std::min(count, 8); ++i) {
    one.kernel = kernels[static_cast<size_t>(i)];
    fmt::print("-- kernel {} pinned\n", one.kernel);
    if (run_gemm<T>(one, opt, m, n, k, flags) != 0) return 1;
    rows.push_back({one.kernel, predicted[static_cast<size_t>(i)], g_last_product_ms});
  }
  one.kernel = 0;
  fmt::print("-- planned\n");
  if (run_gemm<T>(one, opt, m, n, k, flags) != 0) return 1;
  const double planned = g_last_product_ms;
  double fastest = 1e300;
  for (const Row& r : rows) fastest = std::min(fastest, r.measured);
  fmt::print("\nplan {}x{}x{} {}: kernel | predicted ms | measured product ms | / fastest measured\n", m, n, k,
             (flags & MQLCL_GEMM_PRECISION_MASK) == MQLCL_GEMM_FP64 ? "fp64" : (flags & MQLCL_GEMM_FAST) ? "fast" : "exact");
  for (const Row& r : rows)
    fmt::print("  {:>2}{} | {:.3f} | {:.3f} | {:.3f}\n", r.kernel, r.kernel == kernels[0] ? "*" : " ", r.predicted,
               r.measured, r.measured / fastest);
  fmt::print("  planned (runs {}): {:.3f} ms = {:.3f} x the fastest measured; planning {:.2f} us a call\n", kernels[0],
             planned, planned / fastest, plan_us);
  return 0;
}

}  // namespace

void register_gemm_command(CLI::App& app, Options& opt) {
  static GemmArgs a;
  auto* g = app.add_subcommand("gemm", "C = alpha op(A) op(B) + beta C from host arrays: split times and error");
  g->add_option("--size", a.size, "M,N,K (one number: square)")->capture_default_str();
  g->add_flag("--trans-a", a.trans_a, "A stored K x M");
  g->add_flag("--trans-b", a.trans_b, "B stored N x K");
  g->add_option("--precision", a.precision, "exact, fast (TF32 where available) or fp64 (dgemm)")
      ->check(CLI::IsMember({"exact", "fast", "fp64"}))
      ->capture_default_str();
  g->add_option("--alpha", a.alpha)->capture_default_str();
  g->add_option("--beta", a.beta)->capture_default_str();
  g->add_option("--repeat", a.repeat, "runs, the fastest total is kept")->capture_default_str();
  g->add_flag("--plan", a.plan, "print the planner's choice, then run every candidate pinned and the planned call");
  g->add_option("--kernel", a.kernel,
                "pin a GEMM kernel by its number in the library's table (an sgemm one for exact and fast, a dgemm "
                "one for fp64) instead of the planner's choice");
  add_command(g, [&opt] {
    const auto s = parse_ints(a.size, 3, "--size");
    const int trans = (a.trans_a ? MQLCL_GEMM_TRANS_A : 0) | (a.trans_b ? MQLCL_GEMM_TRANS_B : 0);
    if (a.precision == "fp64") return run_gemm<double>(a, opt, s[0], s[1], s[2], trans | MQLCL_GEMM_FP64);
    return run_gemm<float>(a, opt, s[0], s[1], s[2], trans | (a.precision == "fast" ? MQLCL_GEMM_FAST : 0));
  });
}

}  // namespace host
