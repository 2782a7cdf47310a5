// The library's layout work as kernels rather than clEnqueueFillBuffer/CopyBufferRect:
// every write is then a kernel that oclgrind's uninitialised-value checker can follow
// (it tracks neither of those commands), and padding takes one pass instead of two.

// Sets a buffer of floats to a value; launched in pieces from element `base` (a buffer may
// hold more than 2^32 floats).
__kernel void fill_float(__global float* p, const float value, const ulong count, const ulong base) {
  const size_t i = base + get_global_id(0);
  if (i < count) p[i] = value;
}

// dst (dst_rows x dst_cols, row pitch dst_cols) = src (rows x cols, row pitch src_pitch)
// with zeros beyond it: padding to tile multiples and back, in one pass.
__kernel void copy_padded(__global const float* src, const int src_pitch, const int rows, const int cols,
                          __global float* dst, const int dst_rows, const int dst_cols) {
  const int c = get_global_id(0);
  const int r = get_global_id(1);
  if (c >= dst_cols || r >= dst_rows) return;
  dst[(size_t)r * dst_cols + c] = (r < rows && c < cols) ? src[(size_t)r * src_pitch + c] : 0.0f;
}

// x (n floats) packed as float4 pixels into an image 1 << LOG_WIDTH pixels wide, zeros
// beyond n (DIA step 5 reads x through it). One work-item per pixel.
__kernel void pack_image(__global const float* x, const int n, __write_only image2d_t img, const int log_width,
                         const int pixels) {
  const int p = get_global_id(0);
  if (p >= pixels) return;
  const int i = 4 * p;
  const float4 v = (float4)(i < n ? x[i] : 0.0f, i + 1 < n ? x[i + 1] : 0.0f, i + 2 < n ? x[i + 2] : 0.0f,
                            i + 3 < n ? x[i + 3] : 0.0f);
  write_imagef(img, (int2)(p & ((1 << log_width) - 1), p >> log_width), v);
}
