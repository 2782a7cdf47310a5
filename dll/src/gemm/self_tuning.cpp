#include "gemm/self_tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "catalog/gemm_kernels.hpp"
#include "catalog/tile_rule.hpp"
#include "core/env_number.hpp"
#include "gemm/gemm_routine.hpp"
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

// Operands of small integers (-2 .. 2, a fixed sequence): every product and sum a kernel forms
// of them at these sizes is an integer below 2^24, exact in FP32, TF32, FP16 and the Ozaki
// scheme alike, so every correct candidate gives the same C bit for bit.
template <class T>
std::vector<T> small_integers(size_t count, unsigned seed) {
  std::vector<T> out(count);
  unsigned x = seed;
  for (T& v : out) {
    x = x * 1664525u + 1013904223u;
    v = static_cast<T>(static_cast<int>((x >> 16) % 5) - 2);
  }
  return out;
}

template <class T>
class Search {
 public:
  Search(Context& ctx, const GemmKernel& g) : ctx_(ctx), g_(g) {}

  // The fastest correct candidate within the budget (the default tiles where none beats them),
  // timed at kSelfTuneMaxSize^3 (what `tune` times by default: tiles that hold across sizes), or
  // at half that down to kSelfTuneMinSize where the default tiles' run takes more than a
  // twentieth of the budget (a slow device).
  std::vector<int> run(double budget_s) {
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const std::vector<int> defaults(ctx_.tuning.params(g_.tunable), ctx_.tuning.params(g_.tunable) + g_.tiles->count);
    size_t n = static_cast<size_t>(kSelfTuneMaxSize);
    double best_ms = time(defaults, n, true);
    while (best_ms >= 0 && best_ms * 20 > budget_s * 1000 && n > kSelfTuneMinSize)
      n /= 2, best_ms = time(defaults, n, true);
    size_ = n;
    std::vector<int> best = defaults;
    if (best_ms < 0) return best;
    // A candidate is timed only where the budget still holds one more of the longest so far.
    double longest = spent();
    for (const TileVector* c : fitting_candidates(*g_.tiles, ctx_.facts())) {
      const double before = spent();
      if (before + longest > budget_s) break;
      const std::vector<int> tiles(c->v, c->v + g_.tiles->count);
      if (tiles == defaults) continue;
      const double ms = time(tiles, n, false);
      if (ms >= 0 && ms < best_ms) best_ms = ms, best = tiles;
      longest = std::max(longest, spent() - before);
    }
    return best;
  }
  size_t size() const { return size_; }

 private:
  // The product's kernel time with these tiles at n^3 (the median of three runs after one that
  // builds), or -1 where they do not fit, fail, fall back or differ from the reference.
  double time(const std::vector<int>& tiles, size_t n, bool reference) {
    try {
      if (n != n_) operands(n);
      ctx_.tuning.set(g_.tunable, tiles.data(), ctx_.facts());
      GemmShape s{n, n, n, false, false, n, n, n, n * n, n * n, n * n, precision_field(g_.precision)};
      const GemmOperand a{a_, 0}, b{b_, 0}, c{c_, 0};
      gemm_with<T>(ctx_, g_.id, s, T(1), a, b, T(0), c);  // builds
      double runs[3];
      for (double& ms : runs) {
        gemm_with<T>(ctx_, g_.id, s, T(1), a, b, T(0), c);
        if (ctx_.last().product != g_.id) return -1;
        ms = ctx_.last().kernel_ms;
      }
      std::sort(runs, runs + 3);
      const double ms = runs[1];
      std::vector<T> out(n * n);
      ctx_.queue().enqueueReadBuffer(c_, CL_TRUE, 0, out.size() * sizeof(T), out.data());
      if (reference) reference_ = out;
      return out == reference_ ? ms : -1;
    } catch (const Error&) {
      return -1;
    } catch (const cl::Error&) {
      return -1;
    }
  }

  void operands(size_t n) {
    const std::vector<T> a = small_integers<T>(n * n, 1), b = small_integers<T>(n * n, 2);
    a_ = ctx_.allocate(a.size() * sizeof(T), "a buffer of the search for tiles");
    b_ = ctx_.allocate(b.size() * sizeof(T), "a buffer of the search for tiles");
    c_ = ctx_.allocate(a.size() * sizeof(T), "a buffer of the search for tiles");
    ctx_.queue().enqueueWriteBuffer(a_, CL_TRUE, 0, a.size() * sizeof(T), a.data());
    ctx_.queue().enqueueWriteBuffer(b_, CL_TRUE, 0, b.size() * sizeof(T), b.data());
    n_ = n;
  }

  Context& ctx_;
  const GemmKernel& g_;
  cl::Buffer a_, b_, c_;
  size_t n_ = 0, size_ = 0;
  std::vector<T> reference_;
};

// Searches the kernel's tiles and stores the best, inside the tuning file's lock; the
// context's vector restored to the default where anything fails.
void search_and_store(Context& ctx, const GemmKernel& g) {
  const double budget = static_cast<double>(env_number("MQLCL_TUNE_SECONDS", 0, 3600, static_cast<size_t>(kSelfTuneSeconds)));
  const NativePath path = tuning_file_path();
  const TunedParams before = ctx.tuning.get(g.tunable);
  try {
    with_tuning_file_locked(path, [&] {
      const TuningFile file = read_tuning_file(path);
      if (ctx.tuning.adopt(g.tunable, file, path, ctx.facts())) return;  // stored by another meanwhile
      if (budget <= 0) return;
      size_t n = 0;
      std::vector<int> best;
      if (element_bytes(g) == 8) {
        Search<double> search(ctx, g);
        best = search.run(budget), n = search.size();
      } else {
        Search<float> search(ctx, g);
        best = search.run(budget), n = search.size();
      }
      store_tuning_locked(path, file, ctx.tuning.key(), ctx.facts(), g.tunable, best.data());
      ctx.tuning.use(g.tunable, best, MQLCL_TUNING_DEVICE,
                     str(path_text(path), " (tuned on first use at ", n, "^3 within ", budget, " s): ", text(best)));
    });
  } catch (...) {
    // A file that cannot be written or read, a device failure: the defaults stay.
    ctx.tuning.use(g.tunable, before.params, before.source, before.origin);
  }
}

}  // namespace

int kernel_for_call(Context& ctx, const GemmShape& s) {
  const int kernel = planned_kernel(ctx, s);
  const GemmKernel& g = gemm_kernel(kernel);
  if (!g.tiles || static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k) <
                      kSelfTuneMinSize * kSelfTuneMinSize * kSelfTuneMinSize)
    return kernel;
  SelfTuningState& state = ctx.state<SelfTuningState>();
  if (std::find(state.tried.begin(), state.tried.end(), g.tunable) != state.tried.end()) return kernel;
  state.tried.push_back(g.tunable);
  if (disabled() || ctx.tuning.get(g.tunable).source != MQLCL_TUNING_DEFAULT) return kernel;
  search_and_store(ctx, g);
  return planned_kernel(ctx, s);  // the tiles decide the planner's padding and prediction
}

}  // namespace mqlcl
