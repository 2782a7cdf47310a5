#include "catalog/cpu_tiles.hpp"

#include "core/error.hpp"

namespace mqlcl {

namespace {

constexpr int kCpuTileParamCount = 6;

// The device's preferred float vector (PoCL: the processor's SIMD width, 8 with AVX2, 16 with
// AVX-512), in doubles half of it; 4 where a device does not say.
int vector_width(const DeviceFacts& f, int element_bytes) {
  const int floats = f.preferred_float_width >= 2 && f.preferred_float_width <= 16 ? static_cast<int>(f.preferred_float_width) : 4;
  return element_bytes == 8 ? (floats > 2 ? floats / 2 : 2) : floats;
}

// A 6 x 2-vector tile: 12 accumulators, two vectors of B and a broadcast of A fill the 16
// vector registers of AVX2; 16 x 4 tiles a work-item and chunks of 256 of k keep a chunk of B's
// columns in the first-level cache and of A's rows in the second (docs/results-cpu.md).
void cpu_defaults(int vw, int* out) {
  const int d[kCpuTileParamCount] = {vw, 6, 2, 16, 4, 256};
  for (int i = 0; i < kCpuTileParamCount; ++i) out[i] = d[i];
}

TileProduct cpu_product(const int* p, int is_double) {
  TileProduct d;
  const int vw = p[0], rm = p[1], nv = p[2], bi = p[3], bj = p[4], kc = p[5];
  d.bm = rm * bi, d.bn = vw * nv * bj, d.bk = 1;
  d.local0 = 1, d.local1 = 1;
  d.defines = str("-DDOUBLE=", is_double, " -DVW=", vw, " -DRM=", rm, " -DNV=", nv, " -DBI=", bi, " -DBJ=", bj,
                  " -DKC=", kc);
  return d;
}

// The defaults (AVX2, then a device that states no width), then larger blocks and other
// register tiles; each at the widths of AVX2, AVX-512 and SSE.
constexpr TileVector kSgemmCpuCandidates[] = {
    {8, 6, 2, 16, 4, 256},  {4, 6, 2, 16, 4, 256},  {8, 6, 2, 32, 2, 128},  {8, 6, 2, 32, 4, 256}, {8, 4, 3, 32, 2, 128},
    {8, 4, 2, 16, 4, 256},  {8, 8, 1, 16, 4, 256},  {16, 6, 2, 16, 4, 256}, {16, 4, 2, 16, 2, 256},
    {16, 8, 2, 16, 2, 256}, {4, 6, 2, 16, 8, 256},  {4, 4, 3, 16, 4, 256}};
constexpr TileVector kDgemmCpuCandidates[] = {
    {4, 6, 2, 16, 4, 256},  {2, 6, 2, 16, 4, 256},  {4, 6, 2, 32, 2, 128},  {4, 4, 3, 32, 2, 128}, {4, 6, 2, 32, 4, 256},
    {4, 4, 2, 16, 4, 256},  {4, 8, 1, 16, 4, 256},  {8, 6, 2, 16, 4, 256}, {8, 4, 2, 16, 2, 256},
    {8, 8, 2, 16, 2, 256},  {2, 6, 2, 16, 8, 256},  {2, 4, 3, 16, 4, 256}};

void sgemm_cpu_defaults(const DeviceFacts& f, int* out) { cpu_defaults(vector_width(f, 4), out); }
void dgemm_cpu_defaults(const DeviceFacts& f, int* out) { cpu_defaults(vector_width(f, 8), out); }

TileProduct sgemm_cpu_product(const int* p) { return cpu_product(p, 0); }
TileProduct dgemm_cpu_product(const int* p) { return cpu_product(p, 1); }

// A vector wider than the device's preferred one spans several registers and changes the
// calling convention (the compiler warns): refused where the device states its width.
void validate_cpu_tiles(const int* p, const DeviceFacts& f, int element_bytes) {
  const int vw = p[0], rm = p[1], nv = p[2], bi = p[3], bj = p[4], kc = p[5];
  if (vw != 1 && vw != 2 && vw != 4 && vw != 8 && vw != 16)
    fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: VW ", vw, " is not 1, 2, 4, 8 or 16 (an OpenCL vector's width)");
  if (f.preferred_float_width >= 2 && vw > vector_width(f, element_bytes))
    fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: VW ", vw, " is wider than the device's preferred vector of ",
         vector_width(f, element_bytes), element_bytes == 8 ? " doubles" : " floats");
  if (rm < 1 || rm > 16 || nv < 1 || nv > 8)
    fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: RM must be 1 .. 16 and NV 1 .. 8, not ", rm, " and ", nv);
  if (rm * nv > 32)
    fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: RM x NV = ", rm * nv, " vectors of C exceed 32 (no processor holds them)");
  if (bi < 1 || bi > 64 || bj < 1 || bj > 64)
    fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: BI and BJ must be 1 .. 64, not ", bi, " and ", bj);
  if (kc < 1 || kc > 4096) fail(MQLCL_ERR_ARGUMENT, "CPU GEMM: KC ", kc, " is outside 1 .. 4096");
}

void validate_sgemm_cpu_params(const int* p, const DeviceFacts& f) { validate_cpu_tiles(p, f, 4); }
void validate_dgemm_cpu_params(const int* p, const DeviceFacts& f) { validate_cpu_tiles(p, f, 8); }

}  // namespace

const TileRule kSgemmCpuTiles = {kCpuTileParamCount,
                                 "VW RM NV BI BJ KC",
                                 sgemm_cpu_defaults,
                                 validate_sgemm_cpu_params,
                                 kSgemmCpuCandidates,
                                 sizeof(kSgemmCpuCandidates) / sizeof(kSgemmCpuCandidates[0]),
                                 sgemm_cpu_product};
const TileRule kDgemmCpuTiles = {kCpuTileParamCount,
                                 "VW RM NV BI BJ KC",
                                 dgemm_cpu_defaults,
                                 validate_dgemm_cpu_params,
                                 kDgemmCpuCandidates,
                                 sizeof(kDgemmCpuCandidates) / sizeof(kDgemmCpuCandidates[0]),
                                 dgemm_cpu_product};

}  // namespace mqlcl
