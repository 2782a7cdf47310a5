#include "gemm/self_tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "catalog/gemm_kernels.hpp"
#include "catalog/tile_rule.hpp"
#include "core/env_number.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/gemm_routine.hpp"
#include "gemm/planner_calibration.hpp"
#include "gemm/search_operands.hpp"
#include "tuning/file_lock.hpp"
#include "tuning/tunables.hpp"

namespace mqlcl {

namespace {

// The tunables this context has tried (searched, adopted, or given up on): once each.
struct SelfTuningState {
  std::vector<int> tried;
};

bool disabled() {
  const char* v = std::getenv("MQLCL_TUNE");
  return v != nullptr && (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0);
}

std::string text(const std::vector<int>& p) {
  std::string out;
  for (int v : p) out += (out.empty() ? "" : " ") + std::to_string(v);
  return out;
}

template <class T>
class Search {
 public:
  Search(Context& ctx, const GemmKernel& g) : ctx_(ctx), g_(g), operands_(ctx) {}

  // The fastest correct candidate within the budget (the default tiles where none beats them),
  // timed at search_size's size from the default tiles' time at kSelfTuneMinSize^3: up to
  // kSelfTuneMaxSize^3 (what `tune` times by default: tiles that hold across sizes).
  std::vector<int> run(double budget_s) {
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const std::vector<int> defaults(ctx_.tuning.params(g_.tunable), ctx_.tuning.params(g_.tunable) + g_.tiles->count);
    size_t n = static_cast<size_t>(kSelfTuneMinSize);
    double best_ms = time(defaults, n, true);
    if (best_ms >= 0) {
      const size_t larger = search_size(best_ms, budget_s, n, static_cast<size_t>(kSelfTuneMaxSize));
      if (larger != n) n = larger, best_ms = time(defaults, n, true);
    }
    size_ = n;
    std::vector<int> best = defaults;
    if (best_ms < 0) return best;
    // A candidate is timed only where the budget still holds one more of the longest so far.
    double longest = spent();
    const std::vector<const TileVector*> candidates = fitting_candidates(*g_.tiles, ctx_.facts());
    for (const TileVector* c : candidates) {
      const double before = spent();
      if (before + longest > budget_s) break;
      ++timed_;
      const std::vector<int> tiles(c->v, c->v + g_.tiles->count);
      if (tiles == defaults) continue;
      const double ms = time(tiles, n, false);
      if (ms < 0) ++failed_;
      if (ms >= 0 && ms < best_ms) best_ms = ms, best = tiles;
      longest = std::max(longest, spent() - before);
    }
    offered_ = candidates.size();
    return best;
  }
  // What the search did, for the tiles' origin text.
  std::string summary() const {
    return str("at ", size_, "^3, ", timed_, " of ", offered_, " candidates timed", failed_ ? str(", ", failed_, " failed") : "");
  }

 private:
  // The product's kernel time with these tiles at n^3 (the median of three runs after one that
  // builds), or -1 where they do not fit, fail, fall back or differ from the reference.
  double time(const std::vector<int>& tiles, size_t n, bool reference) {
    try {
      ctx_.tuning.set(g_.tunable, tiles.data(), ctx_.facts());
      if (!operands_.run(g_.id, n)) return -1;  // builds
      double runs[3];
      for (double& ms : runs) {
        if (!operands_.run(g_.id, n)) return -1;
        ms = ctx_.last().kernel_ms;
      }
      std::sort(runs, runs + 3);
      const std::vector<T> out = operands_.result();
      if (reference) reference_ = out;
      return out == reference_ ? runs[1] : -1;
    } catch (const Error&) {
      return -1;
    } catch (const cl::Error&) {
      return -1;
    }
  }

  Context& ctx_;
  const GemmKernel& g_;
  SearchOperands<T> operands_;
  size_t size_ = 0, timed_ = 0, offered_ = 0, failed_ = 0;
  std::vector<T> reference_;
};

double budget_seconds() {
  return static_cast<double>(env_number("MQLCL_TUNE_SECONDS", 0, 3600, static_cast<size_t>(kSelfTuneSeconds)));
}

// True the first time this context asks about the tunable (searched, adopted or given up on
// once each).
bool first_try(Context& ctx, int tunable) {
  SelfTuningState& state = ctx.state<SelfTuningState>();
  if (std::find(state.tried.begin(), state.tried.end(), tunable) != state.tried.end()) return false;
  state.tried.push_back(tunable);
  return true;
}

// Searches the kernel's tiles and stores the best, the caller holding the tuning file's lock;
// the context's vector restored to what it was where anything fails.
void tune_tiles_locked(Context& ctx, const GemmKernel& g, const NativePath& path, double budget) {
  const TunedParams before = ctx.tuning.get(g.tunable);
  try {
    const TuningFile file = read_tuning_file(path);
    if (ctx.tuning.adopt(g.tunable, file, path, ctx.facts())) return;  // stored by another meanwhile
    if (budget <= 0) return;
    std::string done;
    std::vector<int> best;
    if (element_bytes(g) == 8) {
      Search<double> search(ctx, g);
      best = search.run(budget), done = search.summary();
    } else {
      Search<float> search(ctx, g);
      best = search.run(budget), done = search.summary();
    }
    store_tuning_locked(path, file, ctx.tuning.key(), ctx.facts(), g.tunable, best.data());
    ctx.tuning.use(g.tunable, best, MQLCL_TUNING_DEVICE,
                   str(path_text(path), " (tuned on first use ", done, " within ", static_cast<long long>(budget),
                       " s): ", text(best)));
  } catch (...) {
    // A file that cannot be written or read, a device failure: the tiles as they were.
    ctx.tuning.use(g.tunable, before.params, before.source, before.origin);
  }
}

// The tiles of a kernel on their first use, where they are the built-in default; true where
// it searched (or adopted another process's search).
bool tune_tiles(Context& ctx, const GemmKernel& g) {
  if (!g.tiles || !first_try(ctx, g.tunable) || ctx.tuning.get(g.tunable).source != MQLCL_TUNING_DEFAULT) return false;
  const NativePath path = tuning_file_path();
  try {
    with_tuning_file_locked(path, [&] { tune_tiles_locked(ctx, g, path, budget_seconds()); });
  } catch (...) {
    // The lock cannot be taken (a folder that cannot be written): the defaults stay.
  }
  return true;
}

// The kernels the planner chooses between on this device: the candidates of every precision
// field that has more than one, in the table's order.
std::vector<int> choices(Context& ctx) {
  std::vector<int> out;
  const size_t n = static_cast<size_t>(kSelfTuneMaxSize);
  for (int field : {MQLCL_GEMM_EXACT, MQLCL_GEMM_FAST, MQLCL_GEMM_FP64}) {
    GemmPlan plan;
    try {
      plan = plan_gemm(ctx, field, n, n, n, false);
    } catch (const Error&) {
      continue;  // no kernel of this precision runs here
    }
    if (plan.candidates.size() < 2) continue;
    for (const GemmCandidate& c : plan.candidates)
      if (std::find(out.begin(), out.end(), c.kernel) == out.end()) out.push_back(c.kernel);
  }
  std::sort(out.begin(), out.end(),
            [](int a, int b) { return gemm_kernel_index(gemm_kernel(a)) < gemm_kernel_index(gemm_kernel(b)); });
  return out;
}

// Whether this call is the first that needs the planner's calibration: the planner chooses its
// kernel (no pin) among several, and neither the file nor the caller gave the calibration.
bool needs_calibration(Context& ctx, const GemmShape& s) {
  if (ctx.tuning.get(MQLCL_TUNABLE_EFFICIENCY).source != MQLCL_TUNING_DEFAULT ||
      ctx.tuning.get(MQLCL_TUNABLE_PREPARATION).source != MQLCL_TUNING_DEFAULT)
    return false;
  const GemmPlan plan = plan_gemm(ctx, s.precision, s.m, s.n, s.k, false);
  return !plan.pinned && plan.candidates.size() > 1 && first_try(ctx, MQLCL_TUNABLE_EFFICIENCY);
}

// Tunes the tiles of every kernel the planner chooses between, then calibrates the planner on
// them, under one hold of the tuning file's lock; a process that finds it held waits, then
// reads what the other stored.
void calibrate(Context& ctx) {
  const NativePath path = tuning_file_path();
  const TunedParams efficiency = ctx.tuning.get(MQLCL_TUNABLE_EFFICIENCY);
  const TunedParams preparation = ctx.tuning.get(MQLCL_TUNABLE_PREPARATION);
  try {
    with_tuning_file_locked(path, [&] {
      const TuningFile file = read_tuning_file(path);
      const bool stored = ctx.tuning.adopt(MQLCL_TUNABLE_EFFICIENCY, file, path, ctx.facts());
      if (ctx.tuning.adopt(MQLCL_TUNABLE_PREPARATION, file, path, ctx.facts()) || stored) return;
      const double budget = budget_seconds();
      if (budget <= 0) return;
      const std::vector<int> kernels = choices(ctx);
      for (int kernel : kernels) {
        const GemmKernel& g = gemm_kernel(kernel);
        if (g.tiles && first_try(ctx, g.tunable) && ctx.tuning.get(g.tunable).source == MQLCL_TUNING_DEFAULT)
          tune_tiles_locked(ctx, g, path, budget);
      }
      calibrate_planner_locked(ctx, kernels, path, budget, static_cast<size_t>(kSelfTuneMaxSize),
                               static_cast<size_t>(kSelfTuneMinSize));
    });
  } catch (...) {
    // A file that cannot be written, no kernel timed right: the defaults stay.
    ctx.tuning.use(MQLCL_TUNABLE_EFFICIENCY, efficiency.params, efficiency.source, efficiency.origin);
    ctx.tuning.use(MQLCL_TUNABLE_PREPARATION, preparation.params, preparation.source, preparation.origin);
  }
}

}  // namespace

int kernel_for_call(Context& ctx, const GemmShape& s) {
  int kernel = planned_kernel(ctx, s);
  if (static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k) <
          kSelfTuneMinSize * kSelfTuneMinSize * kSelfTuneMinSize ||
      disabled())
    return kernel;
  if (needs_calibration(ctx, s)) {
    calibrate(ctx);
    kernel = planned_kernel(ctx, s);
  }
  if (tune_tiles(ctx, gemm_kernel(kernel))) kernel = planned_kernel(ctx, s);  // the tiles decide padding and prediction
  return kernel;
}

}  // namespace mqlcl
