// Exports: data slots, the experiments (matmul stages, DIA SpMV, transpose), timings.
// What the library says about its stages and codes is in api_registry.cpp.
#include <climits>

#include "api/forward.hpp"
#include "api/with_handle.hpp"
#include "experiments/dia_spmv.hpp"
#include "ladder/matmul.hpp"
#include "measure/peak.hpp"
#include "experiments/transpose.hpp"
#include "core/text.hpp"

using namespace mqlcl;

namespace {
// Reads a figure of the last operation of a context, or of a user kernel's last mqlcl_run.
template <class Pick>
auto with_last_figures(int handle, Pick pick) {
  return guard(handle, [&] {
    auto obj = Registry::instance().find(handle);
    if (obj && obj->kind == UserKernel::kKind)
      return with_handle<UserKernel>(handle, [&](UserKernel& k) { return pick(k.figures()); });
    if (obj && obj->kind != Context::kKind)
      fail(MQLCL_ERR_HANDLE, "handle ", handle, " is a ", kind_name(obj->kind), ", not a context or kernel");
    return with_handle<Context>(handle, [&](Context& c) { return pick(c.last()); });
  });
}
}  // namespace

extern "C" {

MQLCL_API int mqlcl_upload(int ctx, int slot, const float* data, int count) {
  MQLCL_FORWARD(mqlcl_upload, ctx, slot, data, count);
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(data, count, "data");
    if (slot == MQLCL_SLOT_DIA_OFFSETS) fail(MQLCL_ERR_ARGUMENT, "DIA_OFFSETS holds ints: use mqlcl_upload_int");
    c.slots().upload(slot, data, static_cast<size_t>(count), false);
    return count;
  });
}

MQLCL_API int mqlcl_upload_int(int ctx, int slot, const int* data, int count) {
  MQLCL_FORWARD(mqlcl_upload_int, ctx, slot, data, count);
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(data, count, "data");
    if (slot != MQLCL_SLOT_DIA_OFFSETS)
      fail(MQLCL_ERR_ARGUMENT, "only slot DIA_OFFSETS (", MQLCL_SLOT_DIA_OFFSETS, ") holds ints, not slot ", slot);
    c.slots().upload(slot, data, static_cast<size_t>(count), true);
    return count;
  });
}

MQLCL_API int mqlcl_read(int ctx, int slot, float* out, int count) {
  MQLCL_FORWARD(mqlcl_read, ctx, slot, out, count);
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.slots().read(slot, out, static_cast<size_t>(count), false));
  });
}

MQLCL_API int mqlcl_read_int(int ctx, int slot, int* out, int count) {
  MQLCL_FORWARD(mqlcl_read_int, ctx, slot, out, count);
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.slots().read(slot, out, static_cast<size_t>(count), true));
  });
}

MQLCL_API int mqlcl_matmul(int ctx, int stage, int rows1, int colsrows, int cols2, int local0,
                           int local1, int param) {
  MQLCL_FORWARD(mqlcl_matmul, ctx, stage, rows1, colsrows, cols2, local0, local1, param);
  return with_handle<Context>(ctx, [&](Context& c) {
    run_matmul(c, stage, MatmulShape{rows1, colsrows, cols2}, local0, local1, param);
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_dia_spmv(int ctx, int step, int rows, int diags, int local0) {
  MQLCL_FORWARD(mqlcl_dia_spmv, ctx, step, rows, diags, local0);
  return with_handle<Context>(ctx, [&](Context& c) {
    run_dia_spmv(c, step, rows, diags, local0);
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_transpose(int ctx, int variant, int rows, int cols, int tile) {
  MQLCL_FORWARD(mqlcl_transpose, ctx, variant, rows, cols, tile);
  return with_handle<Context>(ctx, [&](Context& c) {
    run_transpose(c, variant, rows, cols, tile);
    return MQLCL_OK;
  });
}

MQLCL_API double mqlcl_measure_peak(int ctx, int what, int megabytes) {
  MQLCL_FORWARD(mqlcl_measure_peak, ctx, what, megabytes);
  return with_handle<Context>(ctx, [&](Context& c) -> double {
    if (megabytes < 0) fail(MQLCL_ERR_ARGUMENT, "megabytes must be >= 0");
    if (what == MQLCL_PEAK_BANDWIDTH) return measure_bandwidth(c, static_cast<size_t>(megabytes ? megabytes : 64) << 20);
    if (what == MQLCL_PEAK_FP32) return measure_fp32(c);
    if (what == MQLCL_PEAK_MMA_TF32) return measure_mma(c, MmaInput::Tf32);
    if (what == MQLCL_PEAK_MMA_BF16) return measure_mma(c, MmaInput::Bf16);
    if (what == MQLCL_PEAK_MMA_FP16) return measure_mma(c, MmaInput::Fp16);
    if (what == MQLCL_PEAK_MMA_INT8) return measure_mma(c, MmaInput::Int8);
    if (what == MQLCL_PEAK_FP64) return measure_fp64(c);
    if (what == MQLCL_PEAK_MMA_FP64) return measure_mma_fp64(c);
    fail(MQLCL_ERR_ARGUMENT, "peak ", what,
         " does not exist (MQLCL_PEAK_BANDWIDTH 1, MQLCL_PEAK_FP32 2, MQLCL_PEAK_MMA_TF32 3, MQLCL_PEAK_MMA_BF16 4, "
         "MQLCL_PEAK_FP64 5, MQLCL_PEAK_MMA_FP64 6, MQLCL_PEAK_MMA_FP16 7, MQLCL_PEAK_MMA_INT8 8)");
  });
}

MQLCL_API double mqlcl_last_kernel_ms(int handle) {
  MQLCL_FORWARD(mqlcl_last_kernel_ms, handle);
  return with_last_figures(handle, [](const OperationFigures& f) { return f.kernel_ms; });
}

MQLCL_API double mqlcl_last_total_ms(int ctx) {
  MQLCL_FORWARD(mqlcl_last_total_ms, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().total_ms; });
}

MQLCL_API double mqlcl_last_convert_ms(int ctx) {
  MQLCL_FORWARD(mqlcl_last_convert_ms, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().convert_ms; });
}

MQLCL_API double mqlcl_last_upload_ms(int ctx) {
  MQLCL_FORWARD(mqlcl_last_upload_ms, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().upload_ms; });
}

MQLCL_API double mqlcl_last_download_ms(int ctx) {
  MQLCL_FORWARD(mqlcl_last_download_ms, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().download_ms; });
}

MQLCL_API int mqlcl_last_launches(int handle) {
  MQLCL_FORWARD(mqlcl_last_launches, handle);
  return with_last_figures(handle, [](const OperationFigures& f) { return f.launches; });
}

MQLCL_API int mqlcl_last_product(int ctx) {
  MQLCL_FORWARD(mqlcl_last_product, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().product; });
}

MQLCL_API int mqlcl_last_panels(int ctx) {
  MQLCL_FORWARD(mqlcl_last_panels, ctx);
  return with_handle<Context>(ctx, [](Context& c) { return c.last().panels; });
}

}  // extern "C"
