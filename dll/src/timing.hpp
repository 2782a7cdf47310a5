// Per-operation timing (docs/ABI.md, "Contexts, slots, timings"): the profiling events of an
// operation's launches, the figures they sum to, and the wall clock of the "OpenCL total".
#pragma once
#include <chrono>
#include <vector>

#include "core/opencl.hpp"

namespace mqlcl {

// Milliseconds between a finished command's profiling start and end.
double event_ms(const cl::Event& e);

// Wall-clock milliseconds since `start` (steady clock).
inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// What mqlcl_last_* report about the last operation of a context or user kernel.
struct OperationFigures {
  double kernel_ms = 0, convert_ms = 0, total_ms = 0;
  double upload_ms = 0, download_ms = 0;  // host-array calls: their transfers' wall times
  int launches = 0;
  int product = 0;  // the stage or GEMM kernel that computed the product (0: none)
  int panels = 0;   // host-array GEMM: the panels of rows it was pipelined in (1: none)
};

// The events of one operation's launches: kernels, and layout work reported apart.
class OperationEvents {
 public:
  void clear();
  cl::Event* kernel();   // a new event for a kernel launch
  cl::Event* convert();  // a new event for layout work (fills, copies, conversions)
  // After the queue finished: kernel and convert times and the launch count into `out`
  // (its total is left alone), then clears.
  void sum_into(OperationFigures& out);

 private:
  std::vector<cl::Event> kernel_, convert_;
};

// The article's "OpenCL total": wall time from the first upload or operation after a read
// to the end of the next read, program builds excluded.
class TotalClock {
 public:
  void start();  // no effect while running
  void exclude(double build_ms) { build_ms_ += build_ms; }
  // Stops a running clock into total_ms; false (total_ms untouched) when it was not running.
  bool stop(double& total_ms);

 private:
  bool running_ = false;
  double build_ms_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace mqlcl
