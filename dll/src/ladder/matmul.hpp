// The matrix-multiplication ladder: every stage of the article, the report and the lab,
// and the tuned SGEMM. What each stage is lives in its row (ladder/stages.hpp);
// this runs one: common checks, the layout it needs, then its family's launcher.
#pragma once
#include "context.hpp"
#include "ladder/stages.hpp"

namespace mqlcl {

struct MatmulShape {
  int rows1, colsrows, cols2;
};

// Runs stage `stage` on slots A, B into C; see mqlcl_matmul in mqlcl.h.
void run_matmul(Context& ctx, int stage, const MatmulShape& s, int local0, int local1, int param);

}  // namespace mqlcl
