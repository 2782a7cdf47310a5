#include "gemm/gemm_plan.hpp"
#include "gemm/gemm_state.hpp"
#include "measure/profile_measure.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "context.hpp"
#include "gemm/gemm.hpp"
#include "catalog/dgemm_config.hpp"
#include "catalog/sgemm_config.hpp"
#include "device/tensor_decision.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

namespace {

// The kernel's block (what M, N, K are padded to): the first three of its tuned tiles in
// every GEMM kernel's vector (TSM TSN TSK, or BM BN BK).
struct Block {
  size_t m, n, k;
};
Block block_of(Context& ctx, const GemmKernel& g) {
  const int* p = ctx.tuning().params(g.id);
  return {size_t(p[0]), size_t(p[1]), size_t(p[2])};
}


// A call's time (a calibrated fixed cost holds its packs and epilogue; the table's traffic is
// the FP16 kernels' beyond the FP32 pack they replace), one formula:
//   t = F / e + P * prep + L
// F: the padded multiply-adds at the kernel's ceiling, in whole waves of blocks over the
//    compute units; e: its efficiency (MQLCL_TUNABLE_EFFICIENCY, per mille);
// P: the profile's launch-and-wait time; prep: the kernel's fixed cost of a call in those
//    (MQLCL_TUNABLE_PREPARATION, hundredths: its launches, the FP16 kernels' scans read back
//    with a wait, ...);
// L: its preparation's traffic, the operands' elements (m k + k n) times the table's
//    prep_bytes at the profile's copy rate.
// The calibration fits e and prep from this formula's F, P, L at two sizes (common/planner_fit.hpp):
// on first use through prediction_terms, `tune --what planner` read back through mqlcl_gemm_plan,
// so neither can drift from the formula.
PredictionTerms terms_of(Context& ctx, const GemmKernel& g, size_t m, size_t n, size_t k) {
  const DeviceProfile& p = measured_profile(ctx);
  const Block b = block_of(ctx, g);
  const double flop = 2.0 * static_cast<double>(round_up(m, b.m)) * static_cast<double>(round_up(n, b.n)) *
                      static_cast<double>(round_up(k, b.k)) * passes_at(g, static_cast<long long>(k));
  const double blocks = static_cast<double>(round_up(m, b.m) / b.m) * static_cast<double>(round_up(n, b.n) / b.n);
  const double units = std::max(1u, ctx.facts().units);
  const double fill = blocks / (std::ceil(blocks / units) * units);
  const double operands = static_cast<double>(m) * static_cast<double>(k) + static_cast<double>(k) * static_cast<double>(n);
  return {flop / (p[g.ceiling] * 1e9 * fill) * 1e3, p[MQLCL_PROFILE_LAUNCH_US] / 1e3,
          operands * g.prep_bytes / (p[MQLCL_PROFILE_COPY] * 1e9) * 1e3};
}

double predict_ms(Context& ctx, const GemmKernel& g, size_t m, size_t n, size_t k) {
  const PredictionTerms t = terms_of(ctx, g, m, n, k);
  const size_t index = gemm_kernel_index(g);
  const double efficiency = ctx.tuning().params(MQLCL_TUNABLE_EFFICIENCY)[index] / 1000.0;
  const double launches = ctx.tuning().params(MQLCL_TUNABLE_PREPARATION)[index] / 100.0;
  return t.product_ms / efficiency + launches * t.launch_ms + t.traffic_ms;
}

// Why a kernel cannot run a call of inner size k here, or empty.
std::string unavailable_at(Context& ctx, const GemmKernel& g, size_t k) {
  std::string why = gemm_kernel_unavailable(ctx, g);
  if (why.empty() && !passes_at(g, static_cast<long long>(k))) why = str("k = ", k, " is beyond its exact INT8 sums");
  return why;
}

}  // namespace

int precision_index(int field) {
  field_precision(field);  // refuses another field
  return field / MQLCL_GEMM_FAST;
}

GemmPlan plan_gemm(Context& ctx, int field, size_t m, size_t n, size_t k, bool predict) {
  GemmPlan plan;
  const int pin = gemm_state(ctx).pin[precision_index(field)];
  std::vector<const GemmKernel*> runnable;
  std::string why_none;
  for (const auto& g : kGemmKernels) {
    if (!meets(g, field) || (g.id != pin && !offered_on(g, ctx.facts()))) continue;
    const std::string why = unavailable_at(ctx, g, k);
    if (why.empty())
      runnable.push_back(&g);
    else
      why_none += str("; ", g.name, ": ", why);
  }
  if (runnable.empty())
    fail(MQLCL_ERR_UNSUPPORTED, "no GEMM kernel of this precision runs on ", ctx.facts().name, why_none);
  // A lone candidate is predicted only for the asking exports and from a profile already known:
  // a device with nothing to choose never measures one, nor does a call whose kernel is pinned
  // (the caller chose: measuring the profile would cost it seconds, minutes under a simulator).
  const bool times = predict ? runnable.size() > 1 || ctx.has_profile() : runnable.size() > 1 && !pin;
  for (const GemmKernel* g : runnable)
    if (!times || measured_profile(ctx)[g->ceiling] > 0)  // the profile just measured may lack the rate
      plan.candidates.push_back({g->id, times ? predict_ms(ctx, *g, m, n, k) : -1.0});
  std::stable_sort(plan.candidates.begin(), plan.candidates.end(),
                   [](const GemmCandidate& a, const GemmCandidate& b) { return a.ms < b.ms; });
  if (pin) {
    plan.pinned = true;
    const auto it = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                                 [&](const GemmCandidate& c) { return c.kernel == pin; });
    if (it == plan.candidates.end()) {
      // Pinned while it could run; since then a set or measured profile lacks its rate.
      const GemmKernel& g = gemm_kernel(pin);
      std::string why = unavailable_at(ctx, g, k);
      if (why.empty()) why = str("the device profile has no ", profile_key(g.ceiling), " rate");
      fail(MQLCL_ERR_UNSUPPORTED, "GEMM kernel ", pin, " (", g.name, ") is pinned (mqlcl_gemm_pin) but cannot run here: ", why,
           "; pin 0 to let the planner choose");
    }
    std::rotate(plan.candidates.begin(), it, it + 1);
  }
  plan.chosen = plan.candidates.front().kernel;
  return plan;
}

namespace {
PlanEntry question(Context& ctx, int field, size_t m, size_t n, size_t k, bool predict) {
  PlanEntry q;
  q.field = field, q.pin = gemm_state(ctx).pin[precision_index(field)];
  q.m = m, q.n = n, q.k = k, q.predict = predict;
  stamp_generations(ctx, q.tuning, q.profile);
  return q;
}
}  // namespace

const GemmPlan& planned_call(Context& ctx, int field, size_t m, size_t n, size_t k, bool predict) {
  return gemm_state(ctx).plans.answer([&] { return question(ctx, field, m, n, k, predict); },
                                      [&] { return plan_gemm(ctx, field, m, n, k, predict); });
}

int planned_kernel(Context& ctx, const GemmShape& s) { return planned_call(ctx, s.precision, s.m, s.n, s.k, false).chosen; }

int native_kernel(Context& ctx, const GemmShape& s) {
  // Predicted even where a kernel is pinned: the fastest of the others, not the table's first.
  for (const GemmCandidate& c : planned_call(ctx, s.precision, s.m, s.n, s.k, true).candidates)
    if (gemm_kernel(c.kernel).operands != GemmOperands::Residues) return c.kernel;
  fail(MQLCL_ERR_UNSUPPORTED, "no native GEMM kernel of this precision runs on ", ctx.facts().name,
       " for operands the Ozaki scheme cannot represent");
}

PredictionTerms prediction_terms(Context& ctx, int kernel, size_t m, size_t n, size_t k) {
  return terms_of(ctx, gemm_kernel(kernel), m, n, k);
}

double predict_gemm_ms(Context& ctx, int kernel, size_t m, size_t n, size_t k) {
  return predict_ms(ctx, gemm_kernel(kernel), m, n, k);
}

size_t gemm_block_rows(Context& ctx, int kernel) { return block_of(ctx, gemm_kernel(kernel)).m; }

std::string plan_text(Context& ctx, int field, size_t m, size_t n, size_t k) {
  const GemmPlan plan = plan_gemm(ctx, field, m, n, k, true);
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(3);
  const char* what = field == MQLCL_GEMM_EXACT ? "exact (FP32 accuracy)" : field == MQLCL_GEMM_FAST ? "fast (TF32 allowed)" : "FP64";
  out << what << ' ' << m << " x " << n << " x " << k << " on '" << ctx.facts().name << "': runs GEMM kernel " << plan.chosen << ' '
      << gemm_kernel(plan.chosen).name << (plan.pinned ? " (pinned)" : " (predicted fastest)") << '\n';
  for (const GemmCandidate& c : plan.candidates) {
    const GemmKernel& g = gemm_kernel(c.kernel);
    out << "  kernel " << g.id << ' ' << g.name << ": ";
    if (c.ms < 0) {
      out << "the only candidate (nothing predicted, no profile needed)\n";
      continue;
    }
    out << c.ms << " ms predicted (" << ctx.tuning().params(MQLCL_TUNABLE_EFFICIENCY)[gemm_kernel_index(g)] / 10.0 << "% of "
        << measured_profile(ctx)[g.ceiling] / passes_at(g, static_cast<long long>(k)) << " GFLOP/s, preparation "
        << ctx.tuning().params(MQLCL_TUNABLE_PREPARATION)[gemm_kernel_index(g)] / 100.0 << " launches and waits a call)\n";
  }
  for (const auto& g : kGemmKernels) {
    if (!meets(g, field)) continue;
    const std::string why = unavailable_at(ctx, g, k);
    if (!why.empty())
      out << "  kernel " << g.id << ' ' << g.name << ": cannot run here: " << why << '\n';
    else if (!offered_on(g, ctx.facts()) && std::none_of(plan.candidates.begin(), plan.candidates.end(),
                                                         [&](const GemmCandidate& c) { return c.kernel == g.id; }))
      out << "  kernel " << g.id << ' ' << g.name << ": not offered on a " << (is_cpu(ctx.facts()) ? "CPU" : "GPU")
          << " device (pin it to run it here)\n";
  }
  if (ctx.has_profile()) out << "profile: " << profile_text(ctx.profile(), ctx.facts().name, ctx.facts().driver);
  return out.str();
}

}  // namespace mqlcl
