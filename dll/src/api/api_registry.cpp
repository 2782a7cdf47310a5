// Exports that describe the library itself: its stages (from the stage registry) and the
// meaning of its result codes.
#include "device/devices.hpp"
#include "context.hpp"
#include "gemm/gemm_plan.hpp"
#include "ladder/stages.hpp"
#include "core/guard.hpp"
#include "core/text.hpp"
#include "tuning/placement.hpp"
#include "mqlcl_codes.h"

using namespace mqlcl;

namespace {

struct CodeText {
  int code;
  const char* text;
};
// "NAME: text", the text being the comment of the code's #define in mqlcl.h.
#define MQLCL_CODE_TEXT(name, text) {name, #name ": " text},
const CodeText kCodes[] = {MQLCL_CODES(MQLCL_CODE_TEXT)};
#undef MQLCL_CODE_TEXT

long long stage_fact(const Stage& st, int what) {
  switch (what) {
    case MQLCL_STAGE_INFO_LOCAL_DIMS:
      switch (st.local) {
        case LocalRule::Free1D:
        case LocalRule::Group:
        case LocalRule::GroupPow2: return 1;
        case LocalRule::FromTuning:
        case LocalRule::FromKernel: return 0;
        default: return 2;
      }
    case MQLCL_STAGE_INFO_PARAM_MIN: return st.param.min;
    case MQLCL_STAGE_INFO_PARAM_MAX: return st.param.max;
    case MQLCL_STAGE_INFO_PARAM_DEFAULT: return st.param.fallback;
    case MQLCL_STAGE_INFO_PRECISION: return st.precision;
    case MQLCL_STAGE_INFO_WRONG_ON_PURPOSE: return st.wrong_on_purpose ? 1 : 0;
    case MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR: return st.b_colmajor ? 1 : 0;
    case MQLCL_STAGE_INFO_MAX_COLSROWS: return st.private_row ? kMaxPrivateRow : 0;
    case MQLCL_STAGE_INFO_SQUARE_LOCAL: return st.local == LocalRule::SquareTiles ? 1 : 0;
    case MQLCL_STAGE_INFO_POW2_LOCAL: return st.local == LocalRule::GroupPow2 ? 1 : 0;
    default:
      fail(MQLCL_ERR_ARGUMENT, "stage info ", what, " does not exist (MQLCL_STAGE_INFO_*: 1 .. 10)");
  }
}

}  // namespace

MQLCL_API int mqlcl_stage_count(void) {
  return guard(0, [] { return static_cast<int>(stage_count()); });
}

MQLCL_API int mqlcl_stage_at(int index) {
  return guard(0, [&] {
    if (index < 0 || static_cast<size_t>(index) >= stage_count())
      fail(MQLCL_ERR_RANGE, "stage index ", index, " is outside 0 .. ", static_cast<int>(stage_count()) - 1);
    return stage_at(static_cast<size_t>(index)).number;
  });
}

MQLCL_API int mqlcl_stage_name(int stage, mqlcl_char* buf, int cap) {
  return guard(0, [&] { return copy_out(find_stage(stage).name, buf, cap); });
}

MQLCL_API long long mqlcl_stage_info(int stage, int what) {
  return guard(0, [&] { return stage_fact(find_stage(stage), what); });
}

MQLCL_API int mqlcl_stage_available(int device, int stage) {
  return guard(0, [&] {
    const std::string why = stage_unavailable(find_stage(stage), device_at(resolved_device(device)).facts);
    if (why.empty()) return 1;
    record_message(0, why);
    return 0;
  });
}

MQLCL_API int mqlcl_stage_best(int device, int precision) {
  return guard(0, [&] {
    if (precision != MQLCL_PRECISION_FP32 && precision != MQLCL_PRECISION_FP32_TENSOR && precision != MQLCL_PRECISION_TF32)
      fail(MQLCL_ERR_ARGUMENT, "precision ", precision,
           " is not a stage's (MQLCL_PRECISION_FP32 1, FP32_TENSOR 2, TF32 3; FP64's kernels: mqlcl_gemm_plan)");
    device_at(device);  // MQLCL_ERR_DEVICE before a context is made
    Context ctx(device);
    const int field = precision_field(precision);
    // The planner's first candidate that runs a stage's code: on a processor it offers the CPU
    // kernel (not a stage) instead of stage 10, which then stands for the FP32 units.
    for (const GemmCandidate& c : plan_gemm(ctx, field, 4096, 4096, 4096, false).candidates)
      if (gemm_kernel(c.kernel).stage != 0) return gemm_kernel(c.kernel).stage;
    return static_cast<int>(MQLCL_STAGE_SGEMM_TUNED);
  });
}

MQLCL_API int mqlcl_errstr(int code, mqlcl_char* buf, int cap) {
  return guard(0, [&] {
    for (const auto& c : kCodes)
      if (c.code == code) return copy_out(c.text, buf, cap);
    fail(MQLCL_ERR_ARGUMENT, "result code ", code, " does not exist (MQLCL_OK, MQLCL_ERR_*)");
  });
}
