#include "tensor_bench.hpp"

#include <fmt/core.h>

namespace host {

TensorCeilings add_tensor_ceiling_rows(Context& ctx, BenchRun& run) {
  const TensorCeilings t = measure_tensor_ceilings(ctx);
  if (t.available) {
    run.rows.push_back({"ceiling", 0, "mma.sync TF32 (tensor cores, register-only chains)", "-", 0, t.tf32_gflops, "GFLOP/s",
                        100, 0, true, ""});
    run.rows.push_back({"ceiling", 0, "mma.sync FP16 (tensor cores, register-only chains)", "-", 0, t.fp16_gflops, "GFLOP/s",
                        100, 0, true, ""});
    run.rows.push_back({"ceiling", 0, "mma.sync BF16 (tensor cores, register-only chains)", "-", 0, t.bf16_gflops, "GFLOP/s",
                        100, 0, true, ""});
  }
  print_tensor_ceilings(t);
  return t;
}

double bench_stage_pct(int stage, double gflops, const TensorCeilings& t, double fp32_gflops) {
  const double ceiling = stage_ceiling(stage, t, fp32_gflops);
  return ceiling > 0 ? 100 * gflops / ceiling : 0;
}

void add_cublas_peer_rows(BenchRun& run, const CublasPeer& peer, const std::vector<int>& sizes) {
  if (!peer.available) {
    run.rows.push_back({"peer", 0, "cuBLAS FP32/TF32 (PyTorch)", "-", 0, 0, "GFLOP/s", 0, 0, false, "not available: " + peer.why});
    return;
  }
  for (int n : sizes)
    for (const char* kind : {"FP32", "TF32"})
      if (const CublasTiming* t = peer.find(kind, n))
        run.rows.push_back({"peer", 0, fmt::format("cuBLAS {} (PyTorch)", kind), fmt::format("{0}x{0}x{0}", n), t->ms, t->gflops,
                            "GFLOP/s", 0, 0, true,
                            fmt::format("err/max|ref| {:.1e}, err/sum|ab| {:.1e} (its own inputs)", t->rel_max, t->rel_sum)});
}

}  // namespace host
