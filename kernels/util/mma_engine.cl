// The tensor-core engine: what the mma.sync GEMM kernels (gemm/sgemm_half.cl FP16,
// gemm/sgemm_tensor.cl TF32, gemm/dgemm_tensor.cl FP64, gemm/igemm_tensor.cl INT8) are made
// of, written once:
// the grouped raster of their blocks, the cp.async pipeline (STAGES k-tiles in __local, its
// one depth), ldmatrix fragment loads, the mma.sync instructions, the k-loop that drives them,
// and the -DEMULATE_PTX stand-ins of every instruction (plain OpenCL C, so that a CPU device,
// PoCL, checks the kernels' indexing: swizzles, fragment layouts, guards). Never fast emulated.
// NVIDIA, compute capability >= 8.0 (the library checks it before building). cmake/
// embed_kernels.cmake inlines this file into the library's copies; the dev harnesses build
// with -I kernels. A kernel defining ENGINE_FP64 (after enabling cl_khr_fp64) gets the FP64
// instructions.
//
// The k-loop (ENGINE_K_LOOP) is CUTLASS's multistage order (SM80 "multistage" mainloop): all
// STAGES k-tiles in flight from the start; each k-tile consumed in SLICES k-steps whose
// fragments sit in two register sets, slice s + 1's read from __local while slice s's mma
// issue; one barrier per k-tile, before its last slice: every warp has then read the whole
// tile (its stage is refilled at once, with tile kt + STAGES) and tile kt + 1 has landed (its
// first slice is read while the last slice's mma issue).
//
// The tiles are the host's build options, never defaulted here: their defaults and rules live
// in dll/src/catalog/tensor_tiles.cpp (TF32, FP16, INT8) and dll/src/catalog/dgemm_config.cpp
// (FP64). BM x BN a work-group's block of C, WM x WN a warp's, BK the k-tile in 4-byte words,
// STAGES the cp.async pipeline's depth, GROUP_M block rows per raster group (neighbours in
// launch order share B's columns in L2).
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(WM) || !defined(WN) || !defined(STAGES) || !defined(GROUP_M)
#error "the tensor-core kernels take BM BN BK WM WN STAGES GROUP_M from the host (dll/src/catalog/tensor_tiles.cpp)"
#endif
#define WARPS_M (BM / WM)
#define WARPS_N (BN / WN)
#define THREADS (32 * WARPS_M * WARPS_N)
#if STAGES < 2 || STAGES > 5
#error "STAGES (the cp.async pipeline's depth) must be 2..5"
#endif
#ifndef DIAG
#define DIAG 0  // diagnostics only (wrong results): the k-loop without 1 its copies after the
#endif          // prologue, 2 its fragment loads after the first, 4 its waits and barriers
#define ENGINE_COPIES !(DIAG & 1)
#define ENGINE_LOADS !(DIAG & 2)
#define ENGINE_SYNC !(DIAG & 4)

// Grouped raster: work-group `pid` of blocks_m x blocks_n blocks, GROUP_M block rows walked
// column by column; the block's row and column (in blocks).
int2 raster_block(int pid, int blocks_m, int blocks_n) {
  const int group_size = GROUP_M * blocks_n;
  const int first_m = (pid / group_size) * GROUP_M;
  const int rows_here = min(blocks_m - first_m, GROUP_M);
  return (int2)(first_m + (pid % group_size) % rows_here, (pid % group_size) / rows_here);
}

// A work-item's place, declared by every engine kernel after its `tiles`: its lane (g, t: the
// PTX fragment layout's groupID and threadID_in_group), its warp's tile (wm0, wn0) in the
// block, the block's corner (bm0, bn0) by the grouped raster over blocks_m x blocks_n, and the
// tiles' shared-window address. The kernel defines BM, BN, WM, WN, WARPS_N.
#define ENGINE_PROLOGUE(blocks_m, blocks_n)                                 \
  const int tid = get_local_id(0);                                          \
  const int lane = tid & 31, warp = tid >> 5;                               \
  const int g = lane >> 2, t = lane & 3;                                    \
  const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;       \
  const int2 block = raster_block(get_group_id(0), (blocks_m), (blocks_n)); \
  const int bm0 = block.x * BM, bn0 = block.y * BN;                         \
  const uint tiles_addr = shared_address(tiles);

// cp.async.wait_group's count is an immediate: groups that may stay in flight when the first
// tile must have landed (all STAGES issued), then when the next one must (STAGES - 1 after it).
#if STAGES == 2
#define ENGINE_PENDING_FIRST "1"
#define ENGINE_PENDING_NEXT "0"
#elif STAGES == 3
#define ENGINE_PENDING_FIRST "2"
#define ENGINE_PENDING_NEXT "1"
#elif STAGES == 4
#define ENGINE_PENDING_FIRST "3"
#define ENGINE_PENDING_NEXT "2"
#else
#define ENGINE_PENDING_FIRST "4"
#define ENGINE_PENDING_NEXT "3"
#endif

#ifndef EMULATE_PTX
// Shared-window address of a __local pointer. Depending on the compiler the operand arrives as
// a generic address (high bits set: convert it) or already as the shared offset.
uint shared_address(__local const void* p) {
  ulong v;
  asm volatile("mov.b64 %0, %1;" : "=l"(v) : "l"(p));
  if (v >> 32) asm volatile("cvta.to.shared.u64 %0, %0;" : "+l"(v));
  return (uint)v;
}
// 16 bytes of global memory to 16-byte chunk `quad` of the tiles; bytes < 16 reads that many
// and fills the rest with zeros (0: src is not read).
void copy16(uint tiles_addr, __local uint4* tiles, int quad, __global const void* src, uint bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(tiles_addr + 16u * quad), "l"(src), "r"(bytes)
               : "memory");
}
void copy_commit(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }
void copy_wait_first(void) { asm volatile("cp.async.wait_group " ENGINE_PENDING_FIRST ";" ::: "memory"); }
void copy_wait_next(void) { asm volatile("cp.async.wait_group " ENGINE_PENDING_NEXT ";" ::: "memory"); }

void ldsm_x4(uint addr, uint* r) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
// Four 8x8 matrices of 16-bit pairs: lane l gives the address of row l % 8 of matrix l / 8
// (QUAD(q, row): its 16-byte chunk in the tiles) and receives, of each matrix q, row l / 4 at
// 32-bit word l % 4 (in r[q]).
#define LDSM_X4(r, QUAD) ldsm_x4(tiles_addr + 16u * (QUAD(lane >> 3, lane & 7)), r)

// acc (16x8, FP32) += a (16x16, f16 pairs) * b (16x8, f16 pairs); _fresh: acc = a * b (the
// accumulator restarts from zero without instructions to clear it).
void mma_f16(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
void mma_f16_fresh(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%10,%10,%10};"
      : "=f"(acc[0]), "=f"(acc[1]), "=f"(acc[2]), "=f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
}
// acc (16x8, FP32) += a (16x8, tf32) * b (8x8, tf32): the tensor cores read the top 19 bits.
void mma_tf32(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};"
      : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
void mma_tf32_fresh(float* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%10,%10,%10};"
      : "=f"(acc[0]), "=f"(acc[1]), "=f"(acc[2]), "=f"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
}
// acc (16x8, s32) += a (16x32, s8 quads) * b (32x8, s8 quads): exact in 32 bits.
void mma_s8(int* acc, const uint* a, uint b0, uint b1) {
  asm("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
uint cvt_rna_tf32(float x) {
  uint r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return r;
}
#ifdef ENGINE_FP64
// FP64: m8n8k4 (sm_80) and the sm_90 shapes m16n8k4, m16n8k8, m16n8k16 (PTX ISA 7.8).
void mma_f64_884(double* c, const double* a, const double* b) {
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
      : "+d"(c[0]), "+d"(c[1])
      : "d"(a[0]), "d"(b[0]));
}
void mma_f64_1684(double* c, const double* a, const double* b) {
  asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a[0]), "d"(a[1]), "d"(b[0]));
}
void mma_f64_1688(double* c, const double* a, const double* b) {
  asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
}
void mma_f64_16816(double* c, const double* a, const double* b) {
  asm("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, "
      "{%12,%13,%14,%15}, {%0,%1,%2,%3};"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]),
        "d"(b[1]), "d"(b[2]), "d"(b[3]));
}
#endif
// The emulated instructions need the warp's scratch; natively there is none.
#define ENGINE_SCRATCH(type)
#define ENGINE_MMA_ARGS

#else  // EMULATE_PTX
uint shared_address(__local const void* p) { return 0; }
void copy16(uint tiles_addr, __local uint4* tiles, int quad, __global const void* src, uint bytes) {
  __global const uint* s = (__global const uint*)src;
  __local uint* d = (__local uint*)(tiles + quad);
  for (uint i = 0; i < 4; ++i) d[i] = 4u * i < bytes ? s[i] : 0u;
}
void copy_commit(void) {}
void copy_wait_first(void) {}
void copy_wait_next(void) {}
// Lane l receives, of each matrix q, row l / 4 at 32-bit word l % 4: the address lane
// 8q + l / 4 gives natively.
#define LDSM_X4(r, QUAD) \
  for (int q_ = 0; q_ < 4; ++q_) r[q_] = ((__local const uint*)tiles)[4 * (QUAD(q_, lane >> 2)) + (lane & 3)]

// The fragment layouts of PTX's mma.m16n8kK (ISA, "Matrix fragments for mma"), E elements of
// a register (1: 32-bit, 2: f16 pairs, 4: s8 quads), element e of register r: A's at row
// g + 8 (r % 2) (m16; g for m8), column E t + e + 4 E (r / 2 for m16, r for m8); B's at k
// E t + e + 4 E r, column g. C's value r at row g + 8 (r / 2), column 2t + r % 2. The warp's
// fragments meet in its __local scratch (A m x kdim row-major, then B kdim x 8 k-major); then
// each lane sums its C values (MAC: a fused multiply-add for floating point).
#define DEFINE_MMA_EMULATED(T, MAC)                                                                 \
  void mma_emulated_##T(T* c, const T* a, const T* b, int m, int kdim, int E, __local T* s, int g,  \
                        int t) {                                                                    \
    const int rows = m / 8;                                                                         \
    for (int i = 0; i < m * kdim / 32; ++i) {                                                       \
      const int r = i / E, e = i % E;                                                               \
      s[(g + 8 * (r % rows)) * kdim + E * t + e + 4 * E * (r / rows)] = a[i];                       \
    }                                                                                               \
    for (int i = 0; i < kdim / 4; ++i) s[m * kdim + (E * t + i % E + 4 * E * (i / E)) * 8 + g] = b[i]; \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                   \
    for (int r = 0; r < 2 * rows; ++r) {                                                            \
      const int row = g + 8 * (r / 2), col = 2 * t + r % 2;                                         \
      for (int k = 0; k < kdim; ++k) c[r] = MAC(s[row * kdim + k], s[m * kdim + k * 8 + col], c[r]); \
    }                                                                                               \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                   \
  }
#define ENGINE_FMA(a, b, c) fma(a, b, c)
#define ENGINE_MAD(a, b, c) ((a) * (b) + (c))
DEFINE_MMA_EMULATED(float, ENGINE_FMA)
DEFINE_MMA_EMULATED(int, ENGINE_MAD)
#ifdef ENGINE_FP64
DEFINE_MMA_EMULATED(double, ENGINE_FMA)
#endif
// A warp's scratch: 384 values (16 x 16 of A and 16 x 8 of B at most) per warp.
// A warp's scratch: A (16 x kdim) and B (kdim x 8): 384 values for k16, 768 for the s8 mma's
// k32 (ENGINE_SCRATCH_VALUES, set by the kernel before it includes the engine).
#ifndef ENGINE_SCRATCH_VALUES
#define ENGINE_SCRATCH_VALUES 384
#endif
#define ENGINE_SCRATCH(type) __local type engine_scratch[ENGINE_SCRATCH_VALUES * (THREADS / 32)];
#define ENGINE_MMA_ARGS \
  , engine_scratch + ENGINE_SCRATCH_VALUES * (get_local_id(0) >> 5), (get_local_id(0) & 31) >> 2, get_local_id(0) & 3
float half_value(uint h) {
  const float sign = (h & 0x8000u) ? -1.0f : 1.0f;
  const uint e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0) return sign * (float)m * 0x1p-24f;
  if (e == 31) return m ? NAN : sign * INFINITY;
  return as_float(((h & 0x8000u) << 16) | ((e + 112u) << 23) | (m << 13));
}
void mma_f16_e(float* acc, const uint* a, uint b0, uint b1, __local float* s, int g, int t) {
  float av[8], bv[4];
  for (int r = 0; r < 4; ++r) {
    av[2 * r] = half_value(a[r] & 0xffffu);
    av[2 * r + 1] = half_value(a[r] >> 16);
  }
  bv[0] = half_value(b0 & 0xffffu), bv[1] = half_value(b0 >> 16);
  bv[2] = half_value(b1 & 0xffffu), bv[3] = half_value(b1 >> 16);
  mma_emulated_float(acc, av, bv, 16, 16, 2, s, g, t);
}
void mma_f16_fresh_e(float* acc, const uint* a, uint b0, uint b1, __local float* s, int g, int t) {
  acc[0] = acc[1] = acc[2] = acc[3] = 0.0f;
  mma_f16_e(acc, a, b0, b1, s, g, t);
}
void mma_tf32_e(float* acc, const uint* a, uint b0, uint b1, __local float* s, int g, int t) {
  const float av[4] = {as_float(a[0] & 0xffffe000u), as_float(a[1] & 0xffffe000u), as_float(a[2] & 0xffffe000u),
                       as_float(a[3] & 0xffffe000u)};
  const float bv[2] = {as_float(b0 & 0xffffe000u), as_float(b1 & 0xffffe000u)};
  mma_emulated_float(acc, av, bv, 16, 8, 1, s, g, t);
}
void mma_tf32_fresh_e(float* acc, const uint* a, uint b0, uint b1, __local float* s, int g, int t) {
  acc[0] = acc[1] = acc[2] = acc[3] = 0.0f;
  mma_tf32_e(acc, a, b0, b1, s, g, t);
}
void mma_s8_e(int* acc, const uint* a, uint b0, uint b1, __local int* s, int g, int t) {
  int av[16], bv[8];
  for (int r = 0; r < 4; ++r)
    for (int e = 0; e < 4; ++e) av[4 * r + e] = (int)(char)((a[r] >> (8 * e)) & 0xffu);
  for (int e = 0; e < 4; ++e) {
    bv[e] = (int)(char)((b0 >> (8 * e)) & 0xffu);
    bv[4 + e] = (int)(char)((b1 >> (8 * e)) & 0xffu);
  }
  mma_emulated_int(acc, av, bv, 16, 32, 4, s, g, t);
}
#define mma_s8(acc, a, b0, b1) mma_s8_e(acc, a, b0, b1 ENGINE_MMA_ARGS)
#define mma_f16(acc, a, b0, b1) mma_f16_e(acc, a, b0, b1 ENGINE_MMA_ARGS)
#define mma_f16_fresh(acc, a, b0, b1) mma_f16_fresh_e(acc, a, b0, b1 ENGINE_MMA_ARGS)
#define mma_tf32(acc, a, b0, b1) mma_tf32_e(acc, a, b0, b1 ENGINE_MMA_ARGS)
#define mma_tf32_fresh(acc, a, b0, b1) mma_tf32_fresh_e(acc, a, b0, b1 ENGINE_MMA_ARGS)
uint cvt_rna_tf32(float x) { return (as_uint(x) + 0x1000u) & 0xffffe000u; }  // finite x: ties away
#ifdef ENGINE_FP64
#define mma_f64_884(c, a, b) mma_emulated_double(c, a, b, 8, 4, 1 ENGINE_MMA_ARGS)
#define mma_f64_1684(c, a, b) mma_emulated_double(c, a, b, 16, 4, 1 ENGINE_MMA_ARGS)
#define mma_f64_1688(c, a, b) mma_emulated_double(c, a, b, 16, 8, 1 ENGINE_MMA_ARGS)
#define mma_f64_16816(c, a, b) mma_emulated_double(c, a, b, 16, 16, 1 ENGINE_MMA_ARGS)
#endif
#endif  // EMULATE_PTX

// The k-loop of every engine kernel (the order above). The kernel defines, before it:
//   SLICES                       k-steps per k-tile
//   LOAD_TILE(stage, kt)         the cp.async copies of k-tile kt into pipeline stage `stage`
//   LOAD_FRAGMENTS(set, stage, slice)  a slice's fragments from a stage into register set 0 / 1
//   MMA_SLICE(set, slice)        the slice's mma from that register set
//   AFTER_TILE(kt)               per k-tile work after its mma (may be empty)
//   COPY_SET(to, from)           register set `from` copied into `to` (odd SLICES: the next
//                                tile's first slice was read into set 1, its loop reads set 0)
//   FRAGMENT_SETS                2: the order above; 1 where two sets of fragments do not fit
//                                beside the accumulators (255 registers a work-item): each
//                                slice's fragments read right before its mma, STAGES - 1
//                                tiles in flight, the barrier at the start of each tile
#if FRAGMENT_SETS == 2
#define ENGINE_K_LOOP(ktiles)                                                               \
  {                                                                                         \
    _Pragma("unroll") for (int st_ = 0; st_ < STAGES; ++st_) {                              \
      if (st_ < (ktiles)) {                                                                 \
        LOAD_TILE(st_, st_);                                                                \
      }                                                                                     \
      copy_commit();                                                                        \
    }                                                                                       \
    copy_wait_first();                                                                      \
    barrier(CLK_LOCAL_MEM_FENCE);                                                           \
    if ((ktiles) > 0) {                                                                     \
      LOAD_FRAGMENTS(0, 0, 0);                                                              \
    }                                                                                       \
    for (int kt = 0; kt < (ktiles); ++kt) {                                                 \
      const int stage_ = kt % STAGES;                                                       \
      _Pragma("unroll") for (int sl = 0; sl < SLICES; ++sl) {                               \
        if (sl + 1 < SLICES) {                                                              \
          if (ENGINE_LOADS) {                                                               \
            LOAD_FRAGMENTS((sl + 1) & 1, stage_, sl + 1);                                   \
          }                                                                                 \
        } else {                                                                            \
          if (ENGINE_SYNC) {                                                                \
            copy_wait_next();                                                               \
            barrier(CLK_LOCAL_MEM_FENCE);                                                   \
          }                                                                                 \
          if (kt + STAGES < (ktiles) && ENGINE_COPIES) {                                    \
            LOAD_TILE(stage_, kt + STAGES);                                                 \
          }                                                                                 \
          copy_commit();                                                                    \
          if (kt + 1 < (ktiles) && ENGINE_LOADS) {                                          \
            LOAD_FRAGMENTS((sl + 1) & 1, (kt + 1) % STAGES, 0);                             \
          }                                                                                 \
        }                                                                                   \
        MMA_SLICE(sl & 1, sl);                                                              \
      }                                                                                     \
      AFTER_TILE(kt)                                                                        \
      if (SLICES % 2) {                                                                     \
        COPY_SET(0, 1);                                                                     \
      }                                                                                     \
    }                                                                                       \
  }
#elif FRAGMENT_SETS == 1
#define ENGINE_K_LOOP(ktiles)                                                               \
  {                                                                                         \
    _Pragma("unroll") for (int st_ = 0; st_ < STAGES - 1; ++st_) {                          \
      if (st_ < (ktiles)) {                                                                 \
        LOAD_TILE(st_, st_);                                                                \
      }                                                                                     \
      copy_commit();                                                                        \
    }                                                                                       \
    for (int kt = 0; kt < (ktiles); ++kt) {                                                 \
      if (ENGINE_SYNC) {                                                                    \
        copy_wait_next();              /* this work-item's copies of tile kt have landed */ \
        barrier(CLK_LOCAL_MEM_FENCE);  /* everyone's have, and tile kt - 1 is not read */   \
      }                                                                                     \
      if (kt + STAGES - 1 < (ktiles) && ENGINE_COPIES) {                                    \
        LOAD_TILE((kt + STAGES - 1) % STAGES, kt + STAGES - 1);                             \
      }                                                                                     \
      copy_commit();                                                                        \
      _Pragma("unroll") for (int sl = 0; sl < SLICES; ++sl) {                               \
        if (ENGINE_LOADS || kt == 0) {                                                      \
          LOAD_FRAGMENTS(0, kt % STAGES, sl);                                               \
        }                                                                                   \
        MMA_SLICE(0, sl);                                                                   \
      }                                                                                     \
      AFTER_TILE(kt)                                                                        \
    }                                                                                       \
  }
#else
#error "FRAGMENT_SETS must be 1 or 2"
#endif
