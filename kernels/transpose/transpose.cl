// out (COLS x ROWS, row pitch OUT_PITCH) = transpose of in (ROWS x COLS, row-major).
// transpose_naive: straight from global memory (the writes are strided).
// transpose_tile:  a TILE x TILE block goes through __local memory, so both the read of
//                  `in` and the write of `out` walk along rows; PAD = 1 adds a column to
//                  the tile so the transposed read hits distinct local-memory banks.
// A TILE x TILE block is moved by TILE x LY work-items, each taking TILE / LY rows of it
// (32 x 8 for TILE 32: enough bytes in flight per work-item to reach copy bandwidth).
// LY must divide TILE, else rows of the tile are never moved (the library picks LY so).
// Launch: 2D range (round_up(COLS, TILE), round_up(ROWS, TILE) / (TILE / LY)), local (TILE, LY)
// for the tiled kernels; dimension 0 = column of in.
// transpose_tile exists only where TILE is defined: the naive kernel is built without it, so
// a tile the device's __local memory cannot hold never stops the kernel that needs none.

__kernel void transpose_naive(__global const float* in, int rows, int cols,
                              __global float* out, int out_pitch) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x < cols && y < rows) out[(size_t)x * out_pitch + y] = in[(size_t)y * cols + x];
}

#ifdef TILE
#ifndef LY
#define LY TILE
#endif
#if TILE % LY
#error "LY must divide TILE"
#endif
#ifndef PAD
#define PAD 0
#endif

__kernel void transpose_tile(__global const float* in, int rows, int cols,
                             __global float* out, int out_pitch) {
  __local float tile[TILE][TILE + PAD];
  const int lx = get_local_id(0);
  const int x = get_group_id(0) * TILE + lx;
  // Fixed trip counts, unrolled: all TILE / LY loads of a work-item are in flight at once.
#pragma unroll
  for (int j = 0; j < TILE / LY; ++j) {
    const int ly = get_local_id(1) + j * LY;
    const int y = get_group_id(1) * TILE + ly;
    if (x < cols && y < rows) tile[ly][lx] = in[(size_t)y * cols + x];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // The same work-group now writes the transposed block, again along rows.
  const int ox = get_group_id(1) * TILE + lx;  // column of out = row of in
#pragma unroll
  for (int j = 0; j < TILE / LY; ++j) {
    const int ly = get_local_id(1) + j * LY;
    const int oy = get_group_id(0) * TILE + ly;  // row of out = column of in
    if (ox < rows && oy < cols) out[(size_t)oy * out_pitch + ox] = tile[lx][ly];
  }
}
#endif  // TILE
