#include "gemm/planner_calibration.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <utility>

#include "catalog/gemm_kernels.hpp"
#include "core/error.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/search_operands.hpp"
#include "planner_fit.hpp"
#include "tuning/context_tuning.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One kernel's calls at one size on both element types' operands.
class Calls {
 public:
  explicit Calls(Context& ctx) : floats_(ctx), doubles_(ctx) {}

  // The fastest of `reps` calls (wall, after one that builds and warms), or -1 where the kernel
  // fails, falls back or its C differs from the first kernel's timed at this size. A kernel
  // timed at this size before runs only the calls it lacks, neither built nor warmed again (a
  // slow kernel's call can take seconds).
  double time(int kernel, size_t n, int reps) {
    Timed& t = timed_[{kernel, n}];
    if (t.failed || t.reps >= reps) return t.failed ? -1 : t.best;
    try {
      const bool ok = element_bytes(gemm_kernel(kernel)) == 8 ? time_on(doubles_, double_results_, kernel, n, reps, t)
                                                              : time_on(floats_, float_results_, kernel, n, reps, t);
      t.failed = !ok;
    } catch (const Error&) {
      t.failed = true;
    } catch (const cl::Error&) {
      t.failed = true;
    }
    return t.failed ? -1 : t.best;
  }

 private:
  struct Timed {
    int reps = 0;  // calls timed so far
    double best = std::numeric_limits<double>::infinity();
    bool failed = false;
  };

  template <class T>
  bool time_on(SearchOperands<T>& ops, FirstResults<T>& results, int kernel, size_t n, int reps, Timed& t) {
    if (t.reps == 0 && !ops.run(kernel, n)) return false;
    for (; t.reps < reps; ++t.reps) {
      const double start = now_ms();
      if (!ops.run(kernel, n)) return false;
      t.best = std::min(t.best, now_ms() - start);
    }
    return results.matches(n, ops.result());
  }

  // One size's operands at a time per element type: the large sizes reach a quarter of the
  // device's memory.
  SearchOperands<float> floats_;
  SearchOperands<double> doubles_;
  FirstResults<float> float_results_;
  FirstResults<double> double_results_;
  std::map<std::pair<int, size_t>, Timed> timed_;  // by kernel and size
};

std::string joined(const std::vector<int>& v) {
  std::string out;
  for (int x : v) out += (out.empty() ? "" : " ") + std::to_string(x);
  return out;
}

}  // namespace

std::string calibrate_planner_locked(Context& ctx, const std::vector<int>& kernels, const NativePath& path, double budget_s,
                                     size_t largest, size_t smallest) {
  // The sizes: the small one a quarter of the large one where one call of every kernel takes a
  // twentieth of the budget at most (search_size, from a call at the large size's smallest: a
  // kernel whose large size that is has its first call timed already).
  size_t start = largest;
  Calls calls(ctx);
  const size_t probe = static_cast<size_t>(planner_fit::unaligned(static_cast<int>(smallest)));
  for (int kernel : kernels) start = std::min(start, search_size(calls.time(kernel, probe, 1), budget_s, smallest, largest));
  const size_t small = static_cast<size_t>(planner_fit::unaligned(static_cast<int>(std::max<size_t>(start / 4, 64))));
  std::vector<int> efficiency(ctx.tuning().params(MQLCL_TUNABLE_EFFICIENCY),
                              ctx.tuning().params(MQLCL_TUNABLE_EFFICIENCY) + tunable(MQLCL_TUNABLE_EFFICIENCY).count);
  std::vector<int> preparation(ctx.tuning().params(MQLCL_TUNABLE_PREPARATION),
                               ctx.tuning().params(MQLCL_TUNABLE_PREPARATION) + tunable(MQLCL_TUNABLE_PREPARATION).count);
  std::string fitted;
  for (int kernel : kernels) {
    const size_t at = gemm_kernel_index(gemm_kernel(kernel));
    const auto point = [&](size_t n, int reps) {
      const PredictionTerms t = prediction_terms(ctx, kernel, n, n, n);
      return planner_fit::Point{t.product_ms, t.launch_ms, t.traffic_ms, calls.time(kernel, n, reps)};
    };
    const planner_fit::Point at_small = point(small, 5);
    // The large size, each kernel its own: from `start` doubled (up to 4 largest) while the call
    // takes less than 4 times the small one's. The small call bounds the fixed cost, so at 4
    // times it the product is at least three quarters of the large call: what the efficiency is
    // fitted to (a fast kernel's call at 2000^3 is mostly its packs and launches: fitted there,
    // its efficiency comes out far too low). Doubled no further than needed: the formula's fit
    // is closest near its sizes, and callers' sizes are seldom beyond them. One call within the
    // budget's twentieth, the operands within a quarter of the device's memory.
    size_t n = start;
    planner_fit::Point at_large = point(static_cast<size_t>(planner_fit::unaligned(static_cast<int>(n))), 3);
    const size_t bytes = static_cast<size_t>(element_bytes(gemm_kernel(kernel)));
    while (at_small.t > 0 && at_large.t > 0 && at_large.t < 4 * at_small.t && n * 2 <= 4 * largest &&
           at_large.t * 8 <= budget_s * 1000 / 20 && 3 * (2 * n) * (2 * n) * bytes <= ctx.facts().global_mem / 4 &&
           (2 * n) * (2 * n) * bytes <= ctx.facts().max_alloc) {
      n *= 2;
      at_large = point(static_cast<size_t>(planner_fit::unaligned(static_cast<int>(n))), 3);
    }
    if (!(at_small.t > 0 && at_large.t > 0)) continue;
    const planner_fit::Fit f = planner_fit::fit(at_small, at_large, preparation[at], planner_fit::kPreparationMax);
    efficiency[at] = f.efficiency, preparation[at] = f.preparation;
    fitted += str(fitted.empty() ? "" : ", ", "kernel ", kernel, " ", f.efficiency, "/", f.preparation, " at ",
                  planner_fit::unaligned(static_cast<int>(n)), "^3");
  }
  if (fitted.empty()) fail(MQLCL_ERR_UNSUPPORTED, "no GEMM kernel ran correctly at both sizes of the calibration");
  // Efficiencies are fractions of the profile's ceilings: fitted against a profile the caller
  // set (made-up rates, a what-if), they hold for this context only, never for the device.
  const bool set_profile = ctx.has_profile() && ctx.profile()[MQLCL_PROFILE_SOURCE] == MQLCL_PROFILE_SET;
  if (!set_profile) {
    const DeviceKey& key = ctx.tuning().key();
    store_tuning_locked(path, read_tuning_file(path), key, ctx.facts(), MQLCL_TUNABLE_EFFICIENCY, efficiency.data());
    store_tuning_locked(path, read_tuning_file(path), key, ctx.facts(), MQLCL_TUNABLE_PREPARATION, preparation.data());
  }
  const std::string origin =
      str(set_profile ? "this context only, against the profile set by the caller" : path_text(path), " (calibrated on first use at ",
          small, "^3 and: ", fitted, ")");
  const int source = set_profile ? MQLCL_TUNING_SET : MQLCL_TUNING_DEVICE;
  ctx.tuning().use(MQLCL_TUNABLE_EFFICIENCY, efficiency, source, origin + ": " + joined(efficiency));
  ctx.tuning().use(MQLCL_TUNABLE_PREPARATION, preparation, source, origin + ": " + joined(preparation));
  return origin;
}

}  // namespace mqlcl
