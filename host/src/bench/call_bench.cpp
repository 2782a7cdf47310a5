#include "call_bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "../timing.hpp"
#if defined(MQLCL_HAVE_RAW_OPENCL)
#include "raw_opencl.hpp"
#endif

namespace host {

namespace {
constexpr int kCallElements = 1024;
constexpr const char* kCallSource =
    "__kernel void add(__global float* x, __global const float* y, int n) {\n"
    "  const int i = get_global_id(0);\n"
    "  if (i < n) x[i] += y[i];\n"
    "}\n";

using CallClock = std::chrono::steady_clock;

// One kind of call, through mqlcl and through OpenCL directly: `run(n)` makes n such calls
// (and whatever completes them: a launch chain's read), `per`: what the time is divided by.
struct CallKind {
  std::string name, mqlcl_call, raw_call;
  int n;
  std::function<void(int)> mqlcl, raw;
};
}  // namespace

void add_call_rows(Context& ctx, int device, int reps, BenchRun& run) {
  const int program = check(lib().mqlcl_program(ctx.handle(), utf16::from_utf8(kCallSource).c_str(), u""), "mqlcl_program");
  const int kernel = check(lib().mqlcl_kernel(program, u"add"), "mqlcl_kernel");
  int buffers[3];
  for (int& b : buffers) b = check(lib().mqlcl_buffer(ctx.handle(), kCallElements * 4, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
  const std::vector<float> zeros(kCallElements, 0.0f);
  std::vector<float> out(kCallElements);
  for (int b : buffers)
    check(lib().mqlcl_buffer_write_bytes(b, 0, zeros.data(), kCallElements, 4, 0, kCallElements), "mqlcl_buffer_write_bytes");
  check(lib().mqlcl_arg_mem(kernel, 0, buffers[0]), "mqlcl_arg_mem");
  check(lib().mqlcl_arg_mem(kernel, 1, buffers[1]), "mqlcl_arg_mem");
  check(lib().mqlcl_arg_int(kernel, 2, kCallElements), "mqlcl_arg_int");
  const unsigned offset[1] = {0}, global[1] = {kCallElements};

  std::vector<CallKind> kinds = {
      {"buffer argument", "mqlcl_arg_mem", "clSetKernelArg", 1000,
       [&](int n) {
         for (int i = 0; i < n; ++i) check(lib().mqlcl_arg_mem(kernel, 1, buffers[1 + (i & 1)]), "mqlcl_arg_mem");
       },
       nullptr},
      {"int argument", "mqlcl_arg_int", "clSetKernelArg", 1000,
       [&](int n) {
         for (int i = 0; i < n; ++i) check(lib().mqlcl_arg_int(kernel, 2, kCallElements - (i & 1)), "mqlcl_arg_int");
       },
       nullptr},
      {"rebind + launch", "mqlcl_arg_mem + mqlcl_enqueue", "clSetKernelArg + clEnqueueNDRangeKernel", 100,
       [&](int n) {
         for (int i = 0; i < n; ++i) {
           check(lib().mqlcl_arg_mem(kernel, 1, buffers[1 + (i & 1)]), "mqlcl_arg_mem");
           check(lib().mqlcl_enqueue(kernel, 1, offset, 1, global, 1, nullptr, 0), "mqlcl_enqueue");
         }
         check(lib().mqlcl_buffer_read_bytes(buffers[0], 0, out.data(), kCallElements, 4, 0, kCallElements), "mqlcl_buffer_read_bytes");
       },
       nullptr},
      {"blocking write, 128 bytes", "mqlcl_buffer_write_bytes", "clEnqueueWriteBuffer", 100,
       [&](int n) {
         for (int i = 0; i < n; ++i)
           check(lib().mqlcl_buffer_write_bytes(buffers[1], 0, zeros.data(), kCallElements, 4, 0, 32), "mqlcl_buffer_write_bytes");
       },
       nullptr},
  };
  std::string missing;
#if defined(MQLCL_HAVE_RAW_OPENCL)
  std::unique_ptr<RawOpenCL> raw;
  int rk = -1, rb[3] = {-1, -1, -1};
  try {
    raw = std::make_unique<RawOpenCL>(device);
    rk = raw->kernel(raw->program(kCallSource, ""), "add");
    for (int& b : rb) b = raw->buffer(kCallElements * 4), raw->write(b, 0, zeros.data(), kCallElements * 4);
    raw->arg_mem(rk, 0, rb[0]);
    raw->arg_mem(rk, 1, rb[1]);
    raw->arg_int(rk, 2, kCallElements);
  } catch (const std::exception& e) {
    missing = e.what();
  }
  if (missing.empty()) {
    const size_t roffset[1] = {0}, rglobal[1] = {kCallElements};
    kinds[0].raw = [&](int n) {
      for (int i = 0; i < n; ++i) raw->arg_mem(rk, 1, rb[1 + (i & 1)]);
    };
    kinds[1].raw = [&](int n) {
      for (int i = 0; i < n; ++i) raw->arg_int(rk, 2, kCallElements - (i & 1));
    };
    kinds[2].raw = [&, roffset, rglobal](int n) {
      for (int i = 0; i < n; ++i) {
        raw->arg_mem(rk, 1, rb[1 + (i & 1)]);
        raw->enqueue(rk, 1, roffset, rglobal);
      }
      raw->read(rb[0], 0, out.data(), kCallElements * 4);
    };
    kinds[3].raw = [&](int n) {
      for (int i = 0; i < n; ++i) raw->write(rb[1], 0, zeros.data(), 128);
    };
  }
#else
  (void)device;
  missing = "not built: this mqlcl-host links no OpenCL loader (the Linux build does)";
#endif

  for (CallKind& c : kinds) {  // warm-up
    c.mqlcl(c.n);
    if (c.raw) c.raw(c.n);
  }
  const int rounds = std::max(reps, 50);
  fmt::print("\ncalls: each kind of call of the training's step on {}, through mqlcl and through OpenCL directly;\n"
             "ns per call = the wall time of N calls / N (a launch chain: with its final read), median of {} rounds (paths "
             "in turn)\n",
             run.device, rounds);
  fmt::print("  {:<26} | {:>5} | {:>13} | {:>13} | {:>9} | {}\n", "call", "N", "mqlcl ns", "raw ns", "mqlcl/raw", "calls");
  for (CallKind& c : kinds) {
    std::vector<double> m_ns, r_ns;
    for (int r = 0; r < rounds; ++r)
      for (int side = 0; side < 2; ++side) {
        const bool raw_side = (side + r) % 2 == 1;  // each path first in turn
        const std::function<void(int)>& f = raw_side ? c.raw : c.mqlcl;
        if (!f) continue;
        const CallClock::time_point t0 = CallClock::now();
        f(c.n);
        const double ns = std::chrono::duration<double, std::nano>(CallClock::now() - t0).count() / c.n;
        (raw_side ? r_ns : m_ns).push_back(ns);
      }
    const double m = median(m_ns), rw = r_ns.empty() ? 0 : median(r_ns);
    const std::string size = fmt::format("{} calls", c.n);
    run.rows.push_back({"call", c.n, c.name + " (" + c.mqlcl_call + ")", size, m * c.n / 1e6, m, "ns", 0, 0, true,
                        fmt::format("median of {} rounds", rounds)});
    if (rw > 0) {
      run.rows.push_back({"call", c.n, c.name + " (" + c.raw_call + ")", size, rw * c.n / 1e6, rw, "ns", 0, 0, true,
                          fmt::format("median of {} rounds", rounds)});
      run.rows.push_back({"call", c.n, "mqlcl/raw " + c.name, size, 0, m / rw, "x", 0, 0, true, ""});
    }
    fmt::print("  {:<26} | {:>5} | {:>13.1f} | {:>13} | {:>9} | {} / {}\n", c.name, c.n, m,
               rw > 0 ? fmt::format("{:.1f}", rw) : "-", rw > 0 ? fmt::format("{:.3f}x", m / rw) : "", c.mqlcl_call,
               rw > 0 ? c.raw_call : "not available: " + missing);
  }
  for (int b : buffers) lib().mqlcl_free(b);
  lib().mqlcl_free(kernel);
  lib().mqlcl_free(program);
}

}  // namespace host
