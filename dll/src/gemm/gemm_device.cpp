#include "gemm/gemm.hpp"

#include <climits>
#include <string>

#include "catalog/dgemm_config.hpp"
#include "gemm/gemm_ozaki.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/half_operands.hpp"
#include "gemm/matmul_launchers.hpp"
#include "catalog/stage_registry.hpp"
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

int native_kernel(Context& ctx, const GemmShape& s) {
  for (const GemmCandidate& c : plan_gemm(ctx, s.precision, s.m, s.n, s.k, false).candidates)
    if (!is_ozaki(gemm_kernel(c.kernel))) return c.kernel;
  fail(MQLCL_ERR_UNSUPPORTED, "no native GEMM kernel of this precision runs on ", ctx.facts().name,
       " for operands the Ozaki scheme cannot represent");
}

namespace {

// For an Ozaki kernel, its op(B) prepared into `ozaki` and 0; where the scheme cannot
// represent op(B), `ozaki` empty and the native kernel that runs instead; any other kernel as
// it is.
template <class T>
int ozaki_or_native(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b,
                    std::unique_ptr<OzakiRows<T>>& ozaki) {
  if (!is_ozaki(gemm_kernel(kernel))) return kernel;
  ozaki = std::make_unique<OzakiRows<T>>(ctx, kernel, whole, b);
  if (ozaki->ready()) return 0;
  ozaki.reset();
  return native_kernel(ctx, whole);
}

}  // namespace

SgemmRows::SgemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b)
    : ctx_(ctx), whole_(whole), b_(b), product_(kernel) {
  if (const int native = ozaki_or_native(ctx, kernel, whole, b, ozaki_)) prepare(native);
}

SgemmRows::~SgemmRows() = default;

void SgemmRows::prepare(int kernel) {
  const GemmShape& whole = whole_;
  asked_ = &find_stage(kernel);
  const bool half = is_half_stage(*asked_);
  simt_ = half ? &find_stage(half_fallback(asked_->number)) : asked_;
  kp_ = round_up(whole.k, static_cast<size_t>(simt_->vw));
  if (simt_->private_row && kp_ > static_cast<size_t>(kMaxPrivateRow))
    fail(MQLCL_ERR_SHAPE, "k = ", whole.k, " exceeds the ", kMaxPrivateRow, " of stage ", simt_->number, " (",
         simt_->name, ")");
  // The stages index with int: the packed operands and the product stay below 2^31 elements.
  checked_mul(whole.m, kp_, "m x k", INT_MAX);
  checked_mul(kp_, whole.n, "k x n", INT_MAX);
  checked_mul(whole.m, whole.n, "m x n", INT_MAX);
  half_ = half &&
          half_prepare_b(ctx_, *asked_, HalfSource{b_.buffer, b_.offset, whole.ldb, whole.trans_b}, whole.n, whole.k);
  product_ = half_ ? asked_->number : simt_->number;
}

void SgemmRows::pack_b() {
  if (b_packed_) return;
  cl::Buffer& pb = ctx_.scratch(Context::Scratch::GemmPackB, kp_ * whole_.n * 4);
  // op(B) as kp x n, or n x kp (op(B) transposed) for a stage reading B by columns.
  if (simt_->b_colmajor)
    pack(ctx_, b_, whole_.ldb, !whole_.trans_b, whole_.n, whole_.k, pb, kp_, whole_.n);
  else
    pack(ctx_, b_, whole_.ldb, whole_.trans_b, whole_.k, whole_.n, pb, whole_.n, kp_);
  b_packed_ = true;
}

void SgemmRows::rows(const GemmShape& p, float alpha, const GemmOperand& a, float beta, const GemmOperand& c) {
  if (ozaki_ && ozaki_->rows(p, alpha, a, beta, c)) return;
  if (!asked_) prepare(native_kernel(ctx_, whole_));
  const size_t prod = p.m * p.n;
  cl::Buffer& ab = ctx_.scratch(Context::Scratch::GemmProduct, prod * 4);
  if (!half_ || !half_rows(ctx_, *asked_, HalfSource{a.buffer, a.offset, p.lda, !p.trans_a}, p.m, p.n, p.k, ab, p.n)) {
    // The SIMT or TF32 stage, or an FP16 stage's fallback for rows it cannot scale.
    product_ = simt_->number;
    pack_b();
    cl::Buffer& pa = ctx_.scratch(Context::Scratch::GemmPackA, p.m * kp_ * 4);
    pack(ctx_, a, p.lda, p.trans_a, p.m, p.k, pa, kp_, p.m);
    if (simt_->zero_c) ctx_.fill(ab, 0.0f, prod);
    MatmulJob job{ctx_, *simt_, p.m, p.k, p.n, kp_, pa, ctx_.scratch(Context::Scratch::GemmPackB, kp_ * p.n * 4), ab, 0, 0,
                  simt_->param.none() ? 0 : simt_->param.fallback};
    launch_matmul_family(job);
  }
  epilogue(ctx_, p, ab, p.n, alpha, beta, c);
}

void sgemm_with(Context& ctx, int kernel, const GemmShape& s, float alpha, const GemmOperand& a,
                const GemmOperand& b, float beta, const GemmOperand& c) {
  ctx.begin_op();
  SgemmRows product(ctx, kernel, s, b);
  product.rows(s, alpha, a, beta, c);
  ctx.product_by(product.product());
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

DgemmRows::DgemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b)
    : ctx_(ctx), whole_(whole), b_(b), product_(kernel) {
  if (const int native = ozaki_or_native(ctx, kernel, whole, b, ozaki_)) prepare(native);
}

DgemmRows::~DgemmRows() = default;

void DgemmRows::prepare(int kernel) {
  Context& ctx = ctx_;
  const GemmShape& whole = whole_;
  const GemmOperand& b = b_;
  kernel_ = product_ = kernel;
  p_ = dgemm_product(ctx, kernel);
  np_ = round_up(whole.n, static_cast<size_t>(p_.bn)), kp_ = round_up(whole.k, static_cast<size_t>(p_.bk));
  const size_t mp = round_up(whole.m, static_cast<size_t>(p_.bm));
  // The kernels take M, N, K as int and the layout kernels pitches as uint.
  if (mp > INT_MAX || np_ > INT_MAX || kp_ > INT_MAX) fail(MQLCL_ERR_RANGE, "dgemm: m, n or k padded exceeds 2^31 - 1");
  checked_mul(checked_mul(mp, kp_, "m x k"), 8, "m x k bytes");
  checked_mul(checked_mul(mp, np_, "m x n"), 8, "m x n bytes");
  cl::Buffer& pb = ctx.scratch(Context::Scratch::GemmPackB, checked_mul(checked_mul(kp_, np_, "k x n"), 8, "k x n bytes"));
  k_ = p_.tensor ? ctx.embedded("gemm/dgemm_tensor.cl", p_.defines, "dgemm_tensor")
                 : ctx.embedded("gemm/dgemm.cl", p_.defines, "dgemm");
  local_ = p_.local1 > 1 ? cl::NDRange(p_.local0, p_.local1) : cl::NDRange(p_.local0);
  if (p_.tensor)
    ctx.check_tiled_work_group(k_, p_.local0, "dgemm_tensor");
  else
    ctx.check_local(k_, local_, "dgemm");
  // op(B) as Np x Kp (the tensor kernel's B^T) or Kp x Np.
  if (p_.tensor)
    pack(ctx, b, whole.ldb, !whole.trans_b, whole.n, whole.k, pb, kp_, np_, true);
  else
    pack(ctx, b, whole.ldb, whole.trans_b, whole.k, whole.n, pb, np_, kp_, true);
}

void DgemmRows::rows(const GemmShape& p, double alpha, const GemmOperand& a, double beta, const GemmOperand& c) {
  if (ozaki_ && ozaki_->rows(p, alpha, a, beta, c)) return;
  if (!kernel_) prepare(native_kernel(ctx_, whole_));
  product_ = kernel_;
  const size_t mp = round_up(p.m, static_cast<size_t>(p_.bm));
  cl::Buffer& pa = ctx_.scratch(Context::Scratch::GemmPackA, mp * kp_ * 8);
  cl::Buffer& ab = ctx_.scratch(Context::Scratch::GemmProduct, mp * np_ * 8);
  pack(ctx_, a, p.lda, p.trans_a, p.m, p.k, pa, kp_, mp, true);
  k_.setArg(0, static_cast<cl_int>(mp));
  k_.setArg(1, static_cast<cl_int>(np_));
  k_.setArg(2, static_cast<cl_int>(kp_));
  k_.setArg(3, pa);
  k_.setArg(4, ctx_.scratch(Context::Scratch::GemmPackB, kp_ * np_ * 8));
  k_.setArg(5, ab);
  if (p_.tensor)
    ctx_.launch(k_, cl::NDRange((mp / p_.bm) * (np_ / p_.bn) * p_.local0), local_);
  else
    ctx_.launch(k_, cl::NDRange(np_ / p_.bn * p_.local0, mp / p_.bm * p_.local1), local_);
  epilogue(ctx_, p, ab, np_, alpha, beta, c);
}

void dgemm_with(Context& ctx, int kernel, const GemmShape& s, double alpha, const GemmOperand& a,
                const GemmOperand& b, double beta, const GemmOperand& c) {
  ctx.begin_op();
  DgemmRows product(ctx, kernel, s, b);
  product.rows(s, alpha, a, beta, c);
  ctx.product_by(product.product());
  ctx.end_op();
}

void dgemm_device(Context& ctx, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                  double beta, const GemmOperand& c) {
  dgemm_with(ctx, planned_kernel(ctx, s), s, alpha, a, b, beta, c);
}

}  // namespace mqlcl
