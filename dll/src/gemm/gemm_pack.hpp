// The GEMM layout kernels (kernels/gemm/gemm_layout.cl) for float (SGEMM) or double (DGEMM):
// an operand packed into a kernel's padded layout, and the epilogue that applies alpha and
// beta into C's leading dimension.
#pragma once
#include <cstddef>

#include "context.hpp"
#include "gemm/gemm.hpp"

namespace mqlcl {

// op(src) (rows x cols, src transposed where `trans`) into dst, dpitch wide and drows high,
// zero beyond.
template <class T>
void gemm_pack(Context& ctx, const GemmOperand& src, size_t ld, bool trans, size_t rows, size_t cols, const cl::Buffer& dst,
               size_t dpitch, size_t drows);

// C = alpha * AB + beta * C for the panel's m x n (AB with row pitch ab_pitch).
template <class T>
void gemm_epilogue(Context& ctx, const GemmShape& s, const cl::Buffer& ab, size_t ab_pitch, T alpha, T beta,
                   const GemmOperand& c);

}  // namespace mqlcl
