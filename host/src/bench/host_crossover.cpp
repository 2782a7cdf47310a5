#include "host_crossover.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>
#include <cstdlib>
#include <string>
#include <thread>
#include <type_traits>

#include "../library.hpp"
#include "../matrices.hpp"
#include "../product_check.hpp"
#include "../timing.hpp"
#if !defined(_WIN32)
#include <dlfcn.h>
#endif

namespace host {

namespace {
using Clock = std::chrono::steady_clock;

// The peer: OpenBLAS's CBLAS, loaded as the library loads its own ($MQLCL_HOST_BLAS, else by
// name), so that a machine without it still runs the benchmark (without the peer).
using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*, int);
using Dgemm = void (*)(int, int, int, int, int, int, double, const double*, int, const double*, int, double, double*,
                       int);
struct Peer {
  Sgemm sgemm = nullptr;
  Dgemm dgemm = nullptr;
  std::string name;
};
Peer load_peer() {
  Peer p;
#if !defined(_WIN32)
  const char* path = std::getenv("MQLCL_HOST_BLAS");
  std::vector<std::string> names = {"libopenblas.so.0", "libopenblas.so"};
  if (path != nullptr && *path != '\0') names = {path};
  for (const std::string& name : names) {
    void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) continue;
    p.sgemm = reinterpret_cast<Sgemm>(dlsym(lib, "cblas_sgemm"));
    p.dgemm = reinterpret_cast<Dgemm>(dlsym(lib, "cblas_dgemm"));
    if (p.sgemm != nullptr && p.dgemm != nullptr) {
      p.name = name;
      return p;
    }
    p = Peer{};
  }
#endif
  return p;
}
constexpr int kRowMajor = 101, kNoTrans = 111;

struct Timed {
  std::string error;
  double ms = 0;    // median per-call wall time
  int product = 0;  // mqlcl_last_product of the last call
  bool checked = true;
};

// The per-call wall time of `calls` calls in a row (ms); < 0 where one failed.
double batch_ms(const std::function<int()>& call, int calls) {
  const auto t0 = Clock::now();
  for (int i = 0; i < calls; ++i)
    if (call() < 0) return -1;
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / calls;
}

template <class T>
int library_call(Context& ctx, int flags, int n, const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& c) {
  const int count = static_cast<int>(a.size());
  if constexpr (std::is_same_v<T, float>)
    return lib().mqlcl_sgemm(ctx.handle(), flags, n, n, n, 1.0f, a.data(), count, n, b.data(), count, n, 0.0f, c.data(),
                             count, n);
  else
    return lib().mqlcl_dgemm(ctx.handle(), flags | MQLCL_GEMM_FP64, n, n, n, 1.0, a.data(), count, n, b.data(), count, n,
                             0.0, c.data(), count, n);
}

std::string path_name(int product) {
  return product == MQLCL_GEMM_HOST_BLAS ? std::string("host BLAS") : fmt::format("kernel {}", product);
}

template <class T>
void add_size(Context& ctx, const Peer& peer, int n, int reps, double budget_ms, std::mt19937& rng, BenchRun& run) {
  const size_t count = static_cast<size_t>(n) * static_cast<size_t>(n);
  const std::vector<float> af = random_matrix(count, rng), bf = random_matrix(count, rng);
  const std::vector<T> a(af.begin(), af.end()), b(bf.begin(), bf.end());
  std::vector<T> c(count);
  const bool fp64 = std::is_same_v<T, double>;
  const std::string size = fmt::format("{0}x{0}x{0}", n), prec = fp64 ? "fp64" : "fp32";
  const double flops = 2.0 * n * double(n) * n;
  auto row = [&](const char* group, const std::string& name, const Timed& t, const std::string& note) {
    BenchRow r;
    r.group = group, r.name = name + " " + prec, r.size = size, r.ms = t.ms, r.unit = "GFLOP/s";
    r.rate = t.ms > 0 ? flops / t.ms / 1e6 : 0;
    r.ok = t.error.empty() && t.checked;
    r.note = t.error.empty() ? note : t.error;
    run.rows.push_back(r);
  };
  auto checked = [&](Timed t, int flags) {
    if (t.error.empty()) {
      t.product = lib().mqlcl_last_product(ctx.handle());
      const ProductCheck pc = check_product(gemm_flags_precision(fp64 ? MQLCL_GEMM_FP64 : flags), a, b, c, n, n, n, 256);
      t.checked = pc.ok();
    }
    return t;
  };
  // Each timed in batches of calls of at least 20 milliseconds (a small product's microseconds
  // are below the clock's reach alone, and a GPU's first call after a pause runs at the clock it
  // slowed to: a batch of one 2 ms call measured that, planned and device-only calls of one
  // kernel 15 % apart either way on an H200), after a warm-up; OpenBLAS, the planned call and (where
  // a batch of it costs under 100 ms) the device in each round, so that a change of the
  // machine's load hits every side of a round's ratio.
  const std::function<int()> planned_call = [&] { return library_call<T>(ctx, 0, n, a, b, c); };
  const std::function<int()> device_call = [&] { return library_call<T>(ctx, MQLCL_GEMM_ON_DEVICE, n, a, b, c); };
  std::function<int()> peer_call;
  if (peer.sgemm != nullptr)
    peer_call = [&] {
      if constexpr (fp64)
        peer.dgemm(kRowMajor, kNoTrans, kNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n, 0.0, c.data(), n);
      else
        peer.sgemm(kRowMajor, kNoTrans, kNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(), n);
      return 0;
    };
  Timed peer_time, planned, device;
  const double first = batch_ms(planned_call, 1) < 0 ? -1 : batch_ms(planned_call, 1);  // a warm-up, then one timed
  const int calls = first > 0 ? std::max(1, std::min(20000, static_cast<int>(20.0 / std::max(first, 1e-4)))) : 1;
  if (first < 0) planned.error = last_error(0);
  planned = checked(planned, 0);
  const double device_first = batch_ms(device_call, 1) < 0 ? -1 : batch_ms(device_call, 1);
  if (device_first < 0) device.error = last_error(0);
  device = checked(device, 0);
  const bool device_in_rounds = device.error.empty() && device_first * calls < 100;
  if (peer_call) batch_ms(peer_call, 1);
  std::vector<double> peer_ms, planned_ms, device_ms;
  double spent = 0;
  for (int r = 0; planned.error.empty() && r < std::max(reps, 3) && (r < 3 || spent < budget_ms); ++r) {
    const auto r0 = Clock::now();
    // Each side first, second and third in turn, each after a pause: OpenBLAS's threads spin
    // for a while after a call (about 0.1 s at its default timeout), and a call in that time
    // shares the processor with them.
    for (int side = 0; side < 3; ++side) {
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
      switch ((side + r) % 3) {
        case 0:
          if (peer_call) peer_ms.push_back(batch_ms(peer_call, calls));
          break;
        case 1: {
          const double ms = batch_ms(planned_call, calls);
          if (ms < 0) planned.error = last_error(0);
          planned_ms.push_back(ms);
          break;
        }
        default:
          if (device_in_rounds) device_ms.push_back(batch_ms(device_call, calls));
      }
    }
    spent += std::chrono::duration<double, std::milli>(Clock::now() - r0).count();
  }
  if (planned.error.empty()) planned.ms = median(planned_ms);
  if (peer_call) {
    peer_time.ms = median(peer_ms);
    row("host-peer", "OpenBLAS", peer_time, peer.name + ", called directly");
  }
  row("host", "mqlcl planned", planned, "ran on " + path_name(planned.product));
  if (device.error.empty() && !device_in_rounds) {  // a slow device: its own calls, within the budget
    double device_spent = 0;
    for (int r = 0; r < reps && (r == 0 || device_spent < budget_ms); ++r) {
      const double one = batch_ms(device_call, 1);
      if (one < 0) {
        device.error = last_error(0);
        break;
      }
      device_ms.push_back(one);
      device_spent += one;
    }
  }
  if (device.error.empty()) device.ms = median(device_ms);
  row("host-device", "mqlcl on the device", device, "ran on " + path_name(device.product));
  if (planned.error.empty() && device.error.empty()) {
    std::vector<double> ratios;
    for (size_t i = 0; i < planned_ms.size(); ++i) {
      const double dev = device_in_rounds ? device_ms[i] : device.ms;
      ratios.push_back((peer_ms.empty() ? dev : std::min(peer_ms[i], dev)) / planned_ms[i]);
    }
    BenchRow r;
    r.group = "host-ratio", r.name = "faster of OpenBLAS and the device / planned " + prec, r.size = size;
    r.rate = median(ratios), r.unit = "x", r.ok = r.rate >= 0.95;
    r.note = fmt::format("median of {} rounds of {} calls each{}; target >= 0.95{}", ratios.size(), calls,
                         device_in_rounds ? ", the device in each round" : ", the device timed apart",
                         peer_ms.empty() ? "; no OpenBLAS found: the device alone" : "");
    run.rows.push_back(r);
  }
  const double peer_median = peer_time.ms;
  fmt::print("  {:>5} {:4}  OpenBLAS {:9.4f} ms   planned {:9.4f} ms ({:9})   device {:9.3f} ms ({})\n", n, prec, peer_median,
             planned.ms, path_name(planned.product), device.ms, path_name(device.product));
}
}  // namespace

void add_host_crossover_rows(Context& ctx, const std::vector<int>& sizes, int reps, double budget_ms, unsigned seed,
                             BenchRun& run) {
  fmt::print("\nhost-array GEMM: the processor (OpenBLAS directly) against mqlcl planned and on the device\n");
  const Peer peer = load_peer();
  fmt::print("  the peer: {}\n", peer.name.empty() ? "none (no OpenBLAS found: the device alone)" : peer.name);
  std::mt19937 rng(seed);
  for (int n : sizes) {
    add_size<float>(ctx, peer, n, reps, budget_ms, rng, run);
    add_size<double>(ctx, peer, n, reps, budget_ms, rng, run);
  }
}

}  // namespace host
