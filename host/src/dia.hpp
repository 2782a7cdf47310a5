// The DIA family (exercise 000 and the AMD case study 004): y = A x with A in DIA storage,
// steps 1-5. One problem maker, one step runner with one tolerance, one naming: used by the
// `dia` command and by `bench`.
#pragma once
#include <string>
#include <vector>

#include "commands.hpp"
#include "context.hpp"
#include "dia_matrices.hpp"
#include "timing.hpp"

namespace host {

constexpr int kDiaSteps = 5;
const char* dia_step_name(int step);  // 1 .. kDiaSteps

struct DiaProblem {
  DiaMatrix m;
  std::vector<float> x;
  std::vector<double> exact;  // y = A x in double
  // Bytes that must move: every stored matrix entry once, y once, and x once when it is
  // cached (every diagonal again when it is not).
  double bytes_x_cached() const { return 4.0 * (m.diags() * static_cast<double>(m.rows) + 2.0 * m.rows); }
  double bytes_x_uncached() const { return 4.0 * (2.0 * m.diags() * static_cast<double>(m.rows) + m.rows); }
  double flops() const { return 2.0 * static_cast<double>(m.nonzeros()); }
};

// The matrix (see make_dia) and x uniform in [-0.5, 0.5], both from `seed`.
DiaProblem make_dia_problem(const std::string& kind, int rows, int diags, unsigned seed);
// Values, offsets and x into the context's DIA slots.
void upload_dia_problem(Context& ctx, const DiaProblem& p);

// One step: a warm-up, then up to `reps` timed runs within `budget_ms`; y checked row by
// row against the double product within the float bound of its row's sum.
TimedRun run_dia_step(Context& ctx, const DiaProblem& p, int step, int local, int reps, double budget_ms);


}  // namespace host
