#include "experiments/layout.hpp"

#include "experiments/transpose.hpp"
#include "core/checked_math.hpp"
#include "scratch_buffers.hpp"

namespace mqlcl {

namespace {
struct LayoutState {
  ScratchBuffers<LayoutScratch> buffers{"a layout buffer"};
};
}  // namespace

cl::Buffer& layout_scratch(Context& ctx, LayoutScratch use, size_t bytes) {
  return ctx.state<LayoutState>().buffers.get(ctx, use, bytes);
}

void copy_padded(Context& ctx, const cl::Buffer& src, size_t src_pitch, size_t rows, size_t cols, cl::Buffer& dst,
                 size_t dst_rows, size_t dst_cols) {
  cl::Kernel k = ctx.embedded("util/layout.cl", "", "copy_padded");
  k.setArg(0, src);
  k.setArg(1, static_cast<int>(src_pitch));
  k.setArg(2, static_cast<int>(rows));
  k.setArg(3, static_cast<int>(cols));
  k.setArg(4, dst);
  k.setArg(5, static_cast<int>(dst_rows));
  k.setArg(6, static_cast<int>(dst_cols));
  ctx.launch_convert(k, cl::NDRange(round_up(dst_cols, 16), round_up(dst_rows, 4)), cl::NDRange(16, 4));
}

cl::Buffer pad_matrix(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                      size_t prows, size_t pcols, LayoutScratch use) {
  cl::Buffer dst = layout_scratch(ctx, use, checked_mul(checked_mul(prows, pcols, "padded size"), 4, "padded bytes"));
  copy_padded(ctx, src, cols, rows, cols, dst, prows, pcols);
  return dst;
}

void unpad_matrix(Context& ctx, const cl::Buffer& src, size_t src_pitch, cl::Buffer& dst,
                  size_t rows, size_t cols) {
  copy_padded(ctx, src, src_pitch, rows, cols, dst, rows, cols);
}

cl::Buffer transpose_into(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                          size_t out_pitch, LayoutScratch use) {
  const size_t bytes = checked_mul(checked_mul(cols, out_pitch, "transposed size"), 4, "bytes");
  cl::Buffer dst = layout_scratch(ctx, use, bytes);
  if (out_pitch != rows)
    ctx.fill(dst, 0.0f, bytes / 4);
  const int tile = ctx.facts().max_work_group >= 256 ? 16 : 8;
  enqueue_transpose(ctx, 3, tile, src, rows, cols, dst, out_pitch, true);
  return dst;
}

}  // namespace mqlcl
