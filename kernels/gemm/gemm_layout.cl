// The GEMM's layout work around a product kernel: op(X) of a row-major matrix with leading
// dimension ld packed into the dense, zero-padded buffer the product reads, and the epilogue
// C = alpha * AB + beta * C into the caller's leading dimension. REAL: float (SGEMM, the
// default) or double (DGEMM: -DREAL=double, on devices with cl_khr_fp64).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifndef REAL
#define REAL float
#endif

// dst (drows x dpitch) = op(src) (rows x cols), zero beyond. op(src) = src, or its transpose
// when `trans` (src is then cols x rows). Range: (dpitch, drows).
__kernel void gemm_pack(__global const REAL* src, ulong src_offset, uint ld, int trans, uint rows,
                        uint cols, __global REAL* dst, uint dpitch) {
  const size_t c = get_global_id(0), r = get_global_id(1);
  REAL v = 0;
  if (r < rows && c < cols) v = trans ? src[src_offset + c * (size_t)ld + r] : src[src_offset + r * (size_t)ld + c];
  dst[r * (size_t)dpitch + c] = v;
}

// C[i, j] = alpha * AB[i, j] + beta * C[i, j], AB with row pitch ab_pitch; beta == 0 never
// reads C (it may hold NaN). Range: (n, m).
__kernel void gemm_epilogue(__global const REAL* ab, uint ab_pitch, uint m, uint n, REAL alpha, REAL beta,
                            __global REAL* c, ulong c_offset, uint ldc) {
  const size_t j = get_global_id(0), i = get_global_id(1);
  if (i >= m || j >= n) return;
  const size_t at = c_offset + i * (size_t)ldc + j;
  const REAL prod = alpha * ab[i * (size_t)ab_pitch + j];
  c[at] = beta == 0 ? prod : prod + beta * c[at];
}
