// The device's own ceilings, measured as clpeak does.
// copy_float / copy_float4: global-memory bandwidth (bytes read + written per second).
// fma_chains (FP32, mad) / fma_chains_fp64 (FP64 fma, devices with cl_khr_fp64): the
// arithmetic rate; each work-item advances CHAINS independent chains (of vectors of W) of
// dependent multiply-adds ITERS times (enough independent work to hide the FMA latency). The
// multipliers come from arguments so the compiler cannot fold the chains away.
// Launched in pieces (a buffer may hold more than 2^32 floats): `base` is the piece's first
// element, passed as an argument because drivers need not index past 2^32 with global offsets.
__kernel void copy_float(__global const float* in, __global float* out, const ulong base) {
  const size_t i = base + get_global_id(0);
  out[i] = in[i];
}

__kernel void copy_float4(__global const float4* in, __global float4* out, const ulong base) {
  const size_t i = base + get_global_id(0);
  out[i] = in[i];
}

#define CHAINS 8
#ifndef ITERS
#define ITERS 1024
#endif
// W: the chains' vector width. A GPU runs the scalar kernels at its peak; a processor's OpenCL
// (PoCL) does not spread a work-group's scalar chains over its SIMD lanes, and reaches its peak
// only with vectors of its preferred width (measure/peak.cpp builds both and keeps the faster).
#ifndef W
#define W 1
#endif
#if W == 1
#define FLOATW float
#define DOUBLEW double
#else
#define JOIN2(a, b) a##b
#define JOIN(a, b) JOIN2(a, b)
#define FLOATW JOIN(float, W)
#define DOUBLEW JOIN(double, W)
#endif
// One kernel per element T, its vector TW and multiply-add OP.
#define FMA_CHAINS(NAME, T, TW, OP)                                          \
  __kernel void NAME(__global TW* out, const T m, const T c) {               \
    TW v[CHAINS];                                                            \
    _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) v[j] = (TW)((T)get_global_id(0) * (T)1e-9f + j); \
    for (int i = 0; i < ITERS; ++i) {                                        \
      _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) v[j] = OP(v[j], (TW)(m), (TW)(c)); \
    }                                                                        \
    TW s = (TW)(0);                                                          \
    _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) s += v[j];            \
    out[get_global_id(0)] = s;                                               \
  }

// A vector build holds the kernel of its element only (FP32_ONLY, FP64_ONLY): the other's
// vector may be wider than the processor's registers (a compiler warning, a different ABI).
#ifndef FP64_ONLY
FMA_CHAINS(fma_chains, float, FLOATW, mad)
#endif
#if defined(cl_khr_fp64) && !defined(FP32_ONLY)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
FMA_CHAINS(fma_chains_fp64, double, DOUBLEW, fma)  // one rounding, as DGEMM's
#endif

// Nothing: the time of a launch and its wait (the device profile's launch overhead).
__kernel void launch_probe(__global float* out) {
  if (get_global_id(0) == 0xFFFFFFFFu) out[0] = 0.0f;
}
