#include "compute/gemm_plan.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "compute/context.hpp"
#include "compute/dgemm_config.hpp"
#include "compute/sgemm_config.hpp"
#include "compute/tensor_decision.hpp"
#include "compute/tensor_tiles.hpp"
#include "core/error.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

namespace {

// clang-format off
const GemmKernel kKernels[] = {
//  id                                  name                    precision                     ceiling                  passes mma    fp64   prep: bytes launches
  {MQLCL_GEMM_KERNEL_SGEMM_TUNED,     "sgemm_tuned",          MQLCL_PRECISION_FP32,         MQLCL_PROFILE_FP32,      1,     false, false, 0, 0},
  {MQLCL_GEMM_KERNEL_TENSOR_TF32,     "sgemm_tensor_tf32",    MQLCL_PRECISION_TF32,         MQLCL_PROFILE_MMA_TF32,  1,     true,  false, 0, 0},
  {MQLCL_GEMM_KERNEL_TENSOR_3XTF32,   "sgemm_tensor_3xtf32",  MQLCL_PRECISION_FP32_TENSOR,  MQLCL_PROFILE_MMA_TF32,  3,     true,  false, 0, 0},
  // Scans (read 4 bytes) and packs (read 4, write 2 or 4) instead of the FP32 pack (read 4,
  // write 4); the scans' counts read back before the packs.
  {MQLCL_GEMM_KERNEL_TENSOR_FP16,     "sgemm_tensor_fp16",    MQLCL_PRECISION_TF32,         MQLCL_PROFILE_MMA_FP16,  1,     true,  false, 2, 5},
  {MQLCL_GEMM_KERNEL_TENSOR_3XFP16,   "sgemm_tensor_3xfp16",  MQLCL_PRECISION_FP32_TENSOR,  MQLCL_PROFILE_MMA_FP16,  3,     true,  false, 4, 5},
  {MQLCL_GEMM_KERNEL_DGEMM,           "dgemm",                MQLCL_PRECISION_FP64,         MQLCL_PROFILE_FP64,      1,     false, true,  0, 0},
  {MQLCL_GEMM_KERNEL_DGEMM_TENSOR,    "dgemm_tensor",         MQLCL_PRECISION_FP64,         MQLCL_PROFILE_MMA_FP64,  1,     true,  true,  0, 0},
};
// clang-format on
constexpr size_t kKernelCount = sizeof(kKernels) / sizeof(kKernels[0]);
static_assert(kKernelCount == kEfficiencyParamCount, "one efficiency per kernel");

size_t index_of(const GemmKernel& k) { return static_cast<size_t>(&k - kKernels); }

// The kernel's block (what M, N, K are padded to): the first three of its tuned tiles in
// every GEMM kernel's vector (TSM TSN TSK, or BM BN BK).
struct Block {
  size_t m, n, k;
};
Block block_of(Context& ctx, const GemmKernel& g) {
  const int* p = ctx.tuning.params(g.id);
  return {size_t(p[0]), size_t(p[1]), size_t(p[2])};
}

size_t up(size_t x, size_t b) { return (x + b - 1) / b * b; }

// Product time: the padded multiply-adds at the kernel's share of its ceiling, in whole waves
// of blocks over the compute units, plus one launch, plus its preparation beyond the FP32
// pack at the device's copy rate.
double predict_ms(Context& ctx, const GemmKernel& g, size_t m, size_t n, size_t k) {
  const DeviceProfile& p = ctx.profile();
  const Block b = block_of(ctx, g);
  const double flop = 2.0 * static_cast<double>(up(m, b.m)) * static_cast<double>(up(n, b.n)) *
                      static_cast<double>(up(k, b.k)) * g.passes;
  const double efficiency = ctx.tuning.params(MQLCL_TUNABLE_EFFICIENCY)[index_of(g)] / 1000.0;
  const double rate = p[g.ceiling] * 1e9 * efficiency;  // flop/s
  const double blocks = static_cast<double>(up(m, b.m) / b.m) * static_cast<double>(up(n, b.n) / b.n);
  const double units = std::max(1u, ctx.facts().units);
  const double fill = blocks / (std::ceil(blocks / units) * units);
  const double operands = static_cast<double>(m) * static_cast<double>(k) + static_cast<double>(k) * static_cast<double>(n);
  const double prep_ms = operands * g.prep_bytes / (p[MQLCL_PROFILE_COPY] * 1e9) * 1e3;
  return flop / (rate * fill) * 1e3 + (1 + g.prep_launches) * p[MQLCL_PROFILE_LAUNCH_US] / 1e3 + prep_ms;
}

}  // namespace

const char kEfficiencyNames[] = "K10 K30 K31 K32 K33 K40 K41";

size_t gemm_kernel_count() { return kKernelCount; }

const GemmKernel& gemm_kernel_at(size_t index) {
  if (index >= kKernelCount) fail(MQLCL_ERR_RANGE, "GEMM kernel index ", index, " is beyond ", kKernelCount);
  return kKernels[index];
}

const GemmKernel& gemm_kernel(int id) {
  for (const auto& g : kKernels)
    if (g.id == id) return g;
  fail(MQLCL_ERR_ARGUMENT, "GEMM kernel ", id,
       " does not exist (10 sgemm_tuned, 30 sgemm_tensor_tf32, 31 sgemm_tensor_3xtf32, 32 sgemm_tensor_fp16, "
       "33 sgemm_tensor_3xfp16, 40 dgemm, 41 dgemm_tensor)");
}

// Share of each kernel's ceiling it reaches at large sizes. GPUs: measured on the H200
// (docs/results-h200.md: stage 10 65 %, 30 42 %, 31 57 % of a third, 32 and 33 as
// docs/results-h200.md "FP16 tensor stages" reports, the FP64 tensor kernel 68 %); the
// FP64-unit kernel's 30 % is an estimate until `tune --what efficiency` measures it on the
// device. CPUs run one candidate per precision: the value only scales the prediction.
void efficiency_defaults(const DeviceFacts& f, int* out) {
  const int gpu[kEfficiencyParamCount] = {650, 420, 570, 370, 410, 300, 680};
  const int cpu[kEfficiencyParamCount] = {500, 500, 500, 500, 500, 500, 500};
  for (int i = 0; i < kEfficiencyParamCount; ++i) out[i] = is_cpu(f) ? cpu[i] : gpu[i];
}

void validate_efficiency_params(const int* p, const DeviceFacts&) {
  for (int i = 0; i < kEfficiencyParamCount; ++i)
    if (p[i] < 1 || p[i] > 1000)
      fail(MQLCL_ERR_ARGUMENT, "efficiency of kernel ", kKernels[i].id, " = ", p[i], " per mille: it must be 1 .. 1000");
}

int precision_index(int field) {
  if (field == MQLCL_GEMM_EXACT) return 0;
  if (field == MQLCL_GEMM_FAST) return 1;
  if (field == MQLCL_GEMM_FP64) return 2;
  fail(MQLCL_ERR_ARGUMENT, "the precision field ", field, " is not MQLCL_GEMM_EXACT (0), _FAST (16) or _FP64 (32)");
}

bool meets(const GemmKernel& k, int field) {
  switch (field) {
    case MQLCL_GEMM_EXACT: return k.precision == MQLCL_PRECISION_FP32 || k.precision == MQLCL_PRECISION_FP32_TENSOR;
    case MQLCL_GEMM_FAST: return k.precision != MQLCL_PRECISION_FP64;
    case MQLCL_GEMM_FP64: return k.precision == MQLCL_PRECISION_FP64;
    default: return false;
  }
}

std::string gemm_kernel_unavailable(Context& ctx, const GemmKernel& g) {
  const DeviceFacts& f = ctx.facts();
  if (g.fp64 && !f.fp64) return "the device has no cl_khr_fp64 (no FP64 arithmetic)";
  if (g.mma && !ctx.mma_claimed()) return tensor_support(f).reason;
  // Only once known: availability never measures the profile.
  if (ctx.has_profile() && ctx.profile()[g.ceiling] <= 0) return str("the device profile has no ", profile_key(g.ceiling), " rate");
  try {
    tunable(g.id).validate(ctx.tuning.params(g.id), f);
  } catch (const Error& e) {
    if (e.code() != MQLCL_ERR_ARGUMENT && e.code() != MQLCL_ERR_LOCAL_SIZE) throw;
    return str("its tiles do not fit: ", e.what());
  }
  return "";
}

GemmPlan plan_gemm(Context& ctx, int field, size_t m, size_t n, size_t k, bool predict) {
  GemmPlan plan;
  const int pin = ctx.gemm_pin[precision_index(field)];
  std::vector<const GemmKernel*> runnable;
  std::string why_none;
  for (const auto& g : kKernels) {
    if (!meets(g, field)) continue;
    const std::string why = gemm_kernel_unavailable(ctx, g);
    if (why.empty())
      runnable.push_back(&g);
    else
      why_none += str("; ", g.name, ": ", why);
  }
  if (runnable.empty())
    fail(MQLCL_ERR_UNSUPPORTED, "no GEMM kernel of this precision runs on ", ctx.facts().name, why_none);
  // A lone candidate is predicted only for the asking exports and from a profile already known:
  // a device with nothing to choose never measures one.
  const bool times = runnable.size() > 1 || (predict && ctx.has_profile());
  for (const GemmKernel* g : runnable)
    if (!times || ctx.profile()[g->ceiling] > 0)  // the profile just measured may lack the rate
      plan.candidates.push_back({g->id, times ? predict_ms(ctx, *g, m, n, k) : -1.0});
  std::stable_sort(plan.candidates.begin(), plan.candidates.end(),
                   [](const GemmCandidate& a, const GemmCandidate& b) { return a.ms < b.ms; });
  if (pin) {
    plan.pinned = true;
    const auto it = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                                 [&](const GemmCandidate& c) { return c.kernel == pin; });
    if (it == plan.candidates.end()) fail(MQLCL_ERR_INTERNAL, "the pinned kernel ", pin, " is not a candidate");
    std::rotate(plan.candidates.begin(), it, it + 1);
  }
  plan.chosen = plan.candidates.front().kernel;
  return plan;
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
  out << what << ' ' << m << " x " << n << " x " << k << " on '" << ctx.facts().name << "': runs " << plan.chosen << ' '
      << gemm_kernel(plan.chosen).name << (plan.pinned ? " (pinned)" : " (predicted fastest)") << '\n';
  for (const GemmCandidate& c : plan.candidates) {
    const GemmKernel& g = gemm_kernel(c.kernel);
    out << "  " << g.id << ' ' << g.name << ": ";
    if (c.ms < 0) {
      out << "the only candidate (nothing predicted, no profile needed)\n";
      continue;
    }
    out << c.ms << " ms predicted (" << ctx.tuning.params(MQLCL_TUNABLE_EFFICIENCY)[index_of(g)] / 10.0 << "% of "
        << ctx.profile()[g.ceiling] / g.passes << " GFLOP/s)\n";
  }
  for (const auto& g : kKernels) {
    if (!meets(g, field)) continue;
    const std::string why = gemm_kernel_unavailable(ctx, g);
    if (!why.empty()) out << "  " << g.id << ' ' << g.name << ": cannot run here: " << why << '\n';
  }
  if (ctx.has_profile()) out << "profile: " << profile_text(ctx.profile(), ctx.facts().name, ctx.facts().driver);
  return out.str();
}

}  // namespace mqlcl
