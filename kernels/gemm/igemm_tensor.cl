// INT8 GEMM on the tensor cores, exact: C (M x N, int32, row-major, ldc) = A (M x K) * B (K x N)
// from int8 operands as lines (util/mma_lines.cl: A's rows, B's columns) of pitch_quads
// 16-byte chunks, padded with zeros to whole blocks and k-tiles. mma.sync m16n8k32 s8 x s8 ->
// s32: exact while every partial sum fits 32 bits, k * 128^2 < 2^31 (k <= 131071); the caller
// splits a longer k. An instance of the tensor-core engine (util/mma_engine.cl).
//
// A k-tile is 4 BK bytes of a line (BK counts 4-byte words, as the other engine kernels': 8,
// 16 or 32), 4 BK k; a slice is 32 bytes, k32: one mma.
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global size (Mp/BM) * (Np/BN) *
// THREADS; __local: STAGES * 4 * BK * (BM + BN) bytes.
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
#define WARPS_M (BM / WM)
#define WARPS_N (BN / WN)
#define THREADS (32 * WARPS_M * WARPS_N)
#ifndef FRAGMENT_SETS
// Two register sets of fragments where they and the accumulators fit in about 200 registers.
#define FRAGMENT_SETS ((WM / 16) * (WN / 8) * 4 + 2 * (WM / 16 + WN / 16) * 4 <= 200 ? 2 : 1)
#endif
#define ENGINE_SCRATCH_VALUES 768  // the emulated k32 mma: A 16 x 32, B 32 x 8
#include "util/mma_engine.cl"

#define PARTS 1
#define SLICES (BK / 8)  // 32-byte slices: k32, one mma each
#include "util/mma_lines.cl"

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void igemm_tensor(const int M, const int N, const int ktiles, __global const uint4* A, __global const uint4* B,
                  const int pitch_quads, __global int* C, const int ldc) {
  __local uint4 tiles[STAGES * STAGE_QUADS];
  ENGINE_SCRATCH(int)
  const int tid = get_local_id(0);
  const int lane = tid & 31, warp = tid >> 5;
  const int g = lane >> 2, t = lane & 3;  // the PTX fragment layout's groupID, threadID_in_group
  const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;
  const int2 block = raster_block(get_group_id(0), (M + BM - 1) / BM, (N + BN - 1) / BN);
  const int bm0 = block.x * BM, bn0 = block.y * BN;
  const uint tiles_addr = shared_address(tiles);

  LINE_OPERANDS(A, B, pitch_quads)
#define AFTER_TILE(kt)

  int acc[MT][2 * NP][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < 2 * NP; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0;
#define MMA_SLICE(set, sl)                                                                           \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) \
      mma_s8(acc[i][j], fa[set][0][i], B0(set, 0, j), B1(set, 0, j));

  ENGINE_K_LOOP(ktiles)

  // Lane (g, t) holds, of n8 tile j, columns 2t and 2t + 1 of rows g (r 0, 1) and g + 8 (r 2, 3).
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int m = bm0 + wm0 + 16 * i + 8 * h + g;
      if (m >= M) continue;
      __global int* c = C + (size_t)m * ldc;
#pragma unroll
      for (int j = 0; j < 2 * NP; ++j) {
        const int n = bn0 + wn0 + 8 * j + 2 * t;
        if (n < N) c[n] = acc[i][j][2 * h];
        if (n + 1 < N) c[n + 1] = acc[i][j][2 * h + 1];
      }
    }
}
