// Tensor-core ceilings (NVIDIA, compute capability >= 8.0: inline PTX mma.sync), measured as
// peak.cl's fma_chains: each work-item's warp runs 8 independent chains of dependent mma.sync
// ITERS times on registers only (no memory traffic), so the rate is the tensor cores' own.
// One m16n8k8 .tf32 mma is 2*16*8*8 = 2048 FLOP a warp; one m16n8k16 .bf16 4096. The operands
// come from the seed so the compiler cannot fold the chains away; the sums are stored.
#ifndef ITERS
#define ITERS 4096
#endif
#define CHAINS 8

// One kernel per instruction: both shapes take four A, two B and four C registers a lane.
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
