// Exports: data slots, the experiments (matmul stages, DIA SpMV, transpose), timings.
// What the library says about its stages and codes is in api_registry.cpp.
#include <climits>

#include "api/local_exports.hpp"
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

int mqlcl::local::mqlcl_upload(int ctx, int slot, const float* data, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(data, count, "data");
    if (slot == MQLCL_SLOT_DIA_OFFSETS) fail(MQLCL_ERR_ARGUMENT, "DIA_OFFSETS holds ints: use mqlcl_upload_int");
    c.slots().upload(slot, data, static_cast<size_t>(count), false);
    return count;
  });
}

int mqlcl::local::mqlcl_upload_int(int ctx, int slot, const int* data, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(data, count, "data");
    if (slot != MQLCL_SLOT_DIA_OFFSETS)
      fail(MQLCL_ERR_ARGUMENT, "only slot DIA_OFFSETS (", MQLCL_SLOT_DIA_OFFSETS, ") holds ints, not slot ", slot);
    c.slots().upload(slot, data, static_cast<size_t>(count), true);
    return count;
  });
}

int mqlcl::local::mqlcl_read(int ctx, int slot, float* out, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.slots().read(slot, out, static_cast<size_t>(count), false));
  });
}

int mqlcl::local::mqlcl_read_int(int ctx, int slot, int* out, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.slots().read(slot, out, static_cast<size_t>(count), true));
  });
}

int mqlcl::local::mqlcl_matmul(int ctx, int stage, int rows1, int colsrows, int cols2, int local0,
                               int local1, int param) {
  return with_handle<Context>(ctx, [&](Context& c) {
    run_matmul(c, stage, MatmulShape{rows1, colsrows, cols2}, local0, local1, param);
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_dia_spmv(int ctx, int step, int rows, int diags, int local0) {
  return with_handle<Context>(ctx, [&](Context& c) {
    run_dia_spmv(c, step, rows, diags, local0);
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_transpose(int ctx, int variant, int rows, int cols, int tile) {
  return with_handle<Context>(ctx, [&](Context& c) {
    run_transpose(c, variant, rows, cols, tile);
    return MQLCL_OK;
  });
}

double mqlcl::local::mqlcl_measure_peak(int ctx, int what, int megabytes) {
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

double mqlcl::local::mqlcl_last_kernel_ms(int handle) {
  return with_last_figures(handle, [](const OperationFigures& f) { return f.kernel_ms; });
}

double mqlcl::local::mqlcl_last_total_ms(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().total_ms; });
}

double mqlcl::local::mqlcl_last_convert_ms(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().convert_ms; });
}

double mqlcl::local::mqlcl_last_upload_ms(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().upload_ms; });
}

double mqlcl::local::mqlcl_last_download_ms(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().download_ms; });
}

int mqlcl::local::mqlcl_last_launches(int handle) {
  return with_last_figures(handle, [](const OperationFigures& f) { return f.launches; });
}

int mqlcl::local::mqlcl_last_product(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().product; });
}

int mqlcl::local::mqlcl_last_panels(int ctx) {
  return with_handle<Context>(ctx, [](Context& c) { return c.last().panels; });
}
