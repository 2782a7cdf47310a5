#include "cublas_peer.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

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

const CublasTiming* CublasPeer::find(const std::string& kind, int n) const {
  for (const auto& t : timings)
    if (t.kind == kind && t.n == n) return &t;
  return nullptr;
}

CublasPeer run_cublas_peer(const std::vector<int>& sizes, const std::string& device_kinds,
                           const std::string& pageable_kinds) {
  CublasPeer peer;
  auto not_available = [&](const std::string& why) {
    peer.why = why;
    fmt::print("  cuBLAS: not available ({})\n", why);
    return peer;
  };
#if defined(_WIN32)
  (void)sizes, (void)device_kinds, (void)pageable_kinds;
  return not_available("Linux only");
#else
  const std::string script = find_cublas_peer();
  if (script.empty()) return not_available("host/peers/cublas_peer.py not found (set MQLCL_CUBLAS_PEER)");
  if (std::system("python3 -c 'import torch; assert torch.cuda.is_available()' >/dev/null 2>&1") != 0)
    return not_available("no python3 with PyTorch and CUDA");
  std::string list;
  for (int n : sizes) list += (list.empty() ? "" : ",") + std::to_string(n);
  const std::string cmd =
      fmt::format("python3 '{}' {} --device '{}' --pageable '{}' 2>&1", script, list, device_kinds, pageable_kinds);
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return not_available("python3 did not start");
  char line[512];
  while (std::fgets(line, sizeof line, p)) {
    char kind[32];
    CublasTiming t;
    double tflops = 0;
    // "cuBLAS FP32 4096^3: 2.7010 ms 50.88 TFLOP/s err/maxref 1.8e-06 err/sum|ab| 1.1e-07"
    // "cuBLAS pageable-FP32 4096^3: 78.5 ms ..." (host->host)
    if (std::sscanf(line, "cuBLAS %31s %d^3: %lf ms %lf TFLOP/s err/maxref %lf err/sum|ab| %lf", kind, &t.n, &t.ms, &tflops,
                    &t.rel_max, &t.rel_sum) == 6) {
      t.kind = kind;
      t.gflops = tflops * 1e3;
      peer.timings.push_back(t);
      fmt::print("  cuBLAS {:<14} {:>6}^3 {:>10.3f} ms {:>9.1f} GFLOP/s\n", t.kind, t.n, t.ms, t.gflops);
    } else if (std::string(line).find("Error") != std::string::npos) {
      fmt::print("  cuBLAS peer: {}", line);  // a Python traceback's last line
    }
  }
  const int rc = pclose(p);
  if (peer.timings.empty()) return not_available(fmt::format("{} gave no timings (exit {})", script, rc));
  peer.available = true;
  return peer;
#endif
}

}  // namespace host
