// Tiles of the GEMM kernel for processors (kernels/gemm/gemm_cpu.cl), FP32 and FP64: the vector
// width, the register tile, the block a work-item computes and the k chunk, as tunable vectors
// with their rules. The packed path's Grid launcher (gemm/gemm_packed) reads them through the
// rule's `product`.
#pragma once

#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

// VW RM NV BI BJ KC: vectors of VW elements; an RM x (VW * NV) tile of C in registers; a
// work-item's block of BI x BJ tiles; k in chunks of KC.
constexpr int kCpuTileParamCount = 6;
void sgemm_cpu_defaults(const DeviceFacts& f, int* out);
void dgemm_cpu_defaults(const DeviceFacts& f, int* out);
void validate_sgemm_cpu_params(const int* params, const DeviceFacts& f);
void validate_dgemm_cpu_params(const int* params, const DeviceFacts& f);
TileProduct sgemm_cpu_product(const int* params);
TileProduct dgemm_cpu_product(const int* params);

extern const TileRule kSgemmCpuTiles;
extern const TileRule kDgemmCpuTiles;

}  // namespace mqlcl
