// The GEMM routine's own state in a context: its scratch buffers, the kernel pinned per
// precision (mqlcl_gemm_pin) and what the planner and the placement answered last. The FP16
// operands (gemm/half_operands) and the Ozaki scheme (gemm/gemm_ozaki) keep theirs in their own
// files; the padded operands of the stage launchers are the layout buffers (experiments/layout).
#pragma once
#include <cstddef>

#include "context.hpp"
#include "gemm/panel_memo.hpp"
#include "gemm/placement_memo.hpp"
#include "gemm/plan_memo.hpp"
#include "scratch_buffers.hpp"

namespace mqlcl {

// RawA, RawB, C: the device copies of a host-array call's operands and result; PackA, PackB:
// operands packed or padded for a kernel; Product: its padded product before the epilogue.
enum class GemmScratch { RawA, RawB, PackA, PackB, Product, C };

struct GemmState {
  ScratchBuffers<GemmScratch> buffers{"a GEMM buffer"};
  // The kernel pinned per precision (0: the planner decides), indexed by precision_index
  // (gemm/gemm_plan.hpp): the flags' precision field / MQLCL_GEMM_FAST.
  int pin[3] = {0, 0, 0};
  // The least wall time of a small host-array call on the device per precision index, measured
  // where the host candidate needs it (gemm/host_candidate); < 0 until then.
  double host_array_floor_ms[3] = {-1, -1, -1};
  PlacementMemo placements;  // gemm/host_candidate's, of the last host-array calls
  PlanMemo plans;            // gemm/gemm_plan's answers to the last calls
  PanelMemo panels;          // gemm/gemm_panels' splits of the last host-array calls
};

inline GemmState& gemm_state(Context& ctx) { return ctx.state<GemmState>(); }

// The generations of the context's tuning and profile (0: none yet), under which the memos above
// keep an answer: a change of either asks again.
inline void stamp_generations(Context& ctx, unsigned long long& tuning, unsigned long long& profile) {
  tuning = ctx.tuning().generation();
  profile = ctx.has_profile() ? ctx.profile_generation() : 0;
}

inline cl::Buffer& gemm_scratch(Context& ctx, GemmScratch use, size_t bytes) {
  return gemm_state(ctx).buffers.get(ctx, use, bytes);
}

}  // namespace mqlcl
