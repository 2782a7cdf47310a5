#include "catalog/gemm_kernels.hpp"

#include "catalog/ozaki_moduli.hpp"
#include "core/error.hpp"

namespace mqlcl {

const GemmKernel& gemm_kernel(int id) {
  for (const auto& g : kGemmKernels)
    if (g.id == id) return g;
  fail(MQLCL_ERR_ARGUMENT, "GEMM kernel ", id, " does not exist (the GEMM kernels: ", gemm_kernel_list(), ")");
}

double passes_at(const GemmKernel& k, long long kk) {
  return is_ozaki(k) ? ozaki_plan(ozaki_significand(k), kk).moduli : k.passes;
}

bool offered_on(const GemmKernel& k, const DeviceFacts& f) {
  return k.devices == GemmDevices::Any || (k.devices == GemmDevices::Cpus) == is_cpu(f);
}

size_t gemm_kernel_index(const GemmKernel& k) { return static_cast<size_t>(&k - kGemmKernels); }

std::string gemm_kernel_list() {
  std::string out;
  for (const auto& g : kGemmKernels) out += str(out.empty() ? "" : ", ", g.id, " ", g.name);
  return out;
}

int field_precision(int field) {
  switch (field) {
    case MQLCL_GEMM_EXACT: return MQLCL_PRECISION_FP32;
    case MQLCL_GEMM_FAST: return MQLCL_PRECISION_TF32;
    case MQLCL_GEMM_FP64: return MQLCL_PRECISION_FP64;
    default:
      fail(MQLCL_ERR_ARGUMENT, "the precision field ", field, " is not MQLCL_GEMM_EXACT (0), _FAST (16) or _FP64 (32)");
  }
}

int precision_field(int precision) {
  switch (precision) {
    case MQLCL_PRECISION_FP32:
    case MQLCL_PRECISION_FP32_TENSOR: return MQLCL_GEMM_EXACT;
    case MQLCL_PRECISION_TF32: return MQLCL_GEMM_FAST;
    case MQLCL_PRECISION_FP64: return MQLCL_GEMM_FP64;
    default: fail(MQLCL_ERR_ARGUMENT, "precision ", precision, " is not an MQLCL_PRECISION_* class (1 .. 4)");
  }
}

bool meets(const GemmKernel& k, int field) {
  switch (field) {
    case MQLCL_GEMM_EXACT: return precision_field(k.precision) == MQLCL_GEMM_EXACT;
    case MQLCL_GEMM_FAST: return k.precision != MQLCL_PRECISION_FP64;
    case MQLCL_GEMM_FP64: return k.precision == MQLCL_PRECISION_FP64;
    default: return false;
  }
}

void efficiency_defaults(const DeviceFacts& f, int* out) {
  for (size_t i = 0; i < kGemmKernelCount; ++i)
    out[i] = is_cpu(f) ? kGemmKernels[i].efficiency_cpu : kGemmKernels[i].efficiency_gpu;
}

void validate_efficiency_params(const int* p, const DeviceFacts&) {
  for (size_t i = 0; i < kGemmKernelCount; ++i)
    if (p[i] < 1 || p[i] > 1000)
      fail(MQLCL_ERR_ARGUMENT, "efficiency of GEMM kernel ", kGemmKernels[i].id, " = ", p[i], " per mille: it must be 1 .. 1000");
}

void preparation_defaults(const DeviceFacts&, int* out) {
  for (size_t i = 0; i < kGemmKernelCount; ++i) out[i] = preparation_default(kGemmKernels[i]);
}

void validate_preparation_params(const int* p, const DeviceFacts&) {
  for (size_t i = 0; i < kGemmKernelCount; ++i)
    if (p[i] < 0 || p[i] > kPreparationMax)
      fail(MQLCL_ERR_ARGUMENT, "preparation of GEMM kernel ", kGemmKernels[i].id, " = ", p[i],
           " hundredths of a launch and wait a call: it must be 0 .. ", kPreparationMax);
}

}  // namespace mqlcl
