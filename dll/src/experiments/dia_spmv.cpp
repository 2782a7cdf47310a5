#include "experiments/dia_spmv.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "experiments/layout.hpp"
#include "core/checked_math.hpp"

namespace mqlcl {

namespace {
// Rows of the compact matrix start on 128-byte boundaries from step 2 on.
constexpr size_t kPitchAlign = 32;

int floor_pow2(size_t v) {
  int p = 1;
  while (static_cast<size_t>(p) * 2 <= v && p < (1 << 30)) p *= 2;
  return p;
}

// The offsets as uploaded (the slot keeps int data on the host) checked against rows, so
// that the kernels never see an out-of-range one.
void check_offsets(const std::vector<int>& offsets, int rows) {
  for (size_t d = 0; d < offsets.size(); ++d)
    if (offsets[d] <= -rows || offsets[d] >= rows)
      fail(MQLCL_ERR_RANGE, "offset of diagonal ", d, " is ", offsets[d], ": it must lie in -(rows-1) .. rows-1 = ",
           -(rows - 1), " .. ", rows - 1);
}
}  // namespace

void run_dia_spmv(Context& ctx, int step, int rows, int diags, int local0) {
  if (step < 1 || step > 5) fail(MQLCL_ERR_STAGE, "DIA step ", step, " does not exist (1 .. 5)");
  if (rows < 1 || diags < 1) fail(MQLCL_ERR_ARGUMENT, "rows (", rows, ") and diags (", diags, ") must be >= 1");
  if (local0 < 0) fail(MQLCL_ERR_LOCAL_SIZE, "local0 must be >= 0");
  const size_t n = static_cast<size_t>(rows), nd = static_cast<size_t>(diags);
  const size_t count = checked_mul(nd, n, "diags * rows", INT_MAX);
  if (rows > INT_MAX - 64) fail(MQLCL_ERR_RANGE, "rows = ", rows, " is too large");
  cl::Buffer& values = ctx.slots().input(MQLCL_SLOT_DIA_VALUES, count, false, "DIA values");
  cl::Buffer& offsets = ctx.slots().input(MQLCL_SLOT_DIA_OFFSETS, nd, true, "DIA offsets");
  check_offsets(ctx.slots().host_ints(MQLCL_SLOT_DIA_OFFSETS), rows);
  cl::Buffer& x = ctx.slots().input(MQLCL_SLOT_X, n, false, "vector x");
  cl::Buffer& y = ctx.slots().output(MQLCL_SLOT_Y, n);
  const bool local_offsets = step >= 3;
  if (local_offsets && nd * 4 > ctx.facts().local_mem)
    fail(MQLCL_ERR_SHAPE, "step ", step, " keeps the ", diags, " offsets in local memory: ", nd * 4,
         " bytes exceed the device's ", static_cast<unsigned long long>(ctx.facts().local_mem));
  if (step == 5 && !ctx.facts().image_support)
    fail(MQLCL_ERR_UNSUPPORTED, "step 5 reads x through an image, and this device has no image support "
         "(CL_DEVICE_IMAGE_SUPPORT = 0); step 4 is the same without images");

  ctx.begin_op();
  const size_t pitch = step == 1 ? n : round_up(n, kPitchAlign);
  cl::Buffer vals = pitch == n ? values : pad_matrix(ctx, values, nd, n, nd, pitch, LayoutScratch::A);
  std::string defines = str("-DOFFSETS_LOCAL=", local_offsets ? 1 : 0);
  cl::Image2D image;
  if (step == 5) {
    // x as float4 pixels in an image whose width is a power of two (masks, not divisions).
    const size_t pixels = (n + 3) / 4;
    int width = std::min(floor_pow2(ctx.facts().image2d_max_width), 4096);
    while (width > 1 && static_cast<size_t>(width / 2) >= pixels) width /= 2;
    const size_t height = (pixels + width - 1) / width;
    if (height > ctx.facts().image2d_max_height)
      fail(MQLCL_ERR_SHAPE, "x needs an image of ", width, " x ", height,
           " pixels, over the device's CL_DEVICE_IMAGE2D_MAX_HEIGHT = ", ctx.facts().image2d_max_height);
    int log_width = 0;
    while ((1 << log_width) < width) ++log_width;
    const size_t image_pixels = static_cast<size_t>(width) * height;
    image = cl::Image2D(ctx.cl_context(), CL_MEM_READ_WRITE, cl::ImageFormat(CL_RGBA, CL_FLOAT),
                        static_cast<size_t>(width), height);
    cl::Kernel pack = ctx.embedded("util/layout.cl", "", "pack_image");
    pack.setArg(0, x);
    pack.setArg(1, rows);
    pack.setArg(2, image);
    pack.setArg(3, log_width);
    pack.setArg(4, static_cast<int>(image_pixels));
    ctx.launch_convert(pack, cl::NDRange(round_up(image_pixels, 64)), cl::NullRange);
    defines += str(" -DX_IMAGE=1 -DLOG_WIDTH=", log_width);
  } else {
    defines += " -DX_IMAGE=0";
  }
  const bool vec4 = step >= 4;
  cl::Kernel k = ctx.embedded("dia/dia_spmv.cl", defines, vec4 ? "dia_spmv_vec4" : "dia_spmv_scalar");
  k.setArg(0, vals);
  k.setArg(1, static_cast<int>(pitch));
  k.setArg(2, rows);
  k.setArg(3, diags);
  k.setArg(4, offsets);
  if (step == 5)
    k.setArg(5, image);
  else
    k.setArg(5, x);
  k.setArg(6, y);
  k.setArg(7, cl::Local(local_offsets ? nd * 4 : 4));
  const cl::NDRange local = local0 > 0 ? cl::NDRange(static_cast<size_t>(local0)) : cl::NullRange;
  ctx.check_local(k, local, "dia_spmv");
  const size_t items = vec4 ? (n + 3) / 4 : n;
  ctx.launch(k, cl::NDRange(local0 > 0 ? round_up(items, static_cast<size_t>(local0)) : items), local);
  ctx.end_op();
}

}  // namespace mqlcl
