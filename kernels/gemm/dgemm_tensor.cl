// DGEMM's product on the FP64 tensor cores (NVIDIA, compute capability >= 8.0: inline PTX
// mma.sync .f64 and cp.async; the structure of kernels/matmul/sgemm_tensor.cl):
// AB (M x N) = A (M x K) * B (K x N) with A dense row-major (M x K) and B given transposed,
// Bt dense row-major (N x K), both padded by the caller (dll/src/gemm/gemm_device.cpp) so that BM | M,
// BN | N, BK | K: no bounds checks, every 16-byte chunk a whole pair of doubles.
//
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global (M/BM) * (N/BN) * THREADS;
// the work-group id picks the block (grouped raster). __local: STAGES * (BM + BN) * BK * 8 bytes
// (NVIDIA OpenCL allows 48 KiB). A warp's fragments of one k-slice are read from __local once
// and each feeds WN / 8 (A) or WM / 16 (B) mma: 64 x 32 warps read 0.1875 bytes per flop against
// 0.25 for 32 x 32 ones. The defaults and the sweeps behind them: docs/results-h200.md.
//
// The main loop is the CUTLASS multistage order: fragments in two register sets, those of the
// next k-slice (one instruction step: two per tile with m16n8k8 and BK 16) read while the mma of
// this one issue; one barrier per tile, before its last slice. The cap is latency: 128
// accumulators + 2 x 48 fragment registers leave 2 blocks (8 warps) per SM.
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
#ifndef SHAPE
#define SHAPE 1688
#endif
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 16
#endif
#ifndef WM
#define WM 64
#endif
#ifndef WN
#define WN 32
#endif
#ifndef STAGES
#define STAGES 2
#endif
#include "util/warp_tiles.cl"  // GROUP_M, raster_block, shared_address, copy_commit

#define WARPS_M (BM / WM)
#define WARPS_N (BN / WN)
#define THREADS (32 * WARPS_M * WARPS_N)
#define ROW_PAIRS (BK / 2)
#define STAGE_PAIRS ((BM + BN) * ROW_PAIRS)
#define CHUNK_PAIRS (BK / 2)  // pairs of one row copied per stage
#define MI (WM / 16)          // m16 tiles per warp
#define NJ (WN / 8)           // n8 tiles per warp
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
#if STAGES < 2 || STAGES > 4
#error "STAGES must be 2..4"
#endif
// cp.async.wait_group's count (an immediate): groups still in flight that may stay so.
#if STAGES == 2
#define PENDING_FIRST "1"
#define PENDING_NEXT "0"
#elif STAGES == 3
#define PENDING_FIRST "2"
#define PENDING_NEXT "1"
#else
#define PENDING_FIRST "3"
#define PENDING_NEXT "2"
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

#ifndef EMULATE_PTX
void copy_pair(uint tiles_addr, __local double2* tiles, int idx, __global const double* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(tiles_addr + 16u * idx), "l"(src) : "memory");
}
// Tile 0 landed (all STAGES issued); the next tile landed (STAGES - 1 issued after it).
void copy_wait_first(void) { asm volatile("cp.async.wait_group " PENDING_FIRST ";" ::: "memory"); }
void copy_wait(void) { asm volatile("cp.async.wait_group " PENDING_NEXT ";" ::: "memory"); }

void mma884(double* c, double a0, double b0) {
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
      : "+d"(c[0]), "+d"(c[1])
      : "d"(a0), "d"(b0));
}
void mma1684(double* c, double a0, double a1, double b0) {
  asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a0), "d"(a1), "d"(b0));
}
void mma1688(double* c, double a0, double a1, double a2, double a3, double b0, double b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
}
void mma16816(double* c, const double* a, const double* b) {
  asm("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, "
      "{%12,%13,%14,%15}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]),
        "d"(b[1]), "d"(b[2]), "d"(b[3]));
}
#define MMA884(c, a0, b0) mma884(c, a0, b0)
#define MMA1684(c, a0, a1, b0) mma1684(c, a0, a1, b0)
#define MMA1688(c, a0, a1, a2, a3, b0, b1) mma1688(c, a0, a1, a2, a3, b0, b1)
#define MMA16816(c, a, b) mma16816(c, a, b)
#else
// EMULATE_PTX: the same instructions in plain OpenCL C, so that the indexing (fragment
// layouts, stages, raster) can be checked on a CPU device (PoCL). Never fast.
void copy_pair(uint tiles_addr, __local double2* tiles, int idx, __global const double* src) {
  tiles[idx] = vload2(0, src);
}
void copy_wait_first(void) {}
void copy_wait(void) {}
// One m x 8 x kdim mma of the warp: the lanes' fragments (the layout above) meet in the warp's
// __local scratch (A m x kdim, then B kdim x 8), then each lane sums its C elements.
void mma_emulated(double* c, const double* a, const double* b, int m, int kdim, __local double* s, int g, int t) {
  const int halves = m / 8;
  for (int r = 0; r < halves * kdim / 4; ++r) s[(g + 8 * (r % halves)) * kdim + t + 4 * (r / halves)] = a[r];
  for (int r = 0; r < kdim / 4; ++r) s[m * kdim + (t + 4 * r) * 8 + g] = b[r];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int r = 0; r < 2 * halves; ++r) {
    const int row = g + 8 * (r / 2), col = 2 * t + r % 2;
    for (int k = 0; k < kdim; ++k) c[r] = fma(s[row * kdim + k], s[m * kdim + k * 8 + col], c[r]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#define EMU scratch + 384 * warp, g, t
#define MMA884(c, a0, b0) \
  { const double a_[1] = {a0}, b_[1] = {b0}; mma_emulated(c, a_, b_, 8, 4, EMU); }
#define MMA1684(c, a0, a1, b0) \
  { const double a_[2] = {a0, a1}, b_[1] = {b0}; mma_emulated(c, a_, b_, 16, 4, EMU); }
#define MMA1688(c, a0, a1, a2, a3, b0, b1) \
  { const double a_[4] = {a0, a1, a2, a3}, b_[2] = {b0, b1}; mma_emulated(c, a_, b_, 16, 8, EMU); }
#define MMA16816(c, a, b) mma_emulated(c, a, b, 16, 16, EMU)
#endif

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void dgemm_tensor(const int M, const int N, const int K, __global const double* A, __global const double* Bt,
                  __global double* AB) {
  __local double2 tiles[STAGES * STAGE_PAIRS];
#ifdef EMULATE_PTX
  __local double scratch[384 * WARPS_M * WARPS_N];
#endif
  const int tid = get_local_id(0);
  const int lane = tid & 31, warp = tid >> 5;
  const int g = lane >> 2, t = lane & 3;  // the PTX fragment layout's groupID, threadID_in_group
  const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;

  // Grouped raster (util/warp_tiles.cl): neighbours in launch order share B columns in L2.
  const int2 block = raster_block(get_group_id(0), M / BM, N / BN);
  const int bm0 = block.x * BM, bn0 = block.y * BN;

  const uint tiles_addr = shared_address(tiles);
  // This work-item's first chunk of each tile: row tid / CHUNK_PAIRS, pair tid % CHUNK_PAIRS;
  // the next ones THREADS / CHUNK_PAIRS rows further.
  const int row0 = tid / CHUNK_PAIRS, q0 = tid % CHUNK_PAIRS;
  __global const double* a_base = A + (size_t)(bm0 + row0) * K + 2 * q0;
  __global const double* b_base = Bt + (size_t)(bn0 + row0) * K + 2 * q0;
#define ROWS_PER_PASS (THREADS / CHUNK_PAIRS)
#define LOAD_STAGE(stage, k0)                                                                          \
  {                                                                                                    \
    const int base = (stage) * STAGE_PAIRS;                                                            \
    _Pragma("unroll") for (int i = 0; i < BM * CHUNK_PAIRS / THREADS; ++i)                             \
        copy_pair(tiles_addr, tiles, base + pair_index(row0 + i * ROWS_PER_PASS, q0),                   \
                  a_base + ((size_t)i * ROWS_PER_PASS * K + (k0)));                                   \
    _Pragma("unroll") for (int i = 0; i < BN * CHUNK_PAIRS / THREADS; ++i)                             \
        copy_pair(tiles_addr, tiles, base + pair_index(BM + row0 + i * ROWS_PER_PASS, q0),              \
                  b_base + ((size_t)i * ROWS_PER_PASS * K + (k0)));                                   \
  }

  double acc[MI][NJ][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NJ; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0;

  // Slice sl's fragments of the stage at pair `stage`: per 8-k chunk h, the pair (k = 2t, 2t + 1)
  // of rows g + 8i of the warp's A and of columns g + 8j of its B.
#define LOAD_FRAGMENTS(va, vb, stage, sl)                                                                  \
  _Pragma("unroll") for (int h = 0; h < KCH; ++h) {                                                        \
    _Pragma("unroll") for (int i = 0; i < 2 * MI; ++i)                                                     \
        va[h][i] = tiles[(stage) + pair_index(wm0 + 8 * i + g, 4 * ((sl) * KCH + h) + t)];                 \
    _Pragma("unroll") for (int j = 0; j < NJ; ++j)                                                         \
        vb[h][j] = tiles[(stage) + pair_index(BM + wn0 + 8 * j + g, 4 * ((sl) * KCH + h) + t)];            \
  }
#if SHAPE == 884
#define MMA_IJ(va, vb, i, j)                                          \
  MMA884(&acc[i][j][0], va[0][2 * i].x, vb[0][j].x);                  \
  MMA884(&acc[i][j][2], va[0][2 * i + 1].x, vb[0][j].x);              \
  MMA884(&acc[i][j][0], va[0][2 * i].y, vb[0][j].y);                  \
  MMA884(&acc[i][j][2], va[0][2 * i + 1].y, vb[0][j].y);
#elif SHAPE == 1684
#define MMA_IJ(va, vb, i, j)                                                  \
  MMA1684(acc[i][j], va[0][2 * i].x, va[0][2 * i + 1].x, vb[0][j].x);        \
  MMA1684(acc[i][j], va[0][2 * i].y, va[0][2 * i + 1].y, vb[0][j].y);
#elif SHAPE == 1688
#define MMA_IJ(va, vb, i, j)                                                                            \
  MMA1688(acc[i][j], va[0][2 * i].x, va[0][2 * i + 1].x, va[0][2 * i].y, va[0][2 * i + 1].y, vb[0][j].x, \
          vb[0][j].y);
#elif SHAPE == 16816
#define MMA_IJ(va, vb, i, j)                                                                                  \
  {                                                                                                           \
    const double a_[8] = {va[0][2 * i].x, va[0][2 * i + 1].x, va[0][2 * i].y, va[0][2 * i + 1].y,             \
                          va[1][2 * i].x, va[1][2 * i + 1].x, va[1][2 * i].y, va[1][2 * i + 1].y};            \
    const double b_[4] = {vb[0][j].x, vb[0][j].y, vb[1][j].x, vb[1][j].y};                                    \
    MMA16816(acc[i][j], a_, b_);                                                                              \
  }
#else
#error "SHAPE must be 884, 1684, 1688 or 16816"
#endif
#define MMA_SLICE(va, vb)                       \
  _Pragma("unroll") for (int i = 0; i < MI; ++i) \
      _Pragma("unroll") for (int j = 0; j < NJ; ++j) { MMA_IJ(va, vb, i, j) }

  const int ktiles = K / BK;
  // The CUTLASS multistage order: every stage in flight from the start; fragments in two register
  // sets, slice sl + 1's read from __local while slice sl's mma issue. One barrier per tile, before
  // its last slice: then every warp has read the whole tile (its stage is refilled right away, with
  // tile kt + STAGES) and tile kt + 1 has landed (its first slice is read during the last mma).
#pragma unroll
  for (int st = 0; st < STAGES; ++st) {
    if (st < ktiles) {
      LOAD_STAGE(st, st * BK);
    }
    copy_commit();
  }
  copy_wait_first();
  barrier(CLK_LOCAL_MEM_FENCE);
  double2 fa[2][KCH][2 * MI], fb[2][KCH][NJ];
  LOAD_FRAGMENTS(fa[0], fb[0], 0, 0);
  for (int kt = 0; kt < ktiles; ++kt) {
    const int stage = (kt % STAGES) * STAGE_PAIRS;
#pragma unroll
    for (int sl = 0; sl < SLICES; ++sl) {
      if (sl + 1 < SLICES) {
        LOAD_FRAGMENTS(fa[(sl + 1) & 1], fb[(sl + 1) & 1], stage, sl + 1);
      } else {
        copy_wait();
        barrier(CLK_LOCAL_MEM_FENCE);
        if (kt + STAGES < ktiles) {
          LOAD_STAGE(kt % STAGES, (kt + STAGES) * BK);
        }
        copy_commit();
        if (kt + 1 < ktiles) {
          LOAD_FRAGMENTS(fa[(sl + 1) & 1], fb[(sl + 1) & 1], ((kt + 1) % STAGES) * STAGE_PAIRS, 0);
        }
      }
      MMA_SLICE(fa[sl & 1], fb[sl & 1]);
    }
#if SLICES % 2
    // Odd slices: the next tile's first slice sits in set 1; the loop reads set 0 first.
#pragma unroll
    for (int h = 0; h < KCH; ++h) {
#pragma unroll
      for (int i = 0; i < 2 * MI; ++i) fa[0][h][i] = fa[1][h][i];
#pragma unroll
      for (int j = 0; j < NJ; ++j) fb[0][h][j] = fb[1][h][j];
    }
#endif
  }

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
