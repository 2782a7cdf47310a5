// The GEMM's layout work around a matmul stage: op(X) of a row-major matrix with leading
// dimension ld packed into the dense, zero-padded buffer the stage reads, and the epilogue
// C = alpha * AB + beta * C into the caller's leading dimension.

// dst (drows x dpitch) = op(src) (rows x cols), zero beyond. op(src) = src, or its transpose
// when `trans` (src is then cols x rows). Range: (dpitch, drows).
__kernel void gemm_pack(__global const float* src, ulong src_offset, uint ld, int trans, uint rows,
                        uint cols, __global float* dst, uint dpitch) {
  const size_t c = get_global_id(0), r = get_global_id(1);
  float v = 0.0f;
  if (r < rows && c < cols) v = trans ? src[src_offset + c * (size_t)ld + r] : src[src_offset + r * (size_t)ld + c];
  dst[r * (size_t)dpitch + c] = v;
}

// C[i, j] = alpha * AB[i, j] + beta * C[i, j]; beta == 0 never reads C (it may hold NaN).
// Range: (n, m).
__kernel void gemm_epilogue(__global const float* ab, uint m, uint n, float alpha, float beta,
                            __global float* c, ulong c_offset, uint ldc) {
  const size_t j = get_global_id(0), i = get_global_id(1);
  if (i >= m || j >= n) return;
  const size_t at = c_offset + i * (size_t)ldc + j;
  const float prod = alpha * ab[i * (size_t)n + j];
  c[at] = beta == 0.0f ? prod : prod + beta * c[at];
}
