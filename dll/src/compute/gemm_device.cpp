#include "compute/gemm.hpp"

#include <climits>
#include <string>

#include "compute/dgemm_config.hpp"
#include "compute/gemm_plan.hpp"
#include "compute/half_operands.hpp"
#include "compute/matmul_launchers.hpp"
#include "compute/stage_registry.hpp"
#include "core/checked_math.hpp"
#include "mqlcl.h"

namespace mqlcl {

namespace {


// The layout kernels' build for float (SGEMM) or double (DGEMM).
const char* layout_defines(bool fp64) { return fp64 ? "-DREAL=double" : ""; }

// op(src) (rows x cols) into dst, dpitch wide and drows high, zero beyond.
void pack(Context& ctx, const GemmOperand& src, size_t ld, bool trans, size_t rows, size_t cols, cl::Buffer& dst,
          size_t dpitch, size_t drows, bool fp64 = false) {
  cl::Kernel k = ctx.embedded("gemm/gemm_layout.cl", layout_defines(fp64), "gemm_pack");
  k.setArg(0, src.buffer);
  k.setArg(1, static_cast<cl_ulong>(src.offset));
  k.setArg(2, static_cast<cl_uint>(ld));
  k.setArg(3, static_cast<cl_int>(trans ? 1 : 0));
  k.setArg(4, static_cast<cl_uint>(rows));
  k.setArg(5, static_cast<cl_uint>(cols));
  k.setArg(6, dst);
  k.setArg(7, static_cast<cl_uint>(dpitch));
  ctx.launch_convert(k, cl::NDRange(dpitch, drows), cl::NullRange);
}

// C = alpha * AB + beta * C (AB m x n with row pitch ab_pitch) into C's leading dimension.
template <class T>
void epilogue(Context& ctx, const GemmShape& s, const cl::Buffer& ab, size_t ab_pitch, T alpha, T beta,
              const GemmOperand& c) {
  cl::Kernel e = ctx.embedded("gemm/gemm_layout.cl", layout_defines(sizeof(T) == 8), "gemm_epilogue");
  e.setArg(0, ab);
  e.setArg(1, static_cast<cl_uint>(ab_pitch));
  e.setArg(2, static_cast<cl_uint>(s.m));
  e.setArg(3, static_cast<cl_uint>(s.n));
  e.setArg(4, alpha);
  e.setArg(5, beta);
  e.setArg(6, c.buffer);
  e.setArg(7, static_cast<cl_ulong>(c.offset));
  e.setArg(8, static_cast<cl_uint>(s.ldc));
  ctx.launch_convert(e, cl::NDRange(round_up(s.n, 16), round_up(s.m, 16)), cl::NDRange(16, 16));
}

}  // namespace

// op(A) and op(B) packed for stage st, its product, then the epilogue into C: one operation
// (kernel: the stage; convert: pack, zeroing, epilogue). The FP16 stages read op(A) and op(B)
// where they are, packing them themselves; where they cannot, their fallback stage runs on
// the FP32 pack. A and B are copied before C is written, so C may share a buffer with them.
void sgemm_with(Context& ctx, int kernel, const GemmShape& s, float alpha, const GemmOperand& a,
                const GemmOperand& b, float beta, const GemmOperand& c) {
  const Stage& asked = find_stage(kernel);
  const size_t kp = round_up(s.k, static_cast<size_t>(asked.vw));
  if (asked.private_row && kp > static_cast<size_t>(kMaxPrivateRow))
    fail(MQLCL_ERR_SHAPE, "k = ", s.k, " exceeds the ", kMaxPrivateRow, " of stage ", asked.number, " (", asked.name, ")");
  // The stages index with int: the packed operands and the product stay below 2^31 elements.
  const size_t a_pack = checked_mul(s.m, kp, "m x k", INT_MAX);
  const size_t b_pack = checked_mul(kp, s.n, "k x n", INT_MAX);
  const size_t prod = checked_mul(s.m, s.n, "m x n", INT_MAX);
  cl::Buffer& ab = ctx.scratch(kProduct, prod * 4);

  ctx.begin_op();
  const bool half = is_half_stage(asked);
  if (half && half_product(ctx, asked, HalfSource{a.buffer, a.offset, s.lda, !s.trans_a},
                           HalfSource{b.buffer, b.offset, s.ldb, s.trans_b}, s.m, s.n, s.k, ab, s.n)) {
    ctx.product_by(asked.number);
  } else {
    const Stage& st = half ? find_stage(half_fallback(asked.number)) : asked;
    cl::Buffer& pa = ctx.scratch(kPackA, a_pack * 4);
    cl::Buffer& pb = ctx.scratch(kPackB, b_pack * 4);
    // op(A) as m x kp; op(B) as kp x n, or n x kp (op(B) transposed) for a stage reading B by columns.
    pack(ctx, a, s.lda, s.trans_a, s.m, s.k, pa, kp, s.m);
    if (st.b_colmajor)
      pack(ctx, b, s.ldb, !s.trans_b, s.n, s.k, pb, kp, s.n);
    else
      pack(ctx, b, s.ldb, s.trans_b, s.k, s.n, pb, s.n, kp);
    if (st.zero_c) ctx.fill(ab, 0.0f, prod);
    MatmulJob job{ctx, st, s.m, s.k, s.n, kp, pa, pb, ab, 0, 0, st.param.none() ? 0 : st.param.fallback};
    launch_matmul_family(job);
  }

  epilogue(ctx, s, ab, s.n, alpha, beta, c);
  ctx.end_op();
}

void sgemm_device(Context& ctx, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b, float beta,
                  const GemmOperand& c) {
  sgemm_with(ctx, planned_kernel(ctx, s), s, alpha, a, b, beta, c);
}

int planned_kernel(Context& ctx, const GemmShape& s) { return plan_gemm(ctx, s.precision, s.m, s.n, s.k, false).chosen; }

DgemmProduct dgemm_product(Context& ctx, int kernel) {
  const int* params = ctx.tuning.params(kernel);
  if (kernel != MQLCL_GEMM_KERNEL_DGEMM_TENSOR) return dgemm_simt_product(params);
  DgemmProduct p = dgemm_tensor_product(params);
  p.defines += ctx.ptx_defines();
  return p;
}

// op(A) as Mp x Kp; op(B) as Np x Kp (the tensor kernel's B^T) or Kp x Np; product kernel p
// into Mp x Np; the epilogue into C: one operation. A and B are copied before C is written,
// so C may share a buffer with them.
void dgemm_with(Context& ctx, int kernel, const GemmShape& s, double alpha, const GemmOperand& a,
                const GemmOperand& b, double beta, const GemmOperand& c) {
  const DgemmProduct p = dgemm_product(ctx, kernel);
  const size_t mp = round_up(s.m, static_cast<size_t>(p.bm)), np = round_up(s.n, static_cast<size_t>(p.bn)),
               kp = round_up(s.k, static_cast<size_t>(p.bk));
  // The kernels take M, N, K as int and the layout kernels pitches as uint.
  if (mp > INT_MAX || np > INT_MAX || kp > INT_MAX) fail(MQLCL_ERR_RANGE, "dgemm: m, n or k padded exceeds 2^31 - 1");
  cl::Buffer& pa = ctx.scratch(kPackA, checked_mul(checked_mul(mp, kp, "m x k"), 8, "m x k bytes"));
  cl::Buffer& pb = ctx.scratch(kPackB, checked_mul(checked_mul(kp, np, "k x n"), 8, "k x n bytes"));
  cl::Buffer& ab = ctx.scratch(kProduct, checked_mul(checked_mul(mp, np, "m x n"), 8, "m x n bytes"));
  cl::Kernel k = p.tensor ? ctx.embedded("gemm/dgemm_tensor.cl", p.defines, "dgemm_tensor")
                          : ctx.embedded("gemm/dgemm.cl", p.defines, "dgemm");
  const cl::NDRange local = p.local1 > 1 ? cl::NDRange(p.local0, p.local1) : cl::NDRange(p.local0);
  if (p.tensor) {
    // Not ctx.check_local: NVIDIA's CL_KERNEL_LOCAL_MEM_SIZE counts 16 bytes of its own beyond
    // what the kernel declares (as for stages 30/31, compute/matmul_launchers.cpp): the
    // declared tiles are checked instead, and the work-group against the kernel's limit.
    const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(ctx.device());
    if (p.local0 > kernel_max)
      fail(MQLCL_ERR_LOCAL_SIZE, "dgemm: the tensor kernel's work-group of ", p.local0,
           " exceeds its CL_KERNEL_WORK_GROUP_SIZE = ", kernel_max);
  } else {
    ctx.check_local(k, local, "dgemm");
  }

  ctx.begin_op();
  ctx.product_by(kernel);
  pack(ctx, a, s.lda, s.trans_a, s.m, s.k, pa, kp, mp, true);
  if (p.tensor)
    pack(ctx, b, s.ldb, !s.trans_b, s.n, s.k, pb, kp, np, true);
  else
    pack(ctx, b, s.ldb, s.trans_b, s.k, s.n, pb, np, kp, true);
  k.setArg(0, static_cast<cl_int>(mp));
  k.setArg(1, static_cast<cl_int>(np));
  k.setArg(2, static_cast<cl_int>(kp));
  k.setArg(3, pa);
  k.setArg(4, pb);
  k.setArg(5, ab);
  if (p.tensor)
    ctx.launch(k, cl::NDRange((mp / p.bm) * (np / p.bn) * p.local0), local);
  else
    ctx.launch(k, cl::NDRange(np / p.bn * p.local0, mp / p.bm * p.local1), local);
  epilogue(ctx, s, ab, np, alpha, beta, c);
  ctx.end_op();
}

void dgemm_device(Context& ctx, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                  double beta, const GemmOperand& c) {
  dgemm_with(ctx, planned_kernel(ctx, s), s, alpha, a, b, beta, c);
}

}  // namespace mqlcl
