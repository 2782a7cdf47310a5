// One work-item per element of C = A * B (A: ROWS1 x COLSROWS, row-major).
// Serves the article's stages 1-3, the report's MatrixMultiply2 and the lab's 2D blocks.
//   B_COLMAJOR      0: B is COLSROWS x COLS2 row-major; 1: B is stored column by column
//   SUM_IN_PRIVATE  0: accumulate straight into global C (C must start at zero); 1: private sum
//   ROW_DIM         which NDRange dimension indexes rows (0 as in the article; 1 = CUDA's x = column)
//   UNROLL          the k-loop body repeated UNROLL times (the lab's question 2)
#ifndef UNROLL
#define UNROLL 1
#endif
#ifndef ROW_DIM
#define ROW_DIM 0
#endif

#if B_COLMAJOR
#define B_AT(k, col) b[(size_t)(col) * COLSROWS + (k)]
#else
#define B_AT(k, col) b[(size_t)(k) * COLS2 + (col)]
#endif

__kernel void matmul_element(__global const float* a, __global const float* b, __global float* c) {
  const int r = get_global_id(ROW_DIM);
  const int col = get_global_id(1 - ROW_DIM);
  if (r >= ROWS1 || col >= COLS2) return;  // the range is rounded up to whole work-groups
  __global const float* arow = a + (size_t)r * COLSROWS;
#if SUM_IN_PRIVATE
  float sum = 0.0f;
#define ACC sum
#else
#define ACC c[(size_t)r * COLS2 + col]
#endif
  int k = 0;
#if UNROLL > 1
  for (; k + UNROLL <= COLSROWS; k += UNROLL) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) ACC += arow[k + u] * B_AT(k + u, col);
  }
#endif
  for (; k < COLSROWS; ++k) ACC += arow[k] * B_AT(k, col);
#if SUM_IN_PRIVATE
  c[(size_t)r * COLS2 + col] = sum;
#endif
}
