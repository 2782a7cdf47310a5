#include "gemm/gemm.hpp"

#include <climits>

#include "core/checked_math.hpp"
#include "mqlcl.h"

namespace mqlcl {

namespace {

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

}  // namespace

void check_flags_and_sizes(int flags, int m, int n, int k) {
  const int known = MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B | MQLCL_GEMM_PRECISION_MASK | MQLCL_GEMM_ON_DEVICE |
                    MQLCL_GEMM_ON_HOST;
  if (flags & ~known) fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": unknown bits ", flags & ~known);
  if ((flags & MQLCL_GEMM_ON_DEVICE) && (flags & MQLCL_GEMM_ON_HOST))
    fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": MQLCL_GEMM_ON_DEVICE and MQLCL_GEMM_ON_HOST together");
  if (m < 1 || n < 1 || k < 1)
    fail(MQLCL_ERR_ARGUMENT, m < 1 ? "m" : n < 1 ? "n" : "k", " = ", m < 1 ? m : n < 1 ? n : k, ": it must be >= 1");
}

GemmShape check_gemm(int flags, int m, int n, int k, int lda, int ldb, int ldc, long long a_count,
                     long long b_count, long long c_count, bool fp64, const GemmNames& names) {
  check_flags_and_sizes(flags, m, n, k);
  const int precision = flags & MQLCL_GEMM_PRECISION_MASK;
  if (fp64) {
    if (precision != MQLCL_GEMM_EXACT && precision != MQLCL_GEMM_FP64)
      fail(MQLCL_ERR_ARGUMENT, "flags: dgemm computes in FP64: its precision is MQLCL_GEMM_EXACT (0) or MQLCL_GEMM_FP64, not ",
           precision);
  } else if (precision != MQLCL_GEMM_EXACT && precision != MQLCL_GEMM_FAST) {
    fail(MQLCL_ERR_ARGUMENT, "flags: sgemm's precision is MQLCL_GEMM_EXACT (0) or MQLCL_GEMM_FAST, not ", precision,
         precision == MQLCL_GEMM_FP64 ? " (MQLCL_GEMM_FP64 is for mqlcl_dgemm)" : "");
  }
  GemmShape s{};
  s.m = static_cast<size_t>(m), s.n = static_cast<size_t>(n), s.k = static_cast<size_t>(k);
  s.trans_a = (flags & MQLCL_GEMM_TRANS_A) != 0;
  s.trans_b = (flags & MQLCL_GEMM_TRANS_B) != 0;
  s.lda = static_cast<size_t>(lda > 0 ? lda : 0), s.ldb = static_cast<size_t>(ldb > 0 ? ldb : 0),
  s.ldc = static_cast<size_t>(ldc > 0 ? ldc : 0);
  s.precision = fp64 ? MQLCL_GEMM_FP64 : precision;
  // The stored A is m x k, or k x m when transposed; likewise B (k x n or n x k).
  s.a_need = s.trans_a ? extent(lda, s.k, s.m, "lda", "A (k x m, TRANS_A)") : extent(lda, s.m, s.k, "lda", "A (m x k)");
  s.b_need = s.trans_b ? extent(ldb, s.n, s.k, "ldb", "B (n x k, TRANS_B)") : extent(ldb, s.k, s.n, "ldb", "B (k x n)");
  s.c_need = extent(ldc, s.m, s.n, "ldc", "C (m x n)");
  check_count(a_count, names.a_count, s.a_need, names.a);
  check_count(b_count, names.b_count, s.b_need, names.b);
  check_count(c_count, names.c_count, s.c_need, names.c);
  return s;
}

}  // namespace mqlcl
