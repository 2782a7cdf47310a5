// The FP16 operands of the FP16 tensor-core stages (32, 33; kernels/gemm/sgemm_half.cl).
//
// FP16 has TF32's 11-bit significand but a 5-bit exponent (normal 2^-14 .. 65504). Each line
// of an operand (a row of op(A), a column of op(B)) is scaled by its own power of two 2^e
// (exact) that brings its largest |x| into [2^14, 2^15); the product kernel multiplies C[i, j]
// by 2^-(e_i + e_j). A line is representable when its smallest non-zero |x| is then still a
// normal FP16 value (>= 2^-14): every element keeps 11 significant bits (TF32's relative
// error), and for the hi/lo split of stage 33 the lo part keeps the next 11. Lines with NaN
// or Inf, or spread over more than that (about 2^29 between their largest and smallest
// non-zero values), are counted; the library then runs the TF32 stage instead.
//
// An operand is read from a row-major source (element (r, c) at src[offset + r * ld + c])
// whose lines are its rows (lines_are_rows = 1: op(A) = A, op(B) = B^T) or its columns.
// Written: `lines_padded` lines of `pitch` halves each (zeros beyond the operand):
//   SPLIT=0: x at k;
//   SPLIT=1: per 16 k, 16 hi then 16 lo: hi = x to 11 bits, lo = (x - hi) * 2^11 at k % 16
//            of block k / 16 (the product kernel reads 64 bytes of a line per k-tile).

#ifndef SPLIT
#define SPLIT 0
#endif

// Tiles of 32 k x 32 lines, read and written coalesced whichever way the lines run.
#define TILE 32
#define ROWS_PER_ITEM 4  // work-group 32 x 8

float line_value(__global const float* src, ulong offset, uint ld, int lines_are_rows, uint lines, uint len,
                 uint line, uint k) {
  if (line >= lines || k >= len) return 0.0f;
  return lines_are_rows ? src[offset + (size_t)line * ld + k] : src[offset + (size_t)k * ld + line];
}

#include "util/line_stats.cl"

// Per line: the scale exponent e (largest |x| * 2^e in [2^14, 2^15); 0 for a line of zeros)
// and, counted in bad_lines, whether the line is not representable. Range: lines.
__kernel void half_line_scales(__global const uint* stats, uint lines, __global int* exps, __global uint* bad_lines) {
  const uint l = get_global_id(0);
  if (l >= lines) return;
  const uint mx = stats[l];
  int e = 0;
  bool bad = mx >= 0x7f800000u;  // NaN or Inf
  if (mx && !bad) {
    int exponent;
    frexp(as_float(mx), &exponent);  // mx = f * 2^exponent, f in [0.5, 1)
    e = 15 - exponent;
    bad = ldexp(as_float(~stats[lines + l]), e) < 0x1p-14f;
  }
  exps[l] = e;
  if (bad) atomic_inc(bad_lines);
}

// The scaled FP16 operand (layout above). Range: (round_up(k columns, 32),
// round_up(lines_padded, 32) / 4), local (32, 8); k columns = pitch (SPLIT=0), pitch / 2 (SPLIT=1).
__kernel __attribute__((reqd_work_group_size(TILE, TILE / ROWS_PER_ITEM, 1)))
void half_pack(__global const float* src, ulong offset, uint ld, int lines_are_rows, uint lines, uint len,
               __global const int* exps, __global half* dst, uint pitch, uint lines_padded) {
  __local float tile[TILE][TILE + 1];  // [line][k]
  const uint x = get_local_id(0), y = get_local_id(1);
  const uint k0 = get_group_id(0) * TILE, l0 = get_group_id(1) * TILE;
  for (uint i = 0; i < ROWS_PER_ITEM; ++i) {
    const uint r = y + i * (TILE / ROWS_PER_ITEM);
    if (lines_are_rows)
      tile[r][x] = line_value(src, offset, ld, 1, lines, len, l0 + r, k0 + x);
    else
      tile[x][r] = line_value(src, offset, ld, 0, lines, len, l0 + x, k0 + r);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint kcols = SPLIT ? pitch / 2 : pitch, k = k0 + x;
  if (k >= kcols) return;
  for (uint i = 0; i < ROWS_PER_ITEM; ++i) {
    const uint r = y + i * (TILE / ROWS_PER_ITEM), l = l0 + r;
    if (l >= lines_padded) continue;
    const float v = l < lines ? ldexp(tile[r][x], exps[l]) : 0.0f;
    const size_t row = (size_t)l * pitch;
#if SPLIT
    // hi: v rounded to 11 significant bits (half away from zero; a normal FP16 value, so the
    // store below is exact); lo: the rest, exact in FP32, scaled into FP16's normal range.
    const float hi = as_float((as_uint(v) + 0x1000u) & 0xffffe000u);
    const size_t at = row + 32 * (k / 16) + k % 16;
    vstore_half_rte(hi, at, dst);
    vstore_half_rte((v - hi) * 2048.0f, at + 16, dst);
#else
    vstore_half_rte(v, row + k, dst);
#endif
  }
}
