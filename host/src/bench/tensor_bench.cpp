#include "tensor_bench.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace host {

namespace {
namespace fs = std::filesystem;

// host/peers/cublas_peer.py: $MQLCL_CUBLAS_PEER, beside this program, or in the source tree
// above a build folder (build/<preset>/host/).
std::string find_cublas_peer() {
  if (const char* env = std::getenv("MQLCL_CUBLAS_PEER")) return fs::exists(env) ? env : "";
#if defined(_WIN32)
  return "";
#else
  std::error_code ec;
  const fs::path exe_dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  if (ec) return "";
  for (const fs::path& p : {exe_dir / "cublas_peer.py", exe_dir / "peers" / "cublas_peer.py",
                            exe_dir / ".." / ".." / ".." / "host" / "peers" / "cublas_peer.py"})
    if (fs::exists(p, ec)) return p.string();
  return "";
#endif
}
}  // namespace

TensorCeilings add_tensor_ceiling_rows(Context& ctx, BenchRun& run) {
  const TensorCeilings t = measure_tensor_ceilings(ctx);
  if (t.available) {
    run.rows.push_back({"ceiling", 0, "mma.sync TF32 (tensor cores, register-only chains)", "-", 0, t.tf32_gflops, "GFLOP/s",
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

void add_cublas_peer_rows(BenchRun& run, const std::vector<int>& sizes) {
  const std::string script = find_cublas_peer();
  auto not_available = [&](const std::string& why) {
    run.rows.push_back({"peer", 0, "cuBLAS FP32/TF32 (PyTorch)", "-", 0, 0, "GFLOP/s", 0, 0, false, "not available: " + why});
    fmt::print("  cuBLAS: not available ({})\n", why);
  };
#if defined(_WIN32)
  (void)sizes;
  not_available("Linux only");
  return;
#else
  if (script.empty()) return not_available("host/peers/cublas_peer.py not found (set MQLCL_CUBLAS_PEER)");
  if (std::system("python3 -c 'import torch; assert torch.cuda.is_available()' >/dev/null 2>&1") != 0)
    return not_available("no python3 with PyTorch and CUDA");
  std::string list;
  for (int n : sizes) list += (list.empty() ? "" : ",") + std::to_string(n);
  FILE* p = popen(("python3 '" + script + "' " + list + " 2>&1").c_str(), "r");
  if (!p) return not_available("python3 did not start");
  char line[512];
  int found = 0;
  while (std::fgets(line, sizeof line, p)) {
    char kind[8];
    int n = 0;
    double ms = 0, tflops = 0, rel = 0, rel_scale = 0;
    // "cuBLAS FP32 4096^3: 2.7010 ms 50.88 TFLOP/s err/maxref 1.8e-06 err/sum|ab| 1.1e-07"
    if (std::sscanf(line, "cuBLAS %7s %d^3: %lf ms %lf TFLOP/s err/maxref %lf err/sum|ab| %lf", kind, &n, &ms, &tflops, &rel,
                    &rel_scale) == 6) {
      ++found;
      const std::string size = fmt::format("{0}x{0}x{0}", n);
      run.rows.push_back({"peer", 0, fmt::format("cuBLAS {} (PyTorch)", kind), size, ms, tflops * 1e3, "GFLOP/s", 0, 0, true,
                          fmt::format("err/max|ref| {:.1e}, err/sum|ab| {:.1e} (its own inputs)", rel, rel_scale)});
      fmt::print("  cuBLAS {:<5} {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s\n", kind, size, ms, tflops * 1e3);
    }
  }
  const int rc = pclose(p);
  if (found == 0) not_available(fmt::format("{} gave no timings (exit {})", script, rc));
#endif
}

}  // namespace host
