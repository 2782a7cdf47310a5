// Per line of an operand (a row of op(A) or a column of op(B)), read from a row-major source
// (element (r, c) at src[offset + r * ld + c]) whose lines are its rows (lines_are_rows = 1)
// or its columns: the largest |x| and the smallest non-zero |x|, as the bits of |x|'s high
// 32 bits (float: all of them; double, -DLINE_DOUBLE: sign, exponent and 20 bits of significand).
// Non-negative values order as those bits, NaN above Inf; an exponent is exact from them. The
// scaled-operand kernels share it (gemm/half_operands.cl, gemm/ozaki.cl).
#ifdef LINE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define LINE_REAL double
#define MAGNITUDE_BITS(x) (as_uint2(x).y & 0x7fffffffu)
#else
#define LINE_REAL float
#define MAGNITUDE_BITS(x) (as_uint(x) & 0x7fffffffu)
#endif
#define STATS_TILE 32
#define STATS_ROWS_PER_ITEM 4  // work-group 32 x 8

// stats[line]: the largest |x|'s bits; stats[lines + line]: the smallest non-zero |x|'s,
// kept as the largest ~bits so that the buffer starts at zero. -DK_STATS: also, at
// k_stats[k], the largest |x|'s bits of each position k across the lines (a column of op(A),
// a row of op(B)).
// Range: (round_up(source columns, 32), round_up(source rows, 32) / 4), local (32, 8).
__kernel __attribute__((reqd_work_group_size(STATS_TILE, STATS_TILE / STATS_ROWS_PER_ITEM, 1)))
void line_stats(__global const LINE_REAL* src, ulong offset, uint ld, int lines_are_rows, uint lines, uint len,
                __global uint* stats
#ifdef K_STATS
                , __global uint* k_stats
#endif
                ) {
  __local uint tile_max[STATS_TILE][STATS_TILE + 1], tile_min[STATS_TILE][STATS_TILE + 1];
  const uint x = get_local_id(0), y = get_local_id(1);
  const uint c0 = get_group_id(0) * STATS_TILE, r0 = get_group_id(1) * STATS_TILE;
  const uint src_rows = lines_are_rows ? lines : len, src_cols = lines_are_rows ? len : lines;
  for (uint i = 0; i < STATS_ROWS_PER_ITEM; ++i) {
    const uint r = y + i * (STATS_TILE / STATS_ROWS_PER_ITEM);
    uint bits = 0;
    if (r0 + r < src_rows && c0 + x < src_cols) bits = MAGNITUDE_BITS(src[offset + (size_t)(r0 + r) * ld + c0 + x]);
    tile_max[r][x] = bits;
    tile_min[r][x] = bits ? ~bits : 0u;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint flat = y * STATS_TILE + x;
#ifdef K_STATS
  if (flat >= STATS_TILE && flat < 2 * STATS_TILE) {
    // Work-item flat - 32 reduces position r0 + flat - 32 (lines are columns) or c0 + flat - 32.
    const uint at = flat - STATS_TILE;
    uint mk = 0;
    for (uint i = 0; i < STATS_TILE; ++i) mk = max(mk, lines_are_rows ? tile_max[i][at] : tile_max[at][i]);
    const uint k = lines_are_rows ? c0 + at : r0 + at;
    if (k < len && mk) atomic_max(k_stats + k, mk);
  }
#endif
  if (flat >= STATS_TILE) return;
  // Work-item `flat` reduces line r0 + flat (lines are rows) or c0 + flat (columns).
  uint mx = 0, mn = 0;
  for (uint i = 0; i < STATS_TILE; ++i) {
    const uint a = lines_are_rows ? tile_max[flat][i] : tile_max[i][flat];
    const uint b = lines_are_rows ? tile_min[flat][i] : tile_min[i][flat];
    mx = max(mx, a);
    mn = max(mn, b);
  }
  const uint line = lines_are_rows ? r0 + flat : c0 + flat;
  if (line < lines && mx) {
    atomic_max(stats + line, mx);
    atomic_max(stats + lines + line, mn);
  }
}
