// Peers measured beside mqlcl in the same run, through OpenCL directly (Linux build with
// CLBlast found): CLBlast's SGEMM on the same data, and host<->device transfer rates with
// pageable and pinned host memory.
#pragma once
#include <string>
#include <vector>

namespace host {

struct PeerTiming {
  bool available = false;
  std::string note;       // why not available, or what was measured
  double median_ms = 0;   // kernel time (profiling events)
  double max_rel_error = 0;
};

// C = A * B (row-major, M x K times K x N) with clblast::Gemm; median of `reps` runs after
// a warm-up. `device` numbers devices as mqlcl does (all platforms in order).
PeerTiming clblast_sgemm(int device, const std::vector<float>& a, const std::vector<float>& b, int m, int k, int n,
                         int reps);

struct TransferRates {
  bool available = false;
  double pageable_write_gbs = 0, pageable_read_gbs = 0, pinned_write_gbs = 0, pinned_read_gbs = 0;
  double staged_write_gbs = 0;  // pageable copied into a pinned buffer, then transferred
};
TransferRates transfer_rates(int device, size_t bytes, int reps);

}  // namespace host
