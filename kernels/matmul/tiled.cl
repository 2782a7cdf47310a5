// The lab's shared-memory tiles (questions 4 and 5): a BLOCK_X x BLOCK_Y work-group computes
// that block of C (x = column, y = row); it walks k in steps of TILE_K, staging a
// BLOCK_Y x TILE_K tile of A and a TILE_K x BLOCK_X tile of B in __local memory.
// Square tiles: BLOCK_X = BLOCK_Y = TILE_K (each work-item copies one element of each).
// BARRIER_AFTER_LOAD / BARRIER_AFTER_COMPUTE = 0 remove one barrier (question 4C): a race.
#ifndef BARRIER_AFTER_LOAD
#define BARRIER_AFTER_LOAD 1
#endif
#ifndef BARRIER_AFTER_COMPUTE
#define BARRIER_AFTER_COMPUTE 1
#endif

__kernel void matmul_tiled(__global const float* a, __global const float* b, __global float* c) {
  __local float as[BLOCK_Y][TILE_K];
  __local float bs[TILE_K][BLOCK_X];
  const int tx = get_local_id(0);
  const int ty = get_local_id(1);
  const int col = get_global_id(0);
  const int r = get_global_id(1);
  float sum = 0.0f;
  for (int k0 = 0; k0 < COLSROWS; k0 += TILE_K) {
    for (int i = tx; i < TILE_K; i += BLOCK_X)
      as[ty][i] = (r < ROWS1 && k0 + i < COLSROWS) ? a[(size_t)r * COLSROWS + k0 + i] : 0.0f;
    for (int i = ty; i < TILE_K; i += BLOCK_Y)
      bs[i][tx] = (k0 + i < COLSROWS && col < COLS2) ? b[(size_t)(k0 + i) * COLS2 + col] : 0.0f;
#if BARRIER_AFTER_LOAD
    barrier(CLK_LOCAL_MEM_FENCE);  // tiles complete before they are read
#endif
    for (int k = 0; k < TILE_K; ++k) sum += as[ty][k] * bs[k][tx];
#if BARRIER_AFTER_COMPUTE
    barrier(CLK_LOCAL_MEM_FENCE);  // tiles read by all before the next load overwrites them
#endif
  }
  if (r < ROWS1 && col < COLS2) c[(size_t)r * COLS2 + col] = sum;
}
