// One launcher per kernel family of the matmul stages: each builds its kernel from the
// stage's row, turns local0/local1 into the work-group by the row's local rule, checks it
// and enqueues the launch(es). The operation around it (begin/end, layout) is run_matmul's.
#pragma once
#include "context.hpp"
#include "catalog/stage_registry.hpp"

namespace mqlcl {

struct MatmulJob {
  Context& ctx;
  const Stage& stage;
  size_t M, K, N;  // rows1, colsrows, cols2
  size_t kp;       // K padded to the stage's vector width
  cl::Buffer a, b, c;  // A (padded), B (in the layout the stage reads), C
  int local0, local1;
  int param;       // already resolved: the caller's or the row's default (0 when none)
};

void launch_matmul_family(MatmulJob& job);

}  // namespace mqlcl
