// The planner's calibration fit (common/planner_fit.hpp), on synthetic times made from known
// values: no device, no timing.
#include <gtest/gtest.h>

#include "planner_fit.hpp"

namespace {

using planner_fit::Fit;
using planner_fit::Point;

// One size's terms, as the library's formula gives them for n^3 on a device of `tflops`
// (at 100 %), `gbs` of copy rate and `launch_us`, with `bytes` of preparation's traffic an
// operand element.
Point terms(double n, double tflops, double gbs, double launch_us, int bytes) {
  return {2 * n * n * n / (tflops * 1e12) * 1e3, launch_us / 1e3, 2 * n * n * bytes / (gbs * 1e9) * 1e3, 0};
}

// The time the formula gives with efficiency e (per mille) and fixed cost (hundredths of a launch).
Point timed(Point p, int e, int prep) {
  p.t = planner_fit::predicted(p, e, prep);
  return p;
}

TEST(PlannerFit, RecoversEfficiencyAndPreparationFromTwoSizes) {
  struct Case {
    int e, prep, bytes;
    double small, large;
  };
  for (const Case& c : {Case{370, 1700, 2, 1024, 4096}, Case{612, 100, 0, 1024, 8192}, Case{95, 1250, 4, 500, 2000},
                        Case{1000, 0, 0, 256, 1024}}) {
    const Point s = timed(terms(c.small, 300, 3000, 8, c.bytes), c.e, c.prep);
    const Point l = timed(terms(c.large, 300, 3000, 8, c.bytes), c.e, c.prep);
    const Fit f = planner_fit::fit(s, l, 777, planner_fit::kPreparationMax);
    EXPECT_EQ(f.efficiency, c.e) << c.e << " " << c.prep;
    EXPECT_EQ(f.preparation, c.prep) << c.e << " " << c.prep;
    EXPECT_EQ(f.how, Fit::kBoth);
    EXPECT_FALSE(f.clamped);
  }
}

TEST(PlannerFit, SizesTooAlikeKeepThePreparationAndFitTheEfficiencyFromTheLargeOne) {
  const Point p = timed(terms(2000, 300, 3000, 8, 6), 450, 300);
  const Fit f = planner_fit::fit(p, p, 300, planner_fit::kPreparationMax);
  EXPECT_EQ(f.how, Fit::kKeptPreparation);
  EXPECT_EQ(f.preparation, 300);
  EXPECT_EQ(f.efficiency, 450);
  // The preparation kept is the caller's, whatever produced the times.
  const Fit g = planner_fit::fit(p, p, 0, planner_fit::kPreparationMax);
  EXPECT_EQ(g.preparation, 0);
  EXPECT_LT(g.efficiency, 450) << "the preparation's share then counted as product: a slower product";
}

TEST(PlannerFit, ANegativePreparationBecomesZeroAndTheEfficiencyComesFromTheLargeSize) {
  // The small size faster than the product's share alone: the solution's preparation < 0.
  Point s = timed(terms(1024, 300, 3000, 8, 1), 500, 0), l = timed(terms(4096, 300, 3000, 8, 1), 500, 0);
  s.t *= 0.5;
  const Fit f = planner_fit::fit(s, l, 400, planner_fit::kPreparationMax);
  EXPECT_EQ(f.how, Fit::kZeroPreparation);
  EXPECT_EQ(f.preparation, 0);
  EXPECT_EQ(f.efficiency, 500);
}

TEST(PlannerFit, ValuesBeyondTheTunablesRangesAreHeldToThem) {
  // Faster than the ceiling: efficiency 1000, the preparation refitted to the small size.
  const Point s = timed(terms(1024, 300, 3000, 8, 6), 1000, 500), l = timed(terms(4096, 300, 3000, 8, 6), 1000, 500);
  Point s2 = s, l2 = l;
  s2.t -= s.F * 0.2, l2.t -= l.F * 0.2;  // 1 / 0.8 of the ceiling
  const Fit f = planner_fit::fit(s2, l2, 0, planner_fit::kPreparationMax);
  EXPECT_EQ(f.efficiency, 1000);
  EXPECT_TRUE(f.clamped);
  EXPECT_NEAR(planner_fit::predicted(s2, f.efficiency, f.preparation), s2.t, s2.P / 100) << "the small size kept";
  // A preparation beyond the range: held to its largest value.
  const Point big_s = timed(s, 500, 0), big_l = timed(l, 500, 0);
  Point bs = big_s, bl = big_l;
  bs.t += s.P * 2000, bl.t += l.P * 2000;  // 2000 launches a call
  const Fit g = planner_fit::fit(bs, bl, 0, planner_fit::kPreparationMax);
  EXPECT_EQ(g.preparation, planner_fit::kPreparationMax);
  EXPECT_TRUE(g.clamped);
  EXPECT_EQ(g.efficiency, 500);
  // A time below the launches alone: the best efficiency, not a division by a negative time.
  Point tiny_s = s, tiny_l = l;
  tiny_s.t = tiny_l.t = 0;
  const Fit h = planner_fit::fit(tiny_s, tiny_l, 100, planner_fit::kPreparationMax);
  EXPECT_EQ(h.efficiency, 1000);
  EXPECT_GE(h.preparation, 0);
}

}  // namespace
