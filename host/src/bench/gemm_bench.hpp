// `bench`'s GEMM rows (issue 13): mqlcl_sgemm (exact, fast) and mqlcl_dgemm host->host with
// their split, mqlcl_sgemm_buffers / mqlcl_dgemm_buffers on device buffers, the peers in the
// same run (PyTorch from pageable tensors host->host; CLBlast and cuBLAS device-resident), the
// ratios, and the CPU check: host->host against the best stage's kernel plus the copies.
#pragma once
#include <vector>

#include "../context.hpp"
#include "cublas_peer.hpp"
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

void add_gemm_rows(Context& ctx, int device, const GemmBenchArgs& args, const CublasPeer& cublas, BenchRun& run);

}  // namespace host
