// The planner's calibration on first use: each GEMM kernel's efficiency and fixed cost of a call
// (MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_PREPARATION), what the planner predicts its time with
// (gemm/gemm_plan.cpp), fitted on the device itself. Each kernel is timed as a whole call on
// device buffers (its packs and epilogue in the fixed cost) at two sizes, a large one where the
// product weighs and a quarter of it where launches and preparation do, both a little off every
// tile multiple as callers' sizes are (planner_fit::unaligned: 2000 and 500), and fitted by the same
// arithmetic as `mqlcl-host tune --what planner` (common/planner_fit.hpp). A kernel that fails,
// falls back or computes a wrong product keeps its values. gemm/self_tuning decides when.
#pragma once
#include <vector>

#include "context.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

// Fits the kernels' efficiency and preparation and stores both vectors (every other kernel's
// values as they are) in the tuning file at `path` and on the context; against a profile the
// caller set (mqlcl_profile_set) on the context alone (MQLCL_TUNING_SET). The large size is
// `largest`, halved (down to `smallest`) while one call of the slowest kernel takes more than
// a twentieth of `budget_s`. The caller holds with_tuning_file_locked(path). Returns the text
// of what was fitted, for the tunables' origin.
std::string calibrate_planner_locked(Context& ctx, const std::vector<int>& kernels, const NativePath& path, double budget_s,
                                     size_t largest, size_t smallest);

}  // namespace mqlcl
