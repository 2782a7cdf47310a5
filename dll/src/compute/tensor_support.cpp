#include "compute/tensor_support.hpp"

#include "compute/devices.hpp"

namespace mqlcl {

TensorReport read_tensor_report(const cl::Device& device) {
  TensorReport r;
  r.name = device.getInfo<CL_DEVICE_NAME>();
  r.vendor = device.getInfo<CL_DEVICE_VENDOR>();
  r.extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
  r.local_mem = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  // Strings from drivers may end in NULs or spaces; the messages quote them.
  for (std::string* s : {&r.name, &r.vendor})
    while (!s->empty() && (s->back() == '\0' || s->back() == ' ')) s->pop_back();
  r.has_capability = nv_compute_capability(device, r.major, r.minor);
  return r;
}

TensorSupport tensor_support(const cl::Device& device) { return decide_tensor_support(read_tensor_report(device)); }

bool has_fp64(const cl::Device& device) {
  std::string list = device.getInfo<CL_DEVICE_EXTENSIONS>();
  while (!list.empty() && (list.back() == '\0' || list.back() == ' ')) list.pop_back();
  return has_extension(list, "cl_khr_fp64");
}

std::string tensor_unavailable(const cl::Device& device) { return tensor_support(device).reason; }

}  // namespace mqlcl
