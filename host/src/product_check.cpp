#include "product_check.hpp"

#include <algorithm>
#include <cmath>

#include "library.hpp"

namespace host {

int gemm_flags_precision(int flags) {
  return check(lib().mqlcl_gemm_flags_precision(flags), "mqlcl_gemm_flags_precision");
}

int stage_precision(int stage) {
  return static_cast<int>(lib().mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION));
}

template <class T>
ProductCheck check_product(int precision, const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c,
                           int m, int k, int n, int samples, const ProductOp& op, const std::vector<T>* c0) {
  ProductCheck r;
  r.tolerance = product_tolerance(precision, k);
  for (T v : c) r.not_finite += !std::isfinite(v);
  const size_t count = static_cast<size_t>(m) * n, lda = op.trans_a ? m : k, ldb = op.trans_b ? k : n;
  auto one = [&](size_t e) {
    const size_t i = e / n, j = e % n;
    double sum = 0, scale = 0;
    for (int p = 0; p < k; ++p) {
      const double x = op.trans_a ? a[p * lda + i] : a[i * lda + p];
      const double y = op.trans_b ? b[j * ldb + p] : b[p * ldb + j];
      sum += x * y;
      scale += std::fabs(x * y);
    }
    const double old = op.beta == 0 ? 0.0 : static_cast<double>((*c0)[e]);
    const double ref = op.alpha * sum + op.beta * old;
    const double got = static_cast<double>(c[e]);
    const double err = std::isfinite(got) ? std::fabs(got - ref) : INFINITY;
    const double rel = err / (std::fabs(op.alpha) * scale + std::fabs(op.beta * old) + 1e-300);
    r.max_abs = std::max(r.max_abs, err);
    r.max_ref = std::max(r.max_ref, std::fabs(ref));
    r.max_rel = std::max(r.max_rel, rel);
    r.bad += !(rel <= r.tolerance);
    ++r.checked;
  };
  if (samples <= 0 || static_cast<size_t>(samples) >= count) {
    for (size_t e = 0; e < count; ++e) one(e);
  } else {
    for (size_t s = 0; s < static_cast<size_t>(samples); ++s) one((s * 7919) % m * n + (s * 104729) % n);
  }
  return r;
}

template ProductCheck check_product<float>(int, const std::vector<float>&, const std::vector<float>&,
                                           const std::vector<float>&, int, int, int, int, const ProductOp&,
                                           const std::vector<float>*);
template ProductCheck check_product<double>(int, const std::vector<double>&, const std::vector<double>&,
                                            const std::vector<double>&, int, int, int, int, const ProductOp&,
                                            const std::vector<double>*);

}  // namespace host
