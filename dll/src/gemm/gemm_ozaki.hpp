// The Ozaki scheme II kernels (35: FP32 class, 42: FP64 class; catalog/ozaki_moduli.hpp has
// the arithmetic) on device operands, by panels of rows as the GEMM routine (gemm/gemm_routine) runs them:
// op(B) scanned, scaled and cut into residues once, then per panel of op(A) the same, one INT8
// product per modulus (gemm/igemm_tensor.cl -DRESIDUES) and the reconstruction with the
// epilogue (gemm/ozaki.cl). What the scheme cannot represent (NaN or Inf in a line, k beyond
// kOzakiMaxK, a panel whose inner positions' scales spread beyond kOzakiInnerSpreadBits) is
// reported as not ready / false, and the caller runs a native kernel instead.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "catalog/tensor_tiles.hpp"
#include "gemm/gemm.hpp"
#include "gemm/half_operands.hpp"

namespace mqlcl {

enum class OzakiScratch : int;  // the scheme's scratch buffers (defined in gemm/gemm_ozaki.cpp)

template <class T>
class OzakiRows {
 public:
  OzakiRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b);
  // op(B) was represented: the panels may run.
  bool ready() const { return ready_; }
  // One panel (its shape as GemmPath::rows takes it); false, C untouched, when its op(A)
  // cannot be represented.
  bool rows(const GemmShape& panel, T alpha, const GemmOperand& a, T beta, const GemmOperand& c);

 private:
  cl::Buffer& scratch(OzakiScratch use, size_t bytes);
  // The checks' results zeroed (BadLines: NaN/Inf lines, then the inner spread's exponents).
  cl::Buffer& clear_status();
  // Scale exponents of an operand's lines into `exps`, its lines holding NaN or Inf counted
  // into the status, its positions' largest elements into `k_stats`.
  void scan(const HalfSource& src, size_t lines, OzakiScratch stats, OzakiScratch exps,
            OzakiScratch k_stats);
  // Its residues: moduli planes of `lines_padded` lines of pitch_ bytes.
  void cut(const HalfSource& src, size_t lines, OzakiScratch exps, const cl::Buffer& dst, size_t lines_padded,
           size_t plane);
  Context& ctx_;
  int kernel_;
  bool ready_ = false;
  int moduli_ = 0, bits_ = 0;
  size_t k_ = 0, n_ = 0, pitch_ = 0, np_ = 0, b_plane_ = 0;
  TensorTiles tiles_{};          // the INT8 products' tiles for the whole call
  std::string defines_;          // the operand and reconstruction kernels' build
  std::string product_defines_;  // the INT8 products' build
};

extern template class OzakiRows<float>;
extern template class OzakiRows<double>;

}  // namespace mqlcl
