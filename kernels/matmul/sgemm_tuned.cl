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
#if WPTM % 4 || WPTN % 4
#error "WPTM and WPTN must be multiples of 4"
#endif

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void sgemm_tuned(const int M, const int N, const int K, __global const float* A,
                 __global const float* B, __global float* C) {
  // float4 arrays: 16-byte aligned by their type, as the float4 reads below require (a float
  // array is only 4-byte aligned, and NVIDIA faults on a misaligned 128-bit load).
  __local float4 asub4[TSK * AROW];
  __local float4 bsub4[TSK * BROW];
  __local float* asub = (__local float*)asub4;  // element (k, m) at asub[k * AROW * 4 + m]
  __local float* bsub = (__local float*)bsub4;  // element (k, n) at bsub[k * TSN + n]
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

  for (int k0 = 0; k0 < K; k0 += TSK) {
#pragma unroll
    for (int l = tid; l < TSM * TSK / 4; l += THREADS) {
      const int row = l / (TSK / 4);
      const int kq = (l % (TSK / 4)) * 4;
      const float4 v = vload4(0, A + (size_t)(m0 + row) * K + k0 + kq);
      asub[(kq + 0) * AROW * 4 + row] = v.x;
      asub[(kq + 1) * AROW * 4 + row] = v.y;
      asub[(kq + 2) * AROW * 4 + row] = v.z;
      asub[(kq + 3) * AROW * 4 + row] = v.w;
    }
#pragma unroll
    for (int l = tid; l < TSK * TSN / 4; l += THREADS) {
      const int k = l / (TSN / 4);
      const int nq = (l % (TSN / 4)) * 4;
      bsub4[k * BROW + nq / 4] = vload4(0, B + (size_t)(k0 + k) * N + n0 + nq);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int k = 0; k < TSK; ++k) {
      float a[WPTM];
      float4 b[WPTN / 4];
      __local const float4* arow = asub4 + k * AROW;
      __local const float4* brow = bsub4 + k * BROW;
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
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
    const int row = m0 + (i / 4) * RTSM * 4 + tm * 4 + (i % 4);
#pragma unroll
    for (int g = 0; g < WPTN / 4; ++g) vstore4(acc[i][g], 0, C + (size_t)row * N + n0 + g * RTSN * 4 + tn * 4);
  }
}
