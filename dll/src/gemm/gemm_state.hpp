// The GEMM routine's own state in a context: its scratch buffers and the kernel pinned per
// precision (mqlcl_gemm_pin). The FP16 operands (gemm/half_operands) and the Ozaki scheme
// (gemm/gemm_ozaki) keep theirs in their own files; the padded operands of the stage launchers
// are the layout buffers (experiments/layout).
#pragma once
#include <cstddef>

#include "context.hpp"
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
  // The placements of the last host-array calls (gemm/host_candidate): a call of the same shape
  // under the same tuning and profile is placed as the last without asking the planner again.
  struct Placed {
    size_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
    int precision = 0, bits = 0;  // bits: trans_a, trans_b, c_up, element 8
    unsigned long long tuning = 0, profile = 0;  // their generations
    int place = 0;
  };
  static constexpr int kPlacedCount = 16;
  Placed placed[kPlacedCount];
  int placed_used = 0, placed_next = 0;
};

inline GemmState& gemm_state(Context& ctx) { return ctx.state<GemmState>(); }

inline cl::Buffer& gemm_scratch(Context& ctx, GemmScratch use, size_t bytes) {
  return gemm_state(ctx).buffers.get(ctx, use, bytes);
}

}  // namespace mqlcl
