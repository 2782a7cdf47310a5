// INT8 GEMM on the tensor cores, exact: C (M x N, int32, row-major, ldc) = A (M x K) * B (K x N)
// from int8 operands as lines (util/mma_lines.cl: A's rows, B's columns) of pitch_quads
// 16-byte chunks, padded with zeros to whole blocks and k-tiles. mma.sync m16n8k32 s8 x s8 ->
// s32: exact while every partial sum fits 32 bits, k * 128^2 < 2^31 (k <= 131071); the caller
// splits a longer k. An instance of the tensor-core engine (util/mma_engine.cl).
// -DRESIDUES (the Ozaki scheme's products, gemm/ozaki.cl): one product per modulus of the list
// OZAKI_P, the modulus the launch's second dimension (global (blocks * THREADS, moduli)), its
// operands and C the planes of that index (a_plane and b_plane 16-byte chunks, c_plane bytes
// apart); C is int8, each sum's symmetric residue modulo it (<= 256).
//
// A k-tile is 4 BK bytes of a line (BK counts 4-byte words, as the other engine kernels': 8,
// 16 or 32), 4 BK k; a slice is 32 bytes, k32: one mma.
// Launch (1D): local size THREADS = 32 * (BM/WM) * (BN/WN), global size (Mp/BM) * (Np/BN) *
// THREADS; __local: STAGES * 4 * BK * (BM + BN) bytes.
#ifndef FRAGMENT_SETS
// Two register sets of fragments where they and the accumulators fit in about 200 registers.
#define FRAGMENT_SETS ((WM / 16) * (WN / 8) * 4 + 2 * (WM / 16 + WN / 16) * 4 <= 200 ? 2 : 1)
#endif
#define ENGINE_SCRATCH_VALUES 768  // the emulated k32 mma: A 16 x 32, B 32 x 8
#include "util/mma_engine.cl"

#define PARTS 1
#define SLICES (BK / 8)  // 32-byte slices: k32, one mma each
#include "util/mma_lines.cl"

#include "util/symmetric_residue.cl"
#ifdef RESIDUES
__constant int kResidueModuli[] = {OZAKI_P};
#endif

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void igemm_tensor(const int M, const int N, const int ktiles, __global const uint4* A, __global const uint4* B,
                  const int pitch_quads,
#ifdef RESIDUES
                  __global char* C, const int ldc, const ulong a_plane, const ulong b_plane, const ulong c_plane) {
  const int plane = get_group_id(1);
  const int modulus = kResidueModuli[plane];
  A += plane * a_plane;
  B += plane * b_plane;
  C += plane * c_plane;
#else
                  __global int* C, const int ldc) {
#endif
  __local uint4 tiles[STAGES * STAGE_QUADS];
  ENGINE_SCRATCH(int)
  ENGINE_PROLOGUE((M + BM - 1) / BM, (N + BN - 1) / BN)

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

#ifdef RESIDUES
#define STORE_SUM(m, n, i, j, r) C[(size_t)(m) * ldc + (n)] = symmetric_residue(acc[i][j][r], modulus)
#else
#define STORE_SUM(m, n, i, j, r) C[(size_t)(m) * ldc + (n)] = acc[i][j][r]
#endif
  LINE_EPILOGUE(STORE_SUM)
}
