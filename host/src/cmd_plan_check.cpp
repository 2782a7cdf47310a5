// `plan-check`: the planner's choice against every candidate measured, per size and precision:
// each candidate pinned and called on device buffers (gemm_calls.hpp: what a caller waits for,
// the host arrays' transfers left out since every kernel has the same), the fastest of --reps
// calls; the pick's time over the fastest's. scripts/gpu/plan-bench.sh runs it after
// `tune --what planner`.
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "context.hpp"
#include "devices.hpp"
#include "gemm_calls.hpp"
#include "gemm_kernels.hpp"

namespace host {

namespace {

struct PlanCheckArgs {
  std::string sizes = "1000,2000";
  std::string precision = "all";
  int reps = 3;
};

struct PlanField {
  const char* name;
  int flags;
};
constexpr PlanField kPlanFields[] = {{"exact", MQLCL_GEMM_EXACT}, {"fast", MQLCL_GEMM_FAST}, {"fp64", MQLCL_GEMM_FP64}};

int run_plan_check(const PlanCheckArgs& a, const Options& opt) {
  std::vector<int> sizes;
  for (size_t at = 0; at < a.sizes.size();) {
    const size_t comma = std::min(a.sizes.find(',', at), a.sizes.size());
    const int n = std::atoi(a.sizes.substr(at, comma - at).c_str());
    if (n < 1) throw std::runtime_error("plan-check --sizes: '" + a.sizes + "' is not a list of sizes >= 1");
    sizes.push_back(n);
    at = comma + 1;
  }
  Context ctx(opt.device);
  const int h = ctx.handle();
  std::vector<double> profile(MQLCL_PROFILE_FIELDS);  // known before planning: every candidate predicted
  check(lib().mqlcl_device_profile(h, profile.data(), MQLCL_PROFILE_FIELDS), "mqlcl_device_profile");
  fmt::print("plan-check on {}: each candidate pinned, the fastest of {} calls on device buffers (host clock, ms)\n",
             device_text(opt.device, MQLCL_TEXT_NAME), a.reps);
  fmt::print("(predicted: the planner's time of the call; calibrated on first use or by tune --what planner, it holds the packs and epilogue)\n");
  fmt::print("{:>5} {:<5} | {:>4} {:>10} | {:>7} {:>10} | {:>6} | candidates: kernel measured (predicted)\n", "size",
             "prec", "pick", "pick ms", "fastest", "ms", "ratio");
  int failures = 0;
  for (int n : sizes) {
    std::map<int, BufferOperands*> operands;  // per element type, made once a size
    std::vector<std::unique_ptr<BufferOperands>> owned;
    for (const PlanField& f : kPlanFields) {
      if (a.precision != "all" && a.precision != f.name) continue;
      int kernels[16];
      double predicted[16];
      const int count = lib().mqlcl_gemm_plan(h, f.flags, n, n, n, kernels, predicted, 16);
      if (count < 0) {
        fmt::print("{:>5} {:<5} | not planned: {}\n", n, f.name, last_error(h));
        continue;
      }
      const int bytes = f.flags == MQLCL_GEMM_FP64 ? 8 : 4;
      if (!operands.count(bytes)) {
        owned.push_back(std::make_unique<BufferOperands>(h, n, bytes, opt.seed));
        operands[bytes] = owned.back().get();
      }
      std::string detail;
      double pick_ms = 0, fastest_ms = 1e300;
      int fastest = 0;
      for (int i = 0; i < std::min(count, 16); ++i) {
        const CallTimes t = operands[bytes]->time(f.flags, kernels[i], a.reps);
        if (!t.ok || t.product != kernels[i]) {
          ++failures;
          detail += fmt::format(" {}: {}", kernels[i], t.wall_ms <= 0 ? "refused" : !t.ok ? "WRONG" : fmt::format("fell back to {}", t.product));
          continue;
        }
        detail += fmt::format(" {}: {:.3f} ({:.3f})", kernels[i], t.wall_ms, predicted[i]);
        if (i == 0) pick_ms = t.wall_ms;
        if (t.wall_ms < fastest_ms) fastest_ms = t.wall_ms, fastest = kernels[i];
      }
      if (pick_ms <= 0 || fastest == 0) {
        fmt::print("{:>5} {:<5} | {:>4} {:>10} | {:>7} {:>10} | {:>6} |{}\n", n, f.name, kernels[0], "-", fastest, "-", "-",
                   detail);
        continue;
      }
      fmt::print("{:>5} {:<5} | {:>4} {:>10.3f} | {:>7} {:>10.3f} | {:>6.3f} |{}\n", n, f.name, kernels[0], pick_ms,
                 fastest, fastest_ms, pick_ms / fastest_ms, detail);
    }
  }
  return failures ? 1 : 0;
}

}  // namespace

void register_plan_check_command(CLI::App& app, Options& opt) {
  static PlanCheckArgs a;
  auto* p = app.add_subcommand("plan-check", "the GEMM planner's choice against every candidate measured, per size and "
                                             "precision (on device buffers)");
  p->add_option("--sizes", a.sizes, "square sizes, comma-separated")->capture_default_str();
  p->add_option("--precision", a.precision, "exact, fast, fp64 or all")
      ->check(CLI::IsMember({"exact", "fast", "fp64", "all"}))
      ->capture_default_str();
  p->add_option("--reps", a.reps, "timed calls per candidate after one that builds (the fastest is kept)")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  add_command(p, [&opt] { return run_plan_check(a, opt); });
}

}  // namespace host
