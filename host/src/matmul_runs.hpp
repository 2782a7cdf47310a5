// Running matmul stages through the library and reporting them as the article did.
#pragma once
#include <random>
#include <string>
#include <vector>

#include "context.hpp"
#include "matrices.hpp"
#include "product_check.hpp"
#include "timing.hpp"

namespace host {

struct MatmulData {
  Shape shape;
  std::vector<float> a, b;
  std::vector<float> cpu;     // stage 0's product (empty when not computed)
  double cpu_seconds = 0;     // its time (the article's CPUTime)
};

struct StageResult {
  int stage = 0;
  std::string name;
  int local0 = 0, local1 = 0, param = 0;
  double kernel_ms = 0, convert_ms = 0, total_ms = 0;
  int launches = 0;
  ProductCheck check;  // against a double product at the stage's precision
  double checksum = 0, abs_checksum = 0;  // sum of C and of |C|, to compare runs
  std::string error;  // the library's message when the stage refused or failed
  bool ok() const { return error.empty() && check.ok(); }
  double gflops(const Shape& s) const { return kernel_ms > 0 ? s.flops() / (kernel_ms * 1e6) : 0; }
};

MatmulData make_matmul_data(const Shape& s, unsigned seed);
std::string stage_name(int stage);
// The library's stages (mqlcl_stage_count/at), with or without the wrong-on-purpose ones.
std::vector<int> library_stages(bool with_wrong_on_purpose);
// "1,2,3": a list as the --stages options take it.
std::string join_ints(const std::vector<int>& v);

// Upload A and B, run the stage, read C back, check `samples` elements (all if <= 0).
// With `log`, prints the article's log lines (CPUTime, OpenCL total, read, ratio, checks).
StageResult run_matmul_stage(Context& ctx, int device, int stage, MatmulData& d, int local0, int local1,
                             int param, int samples, bool log, std::mt19937& rng);

// A and B of d into the context's slots.
void upload_matmul_data(Context& ctx, const MatmulData& d);
// One stage on the A and B already uploaded, its default param, the driver's work-group
// size: a warm-up, then up to `reps` timed runs within `budget_ms`; `samples` elements of C
// checked as run_matmul_stage checks them (`bench`).
TimedRun time_matmul_stage(Context& ctx, const MatmulData& d, int stage, int reps, double budget_ms, int samples);

// Stage 0: the six loop orders of matr_mul_2dim on one core; keeps the fastest product.
void run_cpu_stage(MatmulData& d, bool all_orders);

// The rows as JSON (device, shape, one object per stage) for scripts and charts.
void write_stage_json(const std::vector<StageResult>& rows, const MatmulData& d, const std::string& device,
                      const std::string& path);

void print_stage_table(const std::vector<StageResult>& rows, const MatmulData& d, const std::string& device);

}  // namespace host
