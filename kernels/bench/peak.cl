// The device's own ceilings, measured as clpeak does.
// copy_float / copy_float4: global-memory bandwidth (bytes read + written per second).
// fma_chains: FP32 rate; each work-item advances CHAINS independent chains of dependent
// mad() ITERS times (enough independent work to hide the FMA latency). The multipliers
// come from arguments so the compiler cannot fold the chains away.
__kernel void copy_float(__global const float* in, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = in[i];
}

__kernel void copy_float4(__global const float4* in, __global float4* out) {
  const size_t i = get_global_id(0);
  out[i] = in[i];
}

#define CHAINS 8
#ifndef ITERS
#define ITERS 1024
#endif
__kernel void fma_chains(__global float* out, const float m, const float c) {
  float v[CHAINS];
#pragma unroll
  for (int j = 0; j < CHAINS; ++j) v[j] = (float)get_global_id(0) * 1e-9f + j;
  for (int i = 0; i < ITERS; ++i) {
#pragma unroll
    for (int j = 0; j < CHAINS; ++j) v[j] = mad(v[j], m, c);
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < CHAINS; ++j) s += v[j];
  out[get_global_id(0)] = s;
}
