#include "experiments/transpose.hpp"

#include <climits>

#include "core/checked_math.hpp"

namespace mqlcl {

namespace {
constexpr int kDefaultTile = 16;
constexpr int kMaxTile = 1024;
}  // namespace

int transpose_rows_per_group(int tile) {
  int ly = 1;
  for (int d = 2; d <= 8 && d * tile <= 256; ++d)
    if (tile % d == 0) ly = d;
  return ly;
}

void enqueue_transpose(Context& ctx, int variant, int tile, const cl::Buffer& src, size_t rows,
                       size_t cols, cl::Buffer& dst, size_t out_pitch, bool as_convert) {
  const bool tiled = variant != 1;
  const int ly = transpose_rows_per_group(tile);
  // The naive kernel's program has no tile: its range is rounded to `tile`, nothing more.
  cl::Kernel k = tiled ? ctx.embedded("transpose/transpose.cl",
                                      str("-DTILE=", tile, " -DLY=", ly, " -DPAD=", variant == 3 ? 1 : 0),
                                      "transpose_tile")
                       : ctx.embedded("transpose/transpose.cl", "", "transpose_naive");
  k.setArg(0, src);
  k.setArg(1, static_cast<int>(rows));
  k.setArg(2, static_cast<int>(cols));
  k.setArg(3, dst);
  k.setArg(4, static_cast<int>(out_pitch));
  const size_t t = static_cast<size_t>(tile), l = static_cast<size_t>(ly);
  const cl::NDRange global = tiled ? cl::NDRange(round_up(cols, t), round_up(rows, t) / t * l)
                                   : cl::NDRange(round_up(cols, t), round_up(rows, t));
  const cl::NDRange local = tiled ? cl::NDRange(t, l) : cl::NullRange;
  if (tiled) ctx.check_local(k, local, "transpose");
  if (as_convert)
    ctx.launch_convert(k, global, local);
  else
    ctx.launch(k, global, local);
}

void run_transpose(Context& ctx, int variant, int rows, int cols, int tile) {
  if (variant < 1 || variant > 3) fail(MQLCL_ERR_STAGE, "transpose variant ", variant, " does not exist (1 .. 3)");
  if (rows < 1 || cols < 1) fail(MQLCL_ERR_ARGUMENT, "rows (", rows, ") and cols (", cols, ") must be >= 1");
  if (tile < 0 || tile > kMaxTile)
    fail(MQLCL_ERR_ARGUMENT, "tile = ", tile, ": it must be 0 (", kDefaultTile, ") .. ", kMaxTile);
  const size_t t = static_cast<size_t>(tile ? tile : kDefaultTile);
  const size_t tile_bytes = t * (t + (variant == 3 ? 1 : 0)) * 4;
  if (variant != 1 && tile_bytes > ctx.facts().local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, "a ", t, " x ", t, " tile (", tile_bytes, " bytes) does not fit the device's local memory (",
         static_cast<unsigned long long>(ctx.facts().local_mem), " bytes)");
  const size_t count = checked_mul(static_cast<size_t>(rows), static_cast<size_t>(cols), "rows * cols", INT_MAX);
  cl::Buffer& in = ctx.slots().input(MQLCL_SLOT_A, count, false, "matrix A");
  cl::Buffer& out = ctx.slots().output(MQLCL_SLOT_C, count);
  ctx.begin_op();
  enqueue_transpose(ctx, variant, static_cast<int>(t), in, static_cast<size_t>(rows), static_cast<size_t>(cols), out,
                    static_cast<size_t>(rows), false);
  ctx.end_op();
}

}  // namespace mqlcl
