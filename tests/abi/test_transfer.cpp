// The host-array GEMM's transfers (dll/src/transfer/staged_transfer) forced onto each strategy with
// MQLCL_TRANSFER / _CHUNK / _THREADS, so that PoCL (which auto sends direct) runs the pinned
// staging path too: chunks smaller than one row and chunks crossing rows, leading dimensions
// beyond the columns (packed on the way), transposes, beta != 0 (C uploaded), one thread and
// several, against the double reference of test_gemm, with exact-size arrays (ASan sees any
// overrun) and the gaps between the used columns untouched. Also the settings' checks and
// the upload / download figures, and arrays in memory the program gave (mqlcl_host_memory).
#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "gemm_reference.hpp"
#include "support.hpp"

namespace {

using namespace gemm_test;

// A context created under the given transfer settings (the library reads them once, when the
// context is created); the variables are removed again at once.
struct TransferCtx {
  TransferCtx(const char* mode, const char* chunk, const char* threads) {
    t::set_env("MQLCL_TRANSFER", mode);
    t::set_env("MQLCL_TRANSFER_CHUNK", chunk);
    t::set_env("MQLCL_TRANSFER_THREADS", threads);
    h = mqlcl_create(t::device());
    t::set_env("MQLCL_TRANSFER", nullptr);
    t::set_env("MQLCL_TRANSFER_CHUNK", nullptr);
    t::set_env("MQLCL_TRANSFER_THREADS", nullptr);
    EXPECT_GT(h, 0) << t::message();
  }
  ~TransferCtx() { mqlcl_free(h); }
  TransferCtx(const TransferCtx&) = delete;
  TransferCtx& operator=(const TransferCtx&) = delete;
  int h;
};

void sgemm_with(int ctx, const Shape& s, const Layout& l, float alpha, float beta, bool nan_c = false) {
  check_gemm<float>(s, l, alpha, beta, nan_c, MQLCL_PRECISION_FP32, [&](int flags, auto& a, auto& b, auto& c) {
    return mqlcl_sgemm(ctx, MQLCL_GEMM_ON_DEVICE | flags, s.m, s.n, s.k, alpha, a.v.data(), static_cast<int>(a.v.size()), a.ld, b.v.data(),
                       static_cast<int>(b.v.size()), b.ld, beta, c.v.data(), static_cast<int>(c.v.size()), c.ld);
  });
}

void dgemm_with(int ctx, const Shape& s, const Layout& l, double alpha, double beta, bool nan_c = false) {
  check_gemm<double>(s, l, alpha, beta, nan_c, MQLCL_PRECISION_FP64, [&](int flags, auto& a, auto& b, auto& c) {
    return mqlcl_dgemm(ctx, MQLCL_GEMM_ON_DEVICE | flags | MQLCL_GEMM_FP64, s.m, s.n, s.k, alpha, a.v.data(), static_cast<int>(a.v.size()),
                       a.ld, b.v.data(), static_cast<int>(b.v.size()), b.ld, beta, c.v.data(),
                       static_cast<int>(c.v.size()), c.ld);
  });
}

// Staged settings: chunk bytes and threads.
struct Staging {
  const char *chunk, *threads;
};
void PrintTo(const Staging& s, std::ostream* os) { *os << "chunk " << s.chunk << " bytes, " << s.threads << " threads"; }

class StagedTransfer : public ::testing::TestWithParam<std::tuple<Staging, int>> {};

// 13 x 17 x 19 with padded rows: every chunk size from one float (smaller than any row) to
// several rows; C padded, uploaded (beta != 0) and written back only in its used columns.
TEST_P(StagedTransfer, SgemmMatchesDoubleReference) {
  const auto [st, flags] = GetParam();
  TransferCtx ctx("staged", st.chunk, st.threads);
  sgemm_with(ctx.h, {13, 17, 19}, {flags, 3, 2, 5}, 1.5f, -0.5f);
  sgemm_with(ctx.h, {13, 17, 19}, {flags, 0, 0, 0}, -1.0f, 2.0f);  // dense rows: whole chunks
}

// Chunks of 12 bytes cut doubles in half; beta = 0 over a C of NaN: C is not uploaded.
TEST_P(StagedTransfer, DgemmMatchesDoubleReference) {
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64";
  const auto [st, flags] = GetParam();
  TransferCtx ctx("staged", st.chunk, st.threads);
  dgemm_with(ctx.h, {13, 17, 19}, {flags, 1, 4, 3}, 0.75, 2.0);
  dgemm_with(ctx.h, {13, 17, 19}, {flags, 2, 0, 1}, -2.0, 0.0, true);
}

INSTANTIATE_TEST_SUITE_P(
    Chunks, StagedTransfer,
    ::testing::Combine(::testing::Values(Staging{"4", "1"}, Staging{"12", "3"}, Staging{"52", "2"},
                                         Staging{"1000", "4"}, Staging{"4194304", "3"}),
                       ::testing::Values(0, MQLCL_GEMM_TRANS_A, MQLCL_GEMM_TRANS_B,
                                         MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B)),
    [](const auto& info) {
      const Staging& st = std::get<0>(info.param);
      const int f = std::get<1>(info.param);
      return std::string("chunk") + st.chunk + "_threads" + st.threads + (f & MQLCL_GEMM_TRANS_A ? "_tA" : "") +
             (f & MQLCL_GEMM_TRANS_B ? "_tB" : "");
    });

// Larger shapes: tall, wide and 257 x 255 x 129 (rows of odd lengths across 52-byte and 4 KiB
// chunks, more chunks than the threads' slots).
TEST(StagedTransferShapes, TallWideAndLarge) {
  for (const Staging st : {Staging{"52", "3"}, Staging{"4096", "4"}}) {
    TransferCtx ctx("staged", st.chunk, st.threads);
    sgemm_with(ctx.h, {257, 3, 5}, {0, 2, 1, 3}, 1.0f, 0.5f);
    sgemm_with(ctx.h, {3, 257, 129}, {MQLCL_GEMM_TRANS_B, 0, 3, 1}, -1.25f, 1.0f);
    sgemm_with(ctx.h, {257, 255, 129}, {MQLCL_GEMM_TRANS_A, 1, 2, 7}, 1.5f, -0.5f);
    sgemm_with(ctx.h, {1, 1, 1}, {0, 0, 0, 0}, 2.0f, 3.0f);
  }
}

// Sizes growing and shrinking in one context: the staging memory is grown, then reused.
TEST(StagedTransferShapes, GrowingAndShrinkingReuseTheStaging) {
  TransferCtx ctx("staged", "256", "3");
  for (const Shape& s : {Shape{5, 7, 3}, Shape{257, 255, 129}, Shape{13, 17, 19}, Shape{257, 255, 129}})
    sgemm_with(ctx.h, s, {0, 1, 0, 2}, 1.0f, 1.0f);
}

// Direct copies (the strategy auto takes on PoCL) with padded rows: rectangles packed densely.
TEST(DirectTransfer, PaddedRowsMatchDoubleReference) {
  TransferCtx ctx("direct", nullptr, nullptr);
  sgemm_with(ctx.h, {13, 17, 19}, {MQLCL_GEMM_TRANS_A, 3, 2, 5}, 1.5f, -0.5f);
  sgemm_with(ctx.h, {257, 3, 5}, {MQLCL_GEMM_TRANS_B, 0, 1, 0}, 1.0f, 0.0f, true);
}

TEST(TransferSettings, MalformedValuesAreRefusedNamingTheVariable) {
  struct Bad {
    const char *mode, *chunk, *threads, *named;
  };
  for (const Bad& b : {Bad{"fast", nullptr, nullptr, "MQLCL_TRANSFER = \"fast\""},
                       Bad{"staged", "0", nullptr, "MQLCL_TRANSFER_CHUNK = \"0\""},
                       Bad{nullptr, "12x", nullptr, "MQLCL_TRANSFER_CHUNK = \"12x\""},
                       Bad{nullptr, "-4", nullptr, "MQLCL_TRANSFER_CHUNK = \"-4\""},
                       Bad{nullptr, "268435457", nullptr, "MQLCL_TRANSFER_CHUNK"},
                       Bad{nullptr, nullptr, "0", "MQLCL_TRANSFER_THREADS = \"0\""},
                       Bad{nullptr, nullptr, "65", "MQLCL_TRANSFER_THREADS = \"65\""}}) {
    t::set_env("MQLCL_TRANSFER", b.mode);
    t::set_env("MQLCL_TRANSFER_CHUNK", b.chunk);
    t::set_env("MQLCL_TRANSFER_THREADS", b.threads);
    const int h = mqlcl_create(t::device());
    t::set_env("MQLCL_TRANSFER", nullptr);
    t::set_env("MQLCL_TRANSFER_CHUNK", nullptr);
    t::set_env("MQLCL_TRANSFER_THREADS", nullptr);
    EXPECT_EQ(h, MQLCL_ERR_ARGUMENT) << b.named;
    EXPECT_TRUE(t::mentions(0, b.named));
    if (h > 0) mqlcl_free(h);
  }
}

// mqlcl_last_upload_ms / _download_ms: set by the host-array GEMM (staged copies timed on the
// host, direct ones by the device's profile of the copies), 0 after an operation without host
// transfers, MQLCL_ERR_HANDLE for a handle that is not a context.
TEST(TransferFigures, SetByHostArrayGemmOnly) {
  TransferCtx direct("direct", "1000", "2");
  sgemm_with(direct.h, {64, 64, 64}, {0, 0, 0, 0}, 1.0f, 1.0f);
  EXPECT_GT(mqlcl_last_upload_ms(direct.h), 0.0);
  EXPECT_GT(mqlcl_last_download_ms(direct.h), 0.0);
  TransferCtx ctx("staged", "1000", "2");
  EXPECT_EQ(mqlcl_last_upload_ms(ctx.h), 0.0);
  EXPECT_EQ(mqlcl_last_download_ms(ctx.h), 0.0);
  sgemm_with(ctx.h, {64, 64, 64}, {0, 0, 0, 0}, 1.0f, 1.0f);
  EXPECT_GT(mqlcl_last_upload_ms(ctx.h), 0.0);
  EXPECT_GT(mqlcl_last_download_ms(ctx.h), 0.0);
  EXPECT_GT(mqlcl_last_total_ms(ctx.h), 0.0);  // how the three compare is the clocks', not a verdict
  const int buf = mqlcl_buffer(ctx.h, 4 * 64 * 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0);
  ASSERT_EQ(mqlcl_sgemm_buffers(ctx.h, 0, 8, 8, 8, 1.0f, buf, 0, 8, buf, 64, 8, 0.0f, buf, 128, 8), MQLCL_OK)
      << t::message();
  EXPECT_EQ(mqlcl_last_upload_ms(ctx.h), 0.0);
  EXPECT_EQ(mqlcl_last_download_ms(ctx.h), 0.0);
  EXPECT_EQ(mqlcl_last_upload_ms(buf), static_cast<double>(MQLCL_ERR_HANDLE));
  EXPECT_EQ(mqlcl_last_download_ms(0), static_cast<double>(MQLCL_ERR_HANDLE));
  mqlcl_free(buf);
}

}  // namespace

namespace {

// C = 1.25 A B - 0.5 C on arrays at `a`, `b`, `c` (C's rows padded: ldc = n + 3).
int sgemm_at(int ctx, int m, int n, int k, const float* a, const float* b, float* c) {
  return mqlcl_sgemm(ctx, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_EXACT, m, n, k, 1.25f, a, m * k, k, b, k * n, n, -0.5f, c, (m - 1) * (n + 3) + n,
                     n + 3);
}

}  // namespace

// Arrays inside memory the program gave (mqlcl_host_memory) go straight from and to it where the
// driver pins it (always: as if it did; auto: as measured): the same bits as through the
// staging, C's padding untouched, and the memory withdrawn again.
TEST(GivenHostMemory, ArraysInsideItGiveTheBitsOfTheStagedCopies) {
  const int m = 67, n = 45, k = 53, c_count = (m - 1) * (n + 3) + n;
  const std::vector<float> a = t::random_floats(m * k, 11), b = t::random_floats(k * n, 12), c0 = t::random_floats(c_count, 13);
  for (const char* mode : {"always", "auto"}) {
    t::set_env("MQLCL_HOST_MEMORY", mode);
    TransferCtx ctx("staged", "4096", "2");
    std::vector<float> want = c0;
    ASSERT_EQ(sgemm_at(ctx.h, m, n, k, a.data(), b.data(), want.data()), MQLCL_OK) << t::message(ctx.h);
    // One piece of memory holding A, B and C at offsets.
    std::vector<float> arena(m * k + k * n + c_count + 64, -3.0f);
    float *ga = arena.data() + 16, *gb = ga + m * k, *gc = gb + k * n;
    std::copy(a.begin(), a.end(), ga);
    std::copy(b.begin(), b.end(), gb);
    std::copy(c0.begin(), c0.end(), gc);
    ASSERT_EQ(mqlcl_host_memory(arena.data(), static_cast<long long>(arena.size() * 4)), MQLCL_OK) << t::message();
    EXPECT_EQ(sgemm_at(ctx.h, m, n, k, ga, gb, gc), MQLCL_OK) << mode << ": " << t::message(ctx.h);
    EXPECT_EQ(std::memcmp(gc, want.data(), want.size() * 4), 0) << mode << ": bit for bit";
    double exact = 0;
    for (int p = 0; p < k; ++p) exact += static_cast<double>(a[2 * k + p]) * b[p * n + 5];
    EXPECT_NEAR(gc[2 * (n + 3) + 5], 1.25 * exact - 0.5 * c0[2 * (n + 3) + 5], 1e-4) << mode;
    EXPECT_EQ(gc[n], c0[n]) << mode << ": the padding of C's rows is not written";
    EXPECT_EQ(arena[15], -3.0f) << mode;
    EXPECT_EQ(arena.back(), -3.0f) << mode;
    EXPECT_EQ(mqlcl_host_memory(arena.data(), 0), MQLCL_OK) << t::message();
    t::set_env("MQLCL_HOST_MEMORY", nullptr);
  }
}

TEST(GivenHostMemory, MisuseIsRefusedWithItsCause) {
  std::vector<float> memory(1024);
  EXPECT_EQ(mqlcl_host_memory(nullptr, 64), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "data is a null pointer"));
  EXPECT_EQ(mqlcl_host_memory(memory.data(), -1), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "bytes = -1"));
  EXPECT_EQ(mqlcl_host_memory(memory.data(), 0), MQLCL_ERR_ARGUMENT) << "nothing was given there";
  EXPECT_TRUE(t::mentions(0, "no memory was given at"));
  ASSERT_EQ(mqlcl_host_memory(memory.data() + 256, 1024), MQLCL_OK);
  EXPECT_EQ(mqlcl_host_memory(memory.data(), 1028), MQLCL_ERR_ARGUMENT) << "ends inside the piece given";
  EXPECT_TRUE(t::mentions(0, "overlaps memory given before"));
  EXPECT_EQ(mqlcl_host_memory(memory.data() + 511, 64), MQLCL_ERR_ARGUMENT) << "starts inside it";
  EXPECT_EQ(mqlcl_host_memory(memory.data(), 1024), MQLCL_OK) << "ends where it starts";
  EXPECT_EQ(mqlcl_host_memory(memory.data() + 512, 64), MQLCL_OK) << "starts where it ends";
  for (float* at : {memory.data(), memory.data() + 256, memory.data() + 512}) EXPECT_EQ(mqlcl_host_memory(at, 0), MQLCL_OK);
  EXPECT_EQ(mqlcl_host_memory(memory.data() + 256, 0), MQLCL_ERR_ARGUMENT) << "withdrawn already";

  // A malformed MQLCL_HOST_MEMORY, read where a copy asks: the GEMM's error names it.
  ASSERT_EQ(mqlcl_host_memory(memory.data(), 4096), MQLCL_OK);
  t::set_env("MQLCL_HOST_MEMORY", "sometimes");
  {
    TransferCtx ctx("staged", nullptr, nullptr);
    EXPECT_EQ(mqlcl_sgemm(ctx.h, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_EXACT, 8, 8, 8, 1.0f, memory.data(), 64, 8, memory.data() + 64, 64, 8, 0.0f,
                          memory.data() + 128, 64, 8),
              MQLCL_ERR_ARGUMENT);
    EXPECT_TRUE(t::mentions(ctx.h, "MQLCL_HOST_MEMORY = \"sometimes\""));
  }
  t::set_env("MQLCL_HOST_MEMORY", nullptr);
  EXPECT_EQ(mqlcl_host_memory(memory.data(), 0), MQLCL_OK);
}
