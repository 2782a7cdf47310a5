// The GEMM planner: the choice among the kernels of the GEMM kernel table (catalog/gemm_kernels)
// for any GEMM call (SGEMM and DGEMM, host arrays or device buffers alike). A kernel is a candidate when its results
// meet the call's precision and the device can run it (availability: mma.sync, FP64, tiles
// that fit); among candidates the planner predicts each one's product time for m, n, k from
// the device profile (measured ceilings) and the kernel's efficiency (a tunable: per device
// from `tune`, else a default per device type), and chooses the least. With one candidate it
// needs no profile. A kernel pinned on the context (mqlcl_gemm_pin) runs instead.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "catalog/gemm_kernels.hpp"
#include "gemm/kernel_availability.hpp"
#include "gemm/plan_memo.hpp"
#include "mqlcl.h"

namespace mqlcl {

class Context;

// The flags' precision field as an index (0 exact, 1 fast, 2 FP64: the pins' order) after
// checking it is one the calls take.
int precision_index(int precision_field);

// `predict`: predict a lone candidate's time too where the profile is known (the plan
// exports); a device with one candidate never measures its profile.
GemmPlan plan_gemm(Context& ctx, int precision_field, size_t m, size_t n, size_t k, bool predict);

// What a GEMM call asks the planner: plan_gemm, through the context's memo (the answer lives
// there until a later question replaces it: read it before asking again).
const GemmPlan& planned_call(Context& ctx, int precision_field, size_t m, size_t n, size_t k, bool predict);
std::string plan_text(Context& ctx, int precision_field, size_t m, size_t n, size_t k);
// The product time the planner predicts for a kernel (measures the profile if not known).
double predict_gemm_ms(Context& ctx, int kernel, size_t m, size_t n, size_t k);
// The three known terms of the planner's formula for a kernel at m, n, k (gemm_plan.cpp,
// predict_ms: t = product_ms / e + prep * launch_ms + traffic_ms), what a calibration fits e and
// prep to.
struct PredictionTerms {
  double product_ms;  // the padded product at 100 % of the kernel's ceiling, in whole waves
  double launch_ms;   // one launch and wait (the profile's)
  double traffic_ms;  // its preparation's traffic
};
PredictionTerms prediction_terms(Context& ctx, int kernel, size_t m, size_t n, size_t k);
// The rows of the kernel's block (what it pads m to).
size_t gemm_block_rows(Context& ctx, int kernel);

}  // namespace mqlcl
