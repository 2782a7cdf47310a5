// The ladder: every matmul stage mqlcl_matmul runs and the exports enumerate (mqlcl_stage_*),
// in number order: the teaching stages of the article, the report and the lab (rows here) and
// the product's GEMM kernels' stages (catalog/stage_registry.hpp).
#pragma once
#include <cstddef>
#include <string>

#include "catalog/stage_registry.hpp"

namespace mqlcl {

size_t stage_count();
const Stage& stage_at(size_t index);
// The row of stage `number`; MQLCL_ERR_STAGE (naming the stages that exist) when none.
const Stage& find_stage(int number);
// "1-16, 20-25": the stage numbers as ranges, for messages.
std::string stage_ranges();

}  // namespace mqlcl
