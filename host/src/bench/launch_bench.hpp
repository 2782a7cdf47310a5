// `bench --parts launch`: what a kernel launch costs through mqlcl against OpenCL directly in
// the same process on the same device. One small kernel (x[i] += 1 over 1024 floats), chains
// of N launches then one blocking read of x, per launch (the chain's wall time / N), the
// median of many chains after a warm-up, four paths measured in turn:
//   mqlcl enqueue-only   mqlcl_enqueue x N, mqlcl_buffer_read_bytes (the CL* layer's
//                        CLExecute / CLBufferRead)
//   raw enqueue-only     clEnqueueNDRangeKernel x N without events, one blocking
//                        clEnqueueReadBuffer (the terminal's semantics)
//   mqlcl wait-each      mqlcl_execute x N (each waits), then the read
//   raw wait-each        clEnqueueNDRangeKernel + clFinish x N, then the read
// Every chain starts from x = 0 and must read back x = N everywhere (a launch lost or run
// twice shows). Targets reported against: mqlcl <= 1.15 x raw in both forms.
#pragma once
#include <vector>

#include "../context.hpp"
#include "results.hpp"

namespace host {

// Adds the rows (group "launch": one per path and chain, then the ratios) and prints its table.
void add_launch_rows(Context& ctx, int device, const std::vector<int>& chains, int reps, BenchRun& run);

}  // namespace host
