// The GEMM routine: one for SGEMM and DGEMM (T = float, double), over the kernel table
// (catalog/gemm_kernels): the planner's kernel (gemm/gemm_plan) runs through the path its row
// names (gemm/gemm_path), by panels of rows of op(A) and C, launched on the context's queue
// inside the caller's operation (begin_op .. end_op). op(B) and a panel's op(A) are made
// before its C is written, so C may share a buffer with them. Where a kernel's path cannot
// represent op(B), its fallback runs every panel; where it cannot represent a panel's op(A),
// that panel. The fallback is the row's `fallback`, or where it has none the planner's fastest
// native kernel of the precision (native_kernel).
#pragma once
#include <memory>

#include "gemm/gemm.hpp"
#include "gemm/gemm_path.hpp"

namespace mqlcl {

template <class T>
class GemmRows {
 public:
  GemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b);
  void rows(const GemmShape& panel, T alpha, const GemmOperand& a, T beta, const GemmOperand& c);
  // The kernel, or the fallback that computed some panel instead (mqlcl_last_product).
  int product() const { return product_; }

 private:
  GemmRows& fallback();  // made on first use, as a routine of its own (it may fall back too)
  Context& ctx_;
  GemmShape whole_;
  GemmOperand b_;
  int kernel_, product_;
  std::unique_ptr<GemmPath<T>> path_;  // null where it could not represent op(B)
  std::unique_ptr<GemmRows> fallback_;
};

extern template class GemmRows<float>;
extern template class GemmRows<double>;

// One operation (begin_op .. end_op) of the whole call by `kernel`, whatever the planner says.
template <class T>
void gemm_with(Context& ctx, int kernel, const GemmShape& s, T alpha, const GemmOperand& a, const GemmOperand& b, T beta,
               const GemmOperand& c);

}  // namespace mqlcl
