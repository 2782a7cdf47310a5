// The tensor-core stages' availability on a real device: its report read from the
// cl::Device (a handful of clGetDeviceInfo calls: cheap enough for every launch), then
// decided by compute/tensor_decision.
#pragma once
#include <string>

#include "compute/tensor_decision.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

// Name, vendor, extensions, local memory and, where offered, the compute capability.
TensorReport read_tensor_report(const cl::Device& device);
TensorSupport tensor_support(const cl::Device& device);

// Whether the device does FP64 arithmetic (cl_khr_fp64): DGEMM and the FP64 ceilings need it.
bool has_fp64(const cl::Device& device);

// The stage registry's availability predicate: empty when the device can run the stages.
std::string tensor_unavailable(const cl::Device& device);

}  // namespace mqlcl
