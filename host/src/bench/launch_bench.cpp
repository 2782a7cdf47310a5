#include "launch_bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "../timing.hpp"
#if defined(MQLCL_HAVE_RAW_OPENCL)
#include "raw_opencl.hpp"
#endif

namespace host {

namespace {
constexpr int kElements = 1024;
constexpr const char* kSource = "__kernel void inc(__global float* x) { x[get_global_id(0)] += 1.0f; }\n";
constexpr double kTarget = 1.15;  // mqlcl's time per launch over raw OpenCL's, at most

using Clock = std::chrono::steady_clock;

// One way of launching. reset: x = 0 (blocking, untimed); chain: n launches (the time their
// calls returned into `launched`), then x read into out.
struct Path {
  std::string name;
  bool raw = false, waits = false;
  std::function<void()> reset;
  std::function<void(int, float*, Clock::time_point*)> chain;
  std::string missing;  // why it cannot run here (empty: it runs)
  int peer = -1;        // the raw path of the same form, for an mqlcl path
};

// The kernel and its buffer through mqlcl's exports, freed on scope exit (the context stays).
struct MqlclKernel {
  int program = -1, kernel = -1, buffer = -1;
  explicit MqlclKernel(Context& ctx) {
    program = check(lib().mqlcl_program(ctx.handle(), utf16::from_utf8(kSource).c_str(), u""), "mqlcl_program");
    kernel = check(lib().mqlcl_kernel(program, u"inc"), "mqlcl_kernel");
    buffer = check(lib().mqlcl_buffer(ctx.handle(), kElements * 4, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
    check(lib().mqlcl_arg_mem(kernel, 0, buffer), "mqlcl_arg_mem");
  }
  ~MqlclKernel() {
    for (int h : {buffer, kernel, program})
      if (h >= 0) lib().mqlcl_free(h);
  }
};

double seconds(Clock::time_point t0, Clock::time_point t1) { return std::chrono::duration<double>(t1 - t0).count(); }
}  // namespace

void add_launch_rows(Context& ctx, int device, const std::vector<int>& chains, int reps, BenchRun& run) {
  MqlclKernel m(ctx);
  const std::vector<float> zeros(kElements, 0.0f);
  // The CL* layer's arrays: CLExecute(kernel, 1, offset[1] = {0}, work[1] = {1024}), no local size.
  const unsigned offset[1] = {0}, global[1] = {kElements};
  std::vector<Path> paths(5);
  const auto mqlcl_reset = [&] {
    check(lib().mqlcl_buffer_write_bytes(m.buffer, 0, zeros.data(), kElements, 4, 0, kElements), "mqlcl_buffer_write_bytes");
  };
  const auto mqlcl_read = [&](float* out) {
    check(lib().mqlcl_buffer_read_bytes(m.buffer, 0, out, kElements, 4, 0, kElements), "mqlcl_buffer_read_bytes");
  };
  paths[0] = {"mqlcl enqueue-only (mqlcl_enqueue)", false, false, mqlcl_reset, [&](int n, float* out, Clock::time_point* launched) {
                for (int i = 0; i < n; ++i) check(lib().mqlcl_enqueue(m.kernel, 1, offset, 1, global, 1, nullptr, 0), "mqlcl_enqueue");
                *launched = Clock::now();
                mqlcl_read(out);
              }, ""};
  paths[2] = {"mqlcl wait-each (mqlcl_execute)", false, true, mqlcl_reset, [&](int n, float* out, Clock::time_point* launched) {
                for (int i = 0; i < n; ++i) check(lib().mqlcl_execute(m.kernel, 1, offset, 1, global, 1, nullptr, 0), "mqlcl_execute");
                *launched = Clock::now();
                mqlcl_read(out);
              }, ""};
  // The CL* layer's wait-each: CLExecute, then a call that waits (CLBufferRead, or polling).
  paths[4] = {"mqlcl wait-each (enqueue + finish)", false, true, mqlcl_reset, [&](int n, float* out, Clock::time_point* launched) {
                for (int i = 0; i < n; ++i) {
                  check(lib().mqlcl_enqueue(m.kernel, 1, offset, 1, global, 1, nullptr, 0), "mqlcl_enqueue");
                  check(lib().mqlcl_finish(m.kernel), "mqlcl_finish");
                }
                *launched = Clock::now();
                mqlcl_read(out);
              }, ""};
  paths[0].peer = 1;
  paths[2].peer = paths[4].peer = 3;
  paths[1] = {"raw enqueue-only (no event)", true, false, nullptr, nullptr, ""};
  paths[3] = {"raw wait-each (+ clFinish)", true, true, nullptr, nullptr, ""};
#if defined(MQLCL_HAVE_RAW_OPENCL)
  std::unique_ptr<RawOpenCL> raw;
  int rk = -1, rb = -1;
  try {
    raw = std::make_unique<RawOpenCL>(device);
    rk = raw->kernel(raw->program(kSource, ""), "inc");
    rb = raw->buffer(kElements * 4);
    raw->arg_mem(rk, 0, rb);
  } catch (const std::exception& e) {
    paths[1].missing = paths[3].missing = e.what();
  }
  if (raw && paths[1].missing.empty()) {
    const size_t roffset[1] = {0}, rglobal[1] = {kElements};
    const auto raw_reset = [&] { raw->write(rb, 0, zeros.data(), kElements * 4); };
    paths[1].reset = paths[3].reset = raw_reset;
    paths[1].chain = [&, roffset, rglobal](int n, float* out, Clock::time_point* launched) {
      for (int i = 0; i < n; ++i) raw->enqueue(rk, 1, roffset, rglobal);
      *launched = Clock::now();
      raw->read(rb, 0, out, kElements * 4);
    };
    paths[3].chain = [&, roffset, rglobal](int n, float* out, Clock::time_point* launched) {
      for (int i = 0; i < n; ++i) {
        raw->enqueue(rk, 1, roffset, rglobal);
        raw->finish();
      }
      *launched = Clock::now();
      raw->read(rb, 0, out, kElements * 4);
    };
  }
#else
  (void)device;
  paths[1].missing = paths[3].missing = "not built: this mqlcl-host links no OpenCL loader (the Linux build does)";
#endif

  std::vector<float> out(kElements);
  Clock::time_point launched;
  for (auto& p : paths)  // warm-up: builds, first launches, first transfers
    if (p.missing.empty())
      for (int w = 0; w < 3; ++w) p.reset(), p.chain(10, out.data(), &launched);

  fmt::print("\nlaunch: x[i] += 1 over {} floats on {}; a chain: N launches, then one blocking read of x;\n"
             "us per launch = the chain's wall time / N, median of the chains after a warm-up (paths in turn);\n"
             "calls = the time until the last launch call returned / N (the caller's thread in the launch calls)\n",
             kElements, run.device);
  fmt::print("  {:<36} | {:>5} | {:>6} | {:>10} | {:>9} | {:>8} | {}\n", "path", "chain", "chains", "us/launch", "mqlcl/raw",
             "calls us", "values");
  std::string verdicts;
  for (int n : chains) {
    const int rounds = std::max({reps, 20, 2000 / std::max(1, n)});
    std::vector<std::vector<double>> us(paths.size()), calls(paths.size());
    std::vector<double> chain_ms(paths.size());
    std::vector<long> wrong(paths.size(), 0);
    for (int r = 0; r < rounds; ++r)
      for (size_t j = 0; j < paths.size(); ++j) {
        const size_t k = (j + static_cast<size_t>(r)) % paths.size();  // each path first in turn
        Path& p = paths[k];
        if (!p.missing.empty()) continue;
        p.reset();
        std::fill(out.begin(), out.end(), -1.0f);
        const Clock::time_point t0 = Clock::now();
        p.chain(n, out.data(), &launched);
        const Clock::time_point t1 = Clock::now();
        us[k].push_back(seconds(t0, t1) * 1e6 / n);
        calls[k].push_back(seconds(t0, launched) * 1e6 / n);
        if (std::any_of(out.begin(), out.end(), [n](float v) { return v != static_cast<float>(n); })) ++wrong[k];
      }
    std::vector<double> med(paths.size(), 0), med_calls(paths.size(), 0);
    for (size_t k = 0; k < paths.size(); ++k) med[k] = median(us[k]), med_calls[k] = median(calls[k]);
    for (size_t k = 0; k < paths.size(); ++k) {
      const Path& p = paths[k];
      const std::string size = fmt::format("chain of {}, {} floats", n, kElements);
      if (!p.missing.empty()) {
        run.rows.push_back({"launch", n, p.name, size, 0, 0, "us", 0, 0, false, "not available: " + p.missing});
        fmt::print("  {:<36} | {:>5} | {:>6} | {:>10} | {:>9} | {:>8} | not available: {}\n", p.name, n, "-", "-", "-", "-",
                   p.missing);
        continue;
      }
      const size_t peer = p.peer < 0 ? k : static_cast<size_t>(p.peer);  // the same form through OpenCL directly
      const bool has_ratio = !p.raw && p.peer >= 0 && paths[peer].missing.empty() && med[peer] > 0;
      const double ratio = has_ratio ? med[k] / med[peer] : 0;
      const std::string values = wrong[k] ? fmt::format("WRONG in {} of {} chains", wrong[k], rounds) : "OK";
      run.rows.push_back({"launch", n, p.name, size, med[k] * n / 1000, med[k], "us", 0, 0, wrong[k] == 0,
                          fmt::format("median of {} chains; the launch calls {:.2f} us each", rounds, med_calls[k])});
      fmt::print("  {:<36} | {:>5} | {:>6} | {:>10.2f} | {:>9} | {:>8.2f} | {}\n", p.name, n, rounds, med[k],
                 has_ratio ? fmt::format("{:.3f}x", ratio) : "", med_calls[k], values);
      if (has_ratio) {
        const std::string form = p.name.substr(p.name.find('(') + 1, p.name.size() - p.name.find('(') - 2) + " " +
                                 (p.waits ? "wait-each" : "enqueue-only");
        const bool met = ratio <= kTarget;
        run.rows.push_back({"launch", n, "mqlcl/raw " + form, size, 0, ratio, "x", 0, 0, wrong[k] == 0 && wrong[peer] == 0,
                            fmt::format("target <= {:.2f}: {}", kTarget, met ? "met" : "missed")});
        verdicts += fmt::format("{}{} at {}: {:.3f}x {}", verdicts.empty() ? "" : "; ", form, n, ratio, met ? "met" : "MISSED");
      }
    }
  }
  if (!verdicts.empty()) fmt::print("  target mqlcl <= {:.2f}x raw: {}\n", kTarget, verdicts);
}

}  // namespace host
