#include "catalog/ozaki_moduli.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "core/error.hpp"

namespace mqlcl {

namespace {

using u128 = unsigned __int128;

// floor(log2(M)) of the first n moduli's product, from the exact product.
int floor_log2_product(int n) {
  u128 m = 1;
  for (int i = 0; i < n; ++i) m *= static_cast<u128>(kOzakiModuli[i]);
  int bits = -1;
  for (; m; m >>= 1) ++bits;
  return bits;
}

int ceil_log2(long long k) {
  int b = 0;
  while ((1LL << b) < k) ++b;
  return b;
}

// The operands' bits N moduli allow at k: k 2^2P <= 2^floor(log2 M) / 4 <= M / 4.
int bits_allowed(int n, long long k) { return (floor_log2_product(n) - 2 - ceil_log2(k)) / 2; }

// x mod p for x < 2^128.
unsigned mod_small(u128 x, unsigned p) { return static_cast<unsigned>(x % p); }

std::string hex(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

// A u128 as the double of its bits at and above bit g (exact: at most 41 of them) and
// the rest rounded.
void split_at_bit(u128 v, int g, double& hi, double& lo) {
  const u128 top = v >> g;
  hi = std::ldexp(static_cast<double>(static_cast<uint64_t>(top)), g);
  const u128 rest = v - (top << g);
  lo = std::ldexp(static_cast<double>(static_cast<uint64_t>(rest >> 64)), 64) + static_cast<double>(static_cast<uint64_t>(rest));
}

}  // namespace

OzakiPlan ozaki_plan(int significand, long long k) {
  if (k < 1 || k > kOzakiMaxK) return {0, 0};
  // The FP32 class keeps one bit more: its results are rounded to float after the sum.
  const int want = significand + (significand < 53 ? 4 : 3) - (ceil_log2(k) + 1) / 2;
  for (int n = 2; n <= kOzakiModuliMax; ++n) {
    const int p = bits_allowed(n, k);
    if (p >= want) return {n, p < 62 ? p : 62};
  }
  return {0, 0};
}

std::string ozaki_defines(int n) {
  if (n < 2 || n > kOzakiModuliMax) fail(MQLCL_ERR_INTERNAL, "Ozaki scheme: ", n, " moduli");
  u128 m = 1;
  for (int i = 0; i < n; ++i) m *= static_cast<u128>(kOzakiModuli[i]);
  int length = 0;  // M < 2^length
  for (u128 x = m; x; x >>= 1) ++length;
  const int g = length - 41;
  std::string moduli, w1, w2;
  for (int i = 0; i < n; ++i) {
    const unsigned p = static_cast<unsigned>(kOzakiModuli[i]);
    const u128 others = m / p;
    const unsigned r = mod_small(others, p);
    unsigned inverse = 1;
    while ((static_cast<unsigned long long>(r) * inverse) % p != 1) ++inverse;
    const u128 w = (others * inverse) % m;  // others < 2^120, inverse < 2^8: no overflow
    double hi, lo;
    split_at_bit(w, g, hi, lo);
    const char* sep = i ? "," : "";
    moduli += sep + std::to_string(p);
    w1 += sep + hex(hi);
    w2 += sep + hex(lo);
  }
  double m1, m2;
  split_at_bit(m, g, m1, m2);
  return str(" -DOZAKI_MODULI=", n, " -DOZAKI_P=", moduli, " -DOZAKI_W1=", w1, " -DOZAKI_W2=", w2, " -DOZAKI_M1=", hex(m1),
             " -DOZAKI_M2=", hex(m2), " -DOZAKI_INV_M=", hex(1.0 / (std::ldexp(m1, 0) + m2)));
}

}  // namespace mqlcl
