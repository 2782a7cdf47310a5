// GEMM: C = alpha * op(A) * op(B) + beta * C, row-major with leading dimensions (docs/ABI.md,
// "GEMM"), on host arrays or device buffers. Split by job: the caller's arguments checked
// (gemm_checks.cpp); the planner's kernel between a pack (op, ld, padding) and an epilogue
// (alpha, beta, ldc) on the device, by the path the kernel table names (gemm_routine.cpp);
// the host arrays' transfers around that (gemm_host.cpp). Which kernel runs is gemm/gemm_plan's
// choice. Device buffers are scratch buffers, reused while large enough, so repeated sizes
// allocate nothing.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "context.hpp"

namespace mqlcl {

// What the caller's arguments become once checked (check_gemm).
struct GemmShape {
  size_t m, n, k;
  bool trans_a, trans_b;
  size_t lda, ldb, ldc;
  size_t a_need, b_need, c_need;  // elements each array must hold
  int precision;                  // the MQLCL_GEMM_* precision field
};

// How messages name the arrays and their counts (host arrays, or device buffers).
struct GemmNames {
  const char *a_count = "a_count", *a = "a", *b_count = "b_count", *b = "b", *c_count = "c_count", *c = "c";
};

// Checks the flags' bits and m, n, k >= 1 (MQLCL_ERR_ARGUMENT naming them); check_gemm and
// the planner's exports share it.
void check_flags_and_sizes(int flags, int m, int n, int k);

// Checks flags, sizes, leading dimensions and the counts (MQLCL_ERR_ARGUMENT / _RANGE with
// the parameter named). `fp64`: dgemm (which takes only the default or FP64 precision).
GemmShape check_gemm(int flags, int m, int n, int k, int lda, int ldb, int ldc, long long a_count,
                     long long b_count, long long c_count, bool fp64, const GemmNames& names = GemmNames{});

// A matrix on the device: a buffer and the element its (0, 0) is at.
struct GemmOperand {
  const cl::Buffer& buffer;
  size_t offset;
};

// The kernel the planner runs for the call (MQLCL_GEMM_KERNEL_*); refused where none can.
int planned_kernel(Context& ctx, const GemmShape& s);
// The planner's fastest kernel for the call's precision that is not an Ozaki kernel: what
// runs where the scheme cannot represent the operands.
int native_kernel(Context& ctx, const GemmShape& s);

// GEMM on device buffers (checked by the caller against s), results left in c; T = float
// (mqlcl_sgemm*) or double (mqlcl_dgemm*): gemm/gemm_buffers (the kernel for the call, its tiles
// tuned on first use: gemm/self_tuning), then the routine (gemm/gemm_routine).
template <class T>
void gemm_device(Context& ctx, const GemmShape& s, T alpha, const GemmOperand& a, const GemmOperand& b, T beta,
                 const GemmOperand& c);
// GEMM on the caller's host arrays (gemm/gemm_host).
template <class T>
void gemm_host(Context& ctx, const GemmShape& s, T alpha, const T* a, const T* b, T beta, T* c);

}  // namespace mqlcl
