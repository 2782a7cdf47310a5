// How a host-array GEMM splits its rows into panels (gemm/gemm_panels) and the answers a context
// keeps (in its GemmState, gemm/gemm_state.hpp): the same call's shape, kernel and copies under
// the same tuning and profile (their generations) are split again without ten predictions. No
// device here: plain data.
#pragma once
#include <cstddef>

#include "gemm/kept_last.hpp"

namespace mqlcl {

struct PanelPlan {
  size_t rows;          // rows per panel (the last may hold fewer); >= m: one panel
  size_t panels;        // ceil(m / rows)
  double predicted_ms;  // the call's predicted wall time; < 0: not predicted (forced, or direct copies)
};

struct PanelEntry {
  size_t m = 0, n = 0, k = 0, element = 0;
  int kernel = 0;
  bool c_uploaded = false;
  unsigned long long tuning = 0, profile = 0;
  PanelPlan plan{0, 0, -1};  // the answer: not part of the question
  bool same(const PanelEntry& o) const {
    return m == o.m && n == o.n && k == o.k && element == o.element && kernel == o.kernel &&
           c_uploaded == o.c_uploaded && tuning == o.tuning && profile == o.profile;
  }
};
using PanelMemo = KeptLast<PanelEntry, 8>;

}  // namespace mqlcl
