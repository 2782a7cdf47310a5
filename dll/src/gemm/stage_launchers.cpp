#include "gemm/stage_launchers.hpp"

#include <algorithm>
#include <climits>

#include "gemm/half_operands.hpp"
#include "experiments/layout.hpp"
#include "catalog/sgemm_config.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/checked_math.hpp"

namespace mqlcl {

namespace {

// Tuned: register-blocked SGEMM on all three sizes padded to its tiles (tunable 10, mqlcl_tunable_set).
void launch_tuned(MatmulJob& j) {
  const Stage& st = j.stage;
  Context& ctx = j.ctx;
  if (j.local0 || j.local1)
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": the work-group comes from its tiles (mqlcl_tunable_set, tunable 10); pass 0, 0");
  const SgemmConfig tuned = sgemm_from(ctx.tuning().params(MQLCL_STAGE_SGEMM_TUNED));
  validate(tuned, ctx.facts());
  const size_t M = j.M, N = j.N, K = j.K;
  const SgemmConfig cfg = sgemm_for_product(tuned, ctx.facts(), M, N);
  const size_t mp = round_up(M, cfg.tsm), np = round_up(N, cfg.tsn), kq = round_up(K, cfg.tsk);
  checked_mul(mp, kq, "padded A", INT_MAX);
  checked_mul(kq, np, "padded B", INT_MAX);
  checked_mul(mp, np, "padded C", INT_MAX);
  const bool padded = mp != M || np != N || kq != K;
  cl::Buffer ap = padded ? pad_matrix(ctx, j.a, M, K, mp, kq, LayoutScratch::A) : j.a;
  cl::Buffer bp = padded ? pad_matrix(ctx, j.b, K, N, kq, np, LayoutScratch::B) : j.b;
  cl::Buffer cp = padded ? layout_scratch(ctx, LayoutScratch::C, mp * np * 4) : j.c;
  cl::Kernel k = ctx.embedded(
      st.file,
      str(st.defines, " -DTSM=", cfg.tsm, " -DTSN=", cfg.tsn, " -DTSK=", cfg.tsk, " -DWPTM=", cfg.wptm, " -DWPTN=",
          cfg.wptn, " -DDOUBLE_BUFFER=", double_buffered(cfg, ctx.facts()) ? 1 : 0),
      st.entry);
  k.setArg(0, static_cast<int>(mp));
  k.setArg(1, static_cast<int>(np));
  k.setArg(2, static_cast<int>(kq));
  k.setArg(3, ap);
  k.setArg(4, bp);
  k.setArg(5, cp);
  const cl::NDRange local(static_cast<size_t>(cfg.tsn / cfg.wptn), static_cast<size_t>(cfg.tsm / cfg.wptm));
  ctx.check_local(k, local, st.name);
  ctx.launch(k, cl::NDRange(np / cfg.wptn, mp / cfg.wptm), local);
  if (padded) unpad_matrix(ctx, cp, np, j.c, M, N);
}

// Tensor: sgemm_tensor.cl (stages 30/31). Its contract: leading dimensions multiples of 4
// floats; A and B are copied with K and N rounded up to 4 where they are not, and C computed
// into a padded buffer and copied back (timed as convert, like stage 10's padding). The block
// is BM x BN of the stage's tuned tiles; the work-group is the kernel's reqd_work_group_size
// (THREADS).
void launch_tensor(MatmulJob& j) {
  const Stage& st = j.stage;
  Context& ctx = j.ctx;
  if (j.local0 || j.local1)
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": the work-group is the kernel's own (", st.file, "); pass 0, 0");
  const size_t M = j.M, N = j.N, K = j.K;
  const size_t kq = round_up(K, 4), nq = round_up(N, 4);
  checked_mul(M, kq, "padded A", INT_MAX);
  checked_mul(K, nq, "padded B", INT_MAX);
  checked_mul(M, nq, "padded C", INT_MAX);
  cl::Buffer ap = kq != K ? pad_matrix(ctx, j.a, M, K, M, kq, LayoutScratch::A) : j.a;
  cl::Buffer bp = nq != N ? pad_matrix(ctx, j.b, K, N, K, nq, LayoutScratch::B) : j.b;
  cl::Buffer cp = nq != N ? layout_scratch(ctx, LayoutScratch::C, M * nq * 4) : j.c;
  const TensorTiles tiles = tensor_tiles(ctx.tuning().params(st.number));
  cl::Kernel k = ctx.embedded(st.file, st.defines + tiles.defines() + ctx.ptx_defines(), st.entry);
  k.setArg(0, static_cast<int>(M));
  k.setArg(1, static_cast<int>(N));
  k.setArg(2, static_cast<int>(K));
  k.setArg(3, ap);
  k.setArg(4, static_cast<int>(kq));
  k.setArg(5, bp);
  k.setArg(6, static_cast<int>(nq));
  k.setArg(7, cp);
  k.setArg(8, static_cast<int>(nq));
  const auto reqd = k.getWorkGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(ctx.device());
  if (reqd[0] == 0) fail(MQLCL_ERR_INTERNAL, st.file, " declares no reqd_work_group_size");
  const cl::NDRange local(reqd[0]);
  ctx.check_tiled_work_group(k, reqd[0], st.name);
  const size_t bm = static_cast<size_t>(tiles.bm), bn = static_cast<size_t>(tiles.bn);
  const size_t blocks = checked_mul((M + bm - 1) / bm, (N + bn - 1) / bn, "blocks", INT_MAX);
  ctx.launch(k, cl::NDRange(checked_mul(blocks, reqd[0], "work-items")), local);
  if (nq != N) unpad_matrix(ctx, cp, nq, j.c, M, N);
}

// TensorHalf: sgemm_half.cl (stages 32/33) on the FP16 operands gemm/half_operands makes
// of A and B; where they cannot be made, the fallback stage (30/31) runs instead.
void launch_tensor_half(MatmulJob& j) {
  const Stage& st = j.stage;
  if (j.local0 || j.local1)
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": the work-group is the kernel's own (", st.file, "); pass 0, 0");
  const HalfSource a{j.a, 0, j.kp, true}, b{j.b, 0, j.N, false};
  if (half_prepare_b(j.ctx, st, b, j.N, j.K) && half_rows(j.ctx, st, a, j.M, j.N, j.K, j.c, j.N)) return;
  MatmulJob fallback{j.ctx, gemm_stage(half_fallback(st.number)), j.M, j.K, j.N, j.kp, j.a, j.b, j.c, 0, 0, 0};
  launch_tensor(fallback);
  j.ctx.product_by(fallback.stage.number);
}

}  // namespace

void launch_gemm_stage(MatmulJob& job) {
  job.ctx.product_by(job.stage.number);
  switch (job.stage.family) {
    case Family::Tuned: return launch_tuned(job);
    case Family::Tensor: return launch_tensor(job);
    case Family::TensorHalf: return launch_tensor_half(job);
    default: break;
  }
  fail(MQLCL_ERR_INTERNAL, "stage ", job.stage.number, " is a teaching stage: the lab launches it (ladder/teaching_launchers.hpp)");
}

}  // namespace mqlcl
