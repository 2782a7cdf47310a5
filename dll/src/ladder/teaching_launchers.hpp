// One launcher per kernel family of the teaching stages (the article's, the report's and the
// lab's ladder): each builds its kernel from the stage's row, turns local0/local1 into the
// work-group by the row's local rule, checks it and enqueues the launch(es). A stage of the
// product's families goes to gemm/stage_launchers.hpp. The operation around it (begin/end,
// layout) is run_matmul's.
#pragma once
#include "gemm/stage_launchers.hpp"

namespace mqlcl {

void launch_matmul_stage(MatmulJob& job);

}  // namespace mqlcl
