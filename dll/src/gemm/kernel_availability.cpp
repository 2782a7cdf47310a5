#include "gemm/kernel_availability.hpp"

#include "core/error.hpp"
#include "device/tensor_decision.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

std::string gemm_kernel_unavailable(Context& ctx, const GemmKernel& g) {
  const DeviceFacts& f = ctx.facts();
  if (g.fp64 && !f.fp64) return "the device has no cl_khr_fp64 (no FP64 arithmetic)";
  // A device with mma.sync under a set profile that claims none: the profile's rate says why.
  if (g.mma && !ctx.mma_claimed() && !tensor_support(f).reason.empty()) return tensor_support(f).reason;
  // Only once known: availability never measures the profile.
  if (ctx.has_profile() && ctx.profile()[g.ceiling] <= 0) return str("the device profile has no ", profile_key(g.ceiling), " rate");
  try {
    tunable(g.id).validate(ctx.tuning().params(g.id), f);
  } catch (const Error& e) {
    if (e.code() != MQLCL_ERR_ARGUMENT && e.code() != MQLCL_ERR_LOCAL_SIZE) throw;
    return str("its tiles do not fit: ", e.what());
  }
  return "";
}

}  // namespace mqlcl
