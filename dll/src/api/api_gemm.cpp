// Exports: GEMM on the caller's host arrays and on the generic layer's buffers (gemm/).
#include <chrono>

#include "api/local_exports.hpp"
#include "api/with_handle.hpp"
#include "gemm/gemm.hpp"
#include "gemm/host_candidate.hpp"
#include "generic/user_objects.hpp"
#include "timing.hpp"
#include "transfer/host_memory.hpp"

using namespace mqlcl;

namespace {
template <class T>
void check_pointers(const T* a, const T* b, const T* c) {
  if (!a) fail(MQLCL_ERR_ARGUMENT, "a is a null pointer");
  if (!b) fail(MQLCL_ERR_ARGUMENT, "b is a null pointer");
  if (!c) fail(MQLCL_ERR_ARGUMENT, "c is a null pointer");
}
// A buffer of context `ctx` and the elements of T it holds from `offset` on (its count for
// check_gemm).
template <class T>
std::shared_ptr<UserBuffer> element_buffer(Context& ctx, int handle, long long offset, const char* name,
                                           const char* offset_name, long long& available) {
  auto buf = get_handle<UserBuffer>(handle);
  if (buf->ctx.get() != &ctx) fail(MQLCL_ERR_HANDLE, name, " = ", handle, " belongs to another context");
  const long long elements = static_cast<long long>(buf->bytes / sizeof(T));
  const char* unit = sizeof(T) == 8 ? " doubles" : " floats";
  if (offset < 0 || offset > elements)
    fail(MQLCL_ERR_RANGE, offset_name, " = ", offset, ": ", name, " holds ", elements, unit);
  available = elements - offset;
  return buf;
}

// The GEMM of mqlcl_sgemm / mqlcl_dgemm on the caller's host arrays.
template <class T>
int gemm_arrays(int ctx, int flags, int m, int n, int k, T alpha, const T* a, int a_count, int lda, const T* b,
                int b_count, int ldb, T beta, T* c, int c_count, int ldc) {
  return with_handle<Context>(ctx, [&](Context& cx) {
    check_pointers(a, b, static_cast<const T*>(c));
    const GemmShape s = check_gemm(flags, m, n, k, lda, ldb, ldc, a_count, b_count, c_count, sizeof(T) == 8);
    const bool on_host = host_array_place(cx, s, flags, sizeof(T), beta != T(0), false) == MQLCL_GEMM_HOST_BLAS;
    const auto start = std::chrono::steady_clock::now();
    if (on_host)
      gemm_on_host<T>(cx, s, alpha, a, b, beta, c);
    else
      gemm_host<T>(cx, s, alpha, a, b, beta, c);
    host_array_ran(cx, s, sizeof(T), beta != T(0), on_host, ms_since(start));
    return MQLCL_OK;
  });
}

// The GEMM of mqlcl_sgemm_buffers / mqlcl_dgemm_buffers on three buffers of ctx.
template <class T>
int gemm_buffers(int ctx, int flags, int m, int n, int k, T alpha, int a_buffer, long long a_offset, int lda,
                 int b_buffer, long long b_offset, int ldb, T beta, int c_buffer, long long c_offset, int ldc) {
  return with_handle<Context>(ctx, [&](Context& cx) {
    if (flags & MQLCL_GEMM_ON_HOST)
      fail(MQLCL_ERR_ARGUMENT, "flags: MQLCL_GEMM_ON_HOST is for host arrays (mqlcl_sgemm, mqlcl_dgemm); buffers are the device's");
    long long a_avail = 0, b_avail = 0, c_avail = 0;
    auto a = element_buffer<T>(cx, a_buffer, a_offset, "a_buffer", "a_offset", a_avail);
    auto b = element_buffer<T>(cx, b_buffer, b_offset, "b_buffer", "b_offset", b_avail);
    auto c = element_buffer<T>(cx, c_buffer, c_offset, "c_buffer", "c_offset", c_avail);
    const bool fp64 = sizeof(T) == 8;
    GemmNames names;
    names.a_count = fp64 ? "a_buffer's doubles from a_offset" : "a_buffer's floats from a_offset", names.a = "a_buffer";
    names.b_count = fp64 ? "b_buffer's doubles from b_offset" : "b_buffer's floats from b_offset", names.b = "b_buffer";
    names.c_count = fp64 ? "c_buffer's doubles from c_offset" : "c_buffer's floats from c_offset", names.c = "c_buffer";
    const GemmShape s = check_gemm(flags, m, n, k, lda, ldb, ldc, a_avail, b_avail, c_avail, fp64, names);
    gemm_device<T>(cx, s, alpha, GemmOperand{a->buffer, static_cast<size_t>(a_offset)}, GemmOperand{b->buffer, static_cast<size_t>(b_offset)},
                   beta, GemmOperand{c->buffer, static_cast<size_t>(c_offset)});
    return MQLCL_OK;
  });
}
}  // namespace

int mqlcl::local::mqlcl_sgemm(int ctx, int flags, int m, int n, int k, float alpha, const float* a, int a_count,
                              int lda, const float* b, int b_count, int ldb, float beta, float* c, int c_count,
                              int ldc) {
  return gemm_arrays<float>(ctx, flags, m, n, k, alpha, a, a_count, lda, b, b_count, ldb, beta, c, c_count, ldc);
}

MQLCL_API int mqlcl_gemm_caller_blas(int flags, int n, double ms) {
  return guard(0, [&] {
    check_flags_and_sizes(flags, 1, 1, 1);
    report_caller_blas((flags & MQLCL_GEMM_PRECISION_MASK) == MQLCL_GEMM_FP64, n, ms);
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_gemm_where(int ctx, int flags, int m, int n, int k) {
  return with_handle<Context>(ctx, [&](Context& cx) {
    const bool fp64 = (flags & MQLCL_GEMM_PRECISION_MASK) == MQLCL_GEMM_FP64;
    const long long big = 1LL << 62;  // dense arrays: no count to check
    const GemmShape s = check_gemm(flags, m, n, k, (flags & MQLCL_GEMM_TRANS_A) ? m : k,
                                   (flags & MQLCL_GEMM_TRANS_B) ? k : n, n, big, big, big, fp64);
    const int place = host_array_place(cx, s, flags, fp64 ? 8 : 4, false, true);
    return place != 0 ? place : planned_kernel(cx, s);
  });
}

MQLCL_API int mqlcl_host_memory(void* data, long long bytes) {
  return guard(0, [&] {
    if (data == nullptr) fail(MQLCL_ERR_ARGUMENT, "data is a null pointer");
    if (bytes < 0) fail(MQLCL_ERR_ARGUMENT, "bytes = ", bytes, ": >= 1 gives memory, 0 withdraws it");
    if (bytes == 0)
      withdraw_host_memory(data);
    else
      give_host_memory(data, static_cast<size_t>(bytes));
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_dgemm(int ctx, int flags, int m, int n, int k, double alpha, const double* a, int a_count,
                              int lda, const double* b, int b_count, int ldb, double beta, double* c, int c_count,
                              int ldc) {
  return gemm_arrays<double>(ctx, flags, m, n, k, alpha, a, a_count, lda, b, b_count, ldb, beta, c, c_count, ldc);
}

int mqlcl::local::mqlcl_sgemm_buffers(int ctx, int flags, int m, int n, int k, float alpha, int a_buffer,
                                      long long a_offset, int lda, int b_buffer, long long b_offset, int ldb, float beta,
                                      int c_buffer, long long c_offset, int ldc) {
  return gemm_buffers<float>(ctx, flags, m, n, k, alpha, a_buffer, a_offset, lda, b_buffer, b_offset, ldb, beta, c_buffer,
                             c_offset, ldc);
}

int mqlcl::local::mqlcl_dgemm_buffers(int ctx, int flags, int m, int n, int k, double alpha, int a_buffer,
                                      long long a_offset, int lda, int b_buffer, long long b_offset, int ldb, double beta,
                                      int c_buffer, long long c_offset, int ldc) {
  return gemm_buffers<double>(ctx, flags, m, n, k, alpha, a_buffer, a_offset, lda, b_buffer, b_offset, ldb, beta,
                              c_buffer, c_offset, ldc);
}
