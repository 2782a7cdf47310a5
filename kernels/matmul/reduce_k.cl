// The report's "atomic" idea done right: one work-group per element of C. Its GROUP
// work-items split the k-sum (strided, so any COLSROWS works in one launch), then combine
// the partial sums in __local memory:
//   REDUCE_ATOMIC 0: a tree reduction (GROUP is a power of two);
//   REDUCE_ATOMIC 1: a float add built from atomic_cmpxchg on one __local word.
// Launch: global (COLS2 * GROUP, ROWS1), local (GROUP, 1).

#if REDUCE_ATOMIC
// Adds v to *p atomically. OpenCL 1.2 has no float atomics: retry a compare-and-swap of the
// bit pattern, starting from whatever value the previous attempt saw.
inline void local_atomic_add(volatile __local uint* p, float v) {
  uint expected = as_uint(0.0f);
  for (;;) {
    const uint seen = atomic_cmpxchg(p, expected, as_uint(as_float(expected) + v));
    if (seen == expected) return;
    expected = seen;
  }
}
#endif

__kernel void matmul_reduce_k(__global const float* a, __global const float* b, __global float* c) {
  const int col = get_group_id(0);
  const int r = get_group_id(1);
  const int lid = get_local_id(0);
  float part = 0.0f;
  for (int k = lid; k < COLSROWS; k += GROUP)
    part += a[(size_t)r * COLSROWS + k] * b[(size_t)k * COLS2 + col];
#if REDUCE_ATOMIC
  __local uint total;
  if (lid == 0) total = as_uint(0.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  local_atomic_add(&total, part);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) c[(size_t)r * COLS2 + col] = as_float(total);
#else
  __local float partial[GROUP];
  partial[lid] = part;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = GROUP / 2; stride > 0; stride /= 2) {
    if (lid < stride) partial[lid] += partial[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) c[(size_t)r * COLS2 + col] = partial[0];
#endif
}
