#include "compute/tensor_support.hpp"

namespace mqlcl {

namespace {
constexpr cl_device_info kCapabilityMajorNv = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
constexpr cl_device_info kCapabilityMinorNv = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV
constexpr int kMinMajor = 8;                           // mma.sync .tf32 and cp.async: sm_80

bool has_extension(const std::string& list, const std::string& name) {
  size_t pos = 0;
  while ((pos = list.find(name, pos)) != std::string::npos) {
    const size_t end = pos + name.size();
    if ((pos == 0 || list[pos - 1] == ' ') && (end == list.size() || list[end] == ' ')) return true;
    pos = end;
  }
  return false;
}
}  // namespace

TensorSupport decide_tensor_support(const std::string& extensions, bool has_capability, int major, int minor) {
  TensorSupport s;
  if (!has_extension(extensions, "cl_nv_device_attribute_query")) {
    s.reason = "the tensor-core stages need an NVIDIA device (it lacks cl_nv_device_attribute_query)";
    return s;
  }
  if (!has_capability) {
    s.reason = "the device did not report its compute capability (cl_nv_device_attribute_query)";
    return s;
  }
  s.cc_major = major;
  s.cc_minor = minor;
  if (major < kMinMajor) {
    s.reason = "the tensor-core stages need compute capability 8.0 or newer; the device has " +
               std::to_string(major) + "." + std::to_string(minor);
    return s;
  }
  s.available = true;
  return s;
}

TensorSupport tensor_support(const cl::Device& device) {
  const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
  cl_uint major = 0, minor = 0;
  bool has_capability = false;
  if (has_extension(extensions, "cl_nv_device_attribute_query"))
    has_capability = clGetDeviceInfo(device(), kCapabilityMajorNv, sizeof major, &major, nullptr) == CL_SUCCESS &&
                     clGetDeviceInfo(device(), kCapabilityMinorNv, sizeof minor, &minor, nullptr) == CL_SUCCESS;
  return decide_tensor_support(extensions, has_capability, static_cast<int>(major), static_cast<int>(minor));
}

}  // namespace mqlcl
