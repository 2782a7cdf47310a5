// The transpose experiment (variants 1-3) and the transpose launch that layout conversions
// reuse (B to column-major).
#pragma once
#include "context.hpp"

namespace mqlcl {

// mqlcl_transpose: C (cols x rows) = transpose of slot A (rows x cols).
void run_transpose(Context& ctx, int variant, int rows, int cols, int tile);

// Work-items per tile column of the tiled variants: the largest divisor of tile that is
// <= 8 and keeps the group at <= 256 work-items, so every work-item moves tile / ly whole
// rows of the tile (a non-divisor would leave rows of C unwritten).
int transpose_rows_per_group(int tile);

// Enqueues one transpose kernel launch: variant 1 naive, 2 tile, 3 padded tile.
void enqueue_transpose(Context& ctx, int variant, int tile, const cl::Buffer& src, size_t rows,
                       size_t cols, cl::Buffer& dst, size_t out_pitch, bool as_convert);

}  // namespace mqlcl
