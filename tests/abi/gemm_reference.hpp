// The GEMM tests' reference: the caller's matrices stored with leading dimensions (gaps
// holding a marker) and C = alpha op(A) op(B) + beta C checked against a double product
// (test_gemm, test_transfer).
#pragma once
#include <cmath>
#include <limits>
#include <vector>

#include "support.hpp"

namespace gemm_test {

struct Shape {
  int m, n, k;
};

// One call's layout: op flags, the padding of each leading dimension beyond its columns.
struct Layout {
  int flags;
  int pad_a, pad_b, pad_c;
};

constexpr float kGap = 12345.0f;  // what sits between the used columns; must stay there

template <class T>
struct Stored {
  int rows, cols, ld;
  std::vector<T> v;  // exactly (rows - 1) * ld + cols elements
  Stored(int r, int c, int pad, unsigned seed, T gap) : rows(r), cols(c), ld(c + pad) {
    v.assign(static_cast<size_t>(rows - 1) * ld + cols, gap);
    const auto vals = t::random_floats(static_cast<size_t>(rows) * cols, seed);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) v[static_cast<size_t>(i) * ld + j] = vals[static_cast<size_t>(i) * cols + j];
  }
  T at(int i, int j) const { return v[static_cast<size_t>(i) * ld + j]; }
};

// The test: C = alpha op(A) op(B) + beta C in double, checked element by element (the
// tolerance of `precision`, MQLCL_PRECISION_*, over k terms times each element's sum of
// |terms|), and the gaps between C's rows untouched.
template <class T, class Call>
void check_gemm(const Shape& s, const Layout& l, double alpha, double beta, bool nan_c, int precision, Call call) {
  const double rel = t::tolerance(precision, s.k);
  const bool ta = l.flags & MQLCL_GEMM_TRANS_A, tb = l.flags & MQLCL_GEMM_TRANS_B;
  // NaN between the used columns of A and B: reading one would poison the product.
  const T nan = std::numeric_limits<T>::quiet_NaN();
  Stored<T> a(ta ? s.k : s.m, ta ? s.m : s.k, l.pad_a, 11 + s.m, nan);
  Stored<T> b(tb ? s.n : s.k, tb ? s.k : s.n, l.pad_b, 23 + s.n, nan);
  Stored<T> c(s.m, s.n, l.pad_c, 37 + s.k, static_cast<T>(kGap));
  if (nan_c)
    for (int i = 0; i < s.m; ++i)
      for (int j = 0; j < s.n; ++j) c.v[static_cast<size_t>(i) * c.ld + j] = nan;
  const Stored<T> c0 = c;
  ASSERT_EQ(call(l.flags, a, b, c), MQLCL_OK) << t::message();
  for (int i = 0; i < s.m; ++i)
    for (int j = 0; j < s.n; ++j) {
      // long double sums: the reference's own rounding stays below DGEMM's tolerance.
      long double sum = 0;
      double scale = 0;
      for (int p = 0; p < s.k; ++p) {
        const long double x = ta ? a.at(p, i) : a.at(i, p), y = tb ? b.at(j, p) : b.at(p, j);
        sum += x * y;
        scale += static_cast<double>(std::fabs(x * y));
      }
      const double old = c0.at(i, j);
      const double exact = static_cast<double>(alpha * sum + (beta == 0 ? 0.0L : static_cast<long double>(beta) * old));
      const double tol = rel * (std::fabs(alpha) * scale + std::fabs(beta * (beta == 0 ? 0 : old)));
      const double got = c.at(i, j);
      ASSERT_TRUE(std::isfinite(got) && std::fabs(got - exact) <= tol)
          << "C[" << i << "," << j << "] = " << got << ", exact " << exact << ", tolerance " << tol;
    }
  for (size_t e = 0; e < c.v.size(); ++e)
    if (static_cast<int>(e % c.ld) >= s.n) {
      ASSERT_EQ(c.v[e], static_cast<T>(kGap)) << "gap element " << e << " written";
    }
}

}  // namespace gemm_test
