// Tiles of the GEMM kernel for processors (kernels/gemm/gemm_cpu.cl), FP32 and FP64: the vector
// width, the register tile, the block a work-item computes and the k chunk, as tunable vectors
// with their rules. The packed path's Grid launcher (gemm/gemm_packed) reads them through the
// rule's `product`.
#pragma once

#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

// VW RM NV BI BJ KC: vectors of VW elements; an RM x (VW * NV) tile of C in registers; a
// work-item's block of BI x BJ tiles; k in chunks of KC. One rule per element type.
extern const TileRule kSgemmCpuTiles;
extern const TileRule kDgemmCpuTiles;

}  // namespace mqlcl
