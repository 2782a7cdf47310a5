// Ozaki scheme II on the device (dll/src/catalog/ozaki_moduli.hpp has the arithmetic): the
// operands scaled to integers and cut into residues, and the product reconstructed from its
// residues. The INT8 products between them are gemm/igemm_tensor.cl's, -DRESIDUES.
// -DLINE_DOUBLE: the caller's matrices are double (mqlcl_dgemm), else float. The
// reconstruction's constants come as defines (OZAKI_MODULI, OZAKI_P, OZAKI_W1, OZAKI_W2,
// OZAKI_M1, OZAKI_M2, OZAKI_INV_M) where it is built.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include "util/line_stats.cl"

// Per line: the scale exponent e that brings its largest |x| below 2^bits (0 for a line of
// zeros) and, counted in bad_lines, whether it holds NaN or Inf. Range: lines.
__kernel void ozaki_line_scales(__global const uint* stats, uint lines, int bits, __global int* exps,
                                __global uint* bad_lines) {
  const uint l = get_global_id(0);
  if (l >= lines) return;
  const uint mx = stats[l];
#ifdef LINE_DOUBLE
  const bool bad = mx >= 0x7ff00000u;
  const double largest = as_double(upsample(mx, 0u));  // |x| truncated: the same exponent
#else
  const bool bad = mx >= 0x7f800000u;
  const double largest = as_float(mx);
#endif
  int exponent = 0;  // largest < 2^exponent
  if (mx && !bad) frexp(largest, &exponent);
  exps[l] = mx && !bad ? bits - exponent : 0;
  if (bad) atomic_inc(bad_lines);
}

#include "util/symmetric_residue.cl"

// The exponent of a magnitude's bits (line_stats.cl), shifted by 2048 to stay positive; 0 for 0.
int biased_exponent(uint bits) {
#ifdef LINE_DOUBLE
  return bits ? (int)(bits >> 20) - 1023 + 2048 : 0;
#else
  return bits ? (int)(bits >> 23) - 127 + 2048 : 0;
#endif
}

// How far the inner positions' scales pull apart (the operands' lines are scaled by their
// largest elements, so a product whose large terms sit where op(A)'s column and op(B)'s row
// are both small loses bits): spread[1] = the largest column exponent of op(A), spread[2]
// the largest row exponent of op(B), spread[3] the largest sum of the two at one position;
// the host reads spread[1] + spread[2] - spread[3] (in bits). Range: k.
__kernel void ozaki_inner_spread(__global const uint* a_k_stats, __global const uint* b_k_stats, uint k,
                                 __global int* spread) {
  const uint h = get_global_id(0);
  if (h >= k) return;
  const int ea = biased_exponent(a_k_stats[h]), eb = biased_exponent(b_k_stats[h]);
  if (ea) atomic_max(spread + 1, ea);
  if (eb) atomic_max(spread + 2, eb);
  if (ea && eb) atomic_max(spread + 3, ea + eb);
}

#ifdef OZAKI_MODULI
__constant int kModuli[OZAKI_MODULI] = {OZAKI_P};

// The scaled operand's residues: plane l (at l * plane bytes) holds, per line of `pitch`
// bytes, round(x 2^e) mod p_l for k < len and 0 beyond, for lines_padded lines (0 beyond
// lines). round(x 2^e) is an integer below 2^62, cut into a signed high and an unsigned low 32
// bits: (hi 2^32 + lo) mod p from two 32-bit remainders. Range: (round_up(pitch, 32),
// round_up(lines_padded, 32) / 4), local (32, 8).
__kernel __attribute__((reqd_work_group_size(STATS_TILE, STATS_TILE / STATS_ROWS_PER_ITEM, 1)))
void ozaki_residues(__global const LINE_REAL* src, ulong offset, uint ld, int lines_are_rows, uint lines, uint len,
                    __global const int* exps, __global char* dst, uint pitch, uint lines_padded, ulong plane) {
  __local LINE_REAL tile[STATS_TILE][STATS_TILE + 1];  // [line][k]
  const uint x = get_local_id(0), y = get_local_id(1);
  const uint k0 = get_group_id(0) * STATS_TILE, l0 = get_group_id(1) * STATS_TILE;
  for (uint i = 0; i < STATS_ROWS_PER_ITEM; ++i) {
    const uint r = y + i * (STATS_TILE / STATS_ROWS_PER_ITEM);
    // Read coalesced along the source's rows whichever way the lines run.
    const uint line = l0 + (lines_are_rows ? r : x), k = k0 + (lines_are_rows ? x : r);
    LINE_REAL v = 0;
    if (line < lines && k < len)
      v = lines_are_rows ? src[offset + (size_t)line * ld + k] : src[offset + (size_t)k * ld + line];
    if (lines_are_rows)
      tile[r][x] = v;
    else
      tile[x][r] = v;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint k = k0 + x;
  if (k >= pitch) return;
  for (uint i = 0; i < STATS_ROWS_PER_ITEM; ++i) {
    const uint r = y + i * (STATS_TILE / STATS_ROWS_PER_ITEM), l = l0 + r;
    if (l >= lines_padded) continue;
    const long v = l < lines ? (long)rint(ldexp((double)tile[r][x], exps[l])) : 0;
    const int hi = (int)(v >> 32);
    const uint lo = (uint)v;
    const size_t at = (size_t)l * pitch + k;
#pragma unroll
    for (int m = 0; m < OZAKI_MODULI; ++m) {
      const int p = kModuli[m];
      const int two32 = (int)(0x100000000UL % (ulong)p);
      dst[m * plane + at] = symmetric_residue((hi % p) * two32 + (int)(lo % (uint)p), p);
    }
  }
}

__constant double kW1[OZAKI_MODULI] = {OZAKI_W1};
__constant double kW2[OZAKI_MODULI] = {OZAKI_W2};

// C = alpha * AB + beta * C (beta == 0 never reads C) from the residues of A'B' (plane l at
// l * plane bytes, row pitch n): the CRT sum S = sum r_l w_l, split S1 (exact: residues
// times W1 on one grid) + S2; Q = rint(S1 / M) is S's multiple of M (|A'B'| <= M / 4), then
// A'B' = (S1 - Q M1, exact) + (S2 - Q M2), unscaled by 2^-(e_i + f_j). Range: (n, m).
__kernel void ozaki_reconstruct(__global const char* residues, ulong plane, uint m, uint n, __global const int* exps_a,
                                __global const int* exps_b, LINE_REAL alpha, LINE_REAL beta, __global LINE_REAL* c,
                                ulong c_offset, uint ldc) {
  const size_t j = get_global_id(0), i = get_global_id(1);
  if (i >= m || j >= n) return;
  const size_t at = i * (size_t)n + j;
  double s1 = 0, s2 = 0;
#pragma unroll
  for (int l = 0; l < OZAKI_MODULI; ++l) {
    const double r = residues[l * plane + at];
    s1 += r * kW1[l];
    s2 = fma(r, kW2[l], s2);
  }
  const double q = rint(s1 * OZAKI_INV_M);
  const double product = fma(-q, OZAKI_M1, s1) + fma(-q, OZAKI_M2, s2);
  const LINE_REAL ab = (LINE_REAL)ldexp(product, -(exps_a[i] + exps_b[j]));
  const size_t to = c_offset + i * (size_t)ldc + j;
  const LINE_REAL scaled = alpha * ab;
  c[to] = beta == 0 ? scaled : scaled + beta * c[to];
}
#endif
