// The one check of a product against a double reference, used by every command, `bench` and
// `tune`: C = alpha op(A) op(B) + beta C0 on chosen elements, each element's error relative to
// the sum of |terms| that made it (|alpha| sum_p |a_ip b_pj| + |beta c0_ij|), held to its
// precision's tolerance (product_tolerance); every element of C must be finite.
#pragma once
#include <cstddef>
#include <vector>

#include "product_tolerance.hpp"

namespace host {

// The precision (MQLCL_PRECISION_*) a GEMM call's flags promise: the library's own mapping
// (mqlcl_gemm_flags_precision); throws AbiError for a precision field it does not know.
int gemm_flags_precision(int flags);
// A matmul stage's precision: its registry row (mqlcl_stage_info, MQLCL_STAGE_INFO_PRECISION).
int stage_precision(int stage);

// The largest error relative to the sum of |terms| a product of precision `precision` over
// inner size k may have: the rule the tests hold the library to too (common/product_tolerance.hpp).
inline double product_tolerance(int precision, int k) { return product::tolerance(precision, k); }

// op(A), op(B), alpha, beta, C0 of the product; the default is C = A B.
struct ProductOp {
  bool trans_a = false, trans_b = false;  // A stored k x m, B stored n x k
  double alpha = 1, beta = 0;
};

struct ProductCheck {
  size_t checked = 0;     // elements compared with the reference
  size_t bad = 0;         // checked elements beyond the tolerance (NaN and Inf included)
  size_t not_finite = 0;  // elements of all of C that are NaN or Inf
  double max_abs = 0;     // max |C - ref| over the checked elements
  double max_ref = 0;     // max |ref| over them
  double max_rel = 0;     // max |C - ref| / sum of |terms| (what the tolerance bounds)
  double tolerance = 0;   // product_tolerance(precision, k)
  bool ok() const { return checked > 0 && bad == 0 && not_finite == 0; }
  double err_max_ref() const { return max_abs / (max_ref + 1e-30); }  // max |C - ref| / max |ref|
};

// C (row-major m x n) against C = alpha op(A) op(B) + beta C0, op(A) m x k, op(B) k x n, at
// `samples` elements spread over C by prime strides (every element when samples <= 0 or
// >= m n); c0 only read when beta != 0. T: float or double.
template <class T>
ProductCheck check_product(int precision, const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c,
                           int m, int k, int n, int samples, const ProductOp& op = {},
                           const std::vector<T>* c0 = nullptr);

}  // namespace host
