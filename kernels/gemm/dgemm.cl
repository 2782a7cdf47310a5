// DGEMM: C = alpha * op(A) * op(B) + beta * C in FP64, row-major with leading dimensions.
// TILE x TILE work-groups stage tiles of op(A) and op(B) in local memory; correctness first.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#ifndef TILE
#define TILE 16
#endif

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void dgemm(uint m, uint n, uint k, double alpha, __global const double* a, ulong a_offset, uint lda,
           int trans_a, __global const double* b, ulong b_offset, uint ldb, int trans_b, double beta,
           __global double* c, ulong c_offset, uint ldc) {
  __local double ta[TILE][TILE];
  __local double tb[TILE][TILE];
  const uint lx = get_local_id(0), ly = get_local_id(1);
  const uint j = get_global_id(0), i = get_global_id(1);
  double acc = 0.0;
  for (uint k0 = 0; k0 < k; k0 += TILE) {
    const uint ka = k0 + lx, kb = k0 + ly;
    // op(A)[i, ka] and op(B)[kb, j], zero outside.
    ta[ly][lx] = (i < m && ka < k) ? (trans_a ? a[a_offset + (size_t)ka * lda + i] : a[a_offset + (size_t)i * lda + ka]) : 0.0;
    tb[ly][lx] = (kb < k && j < n) ? (trans_b ? b[b_offset + (size_t)j * ldb + kb] : b[b_offset + (size_t)kb * ldb + j]) : 0.0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint t = 0; t < TILE; ++t) acc += ta[ly][t] * tb[t][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < m && j < n) {
    const size_t at = c_offset + (size_t)i * ldc + j;
    c[at] = beta == 0.0 ? alpha * acc : alpha * acc + beta * c[at];
  }
}
