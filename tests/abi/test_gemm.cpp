// mqlcl_sgemm / mqlcl_dgemm against a double reference: shapes, transposes, leading
// dimensions, alpha/beta, every precision the device offers; bad input refused with the
// parameter named and the caller's arrays (exact-size heap arrays: ASan sees any overrun)
// left untouched.
#include <climits>
#include <cmath>
#include <fstream>
#include <limits>
#include <tuple>
#if defined(__linux__)
#include <unistd.h>
#endif

#include "gemm_reference.hpp"
#include "support.hpp"

namespace {

using namespace gemm_test;

// Leaves NaN in the context's device copy of C (beta = 1 on a C of NaN), so that a later
// beta = 0 call that read it would show.
template <class T, class Gemm>
void poison_device_c(int ctx, const Shape& s, Gemm gemm) {
  // ldc = n + 8: a device C larger than the later call's (buffers only grow), so it stays.
  const int ldc = s.n + 8;
  const size_t ca = static_cast<size_t>(s.m) * s.k, cb = static_cast<size_t>(s.k) * s.n,
               cc = static_cast<size_t>(s.m) * ldc;
  std::vector<T> a(ca, 1), b(cb, 1), c(cc, std::numeric_limits<T>::quiet_NaN());
  ASSERT_EQ(gemm(ctx, MQLCL_GEMM_ON_DEVICE, s.m, s.n, s.k, T(1), a.data(), static_cast<int>(ca), s.k, b.data(), static_cast<int>(cb), s.n,
                 T(1), c.data(), static_cast<int>(cc), ldc),
            MQLCL_OK)
      << t::message();
  ASSERT_TRUE(std::isnan(c[0]));
}

// Where each case runs: the device's kernels, and the host BLAS where the machine has one.
std::vector<int> places() {
  static const bool host = t::has_host_blas();
  if (host) return {MQLCL_GEMM_ON_DEVICE, MQLCL_GEMM_ON_HOST};
  return {MQLCL_GEMM_ON_DEVICE};
}

void sgemm_case(const Shape& s, const Layout& l, float alpha, float beta, int precision, bool nan_c = false) {
  for (int place : places()) {
    SCOPED_TRACE(place == MQLCL_GEMM_ON_HOST ? "on the host BLAS" : "on the device");
    t::Ctx ctx;
    if (nan_c) poison_device_c<float>(ctx.h, s, mqlcl_sgemm);
    // The tolerance of what the flags promise: FP32, or TF32 inputs for MQLCL_GEMM_FAST.
    check_gemm<float>(s, l, alpha, beta, nan_c, mqlcl_gemm_flags_precision(precision), [&](int flags, auto& a, auto& b, auto& c) {
      return mqlcl_sgemm(ctx.h, flags | precision | place, s.m, s.n, s.k, alpha, a.v.data(), static_cast<int>(a.v.size()),
                         a.ld, b.v.data(), static_cast<int>(b.v.size()), b.ld, beta, c.v.data(),
                         static_cast<int>(c.v.size()), c.ld);
    });
    const int product = mqlcl_last_product(ctx.h);
    EXPECT_TRUE(place == MQLCL_GEMM_ON_HOST ? product == MQLCL_GEMM_HOST_BLAS : product != MQLCL_GEMM_HOST_BLAS) << product;
  }
}

void dgemm_case(const Shape& s, const Layout& l, double alpha, double beta, bool nan_c = false) {
  for (int place : places()) {
    SCOPED_TRACE(place == MQLCL_GEMM_ON_HOST ? "on the host BLAS" : "on the device");
    t::Ctx ctx;
    if (nan_c) poison_device_c<double>(ctx.h, s, mqlcl_dgemm);
    check_gemm<double>(s, l, alpha, beta, nan_c, MQLCL_PRECISION_FP64, [&](int flags, auto& a, auto& b, auto& c) {
      return mqlcl_dgemm(ctx.h, flags | MQLCL_GEMM_FP64 | place, s.m, s.n, s.k, alpha, a.v.data(),
                         static_cast<int>(a.v.size()), a.ld, b.v.data(), static_cast<int>(b.v.size()), b.ld, beta,
                         c.v.data(), static_cast<int>(c.v.size()), c.ld);
    });
    const int product = mqlcl_last_product(ctx.h);
    EXPECT_TRUE(place == MQLCL_GEMM_ON_HOST ? product == MQLCL_GEMM_HOST_BLAS : product != MQLCL_GEMM_HOST_BLAS) << product;
  }
}

// mqlcl_sgemm_buffers / mqlcl_dgemm_buffers: A and B share one buffer (B after A, each at an
// odd offset), C in another at an offset; the caller's matrices written there and C read back.
template <class T>
struct BufferCalls;
template <>
struct BufferCalls<float> {
  static constexpr int precision = MQLCL_PRECISION_FP32;
  static int write(int b, const float* d, int off, int n) { return mqlcl_buffer_write_float(b, d, off, n); }
  static int read(int b, float* d, int off, int n) { return mqlcl_buffer_read_float(b, d, off, n); }
  static constexpr auto gemm = mqlcl_sgemm_buffers;
};
template <>
struct BufferCalls<double> {
  static constexpr int precision = MQLCL_PRECISION_FP64;
  static int write(int b, const double* d, int off, int n) { return mqlcl_buffer_write_double(b, d, off, n); }
  static int read(int b, double* d, int off, int n) { return mqlcl_buffer_read_double(b, d, off, n); }
  static constexpr auto gemm = mqlcl_dgemm_buffers;
};

template <class T>
void gemm_buffers_case(const Shape& s, const Layout& l, T alpha, T beta) {
  using Calls = BufferCalls<T>;
  t::Ctx ctx;
  check_gemm<T>(s, l, alpha, beta, false, Calls::precision, [&](int flags, auto& a, auto& b, auto& c) {
    const int a_off = 7, b_off = a_off + static_cast<int>(a.v.size()) + 5, c_off = 3;
    const long long size = sizeof(T);
    const int ab = mqlcl_buffer(ctx.h, size * (b_off + static_cast<long long>(b.v.size())), MQLCL_MEM_READ_WRITE);
    const int cb = mqlcl_buffer(ctx.h, size * (c_off + static_cast<long long>(c.v.size())), MQLCL_MEM_READ_WRITE);
    EXPECT_GT(ab, 0);
    EXPECT_GT(cb, 0);
    const int n_a = static_cast<int>(a.v.size()), n_b = static_cast<int>(b.v.size()), n_c = static_cast<int>(c.v.size());
    EXPECT_EQ(Calls::write(ab, a.v.data(), a_off, n_a), n_a);
    EXPECT_EQ(Calls::write(ab, b.v.data(), b_off, n_b), n_b);
    EXPECT_EQ(Calls::write(cb, c.v.data(), c_off, n_c), n_c);
    const int rc = Calls::gemm(ctx.h, flags | (sizeof(T) == 8 ? MQLCL_GEMM_FP64 : 0), s.m, s.n, s.k, alpha, ab, a_off,
                               a.ld, ab, b_off, b.ld, beta, cb, c_off, c.ld);
    EXPECT_EQ(Calls::read(cb, c.v.data(), c_off, n_c), n_c);
    mqlcl_free(ab);
    mqlcl_free(cb);
    return rc;
  });
}

const Shape kShapes[] = {{1, 1, 1}, {13, 17, 19}, {257, 3, 5}, {3, 257, 129}, {257, 255, 129}, {65, 66, 67}};

class GemmShapes : public ::testing::TestWithParam<std::tuple<Shape, int>> {};

TEST_P(GemmShapes, SgemmExactMatchesDoubleReference) {
  const auto [s, flags] = GetParam();
  sgemm_case(s, {flags, 3, 0, 2}, 1.5f, -0.5f, MQLCL_GEMM_EXACT);
}

TEST_P(GemmShapes, SgemmFastMatchesDoubleReference) {
  const auto [s, flags] = GetParam();
  sgemm_case(s, {flags, 0, 5, 0}, 1.0f, 1.0f, MQLCL_GEMM_FAST);
}

TEST_P(GemmShapes, DgemmMatchesDoubleReference) {
  const auto [s, flags] = GetParam();
  dgemm_case(s, {flags, 1, 4, 3}, 0.75, 2.0);
}

TEST_P(GemmShapes, SgemmBuffersMatchDoubleReference) {
  const auto [s, flags] = GetParam();
  gemm_buffers_case<float>(s, {flags, 2, 1, 3}, -1.25f, 0.5f);
}

TEST_P(GemmShapes, DgemmBuffersMatchDoubleReference) {
  const auto [s, flags] = GetParam();
  gemm_buffers_case<double>(s, {flags, 3, 2, 1}, 1.25, -0.5);
}

INSTANTIATE_TEST_SUITE_P(All, GemmShapes,
                         ::testing::Combine(::testing::ValuesIn(kShapes),
                                            ::testing::Values(0, MQLCL_GEMM_TRANS_A, MQLCL_GEMM_TRANS_B,
                                                              MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B)),
                         [](const auto& info) {
                           const Shape& s = std::get<0>(info.param);
                           const int f = std::get<1>(info.param);
                           return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k) +
                                  (f & MQLCL_GEMM_TRANS_A ? "_tA" : "") + (f & MQLCL_GEMM_TRANS_B ? "_tB" : "");
                         });

TEST(Gemm, BetaZeroIgnoresNanInC) {
  sgemm_case({13, 17, 19}, {0, 0, 0, 4}, 1.0f, 0.0f, MQLCL_GEMM_EXACT, true);
  dgemm_case({13, 17, 19}, {MQLCL_GEMM_TRANS_B, 2, 0, 4}, -2.0, 0.0, true);
}

TEST(Gemm, AlphaZeroScalesC) {
  sgemm_case({13, 17, 19}, {MQLCL_GEMM_TRANS_A, 0, 0, 1}, 0.0f, 3.0f, MQLCL_GEMM_EXACT);
  dgemm_case({13, 17, 19}, {0, 0, 0, 0}, 0.0, -1.0);
}

TEST(Gemm, RepeatedAndGrowingSizesReuseBuffers) {
  t::Ctx ctx;
  for (const Shape& s : {Shape{257, 255, 129}, Shape{13, 17, 19}, Shape{257, 255, 129}}) {
    std::vector<float> a(static_cast<size_t>(s.m) * s.k, 1.0f), b(static_cast<size_t>(s.k) * s.n, 2.0f),
        c(static_cast<size_t>(s.m) * s.n, 7.0f);
    ASSERT_EQ(mqlcl_sgemm(ctx.h, MQLCL_GEMM_ON_DEVICE, s.m, s.n, s.k, 1.0f, a.data(), static_cast<int>(a.size()), s.k, b.data(),
                          static_cast<int>(b.size()), s.n, 1.0f, c.data(), static_cast<int>(c.size()), s.n),
              MQLCL_OK)
        << t::message();
    for (float v : c) ASSERT_EQ(v, 2.0f * s.k + 7.0f);
    EXPECT_GT(mqlcl_last_total_ms(ctx.h), 0.0);
    EXPECT_GT(mqlcl_last_kernel_ms(ctx.h), 0.0);
  }
}

// Linux only, and not under a sanitizer: a sanitizer's allocator keeps freed memory a while.
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
// This process's resident memory (/proc/self/statm), in bytes.
size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

// A context's scratch buffers go with it: contexts made, used for a host-array SGEMM whose
// device copy of A alone is 32 MiB, and freed, 12 times, leave the process's memory where it
// was after the first two, give or take what the driver's allocator keeps (tens of MiB); a
// context that kept its buffers would add at least 384 MiB. A CPU device only, where device
// buffers are the process's memory.
TEST(Gemm, FreedContextsKeepNoBuffers) {
  if (!t::cpu_device()) GTEST_SKIP() << "not a CPU device: its buffers are not in the process's resident memory, which this test counts";
  const Shape s{8192, 4, 1024};
  const std::vector<float> a(static_cast<size_t>(s.m) * s.k, 1.0f), b(static_cast<size_t>(s.k) * s.n, 2.0f);
  std::vector<float> c(static_cast<size_t>(s.m) * s.n);
  const auto cycle = [&] {
    t::Ctx ctx;
    ASSERT_EQ(mqlcl_sgemm(ctx.h, MQLCL_GEMM_ON_DEVICE, s.m, s.n, s.k, 1.0f, a.data(), static_cast<int>(a.size()), s.k, b.data(),
                          static_cast<int>(b.size()), s.n, 0.0f, c.data(), static_cast<int>(c.size()), s.n),
              MQLCL_OK)
        << t::message();
    for (float v : c) ASSERT_EQ(v, 2.0f * s.k);
  };
  for (int i = 0; i < 2; ++i) cycle();  // the driver's own caches filled
  const size_t before = resident_bytes();
  for (int i = 0; i < 12; ++i) cycle();
  const size_t after = resident_bytes();
  EXPECT_LT(after, before + (size_t{128} << 20)) << "resident memory grew from " << (before >> 20) << " MiB to "
                                                << (after >> 20) << " MiB";
}
#endif

// ---- bad input: refused before anything is read or written ----

struct Bad : ::testing::Test {
  t::Ctx ctx;
  // 4 x 5 times 5 x 3, dense: a needs 20, b 15, c 12 elements.
  std::vector<float> a = std::vector<float>(20, 1.0f), b = std::vector<float>(15, 1.0f),
                     c = std::vector<float>(12, 9.0f);
  int call(int flags, int m, int n, int k, int a_count, int lda, int b_count, int ldb, int c_count, int ldc) {
    return mqlcl_sgemm(ctx.h, flags, m, n, k, 1.0f, a.data(), a_count, lda, b.data(), b_count, ldb, 0.0f, c.data(),
                       c_count, ldc);
  }
  void expect_c_untouched() {
    for (float v : c) ASSERT_EQ(v, 9.0f);
  }
};

TEST_F(Bad, CountsSmallerThanTheShapeNeeds) {
  EXPECT_EQ(call(0, 4, 3, 5, 19, 5, 15, 3, 12, 3), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "a_count = 19"));
  EXPECT_TRUE(t::mentions(0, "20"));
  EXPECT_EQ(call(0, 4, 3, 5, 20, 5, 14, 3, 12, 3), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "b_count = 14"));
  EXPECT_EQ(call(0, 4, 3, 5, 20, 5, 15, 3, 11, 3), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "c_count = 11"));
  // A wider ld needs more: the last row only its used columns (3 * 6 + 5 = 23 > 20).
  EXPECT_EQ(call(0, 4, 3, 5, 20, 6, 15, 3, 12, 3), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "23"));
  // Transposed A is 5 x 4: ld 4 needs 20, the count holds it; ld 5 needs 24.
  EXPECT_EQ(call(MQLCL_GEMM_TRANS_A, 4, 3, 5, 20, 5, 15, 3, 12, 3), MQLCL_ERR_RANGE);
  expect_c_untouched();
}

TEST_F(Bad, LeadingDimensionBelowTheColumns) {
  EXPECT_EQ(call(0, 4, 3, 5, 20, 4, 15, 3, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "lda = 4"));
  EXPECT_EQ(call(0, 4, 3, 5, 20, 5, 15, 2, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "ldb = 2"));
  EXPECT_EQ(call(0, 4, 3, 5, 20, 5, 15, 3, 12, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "ldc = 0"));
  expect_c_untouched();
}

TEST_F(Bad, SizesBelowOneOrOverflowing) {
  EXPECT_EQ(call(0, 0, 3, 5, 20, 5, 15, 3, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "m = 0"));
  EXPECT_EQ(call(0, 4, 3, -1, 20, 5, 15, 3, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "k = -1"));
  // (INT_MAX - 1) * INT_MAX + INT_MAX elements: no int count can hold them.
  EXPECT_EQ(call(0, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX),
            MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "a_count"));
  expect_c_untouched();
}

TEST_F(Bad, FlagsAndPrecision) {
  EXPECT_EQ(call(MQLCL_GEMM_FP64, 4, 3, 5, 20, 5, 15, 3, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "mqlcl_dgemm"));
  EXPECT_EQ(call(0x100, 4, 3, 5, 20, 5, 15, 3, 12, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "unknown bits"));
  std::vector<double> da(20, 1.0), db(15, 1.0), dc(12, 9.0);
  EXPECT_EQ(mqlcl_dgemm(ctx.h, MQLCL_GEMM_FAST, 4, 3, 5, 1.0, da.data(), 20, 5, db.data(), 15, 3, 0.0, dc.data(), 12, 3),
            MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "FP64"));
  for (double v : dc) ASSERT_EQ(v, 9.0);
  expect_c_untouched();
}

TEST_F(Bad, NullArraysAndWrongHandles) {
  EXPECT_EQ(mqlcl_sgemm(ctx.h, 0, 4, 3, 5, 1.0f, nullptr, 20, 5, b.data(), 15, 3, 0.0f, c.data(), 12, 3),
            MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "a is a null pointer"));
  EXPECT_EQ(mqlcl_sgemm(ctx.h, 0, 4, 3, 5, 1.0f, a.data(), 20, 5, b.data(), 15, 3, 0.0f, nullptr, 12, 3),
            MQLCL_ERR_ARGUMENT);
  const int buffer = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buffer, 0) << t::message();
  EXPECT_EQ(mqlcl_sgemm(buffer, 0, 4, 3, 5, 1.0f, a.data(), 20, 5, b.data(), 15, 3, 0.0f, c.data(), 12, 3),
            MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_sgemm(987654, 0, 4, 3, 5, 1.0f, a.data(), 20, 5, b.data(), 15, 3, 0.0f, c.data(), 12, 3),
            MQLCL_ERR_HANDLE);
  mqlcl_free(buffer);
  expect_c_untouched();
}

TEST_F(Bad, BuffersOutOfRangeOrForeign) {
  // A 4 x 5 (20 floats), B 5 x 3 (15), C 4 x 3 (12) in a buffer of 24 floats each.
  const int buf = mqlcl_buffer(ctx.h, 96, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0) << t::message();
  ASSERT_EQ(mqlcl_buffer_write_float(buf, a.data(), 0, 20), 20);
  const int cbuf = mqlcl_buffer(ctx.h, 96, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_buffer_write_float(cbuf, c.data(), 0, 12), 12);
  auto run = [&](int a_buf, long long a_off, int b_buf, long long b_off, int c_buf, long long c_off) {
    return mqlcl_sgemm_buffers(ctx.h, 0, 4, 3, 5, 1.0f, a_buf, a_off, 5, b_buf, b_off, 3, 0.0f, c_buf, c_off, 3);
  };
  EXPECT_EQ(run(buf, 0, buf, 0, cbuf, 0), MQLCL_OK) << t::message();
  EXPECT_EQ(run(buf, 5, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);  // 5 + 20 > 24
  EXPECT_TRUE(t::mentions(0, "a_buffer"));
  EXPECT_EQ(run(buf, 0, buf, 10, cbuf, 0), MQLCL_ERR_RANGE);  // 10 + 15 > 24
  EXPECT_TRUE(t::mentions(0, "b_buffer"));
  EXPECT_EQ(run(buf, 0, buf, 0, cbuf, 13), MQLCL_ERR_RANGE);  // 13 + 12 > 24
  EXPECT_TRUE(t::mentions(0, "c_buffer"));
  EXPECT_EQ(run(buf, -1, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "a_offset = -1"));
  EXPECT_EQ(run(buf, 1LL << 40, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);
  EXPECT_EQ(run(ctx.h, 0, buf, 0, cbuf, 0), MQLCL_ERR_HANDLE);  // a context, not a buffer
  t::Ctx other;
  const int foreign = mqlcl_buffer(other.h, 96, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(foreign, 0) << t::message();
  EXPECT_EQ(run(buf, 0, buf, 0, foreign, 0), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(t::mentions(0, "another context"));
  // The refused calls wrote nothing: C still holds the first call's product (5 x 1 x 1).
  std::vector<float> out(12);
  ASSERT_EQ(mqlcl_buffer_read_float(cbuf, out.data(), 0, 12), 12);
  for (float v : out) EXPECT_EQ(v, 5.0f);
  mqlcl_free(buf);
  mqlcl_free(cbuf);
  mqlcl_free(foreign);
}

TEST_F(Bad, DgemmBuffersOutOfRangeOrForeign) {
  // A 4 x 5 (20 doubles), B 5 x 3 (15), C 4 x 3 (12) in buffers of 24 doubles (192 bytes).
  const std::vector<double> ones(20, 1.0), nines(12, 9.0);
  const int buf = mqlcl_buffer(ctx.h, 192, MQLCL_MEM_READ_WRITE);
  const int cbuf = mqlcl_buffer(ctx.h, 192, MQLCL_MEM_READ_WRITE);
  const int fbuf = mqlcl_buffer(ctx.h, 96, MQLCL_MEM_READ_WRITE);  // 24 floats: only 12 doubles
  ASSERT_TRUE(buf > 0 && cbuf > 0 && fbuf > 0) << t::message();
  ASSERT_EQ(mqlcl_buffer_write_double(buf, ones.data(), 0, 20), 20);
  ASSERT_EQ(mqlcl_buffer_write_double(cbuf, nines.data(), 0, 12), 12);
  auto run = [&](int flags, int a_buf, long long a_off, int b_buf, long long b_off, int c_buf, long long c_off) {
    return mqlcl_dgemm_buffers(ctx.h, flags, 4, 3, 5, 1.0, a_buf, a_off, 5, b_buf, b_off, 3, 0.0, c_buf, c_off, 3);
  };
  EXPECT_EQ(run(0, buf, 0, buf, 0, cbuf, 0), MQLCL_OK) << t::message();
  EXPECT_EQ(run(0, buf, 5, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);  // 5 + 20 > 24 doubles
  EXPECT_TRUE(t::mentions(0, "a_buffer's doubles from a_offset"));
  EXPECT_EQ(run(0, buf, 0, buf, 10, cbuf, 0), MQLCL_ERR_RANGE);  // 10 + 15 > 24
  EXPECT_TRUE(t::mentions(0, "b_buffer"));
  EXPECT_EQ(run(0, buf, 0, buf, 0, cbuf, 13), MQLCL_ERR_RANGE);  // 13 + 12 > 24
  EXPECT_TRUE(t::mentions(0, "c_buffer"));
  EXPECT_EQ(run(0, fbuf, 0, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);  // offsets and sizes count doubles
  EXPECT_TRUE(t::mentions(0, "a_buffer's doubles from a_offset = 12"));
  EXPECT_EQ(run(0, buf, 25, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "a_offset = 25"));
  EXPECT_EQ(run(0, buf, -1, buf, 0, cbuf, 0), MQLCL_ERR_RANGE);
  EXPECT_EQ(run(MQLCL_GEMM_FAST, buf, 0, buf, 0, cbuf, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "FP64"));
  EXPECT_EQ(run(0, ctx.h, 0, buf, 0, cbuf, 0), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_dgemm_buffers(buf, 0, 4, 3, 5, 1.0, buf, 0, 5, buf, 0, 3, 0.0, cbuf, 0, 3), MQLCL_ERR_HANDLE);
  t::Ctx other;
  const int foreign = mqlcl_buffer(other.h, 192, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(foreign, 0) << t::message();
  EXPECT_EQ(run(0, buf, 0, buf, 0, foreign, 0), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(t::mentions(0, "another context"));
  // The refused calls wrote nothing: C still holds the first call's product (5 x 1 x 1).
  std::vector<double> out(12);
  ASSERT_EQ(mqlcl_buffer_read_double(cbuf, out.data(), 0, 12), 12);
  for (double v : out) EXPECT_EQ(v, 5.0);
  for (int h : {buf, cbuf, fbuf, foreign}) mqlcl_free(h);
}

}  // namespace
