// The GEMM kernels for processors (kernels/gemm/gemm_cpu.cl, kernels 17 and 43): pinned, on odd
// shapes, transposes, ld padding, alpha and beta, with tiles that split k into chunks and leave
// remainders, each element against a double product; the planner offers them on processors and
// the FP32 and FP64 units' kernels (10, 40) on GPUs; their tile rule refuses what cannot run.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "support.hpp"

namespace gemm_cpu_test {
namespace {

bool cpu_device() { return (mqlcl_device_info(t::device(), MQLCL_INFO_TYPE) & 2) != 0; }

struct Shape {
  int m, n, k;
  bool trans_a, trans_b;
  int pad;
  double alpha, beta;
};

// C = alpha op(A) op(B) + beta C through `kernel` pinned on h; the largest error of an element
// over its tolerance (<= 1 passes).
template <class T>
double worst_error(int h, int kernel, const Shape& s) {
  const int lda = (s.trans_a ? s.m : s.k) + s.pad, ldb = (s.trans_b ? s.k : s.n) + s.pad, ldc = s.n + s.pad;
  const size_t na = static_cast<size_t>(s.trans_a ? s.k : s.m) * lda, nb = static_cast<size_t>(s.trans_b ? s.n : s.k) * ldb,
               nc = static_cast<size_t>(s.m) * ldc;
  const std::vector<float> fa = t::random_floats(na, 11), fb = t::random_floats(nb, 12), fc = t::random_floats(nc, 13);
  const std::vector<T> a(fa.begin(), fa.end()), b(fb.begin(), fb.end()), c0(fc.begin(), fc.end());
  std::vector<T> c = c0;
  const int flags = t::kernel_flags(kernel) | MQLCL_GEMM_ON_DEVICE | (s.trans_a ? MQLCL_GEMM_TRANS_A : 0) |
                    (s.trans_b ? MQLCL_GEMM_TRANS_B : 0);
  EXPECT_EQ(mqlcl_gemm_pin(h, t::kernel_flags(kernel), kernel), MQLCL_OK) << t::message(h);
  int rc;
  if constexpr (sizeof(T) == 8)
    rc = mqlcl_dgemm(h, flags, s.m, s.n, s.k, s.alpha, a.data(), static_cast<int>(na), lda, b.data(), static_cast<int>(nb), ldb,
                     s.beta, c.data(), static_cast<int>(nc), ldc);
  else
    rc = mqlcl_sgemm(h, flags, s.m, s.n, s.k, static_cast<float>(s.alpha), a.data(), static_cast<int>(na), lda, b.data(),
                     static_cast<int>(nb), ldb, static_cast<float>(s.beta), c.data(), static_cast<int>(nc), ldc);
  EXPECT_EQ(rc, MQLCL_OK) << t::message(h);
  if (rc != MQLCL_OK) return 1e9;
  EXPECT_EQ(mqlcl_last_product(h), kernel);
  const int precision = sizeof(T) == 8 ? MQLCL_PRECISION_FP64 : MQLCL_PRECISION_FP32;
  double worst = 0;
  for (int i = 0; i < s.m; ++i)
    for (int j = 0; j < s.n; ++j) {
      double exact = 0, scale = 0;
      for (int p = 0; p < s.k; ++p) {
        const double x = s.trans_a ? a[size_t(p) * lda + i] : a[size_t(i) * lda + p];
        const double y = s.trans_b ? b[size_t(j) * ldb + p] : b[size_t(p) * ldb + j];
        exact += x * y;
        scale += std::fabs(x * y);
      }
      const double old = c0[size_t(i) * ldc + j];
      exact = s.alpha * exact + s.beta * old;
      scale = std::fabs(s.alpha) * scale + std::fabs(s.beta * old) + 1e-30;
      worst = std::max(worst, std::fabs(exact - c[size_t(i) * ldc + j]) / (t::tolerance(precision, s.k) * scale));
    }
  // The pad columns of C are not the product's: left as they were.
  for (int i = 0; i < s.m; ++i)
    for (int j = s.n; j < ldc; ++j) EXPECT_EQ(c[size_t(i) * ldc + j], c0[size_t(i) * ldc + j]) << i << "," << j;
  return worst;
}

const Shape kShapes[] = {
    {1, 1, 1, false, false, 0, 1, 0},       {97, 131, 61, true, false, 3, -1.5, 0.75},
    {130, 70, 300, false, true, 1, 2, -1},  {7, 260, 257, true, true, 0, 1, 1},
    {200, 129, 520, false, false, 0, 1, 0},
};

template <class T>
void expect_kernel_right(int kernel) {
  t::Ctx c;
  for (const Shape& s : kShapes)
    EXPECT_LE(worst_error<T>(c.h, kernel, s), 1.0) << "kernel " << kernel << ", " << s.m << "x" << s.n << "x" << s.k;
  // Other tiles: SSE's width, a 4 x 3-vector tile, blocks of 2 x 3 tiles, k in chunks of 64
  // (k = 300, 257, 520 leave remainders).
  const int vw = sizeof(T) == 8 ? 2 : 4;
  const int tiles[6] = {vw, 4, 3, 2, 3, 64};
  ASSERT_EQ(mqlcl_tunable_set(c.h, kernel, tiles, 6), 6) << t::message(c.h);
  for (const Shape& s : kShapes)
    EXPECT_LE(worst_error<T>(c.h, kernel, s), 1.0) << "kernel " << kernel << " (4 x 3, KC 64), " << s.m << "x" << s.n << "x" << s.k;
}

}  // namespace

TEST(GemmCpu, TheFp32KernelComputesAsTheDoubleProduct) { expect_kernel_right<float>(MQLCL_GEMM_KERNEL_SGEMM_CPU); }

TEST(GemmCpu, TheFp64KernelComputesAsTheDoubleProduct) {
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64";
  expect_kernel_right<double>(MQLCL_GEMM_KERNEL_DGEMM_CPU);
}

// Rows of C and B 1024 floats apart (4 KiB: padded on processors) and 1024 of k.
TEST(GemmCpu, PowerOfTwoRowsAreRight) {
  t::Ctx c;
  EXPECT_LE(worst_error<float>(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, {24, 1024, 1024, false, false, 0, 1, 0}), 1.0);
}

TEST(GemmCpu, ThePlannerOffersTheUnitsKernelsOfTheDevicesClass) {
  t::Ctx c;
  std::vector<int> kernels(32);
  std::vector<double> ms(32);
  const int count = mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 512, 512, 512, kernels.data(), ms.data(), 32);
  ASSERT_GT(count, 0) << t::message(c.h);
  kernels.resize(static_cast<size_t>(count));
  const auto has = [&](int k) { return std::find(kernels.begin(), kernels.end(), k) != kernels.end(); };
  EXPECT_EQ(has(MQLCL_GEMM_KERNEL_SGEMM_CPU), cpu_device());
  EXPECT_EQ(has(MQLCL_GEMM_KERNEL_SGEMM_TUNED), !cpu_device());
  std::u16string text(8192, u'\0');
  const int n = mqlcl_gemm_plan_text(c.h, MQLCL_GEMM_EXACT, 512, 512, 512, reinterpret_cast<mqlcl_char*>(&text[0]), 8192);
  ASSERT_GT(n, 0);
  const std::string plan = t::to_utf8(text.substr(0, static_cast<size_t>(std::min(n, 8191))));
  const std::string other = cpu_device() ? "kernel 10 sgemm_tuned: not offered on a CPU device (pin it to run it here)"
                                         : "kernel 17 sgemm_cpu: not offered on a GPU device (pin it to run it here)";
  EXPECT_NE(plan.find(other), std::string::npos) << plan;
  // A pin runs the other class's kernel all the same.
  const int pinned = cpu_device() ? MQLCL_GEMM_KERNEL_SGEMM_TUNED : MQLCL_GEMM_KERNEL_SGEMM_CPU;
  EXPECT_LE(worst_error<float>(c.h, pinned, {33, 40, 50, false, true, 0, 1, 0}), 1.0);
  if (t::has_fp64()) {
    const int count64 = mqlcl_gemm_plan(c.h, MQLCL_GEMM_FP64, 512, 512, 512, kernels.data(), ms.data(), 32);
    ASSERT_GT(count64, 0);
    kernels.resize(static_cast<size_t>(count64));
    EXPECT_EQ(has(MQLCL_GEMM_KERNEL_DGEMM_CPU), cpu_device());
    EXPECT_EQ(has(MQLCL_GEMM_KERNEL_DGEMM), !cpu_device());
  }
}

TEST(GemmCpu, TilesThatCannotRunAreRefusedWithTheCause) {
  t::Ctx c;
  const int width3[6] = {3, 6, 2, 16, 4, 256};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, width3, 6), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "VW 3 is not 1, 2, 4, 8 or 16"));
  const int too_many[6] = {2, 16, 4, 16, 4, 256};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_DGEMM_CPU, too_many, 6), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "RM x NV = 64 vectors of C exceed 32"));
  const int no_chunk[6] = {8, 6, 2, 16, 4, 0};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, no_chunk, 6), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "KC 0 is outside 1 .. 4096"));
  const long long floats = mqlcl_device_info(t::device(), MQLCL_INFO_PREFERRED_VECTOR_WIDTH_FLOAT);
  if (floats >= 2 && floats <= 8) {  // a device that states its width: a wider vector is refused
    const int wide[6] = {static_cast<int>(2 * floats), 6, 2, 16, 4, 256};
    EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, wide, 6), MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(t::mentions(c.h, "is wider than the device's preferred vector of " + std::to_string(floats) + " floats"));
    const int wide64[6] = {static_cast<int>(floats), 6, 2, 16, 4, 256};
    EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_DGEMM_CPU, wide64, 6), MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(t::mentions(c.h, "doubles"));
  }
  const int five[5] = {8, 6, 2, 16, 4};
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, five, 5), MQLCL_ERR_RANGE) << "six parameters";
}

}  // namespace gemm_cpu_test
