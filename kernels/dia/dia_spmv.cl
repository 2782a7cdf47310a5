// y = A * x with A (rows x rows) in DIA storage: one row of `values` per stored diagonal,
// values[d * pitch + row] = A[row][row + offsets[d]] (offsets from -(rows-1) to rows-1).
// Steps of the exercise (000) and the AMD case study (004):
//   dia_spmv_scalar, OFFSETS_LOCAL 0: step 1 (pitch = rows) and step 2 (aligned pitch);
//   dia_spmv_scalar, OFFSETS_LOCAL 1: step 3, offsets staged in __local (any count);
//   dia_spmv_vec4,   X_IMAGE 0:       step 4, four rows per work-item with float4;
//   dia_spmv_vec4,   X_IMAGE 1:       step 5, x read through an image (texture cache).
// Entries of a diagonal that fall outside the matrix are ignored whatever they hold.

#if OFFSETS_LOCAL
// Every work-item of the group copies a share of the offsets, then all wait.
#define STAGE_OFFSETS()                                                       \
  for (int i = get_local_id(0); i < diags; i += get_local_size(0)) l_off[i] = offsets[i]; \
  barrier(CLK_LOCAL_MEM_FENCE)
#define OFFSET(d) l_off[d]
#else
#define STAGE_OFFSETS() (void)l_off
#define OFFSET(d) offsets[d]
#endif

__kernel void dia_spmv_scalar(__global const float* values, const int pitch, const int rows,
                              const int diags, __global const int* offsets,
                              __global const float* x, __global float* y, __local int* l_off) {
  STAGE_OFFSETS();
  const int row = get_global_id(0);
  if (row >= rows) return;  // after the barrier: every work-item has reached it
  float acc = 0.0f;
  __global const float* m = values + row;
  for (int d = 0; d < diags; ++d) {
    const int col = row + OFFSET(d);
    if (col >= 0 && col < rows) acc += *m * x[col];
    m += pitch;
  }
  y[row] = acc;
}

#if X_IMAGE
// x laid out as float4 pixels, 1 << LOG_WIDTH pixels per image row. Elements col..col+3
// span one pixel when col is a multiple of 4, else two: read both, and shuffle2 picks the
// four consecutive elements from the eight (one line for the case study's three
// misaligned branches). Coordinates outside the image read the border colour (0,0,0,0)
// of CLK_ADDRESS_CLAMP.
#define X_ARG __read_only image2d_t x
// At program scope: OpenCL 1.2 allows a sampler there, in a kernel's outermost scope or as
// an argument, not inside a helper function (as the case study's listing has it).
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
inline float4 read_x4(__read_only image2d_t x, const int rows, const int col) {
  const int q = col >> 2;  // floor(col / 4), also for negative col
  const int align = col & 3;
  const int width_mask = (1 << LOG_WIDTH) - 1;
  const float4 v0 = read_imagef(x, smp, (int2)(q & width_mask, q >> LOG_WIDTH));
  if (align == 0) return v0;
  const float4 v1 = read_imagef(x, smp, (int2)((q + 1) & width_mask, (q + 1) >> LOG_WIDTH));
  return shuffle2(v0, v1, (uint4)(align) + (uint4)(0, 1, 2, 3));
}
#else
#define X_ARG __global const float* x
inline float4 read_x4(__global const float* x, const int rows, const int col) {
  if (col >= 0 && col + 3 < rows) return vload4(0, x + col);
  const int4 c = col + (int4)(0, 1, 2, 3);
  return (float4)(c.x >= 0 && c.x < rows ? x[c.x] : 0.0f, c.y >= 0 && c.y < rows ? x[c.y] : 0.0f,
                  c.z >= 0 && c.z < rows ? x[c.z] : 0.0f, c.w >= 0 && c.w < rows ? x[c.w] : 0.0f);
}
#endif

// pitch is a multiple of 4 and the values beyond `rows` in each diagonal are zero padding.
__kernel void dia_spmv_vec4(__global const float* values, const int pitch, const int rows,
                            const int diags, __global const int* offsets, X_ARG,
                            __global float* y, __local int* l_off) {
  STAGE_OFFSETS();
  const int row = get_global_id(0) * 4;
  if (row >= rows) return;
  float4 acc = (float4)(0.0f);
  __global const float* m = values + row;
  for (int d = 0; d < diags; ++d) {
    const int col = row + OFFSET(d);
    float4 mv = vload4(0, m);
    if (col < 0 || col + 3 >= rows || row + 3 >= rows) {
      // At an edge: drop the lanes whose row or column lies outside the matrix.
      const int4 lane = (int4)(0, 1, 2, 3);
      const int4 c = col + lane;
      mv = select((float4)(0.0f), mv, (c >= 0) && (c < rows) && (row + lane < rows));
    }
    acc += mv * read_x4(x, rows, col);
    m += pitch;
  }
  if (row + 3 < rows) {
    vstore4(acc, 0, y + row);
  } else {
    y[row] = acc.x;
    if (row + 1 < rows) y[row + 1] = acc.y;
    if (row + 2 < rows) y[row + 2] = acc.z;
  }
}
