// The one tolerance of a product against a double reference, shared by mqlcl-host's check
// (host/src/product_check) and the tests: each element's error relative to the sum of |terms|
// that made it (|alpha| sum_p |a_ip b_pj| + |beta c0_ij|).
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>

#include "mqlcl.h"

namespace product {

// The largest error relative to the sum of |terms| a product of precision class `precision`
// (MQLCL_PRECISION_*) over inner size k may have: 2 u_in + u (sqrt(k) + 8), u_in the unit
// roundoff of the inputs as multiplied (0 where they are exact, 2^-11 for TF32 and FP16
// inputs), u that of the accumulation (2^-24 FP32, FP32 on tensor cores and TF32; 2^-53 FP64).
// sqrt(k): how rounding errors of a k-term sum grow; it keeps exact FP32 (~4e-6 at k = 4096)
// below what TF32 inputs give. NaN for an unknown class: every comparison with it fails.
inline double tolerance(int precision, int k) {
  const double root = std::sqrt(static_cast<double>(std::max(k, 1)));
  switch (precision) {
    case MQLCL_PRECISION_FP32:
    case MQLCL_PRECISION_FP32_TENSOR: return 0x1p-24 * (root + 8);
    case MQLCL_PRECISION_TF32: return 2 * 0x1p-11 + 0x1p-24 * (root + 8);
    case MQLCL_PRECISION_FP64: return 0x1p-53 * (root + 8);
    default: return std::numeric_limits<double>::quiet_NaN();
  }
}

}  // namespace product
