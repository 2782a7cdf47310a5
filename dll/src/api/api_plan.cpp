// Exports of the device profile (device/device_profile, tuning/profile_cache), the GEMM
// kernel table (catalog/gemm_kernels) and the GEMM planner (gemm/gemm_plan).
#include <algorithm>

#include "api/local_exports.hpp"
#include "api/with_handle.hpp"
#include "gemm/gemm.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/host_candidate.hpp"
#include "gemm/gemm_state.hpp"
#include "measure/profile_measure.hpp"
#include "core/text.hpp"

using namespace mqlcl;

namespace {

// The precision field of a call's flags, after the checks the GEMM calls make of flags and
// sizes: sgemm's EXACT / FAST, or MQLCL_GEMM_FP64 for dgemm.
int checked_field(int flags, int m, int n, int k) {
  check_flags_and_sizes(flags, m, n, k);
  const int field = flags & MQLCL_GEMM_PRECISION_MASK;
  precision_index(field);
  return field;
}

}  // namespace

int mqlcl::local::mqlcl_device_profile(int ctx, double* values, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array(values, count, "values");
    const DeviceProfile& p = measured_profile(c);
    std::copy(p.v, p.v + std::min(count, MQLCL_PROFILE_FIELDS), values);
    return MQLCL_PROFILE_FIELDS;
  });
}

int mqlcl::local::mqlcl_profile_text(int ctx, mqlcl_char* buf, int cap) {
  return with_handle<Context>(ctx, [&](Context& c) {
    if (buf == nullptr || cap < 1) fail(MQLCL_ERR_ARGUMENT, "buf must be non-null with cap >= 1");
    return copy_out(profile_text(measured_profile(c), c.facts().name, c.facts().driver), buf, cap);
  });
}

int mqlcl::local::mqlcl_profile_set(int ctx, const double* values, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    check_array_holds(values, "values", count, "count", MQLCL_PROFILE_CEILINGS, "MQLCL_PROFILE_CEILINGS", "values");
    const std::string why = profile_values_refused(values);
    if (!why.empty()) fail(MQLCL_ERR_ARGUMENT, "values: ", why);
    c.set_profile(values);
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_gemm_plan(int ctx, int flags, int m, int n, int k, int* kernels, double* predicted_ms, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    if (count < 0) fail(MQLCL_ERR_ARGUMENT, "count = ", count, ": it must be >= 0");
    if (count > 0 && (!kernels || !predicted_ms))
      fail(MQLCL_ERR_ARGUMENT, kernels ? "predicted_ms" : "kernels", " is a null pointer with count = ", count);
    const GemmPlan plan = plan_gemm(c, checked_field(flags, m, n, k), static_cast<size_t>(m), static_cast<size_t>(n),
                                    static_cast<size_t>(k), true);
    const size_t shown = std::min(plan.candidates.size(), static_cast<size_t>(count));
    for (size_t i = 0; i < shown; ++i) {
      kernels[i] = plan.candidates[i].kernel;
      predicted_ms[i] = plan.candidates[i].ms;
    }
    return static_cast<int>(plan.candidates.size());
  });
}

int mqlcl::local::mqlcl_gemm_plan_text(int ctx, int flags, int m, int n, int k, mqlcl_char* buf, int cap) {
  return with_handle<Context>(ctx, [&](Context& c) {
    if (buf == nullptr || cap < 1) fail(MQLCL_ERR_ARGUMENT, "buf must be non-null with cap >= 1");
    const int field = checked_field(flags, m, n, k);
    const size_t um = static_cast<size_t>(m), un = static_cast<size_t>(n), uk = static_cast<size_t>(k);
    return copy_out(plan_text(c, field, um, un, uk) + host_plan_line(c, field, um, un, uk), buf, cap);
  });
}

int mqlcl::local::mqlcl_gemm_pin(int ctx, int flags, int kernel) {
  return with_handle<Context>(ctx, [&](Context& c) {
    const int field = checked_field(flags, 1, 1, 1);
    const int slot = precision_index(field);
    if (kernel == 0) {
      gemm_state(c).pin[slot] = 0;
      return MQLCL_OK;
    }
    const GemmKernel& g = gemm_kernel(kernel);
    if (!meets(g, field))
      fail(MQLCL_ERR_ARGUMENT, "GEMM kernel ", kernel, " (", g.name, ") does not meet the precision ",
           field == MQLCL_GEMM_EXACT ? "MQLCL_GEMM_EXACT" : field == MQLCL_GEMM_FAST ? "MQLCL_GEMM_FAST" : "MQLCL_GEMM_FP64");
    const std::string why = gemm_kernel_unavailable(c, g);
    if (!why.empty()) fail(MQLCL_ERR_UNSUPPORTED, "GEMM kernel ", kernel, " (", g.name, ") cannot run here: ", why);
    gemm_state(c).pin[slot] = kernel;
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_gemm_kernel_count(void) { return static_cast<int>(kGemmKernelCount); }

MQLCL_API int mqlcl_gemm_kernel_at(int index) {
  return guard(0, [&] {
    if (index < 0 || static_cast<size_t>(index) >= kGemmKernelCount)
      fail(MQLCL_ERR_RANGE, "GEMM kernel index ", index, " is outside 0 .. ", kGemmKernelCount - 1);
    return kGemmKernels[index].id;
  });
}

MQLCL_API int mqlcl_gemm_kernel_name(int kernel, mqlcl_char* buf, int cap) {
  return guard(0, [&] { return copy_out(gemm_kernel(kernel).name, buf, cap); });
}

MQLCL_API long long mqlcl_gemm_kernel_info(int kernel, int what) {
  return guard(0, [&]() -> long long {
    const GemmKernel& g = gemm_kernel(kernel);
    switch (what) {
      case MQLCL_GEMM_KERNEL_INFO_PRECISION: return g.precision;
      case MQLCL_GEMM_KERNEL_INFO_FLAGS: return precision_field(g.precision);
      case MQLCL_GEMM_KERNEL_INFO_CEILING: return g.ceiling;
      case MQLCL_GEMM_KERNEL_INFO_PASSES: return static_cast<long long>(g.passes);
      case MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES: return element_bytes(g);
      case MQLCL_GEMM_KERNEL_INFO_STAGE: return g.stage;
      case MQLCL_GEMM_KERNEL_INFO_TUNABLE: return g.tunable;
      case MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA: return g.mma ? 1 : 0;
      case MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64: return g.fp64 ? 1 : 0;
      case MQLCL_GEMM_KERNEL_INFO_PREP_LAUNCHES: return g.prep_launches;
      case MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU: return g.efficiency_gpu;
      case MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_CPU: return g.efficiency_cpu;
      case MQLCL_GEMM_KERNEL_INFO_PREPARATION: return preparation_default(g);
      default:
        fail(MQLCL_ERR_ARGUMENT, "what = ", what, " is not an MQLCL_GEMM_KERNEL_INFO_* field (1 .. 13)");
    }
  });
}

MQLCL_API int mqlcl_gemm_flags_precision(int flags) {
  return guard(0, [&] { return field_precision(flags & MQLCL_GEMM_PRECISION_MASK); });
}
