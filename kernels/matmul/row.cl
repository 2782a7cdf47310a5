// One work-item computes a whole row of C = A * B (1D range over the rows).
// Serves the article's stages 4, 5, 7, 8, 9 and the report's MatrixMultiply0.
//   B_COLMAJOR     1: B stored column by column (COLSROWS floats per column); 0: row-major
//   ROW_IN_PRIVATE copy the row of A into private memory first
//   ROW_AS_VECTOR  keep that private row as floatVW (else as floats)
//   VW             1, 4 or 8: width of the dot products; COLSROWS is then a multiple of VW
//                  (the library pads A and B with zeros to get there)
#if VW == 1
typedef float vec_t;
#define LOADV(i, p) ((p)[i])
#define DOTV(x, y) ((x) * (y))
#elif VW == 4
typedef float4 vec_t;
#define LOADV(i, p) vload4((i), (p))
#define DOTV(x, y) dot((x), (y))
#elif VW == 8
typedef float8 vec_t;
// OpenCL's dot() stops at 4 components: fold the 8 products into 4, then sum those.
inline float dot8(float8 x, float8 y) {
  const float8 p = x * y;
  return dot(p.lo + p.hi, (float4)(1.0f));
}
#define LOADV(i, p) vload8((i), (p))
#define DOTV(x, y) dot8((x), (y))
#else
#error "VW must be 1, 4 or 8"
#endif
#if !B_COLMAJOR && VW != 1
#error "vector stages read B column by column"
#endif
#define KV (COLSROWS / VW)

__kernel void matmul_row(__global const float* a, __global const float* b, __global float* c) {
  const int r = get_global_id(0);
  if (r >= ROWS1) return;
  __global const float* arow = a + (size_t)r * COLSROWS;
#if ROW_IN_PRIVATE && ROW_AS_VECTOR
  vec_t rowbuf[KV];
  for (int i = 0; i < KV; ++i) rowbuf[i] = LOADV(i, arow);
#define ROW_V(i) rowbuf[i]
#elif ROW_IN_PRIVATE
  float rowbuf[COLSROWS];
  for (int i = 0; i < COLSROWS; ++i) rowbuf[i] = arow[i];
#define ROW_V(i) LOADV(i, rowbuf)
#else
#define ROW_V(i) LOADV(i, arow)
#endif
  for (int col = 0; col < COLS2; ++col) {
    float sum = 0.0f;
#if B_COLMAJOR
    __global const float* bcol = b + (size_t)col * COLSROWS;
    for (int i = 0; i < KV; ++i) sum += DOTV(ROW_V(i), LOADV(i, bcol));
#else
    for (int i = 0; i < COLSROWS; ++i) sum += ROW_V(i) * b[(size_t)i * COLS2 + col];
#endif
    c[(size_t)r * COLS2 + col] = sum;
  }
}
