// Stage 10: tuned SGEMM, C (M x N) = A (M x K) * B (K x N), all row-major, with M, N, K
// multiples of the tile sizes (the library pads with zeros when they are not).
//
// The structure of CLBlast's and CUTLASS's SIMT kernels:
// - a work-group of THREADS = (TSM/WPTM) x (TSN/WPTN) work-items computes a TSM x TSN block
//   of C; each work-item keeps a WPTM x WPTN block of it in registers (2D register blocking);
// - k advances TSK at a time: the next k-tiles of A and B travel from global memory into
//   registers (float4 loads) while the current ones are multiplied, then into the other half of
//   a double-buffered __local (DOUBLE_BUFFER, set by the launcher where two copies fit): one
//   barrier a k-step, and the loop takes two k-steps a turn so that each names its buffer as
//   a constant (NVIDIA's compiler then needs fewer registers and instructions: a runtime
//   buffer index cost the 8 x 8 blocks several per cent);
// - A is stored k-major in __local, so each k step reads both operands' fragments as float4;
// - the work-items of a group of 32 are laid out 4 x 8 (WARP_4X8, where the group's shape
//   allows it), so such a group's fragment reads touch 4 float4s of A and 8 of B: one pass of
//   the local memory's banks each, and C's rows are written as runs of 128 bytes;
// - blocks are visited GROUP_M block-rows at a time, so the blocks running together share
//   their columns of B in the L2 cache.
//
// Work-item (tm, tn) owns rows tm*4 + g*RTSM*4 + 0..3 (g < WPTM/4) and the columns laid out
// the same way: its values sit in groups of four adjacent words, each read from __local as a
// float4 and each written to C as a float4.
#if !defined(TSM) || !defined(TSN) || !defined(TSK) || !defined(WPTM) || !defined(WPTN)
#error "the tiles TSM TSN TSK WPTM WPTN come from the host (dll/src/catalog/sgemm_config.cpp)"
#endif
#define RTSM (TSM / WPTM)
#define RTSN (TSN / WPTN)
#define THREADS (RTSM * RTSN)
#define APAD 4  // keeps rows of the A tile 16-byte aligned while spreading its transposed stores
#define AROW ((TSM + APAD) / 4)  // float4s per row of the A tile
#define BROW (TSN / 4)
#define LOADS_A (TSM * TSK / 4 / THREADS)  // float4 loads of the A tile per work-item
#define LOADS_B (TSK * TSN / 4 / THREADS)
#ifndef DOUBLE_BUFFER
#define DOUBLE_BUFFER 0
#endif
#ifndef GROUP_M
#define GROUP_M 8
#endif
#if RTSN % 8 == 0 && RTSM % 4 == 0
#define WARP_4X8 1
#else
#define WARP_4X8 0
#endif
#if WPTM % 4 || WPTN % 4
#error "WPTM and WPTN must be multiples of 4"
#endif

typedef __global const float4* global_float4_ptr;

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void sgemm_tuned(const int M, const int N, const int K, __global const float* A,
                 __global const float* B, __global float* C) {
  // float4 arrays: 16-byte aligned by their type, as the float4 reads below require.
  // Element (k, m) of the A tile is float k * AROW * 4 + m of asub4[buf]; (k, n) of B is
  // float k * TSN + n of bsub4[buf].
  __local float4 asub4[1 + DOUBLE_BUFFER][TSK * AROW];
  __local float4 bsub4[1 + DOUBLE_BUFFER][TSK * BROW];
  const int tid = get_local_id(1) * RTSN + get_local_id(0);
#if WARP_4X8
  const int warp = tid / 32, lane = tid % 32;
  const int tm = (warp / (RTSN / 8)) * 4 + lane / 8;
  const int tn = (warp % (RTSN / 8)) * 8 + lane % 8;
#else
  const int tm = get_local_id(1);
  const int tn = get_local_id(0);
#endif
  // The block: GROUP_M block-rows at a time, column by column within them.
  const int blocks_n = get_num_groups(0), blocks_m = get_num_groups(1);
  const int linear = get_group_id(1) * blocks_n + get_group_id(0);
  const int band = linear / (GROUP_M * blocks_n);
  const int first_m = band * GROUP_M;
  const int rows_in_band = min(blocks_m - first_m, GROUP_M);
  const int in_band = linear - band * GROUP_M * blocks_n;
  const int m0 = (first_m + in_band % rows_in_band) * TSM;
  const int n0 = (in_band / rows_in_band) * TSN;

  float4 acc[WPTM][WPTN / 4];
#pragma unroll
  for (int i = 0; i < WPTM; ++i)
#pragma unroll
    for (int g = 0; g < WPTN / 4; ++g) acc[i][g] = (float4)(0.0f);

  // Offsets within one matrix fit an int: the launcher refuses padded sizes beyond INT_MAX.
  // K and N are multiples of 4 (of TSK and TSN), so every float4 below is 16-byte aligned.
  __global const float* a_blk = A + m0 * K;
  __global const float* b_blk = B + n0;
  float4 ra[LOADS_A], rb[LOADS_B];
#define LOAD_TILES(k0)                                                                        \
  for (int i = 0; i < LOADS_A; ++i) {                                                         \
    const int l = tid + i * THREADS;                                                          \
    ra[i] = *(global_float4_ptr)(a_blk + (l / (TSK / 4)) * K + (k0) + (l % (TSK / 4)) * 4); \
  }                                                                                           \
  for (int i = 0; i < LOADS_B; ++i) {                                                         \
    const int l = tid + i * THREADS;                                                          \
    rb[i] = *(global_float4_ptr)(b_blk + ((k0) + l / (TSN / 4)) * N + (l % (TSN / 4)) * 4); \
  }
  // A is stored transposed (k-major), one float at a time; B as it comes, as float4.
#define STORE_TILES(buf)                                                                      \
  for (int i = 0; i < LOADS_A; ++i) {                                                         \
    const int l = tid + i * THREADS, row = l / (TSK / 4), kq = (l % (TSK / 4)) * 4;           \
    __local float* a_t = (__local float*)asub4[buf];                                          \
    a_t[(kq + 0) * AROW * 4 + row] = ra[i].x;                                                 \
    a_t[(kq + 1) * AROW * 4 + row] = ra[i].y;                                                 \
    a_t[(kq + 2) * AROW * 4 + row] = ra[i].z;                                                 \
    a_t[(kq + 3) * AROW * 4 + row] = ra[i].w;                                                 \
  }                                                                                           \
  for (int i = 0; i < LOADS_B; ++i) {                                                         \
    const int l = tid + i * THREADS;                                                          \
    bsub4[buf][(l / (TSN / 4)) * BROW + l % (TSN / 4)] = rb[i];                               \
  }

  // TSK outer products of the fragments of the tiles in buffer buf (a constant: the fragments'
  // __local addresses are immediates).
#define MULTIPLY(buf)                                                                         \
  _Pragma("unroll") for (int k = 0; k < TSK; ++k) {                                           \
    float4 a[WPTM / 4], b[WPTN / 4];                                                          \
    _Pragma("unroll") for (int g = 0; g < WPTM / 4; ++g) a[g] = asub4[buf][k * AROW + tm + g * RTSM]; \
    _Pragma("unroll") for (int h = 0; h < WPTN / 4; ++h) b[h] = bsub4[buf][k * BROW + tn + h * RTSN]; \
    _Pragma("unroll") for (int g = 0; g < WPTM / 4; ++g)                                      \
      _Pragma("unroll") for (int h = 0; h < WPTN / 4; ++h) {                                  \
        acc[4 * g + 0][h] = mad((float4)(a[g].x), b[h], acc[4 * g + 0][h]);                   \
        acc[4 * g + 1][h] = mad((float4)(a[g].y), b[h], acc[4 * g + 1][h]);                   \
        acc[4 * g + 2][h] = mad((float4)(a[g].z), b[h], acc[4 * g + 2][h]);                   \
        acc[4 * g + 3][h] = mad((float4)(a[g].w), b[h], acc[4 * g + 3][h]);                   \
      }                                                                                       \
  }
#if DOUBLE_BUFFER
  // The other buffer was last read before the previous barrier: fill it, then one barrier.
#define REFILL(next)  \
  STORE_TILES(next); \
  barrier(CLK_LOCAL_MEM_FENCE);
#else
#define REFILL(next)                                                           \
  barrier(CLK_LOCAL_MEM_FENCE); /* everyone has read the tiles before they are replaced */ \
  STORE_TILES(0);                                                              \
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  // One k-tile: the next one's loads go out before this one's products, into registers.
#define STEP(buf, next)                 \
  {                                     \
    const bool more = k0 + TSK < K;     \
    if (more) {                         \
      LOAD_TILES(k0 + TSK);             \
    }                                   \
    MULTIPLY(buf);                      \
    if (!more) break;                   \
    REFILL(next);                       \
    k0 += TSK;                          \
  }

  LOAD_TILES(0);
  STORE_TILES(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  // Two k-tiles a turn where double-buffered, so that each names its buffers as constants.
  for (int k0 = 0;;) {
#if DOUBLE_BUFFER
    STEP(0, 1)
    STEP(1, 0)
#else
    STEP(0, 0)
#endif
  }

  __global float* c_blk = C + m0 * N + n0;  // m0 * N < the padded M * N: an int
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
    const int row = (i / 4) * RTSM * 4 + tm * 4 + (i % 4);
#pragma unroll
    for (int g = 0; g < WPTN / 4; ++g) *(__global float4*)(c_blk + row * N + g * RTSN * 4 + tn * 4) = acc[i][g];
  }
}
