// The transpose family (exercise 000): b[y][x] = a[x][y] straight from global memory,
// through a __local tile, through a padded tile. One problem maker, one variant runner
// with one check (exact: a transpose moves values), one naming: used by the `transpose`
// command and by `bench`.
#pragma once
#include <vector>

#include "commands.hpp"
#include "context.hpp"
#include "timing.hpp"

namespace host {

constexpr int kTransposeVariants = 3;
const char* transpose_variant_name(int variant);  // 1 .. kTransposeVariants

struct TransposeProblem {
  int rows = 0, cols = 0;
  std::vector<float> in;  // rows x cols, row-major
  double bytes() const { return 8.0 * rows * static_cast<double>(cols); }  // read once, written once
};

// `in` uniform in [-1, 1] from `seed`.
TransposeProblem make_transpose_problem(int rows, int cols, unsigned seed);
void upload_transpose_problem(Context& ctx, const TransposeProblem& p);

// One variant with one tile edge: a warm-up, then up to `reps` timed runs within
// `budget_ms`; every element of the result compared with the input.
TimedRun run_transpose(Context& ctx, const TransposeProblem& p, int variant, int tile, int reps, double budget_ms);


}  // namespace host
