// Repeated timing of one operation through the library's profiling events.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "context.hpp"

namespace host {

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Runs `op` once as a warm-up (it pays for compilation and first touch), then up to `reps`
// more times while their kernel time stays under `budget_ms`; returns those kernel times
// (the warm-up's alone when no more fit).
template <class Op>
std::vector<double> kernel_times(Context& ctx, int reps, double budget_ms, Op op) {
  op();
  const double warm = ctx.kernel_ms();
  std::vector<double> t;
  double spent = warm;
  for (int i = 0; i < reps && spent < budget_ms; ++i) {
    op();
    t.push_back(ctx.kernel_ms());
    spent += t.back();
  }
  if (t.empty()) t.push_back(warm);
  return t;
}

// One configuration of an experiment, timed and checked: what a family's run function
// returns to its command (which shows the best time) and to `bench` (the median).
struct TimedRun {
  std::vector<double> kernel_ms;  // one per timed run (the warm-up's alone when none fit)
  long long wrong = 0;            // elements (rows) outside the family's tolerance
  std::string error;              // the library's message when the call was refused
  bool ok() const { return error.empty() && wrong == 0; }
  double best_ms() const { return kernel_ms.empty() ? 0 : *std::min_element(kernel_ms.begin(), kernel_ms.end()); }
  double median_ms() const { return median(kernel_ms); }
};

}  // namespace host
