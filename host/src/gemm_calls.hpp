// GEMM calls on device buffers timed by the host's clock: what a caller of mqlcl_sgemm_buffers
// / mqlcl_dgemm_buffers waits for (packs, preparation, product, epilogue, the launches and the
// preparation's waits), without the host arrays' transfers, which are the same for every kernel.
// `tune --what planner` fits the planner to these times; `plan-check` compares its choices
// with them.
#pragma once
#include <vector>

namespace host {

struct CallTimes {
  double wall_ms = 0;     // the fastest call, host clock
  int product = 0;        // the kernel that computed it (mqlcl_last_product; an FP16 kernel may fall back)
  bool ok = false;        // ran, and C within its precision's tolerance at sampled elements
};

// Random n x n operands A, B and C on the device, of floats (element_bytes 4) or doubles (8).
class BufferOperands {
 public:
  BufferOperands(int ctx, int n, int element_bytes, unsigned seed);
  ~BufferOperands();
  BufferOperands(const BufferOperands&) = delete;
  BufferOperands& operator=(const BufferOperands&) = delete;
  int size() const { return n_; }
  // One call of `kernel` pinned for `flags` (0: the planner's choice), once to build, then
  // `reps` timed; the product checked once. Not ok (no times) where a call is refused.
  CallTimes time(int flags, int kernel, int reps);

 private:
  int ctx_, n_, bytes_;
  int a_ = 0, b_ = 0, c_ = 0;
  std::vector<float> fa_, fb_;
  std::vector<double> da_, db_;
};

}  // namespace host
