#include "compute/gemm.hpp"

#include <chrono>
#include <climits>
#include <cstdlib>
#include <string>

#include "compute/matmul_launchers.hpp"
#include "compute/stage_registry.hpp"
#include "compute/tensor_support.hpp"
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

// The layout kernels' build for float (SGEMM) or double (DGEMM).
const char* layout_defines(bool fp64) { return fp64 ? "-DREAL=double" : ""; }

// op(src) (rows x cols) into dst, dpitch wide and drows high, zero beyond.
void pack(Context& ctx, const GemmOperand& src, size_t ld, bool trans, size_t rows, size_t cols, cl::Buffer& dst,
          size_t dpitch, size_t drows, bool fp64 = false) {
  cl::Kernel k = ctx.embedded("gemm/gemm_layout.cl", layout_defines(fp64), "gemm_pack");
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

// C = alpha * AB + beta * C (AB m x n with row pitch ab_pitch) into C's leading dimension.
template <class T>
void epilogue(Context& ctx, const GemmShape& s, const cl::Buffer& ab, size_t ab_pitch, T alpha, T beta,
              const GemmOperand& c) {
  cl::Kernel e = ctx.embedded("gemm/gemm_layout.cl", layout_defines(sizeof(T) == 8), "gemm_epilogue");
  e.setArg(0, ab);
  e.setArg(1, static_cast<cl_uint>(ab_pitch));
  e.setArg(2, static_cast<cl_uint>(s.m));
  e.setArg(3, static_cast<cl_uint>(s.n));
  e.setArg(4, alpha);
  e.setArg(5, beta);
  e.setArg(6, c.buffer);
  e.setArg(7, static_cast<cl_ulong>(c.offset));
  e.setArg(8, static_cast<cl_uint>(s.ldc));
  ctx.launch_convert(e, cl::NDRange(round_up(s.n, 16), round_up(s.m, 16)), cl::NDRange(16, 16));
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

namespace {
// op(A) and op(B) packed for stage st, its product, then the epilogue into C: one operation
// (kernel: the stage; convert: pack, zeroing, epilogue). A and B are copied before C is
// written, so C may share a buffer with them.
void sgemm_on(Context& ctx, const Stage& st, const GemmShape& s, float alpha, const GemmOperand& a,
              const GemmOperand& b, float beta, const GemmOperand& c) {
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

  epilogue(ctx, s, ab, s.n, alpha, beta, c);
  ctx.end_op();
}

// The value of -DNAME=v in a define list, else `fallback`.
int define_value(const std::string& defines, const std::string& name, int fallback) {
  const std::string key = "-D" + name + "=";
  const size_t at = defines.find(key);
  return at == std::string::npos ? fallback : std::atoi(defines.c_str() + at + key.size());
}
}  // namespace

void sgemm_device(Context& ctx, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b, float beta,
                  const GemmOperand& c) {
  sgemm_on(ctx, gemm_stage(ctx, s), s, alpha, a, b, beta, c);
}

DgemmProduct dgemm_product(Context& ctx) {
  if (!has_fp64(ctx.device()))
    fail(MQLCL_ERR_UNSUPPORTED, "dgemm: the device ", ctx.facts().name, " has no cl_khr_fp64 (no FP64 arithmetic)");
  // MQLCL_DGEMM_DEFINES (tuning experiments only): -D values replacing the defaults below,
  // "-DSIMT" for the FP64-unit kernel where the tensor cores exist.
  const char* env = std::getenv("MQLCL_DGEMM_DEFINES");
  const std::string extra = env ? env : "";
  const TensorSupport tensor = tensor_support(ctx.device());
  DgemmProduct p;
  if (tensor.available && extra.find("-DSIMT") == std::string::npos) {
    // The fastest measured on the H200 (docs/results-h200.md, dev/dgemm/h200-sweep.log):
    // 128 x 64 blocks of 4 warps of 64 x 32 (each A / B fragment read from __local feeds 4 / 2
    // mma: 25% fewer __local bytes per flop than 32 x 32 warps, +27%), 2 stages of BK 16 (48 KiB),
    // read in two m16n8k8 k-slices (the shape: dgemm_tensor_shape).
    p.tensor = true;
    p.bm = define_value(extra, "BM", 128), p.bn = define_value(extra, "BN", 64), p.bk = define_value(extra, "BK", 16);
    const int wm = define_value(extra, "WM", 64), wn = define_value(extra, "WN", 32);
    const int stages = define_value(extra, "STAGES", 2);
    const int shape = define_value(extra, "SHAPE", dgemm_tensor_shape(tensor));
    const int group_m = define_value(extra, "GROUP_M", 8);
    p.local0 = static_cast<size_t>(32 * (p.bm / wm) * (p.bn / wn));
    p.local1 = 1;
    p.local_bytes = static_cast<size_t>(stages) * (p.bm + p.bn) * p.bk * sizeof(double);
    p.defines = str("-DBM=", p.bm, " -DBN=", p.bn, " -DBK=", p.bk, " -DWM=", wm, " -DWN=", wn, " -DSTAGES=", stages,
                    " -DSHAPE=", shape, " -DGROUP_M=", group_m);
  } else {
    // 8 x 8 outputs per work-item on CPUs: PoCL runs a work-group as loops, where the larger
    // register block halves the loads per FMA (2048^3 on this 2-core machine: 12.6-12.9 GFLOP/s
    // against 5.8-6.2 with 4 x 4); GPUs keep 4 x 4, which leaves more work-items per group.
    const int wpt = (ctx.facts().type & CL_DEVICE_TYPE_CPU) ? 8 : 4;
    p.bm = define_value(extra, "TSM", 64), p.bn = define_value(extra, "TSN", 64), p.bk = define_value(extra, "TSK", 16);
    const int wptm = define_value(extra, "WPTM", wpt), wptn = define_value(extra, "WPTN", wpt);
    p.local0 = static_cast<size_t>(p.bn / wptn), p.local1 = static_cast<size_t>(p.bm / wptm);
    p.defines = str("-DTSM=", p.bm, " -DTSN=", p.bn, " -DTSK=", p.bk, " -DWPTM=", wptm, " -DWPTN=", wptn);
  }
  return p;
}

namespace {
// op(A) as Mp x Kp; op(B) as Np x Kp (the tensor kernel's B^T) or Kp x Np; product kernel p
// into Mp x Np; the epilogue into C: one operation. A and B are copied before C is written,
// so C may share a buffer with them.
void dgemm_on(Context& ctx, const DgemmProduct& p, const GemmShape& s, double alpha, const GemmOperand& a,
              const GemmOperand& b, double beta, const GemmOperand& c) {
  const size_t mp = round_up(s.m, static_cast<size_t>(p.bm)), np = round_up(s.n, static_cast<size_t>(p.bn)),
               kp = round_up(s.k, static_cast<size_t>(p.bk));
  // The kernels take M, N, K as int and the layout kernels pitches as uint.
  if (mp > INT_MAX || np > INT_MAX || kp > INT_MAX) fail(MQLCL_ERR_RANGE, "dgemm: m, n or k padded exceeds 2^31 - 1");
  cl::Buffer& pa = ctx.scratch(kPackA, checked_mul(checked_mul(mp, kp, "m x k"), 8, "m x k bytes"));
  cl::Buffer& pb = ctx.scratch(kPackB, checked_mul(checked_mul(kp, np, "k x n"), 8, "k x n bytes"));
  cl::Buffer& ab = ctx.scratch(kProduct, checked_mul(checked_mul(mp, np, "m x n"), 8, "m x n bytes"));
  cl::Kernel k = p.tensor ? ctx.embedded("gemm/dgemm_tensor.cl", p.defines, "dgemm_tensor")
                          : ctx.embedded("gemm/dgemm.cl", p.defines, "dgemm");
  const cl::NDRange local = p.local1 > 1 ? cl::NDRange(p.local0, p.local1) : cl::NDRange(p.local0);
  if (p.tensor) {
    // Not ctx.check_local: NVIDIA's CL_KERNEL_LOCAL_MEM_SIZE counts 16 bytes of its own beyond
    // what the kernel declares (as for stages 30/31, compute/matmul_launchers.cpp): the
    // declared tiles are checked instead, and the work-group against the kernel's limit.
    if (p.local_bytes > ctx.facts().local_mem)
      fail(MQLCL_ERR_LOCAL_SIZE, "dgemm: the tensor kernel's tiles take ", p.local_bytes,
           " bytes of local memory, the device has ", static_cast<unsigned long long>(ctx.facts().local_mem));
    const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(ctx.device());
    if (p.local0 > kernel_max)
      fail(MQLCL_ERR_LOCAL_SIZE, "dgemm: the tensor kernel's work-group of ", p.local0,
           " exceeds its CL_KERNEL_WORK_GROUP_SIZE = ", kernel_max);
  } else {
    ctx.check_local(k, local, "dgemm");
  }

  ctx.begin_op();
  pack(ctx, a, s.lda, s.trans_a, s.m, s.k, pa, kp, mp, true);
  if (p.tensor)
    pack(ctx, b, s.ldb, !s.trans_b, s.n, s.k, pb, kp, np, true);
  else
    pack(ctx, b, s.ldb, s.trans_b, s.k, s.n, pb, np, kp, true);
  k.setArg(0, static_cast<cl_int>(mp));
  k.setArg(1, static_cast<cl_int>(np));
  k.setArg(2, static_cast<cl_int>(kp));
  k.setArg(3, pa);
  k.setArg(4, pb);
  k.setArg(5, ab);
  if (p.tensor)
    ctx.launch(k, cl::NDRange((mp / p.bm) * (np / p.bn) * p.local0), local);
  else
    ctx.launch(k, cl::NDRange(np / p.bn * p.local0, mp / p.bm * p.local1), local);
  epilogue(ctx, s, ab, np, alpha, beta, c);
  ctx.end_op();
}
}  // namespace

void dgemm_device(Context& ctx, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                  double beta, const GemmOperand& c) {
  dgemm_on(ctx, dgemm_product(ctx), s, alpha, a, b, beta, c);
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
  const Stage& st = gemm_stage(ctx, s);  // refused before any transfer when none runs
  const DeviceOperands d = upload_operands(ctx, s, a, b, beta, c);
  sgemm_on(ctx, st, d.shape, alpha, {d.a, 0}, {d.b, 0}, beta, {d.c, 0});
  download_result(ctx, s, d, c);
}

void dgemm_host(Context& ctx, const GemmShape& caller, double alpha, const double* a, const double* b, double beta,
                double* c) {
  const DgemmProduct p = dgemm_product(ctx);  // refused before any transfer without FP64
  const DeviceOperands d = upload_operands(ctx, caller, a, b, beta, c);
  dgemm_on(ctx, p, d.shape, alpha, {d.a, 0}, {d.b, 0}, beta, {d.c, 0});
  download_result(ctx, caller, d, c);
}

}  // namespace mqlcl
