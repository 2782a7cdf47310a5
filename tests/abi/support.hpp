// Helpers of the ABI tests: contexts that free themselves, messages, data and references.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mqlcl.h"
#include "product_tolerance.hpp"
#include "utf16.hpp"

namespace t {

using utf16::to_utf8;

// The message of a handle (0: the calling thread's last failure).
inline std::string message(int handle = 0) {
  std::u16string buf(65536, u'\0');
  const int n = mqlcl_last_error(handle, buf.data(), static_cast<int>(buf.size()));
  if (n < 0) return "(mqlcl_last_error returned " + std::to_string(n) + ")";
  buf.resize(static_cast<size_t>(std::min<int>(n, 65535)));
  return to_utf8(buf);
}

// ASCII text as UTF-16 (kernel sources and names of the tests).
inline std::u16string ascii16(const std::string& s) { return std::u16string(s.begin(), s.end()); }

// Whether the message of a handle (0: the calling thread) contains `text`.
inline ::testing::AssertionResult mentions(int handle, const std::string& text) {
  const std::string m = message(handle);
  if (m.find(text) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "message \"" << m << "\" does not mention \"" << text << "\"";
}

// The device every test runs on: $MQLCL_TEST_DEVICE (mqlcl's numbering), else 0. The same
// test is right on PoCL and on a GPU: expectations that depend on the device read its facts.
inline int device() {
  const char* v = std::getenv("MQLCL_TEST_DEVICE");
  return v != nullptr && *v != '\0' ? std::atoi(v) : 0;
}

// Whether the test device has cl_khr_fp64 (mqlcl_dgemm, FP64 kernels).
inline bool has_fp64() { return mqlcl_device_info(device(), MQLCL_INFO_DOUBLE_SUPPORT) == 1; }

// Whether the test device is a processor (PoCL in CI): the planner offers it the CPU kernels.
inline bool cpu_device() { return (mqlcl_device_info(device(), MQLCL_INFO_TYPE) & 2 /* CL_DEVICE_TYPE_CPU */) != 0; }

// Whether the test device runs the tensor-core kernels natively (mma.sync); PoCL in CI does not.
inline bool tensor_device() { return mqlcl_stage_available(device(), MQLCL_STAGE_TENSOR_TF32) == 1; }

// The GEMM kernels as the library's table lists them (mqlcl_gemm_kernel_count / _at).
inline std::vector<int> gemm_kernels() {
  std::vector<int> out;
  for (int i = 0; i < mqlcl_gemm_kernel_count(); ++i) out.push_back(mqlcl_gemm_kernel_at(i));
  return out;
}

// The flags' precision field that runs a GEMM kernel (mqlcl_gemm_pin, mqlcl_sgemm).
inline int kernel_flags(int kernel) { return static_cast<int>(mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_FLAGS)); }

// The tolerance of a product of precision class `precision` (MQLCL_PRECISION_*) over inner
// size k, relative to the sum of |terms|: the rule mqlcl-host checks with (common/).
inline double tolerance(int precision, int k) { return product::tolerance(precision, k); }

struct Ctx {
  Ctx() : h(mqlcl_create(device())) { EXPECT_GT(h, 0) << message(); }
  ~Ctx() { mqlcl_free(h); }
  Ctx(const Ctx&) = delete;
  Ctx& operator=(const Ctx&) = delete;
  int h;
};

// Whether host-array GEMM calls can run on a BLAS of this machine (MQLCL_GEMM_ON_HOST): the
// library finds one by name at run time (OpenBLAS, libblas); a Windows build finds none unless
// a libopenblas.dll lies beside it.
inline bool has_host_blas() {
  Ctx ctx;
  const float a = 2, b = 3;
  float c = 0;
  return mqlcl_sgemm(ctx.h, MQLCL_GEMM_ON_HOST, 1, 1, 1, 1.0f, &a, 1, 1, &b, 1, 1, 0.0f, &c, 1, 1) == MQLCL_OK && c == 6;
}

// Sets (value null: removes) an environment variable the library reads (ASCII values).
inline void set_env(const char* name, const char* value) {
#if defined(_WIN32)
  _putenv_s(name, value ? value : "");
#else
  if (value) setenv(name, value, 1); else unsetenv(name);
#endif
}

// The process's argument info for programs and kernels made from now (the library's test hook
// MQLCL_TEST_KERNEL_ARG_INFO): "on", "off" or "refused".
inline int arg_info(const std::string& mode) {
  const int value = mode == "off" ? 1 : mode == "refused" ? 2 : 0;
  return mqlcl_test_control(0, MQLCL_TEST_KERNEL_ARG_INFO, value);
}

inline std::vector<float> random_floats(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<float> v(n);
  for (auto& x : v) x = u(rng);
  return v;
}

// |got - exact| within the tolerance of a `terms`-term product of the precision class (FP32
// unless said) relative to its scale, the sum of |terms|.
inline ::testing::AssertionResult close_to(double exact, double scale, float got, int terms,
                                           int precision = MQLCL_PRECISION_FP32) {
  const double tol = tolerance(precision, terms) * scale;
  if (std::isfinite(got) && std::fabs(got - exact) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", exact " << exact << ", tolerance " << tol << " ("
                                       << tolerance(precision, terms) << " of the sum of |terms| " << scale << ")";
}

// C = A * B in double, with the scale sum |a_k b_k| of every element.
inline void reference_matmul(const std::vector<float>& a, const std::vector<float>& b, int m, int k, int n,
                             std::vector<double>& c, std::vector<double>& scale) {
  c.assign(static_cast<size_t>(m) * n, 0.0);
  scale.assign(static_cast<size_t>(m) * n, 0.0);
  for (int r = 0; r < m; ++r)
    for (int kk = 0; kk < k; ++kk) {
      const double av = a[static_cast<size_t>(r) * k + kk];
      for (int col = 0; col < n; ++col) {
        const double p = av * b[static_cast<size_t>(kk) * n + col];
        c[static_cast<size_t>(r) * n + col] += p;
        scale[static_cast<size_t>(r) * n + col] += std::fabs(p);
      }
    }
}

}  // namespace t
