// One GEMM kernel's way through a call, as the routine (gemm/gemm_routine) runs it: op(B)
// made once into what the kernel reads, then per panel of rows of op(A) and C the panel's
// op(A) made, the product, and alpha and beta applied into C. A path that cannot represent
// the operands says so (false, nothing of C written) and the routine runs the row's fallback.
// The kernel table's `operands` column names the path (make_gemm_path).
#pragma once
#include <memory>

#include "catalog/gemm_kernels.hpp"
#include "context.hpp"
#include "gemm/gemm.hpp"

namespace mqlcl {

template <class T>
class GemmPath {
 public:
  virtual ~GemmPath() = default;
  // op(B) of the whole call made; false where it cannot be represented.
  virtual bool prepare(const GemmShape& whole, const GemmOperand& b) = 0;
  // One panel (its shape the whole one's but for m and lda, its operands at its first row);
  // false, C untouched, where its op(A) cannot be represented.
  virtual bool rows(const GemmShape& panel, T alpha, const GemmOperand& a, T beta, const GemmOperand& c) = 0;
};

// The path of a kernel of the table whose operands are of type T (element_bytes).
template <class T>
std::unique_ptr<GemmPath<T>> make_gemm_path(Context& ctx, const GemmKernel& k);

// The paths, by the table's `operands` column.
template <class T>
std::unique_ptr<GemmPath<T>> packed_path(Context& ctx, const GemmKernel& k);  // gemm/gemm_packed
std::unique_ptr<GemmPath<float>> half_path(Context& ctx, const GemmKernel& k);  // gemm/half_operands
template <class T>
std::unique_ptr<GemmPath<T>> ozaki_path(Context& ctx, const GemmKernel& k);  // gemm/gemm_ozaki

}  // namespace mqlcl
