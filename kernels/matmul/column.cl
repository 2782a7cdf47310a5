// The report's MatrixMultiply1: one work-item per column of C (B row-major).
__kernel void matmul_column(__global const float* a, __global const float* b, __global float* c) {
  const int col = get_global_id(0);
  if (col >= COLS2) return;
  for (int r = 0; r < ROWS1; ++r) {
    float sum = 0.0f;
    for (int k = 0; k < COLSROWS; ++k) sum += a[(size_t)r * COLSROWS + k] * b[(size_t)k * COLS2 + col];
    c[(size_t)r * COLS2 + col] = sum;
  }
}
