// The host-array GEMM by panels of rows (dll/src/gemm/gemm_host, dll/src/gemm/gemm_panels): B once, then
// each panel's rows of A (and of C when beta reads it) uploaded, multiplied and downloaded on
// their own queues, overlapping. Forced with MQLCL_GEMM_PANEL_ROWS (1, 2, 7 rows), directly and
// through the pinned staging (chunks smaller than a row, several workers), with transposes,
// leading dimensions beyond the columns and beta != 0, it must give C bit for bit as one panel
// does (PoCL sends copies directly, so its unforced calls run one panel), gaps untouched and
// within the double reference. The FP16 stages by panels (emulated PTX under an injected H200
// profile) likewise, and a panel whose rows cannot be scaled into FP16 falls back alone. The
// plan: from a set profile's transfer rates, so the verdicts are the planner's, not a clock's.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "gemm_reference.hpp"
#include "support.hpp"
#include "tensor_contexts.hpp"

namespace {

using namespace gemm_test;

// A context created under the given environment (read once, when the context is created);
// the variables are removed again at once.
struct EnvCtx {
  EnvCtx(const char* panel_rows, const char* mode, const char* chunk = nullptr, const char* threads = nullptr) {
    t::set_env("MQLCL_GEMM_PANEL_ROWS", panel_rows);
    t::set_env("MQLCL_TRANSFER", mode);
    t::set_env("MQLCL_TRANSFER_CHUNK", chunk);
    t::set_env("MQLCL_TRANSFER_THREADS", threads);
    h = mqlcl_create(t::device());
    for (const char* v : {"MQLCL_GEMM_PANEL_ROWS", "MQLCL_TRANSFER", "MQLCL_TRANSFER_CHUNK", "MQLCL_TRANSFER_THREADS"})
      t::set_env(v, nullptr);
    EXPECT_GT(h, 0) << t::message();
  }
  ~EnvCtx() { mqlcl_free(h); }
  EnvCtx(const EnvCtx&) = delete;
  EnvCtx& operator=(const EnvCtx&) = delete;
  int h;
};

template <class T>
int gemm(int h, int flags, const Shape& s, T alpha, const Stored<T>& a, const Stored<T>& b, T beta, Stored<T>& c) {
  if constexpr (sizeof(T) == 4)
    return mqlcl_sgemm(h, MQLCL_GEMM_ON_DEVICE | flags, s.m, s.n, s.k, alpha, a.v.data(), static_cast<int>(a.v.size()), a.ld, b.v.data(),
                       static_cast<int>(b.v.size()), b.ld, beta, c.v.data(), static_cast<int>(c.v.size()), c.ld);
  else
    return mqlcl_dgemm(h, MQLCL_GEMM_ON_DEVICE | flags | MQLCL_GEMM_FP64, s.m, s.n, s.k, alpha, a.v.data(), static_cast<int>(a.v.size()), a.ld,
                       b.v.data(), static_cast<int>(b.v.size()), b.ld, beta, c.v.data(), static_cast<int>(c.v.size()),
                       c.ld);
}

bool same_bits(const void* x, const void* y, size_t bytes) { return std::memcmp(x, y, bytes) == 0; }

struct Case {
  Layout layout;
  double beta;
};
const Case kCases[] = {
    {{0, 0, 0, 0}, 0.0},
    {{MQLCL_GEMM_TRANS_A, 3, 1, 2}, 0.5},
    {{MQLCL_GEMM_TRANS_B, 0, 2, 5}, -1.0},
    {{MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B, 1, 1, 1}, 0.25},
};

// Every case by panels of `rows` on `forced` against one panel on a plain context, and against
// the double reference.
template <class T>
void panels_equal_one_panel(int forced, int rows) {
  t::Ctx plain;
  const Shape s{37, 29, 23};
  for (const Case& k : kCases) {
    const std::string what = "flags " + std::to_string(k.layout.flags) + ", beta " + std::to_string(k.beta);
    const bool ta = k.layout.flags & MQLCL_GEMM_TRANS_A, tb = k.layout.flags & MQLCL_GEMM_TRANS_B;
    const Stored<T> a(ta ? s.k : s.m, ta ? s.m : s.k, k.layout.pad_a, 5 + s.m, T(-7));
    const Stored<T> b(tb ? s.n : s.k, tb ? s.k : s.n, k.layout.pad_b, 6 + s.n, T(-7));
    Stored<T> one(s.m, s.n, k.layout.pad_c, 9, static_cast<T>(kGap)), split = one;
    ASSERT_EQ(gemm<T>(plain.h, k.layout.flags, s, T(1.5), a, b, static_cast<T>(k.beta), one), MQLCL_OK) << t::message(plain.h);
    EXPECT_EQ(mqlcl_last_panels(plain.h), 1) << what;
    ASSERT_EQ(gemm<T>(forced, k.layout.flags, s, T(1.5), a, b, static_cast<T>(k.beta), split), MQLCL_OK) << t::message(forced);
    EXPECT_EQ(mqlcl_last_panels(forced), (s.m + rows - 1) / rows) << what;
    EXPECT_TRUE(same_bits(one.v.data(), split.v.data(), one.v.size() * sizeof(T))) << what << ": C differs from one panel's";
    EXPECT_GT(mqlcl_last_upload_ms(forced), 0) << what;
    EXPECT_GT(mqlcl_last_download_ms(forced), 0) << what;
    EXPECT_GT(mqlcl_last_kernel_ms(forced), 0) << what;
  }
  // And against the double reference, gaps included (gemm_reference's check).
  const int precision = sizeof(T) == 4 ? MQLCL_PRECISION_FP32 : MQLCL_PRECISION_FP64;
  for (const Case& k : kCases)
    check_gemm<T>(s, k.layout, 1.5, k.beta, false, precision, [&](int flags, auto& a, auto& b, auto& c) {
      return gemm<T>(forced, flags, s, T(1.5), a, b, static_cast<T>(k.beta), c);
    });
}

struct Forcing {
  const char *rows, *mode, *chunk, *threads;
};
void PrintTo(const Forcing& f, std::ostream* os) {
  *os << "panels of " << f.rows << " rows, " << f.mode << (f.chunk ? std::string(", chunk ") + f.chunk : "");
}

class ForcedPanels : public ::testing::TestWithParam<Forcing> {};

}  // namespace

TEST_P(ForcedPanels, SgemmGivesOnePanelsBits) {
  EnvCtx c(GetParam().rows, GetParam().mode, GetParam().chunk, GetParam().threads);
  panels_equal_one_panel<float>(c.h, std::stoi(GetParam().rows));
}

TEST_P(ForcedPanels, DgemmGivesOnePanelsBits) {
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64";
  EnvCtx c(GetParam().rows, GetParam().mode, GetParam().chunk, GetParam().threads);
  panels_equal_one_panel<double>(c.h, std::stoi(GetParam().rows));
}

// Staged: chunks of 36 bytes (shorter than a row of A or C) over 3 workers, each worker with
// chunks of several panels in flight; direct: the submitting thread's copies.
INSTANTIATE_TEST_SUITE_P(Rows, ForcedPanels,
                         ::testing::Values(Forcing{"1", "staged", "36", "3"}, Forcing{"2", "direct", nullptr, nullptr},
                                           Forcing{"7", "staged", "36", "3"}, Forcing{"7", "direct", nullptr, nullptr},
                                           Forcing{"7", "staged", "4096", "1"}));

namespace {
using tensor_test::kH200;

// |C - AB| / sum |ab| at its largest (A m x k, B k x n, C m x n, all dense).
double worst_error(const Stored<float>& a, const Stored<float>& b, const Stored<float>& c, const Shape& s) {
  double worst = 0;
  for (int i = 0; i < s.m; ++i)
    for (int j = 0; j < s.n; ++j) {
      double sum = 0, scale = 0;
      for (int p = 0; p < s.k; ++p) {
        sum += double(a.at(i, p)) * double(b.at(p, j));
        scale += std::fabs(double(a.at(i, p)) * double(b.at(p, j)));
      }
      const double got = c.at(i, j);
      worst = std::max(worst, std::isfinite(got) ? std::fabs(got - sum) / scale : 1e30);
    }
  return worst;
}
}  // namespace

TEST(GemmPanels, HalfStagesByPanelsGiveOnePanelsBitsAndFallBackPerPanel) {
  EnvCtx forced("7", "staged", "100", "2");
  t::Ctx plain;
  tensor_test::use_tensor_kernels(forced.h, true);
  tensor_test::use_tensor_kernels(plain.h, true);
  const Shape s{45, 40, 33};
  Stored<float> a(s.m, s.k, 3, 41, -7.0f);
  const Stored<float> b(s.k, s.n, 0, 42, -7.0f);
  for (int kernel : {MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_3XFP16}) {
    const int flags = t::kernel_flags(kernel);
    for (int h : {forced.h, plain.h}) ASSERT_EQ(mqlcl_gemm_pin(h, flags, kernel), MQLCL_OK) << t::message(h);
    Stored<float> one(s.m, s.n, 2, 9, kGap), split = one;
    ASSERT_EQ(gemm<float>(plain.h, flags, s, 1.0f, a, b, 0.0f, one), MQLCL_OK) << t::message(plain.h);
    ASSERT_EQ(gemm<float>(forced.h, flags, s, 1.0f, a, b, 0.0f, split), MQLCL_OK) << t::message(forced.h);
    EXPECT_EQ(mqlcl_last_panels(forced.h), 7);
    EXPECT_EQ(mqlcl_last_product(forced.h), kernel);
    EXPECT_TRUE(same_bits(one.v.data(), split.v.data(), one.v.size() * 4)) << kernel;
  }
  // Row 20 (the third panel) spread over 2^+-60: that panel runs stage 31, the others stay on
  // FP16; every row is FP32-accurate and the call reports the fallback.
  for (int p = 0; p < s.k; ++p) a.v[static_cast<size_t>(20) * a.ld + p] *= std::ldexp(1.0f, p % 2 ? 60 : -60);
  Stored<float> c(s.m, s.n, 2, 9, kGap), clean = c;
  ASSERT_EQ(gemm<float>(forced.h, MQLCL_GEMM_EXACT, s, 1.0f, a, b, 0.0f, c), MQLCL_OK) << t::message(forced.h);
  EXPECT_EQ(mqlcl_last_product(forced.h), MQLCL_GEMM_KERNEL_TENSOR_3XTF32);
  EXPECT_EQ(mqlcl_last_panels(forced.h), 7);
  EXPECT_LT(worst_error(a, b, c, s), t::tolerance(mqlcl_gemm_flags_precision(MQLCL_GEMM_EXACT), s.k));
  // The panels without row 20 give the bits of the clean FP16 run.
  for (int p = 0; p < s.k; ++p) a.v[static_cast<size_t>(20) * a.ld + p] = 0.5f;
  ASSERT_EQ(gemm<float>(forced.h, MQLCL_GEMM_EXACT, s, 1.0f, a, b, 0.0f, clean), MQLCL_OK) << t::message(forced.h);
  EXPECT_EQ(mqlcl_last_product(forced.h), MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  for (int i = 0; i < s.m; ++i) {
    if (i / 7 == 20 / 7) continue;
    for (int j = 0; j < s.n; ++j) ASSERT_EQ(c.at(i, j), clean.at(i, j)) << "C[" << i << "," << j << "]";
  }
}

namespace {
// A profile whose transfers take `gbs` GB/s each way and whose FP32 units do 1 GFLOP/s (the
// rest as the H200's, tensor cores left out so stage 10 runs).
std::vector<double> transfer_profile(double gbs) {
  std::vector<double> p = kH200;
  p[MQLCL_PROFILE_FP32] = 1;
  for (int f : {MQLCL_PROFILE_MMA_TF32, MQLCL_PROFILE_MMA_FP16, MQLCL_PROFILE_MMA_BF16, MQLCL_PROFILE_MMA_INT8,
                MQLCL_PROFILE_MMA_FP64})
    p[static_cast<size_t>(f)] = 0;
  p[MQLCL_PROFILE_TO_DEVICE_STAGED] = p[MQLCL_PROFILE_FROM_DEVICE_STAGED] = gbs;
  return p;
}

// The planner counts whole waves of blocks over the compute units: every panel of 128 rows
// must hold a block for each unit, or splitting only adds waves (a GPU has 100+ units). So
// n is stage 10's block width times the device's units.
int panels_at(int ctx, double gbs) {
  const std::vector<double> p = transfer_profile(gbs);
  EXPECT_EQ(mqlcl_profile_set(ctx, p.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(ctx);
  int tiles[5] = {};
  EXPECT_EQ(mqlcl_tunable_get(ctx, MQLCL_STAGE_SGEMM_TUNED, tiles, 5), 5) << t::message(ctx);
  const int units = static_cast<int>(mqlcl_device_info(t::device(), MQLCL_INFO_COMPUTE_UNITS));
  const Shape s{1024, tiles[1] * std::max(units, 1), 64};  // m, n, k
  const Stored<float> a(s.m, s.k, 0, 1, 0.0f), b(s.k, s.n, 0, 2, 0.0f);
  Stored<float> out(s.m, s.n, 0, 3, 0.0f);
  EXPECT_EQ(gemm<float>(ctx, 0, s, 1.0f, a, b, 0.0f, out), MQLCL_OK) << t::message(ctx);
  return mqlcl_last_panels(ctx);
}

int planned_panels(const char* mode, double gbs) {
  EnvCtx c(nullptr, mode);
  return panels_at(c.h, gbs);
}
}  // namespace

TEST(GemmPanels, PlannedFromTheMeasuredTransferRates) {
  // Copies (A 256 KiB and C 1024 x n floats at 0.05 GB/s) and the product (2 x 1024 x 64 x n
  // flop at 1 GFLOP/s) of one size: the panels hide the product behind the copies.
  EXPECT_GT(planned_panels("staged", 0.05), 1);
  // Copies as fast as the device's memory: there is nothing to hide the product behind.
  EXPECT_EQ(planned_panels("staged", 4250), 1);
  // Copies that go direct cannot overlap: one panel, whatever the rates.
  EXPECT_EQ(planned_panels("direct", 0.05), 1);
  // Auto copies directly where the device shares the host's memory (PoCL), and on any device
  // below 1 MiB of A (this A: 256 KiB).
  EXPECT_EQ(planned_panels("auto", 0.05), 1);
}

// The panels of a shape are planned once and kept: a new profile (its rates) plans them again,
// in the same context, each way.
TEST(GemmPanels, APlanKeptForAShapeFollowsTheProfile) {
  EnvCtx c(nullptr, "staged");
  const int slow = panels_at(c.h, 0.05);
  EXPECT_GT(slow, 1);
  EXPECT_EQ(panels_at(c.h, 0.05), slow) << "the same shape and profile: the same panels";
  EXPECT_EQ(panels_at(c.h, 4250), 1) << "copies as fast as the device's memory: one panel";
  EXPECT_EQ(panels_at(c.h, 0.05), slow) << "the slow copies again";
}

TEST(GemmPanels, OtherOperationsReportNoPanels) {
  t::Ctx c;
  const Shape s{8, 8, 8};
  const Stored<float> a(8, 8, 0, 1, 0.0f), b(8, 8, 0, 2, 0.0f);
  Stored<float> out(8, 8, 0, 3, 0.0f);
  ASSERT_EQ(gemm<float>(c.h, 0, s, 1.0f, a, b, 0.0f, out), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(mqlcl_last_panels(c.h), 1);
  const int buf = mqlcl_buffer(c.h, 3 * 64 * 4, 0);
  ASSERT_GT(buf, 0) << t::message(c.h);
  ASSERT_EQ(mqlcl_sgemm_buffers(c.h, 0, 8, 8, 8, 1.0f, buf, 0, 8, buf, 64, 8, 0.0f, buf, 128, 8), MQLCL_OK)
      << t::message(c.h);
  EXPECT_EQ(mqlcl_last_panels(c.h), 0);
  EXPECT_EQ(mqlcl_last_panels(-5), MQLCL_ERR_HANDLE);
}
