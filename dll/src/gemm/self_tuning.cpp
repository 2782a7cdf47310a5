#include "gemm/self_tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
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
#include "gemm/search_verdict.hpp"
#include "planner_fit.hpp"
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
  Search(Context& ctx, const GemmKernel& g) : ctx_(ctx), g_(g) {}

  // The correct candidate fastest at `wanted` sizes within the budget (the default tiles where
  // none beats them): the sizes the planner runs the kernel at (the geometric mean of each
  // candidate's times over the default's: a partial last wave of large blocks costs most at
  // small sizes, a small block's traffic at large ones), those a run of the default tiles
  // affords (search_size from its time at kSelfTuneMinSize^3); with none given or affordable,
  // the largest affordable up to kSelfTuneMaxSize^3 (what `tune` times by default).
  std::vector<int> run(double budget_s, const std::vector<size_t>& wanted) {
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const std::vector<int> defaults(ctx_.tuning().params(g_.tunable), ctx_.tuning().params(g_.tunable) + g_.tiles->count);
    const std::vector<const TileVector*> candidates = fitting_candidates(*g_.tiles, ctx_.facts());
    offered_ = candidates.size();
    const size_t first = static_cast<size_t>(kSelfTuneMinSize);
    // One run of the defaults first: where the budget cannot hold their reference's three runs
    // and one candidate's four after it (a slow kernel, a slow device), nothing can be
    // compared, and the search ends there with the defaults.
    const double first_ms = time(defaults, first, 1);
    first_ms_ = first_ms;
    if (first_ms < 0 || spent() + 7 * first_ms / 1000 > budget_s) return defaults;
    const size_t affordable = search_size(first_ms, budget_s, first, 2 * static_cast<size_t>(kSelfTuneMaxSize));
    for (size_t n : wanted)
      if (n <= affordable) sizes_.push_back(n);
    if (sizes_.empty()) sizes_.push_back(std::min(affordable, static_cast<size_t>(kSelfTuneMaxSize)));
    std::vector<double> reference;
    for (size_t n : sizes_) {
      reference.push_back(time(defaults, n, 3));
      if (reference.back() < 0) return defaults;
    }
    std::vector<int> best = defaults;
    double best_score = 1;
    // A candidate is timed only where the budget still holds one more of the longest so far.
    double longest = spent();
    for (const TileVector* c : candidates) {
      const double before = spent();
      if (before + longest > budget_s) break;
      ++timed_;
      const std::vector<int> tiles(c->v, c->v + g_.tiles->count);
      if (tiles == defaults) continue;
      double log_sum = 0;
      bool ok = true;
      for (size_t i = 0; ok && i < sizes_.size(); ++i) {
        const double ms = time(tiles, sizes_[i]);
        ok = ms >= 0;
        if (ok) log_sum += std::log(ms / reference[i]);
      }
      if (!ok) ++failed_;
      const double score = std::exp(log_sum / static_cast<double>(sizes_.size()));
      if (ok && score < best_score) best_score = score, best = tiles;
      longest = std::max(longest, spent() - before);
    }
    if (best == defaults) return defaults;
    std::vector<double> again_defaults, again_best;
    for (size_t n : sizes_) {
      again_defaults.push_back(time(defaults, n));
      again_best.push_back(time(best, n));
    }
    rejected_ = !confirmed_winner(again_defaults, again_best);
    return rejected_ ? defaults : best;
  }
  // What the search did, for the tiles' origin text.
  std::string summary() const {
    const size_t first = static_cast<size_t>(kSelfTuneMinSize);
    if (sizes_.empty())
      return str("with none of ", offered_, " candidates timed (the defaults' call at ", first, "^3 ",
                 first_ms_ < 0 ? std::string("fails") : str("takes ", static_cast<long long>(first_ms_), " ms"), ")");
    std::string at;
    for (size_t n : sizes_) at += str(at.empty() ? "" : ", ", n, "^3");
    return str("at ", at, ", ", timed_, " of ", offered_, " candidates timed", failed_ ? str(", ", failed_, " failed") : "",
               rejected_ ? ", its winner not confirmed against the defaults: the defaults kept" : "");
  }

 private:
  // The product's kernel time with these tiles at n^3 (the median of `runs` runs after one that
  // builds), or -1 where they do not fit, fail, fall back or differ from the first result at n
  // (the default tiles').
  double time(const std::vector<int>& tiles, size_t n, int runs = 3) {
    try {
      ctx_.tuning().set(g_.tunable, tiles.data(), ctx_.facts());
      std::unique_ptr<SearchOperands<T>>& ops = operands_[n];
      if (!ops) ops.reset(new SearchOperands<T>(ctx_));
      if (!ops->run(g_.id, n)) return -1;  // builds
      std::vector<double> ms;
      for (int r = 0; r < runs; ++r) {
        if (!ops->run(g_.id, n)) return -1;
        ms.push_back(ctx_.last().kernel_ms);
      }
      std::sort(ms.begin(), ms.end());
      return results_.matches(n, ops->result()) ? ms[ms.size() / 2] : -1;
    } catch (const Error&) {
      return -1;
    } catch (const cl::Error&) {
      return -1;
    }
  }

  Context& ctx_;
  const GemmKernel& g_;
  std::map<size_t, std::unique_ptr<SearchOperands<T>>> operands_;
  FirstResults<T> results_;
  std::vector<size_t> sizes_;
  size_t timed_ = 0, offered_ = 0, failed_ = 0;
  double first_ms_ = -1;
  bool rejected_ = false;
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

// Searches the kernel's tiles (at the `wanted` sizes: Search::run) and stores the best, the
// caller holding the tuning file's lock; the context's vector restored to what it was where
// anything fails. True where the kernel's tiles are others than before.
bool tune_tiles_locked(Context& ctx, const GemmKernel& g, const NativePath& path, double budget,
                       const std::vector<size_t>& wanted) {
  const TunedParams before = ctx.tuning().get(g.tunable);
  const auto changed = [&] { return ctx.tuning().get(g.tunable).params != before.params; };
  try {
    const TuningFile file = read_tuning_file(path);
    if (ctx.tuning().adopt(g.tunable, file, path, ctx.facts())) return changed();  // stored by another meanwhile
    if (budget <= 0) return false;
    std::string done;
    std::vector<int> best;
    if (element_bytes(g) == 8) {
      Search<double> search(ctx, g);
      best = search.run(budget, wanted), done = search.summary();
    } else {
      Search<float> search(ctx, g);
      best = search.run(budget, wanted), done = search.summary();
    }
    store_tuning_locked(path, file, ctx.tuning().key(), ctx.facts(), g.tunable, best.data());
    ctx.tuning().use(g.tunable, best, MQLCL_TUNING_DEVICE,
                   str(path_text(path), " (tuned on first use ", done, " within ", static_cast<long long>(budget),
                       " s): ", text(best)));
    return changed();
  } catch (...) {
    // A file that cannot be written or read, a device failure: the tiles as they were.
    ctx.tuning().use(g.tunable, before.params, before.source, before.origin);
    return false;
  }
}

// The tiles of a kernel on their first use, where they are the built-in default; true where
// it searched (or adopted another process's search).
bool tune_tiles(Context& ctx, const GemmKernel& g) {
  if (!g.tiles || !first_try(ctx, g.tunable) || ctx.tuning().get(g.tunable).source != MQLCL_TUNING_DEFAULT) return false;
  const NativePath path = tuning_file_path();
  try {
    with_tuning_file_locked(path, [&] { tune_tiles_locked(ctx, g, path, budget_seconds(), {}); });
  } catch (...) {
    // The lock cannot be taken (a folder that cannot be written): the defaults stay.
  }
  return true;
}

// The planner's plan at n^3 of every precision field some kernel runs here (`predict`: every
// candidate predicted; a pin of this context aside then, as the fastest is read from the times).
std::vector<GemmPlan> plans_at(Context& ctx, size_t n, bool predict) {
  std::vector<GemmPlan> out;
  for (int field : {MQLCL_GEMM_EXACT, MQLCL_GEMM_FAST, MQLCL_GEMM_FP64}) {
    try {
      out.push_back(plan_gemm(ctx, field, n, n, n, predict));
    } catch (const Error&) {
      // no kernel of this precision runs here
    }
  }
  return out;
}

// The kernels the planner chooses between on this device: the candidates of every precision
// field that has more than one, in the table's order.
std::vector<int> choices(Context& ctx) {
  std::vector<int> out;
  for (const GemmPlan& plan : plans_at(ctx, static_cast<size_t>(kSelfTuneMaxSize), false)) {
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
  if (ctx.tuning().get(MQLCL_TUNABLE_EFFICIENCY).source != MQLCL_TUNING_DEFAULT ||
      ctx.tuning().get(MQLCL_TUNABLE_PREPARATION).source != MQLCL_TUNING_DEFAULT)
    return false;
  const GemmPlan plan = plan_gemm(ctx, s.precision, s.m, s.n, s.k, false);
  return !plan.pinned && plan.candidates.size() > 1 && first_try(ctx, MQLCL_TUNABLE_EFFICIENCY);
}

// The sizes of kPlannedSizes at which the planner, as calibrated now, runs the kernel for some
// precision or predicts it within kContender of the kernel it runs (its own tiles searched
// there may make it the one).
std::vector<size_t> planned_sizes(Context& ctx, int kernel) {
  std::vector<size_t> out;
  for (double size : kPlannedSizes) {
    const size_t n = static_cast<size_t>(size);
    for (const GemmPlan& plan : plans_at(ctx, n, true)) {
      double fastest = -1, mine = -1;
      for (const GemmCandidate& c : plan.candidates) {
        if (fastest < 0 || c.ms < fastest) fastest = c.ms;
        if (c.kernel == kernel) mine = c.ms;
      }
      if (mine >= 0 && mine <= kContender * fastest) {
        out.push_back(n);
        break;
      }
    }
  }
  return out;
}

// The planner calibrated with the tiles as they are; then the tiles of each kernel it runs at
// some size searched at those sizes; then, where the search changed some kernel's tiles,
// calibrated again with them: tiles scored where they run, and efficiencies fitted to the
// tiles that run. Under one hold of the tuning file's lock; a process that finds it held
// waits, then reads what the other stored.
void calibrate(Context& ctx) {
  const NativePath path = tuning_file_path();
  const TunedParams efficiency = ctx.tuning().get(MQLCL_TUNABLE_EFFICIENCY);
  const TunedParams preparation = ctx.tuning().get(MQLCL_TUNABLE_PREPARATION);
  try {
    with_tuning_file_locked(path, [&] {
      const TuningFile file = read_tuning_file(path);
      const bool stored = ctx.tuning().adopt(MQLCL_TUNABLE_EFFICIENCY, file, path, ctx.facts());
      if (ctx.tuning().adopt(MQLCL_TUNABLE_PREPARATION, file, path, ctx.facts()) || stored) return;
      const double budget = budget_seconds();
      if (budget <= 0) return;
      const std::vector<int> kernels = choices(ctx);
      const size_t largest = static_cast<size_t>(kSelfTuneMaxSize), smallest = static_cast<size_t>(kSelfTuneMinSize);
      calibrate_planner_locked(ctx, kernels, path, budget, largest, smallest);
      bool retiled = false;  // the search changed some kernel's tiles: the fit is for the old ones
      for (int kernel : kernels) {
        const GemmKernel& g = gemm_kernel(kernel);
        if (!g.tiles || ctx.tuning().get(g.tunable).source != MQLCL_TUNING_DEFAULT) continue;
        const std::vector<size_t> sizes = planned_sizes(ctx, kernel);
        if (sizes.empty() || !first_try(ctx, g.tunable)) continue;  // never run: its tiles wait for a call
        retiled = tune_tiles_locked(ctx, g, path, budget, sizes) || retiled;
      }
      if (retiled) calibrate_planner_locked(ctx, kernels, path, budget, largest, smallest);
    });
  } catch (...) {
    // A file that cannot be written, no kernel timed right: the defaults stay.
    ctx.tuning().use(MQLCL_TUNABLE_EFFICIENCY, efficiency.params, efficiency.source, efficiency.origin);
    ctx.tuning().use(MQLCL_TUNABLE_PREPARATION, preparation.params, preparation.source, preparation.origin);
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
