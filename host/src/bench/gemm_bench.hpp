// `bench`'s GEMM rows: mqlcl_sgemm (exact, fast) and mqlcl_dgemm host->host with
// their split, mqlcl_sgemm_buffers / mqlcl_dgemm_buffers on device buffers, the peers in the
// same run (PyTorch from pageable tensors host->host; CLBlast and cuBLAS device-resident), the
// ratios, and the CPU check: host->host against the best stage's kernel plus the copies.
#pragma once
#include <vector>

#include "../context.hpp"
#include "cublas_peer.hpp"
#include "../tensor_runs.hpp"
#include "results.hpp"

namespace host {

struct GemmBenchArgs {
  std::vector<int> sizes;  // square M = N = K
  int reps = 5;            // timed calls after a warm-up (median), fewer past budget_ms
  double budget_ms = 12000;
  unsigned seed = 0;
};

// The square sizes the GEMM rows take by default: 2000, 4096, 8192 on GPUs, smaller on CPUs.
std::vector<int> default_gemm_sizes(int device);

// The ceilings the GEMM rows' products are measured against, in the same run (GFLOP/s; 0 =
// not measured or not on this device): the stage SGEMM runs has its own (stage_ceiling), DGEMM
// the FP64 tensor cores where it uses them, else the FP64 units.
struct GemmCeilings {
  double fp32 = 0, fp64 = 0, fp64_mma = 0;
  TensorCeilings tensor;
};
// Measures the FP64 ceilings (and FP32 / tensor ones not yet in `have`) as "ceiling" rows.
GemmCeilings add_gemm_ceiling_rows(Context& ctx, double fp32_gflops, const TensorCeilings& have, BenchRun& run);

void add_gemm_rows(Context& ctx, int device, const GemmBenchArgs& args, const GemmCeilings& ceilings,
                   const CublasPeer& cublas, BenchRun& run);

}  // namespace host
