// Rows of a benchmark run and the ways they are written: the table printed last, JSON,
// CSV, and an SVG chart of the matmul ladder (GFLOP/s per stage, log scale, ceilings).
#pragma once
#include <string>
#include <vector>

namespace host {

struct BenchRow {
  std::string group;  // "ceiling", "matmul", "peer", "dia", "transpose", "transfer", "gemm", "gemm-peer", "ratio",
                      // "launch", "call", "mlp"
  int id = 0;         // stage, step or variant (launch: the chain's launches)
  std::string name;
  std::string size;
  double ms = 0;      // median kernel time (gemm rows: the call's wall time)
  double rate = 0;    // GFLOP/s, GB/s, or a ratio (unit "x")
  std::string unit;
  double pct_ceiling = 0;  // of the measured FP32 rate or copy bandwidth
  double speedup = 0;      // over stage 1 at the same size (matmul)
  bool ok = true;
  std::string note;
};

struct BenchRun {
  std::string device, command;
  double bandwidth_gbs = 0, fp32_gflops = 0;
  std::vector<BenchRow> rows;
};

void print_bench_table(const BenchRun& run);
void write_bench_json(const BenchRun& run, const std::string& path);
void write_bench_csv(const BenchRun& run, const std::string& path);
// The matmul ladder at one size: a bar per stage (log scale), the FP32 ceiling and the
// peer drawn as lines.
void write_ladder_svg(const BenchRun& run, const std::string& size, const std::string& path);

}  // namespace host
