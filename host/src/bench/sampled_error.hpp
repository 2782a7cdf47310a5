// The error of a row-major product C = A * B (M x K times K x N) on sampled elements against
// a double product: the one check of bench's GEMM rows and its OpenCL peers.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

namespace host {

// Max over `samples` elements (spread by prime strides) of |C - exact| / sum of |terms|, the
// rounding a correct FP32 (or FP64) product stays within (K * eps); NaN counts as infinite.
template <class T>
double sampled_rel_error(const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c, int m, int k, int n,
                         int samples = 256) {
  double worst = 0;
  for (int s = 0; s < samples; ++s) {
    const size_t r = (static_cast<size_t>(s) * 7919) % m, col = (static_cast<size_t>(s) * 104729) % n;
    double exact = 0, scale = 0;
    for (int p = 0; p < k; ++p) {
      const double t = static_cast<double>(a[r * k + p]) * b[static_cast<size_t>(p) * n + col];
      exact += t;
      scale += std::fabs(t);
    }
    const double err = std::fabs(static_cast<double>(c[r * n + col]) - exact) / (scale + 1e-300);
    worst = std::max(worst, std::isnan(err) ? INFINITY : err);
  }
  return worst;
}

}  // namespace host
