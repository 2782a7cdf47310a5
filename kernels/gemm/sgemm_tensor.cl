// Stages 30/31: SGEMM on the tensor cores, C (M x N) = A (M x K) * B (K x N), row-major with
// leading dimensions lda, ldb, ldc (multiples of 4 floats, buffers 16-byte aligned); M, N, K any.
// An instance of the tensor-core engine (util/mma_engine.cl: mma.sync m16n8k8 tf32, cp.async,
// the k-loop); NVIDIA only, compute capability >= 8.0.
//
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global size ceil(M/BM) *
// ceil(N/BN) * THREADS; the work-group id picks the block (grouped raster). The tiles are build
// options (util/mma_engine.cl says whose); __local: STAGES * 4 * BK * (BM + BN) bytes.
//
// SPLIT3=0 (stage 30, TF32): operands rounded to TF32, FP32 accumulation.
// SPLIT3=1 (stage 31, 3xTF32): x = big + small, big = tf32(x), small = tf32(x - big); C gets
//   small*big + big*small first, then big*big (FP32 accuracy, a third of the TF32 rate).
// ROUND: how x becomes TF32 (the tensor cores ignore the low 13 bits of an operand): 0 truncates
//   (no instruction), 1 rounds half away from zero (one integer add: cvt.rna costs several
//   instructions a value, and the split is the inner loop's only ALU work), 2 uses cvt.rna.
// PROMOTE: the tensor cores add with truncation, an error that grows with the number of mma an
//   accumulator passes through; PROMOTE=P restarts them every P k-tiles, adding each partial to
//   FP32 sums with round-to-nearest (costs a second set of accumulator registers; restarting a
//   temporary per n8 tile and k8 step instead measured slower).
//
// A work-group of (BM/WM) x (BN/WN) warps computes a BM x BN block of C; each warp a WM x WN
// tile of (WM/16) x (WN/8) m16n8k8 products. k advances BK at a time through STAGES __local
// stages filled by cp.async (16 B a chunk, zero-filled past M, N, K: no padding needed); a
// slice of the engine's k-loop is 16 k (two m16n8k8 steps from the same 128-bit loads).
//
// Conflict-free 128-bit fragment loads come from two permutations the product does not see:
// - k inside each 16-wide chunk: the mma's k index kappa of step s (two m16n8k8 steps per
//   chunk) lives at chunk column 4*(kappa % 4) + 2*s + kappa / 4, so a lane's A values of both
//   steps (kappa = t, t + 4) are four adjacent floats, and its B values four adjacent rows;
// - n inside each 32-wide column group of a warp: column g of n8 tile j lives at 4*g + j, so
//   a lane's B values of four n8 tiles are four adjacent floats, and its C values of a row are
//   eight adjacent columns (stored as two float4).
// __local rows are XOR-swizzled by 16-byte quads (A with BK 32: quad ^ 4*(row & 1); B: quad ^
// 2*((k / 4) % 4)) so that each quarter-warp's 128-bit reads hit 8 distinct quads of banks.
#ifndef SPLIT3
#define SPLIT3 0
#endif
#ifndef ROUND
#define ROUND 1  // operand rounding to TF32: 0 truncate, 1 round half away (one add), 2 cvt.rna
#endif
#ifndef PROMOTE
#define PROMOTE SPLIT3  // > 0: every PROMOTE k-tiles the mma accumulators are added to FP32 sums
#endif
#define MT (WM / 16)  // m16 tiles per warp
#define NQ (WN / 32)  // groups of four n8 tiles per warp
#ifndef FRAGMENT_SETS
// Two register sets of fragments (float4s: 2 per m16 tile, 4 per n8 quad) where they and the
// accumulators (a second set with PROMOTE) fit in about 200 registers.
#define FRAGMENT_SETS (MT * NQ * 16 * (1 + (PROMOTE > 0)) + 2 * (2 * MT + 4 * NQ) * 4 <= 200 ? 2 : 1)
#endif
#include "util/mma_engine.cl"

#define A_QUADS (BM * BK / 4)
#define B_QUADS (BK * BN / 4)
#define STAGE_QUADS (A_QUADS + B_QUADS)
#define SLICES (BK / 16)

#if BK != 16 && BK != 32
#error "BK must be 16 or 32"
#endif
#if WM % 16 || WN % 32 || BM % WM || BN % WN
#error "WM must divide BM and be a multiple of 16; WN must divide BN and be a multiple of 32"
#endif
#if A_QUADS % THREADS || B_QUADS % THREADS || THREADS % (BK / 4) || THREADS % (BN / 4)
#error "the A and B tiles must split evenly into 16-byte chunks per work-item, rows per pass"
#endif

// x as a TF32 operand (low bits may stay: the mma ignores them) and, exactly, its TF32 value.
uint tf32_operand(float x) {
#if ROUND == 2
  return cvt_rna_tf32(x);
#elif ROUND == 1
  return as_uint(x) + 0x1000u;
#else
  return as_uint(x);
#endif
}
uint tf32_exact(float x) {
#if ROUND == 2
  return cvt_rna_tf32(x);
#elif ROUND == 1
  return (as_uint(x) + 0x1000u) & 0xffffe000u;
#else
  return as_uint(x) & 0xffffe000u;
#endif
}

float component(float4 v, int c) { return c == 0 ? v.x : c == 1 ? v.y : c == 2 ? v.z : v.w; }

// Quad index of (row, quad) inside the swizzled A and B tiles of one stage.
int a_quad(int row, int q) {
#if BK == 32
  return row * (BK / 4) + (q ^ ((row & 1) << 2));
#else
  return row * (BK / 4) + q;
#endif
}
int b_quad(int k, int q) { return A_QUADS + k * (BN / 4) + (q ^ (((k >> 2) & 3) << 1)); }

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void sgemm_tensor(const int M, const int N, const int K, __global const float* A, const int lda,
                  __global const float* B, const int ldb, __global float* C, const int ldc) {
  __local uint4 tiles[STAGES * STAGE_QUADS];
  ENGINE_SCRATCH(float)
  __local const float4* quads = (__local const float4*)tiles;
  ENGINE_PROLOGUE((M + BM - 1) / BM, (N + BN - 1) / BN)

  // One k-tile: A (BM x BK) and B (BK x BN) chunks, tile column kt * BK. Blocks wholly inside C
  // on k-tiles wholly inside K take the fast path (no guards: pointers from per-thread bases);
  // the others clamp each chunk's byte count (cp.async zero-fills the rest).
  const bool interior = bm0 + BM <= M && bn0 + BN <= N;
  const int a_row0 = tid / (BK / 4), a_q = tid % (BK / 4);
  const int b_row0 = tid / (BN / 4), b_q = tid % (BN / 4);
  __global const float* a_base = A + (size_t)min(bm0 + a_row0, M - 1) * lda + 4 * a_q;
  __global const float* b_base = B + (size_t)b_row0 * ldb + min(bn0 + 4 * b_q, N - 1);
#define LOAD_TILE(stage, kt)                                                                       \
  {                                                                                                \
    const int k0_ = (kt) * BK, base_ = (stage) * STAGE_QUADS;                                      \
    if (interior && k0_ + BK <= K) {                                                               \
      _Pragma("unroll") for (int i = 0; i < A_QUADS / THREADS; ++i)                                \
          copy16(tiles_addr, tiles, base_ + a_quad(a_row0 + i * (THREADS / (BK / 4)), a_q),        \
                 a_base + (size_t)i * (THREADS / (BK / 4)) * lda + k0_, 16u);                      \
      _Pragma("unroll") for (int i = 0; i < B_QUADS / THREADS; ++i)                                \
          copy16(tiles_addr, tiles, base_ + b_quad(b_row0 + i * (THREADS / (BN / 4)), b_q),        \
                 b_base + (size_t)(k0_ + i * (THREADS / (BN / 4))) * ldb, 16u);                    \
    } else {                                                                                       \
      _Pragma("unroll") for (int i = 0; i < A_QUADS / THREADS; ++i) {                              \
        const int l = tid + i * THREADS, row = l / (BK / 4), q = l % (BK / 4);                     \
        const int m = bm0 + row, k = k0_ + 4 * q;                                                  \
        const uint bytes = m < M ? (uint)clamp(4 * (K - k), 0, 16) : 0u;                           \
        copy16(tiles_addr, tiles, base_ + a_quad(row, q), bytes ? A + (size_t)m * lda + k : A, bytes); \
      }                                                                                            \
      _Pragma("unroll") for (int i = 0; i < B_QUADS / THREADS; ++i) {                              \
        const int l = tid + i * THREADS, kr = l / (BN / 4), q = l % (BN / 4);                      \
        const int k = k0_ + kr, n = bn0 + 4 * q;                                                   \
        const uint bytes = k < K ? (uint)clamp(4 * (N - n), 0, 16) : 0u;                           \
        copy16(tiles_addr, tiles, base_ + b_quad(kr, q), bytes ? B + (size_t)k * ldb + n : B, bytes); \
      }                                                                                            \
    }                                                                                              \
  }

  // A slice's 128-bit loads: a lane's A values of both k8 steps for rows g, g + 8 of each m16
  // tile, and its B values of four n8 tiles for k 4t + r of each 32-column group.
  float4 va[2][MT][2], vb[2][NQ][4];
#define LOAD_FRAGMENTS(set, stage, kc)                                                                \
  {                                                                                                   \
    const int sq_ = (stage) * STAGE_QUADS;                                                            \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int h = 0; h < 2; ++h)      \
        va[set][i][h] = quads[sq_ + a_quad(wm0 + 16 * i + 8 * h + g, 4 * (kc) + t)];                  \
    _Pragma("unroll") for (int q = 0; q < NQ; ++q) _Pragma("unroll") for (int r = 0; r < 4; ++r)      \
        vb[set][q][r] = quads[sq_ + b_quad(16 * (kc) + 4 * t + r, (wn0 + 32 * q) / 4 + g)];           \
  }
#define COPY_SET(to, from)                                                                             \
  {                                                                                                    \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int h = 0; h < 2; ++h)       \
        va[to][i][h] = va[from][i][h];                                                                 \
    _Pragma("unroll") for (int q = 0; q < NQ; ++q) _Pragma("unroll") for (int r = 0; r < 4; ++r)       \
        vb[to][q][r] = vb[from][q][r];                                                                 \
  }

  float acc[MT][NQ * 4][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NQ * 4; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0f;
#if PROMOTE
  float sum[MT][NQ * 4][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NQ * 4; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) sum[i][j][r] = 0.0f;
  int chunk = 0;
#define AFTER_TILE(kt)                                                                                   \
  if (++chunk == PROMOTE || (kt) == ktiles - 1) {                                                        \
    chunk = 0;                                                                                           \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j)    \
        _Pragma("unroll") for (int r = 0; r < 4; ++r) {                                                  \
      sum[i][j][r] += acc[i][j][r];                                                                      \
      if (PROMOTE > 1) acc[i][j][r] = 0.0f; /* PROMOTE=1 restarts them in the first product */           \
    }                                                                                                    \
  }
#define RESULT sum
#else
#define AFTER_TILE(kt)
#define RESULT acc
#endif

  // Slice kc: two k8 steps s. Fragments of step s: a = (rows g, g+8) x (kappa t, t+4); b =
  // (kappa t, t+4) x column g. PROMOTE=1: each k-tile's first product starts the accumulators
  // afresh.
#define MMA_SLICE(set, kc)                                                                             \
  _Pragma("unroll") for (int s = 0; s < 2; ++s) {                                                      \
    const bool fresh = PROMOTE == 1 && (kc) == 0 && s == 0;                                            \
    uint ab[MT][4], bb[NQ * 4][2];                                                                     \
    SPLIT_DECLARE                                                                                      \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) {                                                   \
      const float x[4] = {s ? va[set][i][0].z : va[set][i][0].x, s ? va[set][i][1].z : va[set][i][1].x, \
                          s ? va[set][i][0].w : va[set][i][0].y, s ? va[set][i][1].w : va[set][i][1].y}; \
      _Pragma("unroll") for (int r = 0; r < 4; ++r) SPLIT_A(i, r, x[r]);                               \
    }                                                                                                  \
    _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j) {                                               \
      const float4 lo = s ? vb[set][j / 4][2] : vb[set][j / 4][0], hi = s ? vb[set][j / 4][3] : vb[set][j / 4][1]; \
      SPLIT_B(j, 0, component(lo, j % 4));                                                             \
      SPLIT_B(j, 1, component(hi, j % 4));                                                             \
    }                                                                                                  \
    PRODUCTS                                                                                           \
  }
#if SPLIT3
  // big = tf32(x) exactly, small = x - big (exact) passed rounded; the small cross terms first,
  // so that the big product is added to them, not they to it.
#define SPLIT_DECLARE uint as[MT][4], bs[NQ * 4][2];
#define SPLIT_A(i, r, x) (ab[i][r] = tf32_exact(x), as[i][r] = tf32_operand((x) - as_float(ab[i][r])))
#define SPLIT_B(j, h, x) (bb[j][h] = tf32_exact(x), bs[j][h] = tf32_operand((x) - as_float(bb[j][h])))
#define PRODUCTS                                                                                      \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j) { \
    if (fresh) mma_tf32_fresh(acc[i][j], as[i], bb[j][0], bb[j][1]);                                  \
    else mma_tf32(acc[i][j], as[i], bb[j][0], bb[j][1]);                                              \
  }                                                                                                   \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j)   \
      mma_tf32(acc[i][j], ab[i], bs[j][0], bs[j][1]);                                                 \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j)   \
      mma_tf32(acc[i][j], ab[i], bb[j][0], bb[j][1]);
#else
#define SPLIT_DECLARE
#define SPLIT_A(i, r, x) (ab[i][r] = tf32_operand(x))
#define SPLIT_B(j, h, x) (bb[j][h] = tf32_operand(x))
#define PRODUCTS                                                                                      \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < NQ * 4; ++j) { \
    if (fresh) mma_tf32_fresh(acc[i][j], ab[i], bb[j][0], bb[j][1]);                                  \
    else mma_tf32(acc[i][j], ab[i], bb[j][0], bb[j][1]);                                              \
  }
#endif

  const int ktiles = (K + BK - 1) / BK;
  ENGINE_K_LOOP(ktiles)

  // Lane (g, t) holds, for rows g and g + 8 of each m16 tile, the eight adjacent columns
  // 8t..8t+7 of each 32-wide group: acc[.][4q + j][2h] at 8t + j, acc[.][4q + j][2h + 1] at 8t + 4 + j.
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int m = bm0 + wm0 + 16 * i + 8 * h + g;
      if (m >= M) continue;
#pragma unroll
      for (int q = 0; q < NQ; ++q)
#pragma unroll
        for (int hv = 0; hv < 2; ++hv) {
          const int n = bn0 + wn0 + 32 * q + 8 * t + 4 * hv;
          const int r = 2 * h + hv;
          const float4 v = (float4)(RESULT[i][4 * q + 0][r], RESULT[i][4 * q + 1][r], RESULT[i][4 * q + 2][r],
                                    RESULT[i][4 * q + 3][r]);
          __global float* c = C + (size_t)m * ldc + n;
          if (n + 3 < N) {
            *(__global float4*)c = v;  // 16-byte aligned: ldc and n are multiples of 4
          } else {
            if (n + 0 < N) c[0] = v.x;
            if (n + 1 < N) c[1] = v.y;
            if (n + 2 < N) c[2] = v.z;
          }
        }
    }
}
