// Whether a device can run the tensor-core SGEMM stages (30 TF32, 31 3xTF32 in
// kernels/matmul/sgemm_tensor.cl) and the mma.sync ceilings of `peak`, decided from what the
// device reports: inline PTX mma.sync m16n8k8 .tf32 and cp.async need an NVIDIA device of
// compute capability 8.0 or newer (Ampere: A100, RTX 30; Ada: RTX 40; Hopper), read through
// cl_nv_device_attribute_query, and the kernel's 3 pipeline stages take 48 KiB of __local
// memory. Pure (no OpenCL): the tests check it on made-up reports.
#pragma once
#include <string>

namespace mqlcl {

// __local bytes the tuned kernel declares (3 stages x 16 KiB).
constexpr unsigned long long kTensorLocalBytes = 49152;

// What a device reports.
struct TensorReport {
  std::string name, vendor, extensions;
  bool has_capability = false;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR/MINOR_NV answered
  int major = 0, minor = 0;
  unsigned long long local_mem = 0;  // CL_DEVICE_LOCAL_MEM_SIZE
};

struct TensorSupport {
  bool available = false;
  int cc_major = 0, cc_minor = 0;  // 0 where the device does not report it
  std::string reason;              // why not (for MQLCL_ERR_UNSUPPORTED's message); empty if available
};

// Whether the space-separated extension list names `name` (whole words only).
bool has_extension(const std::string& list, const std::string& name);

TensorSupport decide_tensor_support(const TensorReport& report);

// The FP64 mma.sync shapes (kernels/gemm/dgemm_tensor.cl's SHAPE, peak_mma.cl's F64_SHAPE):
// m8n8k4 from sm_80 on, the m16 ones from sm_90 on (PTX ISA 7.8).
struct DmmaShape {
  int code, m, n, k;  // code: 884, 1684, 1688, 16816
};
extern const DmmaShape kDmmaShapes[4];
bool dmma_shape_available(const TensorSupport& support, int code);
// The shape DGEMM's tensor kernel uses on a device the tensor stages run on (the fastest
// measured on the H200: docs/results-h200.md "DGEMM").
int dgemm_tensor_shape(const TensorSupport& support);

}  // namespace mqlcl
