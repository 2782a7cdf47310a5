// The FP16 tensor-core stages 32 (TF32-class) and 33 (FP32-class): their operands scaled per
// row of A and column of B into FP16, the product on mma.sync m16n8k16, and the fallback to
// stages 30/31 where some row or column cannot be scaled. On a device without mma.sync (PoCL
// in CI) an injected H200 profile claims tensor cores, so the kernels run with emulated PTX:
// the same fragments, swizzles and scaling in plain OpenCL C. Every product is checked
// against a double product (error over sum |a b|), against stages 30/31 on the same inputs,
// and, where scaling must be exact, bit for bit against itself.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "support.hpp"
#include "tensor_contexts.hpp"

namespace {

// The tolerance of a kernel's product over k terms: its precision class as the library's table
// says it.
double tolerance_of(int kernel, int k) {
  return t::tolerance(static_cast<int>(mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_PRECISION)), k);
}

// A context whose device runs the tensor-core kernels (natively, or emulated under the
// injected profile), with small blocks (64 x 64 of four warps: the emulation's cost) unless
// `default_tiles`.
struct TensorCtx : t::Ctx {
  explicit TensorCtx(bool default_tiles = false) { tensor_test::use_tensor_kernels(h, !default_tiles); }
};

struct Matrix {
  int rows, cols, ld;
  std::vector<float> v;
  float at(int r, int c) const { return v[static_cast<size_t>(r) * ld + c]; }
};

Matrix random_matrix(int rows, int cols, unsigned seed, int ld = 0) {
  Matrix m{rows, cols, ld ? ld : cols, {}};
  const auto r = t::random_floats(static_cast<size_t>(rows) * cols, seed);
  m.v.assign(static_cast<size_t>(rows) * m.ld, std::numeric_limits<float>::quiet_NaN());  // padding never read
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m.v[static_cast<size_t>(i) * m.ld + j] = 2 * r[static_cast<size_t>(i) * cols + j];
  return m;
}

Matrix transposed(const Matrix& m) {
  Matrix t{m.cols, m.rows, m.rows, std::vector<float>(static_cast<size_t>(m.rows) * m.cols)};
  for (int i = 0; i < m.rows; ++i)
    for (int j = 0; j < m.cols; ++j) t.v[static_cast<size_t>(j) * t.ld + i] = m.at(i, j);
  return t;
}

struct Product {
  std::vector<float> c;  // m x n, ldc = n
  int product = -1;      // mqlcl_last_product
};

// C = op(A) op(B) with `kernel` pinned; a and b as stored (transposed when trans_*).
Product run(int h, int kernel, const Matrix& a, const Matrix& b, bool trans_a = false, bool trans_b = false) {
  const int m = trans_a ? a.cols : a.rows, k = trans_a ? a.rows : a.cols, n = trans_b ? b.rows : b.cols;
  Product r;
  r.c.assign(static_cast<size_t>(m) * n, 7.0f);
  const int flags = t::kernel_flags(kernel) | (trans_a ? MQLCL_GEMM_TRANS_A : 0) | (trans_b ? MQLCL_GEMM_TRANS_B : 0);
  EXPECT_EQ(mqlcl_gemm_pin(h, t::kernel_flags(kernel), kernel), MQLCL_OK) << t::message(h);
  EXPECT_EQ(mqlcl_sgemm(h, MQLCL_GEMM_ON_DEVICE | flags, m, n, k, 1.0f, a.v.data(), static_cast<int>(a.v.size()), a.ld, b.v.data(),
                        static_cast<int>(b.v.size()), b.ld, 0.0f, r.c.data(), static_cast<int>(r.c.size()), n),
            MQLCL_OK)
      << t::message(h);
  r.product = mqlcl_last_product(h);
  EXPECT_EQ(mqlcl_gemm_pin(h, t::kernel_flags(kernel), 0), MQLCL_OK);
  return r;
}

// The largest |C - AB| / sum |a b| over the elements (a and b not transposed).
double error(const Matrix& a, const Matrix& b, const std::vector<float>& c) {
  double worst = 0;
  for (int i = 0; i < a.rows; ++i)
    for (int j = 0; j < b.cols; ++j) {
      double sum = 0, scale = 0;
      for (int p = 0; p < a.cols; ++p) {
        sum += double(a.at(i, p)) * double(b.at(p, j));
        scale += std::fabs(double(a.at(i, p)) * double(b.at(p, j)));
      }
      const double got = c[static_cast<size_t>(i) * b.cols + j];
      const double e = scale > 0 ? std::fabs(got - sum) / scale : std::fabs(got);
      worst = std::max(worst, std::isfinite(got) ? e : 1e30);
    }
  return worst;
}

bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (!(x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))) return false;
  return true;
}

struct HalfShape {
  int m, n, k;
};

}  // namespace

TEST(HalfStages, MatchDoubleProductsWithinTheTf32StagesError) {
  TensorCtx c;
  // Odd shapes: partial blocks, k not a multiple of 16 or 32, one element.
  for (const HalfShape& s : {HalfShape{1, 1, 1}, HalfShape{97, 131, 61}, HalfShape{33, 67, 17}, HalfShape{130, 70, 200}}) {
    const Matrix a = random_matrix(s.m, s.k, 3 + s.m, s.k + 5), b = random_matrix(s.k, s.n, 4 + s.n);
    const Product fast = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_FP16, a, b), tf32 = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_TF32, a, b);
    const Product exact = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XFP16, a, b), split = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XTF32, a, b);
    EXPECT_EQ(fast.product, MQLCL_GEMM_KERNEL_TENSOR_FP16);
    EXPECT_EQ(exact.product, MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
    const double e_fast = error(a, b, fast.c), e_tf32 = error(a, b, tf32.c);
    const double e_exact = error(a, b, exact.c), e_split = error(a, b, split.c);
    const std::string what = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
    // FP16's 11 significant bits are TF32's: within twice its error, and of its kind (2^-11).
    EXPECT_LE(e_fast, 2 * std::max(e_tf32, 1e-7)) << what << ": tf32 " << e_tf32;
    EXPECT_LT(e_fast, tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_FP16, s.k)) << what;
    // The hi/lo split keeps 22 bits of each input and sums in FP32: FP32-class, as 3xTF32.
    EXPECT_LE(e_exact, 2 * std::max(e_split, 1e-7)) << what << ": 3xtf32 " << e_split;
    EXPECT_LT(e_exact, tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_3XFP16, s.k)) << what;
    if (s.k > 32) {
      EXPECT_GT(e_fast, 10 * e_exact) << what << ": the one-product stage shows its 11-bit inputs";
    }
  }
}

// The engine's k-loop orders (fragments double-buffered, or read right before their mma: stage
// 33 with 64 x 32 warps), one, two and four slices per k-tile (BK 8, 16, 32), pipelines 2 to 5
// deep, one-warp blocks, all within 48 KiB of __local (NVIDIA's limit: the test runs on GPUs too):
// every tiling the tunables accept computes the product.
TEST(HalfStages, EveryTilingOfTheEngineMatchesTheDoubleProduct) {
  TensorCtx c;
  struct Tiling {
    int kernel;
    int tiles[7];
  };
  const Tiling tilings[] = {
      {MQLCL_GEMM_KERNEL_TENSOR_FP16, {64, 64, 8, 32, 32, 5, 2}},  {MQLCL_GEMM_KERNEL_TENSOR_FP16, {64, 64, 32, 32, 32, 3, 2}},
      {MQLCL_GEMM_KERNEL_TENSOR_FP16, {64, 64, 16, 64, 64, 3, 2}}, {MQLCL_GEMM_KERNEL_TENSOR_3XFP16, {64, 64, 16, 64, 32, 2, 2}},
      {MQLCL_GEMM_KERNEL_TENSOR_3XFP16, {64, 64, 32, 32, 32, 3, 2}},
  };
  const HalfShape s{97, 131, 61};
  const Matrix a = random_matrix(s.m, s.k, 11, s.k + 3), b = random_matrix(s.k, s.n, 12);
  for (const Tiling& tl : tilings) {
    const int tunable = static_cast<int>(mqlcl_gemm_kernel_info(tl.kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
    ASSERT_EQ(mqlcl_tunable_set(c.h, tunable, tl.tiles, 7), 7) << t::message(c.h);
    const Product p = run(c.h, tl.kernel, a, b);
    EXPECT_EQ(p.product, tl.kernel);
    EXPECT_LT(error(a, b, p.c), tolerance_of(tl.kernel, s.k))
        << "kernel " << tl.kernel << " BM " << tl.tiles[0] << " BN " << tl.tiles[1] << " BK " << tl.tiles[2] << " WM "
        << tl.tiles[3] << " WN " << tl.tiles[4] << " STAGES " << tl.tiles[5];
  }
}

TEST(HalfStages, TransposedOperandsAndLeadingDimensionsGiveTheSameBits) {
  TensorCtx c;
  const Matrix a = random_matrix(70, 45, 11, 48), b = random_matrix(45, 83, 12, 90);
  const Matrix at = transposed(a), bt = transposed(b);
  for (int kernel : {MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_3XFP16}) {
    const Product plain = run(c.h, kernel, a, b);
    EXPECT_TRUE(same_bits(plain.c, run(c.h, kernel, at, b, true, false).c)) << "kernel " << kernel << ": A transposed";
    EXPECT_TRUE(same_bits(plain.c, run(c.h, kernel, a, bt, false, true).c)) << "kernel " << kernel << ": B transposed";
    EXPECT_TRUE(same_bits(plain.c, run(c.h, kernel, at, bt, true, true).c)) << "kernel " << kernel << ": both";
  }
}

TEST(HalfStages, AlphaBetaAndTheMatmulStagePathWithTheDefaultTiles) {
  TensorCtx c(true);  // the default blocks (128 x 128), as on a GPU
  const int m = 40, n = 36, k = 50;
  const Matrix a = random_matrix(m, k, 21), b = random_matrix(k, n, 22);
  // C = 2 AB - 0.5 C0 through the GEMM epilogue.
  std::vector<float> c0(static_cast<size_t>(m) * n);
  for (size_t i = 0; i < c0.size(); ++i) c0[i] = static_cast<float>(i % 7) - 3.0f;
  std::vector<float> got = c0;
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_TENSOR_3XFP16), MQLCL_OK) << t::message(c.h);
  ASSERT_EQ(mqlcl_sgemm(c.h, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_EXACT, m, n, k, 2.0f, a.v.data(), m * k, k, b.v.data(), k * n, n, -0.5f,
                        got.data(), m * n, n),
            MQLCL_OK)
      << t::message(c.h);
  EXPECT_EQ(mqlcl_last_product(c.h), MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0, scale = 0;
      for (int p = 0; p < k; ++p) {
        sum += double(a.at(i, p)) * double(b.at(p, j));
        scale += std::fabs(double(a.at(i, p)) * double(b.at(p, j)));
      }
      const double want = 2 * sum - 0.5 * c0[static_cast<size_t>(i) * n + j];
      // The sum of |terms|: |alpha| sum |a b| + |beta c0|.
      const double terms = 2 * scale + 0.5 * std::fabs(c0[static_cast<size_t>(i) * n + j]);
      ASSERT_NEAR(got[static_cast<size_t>(i) * n + j], want, tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_3XFP16, k) * terms)
          << i << "," << j;
    }
  // The same stages through the matmul slots (the experiment's path).
  for (int stage : {MQLCL_STAGE_TENSOR_FP16, MQLCL_STAGE_TENSOR_3XFP16}) {
    ASSERT_EQ(mqlcl_upload(c.h, MQLCL_SLOT_A, a.v.data(), m * k), m * k);
    ASSERT_EQ(mqlcl_upload(c.h, MQLCL_SLOT_B, b.v.data(), k * n), k * n);
    ASSERT_EQ(mqlcl_matmul(c.h, stage, m, k, n, 0, 0, 0), MQLCL_OK) << t::message(c.h);
    EXPECT_EQ(mqlcl_last_product(c.h), stage);
    std::vector<float> out(static_cast<size_t>(m) * n);
    ASSERT_EQ(mqlcl_read(c.h, MQLCL_SLOT_C, out.data(), m * n), m * n);
    EXPECT_LT(error(a, b, out), t::tolerance(static_cast<int>(mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION)), k))
        << "stage " << stage;
  }
}

TEST(HalfStages, RowsAndColumnsOfVeryDifferentMagnitudeAreScaledExactly) {
  TensorCtx c;
  const int m = 41, n = 37, k = 64;
  const Matrix a = random_matrix(m, k, 31), b = random_matrix(k, n, 32);
  // Row i of A times 2^ea[i], column j of B times 2^eb[j], from 2^-40 to 2^40.
  std::vector<int> ea(m), eb(n);
  Matrix as = a, bs = b;
  for (int i = 0; i < m; ++i) {
    ea[i] = -40 + 80 * i / (m - 1);
    for (int p = 0; p < k; ++p) as.v[static_cast<size_t>(i) * as.ld + p] = std::ldexp(a.at(i, p), ea[i]);
  }
  for (int j = 0; j < n; ++j) {
    eb[j] = 40 - 80 * j / (n - 1);
    for (int p = 0; p < k; ++p) bs.v[static_cast<size_t>(p) * bs.ld + j] = std::ldexp(b.at(p, j), eb[j]);
  }
  for (int kernel : {MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_3XFP16}) {
    const Product plain = run(c.h, kernel, a, b), scaled = run(c.h, kernel, as, bs);
    EXPECT_EQ(scaled.product, kernel) << "every row and column fits FP16 once scaled";
    // The power-of-two scales are exact: the same FP16 operands, the same sums, C scaled back.
    int bad = 0;
    for (int i = 0; i < m && bad < 5; ++i)
      for (int j = 0; j < n && bad < 5; ++j) {
        const size_t at = static_cast<size_t>(i) * n + j;
        if (scaled.c[at] != std::ldexp(plain.c[at], ea[i] + eb[j]))
          ++bad, ADD_FAILURE() << "kernel " << kernel << " C(" << i << "," << j << ") = " << scaled.c[at] << ", want "
                               << std::ldexp(plain.c[at], ea[i] + eb[j]);
      }
    EXPECT_LT(error(as, bs, scaled.c), tolerance_of(kernel, k)) << "kernel " << kernel;
  }
}

TEST(HalfStages, ALineSpreadBeyondFp16FallsBackToTheTf32StagesAndSaysSo) {
  TensorCtx c;
  const int m = 24, n = 20, k = 48;
  Matrix a = random_matrix(m, k, 41), b = random_matrix(k, n, 42);
  // Row 5 of A spread over 2^-60 .. 2^60: no FP16 scale holds both ends.
  for (int p = 0; p < k; ++p) a.v[static_cast<size_t>(5) * a.ld + p] = std::ldexp(a.at(5, p), -60 + 120 * p / (k - 1));
  const Product fast = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_FP16, a, b), exact = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XFP16, a, b);
  EXPECT_EQ(fast.product, MQLCL_GEMM_KERNEL_TENSOR_TF32);
  EXPECT_EQ(exact.product, MQLCL_GEMM_KERNEL_TENSOR_3XTF32);
  EXPECT_TRUE(same_bits(fast.c, run(c.h, MQLCL_GEMM_KERNEL_TENSOR_TF32, a, b).c)) << "the TF32 stage's own result";
  EXPECT_TRUE(same_bits(exact.c, run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XTF32, a, b).c)) << "the 3xTF32 stage's own result";
  EXPECT_LT(error(a, b, exact.c), tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_3XTF32, k));
  // A column of B spread as widely falls back as well; within 2^28 it does not.
  Matrix b2 = random_matrix(k, n, 43);
  for (int p = 0; p < k; ++p) b2.v[static_cast<size_t>(p) * b2.ld + 3] = std::ldexp(b2.at(p, 3), -30 + 60 * p / (k - 1));
  const Matrix a2 = random_matrix(m, k, 44);
  EXPECT_EQ(run(c.h, MQLCL_GEMM_KERNEL_TENSOR_FP16, a2, b2).product, MQLCL_GEMM_KERNEL_TENSOR_TF32);
  Matrix b3 = random_matrix(k, n, 45);
  for (int p = 0; p < k; ++p) b3.v[static_cast<size_t>(p) * b3.ld + 3] = std::ldexp(p % 2 ? 1.0f : -1.0f, -13 + 26 * p / (k - 1));
  const Product narrow = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_FP16, a2, b3);
  EXPECT_EQ(narrow.product, MQLCL_GEMM_KERNEL_TENSOR_FP16) << "2^-13 .. 2^13 fits FP16 once scaled";
  EXPECT_LT(error(a2, b3, narrow.c), tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_FP16, k));
}

TEST(HalfStages, NanAndInfInAnInputFallBackAndPropagate) {
  TensorCtx c;
  const int m = 20, n = 18, k = 40;
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (int kernel : {MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_3XFP16}) {
    Matrix a = random_matrix(m, k, 51);
    const Matrix b = random_matrix(k, n, 52);
    a.v[static_cast<size_t>(4) * a.ld + 7] = nan;
    a.v[static_cast<size_t>(9) * a.ld + 2] = inf;
    const Product r = run(c.h, kernel, a, b);
    EXPECT_EQ(r.product, kernel == MQLCL_GEMM_KERNEL_TENSOR_FP16 ? MQLCL_GEMM_KERNEL_TENSOR_TF32 : MQLCL_GEMM_KERNEL_TENSOR_3XTF32);
    for (int j = 0; j < n; ++j) {
      EXPECT_TRUE(std::isnan(r.c[static_cast<size_t>(4) * n + j])) << "NaN in row 4 of A: row 4 of C, column " << j;
      EXPECT_FALSE(std::isfinite(r.c[static_cast<size_t>(9) * n + j])) << "Inf in row 9 of A: row 9 of C, column " << j;
      EXPECT_TRUE(std::isfinite(r.c[static_cast<size_t>(0) * n + j])) << "the other rows are computed";
    }
  }
}

TEST(HalfStages, LongK) {
  TensorCtx c;
  // One block of 32 x 32 covers C (20 x 12): emulated, each kernel's time is its block's size.
  const int block32[7] = {32, 32, 16, 16, 32, 2, 2};
  for (int kernel : {MQLCL_GEMM_KERNEL_TENSOR_3XFP16, MQLCL_GEMM_KERNEL_TENSOR_3XTF32, MQLCL_GEMM_KERNEL_TENSOR_FP16}) {
    const int tunable = static_cast<int>(mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
    ASSERT_EQ(mqlcl_tunable_set(c.h, tunable, block32, 7), 7) << "kernel " << kernel << ": " << t::message(c.h);
  }
  const Matrix a = random_matrix(20, 16384, 61), b = random_matrix(16384, 12, 62);
  const Product exact = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XFP16, a, b), split = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_3XTF32, a, b);
  const Product fast = run(c.h, MQLCL_GEMM_KERNEL_TENSOR_FP16, a, b);
  EXPECT_EQ(exact.product, MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  EXPECT_LE(error(a, b, exact.c), 2 * std::max(error(a, b, split.c), 1e-7));
  EXPECT_LT(error(a, b, fast.c), tolerance_of(MQLCL_GEMM_KERNEL_TENSOR_FP16, 16384));
}

TEST(HalfStages, TilesAreCheckedAgainstTheKernelsRules) {
  t::Ctx c;
  const int bk24[7] = {128, 128, 24, 64, 64, 3, 8};   // BK is 8, 16 or 32: 32, 64 or 128 bytes of a line
  const int wn24[7] = {128, 120, 16, 64, 24, 3, 8};   // WN not a multiple of 16
  const int deep[7] = {128, 128, 16, 64, 64, 6, 8};   // a pipeline deeper than 5
  for (const int* p : {bk24, wn24, deep})
    EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_STAGE_TENSOR_FP16, p, 7), MQLCL_ERR_ARGUMENT) << t::message(c.h);
  // Half a 64-byte chunk per k-tile: stage 32's values, not stage 33's hi and lo.
  const int bk8[7] = {128, 128, 8, 64, 64, 4, 8};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_STAGE_TENSOR_FP16, bk8, 7), 7) << t::message(c.h);
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_STAGE_TENSOR_3XFP16, bk8, 7), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "BK must be 16 or 32"));
  const int ok[7] = {64, 128, 16, 32, 64, 2, 4};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_STAGE_TENSOR_3XFP16, ok, 7), 7) << t::message(c.h);
}
