// Exports: data slots, the experiments (matmul stages, DIA SpMV, transpose), timings.
// What the library says about its stages and codes is in api_registry.cpp.
#include <climits>

#include "api/with_handle.hpp"
#include "compute/dia_spmv.hpp"
#include "compute/matmul.hpp"
#include "compute/peak.hpp"
#include "compute/transpose.hpp"
#include "core/text.hpp"

using namespace mqlcl;

extern "C" {

MQLCL_API int mqlcl_upload(int ctx, int slot, const float* data, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_array(data, count, "data");
    if (slot == MQLCL_SLOT_DIA_OFFSETS) fail(MQLCL_ERR_ARGUMENT, "DIA_OFFSETS holds ints: use mqlcl_upload_int");
    c.upload(slot, data, static_cast<size_t>(count), false);
    return count;
  });
}

MQLCL_API int mqlcl_upload_int(int ctx, int slot, const int* data, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_array(data, count, "data");
    if (slot != MQLCL_SLOT_DIA_OFFSETS)
      fail(MQLCL_ERR_ARGUMENT, "only slot DIA_OFFSETS (", MQLCL_SLOT_DIA_OFFSETS, ") holds ints, not slot ", slot);
    c.upload(slot, data, static_cast<size_t>(count), true);
    return count;
  });
}

MQLCL_API int mqlcl_read(int ctx, int slot, float* out, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.read(slot, out, static_cast<size_t>(count), false));
  });
}

MQLCL_API int mqlcl_read_int(int ctx, int slot, int* out, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_array(out, count, "out");
    return static_cast<int>(c.read(slot, out, static_cast<size_t>(count), true));
  });
}

MQLCL_API int mqlcl_matmul(int ctx, int stage, int rows1, int colsrows, int cols2, int local0,
                           int local1, int param) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    run_matmul(c, stage, MatmulShape{rows1, colsrows, cols2}, local0, local1, param);
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_dia_spmv(int ctx, int step, int rows, int diags, int local0) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    run_dia_spmv(c, step, rows, diags, local0);
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_transpose(int ctx, int variant, int rows, int cols, int tile) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    run_transpose(c, variant, rows, cols, tile);
    return MQLCL_OK;
  });
}

MQLCL_API double mqlcl_measure_peak(int ctx, int what, int megabytes) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) -> double {
    if (megabytes < 0) fail(MQLCL_ERR_ARGUMENT, "megabytes must be >= 0");
    if (what == MQLCL_PEAK_BANDWIDTH) return measure_bandwidth(c, static_cast<size_t>(megabytes ? megabytes : 64) << 20);
    if (what == MQLCL_PEAK_FP32) return measure_fp32(c);
    if (what == MQLCL_PEAK_MMA_TF32 || what == MQLCL_PEAK_MMA_BF16) return measure_mma(c, what == MQLCL_PEAK_MMA_BF16);
    fail(MQLCL_ERR_ARGUMENT, "peak ", what,
         " does not exist (MQLCL_PEAK_BANDWIDTH 1, MQLCL_PEAK_FP32 2, MQLCL_PEAK_MMA_TF32 3, MQLCL_PEAK_MMA_BF16 4)");
  });
}

MQLCL_API double mqlcl_last_kernel_ms(int handle) {
  return guard(handle, [&]() -> double {
    auto obj = Registry::instance().find(handle);
    if (obj && obj->kind == Kind::Kernel)
      return with_handle<UserKernel>(handle, Kind::Kernel, [](UserKernel& k) { return k.last_kernel_ms; });
    return with_handle<Context>(handle, Kind::Context, [](Context& c) { return c.last_kernel_ms; });
  });
}

MQLCL_API double mqlcl_last_total_ms(int ctx) {
  return with_handle<Context>(ctx, Kind::Context, [](Context& c) { return c.last_total_ms; });
}

MQLCL_API double mqlcl_last_convert_ms(int ctx) {
  return with_handle<Context>(ctx, Kind::Context, [](Context& c) { return c.last_convert_ms; });
}

MQLCL_API int mqlcl_last_launches(int handle) {
  return with_handle<Context>(handle, Kind::Context, [](Context& c) { return c.last_launches; });
}

namespace {
constexpr int kSgemmParams = 5;  // TSM, TSN, TSK, WPTM, WPTN
void check_sgemm_array(const void* params, int count) {
  if (params == nullptr) fail(MQLCL_ERR_ARGUMENT, "params is a null pointer");
  if (count < kSgemmParams)
    fail(MQLCL_ERR_RANGE, "params: count = ", count, " is too small: the call needs ", kSgemmParams,
         " ints (TSM, TSN, TSK, WPTM, WPTN)");
}
}  // namespace

MQLCL_API int mqlcl_sgemm_get(int ctx, int* params, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_sgemm_array(params, count);
    const SgemmConfig& s = c.sgemm;
    const int v[kSgemmParams] = {s.tsm, s.tsn, s.tsk, s.wptm, s.wptn};
    for (int i = 0; i < kSgemmParams; ++i) params[i] = v[i];
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_sgemm_set(int ctx, const int* params, int count) {
  return with_handle<Context>(ctx, Kind::Context, [&](Context& c) {
    check_sgemm_array(params, count);
    const SgemmConfig s{params[0], params[1], params[2], params[3], params[4]};
    validate(s, c.facts());
    c.sgemm = s;
    return MQLCL_OK;
  });
}

}  // extern "C"
