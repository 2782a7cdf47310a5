// GEMM on device buffers (mqlcl_sgemm_buffers, mqlcl_dgemm_buffers): the call's kernel (its
// tiles tuned on first use), then the routine in one operation.
#include "gemm/gemm.hpp"
#include "gemm/gemm_routine.hpp"
#include "gemm/self_tuning.hpp"

namespace mqlcl {

template <class T>
void gemm_device(Context& ctx, const GemmShape& s, T alpha, const GemmOperand& a, const GemmOperand& b, T beta,
                 const GemmOperand& c) {
  gemm_with<T>(ctx, kernel_for_call(ctx, s), s, alpha, a, b, beta, c);
}

template void gemm_device<float>(Context&, const GemmShape&, float, const GemmOperand&, const GemmOperand&, float,
                                 const GemmOperand&);
template void gemm_device<double>(Context&, const GemmShape&, double, const GemmOperand&, const GemmOperand&, double,
                                  const GemmOperand&);

}  // namespace mqlcl
