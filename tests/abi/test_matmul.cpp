// Every matmul stage the library lists (mqlcl_stage_count/at) against a double-precision
// product, on the shape table below and explicit work-group sizes, with C poisoned first so
// that an unwritten element fails. A new stage is tested here without touching this file.
#include <limits>
#include <tuple>

#include "support.hpp"

namespace {

struct Case {
  int m, k, n;
};

class MatmulStage : public ::testing::TestWithParam<std::tuple<int, Case>> {};

void expect_product(int stage, const Case& s, int local0, int local1, int param, const int* sgemm = nullptr) {
  t::Ctx ctx;
  if (sgemm) {
    ASSERT_EQ(mqlcl_tunable_set(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, sgemm, 5), 5) << t::message(ctx.h);
  }
  const auto a = t::random_floats(static_cast<size_t>(s.m) * s.k, 11 + s.m);
  const auto b = t::random_floats(static_cast<size_t>(s.k) * s.n, 23 + s.n);
  std::vector<double> exact, scale;
  t::reference_matmul(a, b, s.m, s.k, s.n, exact, scale);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), static_cast<int>(a.size())), static_cast<int>(a.size()));
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), static_cast<int>(b.size())), static_cast<int>(b.size()));
  // Poison C on the device and on the host.
  std::vector<float> c(static_cast<size_t>(s.m) * s.n, std::numeric_limits<float>::quiet_NaN());
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_C, c.data(), static_cast<int>(c.size())), static_cast<int>(c.size()));
  ASSERT_EQ(mqlcl_matmul(ctx.h, stage, s.m, s.k, s.n, local0, local1, param), MQLCL_OK) << t::message(ctx.h);
  ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, c.data(), static_cast<int>(c.size())), static_cast<int>(c.size()));
  // Each stage is held to the tolerance of its precision class (TF32 stages: 10-bit mantissas).
  const int precision = static_cast<int>(mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION));
  int bad = 0;
  for (size_t i = 0; i < c.size() && bad < 5; ++i) {
    const auto r = t::close_to(exact[i], scale[i], c[i], s.k, precision);
    if (!r) {
      ++bad;
      ADD_FAILURE() << "stage " << stage << " " << s.m << "x" << s.k << "x" << s.n << " element (" << i / s.n << ","
                    << i % s.n << "): " << r.message();
    }
  }
  EXPECT_GE(mqlcl_last_kernel_ms(ctx.h), 0.0);
  EXPECT_GT(mqlcl_last_total_ms(ctx.h), 0.0);
  EXPECT_GE(mqlcl_last_launches(ctx.h), stage == MQLCL_STAGE_REPORT_RANK1 ? s.k : 1);
}

TEST_P(MatmulStage, MatchesDoubleProduct) {
  const int stage = std::get<0>(GetParam());
  const Case s = std::get<1>(GetParam());
  const int available = mqlcl_stage_available(t::device(), stage);
  ASSERT_GE(available, 0) << t::message();
  if (available == 0) {  // a stage that needs what this device lacks is refused, saying why
    const std::string why = t::message();
    t::Ctx ctx;
    const auto a = t::random_floats(static_cast<size_t>(s.m) * s.k, 1), b = t::random_floats(static_cast<size_t>(s.k) * s.n, 2);
    ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), static_cast<int>(a.size())), static_cast<int>(a.size()));
    ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), static_cast<int>(b.size())), static_cast<int>(b.size()));
    EXPECT_EQ(mqlcl_matmul(ctx.h, stage, s.m, s.k, s.n, 0, 0, 0), MQLCL_ERR_UNSUPPORTED);
    EXPECT_NE(t::message(ctx.h).find(why), std::string::npos) << t::message(ctx.h) << " / " << why;
    return;
  }
  expect_product(stage, s, 0, 0, 0);
}

// The stages whose results must be exact: every stage of the registry but the lessons in
// what goes wrong (the racy tiles), which oclgrind checks instead.
std::vector<int> exact_stages() {
  std::vector<int> out;
  for (int i = 0; i < mqlcl_stage_count(); ++i) {
    const int stage = mqlcl_stage_at(i);
    if (mqlcl_stage_info(stage, MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) == 0) out.push_back(stage);
  }
  return out;
}

// The shape table: a single element, odd sizes, one that is no multiple of any tile or
// vector width, a square power of two.
const Case kShapes[] = {{1, 1, 1}, {7, 13, 5}, {33, 67, 17}, {64, 64, 64}};

INSTANTIATE_TEST_SUITE_P(AllStages, MatmulStage, ::testing::Combine(::testing::ValuesIn(exact_stages()), ::testing::ValuesIn(kShapes)),
                         [](const auto& info) {
                           const Case c = std::get<1>(info.param);
                           return "stage" + std::to_string(std::get<0>(info.param)) + "_" + std::to_string(c.m) + "x" +
                                  std::to_string(c.k) + "x" + std::to_string(c.n);
                         });

// Explicit work-group sizes that do not divide the shape: the range is rounded up and
// the extra work-items must write nothing.
TEST(MatmulLocal, ExplicitWorkGroupSizes) {
  const Case s{37, 41, 29};
  expect_product(1, s, 8, 4, 0);
  expect_product(3, s, 16, 16, 0);
  expect_product(5, s, 16, 0, 0);
  expect_product(6, s, 8, 1, 0);
  expect_product(9, s, 32, 0, 0);
  expect_product(15, s, 32, 0, 0);
  expect_product(16, s, 64, 0, 0);
  expect_product(20, s, 32, 2, 0);
  expect_product(22, s, 8, 8, 0);
}

TEST(MatmulParam, UnrollFactorsAndRectangularTiles) {
  const Case s{21, 45, 19};
  for (int unroll : {2, 4, 8}) expect_product(21, s, 16, 2, unroll);
  expect_product(25, s, 16, 4, 8);
  expect_product(25, s, 8, 16, 32);
}

TEST(MatmulParam, TunedStageWithOtherTiles) {
  t::Ctx ctx;
  int params[5] = {0};
  ASSERT_EQ(mqlcl_tunable_get(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, params, 5), 5);
  EXPECT_EQ(params[0] % params[3], 0);
  const int custom[5] = {32, 32, 8, 4, 4};
  ASSERT_EQ(mqlcl_tunable_set(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, custom, 5), 5) << t::message(ctx.h);
  ASSERT_EQ(mqlcl_tunable_get(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, params, 5), 5);
  EXPECT_EQ(params[2], 8);
  expect_product(10, Case{45, 19, 70}, 0, 0, 0, custom);
  const int wide[5] = {128, 64, 16, 8, 4};
  expect_product(10, Case{64, 48, 96}, 0, 0, 0, wide);
  // Two copies of these tiles (33 KB) exceed a 32 KB local memory: the single-buffer path there.
  const int big[5] = {128, 128, 16, 8, 8};
  expect_product(10, Case{130, 40, 129}, 0, 0, 0, big);
  const int wrong[5] = {32, 32, 8, 4, 2};  // WPTN 2 is not a multiple of 4
  EXPECT_EQ(mqlcl_tunable_set(ctx.h, MQLCL_TUNABLE_SGEMM_TUNED, wrong, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_NE(t::message(ctx.h).find("multiples of 4"), std::string::npos) << t::message(ctx.h);
}

}  // namespace
