// The GEMM planner's calibration, pure arithmetic shared by the library's calibration on first
// use (dll/src/gemm/planner_calibration.cpp), `mqlcl-host tune --what planner` and the tests: a
// kernel's efficiency and fixed cost of a call from its times at two sizes.
//
// The planner predicts (dll/src/gemm/gemm_plan.cpp, predict_ms)
//   t = F / e + P * prep + L
// with F the product's time at 100 % of its ceiling, P one launch-and-wait time, L its
// preparation's traffic, all three known for a size (the library's own terms), and e (a fraction), prep (launch-and-wait times a call) unknown. Two sizes
// give two equations: a small one, where the fixed cost weighs, and a large one, where the
// product does. Solved for x = 1/e and y = prep:
//   x = (r1 P2 - r2 P1) / det,  y = (F1 r2 - F2 r1) / det,  det = F1 P2 - F2 P1,  ri = ti - Li.
#pragma once
#include <algorithm>
#include <cmath>

namespace planner_fit {

// The size a calibration times for n: 125/128 of it (2048 -> 2000, 512 -> 500). A multiple of
// every tile runs some kernels without their packs and copy back; callers' sizes seldom are,
// and a fit on aligned sizes alone underestimates them by their fixed cost.
inline int unaligned(int n) { return static_cast<int>(static_cast<long long>(n) * 125 / 128); }

// The fixed-cost tunable's largest value (MQLCL_TUNABLE_PREPARATION, mqlcl.h: 0 .. 100000).
inline constexpr int kPreparationMax = 100000;

// One size's terms of the formula (ms, ms a launch and wait, ms) and the measured time (ms).
struct Point {
  double F, P, L, t;
};

struct Fit {
  int efficiency;   // per mille of the ceiling, 1 .. 1000 (MQLCL_TUNABLE_EFFICIENCY)
  int preparation;  // hundredths of a launch and wait a call, 0 .. prep_max (MQLCL_TUNABLE_PREPARATION)
  // How it was found: both from the two sizes; or efficiency alone from the large size with
  // the preparation kept (the sizes too alike to tell product from preparation) or set to 0
  // (the solution's preparation was negative: the small size ran faster than its share).
  enum How { kBoth, kKeptPreparation, kZeroPreparation } how;
  bool clamped;  // a value was held to its range
};

// Below this |det| / (|F1 P2| + |F2 P1|) the two equations are too alike (sizes whose product
// times are alike, e.g. the same size twice): a time's noise would swing the solution, so the
// fixed cost is kept.
inline constexpr double kIllConditioned = 0.05;

inline int clamp_round(double v, int lo, int hi, bool& clamped) {
  if (!(v >= lo)) return clamped = true, lo;  // NaN too
  if (v > hi) return clamped = true, hi;
  return static_cast<int>(std::lround(v));
}

// Fits e and prep to the times of `small` and `large`; prep_now (hundredths) is what is kept
// where the sizes cannot separate the two.
inline Fit fit(const Point& small, const Point& large, int prep_now, int prep_max) {
  Fit out{1000, prep_now, Fit::kBoth, false};
  const double r1 = small.t - small.L, r2 = large.t - large.L;
  const double det = small.F * large.P - large.F * small.P;
  const double scale = std::fabs(small.F * large.P) + std::fabs(large.F * small.P);
  double x = 0, y = prep_now / 100.0;
  if (!(scale > 0) || std::fabs(det) <= kIllConditioned * scale) {
    out.how = Fit::kKeptPreparation;
    x = (r2 - large.P * y) / large.F;
  } else {
    x = (r1 * large.P - r2 * small.P) / det;
    y = (small.F * r2 - large.F * r1) / det;
    if (y < -0.005) {  // below half a hundredth: not a rounding of 0
      out.how = Fit::kZeroPreparation;
      y = 0;
      x = r2 / large.F;
    }
  }
  // x <= 0: the large size ran in less than its launches and preparation: the best efficiency.
  out.efficiency = x > 0 ? clamp_round(1000 / x, 1, 1000, out.clamped) : (out.clamped = true, 1000);
  if (out.how == Fit::kBoth && out.clamped) {
    // The efficiency held to its range: the preparation refitted to the small size with it, so
    // that the small size's prediction stays the measured time.
    y = (r1 - small.F * 1000.0 / out.efficiency) / small.P;
  }
  if (out.how != Fit::kKeptPreparation) out.preparation = clamp_round(std::max(y, 0.0) * 100, 0, prep_max, out.clamped);
  return out;
}

// The formula's time of a fit at one size (ms): what the planner will predict with it.
inline double predicted(const Point& p, int efficiency, int preparation) {
  return p.F * 1000.0 / efficiency + p.P * preparation / 100.0 + p.L;
}

}  // namespace planner_fit
