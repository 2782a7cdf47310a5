// Stage 10: tuned SGEMM, C (M x N) = A (M x K) * B (K x N), all row-major, with M, N, K
// multiples of the tile sizes (the library pads with zeros when they are not).
// A work-group of (TSN/WPTN) x (TSM/WPTM) work-items computes a TSM x TSN block of C; each
// work-item holds a WPTM x WPTN block of it in registers (2D register blocking). k advances
// TSK at a time through __local tiles of A and B, loaded cooperatively with float4 reads
// that are coalesced along rows. Work-item (tm, tn) owns rows tm + i*RTSM and columns
// tn + j*RTSN: neighbouring work-items read neighbouring words of the tiles (no bank
// conflicts) and write neighbouring words of C (coalesced).
#define RTSM (TSM / WPTM)
#define RTSN (TSN / WPTN)
#define THREADS (RTSM * RTSN)

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void sgemm_tuned(const int M, const int N, const int K, __global const float* A,
                 __global const float* B, __global float* C) {
  __local float asub[TSK][TSM + 1];  // A transposed: asub[k][m], padded against conflicts
  __local float bsub[TSK][TSN];
  const int tn = get_local_id(0);
  const int tm = get_local_id(1);
  const int tid = tm * RTSN + tn;
  const int m0 = get_group_id(1) * TSM;
  const int n0 = get_group_id(0) * TSN;

  float acc[WPTM][WPTN];
#pragma unroll
  for (int i = 0; i < WPTM; ++i)
#pragma unroll
    for (int j = 0; j < WPTN; ++j) acc[i][j] = 0.0f;
  float areg[WPTM];
  float breg[WPTN];

  for (int k0 = 0; k0 < K; k0 += TSK) {
#pragma unroll
    for (int l = tid; l < TSM * TSK / 4; l += THREADS) {
      const int row = l / (TSK / 4);
      const int kq = (l % (TSK / 4)) * 4;
      const float4 v = vload4(0, A + (size_t)(m0 + row) * K + k0 + kq);
      asub[kq + 0][row] = v.x;
      asub[kq + 1][row] = v.y;
      asub[kq + 2][row] = v.z;
      asub[kq + 3][row] = v.w;
    }
#pragma unroll
    for (int l = tid; l < TSK * TSN / 4; l += THREADS) {
      const int k = l / (TSN / 4);
      const int nq = (l % (TSN / 4)) * 4;
      vstore4(vload4(0, B + (size_t)(k0 + k) * N + n0 + nq), 0, &bsub[k][nq]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int k = 0; k < TSK; ++k) {
#pragma unroll
      for (int i = 0; i < WPTM; ++i) areg[i] = asub[k][tm + i * RTSM];
#pragma unroll
      for (int j = 0; j < WPTN; ++j) breg[j] = bsub[k][tn + j * RTSN];
#pragma unroll
      for (int i = 0; i < WPTM; ++i)
#pragma unroll
        for (int j = 0; j < WPTN; ++j) acc[i][j] = mad(areg[i], breg[j], acc[i][j]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#pragma unroll
  for (int i = 0; i < WPTM; ++i)
#pragma unroll
    for (int j = 0; j < WPTN; ++j)
      C[(size_t)(m0 + tm + i * RTSM) * N + n0 + tn + j * RTSN] = acc[i][j];
}
