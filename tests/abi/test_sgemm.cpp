// Stage 10's tiles (mqlcl_sgemm_get / _set): counts, and the bounds that keep a build from
// running for minutes.
#include "support.hpp"

namespace {

TEST(Sgemm, CountsAndCompileBounds) {
  t::Ctx ctx;
  int params[5] = {0};
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, params, 4), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(ctx.h, "count = 4: params must hold sgemm_tuned's {TSM TSN TSK WPTM WPTN} = 5 ints"));
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, nullptr, 5), MQLCL_ERR_ARGUMENT);
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, params, 5), MQLCL_OK);
  const int ok[5] = {32, 32, 8, 4, 4};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 4), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 5), MQLCL_OK) << t::message(ctx.h);
  // Accepted before, then the first stage-10 call compiled for 179 s.
  const int huge[5] = {512, 512, 4, 512, 512};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, huge, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "accumulators per work-item exceed 64"));
  const int unrolled[5] = {128, 128, 128, 8, 8};  // 64 accumulators, 8192 unrolled mads
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, unrolled, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "unrolled multiply-adds"));
  int back[5] = {0};
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, back, 5), MQLCL_OK);
  EXPECT_EQ(back[0], 32);  // a refused set leaves the configuration as it was
}

}  // namespace
