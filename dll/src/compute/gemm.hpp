// GEMM on the caller's host arrays: C = alpha * op(A) * op(B) + beta * C, row-major with
// leading dimensions (docs/ABI.md, "GEMM"). SGEMM runs the best matmul stage of the asked
// precision between a pack (op, ld, padding) and an epilogue (alpha, beta, ldc); DGEMM the
// same around its own product kernel (dgemm_product). Device buffers are the context's scratch buffers, reused while
// large enough, so repeated sizes allocate nothing.
#pragma once
#include <cstddef>
#include <string>

#include "compute/context.hpp"

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

// Checks flags, sizes, leading dimensions and the counts (MQLCL_ERR_ARGUMENT / _RANGE with
// the parameter named). `fp64`: dgemm (which takes only the default or FP64 precision).
GemmShape check_gemm(int flags, int m, int n, int k, int lda, int ldb, int ldc, long long a_count,
                     long long b_count, long long c_count, bool fp64, const GemmNames& names = GemmNames{});

// A matrix on the device: a buffer and the element its (0, 0) is at.
struct GemmOperand {
  const cl::Buffer& buffer;
  size_t offset;
};

// SGEMM on device buffers (checked by the caller against s), results left in c.
void sgemm_device(Context& ctx, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b, float beta,
                  const GemmOperand& c);

// DGEMM's product kernel on this device: the FP64 tensor cores' (kernels/gemm/dgemm_tensor.cl)
// where the tensor stages run, else the FP64 units' (kernels/gemm/dgemm.cl); its block sizes
// (the padding of M, N, K), work-group and build defines. MQLCL_ERR_UNSUPPORTED without FP64.
struct DgemmProduct {
  bool tensor = false;
  int bm = 0, bn = 0, bk = 0;
  size_t local0 = 0, local1 = 1;
  size_t local_bytes = 0;  // the tensor kernel's declared __local tiles
  std::string defines;
};
DgemmProduct dgemm_product(Context& ctx);

// DGEMM on device buffers (checked by the caller against s), results left in c.
void dgemm_device(Context& ctx, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                  double beta, const GemmOperand& c);

void sgemm_host(Context& ctx, const GemmShape& s, float alpha, const float* a, const float* b, float beta,
                float* c);
void dgemm_host(Context& ctx, const GemmShape& s, double alpha, const double* a, const double* b, double beta,
                double* c);

}  // namespace mqlcl
