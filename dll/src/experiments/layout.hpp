// Layout conversions some stages need before their kernel: zero padding to a pitch, and
// B to column-major through the padded-tile transpose. All of it is timed as "convert".
#pragma once
#include "context.hpp"

namespace mqlcl {

// The layout buffers, one per operand of a stage or a GEMM kernel that needs its layout
// changed; shared by every caller of this file (the matmul stages, the GEMM launchers, the DIA
// SpMV), which never use one twice in an operation.
enum class LayoutScratch { A, B, C };
// The buffer of `use`, of at least `bytes` (its contents lost when it grows).
cl::Buffer& layout_scratch(Context& ctx, LayoutScratch use, size_t bytes);

// dst (dst_rows x dst_cols) = src (rows x cols, pitch src_pitch), zero beyond it.
void copy_padded(Context& ctx, const cl::Buffer& src, size_t src_pitch, size_t rows, size_t cols, cl::Buffer& dst,
                 size_t dst_rows, size_t dst_cols);
// A rows x cols matrix copied into a zeroed prows x pcols one (layout buffer `use`).
cl::Buffer pad_matrix(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                      size_t prows, size_t pcols, LayoutScratch use);
// The top-left rows x cols of a matrix with row pitch src_pitch, copied into dst.
void unpad_matrix(Context& ctx, const cl::Buffer& src, size_t src_pitch, cl::Buffer& dst,
                  size_t rows, size_t cols);
// The transpose (cols x out_pitch, zero beyond rows) of a rows x cols matrix.
cl::Buffer transpose_into(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                          size_t out_pitch, LayoutScratch use);
}  // namespace mqlcl
