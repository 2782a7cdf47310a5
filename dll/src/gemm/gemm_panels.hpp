// How a host-array GEMM splits the rows of op(A) and C into panels, so that the uploads of
// later panels and the downloads of earlier ones run while a panel's product computes
// (gemm/gemm_host). Predicted from the device profile's measured transfer rates
// (MQLCL_PROFILE_TO_DEVICE_STAGED / _FROM_DEVICE_STAGED) and the planner's product time:
// the panels of the least predicted wall time, one panel where overlap does not pay (small
// products, each panel's launches and waits) or cannot happen (copies that go direct: devices
// sharing the host's memory). Panels hold whole blocks of the kernel's rows.
// MQLCL_GEMM_PANEL_ROWS forces a panel height.
#pragma once
#include <cstddef>

#include "context.hpp"
#include "gemm/gemm.hpp"
#include "gemm/panel_memo.hpp"

namespace mqlcl {

// `c_uploaded`: beta != 0, so C's rows are uploaded too; `element`: 4 (sgemm) or 8 (dgemm).
// Planned once per shape, kernel and copies while the tuning and profile stay (PanelMemo).
PanelPlan plan_panels(Context& ctx, const GemmShape& s, int kernel, bool c_uploaded, size_t element);

}  // namespace mqlcl
