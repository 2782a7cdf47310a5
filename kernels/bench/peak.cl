// The device's own ceilings, measured as clpeak does.
// copy_float / copy_float4: global-memory bandwidth (bytes read + written per second).
// fma_chains (FP32, mad) / fma_chains_fp64 (FP64 fma, devices with cl_khr_fp64): the
// arithmetic rate; each work-item advances CHAINS independent chains of dependent
// multiply-adds ITERS times (enough independent work to hide the FMA latency). The
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
// One kernel per type T and multiply-add OP.
#define FMA_CHAINS(NAME, T, OP)                                              \
  __kernel void NAME(__global T* out, const T m, const T c) {                \
    T v[CHAINS];                                                             \
    _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) v[j] = (T)get_global_id(0) * (T)1e-9f + j; \
    for (int i = 0; i < ITERS; ++i) {                                        \
      _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) v[j] = OP(v[j], m, c);  \
    }                                                                        \
    T s = 0;                                                                 \
    _Pragma("unroll") for (int j = 0; j < CHAINS; ++j) s += v[j];            \
    out[get_global_id(0)] = s;                                               \
  }

FMA_CHAINS(fma_chains, float, mad)
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
FMA_CHAINS(fma_chains_fp64, double, fma)  // one rounding, as DGEMM's
#endif

// Nothing: the time of a launch and its wait (the device profile's launch overhead).
__kernel void launch_probe(__global float* out) {
  if (get_global_id(0) == 0xFFFFFFFFu) out[0] = 0.0f;
}
