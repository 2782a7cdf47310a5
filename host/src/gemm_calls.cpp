#include "gemm_calls.hpp"

#include <algorithm>
#include <chrono>
#include <random>

#include "library.hpp"
#include "product_check.hpp"

namespace host {

namespace {
template <class T>
void random_fill(std::vector<T>& v, size_t count, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  v.resize(count);
  for (auto& x : v) x = static_cast<T>(u(rng));
}

int call_buffers(int ctx, int flags, int n, int bytes, int a, int b, int c) {
  if (bytes == 8) return lib().mqlcl_dgemm_buffers(ctx, flags, n, n, n, 1.0, a, 0, n, b, 0, n, 0.0, c, 0, n);
  return lib().mqlcl_sgemm_buffers(ctx, flags, n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
}
}  // namespace

BufferOperands::BufferOperands(int ctx, int n, int element_bytes, unsigned seed) : ctx_(ctx), n_(n), bytes_(element_bytes) {
  const size_t count = static_cast<size_t>(n) * n;
  const long long bytes = static_cast<long long>(count) * element_bytes;
  std::mt19937 rng(seed);
  a_ = check(lib().mqlcl_buffer(ctx, bytes, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
  b_ = check(lib().mqlcl_buffer(ctx, bytes, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
  c_ = check(lib().mqlcl_buffer(ctx, bytes, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
  if (element_bytes == 8) {
    random_fill(da_, count, rng), random_fill(db_, count, rng);
    check(lib().mqlcl_buffer_write_double(a_, da_.data(), 0, int(count)), "mqlcl_buffer_write_double");
    check(lib().mqlcl_buffer_write_double(b_, db_.data(), 0, int(count)), "mqlcl_buffer_write_double");
  } else {
    random_fill(fa_, count, rng), random_fill(fb_, count, rng);
    check(lib().mqlcl_buffer_write_float(a_, fa_.data(), 0, int(count)), "mqlcl_buffer_write_float");
    check(lib().mqlcl_buffer_write_float(b_, fb_.data(), 0, int(count)), "mqlcl_buffer_write_float");
  }
}

BufferOperands::~BufferOperands() {
  for (int h : {c_, b_, a_})
    if (h > 0) lib().mqlcl_free(h);
}

CallTimes BufferOperands::time(int flags, int kernel, int reps) {
  CallTimes out;
  if (lib().mqlcl_gemm_pin(ctx_, flags, kernel) < 0) return out;
  out.wall_ms = 1e300;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const int rc = call_buffers(ctx_, flags, n_, bytes_, a_, b_, c_);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (rc < 0) {
      lib().mqlcl_gemm_pin(ctx_, flags, 0);
      return {};
    }
    if (r > 0 && ms < out.wall_ms) {  // the first run builds
      out.wall_ms = ms;
      out.product = lib().mqlcl_last_product(ctx_);
    }
  }
  lib().mqlcl_gemm_pin(ctx_, flags, 0);
  const size_t count = static_cast<size_t>(n_) * n_;
  const int precision = gemm_flags_precision(flags);
  if (bytes_ == 8) {
    std::vector<double> c(count);
    check(lib().mqlcl_buffer_read_double(c_, c.data(), 0, int(count)), "mqlcl_buffer_read_double");
    out.ok = check_product(precision, da_, db_, c, n_, n_, n_, 256).ok();
  } else {
    std::vector<float> c(count);
    check(lib().mqlcl_buffer_read_float(c_, c.data(), 0, int(count)), "mqlcl_buffer_read_float");
    out.ok = check_product(precision, fa_, fb_, c, n_, n_, n_, 256).ok();
  }
  return out;
}

}  // namespace host
