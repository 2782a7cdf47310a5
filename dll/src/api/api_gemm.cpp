// Exports: GEMM on the caller's host arrays (compute/gemm).
#include "api/with_handle.hpp"
#include "compute/gemm.hpp"

using namespace mqlcl;

namespace {
template <class T>
void check_pointers(const T* a, const T* b, const T* c) {
  if (!a) fail(MQLCL_ERR_ARGUMENT, "a is a null pointer");
  if (!b) fail(MQLCL_ERR_ARGUMENT, "b is a null pointer");
  if (!c) fail(MQLCL_ERR_ARGUMENT, "c is a null pointer");
}
}  // namespace

extern "C" {

MQLCL_API int mqlcl_sgemm(int ctx, int flags, int m, int n, int k, float alpha, const float* a, int a_count,
                          int lda, const float* b, int b_count, int ldb, float beta, float* c, int c_count,
                          int ldc) {
  return with_handle<Context>(ctx, [&](Context& cx) {
    check_pointers(a, b, static_cast<const float*>(c));
    const GemmShape s = check_gemm(flags, m, n, k, lda, ldb, ldc, a_count, b_count, c_count, false);
    sgemm_host(cx, s, alpha, a, b, beta, c);
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_dgemm(int ctx, int flags, int m, int n, int k, double alpha, const double* a, int a_count,
                          int lda, const double* b, int b_count, int ldb, double beta, double* c, int c_count,
                          int ldc) {
  return with_handle<Context>(ctx, [&](Context& cx) {
    check_pointers(a, b, static_cast<const double*>(c));
    const GemmShape s = check_gemm(flags, m, n, k, lda, ldb, ldc, a_count, b_count, c_count, true);
    dgemm_host(cx, s, alpha, a, b, beta, c);
    return MQLCL_OK;
  });
}

}  // extern "C"
