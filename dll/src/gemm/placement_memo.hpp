// The placements a context keeps for its last host-array calls (gemm/host_candidate): a call of
// the same shape under the same tuning and profile (their generations) is placed as the last
// without asking the planner again; where the predictions of the two sides were too close to
// decide, each side runs twice (its first call may hold its warm-up), the predicted one first,
// then the faster of the two measured runs the calls. No device here: plain data and rules.
#pragma once
#include <cstddef>

#include "gemm/kept_last.hpp"

namespace mqlcl {

struct Placement {
  size_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  int precision = 0, bits = 0;                 // bits: trans_a, trans_b, c_up, element 8
  unsigned long long tuning = 0, profile = 0;  // their generations
  bool same(const Placement& o) const {
    return m == o.m && n == o.n && k == o.k && lda == o.lda && ldb == o.ldb && ldc == o.ldc && precision == o.precision &&
           bits == o.bits && tuning == o.tuning && profile == o.profile;
  }
  enum Side { kHost = 0, kDevice = 1 };
  Side predicted = kDevice;
  bool close = false;          // the predictions too close to decide
  int runs[2] = {0, 0};        // calls measured on each side
  double best_ms[2] = {0, 0};  // their least wall times

  // Where the next call runs.
  Side next() const {
    if (!close) return predicted;
    const Side other = predicted == kHost ? kDevice : kHost;
    if (runs[predicted] < 2) return predicted;
    if (runs[other] < 2) return other;
    return best_ms[kHost] <= best_ms[kDevice] ? kHost : kDevice;
  }
  // A call's wall time on the side it ran.
  void ran(Side side, double ms) {
    if (!close) return;
    if (runs[side] == 0 || ms < best_ms[side]) best_ms[side] = ms;
    ++runs[side];
  }
};

// Predictions within this factor of each other are too close to decide.
constexpr double kPlacementClose = 3.0;

// The last 16 placements.
using PlacementMemo = KeptLast<Placement, 16>;

}  // namespace mqlcl
