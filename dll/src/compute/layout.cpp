#include "compute/layout.hpp"

#include <array>

namespace mqlcl {

cl::Buffer pad_matrix(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                      size_t prows, size_t pcols, int id) {
  const size_t bytes = checked_mul(checked_mul(prows, pcols, "padded size"), 4, "padded bytes");
  cl::Buffer dst = ctx.scratch(id, bytes);
  ctx.queue().enqueueFillBuffer(dst, 0.0f, 0, bytes, nullptr, ctx.convert_event());
  const std::array<size_t, 3> origin{0, 0, 0}, region{cols * 4, rows, 1};
  ctx.queue().enqueueCopyBufferRect(src, dst, origin, origin, region, cols * 4, 0, pcols * 4, 0,
                                    nullptr, ctx.convert_event());
  return dst;
}

void unpad_matrix(Context& ctx, const cl::Buffer& src, size_t src_pitch, cl::Buffer& dst,
                  size_t rows, size_t cols) {
  const std::array<size_t, 3> origin{0, 0, 0}, region{cols * 4, rows, 1};
  ctx.queue().enqueueCopyBufferRect(src, dst, origin, origin, region, src_pitch * 4, 0, cols * 4, 0,
                                    nullptr, ctx.convert_event());
}

void enqueue_transpose(Context& ctx, int variant, int tile, const cl::Buffer& src, size_t rows,
                       size_t cols, cl::Buffer& dst, size_t out_pitch, bool as_convert) {
  const bool tiled = variant != 1;
  cl::Kernel k = ctx.embedded("transpose/transpose.cl",
                              str("-DTILE=", tile, " -DPAD=", variant == 3 ? 1 : 0),
                              tiled ? "transpose_tile" : "transpose_naive");
  k.setArg(0, src);
  k.setArg(1, static_cast<int>(rows));
  k.setArg(2, static_cast<int>(cols));
  k.setArg(3, dst);
  k.setArg(4, static_cast<int>(out_pitch));
  const size_t t = static_cast<size_t>(tile);
  const cl::NDRange global(round_up(cols, t), round_up(rows, t));
  const cl::NDRange local = tiled ? cl::NDRange(t, t) : cl::NullRange;
  if (tiled) ctx.check_local(k, local, "transpose");
  if (as_convert)
    ctx.launch_convert(k, global, local);
  else
    ctx.launch(k, global, local);
}

cl::Buffer transpose_into(Context& ctx, const cl::Buffer& src, size_t rows, size_t cols,
                          size_t out_pitch, int id) {
  const size_t bytes = checked_mul(checked_mul(cols, out_pitch, "transposed size"), 4, "bytes");
  cl::Buffer dst = ctx.scratch(id, bytes);
  if (out_pitch != rows)
    ctx.queue().enqueueFillBuffer(dst, 0.0f, 0, bytes, nullptr, ctx.convert_event());
  const int tile = ctx.facts().max_work_group >= 256 ? 16 : 8;
  enqueue_transpose(ctx, 3, tile, src, rows, cols, dst, out_pitch, true);
  return dst;
}

}  // namespace mqlcl
