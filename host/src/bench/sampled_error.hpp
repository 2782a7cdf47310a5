// The error of a product against a double reference on chosen elements: the one check of
// `gemm`, of bench's GEMM rows and of its OpenCL peers.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

namespace host {

struct ProductError {
  double max_abs = 0;  // max |C - exact|
  double max_rel = 0;  // max |C - exact| / (|alpha| sum of |terms| + |beta C0|): K * eps for a correct product
  size_t checked = 0;
};

// C = alpha op(A) op(B) + beta C0, row-major m x n, op(A) m x k (A stored k x m when ta),
// op(B) k x n (B stored n x k when tb), checked at the row-major element indices `at` of C;
// c0 may be null when beta = 0. NaN counts as infinite.
template <class T>
ProductError product_error(const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c, int m, int n,
                           int k, const std::vector<size_t>& at, bool ta = false, bool tb = false, double alpha = 1,
                           double beta = 0, const std::vector<T>* c0 = nullptr) {
  const size_t lda = ta ? m : k, ldb = tb ? k : n;
  ProductError r;
  for (size_t e : at) {
    const size_t i = e / n, j = e % n;
    double sum = 0, scale = 0;
    for (int p = 0; p < k; ++p) {
      const double x = ta ? a[p * lda + i] : a[i * lda + p];
      const double y = tb ? b[j * ldb + p] : b[p * ldb + j];
      sum += x * y;
      scale += std::fabs(x * y);
    }
    const double old = beta == 0 ? 0.0 : static_cast<double>((*c0)[e]);
    const double err = std::fabs(static_cast<double>(c[e]) - (alpha * sum + beta * old));
    const double rel = err / (std::fabs(alpha) * scale + std::fabs(beta * old) + 1e-300);
    r.max_abs = std::max(r.max_abs, std::isnan(err) ? INFINITY : err);
    r.max_rel = std::max(r.max_rel, std::isnan(rel) ? INFINITY : rel);
    ++r.checked;
  }
  return r;
}

// The error each GEMM precision stays within (relative to the sum of |terms|): what `bench`
// and `tune` hold every product to.
constexpr double kExactTolerance = 4e-6, kFastTolerance = 1e-3, kFp64Tolerance = 1e-12;

// bench's samples of C = A B (M x K times K x N): 256 elements spread by prime strides; the
// max error relative to the sum of |terms|.
template <class T>
double sampled_rel_error(const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c, int m, int k, int n,
                         int samples = 256) {
  std::vector<size_t> at(static_cast<size_t>(samples));
  for (int s = 0; s < samples; ++s)
    at[s] = (static_cast<size_t>(s) * 7919) % m * n + (static_cast<size_t>(s) * 104729) % n;
  return product_error(a, b, c, m, n, k, at).max_rel;
}

}  // namespace host
