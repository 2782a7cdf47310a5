// Stages 32/33: SGEMM on the FP16 tensor cores, C (M x N) = A (M x K) * B (K x N) from the
// scaled FP16 operands of kernels/gemm/half_operands.cl: A as Mp lines (rows) and B as Np
// lines (columns) of `pitch` halves, padded with zeros to whole blocks and k-tiles (no guards),
// line scales 2^ea[i], 2^eb[j] undone as C[i, j] = acc * 2^-(ea[i] + eb[j]).
// An instance of the tensor-core engine (util/mma_engine.cl: mma.sync m16n8k16 f16 -> f32,
// ldmatrix, cp.async, the k-loop).
//
// SPLIT=0 (stage 32, TF32-class): one product of the FP16 values, FP32 accumulation.
// SPLIT=1 (stage 33, FP32-class): x = hi + lo * 2^-11; per k16 the cross terms
//   lo_a hi_b + hi_a lo_b, then hi_a hi_b, each started afresh in the tensor cores and added
//   to FP32 sums outside them (the tensor cores add with truncation).
//
// A line is a run of 64-byte chunks: 32 k (SPLIT=0), or 16 k of hi then 16 of lo (SPLIT=1).
// A k-tile is 4 BK bytes of each line (BK counts 4-byte words, as the TF32 kernel's does: 8
// (SPLIT=0 only: half a chunk), 16 or 32); a slice (one k-step of the engine) is 32 bytes: k16
// (SPLIT=0), or a whole chunk, hi and lo (SPLIT=1).
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global size (Mp/BM) * (Np/BN) *
// THREADS; the work-group id picks the block (grouped raster). __local: STAGES * 4 * BK *
// (BM + BN) bytes.
// The operands' tiles and fragments: util/mma_lines.cl.
#ifndef SPLIT
#define SPLIT 0
#endif
#ifndef FRAGMENT_SETS
// Two register sets of fragments where they and the accumulators fit in about 200 registers.
#define FRAGMENT_SETS \
  ((WM / 16) * (WN / 8) * 4 * (1 + SPLIT) + 2 * (1 + SPLIT) * (WM / 16 + WN / 16) * 4 <= 200 ? 2 : 1)
#endif
#include "util/mma_engine.cl"

#define PARTS (1 + SPLIT)                  // fragments per slice: the values, or hi and lo
#define SLICES (SPLIT ? BK / 16 : BK / 8)  // 32-byte k16 slices (SPLIT=0) or 64-byte chunks
#include "util/mma_lines.cl"

#if (BK != 8 || SPLIT) && BK != 16 && BK != 32
#error "BK must be 8 (SPLIT=0), 16 or 32 (32, 64 or 128 bytes of a line per k-tile)"
#endif

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void sgemm_half(const int M, const int N, const int ktiles, __global const uint4* A, __global const uint4* B,
                const int pitch_quads, __global const int* ea, __global const int* eb, __global float* C,
                const int ldc) {
  __local uint4 tiles[STAGES * STAGE_QUADS];
  ENGINE_SCRATCH(float)
  ENGINE_PROLOGUE((M + BM - 1) / BM, (N + BN - 1) / BN)

  LINE_OPERANDS(A, B, pitch_quads)
#define AFTER_TILE(kt)

  float acc[MT][2 * NP][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < 2 * NP; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0f;
#if SPLIT
  float sum[MT][2 * NP][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < 2 * NP; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) sum[i][j][r] = 0.0f;
  // The small cross terms, then the big product, each started afresh and added to the sums in
  // FP32. (A temporary per n8 tile instead of the second set of accumulators measured slower.)
#define MMA_SLICE(set, sl)                                                                      \
  {                                                                                             \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) { \
      mma_f16_fresh(acc[i][j], fa[set][1][i], B0(set, 0, j), B1(set, 0, j));                    \
      mma_f16(acc[i][j], fa[set][0][i], B0(set, 1, j), B1(set, 1, j));                          \
    }                                                                                           \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) \
        _Pragma("unroll") for (int r = 0; r < 4; ++r) sum[i][j][r] = fma(acc[i][j][r], 0x1p-11f, sum[i][j][r]); \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) \
        mma_f16_fresh(acc[i][j], fa[set][0][i], B0(set, 0, j), B1(set, 0, j));                  \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) \
        _Pragma("unroll") for (int r = 0; r < 4; ++r) sum[i][j][r] += acc[i][j][r];             \
  }
#define RESULT sum
#else
#define MMA_SLICE(set, sl)                                                                      \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) \
      mma_f16(acc[i][j], fa[set][0][i], B0(set, 0, j), B1(set, 0, j));
#define RESULT acc
#endif

  ENGINE_K_LOOP(ktiles)

  // The line scales undone.
#define STORE_SCALED(m, n, i, j, r) C[(size_t)(m) * ldc + (n)] = ldexp(RESULT[i][j][r], -(ea[m] + eb[n]))
  LINE_EPILOGUE(STORE_SCALED)
}
