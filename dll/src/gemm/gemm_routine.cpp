#include "gemm/gemm_routine.hpp"

#include "core/error.hpp"
#include "gemm/gemm_plan.hpp"

namespace mqlcl {

template <class T>
std::unique_ptr<GemmPath<T>> make_gemm_path(Context& ctx, const GemmKernel& k) {
  if (element_bytes(k) != static_cast<int>(sizeof(T)))
    fail(MQLCL_ERR_INTERNAL, "GEMM kernel ", k.id, " (", k.name, ") takes ", element_bytes(k), "-byte elements, not ", sizeof(T));
  switch (k.operands) {
    case GemmOperands::Packed: return packed_path<T>(ctx, k);
    case GemmOperands::ScaledHalf:
      if constexpr (sizeof(T) == 4) return half_path(ctx, k);
      break;
    case GemmOperands::Residues: return ozaki_path<T>(ctx, k);
  }
  fail(MQLCL_ERR_INTERNAL, "GEMM kernel ", k.id, " (", k.name, ") has no path for its operands");
}

template <class T>
GemmRows<T>::GemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b)
    : ctx_(ctx), whole_(whole), b_(b), kernel_(kernel), product_(kernel) {
  path_ = make_gemm_path<T>(ctx, gemm_kernel(kernel));
  if (!path_->prepare(whole, b)) path_.reset();
}

template <class T>
GemmRows<T>& GemmRows<T>::fallback() {
  if (!fallback_) {
    const int row = gemm_kernel(kernel_).fallback;
    const int kernel = row ? row : native_kernel(ctx_, whole_);
    if (kernel == kernel_) fail(MQLCL_ERR_INTERNAL, "GEMM kernel ", kernel_, " falls back to itself");
    fallback_ = std::make_unique<GemmRows>(ctx_, kernel, whole_, b_);
  }
  return *fallback_;
}

template <class T>
void GemmRows<T>::rows(const GemmShape& p, T alpha, const GemmOperand& a, T beta, const GemmOperand& c) {
  if (path_ && path_->rows(p, alpha, a, beta, c)) return;
  GemmRows& other = fallback();
  other.rows(p, alpha, a, beta, c);
  product_ = other.product();
}

template class GemmRows<float>;
template class GemmRows<double>;

template <class T>
void gemm_with(Context& ctx, int kernel, const GemmShape& s, T alpha, const GemmOperand& a, const GemmOperand& b, T beta,
               const GemmOperand& c) {
  ctx.begin_op();
  GemmRows<T> product(ctx, kernel, s, b);
  product.rows(s, alpha, a, beta, c);
  ctx.product_by(product.product());
  ctx.end_op();
}

template void gemm_with<float>(Context&, int, const GemmShape&, float, const GemmOperand&, const GemmOperand&, float,
                               const GemmOperand&);
template void gemm_with<double>(Context&, int, const GemmShape&, double, const GemmOperand&, const GemmOperand&, double,
                                const GemmOperand&);

}  // namespace mqlcl
