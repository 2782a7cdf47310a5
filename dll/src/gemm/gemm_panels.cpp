#include "gemm/gemm_panels.hpp"

#include <algorithm>

#include "gemm/gemm_plan.hpp"
#include "gemm/gemm_state.hpp"
#include "measure/profile_measure.hpp"

namespace mqlcl {

namespace {
size_t ceil_div(size_t a, size_t b) { return (a + b - 1) / b; }

PanelEntry question(Context& ctx, const GemmShape& s, int kernel, bool c_uploaded, size_t element) {
  PanelEntry q;
  q.m = s.m, q.n = s.n, q.k = s.k, q.element = element, q.kernel = kernel, q.c_uploaded = c_uploaded;
  stamp_generations(ctx, q.tuning, q.profile);
  return q;
}

PanelPlan predicted_panels(Context& ctx, const GemmShape& s, int kernel, bool c_uploaded, size_t element) {
  const TransferSettings& t = ctx.uploads().settings();
  if (t.panel_rows) return {t.panel_rows, ceil_div(s.m, t.panel_rows), -1};
  const PanelPlan one{s.m, 1, -1};
  const double a_row = static_cast<double>(s.k * element), c_row = static_cast<double>(s.n * element);
  // Panels are planned from the staged copies' rates; copies that go direct (below the
  // staging's size, or on a device sharing the host's memory) go whole.
  if (!t.staged(static_cast<size_t>(a_row * static_cast<double>(s.m)))) return one;
  const DeviceProfile& p = measured_profile(ctx);
  const double up = p[MQLCL_PROFILE_TO_DEVICE_STAGED] * 1e6, down = p[MQLCL_PROFILE_FROM_DEVICE_STAGED] * 1e6;  // bytes/ms
  if (up <= 0 || down <= 0) return one;
  const double b_ms = static_cast<double>(s.k) * c_row / up;
  // Each panel's launches and host waits (its upload waited for, the FP16 kernels' read-back,
  // the hand-over to the downloads) lie on the critical path: a launch-and-wait each.
  const double panel_ms = (4 + gemm_kernel(kernel).prep_launches) * p[MQLCL_PROFILE_LAUNCH_US] / 1e3;
  const size_t block = std::max<size_t>(1, gemm_block_rows(ctx, kernel));
  PanelPlan best = one;
  for (size_t want : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
    const size_t rows = std::min(s.m, ceil_div(ceil_div(s.m, want), block) * block);
    const size_t panels = ceil_div(s.m, rows);
    if (panels > 1 && !t.staged(static_cast<size_t>(a_row * static_cast<double>(rows)))) break;
    const double r = static_cast<double>(rows), more = static_cast<double>(panels - 1);
    const double u = r * (a_row + (c_uploaded ? c_row : 0)) / up, d = r * c_row / down;
    const double c = predict_gemm_ms(ctx, kernel, rows, s.n, s.k);
    // Equal panels through the copies and the product after B's upload. Uploads and downloads
    // at once shared the host's copy rate on the H200 (32 GB/s together, as each alone;
    // docs/results-h200.md), so a panel's copies count as one stage of u + d.
    const double ms = b_ms + u + c + d + more * std::max(u + d, c) + static_cast<double>(panels) * panel_ms;
    if (best.predicted_ms < 0 || ms < best.predicted_ms) best = {rows, panels, ms};
  }
  return best;
}

}  // namespace

PanelPlan plan_panels(Context& ctx, const GemmShape& s, int kernel, bool c_uploaded, size_t element) {
  return gemm_state(ctx).panels.answer([&] { return question(ctx, s, kernel, c_uploaded, element); },
                                       [&] { return predicted_panels(ctx, s, kernel, c_uploaded, element); });
}

}  // namespace mqlcl
