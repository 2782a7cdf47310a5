// Whether a tiles search's winner is stored (gemm/self_tuning): it is timed again against the
// defaults, one after the other, at the sizes it was judged on, and stored only where it still
// wins -- at no size slower than the defaults, and by kConfirmMargin in the geometric mean of its
// times over theirs. A single fast run of a candidate on a busy machine once stored tiles slower
// than the defaults. No device here: tested on made-up times.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

namespace mqlcl {

constexpr double kConfirmMargin = 0.97;

// defaults_ms and winner_ms: each size's time (ms) of the defaults and of the winner.
inline bool confirmed_winner(const std::vector<double>& defaults_ms, const std::vector<double>& winner_ms) {
  if (defaults_ms.empty() || defaults_ms.size() != winner_ms.size()) return false;
  double log_sum = 0;
  for (size_t i = 0; i < defaults_ms.size(); ++i) {
    if (!(defaults_ms[i] > 0) || !(winner_ms[i] > 0) || winner_ms[i] > defaults_ms[i]) return false;
    log_sum += std::log(winner_ms[i] / defaults_ms[i]);
  }
  return std::exp(log_sum / static_cast<double>(defaults_ms.size())) <= kConfirmMargin;
}

}  // namespace mqlcl
