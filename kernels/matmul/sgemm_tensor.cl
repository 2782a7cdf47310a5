// Stages 30/31: SGEMM on the tensor cores, C (M x N) = A (M x K) * B (K x N), row-major with
// leading dimensions lda, ldb, ldc (multiples of 4 floats, buffers 16-byte aligned); M, N, K any.
// NVIDIA only, compute capability >= 8.0: inline PTX (mma.sync m16n8k8 tf32, cp.async).
//
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN) (128 by default), global size
// ceil(M/BM) * ceil(N/BN) * THREADS; the work-group id picks the block (grouped raster). The
// defaults are the values tuned on the H200 (docs/results/h200/tensor/README.md): build with
// -DSPLIT3=0 or -DSPLIT3=1 alone. They take 49152 bytes of __local memory (3 stages x 16 KiB).
//
// SPLIT3=0 (stage 30, TF32): operands rounded to TF32, FP32 accumulation.
// SPLIT3=1 (stage 31, 3xTF32): x = big + small, big = tf32(x), small = tf32(x - big); C gets
//   small*big + big*small first, then big*big (FP32 accuracy, a third of the TF32 rate).
// ROUND: how x becomes TF32 (the tensor cores ignore the low 13 bits of an operand): 0 truncates
//   (no instruction), 1 rounds half away from zero (one integer add: cvt.rna costs several
//   instructions a value, and the split is the inner loop's only ALU work), 2 uses cvt.rna.
// PROMOTE: the tensor cores add with truncation, an error that grows with the number of mma an
//   accumulator passes through; PROMOTE=P restarts them every P k-tiles, adding each partial to
//   FP32 sums with round-to-nearest (costs a second set of accumulator registers).
//
// A work-group of (BM/WM) x (BN/WN) warps computes a BM x BN block of C; each warp a WM x WN
// tile of (WM/16) x (WN/8) m16n8k8 products. k advances BK at a time through STAGES __local
// stages filled by cp.async (16 B a chunk, zero-filled past M, N, K: no padding needed).
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
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 16
#endif
#ifndef WM
#define WM 64
#endif
#ifndef WN
#define WN 64
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef ROUND
#define ROUND 1  // operand rounding to TF32: 0 truncate, 1 round half away (one add), 2 cvt.rna
#endif
#ifndef PROMOTE
#define PROMOTE SPLIT3  // > 0: every PROMOTE k-tiles the mma accumulators are added to FP32 sums
#endif
#ifndef DIAG
#define DIAG 0  // diagnostics only (wrong results): 1 no copies after the prologue, 2 no __local
#endif      // fragment loads, 4 no wait/barrier; timing the differences shows where time goes
#include "util/warp_tiles.cl"  // GROUP_M, raster_block, shared_address, copy_commit

#define WARPS_M (BM / WM)
#define WARPS_N (BN / WN)
#define THREADS (32 * WARPS_M * WARPS_N)
#define MT (WM / 16)  // m16 tiles per warp
#define NQ (WN / 32)  // groups of four n8 tiles per warp
#define A_QUADS (BM * BK / 4)
#define B_QUADS (BK * BN / 4)
#define STAGE_QUADS (A_QUADS + B_QUADS)

#if BK != 16 && BK != 32
#error "BK must be 16 or 32"
#endif
#if WM % 16 || WN % 32 || BM % WM || BN % WN
#error "WM must divide BM and be a multiple of 16; WN must divide BN and be a multiple of 32"
#endif
#if A_QUADS % THREADS || B_QUADS % THREADS || THREADS % (BK / 4) || THREADS % (BN / 4)
#error "the A and B tiles must split evenly into 16-byte chunks per work-item, rows per pass"
#endif
#if STAGES == 2
#define WAIT_PENDING "0"
#elif STAGES == 3
#define WAIT_PENDING "1"
#elif STAGES == 4
#define WAIT_PENDING "2"
#elif STAGES == 5
#define WAIT_PENDING "3"
#else
#error "STAGES must be 2..5"
#endif

#ifndef EMULATE_PTX
// 16 bytes global -> quad idx of tiles; bytes < 16 reads that many, fills the rest with zeros.
void copy16(uint tiles_addr, __local float4* tiles, int idx, __global const float* src, uint bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(tiles_addr + 16u * idx), "l"(src), "r"(bytes)
               : "memory");
}
void copy_wait(void) { asm volatile("cp.async.wait_group " WAIT_PENDING ";" ::: "memory"); }

uint cvt_rna_tf32(float x) {
  uint r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return r;
}

// acc (16x8, FP32) += a (16x8, tf32) * b (8x8, tf32)
void mma_tf32(float* acc, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};"
      : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
// acc = a * b (the accumulator restarts from zero without instructions to clear it)
void mma_tf32_fresh(float* acc, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%10,%10,%10};"
      : "=f"(acc[0]), "=f"(acc[1]), "=f"(acc[2]), "=f"(acc[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(0.0f));
}
#define MMA(acc, a0, a1, a2, a3, b0, b1) mma_tf32(acc, a0, a1, a2, a3, b0, b1)
#define MMA_FRESH(acc, a0, a1, a2, a3, b0, b1) mma_tf32_fresh(acc, a0, a1, a2, a3, b0, b1)
#else
// EMULATE_PTX: the same instructions in plain OpenCL C, so that the indexing (permutations,
// swizzles, guards, fragment layout) can be checked on a CPU device (PoCL). Never fast.
void copy16(uint tiles_addr, __local float4* tiles, int idx, __global const float* src, uint bytes) {
  float f[4];
  for (int i = 0; i < 4; ++i) f[i] = 4u * i < bytes ? src[i] : 0.0f;
  tiles[idx] = (float4)(f[0], f[1], f[2], f[3]);
}
void copy_wait(void) {}
uint cvt_rna_tf32(float x) { return (as_uint(x) + 0x1000u) & 0xffffe000u; }  // finite x: ties away
// The warp's fragments meet in a per-warp __local scratch (A 16x8, then B 8x8, k-major).
void mma_emulated(float* acc, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, __local float* s,
                  int g, int t) {
  s[g * 8 + t] = as_float(a0);
  s[(g + 8) * 8 + t] = as_float(a1);
  s[g * 8 + t + 4] = as_float(a2);
  s[(g + 8) * 8 + t + 4] = as_float(a3);
  s[128 + t * 8 + g] = as_float(b0);
  s[128 + (t + 4) * 8 + g] = as_float(b1);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < 8; ++k) {
    acc[0] += s[g * 8 + k] * s[128 + k * 8 + 2 * t];
    acc[1] += s[g * 8 + k] * s[128 + k * 8 + 2 * t + 1];
    acc[2] += s[(g + 8) * 8 + k] * s[128 + k * 8 + 2 * t];
    acc[3] += s[(g + 8) * 8 + k] * s[128 + k * 8 + 2 * t + 1];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#define MMA(acc, a0, a1, a2, a3, b0, b1) mma_emulated(acc, a0, a1, a2, a3, b0, b1, scratch + 192 * warp, g, t)
#define MMA_FRESH(acc, a0, a1, a2, a3, b0, b1) \
  (acc[0] = acc[1] = acc[2] = acc[3] = 0.0f, MMA(acc, a0, a1, a2, a3, b0, b1))
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
#ifdef EMULATE_PTX
#define MMA_BITS(v) ((v) & 0xffffe000u)  // what the tensor cores read of an operand
#else
#define MMA_BITS(v) (v)
#endif

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
  __local float4 tiles[STAGES * STAGE_QUADS];
#ifdef EMULATE_PTX
  __local float scratch[192 * WARPS_M * WARPS_N];
#endif
  const int tid = get_local_id(0);
  const int lane = tid & 31, warp = tid >> 5;
  const int g = lane >> 2, t = lane & 3;  // the PTX fragment layout's groupID, threadID_in_group
  const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;

  // Grouped raster (util/warp_tiles.cl): neighbours in launch order share B columns in L2.
  const int2 block = raster_block(get_group_id(0), (M + BM - 1) / BM, (N + BN - 1) / BN);
  const int bm0 = block.x * BM, bn0 = block.y * BN;

  const uint tiles_addr = shared_address(tiles);

  // One stage: A (BM x BK) and B (BK x BN) chunks, tile column k0. Blocks wholly inside C on
  // k-tiles wholly inside K take the fast path (no guards: pointers from per-thread bases);
  // the others clamp each chunk's byte count (cp.async zero-fills the rest).
  const bool interior = bm0 + BM <= M && bn0 + BN <= N;
  const int a_row0 = tid / (BK / 4), a_q = tid % (BK / 4);
  const int b_row0 = tid / (BN / 4), b_q = tid % (BN / 4);
  __global const float* a_base = A + (size_t)min(bm0 + a_row0, M - 1) * lda + 4 * a_q;
  __global const float* b_base = B + (size_t)b_row0 * ldb + min(bn0 + 4 * b_q, N - 1);
#define LOAD_STAGE(stage, k0)                                                                 \
  if (interior && (k0) + BK <= K) {                                                           \
    const int base = (stage) * STAGE_QUADS;                                                   \
    for (int i = 0; i < A_QUADS / THREADS; ++i)                                    \
      copy16(tiles_addr, tiles, base + a_quad(a_row0 + i * (THREADS / (BK / 4)), a_q),        \
             a_base + (size_t)i * (THREADS / (BK / 4)) * lda + (k0), 16u);                    \
    for (int i = 0; i < B_QUADS / THREADS; ++i)                                    \
      copy16(tiles_addr, tiles, base + b_quad(b_row0 + i * (THREADS / (BN / 4)), b_q),        \
             b_base + (size_t)((k0) + i * (THREADS / (BN / 4))) * ldb, 16u);                  \
  } else {                                                                                    \
    const int base = (stage) * STAGE_QUADS;                                                   \
    for (int i = 0; i < A_QUADS / THREADS; ++i) {                                  \
      const int l = tid + i * THREADS, row = l / (BK / 4), q = l % (BK / 4);                  \
      const int m = bm0 + row, k = (k0) + 4 * q;                                              \
      const uint bytes = m < M ? (uint)clamp(4 * (K - k), 0, 16) : 0u;                        \
      copy16(tiles_addr, tiles, base + a_quad(row, q), bytes ? A + (size_t)m * lda + k : A, bytes); \
    }                                                                                         \
    for (int i = 0; i < B_QUADS / THREADS; ++i) {                                  \
      const int l = tid + i * THREADS, kr = l / (BN / 4), q = l % (BN / 4);                   \
      const int k = (k0) + kr, n = bn0 + 4 * q;                                               \
      const uint bytes = k < K ? (uint)clamp(4 * (N - n), 0, 16) : 0u;                        \
      copy16(tiles_addr, tiles, base + b_quad(kr, q), bytes ? B + (size_t)k * ldb + n : B, bytes); \
    }                                                                                         \
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
#define RESULT sum
#else
#define RESULT acc
#endif

  const int ktiles = (K + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < ktiles) {
      LOAD_STAGE(s, s * BK);
    }
    copy_commit();
  }

  for (int kt = 0; kt < ktiles; ++kt) {
#if !(DIAG & 4)
    copy_wait();  // this work-item's chunks of stage kt have landed
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone's have, and stage kt - 1 is no longer read
#endif
    // The copies of tile kt + STAGES - 1 go into the stage read in iteration kt - 1.
    const int next = kt + STAGES - 1;
    if (next < ktiles && (DIAG & 1) == 0) {
      LOAD_STAGE(next % STAGES, next * BK);
    }
    copy_commit();
    // One int offset for the stage: a per-k-tile pointer measured slower (docs/results-h200.md).
    const int stage_quad = (kt % STAGES) * STAGE_QUADS;
#pragma unroll
    for (int kc = 0; kc < BK / 16; ++kc) {
      float4 va[MT][2], vb[NQ][4];
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int h = 0; h < 2; ++h)
#if DIAG & 2
          va[i][h] = (float4)(kt + i + h);
#else
          va[i][h] = tiles[stage_quad + a_quad(wm0 + 16 * i + 8 * h + g, 4 * kc + t)];
#endif
#pragma unroll
      for (int q = 0; q < NQ; ++q)
#pragma unroll
        for (int r = 0; r < 4; ++r)
#if DIAG & 2
          vb[q][r] = (float4)(kt + q + r);
#else
          vb[q][r] = tiles[stage_quad + b_quad(16 * kc + 4 * t + r, (wn0 + 32 * q) / 4 + g)];
#endif
#pragma unroll
      for (int s = 0; s < 2; ++s) {
        // PROMOTE=1: each k-tile's first product starts the accumulators afresh.
        const bool fresh = PROMOTE == 1 && kc == 0 && s == 0;
        // Fragments of step s: a = (rows g, g+8) x (kappa t, t+4); b = (kappa t, t+4) x column g.
        uint ab[MT][4], bb[NQ * 4][2];
#if SPLIT3
        uint as[MT][4], bs[NQ * 4][2];
#endif
#pragma unroll
        for (int i = 0; i < MT; ++i) {
          const float x[4] = {s ? va[i][0].z : va[i][0].x, s ? va[i][1].z : va[i][1].x,
                              s ? va[i][0].w : va[i][0].y, s ? va[i][1].w : va[i][1].y};
#pragma unroll
          for (int r = 0; r < 4; ++r) {
#if SPLIT3
            ab[i][r] = tf32_exact(x[r]);
            as[i][r] = MMA_BITS(tf32_operand(x[r] - as_float(ab[i][r])));
#else
            ab[i][r] = MMA_BITS(tf32_operand(x[r]));
#endif
          }
        }
#pragma unroll
        for (int j = 0; j < NQ * 4; ++j) {
          const float4 lo = s ? vb[j / 4][2] : vb[j / 4][0], hi = s ? vb[j / 4][3] : vb[j / 4][1];
          const float x0 = component(lo, j % 4), x1 = component(hi, j % 4);
#if SPLIT3
          bb[j][0] = tf32_exact(x0);
          bb[j][1] = tf32_exact(x1);
          bs[j][0] = MMA_BITS(tf32_operand(x0 - as_float(bb[j][0])));
          bs[j][1] = MMA_BITS(tf32_operand(x1 - as_float(bb[j][1])));
#else
          bb[j][0] = MMA_BITS(tf32_operand(x0));
          bb[j][1] = MMA_BITS(tf32_operand(x1));
#endif
        }
#if SPLIT3
        // The small cross terms first, so that the big product is added to them, not they to it.
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
          for (int j = 0; j < NQ * 4; ++j)
            if (fresh) MMA_FRESH(acc[i][j], as[i][0], as[i][1], as[i][2], as[i][3], bb[j][0], bb[j][1]);
            else MMA(acc[i][j], as[i][0], as[i][1], as[i][2], as[i][3], bb[j][0], bb[j][1]);
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
          for (int j = 0; j < NQ * 4; ++j)
            MMA(acc[i][j], ab[i][0], ab[i][1], ab[i][2], ab[i][3], bs[j][0], bs[j][1]);
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
          for (int j = 0; j < NQ * 4; ++j)
            MMA(acc[i][j], ab[i][0], ab[i][1], ab[i][2], ab[i][3], bb[j][0], bb[j][1]);
#else
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
          for (int j = 0; j < NQ * 4; ++j)
            if (fresh) MMA_FRESH(acc[i][j], ab[i][0], ab[i][1], ab[i][2], ab[i][3], bb[j][0], bb[j][1]);
            else MMA(acc[i][j], ab[i][0], ab[i][1], ab[i][2], ab[i][3], bb[j][0], bb[j][1]);
#endif
      }
    }
#if PROMOTE
    if (++chunk == PROMOTE || kt == ktiles - 1) {
      chunk = 0;
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NQ * 4; ++j)
#pragma unroll
          for (int r = 0; r < 4; ++r) {
            sum[i][j][r] += acc[i][j][r];
            if (PROMOTE > 1) acc[i][j][r] = 0.0f;  // PROMOTE=1 restarts them in the first product
          }
    }
#endif
  }

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
