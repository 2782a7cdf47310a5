// Tuning on first use (gemm/self_tuning): a call of at least 512^3 on a device without tuned
// tiles for its kernel searches them within MQLCL_TUNE_SECONDS, stores the best in the tuning
// file and uses it; smaller calls, MQLCL_TUNE=off, tiles set by the caller or found in the file
// leave things as they are; a file that cannot be written or holds garbage fails no call. The
// test command runs with MQLCL_TUNE=off; these tests turn it on for themselves, with a budget of
// 2 s. Many processes at once: tests/abi/test_placement.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "gemm/search_verdict.hpp"
#include "support.hpp"
#include "tensor_contexts.hpp"
#include "tuning_file_fixture.hpp"

namespace {

namespace fs = std::filesystem;

class SelfTuning : public t::OwnTuningFile {
 protected:
  void SetUp() override {
    OwnTuningFile::SetUp();
    const char* tune = std::getenv("MQLCL_TUNE");
    saved_tune_ = tune ? tune : "";
    had_tune_ = tune != nullptr;
    t::set_env("MQLCL_TUNE", "on");
    t::set_env("MQLCL_TUNE_SECONDS", "2");
  }
  void TearDown() override {
    t::set_env("MQLCL_TUNE", had_tune_ ? saved_tune_.c_str() : nullptr);
    t::set_env("MQLCL_TUNE_SECONDS", nullptr);
    OwnTuningFile::TearDown();
  }

  // C = A B at n^3 (row-major, no transposition) through mqlcl_sgemm; true where every element is
  // within the FP32 tolerance of the double reference.
  // Kernel 10 pinned: the planner of a GPU may prefer another for the exact field.
  static bool sgemm_right(int ctx, int n) {
    EXPECT_EQ(mqlcl_gemm_pin(ctx, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_SGEMM_TUNED), MQLCL_OK) << t::message(ctx);
    const std::vector<float> a = t::random_floats(static_cast<size_t>(n) * n, 11), b = t::random_floats(static_cast<size_t>(n) * n, 12);
    std::vector<float> c(static_cast<size_t>(n) * n, 0.0f);
    const int count = n * n;
    EXPECT_EQ(mqlcl_sgemm(ctx, MQLCL_GEMM_ON_DEVICE, n, n, n, 1.0f, a.data(), count, n, b.data(), count, n, 0.0f, c.data(), count, n), MQLCL_OK)
        << t::message(ctx);
    std::vector<double> exact, scale;
    t::reference_matmul(a, b, n, n, n, exact, scale);
    for (size_t i = 0; i < c.size(); ++i)
      if (!t::close_to(exact[i], scale[i], c[i], n)) return false;
    return true;
  }

  // This device's entries of a tunable (stage 10's by default) in the file.
  std::vector<std::string> entries(int tunable = MQLCL_TUNABLE_SGEMM_TUNED) const {
    std::vector<std::string> out;
    for (const std::string& l : lines())
      if (l.rfind(std::to_string(tunable) + "\t", 0) == 0) out.push_back(l);
    return out;
  }

  static std::vector<int> tiles(int ctx) {
    std::vector<int> p(5, -1);
    EXPECT_EQ(mqlcl_tunable_get(ctx, MQLCL_TUNABLE_SGEMM_TUNED, p.data(), 5), 5) << t::message(ctx);
    return p;
  }

  // The candidates the device is offered, and the default.
  static bool offered(const std::vector<int>& p, const std::vector<int>& fallback) {
    if (p == fallback) return true;
    const int count = mqlcl_tunable_candidate_count(t::device(), MQLCL_TUNABLE_SGEMM_TUNED);
    for (int i = 0; i < count; ++i) {
      std::vector<int> c(5);
      if (mqlcl_tunable_candidate(t::device(), MQLCL_TUNABLE_SGEMM_TUNED, i, c.data(), 5) == 5 && c == p) return true;
    }
    return false;
  }

  static std::string device_name() {
    std::u16string buf(1024, u'\0');
    const int n = mqlcl_device_text(t::device(), MQLCL_TEXT_NAME, buf.data(), static_cast<int>(buf.size()));
    return t::to_utf8(buf.substr(0, static_cast<size_t>(std::max(0, std::min(n, 1023)))));
  }

  std::string saved_tune_;
  bool had_tune_ = false;
};

// The search's winner is stored only where, timed again beside the defaults, it still wins:
// faster at every size it was judged on, and by 3 % in the geometric mean (made-up times).
TEST(SearchVerdict, AWinnerIsStoredOnlyWhereItStillBeatsTheDefaultsEverywhere) {
  using mqlcl::confirmed_winner;
  EXPECT_TRUE(confirmed_winner({100, 40}, {90, 36}));        // 10 % faster at both sizes
  EXPECT_FALSE(confirmed_winner({100, 40}, {60, 41}));       // faster in the mean, slower at one size
  EXPECT_FALSE(confirmed_winner({100, 40}, {99, 39.6}));     // 1 %: within the noise
  EXPECT_TRUE(confirmed_winner({186}, {180.4}));              // 3 %: just enough
  EXPECT_FALSE(confirmed_winner({186}, {218}));               // slower than the defaults
  EXPECT_FALSE(confirmed_winner({100, 40}, {90, -1}));       // a timing that failed
  EXPECT_FALSE(confirmed_winner({100, 40}, {90}));           // sizes that do not match
  EXPECT_FALSE(confirmed_winner({}, {}));
}

TEST_F(SelfTuning, ALargeCallSearchesOnceStoresTheBestAndLaterContextsReadIt) {
  std::vector<int> defaults;
  {
    t::Ctx ctx;
    ASSERT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEFAULT);
    defaults = tiles(ctx.h);
    // A small call keeps the defaults and writes nothing.
    EXPECT_TRUE(sgemm_right(ctx.h, 200));
    EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEFAULT);
    EXPECT_TRUE(entries().empty());
    // The first large one searches, stores and uses what it found; its own result is right.
    EXPECT_TRUE(sgemm_right(ctx.h, 512));
    EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEVICE);
    EXPECT_TRUE(offered(tiles(ctx.h), defaults));
    // Its kernel pinned: the planner chose nothing, so it is not calibrated.
    EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_EFFICIENCY), MQLCL_TUNING_DEFAULT);
    ASSERT_EQ(entries().size(), 1u);
    EXPECT_NE(entries()[0].find(device_name()), std::string::npos) << entries()[0];
  }
  // A later context reads the entry; its large call searches nothing more (the file unchanged).
  const std::vector<std::string> before = lines();
  t::Ctx again;
  EXPECT_EQ(mqlcl_tuning_source(again.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEVICE);
  EXPECT_TRUE(sgemm_right(again.h, 512));
  EXPECT_EQ(lines(), before);
}

TEST_F(SelfTuning, OffOrTilesSetByTheCallerLeaveEverythingAsItIs) {
  t::set_env("MQLCL_TUNE", "off");
  {
    t::Ctx ctx;
    EXPECT_TRUE(sgemm_right(ctx.h, 512));
    EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEFAULT);
  }
  EXPECT_TRUE(entries().empty());
  t::set_env("MQLCL_TUNE", "on");
  t::Ctx ctx;
  const std::vector<int> mine = tiles(ctx.h);
  ASSERT_EQ(mqlcl_tunable_set(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, mine.data(), 5), 5) << t::message(ctx.h);
  EXPECT_TRUE(sgemm_right(ctx.h, 512));
  EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_SET);
  EXPECT_TRUE(entries().empty());  // (a GPU's planner may cache the device profile there)
}

TEST_F(SelfTuning, AFileThatCannotBeWrittenFailsNoCallAndKeepsTheDefaults) {
  const fs::path unwritable = dir_ / "no-such-folder" / "tuning.txt";
  t::set_env_path("MQLCL_TUNING_FILE", &unwritable);
  t::Ctx ctx;
  const std::vector<int> defaults = tiles(ctx.h);
  EXPECT_TRUE(sgemm_right(ctx.h, 512));
  EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEFAULT);
  EXPECT_EQ(tiles(ctx.h), defaults);
  EXPECT_TRUE(sgemm_right(ctx.h, 512));  // and it does not try again
}

TEST_F(SelfTuning, ACorruptFileFailsNoCallAndKeepsItsOtherLines) {
  write({"# mqlcl-tuning 2", "garbage without tabs", "10\tsome device\tsome arch\tnot numbers", "\x01\x02\x03"});
  t::Ctx ctx;
  EXPECT_TRUE(sgemm_right(ctx.h, 512));
  EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_DEVICE);
  const std::vector<std::string> now = lines();
  for (const char* kept : {"garbage without tabs", "10\tsome device\tsome arch\tnot numbers"})
    EXPECT_NE(std::find(now.begin(), now.end(), kept), now.end()) << kept;
  EXPECT_EQ(entries().size(), 2u);  // the unreadable line and this device's
}

// A tunable's vector on the context.
std::vector<int> params(int ctx, int tunable) {
  std::vector<int> p(64, -1);
  const int n = mqlcl_tunable_get(ctx, tunable, p.data(), static_cast<int>(p.size()));
  EXPECT_GT(n, 0) << t::message(ctx);
  p.resize(static_cast<size_t>(std::max(n, 0)));
  return p;
}

// Where a tunable's vector came from (mqlcl_tuning_text).
std::string origin(int ctx, int tunable) {
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_tuning_text(ctx, tunable, buf.data(), static_cast<int>(buf.size()));
  return t::to_utf8(buf.substr(0, static_cast<size_t>(std::max(0, std::min(n, 4095)))));
}

// FP64 C = A B at n^3 through mqlcl_dgemm; true where every element is within the FP64
// tolerance of the long-double reference.
bool dgemm_right(int ctx, int n) {
  const size_t count = static_cast<size_t>(n) * n;
  std::vector<double> a(count), b(count), c(count, 0.0);
  for (size_t i = 0; i < count; ++i) a[i] = std::sin(0.37 * double(i)), b[i] = std::cos(0.11 * double(i));
  EXPECT_EQ(mqlcl_dgemm(ctx, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_FP64, n, n, n, 1.0, a.data(), int(count), n, b.data(), int(count), n, 0.0, c.data(),
                        int(count), n),
            MQLCL_OK)
      << t::message(ctx);
  for (int i = 0; i < n; i += 37)
    for (int j = 0; j < n; j += 41) {
      long double exact = 0, scale = 0;
      for (int k = 0; k < n; ++k) {
        exact += static_cast<long double>(a[size_t(i) * n + k]) * b[size_t(k) * n + j];
        scale += std::fabs(static_cast<long double>(a[size_t(i) * n + k]) * b[size_t(k) * n + j]);
      }
      if (std::fabs(static_cast<double>(exact) - c[size_t(i) * n + j]) > 1e-13 * static_cast<double>(scale)) return false;
    }
  return true;
}

// The planner's calibration: with a profile that gives FP64 two kernels (the FP64 units and the
// FP64 tensor cores, emulated where the device lacks them), the first call of at least 512^3
// whose kernel the planner chooses calibrates the planner, tunes the tiles of the kernels it
// runs at some size (stored), and calibrates it again with them; a pinned call does not.
// Fitted against the set profile, the calibration is the context's alone: the file gets no
// efficiency. (A calibration stored for a measured profile needs several kernels per precision,
// a GPU with tensor cores: scripts/gpu/first-use-bench.sh runs it.)
TEST_F(SelfTuning, TheFirstCallThePlannerChoosesCalibratesIt) {
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64: the profile's two FP64 kernels cannot run";
  std::vector<double> profile = tensor_test::kH200;
  for (int f : {MQLCL_PROFILE_MMA_TF32, MQLCL_PROFILE_MMA_FP16, MQLCL_PROFILE_MMA_BF16, MQLCL_PROFILE_MMA_INT8})
    profile[static_cast<size_t>(f)] = 0;  // FP64's kernels only: the Ozaki kernel is minutes emulated
  const std::vector<int> kernels = t::gemm_kernels();
  t::Ctx ctx;
  ASSERT_EQ(mqlcl_profile_set(ctx.h, profile.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(ctx.h);
  std::vector<int> defaults[2];
  for (int i = 0; i < 2; ++i) defaults[i] = params(ctx.h, i == 0 ? MQLCL_TUNABLE_EFFICIENCY : MQLCL_TUNABLE_PREPARATION);
  ASSERT_EQ(mqlcl_gemm_pin(ctx.h, MQLCL_GEMM_FP64, MQLCL_GEMM_KERNEL_DGEMM), MQLCL_OK) << t::message(ctx.h);
  EXPECT_TRUE(dgemm_right(ctx.h, 512));
  EXPECT_EQ(mqlcl_tuning_source(ctx.h, MQLCL_TUNABLE_EFFICIENCY), MQLCL_TUNING_DEFAULT);
  ASSERT_EQ(mqlcl_gemm_pin(ctx.h, MQLCL_GEMM_FP64, 0), MQLCL_OK) << t::message(ctx.h);
  EXPECT_TRUE(dgemm_right(ctx.h, 512));
  for (int tunable : {MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_PREPARATION}) {
    EXPECT_EQ(mqlcl_tuning_source(ctx.h, tunable), MQLCL_TUNING_SET);
    EXPECT_NE(origin(ctx.h, tunable).find("calibrated on first use"), std::string::npos) << origin(ctx.h, tunable);
    EXPECT_TRUE(entries(tunable).empty());
  }
  // The kernel the calibrated planner ran has its tiles tuned (the pinned call tuned kernel 40's
  // already), and only the two kernels' calibration may have changed.
  const int ran = mqlcl_last_product(ctx.h);
  EXPECT_EQ(entries(ran).size(), 1u) << "kernel " << ran;
  EXPECT_NE(origin(ctx.h, ran).find("candidates timed"), std::string::npos) << origin(ctx.h, ran);
  for (int i = 0; i < 2; ++i) {
    const std::vector<int> now = params(ctx.h, i == 0 ? MQLCL_TUNABLE_EFFICIENCY : MQLCL_TUNABLE_PREPARATION);
    for (size_t at = 0; at < kernels.size(); ++at)
      if (kernels[at] != MQLCL_GEMM_KERNEL_DGEMM && kernels[at] != MQLCL_GEMM_KERNEL_DGEMM_TENSOR &&
          kernels[at] != MQLCL_GEMM_KERNEL_DGEMM_CPU)  // offered instead of 40 on a processor
        EXPECT_EQ(now[at], defaults[i][at]) << "kernel " << kernels[at];
  }
}

}  // namespace
