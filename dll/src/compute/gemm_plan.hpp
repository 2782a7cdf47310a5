// The GEMM planner: one table of the kernels a GEMM can run (SGEMM and DGEMM, host arrays or
// device buffers alike), and the choice among them. A kernel is a candidate when its results
// meet the call's precision and the device can run it (availability: mma.sync, FP64, tiles
// that fit); among candidates the planner predicts each one's product time for m, n, k from
// the device profile (measured ceilings) and the kernel's efficiency (a tunable: per device
// from `tune`, else a default per device type), and chooses the least. With one candidate it
// needs no profile. A kernel pinned on the context (mqlcl_gemm_pin) runs instead.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "compute/device_facts.hpp"
#include "mqlcl.h"

namespace mqlcl {

class Context;

struct GemmKernel {
  int id;              // MQLCL_GEMM_KERNEL_*: also its tunable id (its tiles)
  const char* name;
  int precision;       // MQLCL_PRECISION_* of its results
  int ceiling;         // the MQLCL_PROFILE_* rate that bounds it
  double passes;       // products per output multiply-add (3xTF32: 3)
  bool mma, fp64;      // needs mma.sync / cl_khr_fp64
  // What it costs beyond the FP32 pack every SGEMM kernel has: bytes moved per operand element
  // and launches (with a wait) before the product (the FP16 kernels' scans and packs).
  double prep_bytes;
  int prep_launches;
};
size_t gemm_kernel_count();
const GemmKernel& gemm_kernel_at(size_t index);
// The row of a kernel number; MQLCL_ERR_ARGUMENT naming the kernels when none.
const GemmKernel& gemm_kernel(int id);

// The efficiency tunable (MQLCL_TUNABLE_EFFICIENCY): per mille of each kernel's ceiling, in
// the table's order.
constexpr int kEfficiencyParamCount = 7;
extern const char kEfficiencyNames[];
void efficiency_defaults(const DeviceFacts& f, int* out);
void validate_efficiency_params(const int* params, const DeviceFacts& f);

// The flags' precision field as an index (0 exact, 1 fast, 2 FP64) after checking it is one
// the call takes (`dgemm`: FP64 or exact).
int precision_index(int precision_field);
// Whether a kernel's results meet a precision field (MQLCL_GEMM_EXACT / _FAST / _FP64).
bool meets(const GemmKernel& k, int precision_field);
// Why the kernel cannot run on the context's device, or empty.
std::string gemm_kernel_unavailable(Context& ctx, const GemmKernel& k);

struct GemmCandidate {
  int kernel;
  double ms;  // predicted product time; < 0 where not predicted (the only candidate)
};
struct GemmPlan {
  int chosen = 0;
  bool pinned = false;
  std::vector<GemmCandidate> candidates;  // fastest first; the chosen one first
};
// `predict`: predict a lone candidate's time too where the profile is known (the plan
// exports); a device with one candidate never measures its profile.
GemmPlan plan_gemm(Context& ctx, int precision_field, size_t m, size_t n, size_t k, bool predict);
std::string plan_text(Context& ctx, int precision_field, size_t m, size_t n, size_t k);
// The product time the planner predicts for a kernel (measures the profile if not known).
double predict_gemm_ms(Context& ctx, int kernel, size_t m, size_t n, size_t k);
// The rows of the kernel's block (what it pads m to).
size_t gemm_block_rows(Context& ctx, int kernel);

}  // namespace mqlcl
