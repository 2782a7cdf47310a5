// The operands the searches on first use (gemm/self_tuning, gemm/planner_calibration) run GEMM
// kernels on: n x n device buffers of small integers (-2 .. 2, a fixed sequence). Every
// product and sum a kernel forms of them at these sizes is an integer below 2^24, exact in
// FP32, TF32, FP16 and the Ozaki scheme alike, so every correct kernel and tile vector gives
// the same C bit for bit, and a run is timed on the product alone (no fallback, no panels).
#pragma once
#include <map>
#include <vector>

#include "context.hpp"
#include "gemm/gemm.hpp"
#include "gemm/gemm_routine.hpp"

namespace mqlcl {

// The size a search times at: the largest of smallest, 2 smallest, ... up to largest where one
// run, predicted from its time at `smallest` (ms_at_smallest, growing as the cube), stays within
// a twentieth of the budget: tiles and calibrations hold best at large sizes, and a slow device
// (an emulation, FP64 at a small fraction of FP32) is never run at a size it cannot afford.
inline size_t search_size(double ms_at_smallest, double budget_s, size_t smallest, size_t largest) {
  size_t n = smallest;
  for (double ms = ms_at_smallest * 8; n * 2 <= largest && ms <= budget_s * 1000 / 20; ms *= 8) n *= 2;
  return n;
}

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
class SearchOperands {
 public:
  explicit SearchOperands(Context& ctx) : ctx_(ctx) {}

  // C = A B at n^3 by `kernel` (its precision's field), one operation of the context; false
  // where another kernel computed it (a fallback). Allocates the operands on a new size.
  bool run(int kernel, size_t n) {
    if (n != n_) allocate(n);
    const GemmShape s{n, n, n, false, false, n, n, n, n * n, n * n, n * n, precision_field(gemm_kernel(kernel).precision)};
    gemm_with<T>(ctx_, kernel, s, T(1), GemmOperand{a_, 0}, GemmOperand{b_, 0}, T(0), GemmOperand{c_, 0});
    return ctx_.last().product == kernel;
  }
  std::vector<T> result() {
    std::vector<T> out(n_ * n_);
    ctx_.queue().enqueueReadBuffer(c_, CL_TRUE, 0, out.size() * sizeof(T), out.data());
    return out;
  }

 private:
  void allocate(size_t n) {
    const std::vector<T> a = small_integers<T>(n * n, 1), b = small_integers<T>(n * n, 2);
    a_ = ctx_.allocate(a.size() * sizeof(T), "a buffer of a search on first use");
    b_ = ctx_.allocate(b.size() * sizeof(T), "a buffer of a search on first use");
    c_ = ctx_.allocate(a.size() * sizeof(T), "a buffer of a search on first use");
    ctx_.queue().enqueueWriteBuffer(a_, CL_TRUE, 0, a.size() * sizeof(T), a.data());
    ctx_.queue().enqueueWriteBuffer(b_, CL_TRUE, 0, b.size() * sizeof(T), b.data());
    n_ = n;
  }

  Context& ctx_;
  cl::Buffer a_, b_, c_;
  size_t n_ = 0;
};

// The first C computed at each size of a search: on these operands every correct kernel and
// tile vector gives it bit for bit, so a later C that differs is wrong.
template <class T>
class FirstResults {
 public:
  // Whether `c`, computed at n^3, equals the first C recorded at n (recording it when none is).
  bool matches(size_t n, const std::vector<T>& c) { return c == first_.emplace(n, c).first->second; }

 private:
  std::map<size_t, std::vector<T>> first_;
};

}  // namespace mqlcl
