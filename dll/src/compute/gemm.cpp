#include "compute/gemm.hpp"

#include <chrono>
#include <climits>
#include <string>

#include "compute/matmul_launchers.hpp"
#include "compute/stage_registry.hpp"
#include "core/checked_math.hpp"
#include "mqlcl.h"

namespace mqlcl {

namespace {

// Scratch buffer ids of the GEMM (compute/layout uses 0 and 1).
enum : int { kRawA = 40, kRawB, kPackA, kPackB, kProduct, kC };

// Elements a row-major rows x cols matrix with leading dimension ld occupies: the last row
// needs only its used columns. Checks ld against the columns first.
size_t extent(int ld, size_t rows, size_t cols, const char* ld_name, const char* matrix) {
  if (ld < 1 || static_cast<size_t>(ld) < cols)
    fail(MQLCL_ERR_ARGUMENT, ld_name, " = ", ld, ": it must be >= the ", cols, " columns of the stored ", matrix);
  return checked_mul(rows - 1, static_cast<size_t>(ld), ld_name, LLONG_MAX) + cols;
}

void check_count(long long count, const char* count_name, size_t need, const char* matrix) {
  if (count < 0 || static_cast<unsigned long long>(count) < need)
    fail(MQLCL_ERR_RANGE, count_name, " = ", count, ": ", matrix, " must hold ", need,
         " elements for its shape and leading dimension");
}

// The exact-FP32 (or TF32) stage of the call's precision on this device.
const Stage& gemm_stage(Context& ctx, const GemmShape& s) {
  return find_stage(best_stage(ctx.device(), s.precision == MQLCL_GEMM_FAST ? MQLCL_PRECISION_TF32 : MQLCL_PRECISION_FP32));
}

bool has_fp64(const cl::Device& d) {
  return d.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_fp64") != std::string::npos;
}

// op(src) (rows x cols) into dst, dpitch wide and drows high, zero beyond.
void pack(Context& ctx, const GemmOperand& src, size_t ld, bool trans, size_t rows, size_t cols, cl::Buffer& dst,
          size_t dpitch, size_t drows) {
  cl::Kernel k = ctx.embedded("gemm/gemm_layout.cl", "", "gemm_pack");
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

}  // namespace

GemmShape check_gemm(int flags, int m, int n, int k, int lda, int ldb, int ldc, long long a_count,
                     long long b_count, long long c_count, bool fp64, const GemmNames& names) {
  const int known = MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B | MQLCL_GEMM_PRECISION_MASK;
  if (flags & ~known) fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": unknown bits ", flags & ~known);
  const int precision = flags & MQLCL_GEMM_PRECISION_MASK;
  if (fp64) {
    if (precision != MQLCL_GEMM_EXACT && precision != MQLCL_GEMM_FP64)
      fail(MQLCL_ERR_ARGUMENT, "flags: dgemm computes in FP64: its precision is MQLCL_GEMM_EXACT (0) or MQLCL_GEMM_FP64, not ",
           precision);
  } else if (precision != MQLCL_GEMM_EXACT && precision != MQLCL_GEMM_FAST) {
    fail(MQLCL_ERR_ARGUMENT, "flags: sgemm's precision is MQLCL_GEMM_EXACT (0) or MQLCL_GEMM_FAST, not ", precision,
         precision == MQLCL_GEMM_FP64 ? " (MQLCL_GEMM_FP64 is for mqlcl_dgemm)" : "");
  }
  if (m < 1 || n < 1 || k < 1)
    fail(MQLCL_ERR_ARGUMENT, m < 1 ? "m" : n < 1 ? "n" : "k", " = ", m < 1 ? m : n < 1 ? n : k, ": it must be >= 1");
  GemmShape s{};
  s.m = static_cast<size_t>(m), s.n = static_cast<size_t>(n), s.k = static_cast<size_t>(k);
  s.trans_a = (flags & MQLCL_GEMM_TRANS_A) != 0;
  s.trans_b = (flags & MQLCL_GEMM_TRANS_B) != 0;
  s.lda = static_cast<size_t>(lda > 0 ? lda : 0), s.ldb = static_cast<size_t>(ldb > 0 ? ldb : 0),
  s.ldc = static_cast<size_t>(ldc > 0 ? ldc : 0);
  s.precision = precision;
  // The stored A is m x k, or k x m when transposed; likewise B (k x n or n x k).
  s.a_need = s.trans_a ? extent(lda, s.k, s.m, "lda", "A (k x m, TRANS_A)") : extent(lda, s.m, s.k, "lda", "A (m x k)");
  s.b_need = s.trans_b ? extent(ldb, s.n, s.k, "ldb", "B (n x k, TRANS_B)") : extent(ldb, s.k, s.n, "ldb", "B (k x n)");
  s.c_need = extent(ldc, s.m, s.n, "ldc", "C (m x n)");
  check_count(a_count, names.a_count, s.a_need, names.a);
  check_count(b_count, names.b_count, s.b_need, names.b);
  check_count(c_count, names.c_count, s.c_need, names.c);
  return s;
}

// op(A) and op(B) packed for the stage, its product, then the epilogue into C: one operation
// (kernel: the stage; convert: pack, zeroing, epilogue). A and B are copied before C is
// written, so C may share a buffer with them.
void sgemm_device(Context& ctx, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b, float beta,
                  const GemmOperand& c) {
  const Stage& st = gemm_stage(ctx, s);
  const size_t kp = round_up(s.k, static_cast<size_t>(st.vw));
  if (st.private_row && kp > static_cast<size_t>(kMaxPrivateRow))
    fail(MQLCL_ERR_SHAPE, "k = ", s.k, " exceeds the ", kMaxPrivateRow, " of stage ", st.number, " (", st.name, ")");
  // The stages index with int: the packed operands and the product stay below 2^31 elements.
  const size_t a_pack = checked_mul(s.m, kp, "m x k", INT_MAX);
  const size_t b_pack = checked_mul(kp, s.n, "k x n", INT_MAX);
  const size_t prod = checked_mul(s.m, s.n, "m x n", INT_MAX);
  cl::Buffer& pa = ctx.scratch(kPackA, a_pack * 4);
  cl::Buffer& pb = ctx.scratch(kPackB, b_pack * 4);
  cl::Buffer& ab = ctx.scratch(kProduct, prod * 4);

  ctx.begin_op();
  // op(A) as m x kp; op(B) as kp x n, or n x kp (op(B) transposed) for a stage reading B by columns.
  pack(ctx, a, s.lda, s.trans_a, s.m, s.k, pa, kp, s.m);
  if (st.b_colmajor)
    pack(ctx, b, s.ldb, !s.trans_b, s.n, s.k, pb, kp, s.n);
  else
    pack(ctx, b, s.ldb, s.trans_b, s.k, s.n, pb, s.n, kp);
  if (st.zero_c) ctx.fill(ab, 0.0f, prod);
  MatmulJob job{ctx, st, s.m, s.k, s.n, kp, pa, pb, ab, 0, 0, st.param.none() ? 0 : st.param.fallback};
  launch_matmul_family(job);

  cl::Kernel e = ctx.embedded("gemm/gemm_layout.cl", "", "gemm_epilogue");
  e.setArg(0, ab);
  e.setArg(1, static_cast<cl_uint>(s.m));
  e.setArg(2, static_cast<cl_uint>(s.n));
  e.setArg(3, alpha);
  e.setArg(4, beta);
  e.setArg(5, c.buffer);
  e.setArg(6, static_cast<cl_ulong>(c.offset));
  e.setArg(7, static_cast<cl_uint>(s.ldc));
  ctx.launch_convert(e, cl::NDRange(round_up(s.n, 16), round_up(s.m, 16)), cl::NDRange(16, 16));
  ctx.end_op();
}

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

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
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
  gemm_stage(ctx, s);  // refused before any transfer when none runs
  const DeviceOperands d = upload_operands(ctx, s, a, b, beta, c);
  sgemm_device(ctx, d.shape, alpha, {d.a, 0}, {d.b, 0}, beta, {d.c, 0});
  download_result(ctx, s, d, c);
}

void dgemm_host(Context& ctx, const GemmShape& caller, double alpha, const double* a, const double* b, double beta,
                double* c) {
  if (!has_fp64(ctx.device()))
    fail(MQLCL_ERR_UNSUPPORTED, "mqlcl_dgemm: the device ", ctx.facts().name, " has no cl_khr_fp64 (no FP64 arithmetic)");
  const DeviceOperands d = upload_operands(ctx, caller, a, b, beta, c);
  const GemmShape& s = d.shape;  // the dense operands on the device
  cl::Buffer& da = d.a;
  cl::Buffer& db = d.b;
  cl::Buffer& dc = d.c;

  ctx.begin_op();
  constexpr size_t kTile = 16;
  cl::Kernel k = ctx.embedded("gemm/dgemm.cl", "-DTILE=16", "dgemm");
  int arg = 0;
  k.setArg(arg++, static_cast<cl_uint>(s.m));
  k.setArg(arg++, static_cast<cl_uint>(s.n));
  k.setArg(arg++, static_cast<cl_uint>(s.k));
  k.setArg(arg++, alpha);
  k.setArg(arg++, da);
  k.setArg(arg++, cl_ulong{0});
  k.setArg(arg++, static_cast<cl_uint>(s.lda));
  k.setArg(arg++, static_cast<cl_int>(s.trans_a));
  k.setArg(arg++, db);
  k.setArg(arg++, cl_ulong{0});
  k.setArg(arg++, static_cast<cl_uint>(s.ldb));
  k.setArg(arg++, static_cast<cl_int>(s.trans_b));
  k.setArg(arg++, beta);
  k.setArg(arg++, dc);
  k.setArg(arg++, cl_ulong{0});
  k.setArg(arg++, static_cast<cl_uint>(s.ldc));
  const cl::NDRange local(kTile, kTile);
  ctx.check_local(k, local, "dgemm");
  ctx.launch(k, cl::NDRange(round_up(s.n, kTile), round_up(s.m, kTile)), local);
  ctx.end_op();
  download_result(ctx, caller, d, c);
}

}  // namespace mqlcl
