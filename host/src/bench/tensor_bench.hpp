// `bench`'s additions for the tensor-core stages (30 TF32, 31 3xTF32): the mma.sync ceilings
// as rows, each stage's check by its precision class and its % of the matching ceiling, and
// cuBLAS FP32/TF32 as an optional peer (host/peers/cublas_peer.py through python3 with
// PyTorch and CUDA; "not available" where the machine has none).
#pragma once
#include <random>
#include <vector>

#include "../matmul_runs.hpp"
#include "../tensor_runs.hpp"
#include "results.hpp"

namespace host {

// Measures the mma.sync ceilings; adds them as "ceiling" rows where the device has them.
TensorCeilings add_tensor_ceiling_rows(Context& ctx, BenchRun& run);

// % of the ceiling that matches the stage (tensor_runs.hpp: stage_ceiling).
double bench_stage_pct(int stage, double gflops, const TensorCeilings& t, double fp32_gflops);

// cuBLAS FP32 and TF32 at the square sizes, as "peer" rows (one row saying "not available"
// when python3, torch or CUDA is missing, or the script is not found).
void add_cublas_peer_rows(BenchRun& run, const std::vector<int>& sizes);

}  // namespace host
