// Stage 10: tuned SGEMM, C (M x N) = A (M x K) * B (K x N), all row-major, with M, N, K
// multiples of the tile sizes (the library pads with zeros when they are not).
//
// A work-group of (TSN/WPTN) x (TSM/WPTM) work-items computes a TSM x TSN block of C;
// each work-item keeps a WPTM x WPTN block of it in registers (2D register blocking).
// k advances TSK at a time through __local tiles of A (stored transposed, k-major) and
// B, filled cooperatively with float4 loads coalesced along the rows of A and B.
//
// Work-item (tm, tn) owns rows tm*4 + g*RTSM*4 + 0..3 (g < WPTM/4) and the columns laid
// out the same way: its values sit in groups of four adjacent words, so each k step reads
// them from __local memory as float4 (one 128-bit load per four FMAs' worth of operands,
// neighbouring work-items on neighbouring words: no bank conflicts) and C is written as
// float4, coalesced across neighbouring work-items.
#define RTSM (TSM / WPTM)
#define RTSN (TSN / WPTN)
#define THREADS (RTSM * RTSN)
#define APAD 4  // keeps rows of asub 16-byte aligned while spreading its transposed stores
#define AROW ((TSM + APAD) / 4)  // float4s per row of the A tile
#define BROW (TSN / 4)
#define LOADS_A (TSM * TSK / 4 / THREADS)  // float4 loads of the A tile per work-item
#define LOADS_B (TSK * TSN / 4 / THREADS)
#ifndef DOUBLE_BUFFER
#define DOUBLE_BUFFER 0
#endif
#if WPTM % 4 || WPTN % 4
#error "WPTM and WPTN must be multiples of 4"
#endif

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void sgemm_tuned(const int M, const int N, const int K, __global const float* A,
                 __global const float* B, __global float* C) {
  // float4 arrays: 16-byte aligned by their type, as the float4 reads below require (a float
  // array is only 4-byte aligned, and NVIDIA faults on a misaligned 128-bit load).
  // Element (k, m) of the A tile is float k * AROW * 4 + m of asub4[buf]; (k, n) of B is
  // float k * TSN + n of bsub4[buf]. DOUBLE_BUFFER keeps two of each (one barrier a step).
  __local float4 asub4[1 + DOUBLE_BUFFER][TSK * AROW];
  __local float4 bsub4[1 + DOUBLE_BUFFER][TSK * BROW];
  const int tn = get_local_id(0);
  const int tm = get_local_id(1);
  const int tid = tm * RTSN + tn;
  const int m0 = get_group_id(1) * TSM;
  const int n0 = get_group_id(0) * TSN;

  float4 acc[WPTM][WPTN / 4];
#pragma unroll
  for (int i = 0; i < WPTM; ++i)
#pragma unroll
    for (int g = 0; g < WPTN / 4; ++g) acc[i][g] = (float4)(0.0f);

  // The next tiles travel from global memory into registers while the current ones are
  // multiplied, then into __local memory: the loads' latency hides behind the FMAs.
  float4 ra[LOADS_A], rb[LOADS_B];
#define LOAD_TILES(k0)                                                                     \
  for (int i = 0; i < LOADS_A; ++i) {                                                      \
    const int l = tid + i * THREADS;                                                       \
    ra[i] = vload4(0, A + (size_t)(m0 + l / (TSK / 4)) * K + (k0) + (l % (TSK / 4)) * 4);  \
  }                                                                                        \
  for (int i = 0; i < LOADS_B; ++i) {                                                      \
    const int l = tid + i * THREADS;                                                       \
    rb[i] = vload4(0, B + (size_t)((k0) + l / (TSN / 4)) * N + n0 + (l % (TSN / 4)) * 4);  \
  }
  // A is stored transposed (k-major), one float at a time; B as it comes, as float4.
#define STORE_TILES(buf)                                                                   \
  for (int i = 0; i < LOADS_A; ++i) {                                                      \
    const int l = tid + i * THREADS, row = l / (TSK / 4), kq = (l % (TSK / 4)) * 4;        \
    __local float* a_t = (__local float*)asub4[buf];                                       \
    a_t[(kq + 0) * AROW * 4 + row] = ra[i].x;                                              \
    a_t[(kq + 1) * AROW * 4 + row] = ra[i].y;                                              \
    a_t[(kq + 2) * AROW * 4 + row] = ra[i].z;                                              \
    a_t[(kq + 3) * AROW * 4 + row] = ra[i].w;                                              \
  }                                                                                        \
  for (int i = 0; i < LOADS_B; ++i) {                                                      \
    const int l = tid + i * THREADS;                                                       \
    bsub4[buf][(l / (TSN / 4)) * BROW + l % (TSN / 4)] = rb[i];                            \
  }

  LOAD_TILES(0);
  STORE_TILES(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  int cur = 0;
  for (int k0 = 0; k0 < K; k0 += TSK) {
    const bool more = k0 + TSK < K;
    if (more) {
      LOAD_TILES(k0 + TSK);
    }
#pragma unroll
    for (int k = 0; k < TSK; ++k) {
      float a[WPTM];
      float4 b[WPTN / 4];
      __local const float4* arow = asub4[cur] + k * AROW;
      __local const float4* brow = bsub4[cur] + k * BROW;
#pragma unroll
      for (int g = 0; g < WPTM / 4; ++g) {
        const float4 t = arow[tm + g * RTSM];
        a[4 * g + 0] = t.x;
        a[4 * g + 1] = t.y;
        a[4 * g + 2] = t.z;
        a[4 * g + 3] = t.w;
      }
#pragma unroll
      for (int g = 0; g < WPTN / 4; ++g) b[g] = brow[tn + g * RTSN];
#pragma unroll
      for (int i = 0; i < WPTM; ++i)
#pragma unroll
        for (int g = 0; g < WPTN / 4; ++g) acc[i][g] = mad((float4)(a[i]), b[g], acc[i][g]);
    }
#if DOUBLE_BUFFER
    // The other buffer was last read before the previous barrier: fill it now.
    if (more) {
      STORE_TILES(1 - cur);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    cur = 1 - cur;
#else
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read the tiles before they are replaced
    if (more) {
      STORE_TILES(0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
  }
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
    const int row = m0 + (i / 4) * RTSM * 4 + tm * 4 + (i % 4);
#pragma unroll
    for (int g = 0; g < WPTN / 4; ++g) vstore4(acc[i][g], 0, C + (size_t)row * N + n0 + g * RTSN * 4 + tn * 4);
  }
}
