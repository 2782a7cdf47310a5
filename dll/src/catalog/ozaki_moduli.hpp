// Ozaki scheme II (Ozaki, Uchino, Imamura 2025): a floating-point product from exact INT8
// products through the Chinese remainder theorem. Each row of op(A) and column of op(B) is
// scaled by a power of two 2^e and rounded to an integer of at most P bits; the integer product
// A'B' is computed modulo N pairwise-coprime moduli (one INT8 tensor-core product each, the
// operands' residues as int8), then reconstructed modulo M = the moduli's product, exact while
// |A'B'| <= k 2^2P <= M / 4, and scaled back. This file is the arithmetic of it, no OpenCL:
// how many moduli a precision needs at a k, the operands' bits P, and the reconstruction's
// constants (build defines of kernels/gemm/ozaki.cl).
#pragma once
#include <string>

namespace mqlcl {

// The moduli, largest first, pairwise coprime, each <= 256 so that a symmetric residue is an
// int8 (256: -128 .. 127; odd p: -(p-1)/2 .. (p-1)/2).
constexpr int kOzakiModuliMax = 16;
constexpr int kOzakiModuli[kOzakiModuliMax] = {256, 255, 253, 251, 247, 241, 239, 233,
                                              229, 227, 223, 217, 211, 199, 197, 193};
// The longest k whose INT8 products stay exact in int32: k 128^2 < 2^31.
constexpr long long kOzakiMaxK = 131071;

// Each line is scaled by its largest element, so a product whose large terms sit at positions
// where op(A)'s column and op(B)'s row are not both large (op(A)'s columns scaled against
// op(B)'s rows) loses about one bit per bit of that spread: max_h ea_h + max_h eb_h -
// max_h (ea_h + eb_h), ea_h and eb_h the exponents of the largest elements of op(A)'s column h
// and op(B)'s row h. Beyond this many bits a panel runs the native kernel.
constexpr int kOzakiInnerSpreadBits = 2;

// The plan of one product: how many moduli, and the operands' integer bits.
struct OzakiPlan {
  int moduli;  // N
  int bits;    // P: |a'| <= 2^P for every scaled element; <= 62 (an int64 on the device)
};

// The plan for results of `significand` bits (53: the FP64 class, 24: the FP32 class) at this
// k: the fewest moduli whose P leaves an error below the native kernel's of that class (the
// operands' rounding, 2^-P of a line's largest element, sums over k with random signs while the
// native kernel's grows with the partial sums: P = significand + 3 - ceil(log2 k) / 2).
// moduli 0 where no plan exists (k beyond kOzakiMaxK, or beyond the moduli).
OzakiPlan ozaki_plan(int significand, long long k);

// The build defines of the reconstruction for N moduli: the moduli (OZAKI_MODULI), the CRT
// weights w_l = (M / p_l) ((M / p_l)^-1 mod p_l) split as w_l = W1_l + W2_l with W1_l on the
// grid 2^G (41 significant bits: sums of N residues times W1 are exact in double) and W2_l
// the rest rounded, M = M1 + M2 the same way, and 1 / M; hex-float literals.
std::string ozaki_defines(int moduli);

}  // namespace mqlcl
