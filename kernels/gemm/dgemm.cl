// DGEMM's product on any device with cl_khr_fp64 (kernels/gemm/dgemm_tensor.cl replaces it on
// NVIDIA tensor cores): AB (M x N) = A (M x K) * B (K x N), all dense row-major and padded by
// the caller (dll/src/gemm/gemm_packed.cpp) so that TSM | M, TSN | N, TSK | K: no bounds checks.
//
// A (TSN/WPTN) x (TSM/WPTM) work-group computes a TSM x TSN block; each work-item WPTM x WPTN
// outputs in registers, strided by the group's size so that neighbours read neighbouring
// __local columns. Tiles of A (stored k-major: TSK x TSM) and B (TSK x TSN) go through
// __local memory, TSK columns of k at a time (its measurements: docs/results-h200.md, "Where
// the library's built-in defaults come from").
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#if !defined(TSM) || !defined(TSN) || !defined(TSK) || !defined(WPTM) || !defined(WPTN)
#error "the tiles TSM TSN TSK WPTM WPTN come from the host (dll/src/catalog/dgemm_config.cpp)"
#endif
#define RTSM (TSM / WPTM)  // work-items along m
#define RTSN (TSN / WPTN)  // work-items along n
#define THREADS (RTSM * RTSN)
#if TSM % WPTM || TSN % WPTN || (TSM * TSK) % THREADS || (TSK * TSN) % THREADS
#error "WPTM must divide TSM, WPTN TSN, and the tiles must split evenly over the work-items"
#endif

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void dgemm(const uint M, const uint N, const uint K, __global const double* A, __global const double* B,
           __global double* AB) {
  __local double ta[TSK][TSM];
  __local double tb[TSK][TSN];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int tid = ly * RTSN + lx;
  const size_t bm0 = get_group_id(1) * (size_t)TSM, bn0 = get_group_id(0) * (size_t)TSN;
  double acc[WPTM][WPTN];
  for (int i = 0; i < WPTM; ++i)
    for (int j = 0; j < WPTN; ++j) acc[i][j] = 0.0;

  for (uint k0 = 0; k0 < K; k0 += TSK) {
    // A's tile read along k (its rows are K apart), stored transposed; B's along n.
    for (int l = tid; l < TSM * TSK; l += THREADS) {
      const int r = l / TSK, kk = l % TSK;
      ta[kk][r] = A[(bm0 + r) * K + k0 + kk];
    }
    for (int l = tid; l < TSK * TSN; l += THREADS) {
      const int kk = l / TSN, c = l % TSN;
      tb[kk][c] = B[(size_t)(k0 + kk) * N + bn0 + c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int kk = 0; kk < TSK; ++kk) {
      double a[WPTM], b[WPTN];
#pragma unroll
      for (int i = 0; i < WPTM; ++i) a[i] = ta[kk][ly + i * RTSM];
#pragma unroll
      for (int j = 0; j < WPTN; ++j) b[j] = tb[kk][lx + j * RTSN];
#pragma unroll
      for (int i = 0; i < WPTM; ++i)
#pragma unroll
        for (int j = 0; j < WPTN; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int i = 0; i < WPTM; ++i)
    for (int j = 0; j < WPTN; ++j) AB[(bm0 + ly + i * RTSM) * N + bn0 + lx + j * RTSN] = acc[i][j];
}
