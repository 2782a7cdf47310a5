// `bench`'s additions for the tensor-core stages (30 TF32, 31 3xTF32): the mma.sync ceilings
// as rows, each stage's check by its precision class and its % of the matching ceiling, and
// cuBLAS FP32/TF32 (cublas_peer.hpp) as the ladder's rows.
#pragma once
#include <random>
#include <vector>

#include "../matmul_runs.hpp"
#include "../tensor_runs.hpp"
#include "cublas_peer.hpp"
#include "results.hpp"

namespace host {

// Measures the mma.sync ceilings; adds them as "ceiling" rows where the device has them.
TensorCeilings add_tensor_ceiling_rows(Context& ctx, BenchRun& run);

// % of the ceiling that matches the stage (tensor_runs.hpp: stage_ceiling).
double bench_stage_pct(int stage, double gflops, const TensorCeilings& t, double fp32_gflops);

// cuBLAS FP32 and TF32 on GPU tensors at the square sizes, as "peer" rows (one row saying
// "not available" when python3, torch or CUDA is missing, or the script is not found).
void add_cublas_peer_rows(BenchRun& run, const CublasPeer& peer, const std::vector<int>& sizes);

}  // namespace host
