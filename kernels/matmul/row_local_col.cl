// Stage 6: a whole row of C per work-item, the row of A in private memory, and the column
// of B staged in __local memory by the whole work-group, COLBUF floats at a time (so any
// COLSROWS fits the device's local memory). B is stored column by column.
// Two barriers per chunk: the article's listing has only the first, so a fast work-item
// overwrites the column while slower ones still read it (a race).
__kernel void matmul_row_local_col(__global const float* a, __global const float* b,
                                   __global float* c) {
  __local float colbuf[COLBUF];
  const int r = get_global_id(0);
  const bool active = r < ROWS1;  // all work-items must reach the barriers
  const int lid = get_local_id(0);
  const int nl = get_local_size(0);
  float rowbuf[COLSROWS];
  if (active)
    for (int i = 0; i < COLSROWS; ++i) rowbuf[i] = a[(size_t)r * COLSROWS + i];
  for (int col = 0; col < COLS2; ++col) {
    float sum = 0.0f;
    for (int k0 = 0; k0 < COLSROWS; k0 += COLBUF) {
      const int n = min(COLBUF, COLSROWS - k0);
      for (int i = lid; i < n; i += nl) colbuf[i] = b[(size_t)col * COLSROWS + k0 + i];
      barrier(CLK_LOCAL_MEM_FENCE);  // the chunk is complete before anyone reads it
      if (active)
        for (int i = 0; i < n; ++i) sum += rowbuf[k0 + i] * colbuf[i];
      barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read it before the next fill
    }
    if (active) c[(size_t)r * COLS2 + col] = sum;
  }
}
