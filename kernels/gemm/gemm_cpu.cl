// GEMM for devices that are processors (PoCL, a vendor's CPU OpenCL): AB (M x N) = A (M x K) *
// B (K x N), dense row-major, M and N padded by the caller (dll/src/gemm/gemm_packed.cpp) to
// the block (RM * BI rows, VW * NV * BJ columns); K is any.
//
// A CPU runs a work-group as loops over its work-items, and __local memory and barriers are
// plain memory and loop splits there, so this kernel has neither. One work-item computes one
// block of C in the loop order of a CPU BLAS: k in chunks of KC; within a chunk, the block's
// micro-tiles column by column (the chunk of B's VW * NV columns is read BI times, from the
// first level cache), each an RM x (VW * NV) tile of C held in RM * NV vectors of VW elements
// (the processor's registers), updated by one broadcast of A and NV vector loads of B per k.
// The loops are unrolled so that the compiler keeps the tile in registers (without it PoCL's
// compiler keeps the tile in memory: a seventh of the speed, docs/results-cpu.md).
#if DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define real double
#else
#define real float
#endif
#if !defined(VW) || !defined(RM) || !defined(NV) || !defined(BI) || !defined(BJ) || !defined(KC)
#error "the tiles VW RM NV BI BJ KC come from the host (dll/src/catalog/cpu_tiles.cpp)"
#endif
#define JOIN2(a, b) a##b
#define JOIN(a, b) JOIN2(a, b)
#define realv JOIN(real, VW)     // float8, double4, ...
#define loadv JOIN(vload, VW)    // vload8, ...
#define storev JOIN(vstore, VW)  // vstore8, ...
#define TILE_N (VW * NV)

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void gemm_cpu(const int M, const int N, const int K, __global const real* restrict A,
              __global const real* restrict B, __global real* restrict AB) {
  const size_t bm0 = get_global_id(1) * (size_t)(RM * BI), bn0 = get_global_id(0) * (size_t)(TILE_N * BJ);
  for (int k0 = 0; k0 < K; k0 += KC) {
    const int k1 = min(k0 + KC, K);
    for (int bj = 0; bj < BJ; ++bj) {
      __global const real* b = B + bn0 + bj * TILE_N;
      for (int bi = 0; bi < BI; ++bi) {
        __global const real* a = A + (bm0 + bi * RM) * K;
        __global real* c = AB + (bm0 + bi * RM) * N + bn0 + bj * TILE_N;
        realv acc[RM][NV];
#pragma unroll
        for (int r = 0; r < RM; ++r)
#pragma unroll
          for (int v = 0; v < NV; ++v) acc[r][v] = k0 ? loadv(v, c + r * (size_t)N) : (realv)(0);
        for (int p = k0; p < k1; ++p) {
          realv bv[NV];
#pragma unroll
          for (int v = 0; v < NV; ++v) bv[v] = loadv(v, b + p * (size_t)N);
#pragma unroll
          for (int r = 0; r < RM; ++r) {
            const realv av = (realv)(a[r * (size_t)K + p]);
#pragma unroll
            for (int v = 0; v < NV; ++v) acc[r][v] = fma(av, bv[v], acc[r][v]);
          }
        }
#pragma unroll
        for (int r = 0; r < RM; ++r)
#pragma unroll
          for (int v = 0; v < NV; ++v) storev(acc[r][v], v, c + r * (size_t)N);
      }
    }
  }
}
