// Whether a device can run the tensor-core SGEMM stages (30 TF32, 31 3xTF32 in
// kernels/matmul/sgemm_tensor.cl): inline PTX mma.sync m16n8k8 .tf32 and cp.async need an
// NVIDIA device of compute capability 8.0 or newer (Ampere: A100, RTX 30; Ada: RTX 40; Hopper).
// The capability comes from cl_nv_device_attribute_query. Not wired into the stage table yet.
#pragma once
#include <string>

#include "core/opencl.hpp"

namespace mqlcl {

struct TensorSupport {
  bool available = false;
  int cc_major = 0, cc_minor = 0;  // 0 where the device does not report it
  std::string reason;              // why not (for MQLCL_ERR_UNSUPPORTED's message); empty if available
};

// The decision from what the device reports (pure: checked on the host without a GPU).
TensorSupport decide_tensor_support(const std::string& extensions, bool has_capability, int major, int minor);

// Reads the extensions and, where offered, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR/MINOR_NV.
TensorSupport tensor_support(const cl::Device& device);

}  // namespace mqlcl
