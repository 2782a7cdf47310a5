#include "gemm/planner_calibration.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "catalog/gemm_kernels.hpp"
#include "core/error.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/search_operands.hpp"
#include "planner_fit.hpp"
#include "tuning/stage_tuning.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One kernel's calls at one size on both element types' operands.
class Calls {
 public:
  explicit Calls(Context& ctx) : ctx_(ctx), floats_(ctx), doubles_(ctx) {}

  // The fastest of `reps` calls (wall, after one that builds and warms), or -1 where the kernel
  // fails, falls back or its C differs from the first correct kernel's at this size.
  double time(int kernel, size_t n, int reps) {
    try {
      return element_bytes(gemm_kernel(kernel)) == 8 ? time_on(doubles_, double_reference_, kernel, n, reps)
                                                     : time_on(floats_, float_reference_, kernel, n, reps);
    } catch (const Error&) {
      return -1;
    } catch (const cl::Error&) {
      return -1;
    }
  }

 private:
  template <class T>
  double time_on(SearchOperands<T>& ops, std::vector<T>& reference, int kernel, size_t n, int reps) {
    if (!ops.run(kernel, n)) return -1;
    double best = std::numeric_limits<double>::infinity();
    for (int r = 0; r < reps; ++r) {
      const double start = now_ms();
      if (!ops.run(kernel, n)) return -1;
      best = std::min(best, now_ms() - start);
    }
    const std::vector<T> c = ops.result();
    if (reference.size() != c.size()) reference = c;  // the first kernel timed at this size
    return c == reference ? best : -1;
  }

  Context& ctx_;
  SearchOperands<float> floats_;
  SearchOperands<double> doubles_;
  std::vector<float> float_reference_;
  std::vector<double> double_reference_;
};

std::string joined(const std::vector<int>& v) {
  std::string out;
  for (int x : v) out += (out.empty() ? "" : " ") + std::to_string(x);
  return out;
}

}  // namespace

std::string calibrate_planner_locked(Context& ctx, const std::vector<int>& kernels, const NativePath& path, double budget_s,
                                     size_t largest, size_t smallest) {
  // The large size: one call of every kernel within a twentieth of the budget.
  size_t large = largest;
  Calls calls(ctx);
  for (int kernel : kernels) large = std::min(large, search_size(calls.time(kernel, smallest, 1), budget_s, smallest, largest));
  const size_t small = static_cast<size_t>(planner_fit::unaligned(static_cast<int>(std::max<size_t>(large / 4, 64))));
  large = static_cast<size_t>(planner_fit::unaligned(static_cast<int>(large)));
  std::vector<int> efficiency(ctx.tuning.params(MQLCL_TUNABLE_EFFICIENCY),
                              ctx.tuning.params(MQLCL_TUNABLE_EFFICIENCY) + tunable(MQLCL_TUNABLE_EFFICIENCY).count);
  std::vector<int> preparation(ctx.tuning.params(MQLCL_TUNABLE_PREPARATION),
                               ctx.tuning.params(MQLCL_TUNABLE_PREPARATION) + tunable(MQLCL_TUNABLE_PREPARATION).count);
  std::string fitted;
  for (int kernel : kernels) {
    const size_t at = gemm_kernel_index(gemm_kernel(kernel));
    planner_fit::Point p[2];
    const size_t sizes[2] = {small, large};
    bool usable = true;
    for (int i = 0; i < 2; ++i) {
      const PredictionTerms t = prediction_terms(ctx, kernel, sizes[i], sizes[i], sizes[i]);
      p[i] = {t.product_ms, t.launch_ms, t.traffic_ms, calls.time(kernel, sizes[i], i == 0 ? 5 : 3)};
      usable = usable && p[i].t > 0;
    }
    if (!usable) continue;
    const planner_fit::Fit f = planner_fit::fit(p[0], p[1], preparation[at], planner_fit::kPreparationMax);
    efficiency[at] = f.efficiency, preparation[at] = f.preparation;
    fitted += str(fitted.empty() ? "" : ", ", "kernel ", kernel, " ", f.efficiency, "/", f.preparation);
  }
  if (fitted.empty()) fail(MQLCL_ERR_UNSUPPORTED, "no GEMM kernel ran correctly at both sizes of the calibration");
  // Efficiencies are fractions of the profile's ceilings: fitted against a profile the caller
  // set (made-up rates, a what-if), they hold for this context only, never for the device.
  const bool set_profile = ctx.has_profile() && ctx.profile()[MQLCL_PROFILE_SOURCE] == MQLCL_PROFILE_SET;
  if (!set_profile) {
    const DeviceKey& key = ctx.tuning.key();
    store_tuning_locked(path, read_tuning_file(path), key, ctx.facts(), MQLCL_TUNABLE_EFFICIENCY, efficiency.data());
    store_tuning_locked(path, read_tuning_file(path), key, ctx.facts(), MQLCL_TUNABLE_PREPARATION, preparation.data());
  }
  const std::string origin =
      str(set_profile ? "this context only, against the profile set by the caller" : path_text(path), " (calibrated on first use at ",
          small, "^3 and ", large, "^3: ", fitted, ")");
  const int source = set_profile ? MQLCL_TUNING_SET : MQLCL_TUNING_DEVICE;
  ctx.tuning.use(MQLCL_TUNABLE_EFFICIENCY, efficiency, source, origin + ": " + joined(efficiency));
  ctx.tuning.use(MQLCL_TUNABLE_PREPARATION, preparation, source, origin + ": " + joined(preparation));
  return origin;
}

}  // namespace mqlcl
