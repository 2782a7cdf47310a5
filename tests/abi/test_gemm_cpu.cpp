// The GEMM kernels for processors (kernels/gemm/gemm_cpu.cl, kernels 17 and 43): pinned, on odd
// shapes, transposes, ld padding, alpha and beta, with tiles that split k into chunks and leave
// remainders, each element against a double product; the planner offers them on processors and
// the FP32 and FP64 units' kernels (10, 40) on GPUs; their tile rule refuses what cannot run.
#include <algorithm>
#include <string>
#include <vector>

#include "gemm_reference.hpp"
#include "support.hpp"

namespace gemm_cpu_test {
namespace {

using gemm_test::Layout;
using gemm_test::Shape;

struct Case {
  Shape s;
  Layout l;  // flags: the transposes; pads of A, B, C
  double alpha, beta;
};

// C = alpha op(A) op(B) + beta C through `kernel` pinned on h, against the tests' double
// reference (gemm_reference.hpp: every element, the gaps between C's rows untouched).
template <class T>
void expect_pinned_right(int h, int kernel, const Case& c) {
  SCOPED_TRACE(::testing::Message() << "kernel " << kernel << ", " << c.s.m << "x" << c.s.n << "x" << c.s.k);
  ASSERT_EQ(mqlcl_gemm_pin(h, t::kernel_flags(kernel), kernel), MQLCL_OK) << t::message(h);
  const int precision = sizeof(T) == 8 ? MQLCL_PRECISION_FP64 : MQLCL_PRECISION_FP32;
  gemm_test::check_gemm<T>(c.s, c.l, c.alpha, c.beta, false, precision, [&](int flags, auto& a, auto& b, auto& out) {
    flags |= t::kernel_flags(kernel) | MQLCL_GEMM_ON_DEVICE;
    if constexpr (sizeof(T) == 8)
      return mqlcl_dgemm(h, flags, c.s.m, c.s.n, c.s.k, c.alpha, a.v.data(), static_cast<int>(a.v.size()), a.ld, b.v.data(),
                         static_cast<int>(b.v.size()), b.ld, c.beta, out.v.data(), static_cast<int>(out.v.size()), out.ld);
    else
      return mqlcl_sgemm(h, flags, c.s.m, c.s.n, c.s.k, static_cast<float>(c.alpha), a.v.data(), static_cast<int>(a.v.size()),
                         a.ld, b.v.data(), static_cast<int>(b.v.size()), b.ld, static_cast<float>(c.beta), out.v.data(),
                         static_cast<int>(out.v.size()), out.ld);
  });
  EXPECT_EQ(mqlcl_last_product(h), kernel);
}

constexpr int kTA = MQLCL_GEMM_TRANS_A, kTB = MQLCL_GEMM_TRANS_B;
const Case kCases[] = {
    {{1, 1, 1}, {0, 0, 0, 0}, 1, 0},          {{97, 131, 61}, {kTA, 3, 3, 3}, -1.5, 0.75},
    {{130, 70, 300}, {kTB, 1, 1, 1}, 2, -1},  {{7, 260, 257}, {kTA | kTB, 0, 0, 0}, 1, 1},
    {{200, 129, 520}, {0, 0, 0, 0}, 1, 0},
};

template <class T>
void expect_kernel_right(int kernel) {
  t::Ctx c;
  for (const Case& k : kCases) expect_pinned_right<T>(c.h, kernel, k);
  // Other tiles: SSE's width, a 4 x 3-vector tile, blocks of 2 x 3 tiles, k in chunks of 64
  // (k = 300, 257, 520 leave remainders).
  const int vw = sizeof(T) == 8 ? 2 : 4;
  const int tiles[6] = {vw, 4, 3, 2, 3, 64};
  ASSERT_EQ(mqlcl_tunable_set(c.h, kernel, tiles, 6), 6) << t::message(c.h);
  SCOPED_TRACE("tiles 4 x 3, KC 64");
  for (const Case& k : kCases) expect_pinned_right<T>(c.h, kernel, k);
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
  expect_pinned_right<float>(c.h, MQLCL_GEMM_KERNEL_SGEMM_CPU, {{24, 1024, 1024}, {0, 0, 0, 0}, 1, 0});
}

TEST(GemmCpu, ThePlannerOffersTheUnitsKernelsOfTheDevicesClass) {
  t::Ctx c;
  std::vector<int> kernels(32);
  std::vector<double> ms(32);
  const int count = mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 512, 512, 512, kernels.data(), ms.data(), 32);
  ASSERT_GT(count, 0) << t::message(c.h);
  kernels.resize(static_cast<size_t>(count));
  const auto has = [&](int k) { return std::find(kernels.begin(), kernels.end(), k) != kernels.end(); };
  EXPECT_EQ(has(MQLCL_GEMM_KERNEL_SGEMM_CPU), t::cpu_device());
  EXPECT_EQ(has(MQLCL_GEMM_KERNEL_SGEMM_TUNED), !t::cpu_device());
  std::u16string text(8192, u'\0');
  const int n = mqlcl_gemm_plan_text(c.h, MQLCL_GEMM_EXACT, 512, 512, 512, reinterpret_cast<mqlcl_char*>(&text[0]), 8192);
  ASSERT_GT(n, 0);
  const std::string plan = t::to_utf8(text.substr(0, static_cast<size_t>(std::min(n, 8191))));
  const std::string other = t::cpu_device() ? "kernel 10 sgemm_tuned: not offered on a CPU device (pin it to run it here)"
                                         : "kernel 17 sgemm_cpu: not offered on a GPU device (pin it to run it here)";
  EXPECT_NE(plan.find(other), std::string::npos) << plan;
  // A pin runs the other class's kernel all the same.
  const int pinned = t::cpu_device() ? MQLCL_GEMM_KERNEL_SGEMM_TUNED : MQLCL_GEMM_KERNEL_SGEMM_CPU;
  expect_pinned_right<float>(c.h, pinned, {{33, 40, 50}, {kTB, 0, 0, 0}, 1, 0});
  if (t::has_fp64()) {
    const int count64 = mqlcl_gemm_plan(c.h, MQLCL_GEMM_FP64, 512, 512, 512, kernels.data(), ms.data(), 32);
    ASSERT_GT(count64, 0);
    kernels.resize(static_cast<size_t>(count64));
    EXPECT_EQ(has(MQLCL_GEMM_KERNEL_DGEMM_CPU), t::cpu_device());
    EXPECT_EQ(has(MQLCL_GEMM_KERNEL_DGEMM), !t::cpu_device());
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
