// Size arithmetic that the caller's numbers feed: rounding to a multiple, and products that
// must not wrap (a wrapped size would allocate too little and let a kernel write beyond it).
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/error.hpp"

namespace mqlcl {

// v rounded up to a multiple of m (m = 0: v).
inline size_t round_up(size_t v, size_t m) { return m == 0 ? v : (v + m - 1) / m * m; }

// a * b with an overflow check against limit; throws MQLCL_ERR_RANGE naming `what`.
inline size_t checked_mul(size_t a, size_t b, const char* what, size_t limit = SIZE_MAX) {
  if (a != 0 && b > limit / a) fail(MQLCL_ERR_RANGE, what, " = ", a, " x ", b, " overflows");
  return a * b;
}

}  // namespace mqlcl
