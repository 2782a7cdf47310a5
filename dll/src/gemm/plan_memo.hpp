// The GEMM planner's answer (gemm/gemm_plan) and the answers a context keeps (in its GemmState,
// gemm/gemm_state.hpp). No device here: plain data.
#pragma once
#include <cstddef>
#include <vector>

#include "gemm/kept_last.hpp"

namespace mqlcl {

struct GemmCandidate {
  int kernel;
  double ms;  // predicted product time; < 0 where not predicted (the only candidate)
};
struct GemmPlan {
  int chosen = 0;
  bool pinned = false;
  std::vector<GemmCandidate> candidates;  // fastest first; the chosen one first
};

// A question to the planner with its answer, as a context keeps its last ones (PlanMemo): the
// same question (precision field, m, n, k, predict) under the same pin, tuning and profile (their
// generations) is answered again without predicting: a plan costs microseconds, what a small
// product takes on a GPU.
struct PlanEntry {
  int field = 0, pin = 0;
  size_t m = 0, n = 0, k = 0;
  bool predict = false;
  unsigned long long tuning = 0, profile = 0;
  GemmPlan plan;  // the answer: not part of the question
  bool same(const PlanEntry& o) const {
    return field == o.field && pin == o.pin && m == o.m && n == o.n && k == o.k && predict == o.predict &&
           tuning == o.tuning && profile == o.profile;
  }
};
using PlanMemo = KeptLast<PlanEntry, 16>;

}  // namespace mqlcl
