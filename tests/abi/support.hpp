// Helpers of the ABI tests: contexts that free themselves, messages, data and references.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mqlcl.h"
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

struct Ctx {
  Ctx() : h(mqlcl_create(device())) { EXPECT_GT(h, 0) << message(); }
  ~Ctx() { mqlcl_free(h); }
  Ctx(const Ctx&) = delete;
  Ctx& operator=(const Ctx&) = delete;
  int h;
};

// Sets (value null: removes) an environment variable the library reads (ASCII values).
inline void set_env(const char* name, const char* value) {
#if defined(_WIN32)
  _putenv_s(name, value ? value : "");
#else
  if (value) setenv(name, value, 1); else unsetenv(name);
#endif
}

inline std::vector<float> random_floats(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<float> v(n);
  for (auto& x : v) x = u(rng);
  return v;
}

// |got - exact| within the float summation bound of an n-term dot product.
inline ::testing::AssertionResult close_to(double exact, double scale, float got, int terms) {
  const double tol = 2.0 * terms * 1.2e-7 * scale + 1e-6;
  if (std::isfinite(got) && std::fabs(got - exact) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", exact " << exact << ", tolerance " << tol;
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
