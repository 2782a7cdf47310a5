// DGEMM's product on the FP64 tensor cores: an instance of the tensor-core engine
// (util/mma_engine.cl: mma.sync .f64, cp.async, the k-loop; NVIDIA, compute capability >= 8.0):
// AB (M x N) = A (M x K) * B (K x N) with A dense row-major (M x K) and B given transposed,
// Bt dense row-major (N x K), both padded by the caller (dll/src/gemm/gemm_packed.cpp) so that BM | M,
// BN | N, BK | K: no bounds checks, every 16-byte chunk a whole pair of doubles.
//
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global (M/BM) * (N/BN) * THREADS;
// the work-group id picks the block (grouped raster). __local: STAGES * (BM + BN) * BK * 8 bytes
// (NVIDIA OpenCL allows 48 KiB). A warp's fragments of one k-slice are read from __local once
// and each feeds WN / 8 (A) or WM / 16 (B) mma: 64 x 32 warps read 0.1875 bytes per flop against
// 0.25 for 32 x 32 ones. The library's tiles and the sweeps behind them: docs/results-h200.md.
//
// The engine's k-loop with two fragment sets (a slice is one instruction step: two per tile
// with m16n8k8 and BK 16). The cap is latency: 128 accumulators + 2 x 48 fragment registers
// leave 2 blocks (8 warps) per SM.
//
// SHAPE picks the instruction: 884 m8n8k4 (sm_80), or the sm_90 shapes (PTX ISA 7.8) 1684
// m16n8k4, 1688 m16n8k8, 16816 m16n8k16. All take A row = groupID (+ 8 for the odd registers
// of the m16 shapes), k = threadID_in_group + 4 * (register / (M / 8)); B k the same, column
// groupID; C row groupID (+ 8), column 2 * threadID_in_group + (0, 1).
//
// The k order inside the mma is the kernel's choice as long as A and B agree: a lane reads
// one 16-byte pair (k = 2t, 2t + 1) of each 8-row group of A and of each 8-column group of B
// per 8 k, and feeds .x to mma-k t and .y to mma-k t + 4 (or to two k4 instructions). With
// BK >= 16 the pairs of odd __local rows are XOR-swizzled (pair ^ 4) so that the 8 lanes of a
// quarter-warp (rows g, g + 1; pairs t) read 8 distinct 16-byte bank quads.
//
// Tried and dropped: B's fragments straight from global memory (ld.global.nc, 16 bytes, one
// k-slice ahead), __local for A only, to buy wider blocks or more stages: every shape measured
// slower on the H200 (38.9 TFLOP/s in the default's shape, 43.2 at best against 45.9 in the same
// run, dev/dgemm/h200-sweep.log): one slice of mma does not hide a global load's latency, and
// no registers are left to prefetch deeper.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ENGINE_FP64
#define FRAGMENT_SETS 2
#include "util/mma_engine.cl"

#define ROW_PAIRS (BK / 2)
#define STAGE_PAIRS ((BM + BN) * ROW_PAIRS)
#define CHUNK_PAIRS (BK / 2)  // pairs of one row copied per stage
#define MI (WM / 16)          // m16 tiles per warp
#define NJ (WN / 8)           // n8 tiles per warp
#ifndef SHAPE
#error "SHAPE (the mma instruction) comes from the host with the tiles (dll/src/catalog/dgemm_config.cpp)"
#endif
#if SHAPE == 16816
#define KCH 2  // 8-k chunks per instruction step
#else
#define KCH 1
#endif

#if BK % (8 * KCH) || WM % 16 || WN % 8 || BM % WM || BN % WN
#error "BK must be a multiple of 8 (16 for SHAPE 16816); WM of 16 dividing BM; WN of 8 dividing BN"
#endif
#if (BM * CHUNK_PAIRS) % THREADS || (BN * CHUNK_PAIRS) % THREADS || THREADS % CHUNK_PAIRS
#error "the A and B tiles must split evenly into 16-byte chunks per work-item"
#endif
#if STAGES > 4
#error "STAGES must be 2..4"
#endif
#define SLICES (BK / (8 * KCH))  // k-slices of a tile: one instruction step each

// Pair index of (row, pair q) inside a stage's A (rows 0 .. BM-1) or B (BM .. BM+BN-1) tile.
int pair_index(int row, int q) {
#if BK >= 16
  return row * ROW_PAIRS + (q ^ ((row & 1) << 2));
#else
  return row * ROW_PAIRS + q;
#endif
}

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void dgemm_tensor(const int M, const int N, const int K, __global const double* A, __global const double* Bt,
                  __global double* AB) {
  __local uint4 tiles[STAGES * STAGE_PAIRS];
  ENGINE_SCRATCH(double)
  __local const double2* pairs = (__local const double2*)tiles;
  ENGINE_PROLOGUE(M / BM, N / BN)
  // This work-item's first chunk of each tile: row tid / CHUNK_PAIRS, pair tid % CHUNK_PAIRS;
  // the next ones THREADS / CHUNK_PAIRS rows further.
  const int row0 = tid / CHUNK_PAIRS, q0 = tid % CHUNK_PAIRS;
  __global const double* a_base = A + (size_t)(bm0 + row0) * K + 2 * q0;
  __global const double* b_base = Bt + (size_t)(bn0 + row0) * K + 2 * q0;
#define ROWS_PER_PASS (THREADS / CHUNK_PAIRS)
#define LOAD_TILE(stage, kt)                                                                           \
  {                                                                                                    \
    const int base = (stage) * STAGE_PAIRS;                                                            \
    _Pragma("unroll") for (int i = 0; i < BM * CHUNK_PAIRS / THREADS; ++i)                             \
        copy16(tiles_addr, tiles, base + pair_index(row0 + i * ROWS_PER_PASS, q0),                      \
               a_base + ((size_t)i * ROWS_PER_PASS * K + (kt) * BK), 16u);                             \
    _Pragma("unroll") for (int i = 0; i < BN * CHUNK_PAIRS / THREADS; ++i)                             \
        copy16(tiles_addr, tiles, base + pair_index(BM + row0 + i * ROWS_PER_PASS, q0),                 \
               b_base + ((size_t)i * ROWS_PER_PASS * K + (kt) * BK), 16u);                             \
  }

  double acc[MI][NJ][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NJ; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0;

  // Slice sl's fragments of a stage: per 8-k chunk h, the pair (k = 2t, 2t + 1) of rows g + 8i
  // of the warp's A and of columns g + 8j of its B.
  double2 fa[2][KCH][2 * MI], fb[2][KCH][NJ];
#define LOAD_FRAGMENTS(set, stage, sl)                                                                          \
  _Pragma("unroll") for (int h = 0; h < KCH; ++h) {                                                             \
    _Pragma("unroll") for (int i = 0; i < 2 * MI; ++i)                                                          \
        fa[set][h][i] = pairs[(stage) * STAGE_PAIRS + pair_index(wm0 + 8 * i + g, 4 * ((sl) * KCH + h) + t)];   \
    _Pragma("unroll") for (int j = 0; j < NJ; ++j)                                                              \
        fb[set][h][j] = pairs[(stage) * STAGE_PAIRS + pair_index(BM + wn0 + 8 * j + g, 4 * ((sl) * KCH + h) + t)]; \
  }
#define COPY_SET(to, from)                                                                   \
  _Pragma("unroll") for (int h = 0; h < KCH; ++h) {                                          \
    _Pragma("unroll") for (int i = 0; i < 2 * MI; ++i) fa[to][h][i] = fa[from][h][i];        \
    _Pragma("unroll") for (int j = 0; j < NJ; ++j) fb[to][h][j] = fb[from][h][j];            \
  }
#define AFTER_TILE(kt)
// A lane's pair .x feeds mma-k t, .y mma-k t + 4 (or two k4 instructions).
#if SHAPE == 884
#define MMA_IJ(set, i, j)                                                                      \
  {                                                                                            \
    const double a0_[1] = {fa[set][0][2 * i].x}, a1_[1] = {fa[set][0][2 * i + 1].x}, b_[1] = {fb[set][0][j].x}; \
    const double a2_[1] = {fa[set][0][2 * i].y}, a3_[1] = {fa[set][0][2 * i + 1].y}, c_[1] = {fb[set][0][j].y}; \
    mma_f64_884(&acc[i][j][0], a0_, b_);                                                       \
    mma_f64_884(&acc[i][j][2], a1_, b_);                                                       \
    mma_f64_884(&acc[i][j][0], a2_, c_);                                                       \
    mma_f64_884(&acc[i][j][2], a3_, c_);                                                       \
  }
#elif SHAPE == 1684
#define MMA_IJ(set, i, j)                                                                      \
  {                                                                                            \
    const double a_[2] = {fa[set][0][2 * i].x, fa[set][0][2 * i + 1].x}, b_[1] = {fb[set][0][j].x}; \
    const double c_[2] = {fa[set][0][2 * i].y, fa[set][0][2 * i + 1].y}, d_[1] = {fb[set][0][j].y}; \
    mma_f64_1684(acc[i][j], a_, b_);                                                           \
    mma_f64_1684(acc[i][j], c_, d_);                                                           \
  }
#elif SHAPE == 1688
#define MMA_IJ(set, i, j)                                                                                  \
  {                                                                                                        \
    const double a_[4] = {fa[set][0][2 * i].x, fa[set][0][2 * i + 1].x, fa[set][0][2 * i].y, fa[set][0][2 * i + 1].y}; \
    const double b_[2] = {fb[set][0][j].x, fb[set][0][j].y};                                               \
    mma_f64_1688(acc[i][j], a_, b_);                                                                       \
  }
#elif SHAPE == 16816
#define MMA_IJ(set, i, j)                                                                                  \
  {                                                                                                        \
    const double a_[8] = {fa[set][0][2 * i].x, fa[set][0][2 * i + 1].x, fa[set][0][2 * i].y, fa[set][0][2 * i + 1].y, \
                          fa[set][1][2 * i].x, fa[set][1][2 * i + 1].x, fa[set][1][2 * i].y, fa[set][1][2 * i + 1].y}; \
    const double b_[4] = {fb[set][0][j].x, fb[set][0][j].y, fb[set][1][j].x, fb[set][1][j].y};              \
    mma_f64_16816(acc[i][j], a_, b_);                                                                      \
  }
#else
#error "SHAPE must be 884, 1684, 1688 or 16816"
#endif
#define MMA_SLICE(set, sl)                       \
  _Pragma("unroll") for (int i = 0; i < MI; ++i) \
      _Pragma("unroll") for (int j = 0; j < NJ; ++j) MMA_IJ(set, i, j)

  const int ktiles = K / BK;
  ENGINE_K_LOOP(ktiles)

  // Lane (g, t) holds rows g, g + 8 of each m16 tile, columns 2t, 2t + 1 of each n8 tile.
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      __global double* row = AB + (size_t)(bm0 + wm0 + 16 * i + 8 * h + g) * N + bn0 + wn0 + 2 * t;
#pragma unroll
      for (int j = 0; j < NJ; ++j) vstore2((double2)(acc[i][j][2 * h], acc[i][j][2 * h + 1]), 0, row + 8 * j);
    }
}
