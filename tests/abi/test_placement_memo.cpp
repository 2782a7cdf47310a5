// The placements a context keeps (gemm/placement_memo.hpp): a call of the same shape, tuning and
// profile finds the last one; where the predictions were close, each side runs twice, the
// predicted one first, then the faster measured side, whatever the order the times arrive in.
#include <gtest/gtest.h>

#include "gemm/placement_memo.hpp"

namespace {

using mqlcl::Placement;

Placement placement_call(size_t n, unsigned long long tuning = 1, unsigned long long profile = 1) {
  Placement p;
  p.m = p.n = p.k = p.lda = p.ldb = p.ldc = n;
  p.tuning = tuning, p.profile = profile;
  return p;
}

TEST(PlacementMemo, ACallFindsItsShapeUnderTheSameTuningAndProfileOnly) {
  mqlcl::PlacementMemo memo;
  memo.keep(placement_call(64));
  EXPECT_NE(memo.find(placement_call(64)), nullptr);
  EXPECT_EQ(memo.find(placement_call(65)), nullptr);
  EXPECT_EQ(memo.find(placement_call(64, 2, 1)), nullptr);  // the tuning changed since
  EXPECT_EQ(memo.find(placement_call(64, 1, 2)), nullptr);  // the profile changed since
  Placement transposed = placement_call(64);
  transposed.bits = 1;
  EXPECT_EQ(memo.find(transposed), nullptr);
}

TEST(PlacementMemo, TheOldestIsReplacedWhenFull) {
  mqlcl::PlacementMemo memo;
  for (size_t n = 1; n <= size_t(mqlcl::PlacementMemo::kCount) + 1; ++n) memo.keep(placement_call(n));
  EXPECT_EQ(memo.find(placement_call(1)), nullptr);
  for (size_t n = 2; n <= size_t(mqlcl::PlacementMemo::kCount) + 1; ++n) EXPECT_NE(memo.find(placement_call(n)), nullptr) << n;
}

TEST(PlacementMemo, FarPredictionsDecideAndTimesChangeNothing) {
  Placement p = placement_call(64);
  p.predicted = Placement::kHost;
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(p.next(), Placement::kHost);
    p.ran(Placement::kHost, 5.0);
    p.ran(Placement::kDevice, 1.0);  // a call forced onto the device
  }
  EXPECT_EQ(p.next(), Placement::kHost);
}

TEST(PlacementMemo, ClosePredictionsRunEachSideTwiceThenTheFasterMeasured) {
  for (Placement::Side predicted : {Placement::kHost, Placement::kDevice})
    for (bool predicted_faster : {true, false}) {
      Placement p = placement_call(256);
      p.predicted = predicted, p.close = true;
      const Placement::Side other = predicted == Placement::kHost ? Placement::kDevice : Placement::kHost;
      // the first call of each side slow (its warm-up): the second's time counts
      const double fast = 1.0, slow = 2.0, warm_up = 50.0;
      const Placement::Side expected[] = {predicted, predicted, other, other};
      for (int i = 0; i < 4; ++i) {
        const Placement::Side side = p.next();
        ASSERT_EQ(side, expected[i]) << "call " << i;
        const bool is_faster = (side == predicted) == predicted_faster;
        p.ran(side, i % 2 == 0 ? warm_up : is_faster ? fast : slow);
      }
      const Placement::Side faster = predicted_faster ? predicted : other;
      for (int i = 0; i < 4; ++i) EXPECT_EQ(p.next(), faster) << "after the trials, call " << i;
    }
}

TEST(PlacementMemo, CallsPlacedByTheCallerCountAsMeasurements) {
  Placement p = placement_call(256);
  p.predicted = Placement::kDevice, p.close = true;
  p.ran(Placement::kDevice, 3.0), p.ran(Placement::kDevice, 2.0);  // forced onto the device twice
  p.ran(Placement::kHost, 1.5), p.ran(Placement::kHost, 1.0);      // then onto the host twice
  EXPECT_EQ(p.next(), Placement::kHost);
  EXPECT_EQ(p.best_ms[Placement::kHost], 1.0);
  EXPECT_EQ(p.best_ms[Placement::kDevice], 2.0);
}

}  // namespace
