// `bench --parts host`: where a host-array GEMM is fastest, the processor or the device. Per
// square size and precision, in the same run: the machine's OpenBLAS called directly (the
// terminal's MatMul runs on it; loaded at run time as the library loads it), mqlcl_sgemm / mqlcl_dgemm as a user calls them (the planner
// chooses; the path it took is reported), and the same call kept on the device
// (MQLCL_GEMM_ON_DEVICE). The ratio row: the faster of OpenBLAS and the device over the
// planned call (the target is >= 0.95 at every size).
#pragma once
#include <vector>

#include "../context.hpp"
#include "results.hpp"

namespace host {

// Adds the rows (groups "host-peer", "host", "host-device", "host-ratio") and prints a table.
void add_host_crossover_rows(Context& ctx, const std::vector<int>& sizes, int reps, double budget_ms, unsigned seed,
                             BenchRun& run);

}  // namespace host
