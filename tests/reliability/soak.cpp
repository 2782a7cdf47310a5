// Long-running checks of the library through its ABI (tests/checks/run_reliability.py runs
// their short forms in CI; docs/reliability.md has the long ones' figures):
//   mqlcl_soak cycles N   N x (create -> upload -> run -> read -> check -> free), a failing
//                         call of every kind mixed into every cycle; the process's resident
//                         memory and the live handles after a warm-up and at the end.
//   mqlcl_soak threads T S   for S seconds: T threads each with its own context running mixed
//                         stages, and T threads sharing one context through the generic layer
//                         (each its own program, kernel and buffers); every result checked.
//                         The seconds set how much runs, never the verdict: each thread runs at
//                         least once, and no count can grow past what its check computes exactly.
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "mqlcl.h"

namespace {

long rss_kib() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

std::vector<float> random_floats(size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<float> v(n);
  for (auto& x : v) x = u(rng);
  return v;
}

// One stage on ctx, checked element by element against a double product.
bool product_ok(int ctx, int stage, int m, int k, int n, std::mt19937& rng) {
  const auto a = random_floats(static_cast<size_t>(m) * k, rng), b = random_floats(static_cast<size_t>(k) * n, rng);
  std::vector<float> c(static_cast<size_t>(m) * n, NAN);
  if (mqlcl_upload(ctx, MQLCL_SLOT_A, a.data(), m * k) != m * k) return false;
  if (mqlcl_upload(ctx, MQLCL_SLOT_B, b.data(), k * n) != k * n) return false;
  if (mqlcl_matmul(ctx, stage, m, k, n, 0, 0, 0) != MQLCL_OK) return false;
  if (mqlcl_read(ctx, MQLCL_SLOT_C, c.data(), m * n) != m * n) return false;
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col) {
      double exact = 0, scale = 0;
      for (int kk = 0; kk < k; ++kk) {
        const double p = static_cast<double>(a[static_cast<size_t>(r) * k + kk]) * b[static_cast<size_t>(kk) * n + col];
        exact += p;
        scale += std::fabs(p);
      }
      if (!(std::fabs(c[static_cast<size_t>(r) * n + col] - exact) <= 2.4e-7 * k * scale + 1e-6)) return false;
    }
  return true;
}

// The stages a soak thread cycles through, from the library's registry: those meant to be
// right in full FP32 (the check's bound) that run on device 0 at the soak's small K.
std::vector<int> soak_stages(int k) {
  std::vector<int> out;
  for (int i = 0; i < mqlcl_stage_count(); ++i) {
    const int stage = mqlcl_stage_at(i);
    const long long max_k = mqlcl_stage_info(stage, MQLCL_STAGE_INFO_MAX_COLSROWS);
    if (mqlcl_stage_info(stage, MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) == 0 &&
        mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION) == MQLCL_PRECISION_FP32 && (max_k == 0 || max_k >= k) &&
        mqlcl_stage_available(0, stage) == 1)
      out.push_back(stage);
  }
  return out;
}

// Calls that must fail cleanly; returns how many did not fail as documented.
int failing_calls(int ctx, bool with_build) {
  int wrong = 0;
  float f[4] = {0};
  wrong += mqlcl_matmul(ctx, 99, 2, 2, 2, 0, 0, 0) != MQLCL_ERR_STAGE;
  wrong += mqlcl_upload(ctx, MQLCL_SLOT_A, nullptr, 4) != MQLCL_ERR_ARGUMENT;
  wrong += mqlcl_read(ctx, MQLCL_SLOT_A, f, 1 << 30) != MQLCL_ERR_RANGE;
  wrong += mqlcl_upload(-7, MQLCL_SLOT_A, f, 4) != MQLCL_ERR_HANDLE;
  if (with_build) wrong += mqlcl_program(ctx, u"__kernel void k() { nope(); }", u"") != MQLCL_ERR_BUILD;
  wrong += mqlcl_matmul(ctx, 3, 2, 2, 2, -1, 1, 0) != MQLCL_ERR_LOCAL_SIZE;
  wrong += mqlcl_buffer(ctx, 1LL << 60, MQLCL_MEM_READ_WRITE) != MQLCL_ERR_MEMORY;
  return wrong;
}

int cycles(int n) {
  std::mt19937 rng(1);
  int bad = 0;
  long rss_warm = 0;
  int handles_warm = 0;
  const int warmup = std::min(50, n / 10 + 1);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    if (i == warmup) {
      rss_warm = rss_kib();
      handles_warm = mqlcl_handle_count();
    }
    const int ctx = mqlcl_create(0);
    if (ctx <= 0) {
      ++bad;
      continue;
    }
    if (!product_ok(ctx, i % 2 ? MQLCL_STAGE_SUM_LOCAL : MQLCL_STAGE_REPORT_ELEMENT, 5 + i % 3, 7, 6, rng)) ++bad;
    bad += failing_calls(ctx, i % 10 == 0);  // a failing build costs a compiler run: every 10th cycle
    const int buf = mqlcl_buffer(ctx, 64, MQLCL_MEM_READ_WRITE);  // freed with its context
    if (buf <= 0) ++bad;
    if (mqlcl_free(ctx) != MQLCL_OK) ++bad;
    if (mqlcl_free(ctx) != MQLCL_ERR_HANDLE) ++bad;  // stale now
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const long rss_end = rss_kib();
  const int handles_end = mqlcl_handle_count();
  std::printf("cycles: %d in %.1f s (%.2f ms each), %d calls wrong\n", n, secs, 1000 * secs / n, bad);
  std::printf("live handles after %d warm-up cycles: %d, at the end: %d\n", warmup, handles_warm, handles_end);
  std::printf("resident memory after warm-up: %ld KiB, at the end: %ld KiB (%+ld KiB over %d cycles)\n", rss_warm, rss_end,
              rss_end - rss_warm, n - warmup);
  // A leak of one buffer or context per cycle would show as >= 64 bytes x cycles; allow 4 MiB
  // of allocator and driver caches.
  const bool ok = bad == 0 && handles_end == handles_warm && rss_end - rss_warm < 4096;
  std::printf("%s\n", ok ? "cycles: OK" : "cycles: FAILED");
  return ok ? 0 : 1;
}

// A kernel that adds the thread's id to a vector: its result tells whose work it was.
const char16_t* kAddKernel = u"__kernel void add(__global float* x, const float v) { x[get_global_id(0)] += v; }";

int threads(int count, double seconds) {
  std::atomic<long> runs{0}, wrong{0};
  std::atomic<bool> stop{false};
  const int shared = mqlcl_create(0);
  if (shared <= 0) return 1;
  constexpr int kInner = 11;  // K of the soak's products
  const std::vector<int> stages = soak_stages(kInner);
  if (stages.empty()) return 1;
  std::fprintf(stderr, "%zu stages per own-context thread\n", stages.size());
  std::vector<std::thread> pool;
  for (int t = 0; t < count; ++t) {
    pool.emplace_back([&, t] {  // its own context, mixed stages
      std::mt19937 rng(static_cast<unsigned>(t));
      const int ctx = mqlcl_create(0);
      for (size_t i = 0; i == 0 || !stop; ++i) {  // at least one checked run, however slow the machine
        if (!product_ok(ctx, stages[(i + static_cast<size_t>(t)) % stages.size()], 9 + t, kInner, 7, rng)) ++wrong;
        ++runs;
      }
      if (mqlcl_free(ctx) != MQLCL_OK) ++wrong;
    });
    pool.emplace_back([&, t] {  // the shared context, its own program, kernel and buffer
      const int prog = mqlcl_program(shared, kAddKernel, u"");
      const int k = mqlcl_kernel(prog, u"add");
      const int buf = mqlcl_buffer(shared, 4 * 64, MQLCL_MEM_READ_WRITE);
      std::vector<float> x(64, 0.0f);
      if (prog <= 0 || k <= 0 || buf <= 0 || mqlcl_buffer_write_float(buf, x.data(), 0, 64) != 64) {
        ++wrong;
        return;
      }
      const int global[1] = {64}, local[1] = {16};
      // Every element ends at done * (t + 1), exact in float while it stays <= 2^24: a fast
      // machine stops there rather than fail on rounding. At least one run, however slow.
      const long most = (1L << 24) / (t + 1);
      long done = 0;
      while (done == 0 || (!stop && done < most)) {
        if (mqlcl_arg_mem(k, 0, buf) != MQLCL_OK || mqlcl_arg_float(k, 1, static_cast<float>(t + 1)) != MQLCL_OK ||
            mqlcl_run(k, 1, global, 1, local, 1) != MQLCL_OK)
          ++wrong;
        ++done;
        ++runs;
      }
      if (mqlcl_buffer_read_float(buf, x.data(), 0, 64) != 64) ++wrong;
      for (float v : x)
        if (v != static_cast<float>(done * (t + 1))) {
          ++wrong;
          break;
        }
      for (int h : {buf, k, prog})
        if (mqlcl_free(h) != MQLCL_OK) ++wrong;
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& th : pool) th.join();
  const int left = mqlcl_handle_count();
  mqlcl_free(shared);
  std::printf("threads: %d with their own contexts + %d on one shared context, %.0f s: %ld runs, %ld wrong, "
              "%d live handles left (the shared context)\n", count, count, seconds, runs.load(), wrong.load(), left);
  const bool ok = wrong == 0 && runs >= 2 * count && left == 1 && mqlcl_handle_count() == 0;
  std::printf("%s\n", ok ? "threads: OK" : "threads: FAILED");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "cycles" && argc == 3) return cycles(std::atoi(argv[2]));
  if (mode == "threads" && argc == 4) return threads(std::atoi(argv[2]), std::atof(argv[3]));
  std::fprintf(stderr, "usage: %s cycles N | threads T SECONDS\n", argv[0]);
  return 2;
}
