// Peers measured beside mqlcl in the same run, through OpenCL directly (Linux build with
// CLBlast found): CLBlast's SGEMM and DGEMM on the same data, and host<->device transfer rates with
// pageable and pinned host memory.
#pragma once
#include <string>
#include <vector>

namespace host {

struct PeerTiming {
  bool available = false;
  std::string note;       // why not available, or what was measured
  double median_ms = 0;   // wall time of the whole routine
  double max_rel_error = 0;
};

// C = A * B (row-major, M x K times K x N) with clblast::Gemm<T> (T = float: SGEMM, double:
// DGEMM) on device buffers of its own; median of `reps` runs after a warm-up; the error on
// sampled elements (product_check.hpp). `device` numbers devices as mqlcl does (all
// platforms in order).
template <class T>
PeerTiming clblast_gemm(int device, const std::vector<T>& a, const std::vector<T>& b, int m, int k, int n, int reps);

struct TransferRates {
  bool available = false;
  double pageable_write_gbs = 0, pageable_read_gbs = 0, pinned_write_gbs = 0, pinned_read_gbs = 0;
  double staged_write_gbs = 0;  // pageable copied into a pinned buffer, then transferred
};
TransferRates transfer_rates(int device, size_t bytes, int reps);

}  // namespace host
