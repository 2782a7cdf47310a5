// GEMM: C = alpha * op(A) * op(B) + beta * C, row-major with leading dimensions (docs/ABI.md,
// "GEMM"), on host arrays or device buffers. Split by job: the caller's arguments checked
// (gemm_checks.cpp); the planner's kernel between a pack (op, ld, padding) and an epilogue
// (alpha, beta, ldc) on the device (gemm_device.cpp); the host arrays' transfers around that
// (gemm_host.cpp). Which kernel runs is gemm/gemm_plan's choice. Device buffers are the
// context's scratch buffers, reused while large enough, so repeated sizes allocate nothing.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "context.hpp"
#include "catalog/dgemm_config.hpp"
#include "catalog/stage_registry.hpp"

namespace mqlcl {

// What the caller's arguments become once checked (check_gemm).
struct GemmShape {
  size_t m, n, k;
  bool trans_a, trans_b;
  size_t lda, ldb, ldc;
  size_t a_need, b_need, c_need;  // elements each array must hold
  int precision;                  // the MQLCL_GEMM_* precision field
};

// How messages name the arrays and their counts (host arrays, or device buffers).
struct GemmNames {
  const char *a_count = "a_count", *a = "a", *b_count = "b_count", *b = "b", *c_count = "c_count", *c = "c";
};

// Checks the flags' bits and m, n, k >= 1 (MQLCL_ERR_ARGUMENT naming them); check_gemm and
// the planner's exports share it.
void check_flags_and_sizes(int flags, int m, int n, int k);

// Checks flags, sizes, leading dimensions and the counts (MQLCL_ERR_ARGUMENT / _RANGE with
// the parameter named). `fp64`: dgemm (which takes only the default or FP64 precision).
GemmShape check_gemm(int flags, int m, int n, int k, int lda, int ldb, int ldc, long long a_count,
                     long long b_count, long long c_count, bool fp64, const GemmNames& names = GemmNames{});

// A matrix on the device: a buffer and the element its (0, 0) is at.
struct GemmOperand {
  const cl::Buffer& buffer;
  size_t offset;
};

// SGEMM on device buffers (checked by the caller against s), results left in c.
void sgemm_device(Context& ctx, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b, float beta,
                  const GemmOperand& c);

// The kernel the planner runs for the call (MQLCL_GEMM_KERNEL_*); refused where none can.
int planned_kernel(Context& ctx, const GemmShape& s);
// DGEMM's product kernel (40 or 41) with the context's tuned tiles.
DgemmProduct dgemm_product(Context& ctx, int kernel);
// The product with a given kernel (one of mqlcl_sgemm's or mqlcl_dgemm's in the kernel table) on device operands
// (checked by the caller against s), results left in c.
void sgemm_with(Context& ctx, int kernel, const GemmShape& s, float alpha, const GemmOperand& a, const GemmOperand& b,
                float beta, const GemmOperand& c);
void dgemm_with(Context& ctx, int kernel, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                double beta, const GemmOperand& c);

// The product of one GEMM by panels of rows of op(A) and C, launched on the context's queue
// inside the caller's operation (begin_op .. end_op): op(B) prepared once for the kernel, then
// per panel its rows of op(A) packed, the product, and the epilogue into its rows of C. A
// panel's shape is the whole one's but for m and lda; its operands start at its first row.
// op(B) and a panel's op(A) are copied before its C is written, so C may share a buffer with
// them. SGEMM: an FP16 kernel whose op(B) cannot be scaled runs its fallback for every panel,
// one whose panel of op(A) cannot, for that panel. An Ozaki kernel (gemm/gemm_ozaki) whose
// operands cannot be represented runs the planner's fastest native kernel of the precision
// instead (native_kernel), the same way.
template <class T>
class OzakiRows;
class SgemmRows {
 public:
  SgemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b);
  ~SgemmRows();
  void rows(const GemmShape& panel, float alpha, const GemmOperand& a, float beta, const GemmOperand& c);
  // The kernel, or the fallback that computed some panel instead (mqlcl_last_product).
  int product() const { return product_; }

 private:
  void prepare(int kernel);  // the stage kernel's op(B), scanned for an FP16 kernel
  void pack_b();             // op(B) for simt_, once
  Context& ctx_;
  std::unique_ptr<OzakiRows<float>> ozaki_;
  const Stage* asked_ = nullptr;  // the stage kernel, once prepared
  const Stage* simt_ = nullptr;   // the stage on FP32 operands: the kernel, or an FP16 kernel's fallback
  GemmShape whole_;
  GemmOperand b_;
  size_t kp_ = 0;
  bool half_ = false, b_packed_ = false;
  int product_;
};
class DgemmRows {
 public:
  DgemmRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b);
  ~DgemmRows();
  void rows(const GemmShape& panel, double alpha, const GemmOperand& a, double beta, const GemmOperand& c);
  int product() const { return product_; }

 private:
  void prepare(int kernel);  // the FP64 kernel's op(B) packed
  Context& ctx_;
  std::unique_ptr<OzakiRows<double>> ozaki_;
  GemmShape whole_;
  GemmOperand b_;
  int kernel_ = 0;  // the native kernel, once prepared
  int product_;
  DgemmProduct p_;
  size_t np_ = 0, kp_ = 0;
  cl::Kernel k_;
  cl::NDRange local_;
};

// The planner's fastest kernel for the call's precision that is not an Ozaki kernel: what
// runs where the scheme cannot represent the operands.
int native_kernel(Context& ctx, const GemmShape& s);

// DGEMM on device buffers (checked by the caller against s), results left in c.
void dgemm_device(Context& ctx, const GemmShape& s, double alpha, const GemmOperand& a, const GemmOperand& b,
                  double beta, const GemmOperand& c);

void sgemm_host(Context& ctx, const GemmShape& s, float alpha, const float* a, const float* b, float beta,
                float* c);
void dgemm_host(Context& ctx, const GemmShape& s, double alpha, const double* a, const double* b, double beta,
                double* c);

}  // namespace mqlcl
