#include <chrono>

#include "compute/gemm.hpp"
#include "compute/gemm_plan.hpp"
#include "compute/timing.hpp"

namespace mqlcl {

namespace {
// The context's grow-only buffers of A, B and C holding the caller's used rows densely (C
// only when beta reads it), the shape the device sees (ld = the columns), and the upload's
// wall time: the uploads of sgemm_host and dgemm_host.
struct DeviceOperands {
  cl::Buffer &a, &b, &c;
  GemmShape shape;
  double upload_ms;
};

// The stored (rows, cols) of A, B and C.
struct StoredSizes {
  size_t a_rows, a_cols, b_rows, b_cols;
};
StoredSizes stored_sizes(const GemmShape& s) {
  return {s.trans_a ? s.k : s.m, s.trans_a ? s.m : s.k, s.trans_b ? s.n : s.k, s.trans_b ? s.k : s.n};
}

template <class T>
DeviceOperands upload_operands(Context& ctx, const GemmShape& s, const T* a, const T* b, T beta, const T* c) {
  const StoredSizes z = stored_sizes(s);
  DeviceOperands d{ctx.scratch(kRawA, z.a_rows * z.a_cols * sizeof(T)), ctx.scratch(kRawB, z.b_rows * z.b_cols * sizeof(T)),
                   ctx.scratch(kC, s.m * s.n * sizeof(T)), s, 0};
  d.shape.lda = z.a_cols, d.shape.ldb = z.b_cols, d.shape.ldc = s.n;
  d.shape.a_need = z.a_rows * z.a_cols, d.shape.b_need = z.b_rows * z.b_cols, d.shape.c_need = s.m * s.n;
  ctx.data_written();
  const auto start = std::chrono::steady_clock::now();
  // The caller's arrays are only read (RowCopy's pointer serves both directions).
  const RowCopy copies[3] = {
      {const_cast<T*>(a), z.a_rows, z.a_cols * sizeof(T), s.lda * sizeof(T), &d.a},
      {const_cast<T*>(b), z.b_rows, z.b_cols * sizeof(T), s.ldb * sizeof(T), &d.b},
      {const_cast<T*>(c), s.m, s.n * sizeof(T), s.ldc * sizeof(T), &d.c}};
  ctx.transfers().upload(copies, beta != T(0) ? 3 : 2);
  d.upload_ms = ms_since(start);
  return d;
}

// The dense C on the device into the caller's rows at ldc; ends the call's figures.
template <class T>
void download_result(Context& ctx, const GemmShape& s, const DeviceOperands& d, T* c) {
  const auto start = std::chrono::steady_clock::now();
  const RowCopy copy{c, s.m, s.n * sizeof(T), s.ldc * sizeof(T), &d.c};
  ctx.transfers().download(&copy, 1);
  ctx.transfers_took(d.upload_ms, ms_since(start));
  ctx.data_read();
}
}  // namespace

void sgemm_host(Context& ctx, const GemmShape& s, float alpha, const float* a, const float* b, float beta,
                float* c) {
  const int kernel = planned_kernel(ctx, s);  // refused before any transfer when none runs
  const DeviceOperands d = upload_operands(ctx, s, a, b, beta, c);
  sgemm_with(ctx, kernel, d.shape, alpha, {d.a, 0}, {d.b, 0}, beta, {d.c, 0});
  download_result(ctx, s, d, c);
}

void dgemm_host(Context& ctx, const GemmShape& caller, double alpha, const double* a, const double* b, double beta,
                double* c) {
  const int kernel = planned_kernel(ctx, caller);  // refused before any transfer without FP64
  const DeviceOperands d = upload_operands(ctx, caller, a, b, beta, c);
  dgemm_with(ctx, kernel, d.shape, alpha, {d.a, 0}, {d.b, 0}, beta, {d.c, 0});
  download_result(ctx, caller, d, c);
}

}  // namespace mqlcl
