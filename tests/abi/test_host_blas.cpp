// Host-array GEMM on the processor (gemm/host_candidate, platform/host_blas): where the call
// runs (MQLCL_GEMM_ON_HOST, MQLCL_GEMM_ON_DEVICE, a pin, $MQLCL_HOST_BLAS=off), that the
// planned call is right wherever it runs, and what is refused. The results of each path
// against a double reference: test_gemm's cases run on both.
#include <cmath>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

// C = A B (m x k times k x n, dense) with flags; the worst error relative to the sum of |terms|.
double sgemm_error(int h, int flags, int m, int n, int k, int& rc) {
  const std::vector<float> a = t::random_floats(size_t(m) * k, 11), b = t::random_floats(size_t(k) * n, 12);
  std::vector<float> c(size_t(m) * n, 7.0f);
  rc = mqlcl_sgemm(h, flags, m, n, k, 1.0f, a.data(), m * k, k, b.data(), k * n, n, 0.0f, c.data(), m * n, n);
  double worst = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0, scale = 0;
      for (int p = 0; p < k; ++p) {
        const double term = double(a[size_t(i) * k + p]) * double(b[size_t(p) * n + j]);
        sum += term, scale += std::fabs(term);
      }
      worst = std::max(worst, std::fabs(double(c[size_t(i) * n + j]) - sum) / std::max(scale, 1e-30));
    }
  return worst;
}

struct HostBlasOff {
  HostBlasOff() { t::set_env("MQLCL_HOST_BLAS", "off"); }
  ~HostBlasOff() { t::set_env("MQLCL_HOST_BLAS", nullptr); }
};

TEST(HostBlas, ThePlannedCallIsRightWhereverItRuns) {
  t::Ctx c;
  for (int n : {1, 7, 70, 300}) {
    int rc = 0;
    const double error = sgemm_error(c.h, MQLCL_GEMM_EXACT, n, n + 2, n + 1, rc);
    ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
    EXPECT_LT(error, t::tolerance(MQLCL_PRECISION_FP32, n + 1)) << n;
    const int product = mqlcl_last_product(c.h);
    EXPECT_TRUE(product == MQLCL_GEMM_HOST_BLAS || product == MQLCL_GEMM_KERNEL_SGEMM_TUNED ||
                mqlcl_gemm_kernel_info(product, MQLCL_GEMM_KERNEL_INFO_FLAGS) == MQLCL_GEMM_EXACT)
        << product;
    if (product == MQLCL_GEMM_HOST_BLAS) {
      EXPECT_EQ(mqlcl_last_panels(c.h), 0);
      EXPECT_EQ(mqlcl_last_upload_ms(c.h), 0.0);
      EXPECT_EQ(mqlcl_last_launches(c.h), 0);
    }
  }
}

TEST(HostBlas, OnHostRunsTheBlasAndSaysSo) {
  if (!t::has_host_blas()) GTEST_SKIP() << "no BLAS found on this machine (OpenBLAS or libblas): the host path is not run";
  t::Ctx c;
  int rc = 0;
  EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_ON_HOST, 33, 17, 65, rc), t::tolerance(MQLCL_PRECISION_FP32, 65));
  ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(mqlcl_last_product(c.h), MQLCL_GEMM_HOST_BLAS);
  EXPECT_GE(mqlcl_last_total_ms(c.h), 0.0);
  std::vector<mqlcl_char> text(4096);
  ASSERT_GT(mqlcl_gemm_plan_text(c.h, MQLCL_GEMM_EXACT, 64, 64, 64, text.data(), 4096), 0) << t::message(c.h);
  const std::string plan(text.begin(), text.end());
  EXPECT_NE(plan.find("host BLAS "), std::string::npos) << plan;
  EXPECT_NE(plan.find("ms predicted for host arrays"), std::string::npos) << plan;
}

// The planner's tunables as one value for every kernel.
void set_all(int h, int tunable, int value) {
  std::vector<int> v(static_cast<size_t>(mqlcl_gemm_kernel_count()), value);
  ASSERT_EQ(mqlcl_tunable_set(h, tunable, v.data(), static_cast<int>(v.size())), static_cast<int>(v.size())) << t::message(h);
}
// Where an n^3 FP32 host-array call ran (its result is checked by the tests above and test_gemm's).
int placed(int h, int n) {
  const std::vector<float> a(size_t(n) * n, 0.5f), b(size_t(n) * n, 0.25f);
  std::vector<float> c(size_t(n) * n, 0.0f);
  EXPECT_EQ(mqlcl_sgemm(h, MQLCL_GEMM_EXACT, n, n, n, 1.0f, a.data(), n * n, n, b.data(), n * n, n, 0.0f, c.data(), n * n, n),
            MQLCL_OK)
      << t::message(h);
  EXPECT_EQ(c[size_t(n) * n - 1], 0.125f * float(n));
  return mqlcl_last_product(h);
}

// The host BLAS's predicted time of an n^3 FP32 host-array call (ms), as the plan's text says it.
double host_predicted_ms(int h, int n) {
  std::vector<mqlcl_char> text(8192);
  EXPECT_GT(mqlcl_gemm_plan_text(h, MQLCL_GEMM_EXACT, n, n, n, text.data(), 8192), 0) << t::message(h);
  const std::string plan(text.begin(), text.end());
  const size_t at = plan.find(" ms predicted for host arrays");
  if (at == std::string::npos) return -1;
  const size_t from = plan.find_last_of(' ', at - 1) + 1;
  return std::stod(plan.substr(from, at - from));
}

// A call of one shape is placed as the last under the same tuning and profile (the placement is
// kept), but a tuning or profile changed between two calls places the next anew: each call
// follows the planner's inputs as they are at that call.
TEST(HostBlas, APlacementFollowsTheTuningAndProfileBetweenCallsOfOneShape) {
  if (!t::has_host_blas()) GTEST_SKIP() << "no BLAS found on this machine (OpenBLAS or libblas): no placement to follow";
  t::Ctx c;
  const int n = 1024;  // the host's product takes milliseconds, past the device's measured floor
  placed(c.h, n);      // the host's rate measured (once per process: its prediction is fixed from here)
  // Each phase's device prediction lies a hundred times or more to one side of the host's,
  // whatever that is: a loaded machine (CI's, while it compiles) measures the host slow.
  const double host_ms = host_predicted_ms(c.h, n);
  ASSERT_GT(host_ms, 0);
  std::vector<double> profile(MQLCL_PROFILE_FIELDS);
  ASSERT_EQ(mqlcl_device_profile(c.h, profile.data(), MQLCL_PROFILE_FIELDS), MQLCL_PROFILE_FIELDS) << t::message(c.h);
  std::vector<double> fast = profile, slow = profile;  // rates a thousand times up / a million down
  for (int f : {MQLCL_PROFILE_FP32, MQLCL_PROFILE_COPY, MQLCL_PROFILE_TO_DEVICE, MQLCL_PROFILE_FROM_DEVICE,
                MQLCL_PROFILE_TO_DEVICE_STAGED, MQLCL_PROFILE_FROM_DEVICE_STAGED})
    fast[size_t(f)] *= 1000, slow[size_t(f)] /= 1e6;
  fast[MQLCL_PROFILE_LAUNCH_US] = host_ms;       // a launch and wait a thousandth of the host's time (us)
  slow[MQLCL_PROFILE_LAUNCH_US] = host_ms * 500;  // half of it: the copies alone take thousands of times it
  // as fast, but a launch and wait a tenth of the host's time: the 1000 of the slow tuning then
  // make a call a hundred times the host's, the fast tuning's few leave it below
  std::vector<double> launch_bound = fast;
  launch_bound[MQLCL_PROFILE_LAUNCH_US] = host_ms * 100;
  set_all(c.h, MQLCL_TUNABLE_EFFICIENCY, 1000);
  set_all(c.h, MQLCL_TUNABLE_PREPARATION, 0);
  for (int round = 0; round < 2; ++round) {
    ASSERT_EQ(mqlcl_profile_set(c.h, slow.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
    for (int call = 0; call < 2; ++call) EXPECT_EQ(placed(c.h, n), MQLCL_GEMM_HOST_BLAS) << "slow, " << round << call;
    ASSERT_EQ(mqlcl_profile_set(c.h, fast.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
    for (int call = 0; call < 2; ++call) EXPECT_NE(placed(c.h, n), MQLCL_GEMM_HOST_BLAS) << "fast, " << round << call;
    // the kernels at 1 per mille of their ceilings and 1000 launches a call
    ASSERT_EQ(mqlcl_profile_set(c.h, launch_bound.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
    set_all(c.h, MQLCL_TUNABLE_EFFICIENCY, 1);
    set_all(c.h, MQLCL_TUNABLE_PREPARATION, 100000);
    for (int call = 0; call < 2; ++call) EXPECT_EQ(placed(c.h, n), MQLCL_GEMM_HOST_BLAS) << "tuned slow, " << round << call;
    set_all(c.h, MQLCL_TUNABLE_EFFICIENCY, 1000);
    set_all(c.h, MQLCL_TUNABLE_PREPARATION, 0);
    for (int call = 0; call < 2; ++call) EXPECT_NE(placed(c.h, n), MQLCL_GEMM_HOST_BLAS) << "tuned fast, " << round << call;
  }
}

TEST(HostBlas, OnDeviceAndAPinKeepTheCallOnTheDevice) {
  t::Ctx c;
  int rc = 0;
  sgemm_error(c.h, MQLCL_GEMM_ON_DEVICE, 4, 4, 4, rc);
  ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
  EXPECT_NE(mqlcl_last_product(c.h), MQLCL_GEMM_HOST_BLAS);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_SGEMM_TUNED), MQLCL_OK) << t::message(c.h);
  sgemm_error(c.h, MQLCL_GEMM_EXACT, 4, 4, 4, rc);
  ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(mqlcl_last_product(c.h), MQLCL_GEMM_KERNEL_SGEMM_TUNED);
}

TEST(HostBlas, SwitchedOffTheDeviceRunsAndOnHostIsRefusedSayingWhy) {
  HostBlasOff off;
  t::Ctx c;
  int rc = 0;
  sgemm_error(c.h, MQLCL_GEMM_EXACT, 4, 4, 4, rc);
  ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
  EXPECT_NE(mqlcl_last_product(c.h), MQLCL_GEMM_HOST_BLAS);
  std::vector<float> a(4, 1.0f), b(4, 1.0f), out(4, 9.0f);
  EXPECT_EQ(mqlcl_sgemm(c.h, MQLCL_GEMM_ON_HOST, 2, 2, 2, 1.0f, a.data(), 4, 2, b.data(), 4, 2, 0.0f, out.data(), 4, 2),
            MQLCL_ERR_UNSUPPORTED);
  EXPECT_TRUE(t::mentions(c.h, "MQLCL_HOST_BLAS=off"));
  for (float v : out) EXPECT_EQ(v, 9.0f);
}

TEST(HostBlas, BadPlacesAreRefused) {
  t::Ctx c;
  std::vector<float> a(4, 1.0f), b(4, 1.0f), out(4, 9.0f);
  EXPECT_EQ(mqlcl_sgemm(c.h, MQLCL_GEMM_ON_HOST | MQLCL_GEMM_ON_DEVICE, 2, 2, 2, 1.0f, a.data(), 4, 2, b.data(), 4, 2,
                        0.0f, out.data(), 4, 2),
            MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "MQLCL_GEMM_ON_DEVICE and MQLCL_GEMM_ON_HOST together"));
  const int buf = mqlcl_buffer(c.h, 64, 0);
  ASSERT_GT(buf, 0) << t::message(c.h);
  EXPECT_EQ(mqlcl_sgemm_buffers(c.h, MQLCL_GEMM_ON_HOST, 2, 2, 2, 1.0f, buf, 0, 2, buf, 4, 2, 0.0f, buf, 8, 2),
            MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "MQLCL_GEMM_ON_HOST is for host arrays"));
  mqlcl_free(buf);
  for (float v : out) EXPECT_EQ(v, 9.0f);
}

}  // namespace

namespace {

// A caller's BLAS of a given speed: every product of 4, 128 and 512 reported at `ms`.
void report_caller(int flags, double ms) {
  for (int n : {4, 128, 512}) ASSERT_EQ(mqlcl_gemm_caller_blas(flags, n, ms), MQLCL_OK) << t::message();
}

TEST(HostBlas, WhereAnswersTheCallersBlasOnlyWhereTheLibraryHasNone) {
  t::Ctx c;
  EXPECT_EQ(mqlcl_gemm_caller_blas(0, 64, 1.0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "n = 64"));
  EXPECT_EQ(mqlcl_gemm_caller_blas(0, 128, -1.0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_where(c.h, 0, 0, 8, 8), MQLCL_ERR_ARGUMENT);
  const int device = mqlcl_gemm_where(c.h, MQLCL_GEMM_ON_DEVICE, 64, 64, 64);
  EXPECT_GT(mqlcl_gemm_kernel_info(device, MQLCL_GEMM_KERNEL_INFO_FLAGS), -1) << device << " " << t::message(c.h);
  {
    HostBlasOff off;
    report_caller(0, 1e-9);  // a BLAS no device can beat
    EXPECT_EQ(mqlcl_gemm_where(c.h, 0, 64, 64, 64), MQLCL_GEMM_CALLER_BLAS) << t::message(c.h);
    EXPECT_EQ(mqlcl_gemm_where(c.h, MQLCL_GEMM_ON_HOST, 64, 64, 64), MQLCL_GEMM_CALLER_BLAS) << t::message(c.h);
    EXPECT_EQ(mqlcl_gemm_where(c.h, MQLCL_GEMM_ON_DEVICE, 64, 64, 64), device);
    report_caller(0, 1e9);  // one any device beats
    EXPECT_EQ(mqlcl_gemm_where(c.h, 0, 64, 64, 64), device) << t::message(c.h);
    // The mqlcl_sgemm call itself never runs the caller's BLAS.
    int rc = 0;
    report_caller(0, 1e-9);
    sgemm_error(c.h, MQLCL_GEMM_EXACT, 8, 8, 8, rc);
    ASSERT_EQ(rc, MQLCL_OK) << t::message(c.h);
    EXPECT_NE(mqlcl_last_product(c.h), MQLCL_GEMM_CALLER_BLAS);
    EXPECT_NE(mqlcl_last_product(c.h), MQLCL_GEMM_HOST_BLAS);
  }
  if (t::has_host_blas()) {
    EXPECT_EQ(mqlcl_gemm_where(c.h, MQLCL_GEMM_ON_HOST, 64, 64, 64), MQLCL_GEMM_HOST_BLAS);
  }
  report_caller(0, 1e9);  // the process's reports left as no test relies on them
}

}  // namespace
