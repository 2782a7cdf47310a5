// The matrix-multiplication ladder: every stage of the article, the report and the lab,
// and the tuned SGEMM, as one table of parameterised kernels (docs/ABI.md lists it).
#pragma once
#include "compute/context.hpp"

namespace mqlcl {

struct MatmulShape {
  int rows1, colsrows, cols2;
};

// Runs stage `stage` on slots A, B into C; see mqlcl_matmul in mqlcl.h.
void run_matmul(Context& ctx, int stage, const MatmulShape& s, int local0, int local1, int param);

// The stage's name (its article script); MQLCL_ERR_STAGE when it does not exist.
const char* stage_name(int stage);

// Largest COLSROWS the private-row stages (5-9) accept: the row lives in each work-item's
// private memory.
constexpr int kMaxPrivateRow = 8192;

}  // namespace mqlcl
