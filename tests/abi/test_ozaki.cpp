// Ozaki scheme II (kernels 42: FP64 class, mqlcl_dgemm; 35: FP32 class, mqlcl_sgemm): the
// products from INT8 residues against a long-double reference, each error held to the native
// kernel's on the same inputs (42: 2x DGEMM on the FP64 units, kernel 40; 35: stage 33's
// 3xFP16). On a device without mma.sync (PoCL in CI) an injected H200 profile claims tensor
// cores and the INT8 products run with emulated PTX, on small tiles (the emulation's cost).
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "support.hpp"
#include "tensor_contexts.hpp"

namespace {

// Small blocks for the emulation: 32 x 32 of four warps, or 16 x 16 of one for long k.
const int kSmallTiles[7] = {32, 32, 16, 16, 16, 2, 2};
const int kTinyTiles[7] = {16, 16, 16, 16, 16, 2, 1};

struct OzakiCtx : t::Ctx {
  explicit OzakiCtx(const int* tiles = kSmallTiles) {
    tensor_test::use_tensor_kernels(h, true);
    for (int kernel : {MQLCL_GEMM_KERNEL_OZAKI_FP32, MQLCL_GEMM_KERNEL_OZAKI_FP64})
      EXPECT_EQ(mqlcl_tunable_set(h, kernel, tiles, 7), 7) << t::message(h);
  }
};

struct Problem {
  int m, n, k;
  bool trans_a = false, trans_b = false;
  int pad = 0;  // ld = columns + pad
  double alpha = 1, beta = 0;
  std::vector<double> a, b, c;  // as stored (with ld), c the initial C
  int lda() const { return (trans_a ? m : k) + pad; }
  int ldb() const { return (trans_b ? k : n) + pad; }
  int ldc() const { return n + pad; }
  double at_a(int i, int h) const { return trans_a ? a[size_t(h) * lda() + i] : a[size_t(i) * lda() + h]; }
  double at_b(int h, int j) const { return trans_b ? b[size_t(j) * ldb() + h] : b[size_t(h) * ldb() + j]; }
};

// A problem with elements value(i, h, 0) of op(A), value(h, j, 1) of op(B).
template <class Value>
Problem make(int m, int n, int k, Value value, bool trans_a = false, bool trans_b = false, int pad = 0) {
  Problem p;
  p.m = m, p.n = n, p.k = k, p.trans_a = trans_a, p.trans_b = trans_b, p.pad = pad;
  p.a.assign(size_t(trans_a ? k : m) * p.lda(), std::numeric_limits<double>::quiet_NaN());
  p.b.assign(size_t(trans_b ? n : k) * p.ldb(), std::numeric_limits<double>::quiet_NaN());
  for (int i = 0; i < m; ++i)
    for (int h = 0; h < k; ++h) (trans_a ? p.a[size_t(h) * p.lda() + i] : p.a[size_t(i) * p.lda() + h]) = value(i, h, 0);
  for (int h = 0; h < k; ++h)
    for (int j = 0; j < n; ++j) (trans_b ? p.b[size_t(j) * p.ldb() + h] : p.b[size_t(h) * p.ldb() + j]) = value(h, j, 1);
  p.c.assign(size_t(m) * p.ldc(), 0.0);
  for (size_t i = 0; i < p.c.size(); ++i) p.c[i] = std::ldexp(double((i * 7919) % 1000) - 500, -9);
  return p;
}

struct Result {
  std::vector<double> c;
  int product = -1;
};

// C = alpha op(A) op(B) + beta C by mqlcl_dgemm (FP64) or mqlcl_sgemm (the operands as floats)
// with `kernel` pinned.
Result run(int h, int kernel, const Problem& p) {
  const int field = t::kernel_flags(kernel);
  const int flags = field | (p.trans_a ? MQLCL_GEMM_TRANS_A : 0) | (p.trans_b ? MQLCL_GEMM_TRANS_B : 0);
  Result r;
  EXPECT_EQ(mqlcl_gemm_pin(h, field, kernel), MQLCL_OK) << t::message(h);
  if (field == MQLCL_GEMM_FP64) {
    r.c = p.c;
    EXPECT_EQ(mqlcl_dgemm(h, MQLCL_GEMM_ON_DEVICE | flags, p.m, p.n, p.k, p.alpha, p.a.data(), int(p.a.size()), p.lda(), p.b.data(),
                          int(p.b.size()), p.ldb(), p.beta, r.c.data(), int(r.c.size()), p.ldc()),
              MQLCL_OK)
        << t::message(h);
  } else {
    std::vector<float> a(p.a.begin(), p.a.end()), b(p.b.begin(), p.b.end()), c(p.c.begin(), p.c.end());
    EXPECT_EQ(mqlcl_sgemm(h, MQLCL_GEMM_ON_DEVICE | flags, p.m, p.n, p.k, float(p.alpha), a.data(), int(a.size()), p.lda(), b.data(),
                          int(b.size()), p.ldb(), float(p.beta), c.data(), int(c.size()), p.ldc()),
              MQLCL_OK)
        << t::message(h);
    r.c.assign(c.begin(), c.end());
  }
  r.product = mqlcl_last_product(h);
  EXPECT_EQ(mqlcl_gemm_pin(h, field, 0), MQLCL_OK);
  return r;
}

// The largest |C - exact| / (|alpha| sum |a b| + |beta c|) over C, the reference in long
// double (sgemm's: from the float-rounded operands it was given).
double error(const Problem& p, const Result& r, bool as_float) {
  double worst = 0;
  const auto in = [&](double v) { return as_float ? double(float(v)) : v; };
  for (int i = 0; i < p.m; ++i)
    for (int j = 0; j < p.n; ++j) {
      long double sum = 0, scale = 0;
      for (int h = 0; h < p.k; ++h) {
        const long double t = static_cast<long double>(in(p.at_a(i, h))) * in(p.at_b(h, j));
        sum += t, scale += std::fabs(t);
      }
      const double c0 = in(p.c[size_t(i) * p.ldc() + j]);
      const long double exact = in(p.alpha) * sum + (p.beta != 0 ? in(p.beta) * static_cast<long double>(c0) : 0);
      const long double denom = std::fabs(in(p.alpha)) * scale + std::fabs(in(p.beta) * c0);
      const double got = r.c[size_t(i) * p.ldc() + j];
      if (!std::isfinite(got)) return std::numeric_limits<double>::infinity();
      if (denom > 0) worst = std::max(worst, double(std::fabs(got - exact) / denom));
    }
  return worst;
}

// Kernel 42 against DGEMM on the FP64 units: at most twice its error (or within u of the
// terms where the native product is exact), computed by the scheme (not a fallback).
void expect_fp64_class(int h, const Problem& p, const std::string& what) {
  const Result native = run(h, MQLCL_GEMM_KERNEL_DGEMM, p), ozaki = run(h, MQLCL_GEMM_KERNEL_OZAKI_FP64, p);
  EXPECT_EQ(ozaki.product, MQLCL_GEMM_KERNEL_OZAKI_FP64) << what;
  const double e_native = error(p, native, false), e_ozaki = error(p, ozaki, false);
  EXPECT_LE(e_ozaki, std::max(2 * e_native, 0x1p-53)) << what << ": native DGEMM's error " << e_native;
  std::printf("[ozaki] %s: FP64 class %.3g, native DGEMM %.3g\n", what.c_str(), e_ozaki, e_native);
}

// Kernel 35 against stage 33 (3xFP16) on the same float inputs: no larger an error.
void expect_fp32_class(int h, const Problem& p, const std::string& what) {
  const Result split = run(h, MQLCL_GEMM_KERNEL_TENSOR_3XFP16, p), ozaki = run(h, MQLCL_GEMM_KERNEL_OZAKI_FP32, p);
  EXPECT_EQ(ozaki.product, MQLCL_GEMM_KERNEL_OZAKI_FP32) << what;
  const double e_split = error(p, split, true), e_ozaki = error(p, ozaki, true);
  EXPECT_LE(e_ozaki, std::max(e_split, 0x1p-24)) << what << ": stage 33's error " << e_split;
  std::printf("[ozaki] %s: FP32 class %.3g, 3xFP16 %.3g\n", what.c_str(), e_ozaki, e_split);
}

std::vector<double> pool(unsigned seed, bool normal) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::normal_distribution<double> g(0.0, 1.0);
  std::vector<double> v(1 << 14);
  for (auto& x : v) x = normal ? g(rng) : u(rng);
  return v;
}
auto from(const std::vector<double>& v) {
  return [&v](int r, int c, int which) {
    return v[(size_t(r) * 7919u + size_t(c) * 104729u + size_t(which) * 1299709u) % v.size()];
  };
}

TEST(Ozaki, Fp64ClassMatchesNativeDgemmOnUniformNormalAndOddShapes) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto uniform = pool(1, false), normal = pool(2, true);
  expect_fp64_class(ctx.h, make(40, 24, 100, from(uniform)), "uniform 40x24x100");
  expect_fp64_class(ctx.h, make(33, 20, 257, from(normal)), "normal 33x20x257");
  expect_fp64_class(ctx.h, make(1, 1, 1, from(normal)), "1x1x1");
  Problem odd = make(97, 131, 61, from(uniform), true, true, 3);
  odd.alpha = -1.5, odd.beta = 0.75;
  expect_fp64_class(ctx.h, odd, "97x131x61 transposed, ld + 3, alpha -1.5, beta 0.75");
}

// Each row of op(A) and column of op(B) scaled by its own 2^(+-40): the scheme's per-line
// scales absorb them exactly.
TEST(Ozaki, LinesScaledByTwoToThePlusMinus40KeepTheirAccuracy) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto normal = pool(3, true);
  const auto scaled = [&](int r, int c, int which) {
    const int line = which == 0 ? r : c;
    return std::ldexp(from(normal)(r, c, which), (line % 3 - 1) * 40);
  };
  expect_fp64_class(ctx.h, make(24, 24, 80, scaled), "lines scaled 2^-40, 1, 2^40");
  expect_fp32_class(ctx.h, make(24, 24, 80, scaled), "lines scaled 2^-40, 1, 2^40");
}

// C ~ 0 from large terms: the terms cancel pairwise (op(A)'s row alternates x, x; op(B)'s
// column y, -y), up to what the inputs' last bits leave.
TEST(Ozaki, CancellationToNearZeroFromLargeTerms) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto uniform = pool(4, false);
  const auto cancel = [&](int r, int c, int which) {
    const int h = which == 0 ? c : r;
    const double v = from(uniform)(which == 0 ? r : h / 2, which == 0 ? h / 2 : c, which) * 1e6;
    return which == 0 || h % 2 == 0 ? v : -v * (1 + 0x1p-40);
  };
  expect_fp64_class(ctx.h, make(20, 20, 128, cancel), "cancellation");
}

TEST(Ozaki, LongKOf16384) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx(kTinyTiles);
  const auto uniform = pool(5, false);
  expect_fp64_class(ctx.h, make(3, 5, 16384, from(uniform)), "3x5x16384");
}

TEST(Ozaki, Fp32ClassMatchesThe3xFp16Kernel) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto uniform = pool(6, false), normal = pool(7, true);
  expect_fp32_class(ctx.h, make(40, 24, 100, from(uniform)), "uniform 40x24x100");
  Problem odd = make(37, 29, 61, from(normal), true, false, 2);
  odd.alpha = 2, odd.beta = -1;
  expect_fp32_class(ctx.h, odd, "normal 37x29x61, A transposed, ld + 2, alpha 2, beta -1");
}

// NaN or Inf in an operand: the scheme cannot represent the line, the native kernel computes
// the product (mqlcl_last_product says which) and the non-finite values propagate as IEEE
// arithmetic has them.
TEST(Ozaki, NanAndInfFallBackToTheNativeKernelAndPropagate) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto uniform = pool(8, false);
  Problem p = make(8, 8, 40, from(uniform));
  p.a[2 * p.lda() + 5] = std::numeric_limits<double>::quiet_NaN();
  Result r = run(ctx.h, MQLCL_GEMM_KERNEL_OZAKI_FP64, p);
  {  // the planner's fastest native kernel (on the injected H200 profile; on a processor, where
     // the CPU kernel is offered, whichever its efficiency puts first)
    std::vector<int> kernels(16);
    std::vector<double> ms(16);
    const int count = mqlcl_gemm_plan(ctx.h, MQLCL_GEMM_FP64, 8, 8, 40, kernels.data(), ms.data(), 16);
    ASSERT_GT(count, 1) << t::message(ctx.h);
    kernels.resize(static_cast<size_t>(count));
    kernels.erase(std::remove(kernels.begin(), kernels.end(), MQLCL_GEMM_KERNEL_OZAKI_FP64), kernels.end());
    ASSERT_FALSE(kernels.empty());
    EXPECT_EQ(r.product, kernels.front()) << "the planner's native kernel";
  }
  for (int i = 0; i < p.m; ++i)
    for (int j = 0; j < p.n; ++j) EXPECT_EQ(std::isnan(r.c[size_t(i) * p.ldc() + j]), i == 2) << i << "," << j;
  p = make(8, 8, 40, from(uniform));
  p.b[3 * p.ldb() + 4] = std::numeric_limits<double>::infinity();
  r = run(ctx.h, MQLCL_GEMM_KERNEL_OZAKI_FP64, p);
  EXPECT_NE(r.product, MQLCL_GEMM_KERNEL_OZAKI_FP64);
  for (int i = 0; i < p.m; ++i) EXPECT_FALSE(std::isfinite(r.c[size_t(i) * p.ldc() + 4])) << i;
  EXPECT_TRUE(std::isfinite(r.c[3])) << "other columns stay finite";
  r = run(ctx.h, MQLCL_GEMM_KERNEL_OZAKI_FP32, p);
  EXPECT_NE(r.product, MQLCL_GEMM_KERNEL_OZAKI_FP32);
  for (int i = 0; i < p.m; ++i) EXPECT_FALSE(std::isfinite(r.c[size_t(i) * p.ldc() + 4])) << i;
}

// op(A)'s columns scaled by 2^(+-s) against op(B)'s rows by 2^(-+s): the products are those
// of unscaled inputs, but each line's scale is set by its largest elements and the others
// lose 2 s bits. Up to kOzakiInnerSpreadBits (2 bits: s = 1) the scheme keeps DGEMM's
// accuracy; beyond (s = 2, unchecked it lost 34x DGEMM's accuracy at s = 4 and every bit at
// s = 40) the panel runs the native kernel.
TEST(Ozaki, InnerSpreadBeyondTwoBitsRunsTheNativeKernel) {
  if (!t::has_fp64()) GTEST_SKIP() << "no FP64 on the test device";
  OzakiCtx ctx;
  const auto normal = pool(9, true);
  for (int spread : {1, 2, 40}) {
    const auto inner = [&](int r, int c, int which) {
      const int h = which == 0 ? c : r;
      return std::ldexp(from(normal)(r, c, which), (which == 0 ? 1 : -1) * (h % 3 - 1) * spread);
    };
    const Problem p = make(16, 16, 90, inner);
    const std::string what = "inner spread 2^(+-" + std::to_string(spread) + ")";
    if (spread == 1) {
      expect_fp64_class(ctx.h, p, what);
      continue;
    }
    const Result native = run(ctx.h, MQLCL_GEMM_KERNEL_DGEMM, p), ozaki = run(ctx.h, MQLCL_GEMM_KERNEL_OZAKI_FP64, p);
    EXPECT_NE(ozaki.product, MQLCL_GEMM_KERNEL_OZAKI_FP64) << what;
    EXPECT_LE(error(p, ozaki, false), std::max(2 * error(p, native, false), 0x1p-53)) << what;
    EXPECT_NE(run(ctx.h, MQLCL_GEMM_KERNEL_OZAKI_FP32, p).product, MQLCL_GEMM_KERNEL_OZAKI_FP32) << what;
  }
}

}  // namespace
