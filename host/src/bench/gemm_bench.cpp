#include "gemm_bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <type_traits>

#include "../devices.hpp"
#include "../matmul_runs.hpp"
#include "../timing.hpp"
#include "../product_check.hpp"
#if defined(MQLCL_HAVE_CLBLAST)
#include "peers.hpp"
#endif

namespace host {

namespace {
using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// One GEMM's timed calls: medians of each figure (ms). upload/download < 0: not reported.
struct GemmTiming {
  std::string error;  // the library's message when the call was refused
  int calls = 0;
  double wall = 0, kernel = 0, convert = 0, upload = -1, download = -1;
  ProductCheck check;  // 256 elements against a double product (product_check.hpp)
  bool ok() const { return error.empty(); }
};

// A warm-up call (compilation, first allocation), then up to args.reps timed calls while the
// time spent stays within args.budget_ms (at least one).
template <class Call>
GemmTiming time_calls(Context& ctx, const GemmBenchArgs& args, Call call) {
  GemmTiming t;
  std::vector<double> wall, kernel, convert, up, down;
  auto t0 = Clock::now();
  if (call() < 0) {
    t.error = last_error(0);
    return t;
  }
  double spent = ms_since(t0);
  for (int r = 0; r < args.reps && (r == 0 || spent < args.budget_ms); ++r) {
    t0 = Clock::now();
    if (call() < 0) {
      t.error = last_error(0);
      return t;
    }
    wall.push_back(ms_since(t0));
    spent += wall.back();
    kernel.push_back(ctx.kernel_ms());
    convert.push_back(ctx.convert_ms());
    up.push_back(lib().mqlcl_last_upload_ms(ctx.handle()));
    down.push_back(lib().mqlcl_last_download_ms(ctx.handle()));
  }
  t.calls = static_cast<int>(wall.size());
  t.wall = median(wall), t.kernel = median(kernel), t.convert = median(convert);
  if (!up.empty()) t.upload = median(up);
  if (!down.empty()) t.download = median(down);
  return t;
}

// mqlcl_sgemm (T = float) or mqlcl_dgemm (double) on host arrays: C = A B, square n.
template <class T>
GemmTiming host_gemm(Context& ctx, const GemmBenchArgs& args, int flags, const std::vector<T>& a,
                     const std::vector<T>& b, int n) {
  std::vector<T> c(a.size());
  const int count = static_cast<int>(a.size());
  GemmTiming t = time_calls(ctx, args, [&] {
    if constexpr (std::is_same_v<T, float>)
      return lib().mqlcl_sgemm(ctx.handle(), flags, n, n, n, 1.0f, a.data(), count, n, b.data(), count, n, 0.0f, c.data(),
                               count, n);
    else
      return lib().mqlcl_dgemm(ctx.handle(), flags, n, n, n, 1.0, a.data(), count, n, b.data(), count, n, 0.0, c.data(),
                               count, n);
  });
  if (t.ok()) t.check = check_product(gemm_flags_precision(flags), a, b, c, n, n, n, 256);
  return t;
}

// A, B and C as buffers of the context (the generic layer), with the copies timed.
template <class T>
class DeviceMatrices {
 public:
  DeviceMatrices(Context& ctx, size_t count) : count_(count) {
    for (int* h : {&a, &b, &c}) *h = check(lib().mqlcl_buffer(ctx.handle(), static_cast<long long>(count * sizeof(T)), 0), "mqlcl_buffer");
  }
  ~DeviceMatrices() {
    for (int h : {a, b, c})
      if (h > 0) lib().mqlcl_free(h);
  }
  DeviceMatrices(const DeviceMatrices&) = delete;
  DeviceMatrices& operator=(const DeviceMatrices&) = delete;

  // Writes A and B, reads C back: the copies a host->host GEMM cannot avoid; returns their ms.
  double copy(const std::vector<T>& host_a, const std::vector<T>& host_b, std::vector<T>& host_c) {
    const auto t0 = Clock::now();
    write(a, host_a);
    write(b, host_b);
    read(c, host_c);
    return ms_since(t0);
  }
  std::vector<T> read_c() {
    std::vector<T> out(count_);
    read(c, out);
    return out;
  }
  int a = 0, b = 0, c = 0;

 private:
  void write(int h, const std::vector<T>& v) {
    const int n = static_cast<int>(v.size());
    if constexpr (std::is_same_v<T, float>)
      check(lib().mqlcl_buffer_write_float(h, v.data(), 0, n), "mqlcl_buffer_write_float");
    else
      check(lib().mqlcl_buffer_write_double(h, v.data(), 0, n), "mqlcl_buffer_write_double");
  }
  void read(int h, std::vector<T>& v) {
    const int n = static_cast<int>(v.size());
    if constexpr (std::is_same_v<T, float>)
      check(lib().mqlcl_buffer_read_float(h, v.data(), 0, n), "mqlcl_buffer_read_float");
    else
      check(lib().mqlcl_buffer_read_double(h, v.data(), 0, n), "mqlcl_buffer_read_double");
  }
  size_t count_;
};

// mqlcl_sgemm_buffers / mqlcl_dgemm_buffers on the matrices (A, B written before).
template <class T>
GemmTiming buffer_gemm(Context& ctx, const GemmBenchArgs& args, int flags, DeviceMatrices<T>& d,
                       const std::vector<T>& a, const std::vector<T>& b, int n) {
  GemmTiming t = time_calls(ctx, args, [&] {
    if constexpr (std::is_same_v<T, float>)
      return lib().mqlcl_sgemm_buffers(ctx.handle(), flags, n, n, n, 1.0f, d.a, 0, n, d.b, 0, n, 0.0f, d.c, 0, n);
    else
      return lib().mqlcl_dgemm_buffers(ctx.handle(), flags, n, n, n, 1.0, d.a, 0, n, d.b, 0, n, 0.0, d.c, 0, n);
  });
  t.upload = t.download = -1;  // none: the data stays on the device
  if (t.ok()) t.check = check_product(gemm_flags_precision(flags), a, b, d.read_c(), n, n, n, 256);
  return t;
}

// The CPU check: host->host exact SGEMM against what it cannot avoid, the best
// exact stage's kernel (mqlcl_matmul on the slots) plus writing A, B and reading C (buffers).
// Measured in rounds of the three, so that a change of the machine's load (2 shared cores)
// hits both sides of each round's ratio alike; the medians of the rounds.
struct CopyCheck {
  std::string error;
  int stage = 0, rounds = 0;
  double ratio = 0, host_ms = 0, kernel_ms = 0, copies_ms = 0;
};
CopyCheck copy_check(Context& ctx, int device, const GemmBenchArgs& args, const MatmulData& d, DeviceMatrices<float>& m) {
  CopyCheck r;
  const int n = d.shape.rows1, count = static_cast<int>(d.a.size());
  r.stage = lib().mqlcl_stage_best(device, MQLCL_PRECISION_FP32);
  if (r.stage <= 0) {
    r.error = "no exact FP32 stage: " + last_error(0);
    return r;
  }
  upload_matmul_data(ctx, d);
  std::vector<float> c(d.a.size());
  auto stage_call = [&] { return lib().mqlcl_matmul(ctx.handle(), r.stage, n, n, n, 0, 0, 0); };
  auto host_call = [&] {
    return lib().mqlcl_sgemm(ctx.handle(), MQLCL_GEMM_EXACT, n, n, n, 1.0f, d.a.data(), count, n, d.b.data(), count, n, 0.0f,
                             c.data(), count, n);
  };
  if (stage_call() < 0 || host_call() < 0) {  // warm-ups (the host call's was made before)
    r.error = last_error(0);
    return r;
  }
  std::vector<double> ratios, host, kernel, copies;
  double spent = 0;
  for (int i = 0; i < args.reps && (i < 3 || spent < args.budget_ms); ++i) {  // a median of 3 at least
    copies.push_back(m.copy(d.a, d.b, c));
    if (stage_call() < 0) {
      r.error = last_error(0);
      return r;
    }
    kernel.push_back(ctx.kernel_ms());
    const auto t0 = Clock::now();
    if (host_call() < 0) {
      r.error = last_error(0);
      return r;
    }
    host.push_back(ms_since(t0));
    ratios.push_back(host.back() / (kernel.back() + copies.back()));
    spent += host.back() + kernel.back() + copies.back();
  }
  r.rounds = static_cast<int>(ratios.size());
  r.ratio = median(ratios), r.host_ms = median(host), r.kernel_ms = median(kernel), r.copies_ms = median(copies);
  return r;
}

struct Rows {
  BenchRun& run;
  std::string size;
  double flops;
  int k;  // the inner size, which the tolerance grows with

  // ceiling: GFLOP/s of the units the product runs on (0: none measured); % of it in the table.
  void timing(const std::string& name, const GemmTiming& t, bool host, double ceiling) {
    if (!t.ok()) {
      run.rows.push_back({"gemm", 0, name, size, 0, 0, "GFLOP/s", 0, 0, false, t.error});
      fmt::print("  gemm {:<30} {:<16} refused: {}\n", name, size, t.error);
      return;
    }
    const double product_gf = flops / (t.kernel * 1e6), gf = flops / (t.wall * 1e6);
    std::string split;
    if (host && t.upload >= 0 && t.download >= 0)
      split = fmt::format("upload {:.3f} + layout {:.3f} + product {:.3f} + download {:.3f} ms", t.upload, t.convert, t.kernel,
                          t.download);
    else if (host)
      split = fmt::format("copies and the rest {:.3f} + layout {:.3f} + product {:.3f} ms", t.wall - t.kernel - t.convert,
                          t.convert, t.kernel);
    else
      split = fmt::format("layout {:.3f} + product {:.3f} ms", t.convert, t.kernel);
    const double pct = ceiling > 0 ? 100 * product_gf / ceiling : 0;
    const std::string note =
        fmt::format("{}; product {:.1f} GFLOP/s{}; err {:.1e}; median of {} calls after a warm-up", split, product_gf,
                    ceiling > 0 ? fmt::format(" = {:.1f}% of its ceiling {:.1f} (% ceil: of the product)", pct, ceiling) : "",
                    t.check.max_rel, t.calls);
    run.rows.push_back({"gemm", 0, name, size, t.wall, gf, "GFLOP/s", pct, 0, t.check.ok(), note});
    fmt::print("  gemm {:<30} {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s ({}){}\n", name, size, t.wall, gf, split,
               t.check.ok() ? "" : fmt::format(" WRONG: err {:.1e}", t.check.max_rel));
  }
  // rel_error: the peer's max error relative to the sum of |terms|, held to its precision's tolerance.
  void peer(const std::string& name, double ms, double rel_error, int precision, const std::string& note) {
    const double gf = flops / (ms * 1e6);
    run.rows.push_back({"gemm-peer", 0, name, size, ms, gf, "GFLOP/s", 0, 0, rel_error <= product_tolerance(precision, k),
                        fmt::format("err {:.1e}; {}", rel_error, note)});
    fmt::print("  peer {:<30} {:<16} {:>10.3f} ms {:>9.1f} GFLOP/s\n", name, size, ms, gf);
  }
  void missing_peer(const std::string& name, const std::string& why) {
    run.rows.push_back({"gemm-peer", 0, name, size, 0, 0, "GFLOP/s", 0, 0, false, why});
  }
  // value: a speedup (the peer's ms / mqlcl's) or, for the CPU check, a ratio of times.
  void ratio(const std::string& name, double value, const std::string& note) {
    if (!(value > 0) || !std::isfinite(value)) return;
    run.rows.push_back({"ratio", 0, name, size, 0, value, "x", 0, 0, true, note});
    fmt::print("  ratio {:<30} {:<16} {:>7.3g}x  {}\n", name, size, value, note);
  }
};

}  // namespace

GemmCeilings add_gemm_ceiling_rows(Context& ctx, double fp32_gflops, const TensorCeilings& have, BenchRun& run) {
  GemmCeilings c;
  c.fp32 = fp32_gflops > 0 ? fp32_gflops : lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP32, 0);
  c.tensor = have.available || fp32_gflops > 0 ? have : measure_tensor_ceilings(ctx);
  c.fp64 = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_FP64, 0);
  const std::string fp64_why = c.fp64 < 0 ? last_error(ctx.handle()) : "";
  c.fp64_mma = lib().mqlcl_measure_peak(ctx.handle(), MQLCL_PEAK_MMA_FP64, 0);
  const std::string mma_why = c.fp64_mma < 0 ? last_error(ctx.handle()) : "";
  if (fp32_gflops <= 0) {
    run.rows.push_back({"ceiling", 0, "FP32 (dependent mad chains)", "-", 0, c.fp32, "GFLOP/s", 100, 0, c.fp32 > 0, ""});
    if (c.tensor.available)
      run.rows.push_back({"ceiling", 0, "mma.sync TF32 (tensor cores, register-only chains)", "-", 0, c.tensor.tf32_gflops,
                          "GFLOP/s", 100, 0, true, ""});
  }
  run.rows.push_back({"ceiling", 0, "FP64 (dependent fma chains)", "-", 0, std::max(c.fp64, 0.0), "GFLOP/s", 100, 0, c.fp64 > 0,
                      fp64_why});
  run.rows.push_back({"ceiling", 0, "mma.sync FP64 (tensor cores, register-only chains)", "-", 0, std::max(c.fp64_mma, 0.0),
                      "GFLOP/s", 100, 0, c.fp64_mma > 0, mma_why});
  fmt::print("GEMM ceilings: FP32 {:.1f}, FP64 fma {:.1f}, FP64 mma.sync {} GFLOP/s\n", c.fp32, c.fp64,
             c.fp64_mma > 0 ? fmt::format("{:.1f}", c.fp64_mma) : "not available");
  c.fp64 = std::max(c.fp64, 0.0), c.fp64_mma = std::max(c.fp64_mma, 0.0);
  return c;
}

std::vector<int> default_gemm_sizes(int device) {
  const bool gpu = (device_info(device, MQLCL_INFO_TYPE) & 4) != 0;  // CL_DEVICE_TYPE_GPU
  return gpu ? std::vector<int>{2000, 4096, 8192} : std::vector<int>{512, 1024};
}

namespace {
// The ceiling of each precision's product (GFLOP/s): the stage each SGEMM precision runs,
// DGEMM's tensor cores or FP64 units.
struct PrecisionCeilings {
  double exact = 0, fast = 0, fp64 = 0;
};
PrecisionCeilings precision_ceilings(int device, const GemmCeilings& c) {
  return {stage_ceiling(lib().mqlcl_stage_best(device, MQLCL_PRECISION_FP32), c.tensor, c.fp32),
          stage_ceiling(lib().mqlcl_stage_best(device, MQLCL_PRECISION_TF32), c.tensor, c.fp32),
          c.fp64_mma > 0 ? c.fp64_mma : c.fp64};
}

// mqlcl's timings at one size, which the ratios compare with the peers.
struct MqlclTimings {
  GemmTiming hh_exact, hh_fast, hh_fp64;     // host -> host
  GemmTiming dev_exact, dev_fast, dev_fp64;  // device-resident
};
// The peers' times at one size (ms; 0: not measured).
struct PeerTimes {
  double clblast_s = 0, clblast_d = 0, pt32 = 0, pt64 = 0, cb32 = 0, cbtf = 0, cb64 = 0;
};

// What an MQL5 caller waits: mqlcl_sgemm (exact, fast) and mqlcl_dgemm on host arrays.
void add_host_rows(Context& ctx, const GemmBenchArgs& args, const MatmulData& d, const std::vector<double>& a64,
                   const std::vector<double>& b64, const PrecisionCeilings& ceil, Rows& rows, MqlclTimings& t) {
  const int n = d.shape.rows1;
  t.hh_exact = host_gemm(ctx, args, MQLCL_GEMM_EXACT, d.a, d.b, n);
  rows.timing("sgemm exact host->host", t.hh_exact, true, ceil.exact);
  t.hh_fast = host_gemm(ctx, args, MQLCL_GEMM_FAST, d.a, d.b, n);
  rows.timing("sgemm fast host->host", t.hh_fast, true, ceil.fast);
  t.hh_fp64 = host_gemm(ctx, args, MQLCL_GEMM_FP64, a64, b64, n);
  rows.timing("dgemm host->host", t.hh_fp64, true, ceil.fp64);
}

// The CPU check's ratio row (copy_check): host->host against the stage's kernel plus the copies.
void add_copy_check_row(Context& ctx, int device, const GemmBenchArgs& args, const MatmulData& d, DeviceMatrices<float>& m,
                        Rows& rows) {
  const CopyCheck cc = copy_check(ctx, device, args, d, m);
  if (!cc.error.empty()) {
    rows.run.rows.push_back({"ratio", 0, "h->h / (stage kernel + copies)", rows.size, 0, 0, "x", 0, 0, false, cc.error});
    return;
  }
  rows.ratio("h->h / (stage kernel + copies)", cc.ratio,
             fmt::format("median of {} rounds of: sgemm exact host->host {:.3f} ms / (stage {} kernel {:.3f} ms via "
                         "mqlcl_matmul + copies {:.3f} ms: A, B written, C read through buffers); target on CPUs "
                         "<= 1.10",
                         cc.rounds, cc.host_ms, cc.stage, cc.kernel_ms, cc.copies_ms));
}

// The generic layer's buffers: mqlcl_sgemm_buffers (exact, fast, then the CPU check) and
// mqlcl_dgemm_buffers, each on matrices written once.
void add_buffer_rows(Context& ctx, int device, const GemmBenchArgs& args, const MatmulData& d,
                     const std::vector<double>& a64, const std::vector<double>& b64, const PrecisionCeilings& ceil,
                     Rows& rows, MqlclTimings& t) {
  const int n = d.shape.rows1;
  {
    DeviceMatrices<float> m(ctx, d.a.size());
    std::vector<float> c(d.a.size());
    m.copy(d.a, d.b, c);
    t.dev_exact = buffer_gemm(ctx, args, MQLCL_GEMM_EXACT, m, d.a, d.b, n);
    rows.timing("sgemm_buffers exact", t.dev_exact, false, ceil.exact);
    t.dev_fast = buffer_gemm(ctx, args, MQLCL_GEMM_FAST, m, d.a, d.b, n);
    rows.timing("sgemm_buffers fast", t.dev_fast, false, ceil.fast);
    add_copy_check_row(ctx, device, args, d, m, rows);
  }
  DeviceMatrices<double> m(ctx, a64.size());
  std::vector<double> c(a64.size());
  m.copy(a64, b64, c);
  t.dev_fp64 = buffer_gemm(ctx, args, MQLCL_GEMM_FP64, m, a64, b64, n);
  rows.timing("dgemm_buffers", t.dev_fp64, false, ceil.fp64);
}

// CLBlast's SGEMM and DGEMM on the same device, where built in.
void add_clblast_rows(int device, const GemmBenchArgs& args, const MatmulData& d, const std::vector<double>& a64,
                      const std::vector<double>& b64, Rows& rows, PeerTimes& p) {
#if defined(MQLCL_HAVE_CLBLAST)
  const int n = d.shape.rows1;
  const PeerTiming cs = clblast_gemm(device, d.a, d.b, n, n, n, args.reps);
  const PeerTiming cd = clblast_gemm(device, a64, b64, n, n, n, args.reps);
  if (cs.available) rows.peer("CLBlast SGEMM", cs.median_ms, cs.max_rel_error, MQLCL_PRECISION_FP32, cs.note);
  else rows.missing_peer("CLBlast SGEMM", cs.note);
  if (cd.available) rows.peer("CLBlast DGEMM", cd.median_ms, cd.max_rel_error, MQLCL_PRECISION_FP64, cd.note);
  else rows.missing_peer("CLBlast DGEMM", cd.note);
  p.clblast_s = cs.available ? cs.median_ms : 0, p.clblast_d = cd.available ? cd.median_ms : 0;
#else
  (void)device, (void)args, (void)d, (void)a64, (void)b64, (void)p;
  rows.missing_peer("CLBlast", "not built in (Linux with libclblast-dev only)");
#endif
}

// PyTorch host->host and cuBLAS on the GPU, from the one run of cublas_peer.hpp.
void add_cublas_rows(const CublasPeer& cublas, int n, Rows& rows, PeerTimes& p) {
  auto cublas_ms = [&](const char* kind, const std::string& name, int precision, const std::string& note) {
    const CublasTiming* t = cublas.find(kind, n);
    if (!t) {
      rows.missing_peer(name, cublas.available ? "not measured" : "not available: " + cublas.why);
      return 0.0;
    }
    rows.peer(name, t->ms, t->rel_sum, precision, note);
    return t->ms;
  };
  const std::string pageable = "PyTorch, its own inputs: pageable host tensors, (a.cuda() @ b.cuda()).cpu(), wall time, median";
  const std::string on_gpu = "PyTorch, its own inputs on the GPU: CUDA events around the product, median";
  p.pt32 = cublas_ms("pageable-FP32", "PyTorch FP32 host->host", MQLCL_PRECISION_FP32, pageable + "; TF32 off");
  p.pt64 = cublas_ms("pageable-FP64", "PyTorch FP64 host->host", MQLCL_PRECISION_FP64, pageable);
  p.cb32 = cublas_ms("FP32", "cuBLAS FP32 (device)", MQLCL_PRECISION_FP32, on_gpu);
  p.cbtf = cublas_ms("TF32", "cuBLAS TF32 (device)", MQLCL_PRECISION_TF32, on_gpu);
  p.cb64 = cublas_ms("FP64", "cuBLAS FP64 (device)", MQLCL_PRECISION_FP64, on_gpu);
}

// The peer's time / mqlcl's (> 1: mqlcl is faster).
void add_ratio_rows(const MqlclTimings& t, const PeerTimes& p, Rows& rows) {
  auto speedup = [](double peer_ms, const GemmTiming& g) { return g.ok() && peer_ms > 0 ? peer_ms / g.wall : 0; };
  rows.ratio("sgemm h->h vs PyTorch FP32", speedup(p.pt32, t.hh_exact),
             "PyTorch pageable FP32 ms / mqlcl ms; the issue's target: >= 5x at 4096");
  rows.ratio("dgemm h->h vs PyTorch FP64", speedup(p.pt64, t.hh_fp64), "PyTorch pageable FP64 ms / mqlcl ms");
  rows.ratio("sgemm_buf exact vs CLBlast", speedup(p.clblast_s, t.dev_exact), "CLBlast SGEMM ms / mqlcl ms (both wall)");
  rows.ratio("sgemm_buf exact vs cuBLAS FP32", speedup(p.cb32, t.dev_exact), "cuBLAS FP32 (events) / mqlcl (wall)");
  rows.ratio("sgemm_buf fast vs cuBLAS TF32", speedup(p.cbtf, t.dev_fast), "cuBLAS TF32 (events) / mqlcl (wall)");
  rows.ratio("dgemm_buf vs CLBlast DGEMM", speedup(p.clblast_d, t.dev_fp64), "CLBlast DGEMM ms / mqlcl ms (both wall)");
  rows.ratio("dgemm_buf vs cuBLAS FP64", speedup(p.cb64, t.dev_fp64), "cuBLAS FP64 (events) / mqlcl (wall)");
}

// Every GEMM row of one square size.
void add_size_rows(Context& ctx, int device, const GemmBenchArgs& args, const PrecisionCeilings& ceil,
                   const CublasPeer& cublas, int n, Rows& rows) {
  const MatmulData d = make_matmul_data({n, n, n}, args.seed + static_cast<unsigned>(n));
  const std::vector<double> a64(d.a.begin(), d.a.end()), b64(d.b.begin(), d.b.end());
  MqlclTimings t;
  add_host_rows(ctx, args, d, a64, b64, ceil, rows, t);
  add_buffer_rows(ctx, device, args, d, a64, b64, ceil, rows, t);
  PeerTimes p;
  add_clblast_rows(device, args, d, a64, b64, rows, p);
  add_cublas_rows(cublas, n, rows, p);
  add_ratio_rows(t, p, rows);
}
}  // namespace

void add_gemm_rows(Context& ctx, int device, const GemmBenchArgs& args, const GemmCeilings& ceilings,
                   const CublasPeer& cublas, BenchRun& run) {
  const PrecisionCeilings ceil = precision_ceilings(device, ceilings);
  for (int n : args.sizes) {
    Rows rows{run, fmt::format("{0}x{0}x{0}", n), 2.0 * n * n * n, n};
    try {
      add_size_rows(ctx, device, args, ceil, cublas, n, rows);
    } catch (const std::exception& e) {  // a refused allocation or copy: the size's remaining rows are missing
      run.rows.push_back({"gemm", 0, "GEMM rows", rows.size, 0, 0, "GFLOP/s", 0, 0, false, std::string("stopped: ") + e.what()});
      fmt::print("  gemm {}: stopped: {}\n", rows.size, e.what());
    }
  }
}

}  // namespace host
