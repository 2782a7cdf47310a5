// Tensor-core ceilings (NVIDIA, compute capability >= 8.0: inline PTX mma.sync), measured as
// peak.cl's fma_chains: each work-item's warp runs 8 independent chains of dependent mma.sync
// ITERS times on registers only (no memory traffic), so the rate is the tensor cores' own.
// One m16n8k8 .tf32 mma is 2*16*8*8 = 2048 FLOP a warp; one m16n8k16 .bf16 or .f16 4096; one
// m16n8k32 .s8 8192 integer operations. The operands
// come from the seed so the compiler cannot fold the chains away; the sums are stored.
#ifndef ITERS
#define ITERS 4096
#endif
#define CHAINS 8

// One kernel per instruction: these shapes take four A, two B and four C registers a lane.
#define MMA_PEAK_KERNEL(NAME, MMA)                                                      \
  __kernel void NAME(__global float* out, const float seed) {                         \
    float c[CHAINS][4];                                                                \
    const uint a = as_uint(seed) + get_local_id(0), b = a ^ 0x5555u;                   \
    for (int i = 0; i < CHAINS; ++i)                                                   \
      for (int r = 0; r < 4; ++r) c[i][r] = 0.0f;                                      \
    for (int it = 0; it < ITERS; ++it) {                                               \
      _Pragma("unroll") for (int i = 0; i < CHAINS; ++i) asm volatile(                 \
          MMA " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"                 \
          : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])                 \
          : "r"(a), "r"(b), "r"(a), "r"(b), "r"(a), "r"(b));                           \
    }                                                                                  \
    float s = 0.0f;                                                                    \
    for (int i = 0; i < CHAINS; ++i)                                                   \
      for (int r = 0; r < 4; ++r) s += c[i][r];                                        \
    out[get_global_id(0)] = s;                                                         \
  }

MMA_PEAK_KERNEL(mma_tf32_peak, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32")
MMA_PEAK_KERNEL(mma_bf16_peak, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
MMA_PEAK_KERNEL(mma_fp16_peak, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32")

// INT8 inputs, INT32 sums: the same registers, integer accumulators.
__kernel void mma_int8_peak(__global float* out, const float seed) {
  int c[CHAINS][4];
  const uint a = as_uint(seed) + get_local_id(0), b = a ^ 0x5555u;
  for (int i = 0; i < CHAINS; ++i)
    for (int r = 0; r < 4; ++r) c[i][r] = 0;
  for (int it = 0; it < ITERS; ++it) {
#pragma unroll
    for (int i = 0; i < CHAINS; ++i)
      asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+r"(c[i][0]), "+r"(c[i][1]), "+r"(c[i][2]), "+r"(c[i][3])
                   : "r"(a), "r"(b), "r"(a), "r"(b), "r"(a), "r"(b));
  }
  int s = 0;
  for (int i = 0; i < CHAINS; ++i)
    for (int r = 0; r < 4; ++r) s += c[i][r];
  out[get_global_id(0)] = (float)s;
}

// FP64 (DMMA): one kernel, built with -DF64_SHAPE = 884 (m8n8k4, sm_80: 512 FLOP a warp),
// 1684 (m16n8k4: 1024), 1688 (m16n8k8: 2048) or 16816 (m16n8k16: 4096); the m16 shapes are
// sm_90's (PTX ISA 7.8), so each is a separate build that may fail where they do not exist.
#ifdef F64_SHAPE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#if F64_SHAPE == 884
#define F64_MMA(c, a, b) \
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};" \
               : "+d"(c[0]), "+d"(c[1]) : "d"(a), "d"(b))
#elif F64_SHAPE == 1684
#define F64_MMA(c, a, b)                                                                                       \
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};" \
               : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a), "d"(b), "d"(a))
#elif F64_SHAPE == 1688
#define F64_MMA(c, a, b)                                                                              \
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, " \
               "{%0,%1,%2,%3};"                                                                       \
               : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a), "d"(b), "d"(a), "d"(b), "d"(a), "d"(b))
#elif F64_SHAPE == 16816
#define F64_MMA(c, a, b)                                                                                    \
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, " \
               "{%12,%13,%14,%15}, {%0,%1,%2,%3};"                                                          \
               : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])                                             \
               : "d"(a), "d"(b), "d"(a), "d"(b), "d"(a), "d"(b), "d"(a), "d"(b), "d"(b), "d"(a), "d"(b), "d"(a))
#else
#error "F64_SHAPE must be 884, 1684, 1688 or 16816"
#endif
__kernel void mma_f64_peak(__global double* out, const double seed) {
  double c[CHAINS][4];
  const double a = seed + get_local_id(0), b = a * 0.5;
  for (int i = 0; i < CHAINS; ++i)
    for (int r = 0; r < 4; ++r) c[i][r] = 0.0;
  for (int it = 0; it < ITERS; ++it) {
#pragma unroll
    for (int i = 0; i < CHAINS; ++i) F64_MMA(c[i], a, b);
  }
  double s = 0.0;
  for (int i = 0; i < CHAINS; ++i)
    for (int r = 0; r < 4; ++r) s += c[i][r];
  out[get_global_id(0)] = s;
}
#endif
