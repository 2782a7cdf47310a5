// DIA sparse matrix-vector product, the five steps of the exercise and the AMD case study.
#pragma once
#include "context.hpp"

namespace mqlcl {
void run_dia_spmv(Context& ctx, int step, int rows, int diags, int local0);
}  // namespace mqlcl
