#include "ladder/matmul.hpp"

#include <algorithm>
#include <climits>

#include "gemm/kernel_availability.hpp"
#include "experiments/layout.hpp"
#include "core/checked_math.hpp"
#include "ladder/teaching_launchers.hpp"

namespace mqlcl {

namespace {

// The caller's param checked against the row: refused where the stage has none, else within
// its range (0 = the default).
int resolve_param(const Stage& st, int param) {
  const ParamRule& p = st.param;
  if (p.none()) {
    if (param != 0)
      fail(MQLCL_ERR_ARGUMENT, "stage ", st.number, " (", st.name, ") takes no param: pass 0, not ", param);
    return 0;
  }
  if (param == 0) return p.fallback;
  const bool pow2 = param > 0 && (param & (param - 1)) == 0;
  if (param < p.min || param > p.max || (p.pow2 && !pow2))
    fail(MQLCL_ERR_ARGUMENT, st.name, ": param (", p.define, ") must be ", p.pow2 ? "a power of two in " : "",
         p.min, " .. ", p.max, " (0: ", p.fallback, "), not ", param);
  return param;
}

}  // namespace

void run_matmul(Context& ctx, int stage, const MatmulShape& s, int local0, int local1, int param) {
  const Stage& st = find_stage(stage);
  if (s.rows1 < 1 || s.colsrows < 1 || s.cols2 < 1)
    fail(MQLCL_ERR_ARGUMENT, "sizes must be >= 1 (rows1 = ", s.rows1, ", colsrows = ", s.colsrows,
         ", cols2 = ", s.cols2, ")");
  // Bounded before any arithmetic or kernel define uses them.
  const size_t max_wg = ctx.facts().max_work_group;
  if (local0 < 0 || local1 < 0) fail(MQLCL_ERR_LOCAL_SIZE, "local sizes must be >= 0");
  if (static_cast<size_t>(local0) > max_wg || static_cast<size_t>(local1) > max_wg)
    fail(MQLCL_ERR_LOCAL_SIZE, "local size ", std::max(local0, local1),
         " exceeds the device's CL_DEVICE_MAX_WORK_GROUP_SIZE = ", max_wg);
  const int resolved = resolve_param(st, param);
  if (st.family == Family::Tensor || st.family == Family::TensorHalf) {  // the planner's availability: tuned tiles, a set profile
    const std::string why = gemm_kernel_unavailable(ctx, gemm_kernel(st.number));
    if (!why.empty()) fail(MQLCL_ERR_UNSUPPORTED, "stage ", st.number, " (", st.name, ") cannot run here: ", why);
  } else {
    const std::string why = stage_unavailable(st, ctx.facts());
    if (!why.empty()) fail(MQLCL_ERR_UNSUPPORTED, why);
  }
  const size_t M = static_cast<size_t>(s.rows1), K = static_cast<size_t>(s.colsrows),
               N = static_cast<size_t>(s.cols2);
  const size_t a_count = checked_mul(M, K, "rows1 * colsrows", INT_MAX);
  const size_t b_count = checked_mul(K, N, "colsrows * cols2", INT_MAX);
  const size_t c_count = checked_mul(M, N, "rows1 * cols2", INT_MAX);
  const size_t kp = round_up(K, static_cast<size_t>(st.vw));
  if (st.private_row && kp > static_cast<size_t>(kMaxPrivateRow))
    fail(MQLCL_ERR_SHAPE, "stage ", stage, " (", st.name, ") keeps a row of A in private memory: colsrows = ",
         s.colsrows, " exceeds its limit of ", kMaxPrivateRow);

  cl::Buffer& a = ctx.slots().input(MQLCL_SLOT_A, a_count, false, "matrix A");
  cl::Buffer& b = ctx.slots().input(MQLCL_SLOT_B, b_count, false, "matrix B");
  cl::Buffer& c = ctx.slots().output(MQLCL_SLOT_C, c_count);

  ctx.begin_op();
  // The layout the stage reads (timed apart as "convert").
  MatmulJob job{ctx, st, M, K, N, kp, a, b, c, local0, local1, resolved};
  if (st.vw > 1 && kp != K) job.a = pad_matrix(ctx, a, M, K, M, kp, LayoutScratch::A);
  if (st.b_colmajor) job.b = transpose_into(ctx, b, K, N, kp, LayoutScratch::B);
  if (st.zero_c) ctx.fill(c, 0.0f, c_count);
  launch_matmul_stage(job);
  ctx.end_op();
}

}  // namespace mqlcl
