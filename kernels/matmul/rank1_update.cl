// The report's MatrixMultiply3: one launch per k adds the rank-1 term a[:,k] * b[k,:] to C
// (C starts at zero; COLSROWS launches in all, each work-item owns one element of C).
__kernel void matmul_rank1_update(__global const float* a, __global const float* b,
                                  __global float* c, int k) {
  const int r = get_global_id(0);
  const int col = get_global_id(1);
  if (r >= ROWS1 || col >= COLS2) return;
  c[(size_t)r * COLS2 + col] += a[(size_t)r * COLSROWS + k] * b[(size_t)k * COLS2 + col];
}
