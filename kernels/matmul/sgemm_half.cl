// Stages 32/33: SGEMM on the FP16 tensor cores, C (M x N) = A (M x K) * B (K x N) from the
// scaled FP16 operands of kernels/matmul/half_operands.cl: A as Mp lines (rows) and B as Np
// lines (columns) of `pitch` halves, padded with zeros to whole blocks and k-tiles (no guards),
// line scales 2^ea[i], 2^eb[j] undone as C[i, j] = acc * 2^-(ea[i] + eb[j]).
// NVIDIA only, compute capability >= 8.0: inline PTX (mma.sync m16n8k16 f16 -> f32, ldmatrix,
// cp.async).
//
// SPLIT=0 (stage 32, TF32-class): one product of the FP16 values, FP32 accumulation.
// SPLIT=1 (stage 33, FP32-class): x = hi + lo * 2^-11; per k-tile the cross terms
//   lo_a hi_b + hi_a lo_b, then hi_a hi_b, each started afresh in the tensor cores and added
//   to FP32 sums outside them (the tensor cores add with truncation).
//
// Every k-tile is 64 bytes of each line: 32 k (SPLIT=0), or 16 k of hi then 16 of lo
// (SPLIT=1); its two 32-byte halves h feed the two k16 steps (SPLIT=0) or hi and lo.
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global size (Mp/BM) * (Np/BN) *
// THREADS; the work-group id picks the block (grouped raster). __local: PIPE * 64 * (BM + BN)
// bytes (PIPE: the cp.async pipeline's depth, k-tiles in flight).
//
// __local tile rows are four 16-byte chunks, chunk c of row r stored at c ^ ((r >> 1) & 3):
// the eight rows an ldmatrix phase reads (one chunk each) then fall on eight distinct
// 16-byte bank groups.
#ifndef SPLIT
#define SPLIT 0
#endif
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef WM
#define WM 64
#endif
#ifndef WN
#define WN 64
#endif
#ifndef PIPE
#define PIPE 3
#endif
#include "util/warp_tiles.cl"  // GROUP_M, raster_block, shared_address, copy_commit

#define WARPS_M (BM / WM)
#define WARPS_N (BN / WN)
#define THREADS (32 * WARPS_M * WARPS_N)
#define MT (WM / 16)  // m16 tiles per warp
#define NP (WN / 16)  // pairs of n8 tiles per warp (one ldmatrix.x4 each)
#define A_QUADS (BM * 4)
#define B_QUADS (BN * 4)
#define STAGE_QUADS (A_QUADS + B_QUADS)

#if WM % 16 || WN % 16 || BM % WM || BN % WN
#error "WM and WN must be multiples of 16 dividing BM and BN"
#endif
#if A_QUADS % THREADS || B_QUADS % THREADS
#error "the A and B tiles must split evenly into 16-byte chunks per work-item"
#endif
#if PIPE == 2
#define WAIT_PENDING "0"
#elif PIPE == 3
#define WAIT_PENDING "1"
#elif PIPE == 4
#define WAIT_PENDING "2"
#else
#error "PIPE must be 2..4"
#endif

// Quad index of chunk c of row r inside a tile.
int swizzled(int r, int c) { return r * 4 + (c ^ ((r >> 1) & 3)); }
// Row rho of 8x8 matrix q of an ldmatrix.x4: A (m16 tile i, half h): matrices (rows 0-7,
// k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15), (rows 8-15, k 8-15) = a0..a3 of the mma;
// B (n8 tiles 2p, 2p+1, half h): (tile 2p, k 0-7), (2p, k 8-15), (2p+1, k 0-7), (2p+1, k 8-15).
#define A_QUAD(i, h, q, rho) swizzled(wm0 + 16 * (i) + 8 * ((q) & 1) + (rho), 2 * (h) + ((q) >> 1))
#define B_QUAD(p, h, q, rho) (A_QUADS + swizzled(wn0 + 16 * (p) + 8 * ((q) >> 1) + (rho), 2 * (h) + ((q) & 1)))

#ifndef EMULATE_PTX
void copy16(uint tiles_addr, __local uint4* tiles, int idx, __global const uint4* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(tiles_addr + 16u * idx), "l"(src) : "memory");
}
void copy_wait(void) { asm volatile("cp.async.wait_group " WAIT_PENDING ";" ::: "memory"); }
void ldsm4(uint addr, uint* r) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
// acc (16x8, FP32) += a (16x16, f16) * b (16x8, f16)
void mma_f16(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
// acc = a * b
void mma_f16_fresh(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%10,%10,%10};"
      : "=f"(acc[0]), "=f"(acc[1]), "=f"(acc[2]), "=f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
}
#define LOAD_A(r, i, h) ldsm4(tiles_addr + 16u * (stage_quad + A_QUAD(i, h, lane >> 3, lane & 7)), r)
#define LOAD_B(r, p, h) ldsm4(tiles_addr + 16u * (stage_quad + B_QUAD(p, h, lane >> 3, lane & 7)), r)
#define MMA(acc, a, b0, b1) mma_f16(acc, a, b0, b1)
#define MMA_FRESH(acc, a, b0, b1) mma_f16_fresh(acc, a, b0, b1)
#else
// EMULATE_PTX: the same instructions in plain OpenCL C, so that the indexing (swizzle,
// ldmatrix rows, fragment layout) can be checked on a CPU device (PoCL). Never fast.
void copy16(uint tiles_addr, __local uint4* tiles, int idx, __global const uint4* src) { tiles[idx] = *src; }
void copy_wait(void) {}
float half_value(uint h) {
  const float sign = (h & 0x8000u) ? -1.0f : 1.0f;
  const uint e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0) return sign * (float)m * 0x1p-24f;
  if (e == 31) return m ? NAN : sign * INFINITY;
  return as_float(((h & 0x8000u) << 16) | ((e + 112u) << 23) | (m << 13));
}
// ldmatrix: lane l receives, of each matrix q, row l / 4 at 32-bit word l % 4.
#define LOAD_A(r, i, h) \
  for (int q = 0; q < 4; ++q) r[q] = words[4 * (stage_quad + A_QUAD(i, h, q, lane >> 2)) + (lane & 3)]
#define LOAD_B(r, p, h) \
  for (int q = 0; q < 4; ++q) r[q] = words[4 * (stage_quad + B_QUAD(p, h, q, lane >> 2)) + (lane & 3)]
// The warp's fragments meet in a per-warp __local scratch: A 16x16 row-major, then B 16x8 k-major.
void mma_emulated(float* acc, const uint* a, uint b0, uint b1, __local float* s, int g, int t) {
  const uint av[4] = {a[0], a[1], a[2], a[3]};
  for (int r = 0; r < 4; ++r) {
    const int row = g + 8 * (r & 1), col = 2 * t + 8 * (r >> 1);
    s[row * 16 + col] = half_value(av[r] & 0xffffu);
    s[row * 16 + col + 1] = half_value(av[r] >> 16);
  }
  s[256 + (2 * t) * 8 + g] = half_value(b0 & 0xffffu);
  s[256 + (2 * t + 1) * 8 + g] = half_value(b0 >> 16);
  s[256 + (2 * t + 8) * 8 + g] = half_value(b1 & 0xffffu);
  s[256 + (2 * t + 9) * 8 + g] = half_value(b1 >> 16);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < 16; ++k) {
    acc[0] += s[g * 16 + k] * s[256 + k * 8 + 2 * t];
    acc[1] += s[g * 16 + k] * s[256 + k * 8 + 2 * t + 1];
    acc[2] += s[(g + 8) * 16 + k] * s[256 + k * 8 + 2 * t];
    acc[3] += s[(g + 8) * 16 + k] * s[256 + k * 8 + 2 * t + 1];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#define MMA(acc, a, b0, b1) mma_emulated(acc, a, b0, b1, scratch + 384 * warp, g, t)
#define MMA_FRESH(acc, a, b0, b1) (acc[0] = acc[1] = acc[2] = acc[3] = 0.0f, MMA(acc, a, b0, b1))
#endif

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void sgemm_half(const int M, const int N, const int ktiles, __global const uint4* A, __global const uint4* B,
                const int pitch_quads, __global const int* ea, __global const int* eb, __global float* C,
                const int ldc) {
  __local uint4 tiles[PIPE * STAGE_QUADS];
#ifdef EMULATE_PTX
  __local float scratch[384 * WARPS_M * WARPS_N];
  __local const uint* words = (__local const uint*)tiles;
#endif
  const int tid = get_local_id(0);
  const int lane = tid & 31, warp = tid >> 5;
  const int g = lane >> 2, t = lane & 3;  // the PTX fragment layout's groupID, threadID_in_group
  const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;
  const int blocks_m = (M + BM - 1) / BM, blocks_n = (N + BN - 1) / BN;
  const int2 block = raster_block(get_group_id(0), blocks_m, blocks_n);
  const int bm0 = block.x * BM, bn0 = block.y * BN;
  const uint tiles_addr = shared_address(tiles);

  // Work-item tid copies chunk tid % 4 of rows tid / 4 + i * THREADS / 4 of both tiles.
  __global const uint4* a_src = A + (size_t)(bm0 + tid / 4) * pitch_quads + tid % 4;
  __global const uint4* b_src = B + (size_t)(bn0 + tid / 4) * pitch_quads + tid % 4;
#define LOAD_STAGE(stage, kt)                                                                            \
  {                                                                                                      \
    const int base = (stage) * STAGE_QUADS;                                                              \
    for (int i = 0; i < A_QUADS / THREADS; ++i)                                                          \
      copy16(tiles_addr, tiles, base + swizzled(tid / 4 + i * (THREADS / 4), tid % 4),                  \
             a_src + (size_t)i * (THREADS / 4) * pitch_quads + 4 * (kt));                               \
    for (int i = 0; i < B_QUADS / THREADS; ++i)                                                          \
      copy16(tiles_addr, tiles, base + A_QUADS + swizzled(tid / 4 + i * (THREADS / 4), tid % 4),        \
             b_src + (size_t)i * (THREADS / 4) * pitch_quads + 4 * (kt));                               \
  }

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
#define RESULT sum
#else
#define RESULT acc
#endif

#pragma unroll
  for (int s = 0; s < PIPE - 1; ++s) {
    if (s < ktiles) LOAD_STAGE(s, s);
    copy_commit();
  }

  for (int kt = 0; kt < ktiles; ++kt) {
    copy_wait();                   // this work-item's chunks of k-tile kt have landed
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone's have, and k-tile kt - 1 is no longer read
    const int next = kt + PIPE - 1;
    if (next < ktiles) LOAD_STAGE(next % PIPE, next);
    copy_commit();
    const int stage_quad = (kt % PIPE) * STAGE_QUADS;
#if SPLIT
    uint ah[MT][4], al[MT][4], bh[NP][4], bl[NP][4];
#pragma unroll
    for (int i = 0; i < MT; ++i) {
      LOAD_A(ah[i], i, 0);
      LOAD_A(al[i], i, 1);
    }
#pragma unroll
    for (int p = 0; p < NP; ++p) {
      LOAD_B(bh[p], p, 0);
      LOAD_B(bl[p], p, 1);
    }
    // The small cross terms, then the big product, each added to the sums in FP32.
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j) {
        MMA_FRESH(acc[i][j], al[i], bh[j / 2][2 * (j % 2)], bh[j / 2][2 * (j % 2) + 1]);
        MMA(acc[i][j], ah[i], bl[j / 2][2 * (j % 2)], bl[j / 2][2 * (j % 2) + 1]);
      }
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) sum[i][j][r] = fma(acc[i][j][r], 0x1p-11f, sum[i][j][r]);
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j) MMA_FRESH(acc[i][j], ah[i], bh[j / 2][2 * (j % 2)], bh[j / 2][2 * (j % 2) + 1]);
#pragma unroll
    for (int i = 0; i < MT; ++i)
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) sum[i][j][r] += acc[i][j][r];
#else
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      uint af[MT][4], bf[NP][4];
#pragma unroll
      for (int i = 0; i < MT; ++i) LOAD_A(af[i], i, h);
#pragma unroll
      for (int p = 0; p < NP; ++p) LOAD_B(bf[p], p, h);
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < 2 * NP; ++j) MMA(acc[i][j], af[i], bf[j / 2][2 * (j % 2)], bf[j / 2][2 * (j % 2) + 1]);
    }
#endif
  }

  // Lane (g, t) holds, of n8 tile j, columns 2t and 2t + 1 of rows g (r 0, 1) and g + 8 (r 2, 3).
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int m = bm0 + wm0 + 16 * i + 8 * h + g;
      if (m >= M) continue;
      const int em = ea[m];
      __global float* c = C + (size_t)m * ldc;
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j) {
        const int n = bn0 + wn0 + 8 * j + 2 * t;
        if (n < N) c[n] = ldexp(RESULT[i][j][2 * h], -(em + eb[n]));
        if (n + 1 < N) c[n + 1] = ldexp(RESULT[i][j][2 * h + 1], -(em + eb[n + 1]));
      }
    }
}
