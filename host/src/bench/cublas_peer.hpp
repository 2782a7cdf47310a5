// cuBLAS through PyTorch as a peer of `bench`, in the same run: host/peers/cublas_peer.py run
// by python3 where torch with CUDA is there, once per run, its lines parsed into timings.
#pragma once
#include <string>
#include <vector>

namespace host {

struct CublasTiming {
  std::string kind;  // "FP32", "TF32", "FP64" (GPU tensors) or "pageable-FP32", "pageable-FP64"
  int n = 0;         // square size
  double ms = 0;     // median: CUDA events (GPU tensors) or wall time of the host->host call
  double gflops = 0;
  double rel_max = 0, rel_sum = 0;  // error / max|ref|, error / sum|a b| on its sampled elements
};

struct CublasPeer {
  bool available = false;
  std::string why;  // when not available
  std::vector<CublasTiming> timings;
  const CublasTiming* find(const std::string& kind, int n) const;
};

// Runs the script at the sizes: `device_kinds` (e.g. "FP32,TF32,FP64") on GPU tensors,
// `pageable_kinds` (e.g. "FP32,FP64") host->host from pageable tensors; either may be empty.
// Prints a line per timing.
CublasPeer run_cublas_peer(const std::vector<int>& sizes, const std::string& device_kinds,
                           const std::string& pageable_kinds);

}  // namespace host
