// The FP16 tensor-core stages (32, 33): their operands scaled into FP16 per line
// (kernels/gemm/half_operands.cl) and their product (kernels/gemm/sgemm_half.cl). Where
// some line cannot be scaled (NaN or Inf, or too wide a spread), nothing but the scans ran and
// the caller runs the stage's fallback (30 for 32, 31 for 33) instead.
#pragma once
#include <cstddef>

#include "context.hpp"
#include "catalog/stage_registry.hpp"

namespace mqlcl {

// An operand as read from a row-major source: the buffer, its element (0, 0), its leading
// dimension, and whether the operand's lines (rows of op(A), columns of op(B)) are the
// source's rows.
struct HalfSource {
  const cl::Buffer& buffer;
  size_t offset, ld;
  bool lines_are_rows;
};

// Arguments 0-5 of the kernels that read an operand by lines (util/line_stats.cl's
// line_stats, the FP16 pack, the Ozaki residues): the source and the operand's lines of len.
void set_line_source(cl::Kernel& k, const HalfSource& src, size_t lines, size_t len);

bool is_half_stage(const Stage& st);
// The stage that runs when an FP16 stage's operands cannot be scaled (the kernel table's fallback).
int half_fallback(int stage);

// op(B) (n lines of k) scanned and packed into FP16 for stage `st`, kept for half_rows; false
// when some column cannot be scaled (nothing packed). Timed as layout work.
bool half_prepare_b(Context& ctx, const Stage& st, const HalfSource& b, size_t n, size_t k);
// C (m x n, row pitch ldc) = op(A) op(B) by stage `st` with the op(B) of half_prepare_b: op(A)'s
// m rows scanned and packed (layout work), the product (the kernel). False (C untouched) when
// some row cannot be scaled.
bool half_rows(Context& ctx, const Stage& st, const HalfSource& a, size_t m, size_t n, size_t k, const cl::Buffer& c,
               size_t ldc);

}  // namespace mqlcl
