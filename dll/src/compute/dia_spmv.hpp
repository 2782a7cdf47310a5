// DIA sparse matrix-vector product, the five steps of the exercise and the AMD case study.
#pragma once
#include "compute/context.hpp"

namespace mqlcl {
void run_dia_spmv(Context& ctx, int step, int rows, int diags, int local0);
// Checks offsets on upload-time data, so the kernels never see an out-of-range one.
void check_dia_offsets(const int* offsets, int diags, int rows);
}  // namespace mqlcl
