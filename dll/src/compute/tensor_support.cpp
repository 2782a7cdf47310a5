#include "compute/tensor_support.hpp"

namespace mqlcl {

namespace {
constexpr cl_device_info kCapabilityMajorNv = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
constexpr cl_device_info kCapabilityMinorNv = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV
}  // namespace

TensorReport read_tensor_report(const cl::Device& device) {
  TensorReport r;
  r.name = device.getInfo<CL_DEVICE_NAME>();
  r.vendor = device.getInfo<CL_DEVICE_VENDOR>();
  r.extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
  r.local_mem = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  // Strings from drivers may end in NULs or spaces; the messages quote them.
  for (std::string* s : {&r.name, &r.vendor})
    while (!s->empty() && (s->back() == '\0' || s->back() == ' ')) s->pop_back();
  cl_uint major = 0, minor = 0;
  if (has_extension(r.extensions, "cl_nv_device_attribute_query"))
    r.has_capability = clGetDeviceInfo(device(), kCapabilityMajorNv, sizeof major, &major, nullptr) == CL_SUCCESS &&
                       clGetDeviceInfo(device(), kCapabilityMinorNv, sizeof minor, &minor, nullptr) == CL_SUCCESS;
  r.major = static_cast<int>(major);
  r.minor = static_cast<int>(minor);
  return r;
}

TensorSupport tensor_support(const cl::Device& device) { return decide_tensor_support(read_tensor_report(device)); }

std::string tensor_unavailable(const cl::Device& device) { return tensor_support(device).reason; }

}  // namespace mqlcl
