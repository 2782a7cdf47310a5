#include "devices.hpp"

#include <fmt/core.h>

#include "library.hpp"

namespace host {

std::string device_text(int device, int what) {
  std::u16string buf(1024, u'\0');
  int n = check(lib().mqlcl_device_text(device, what, buf.data(), static_cast<int>(buf.size())), "mqlcl_device_text");
  if (n >= static_cast<int>(buf.size())) {
    buf.assign(static_cast<size_t>(n) + 1, u'\0');
    n = check(lib().mqlcl_device_text(device, what, buf.data(), n + 1), "mqlcl_device_text");
  }
  buf.resize(static_cast<size_t>(n));
  return to_utf8(buf);
}

long long device_info(int device, int what) {
  const long long v = lib().mqlcl_device_info(device, what);
  check(v < 0 ? static_cast<int>(v) : 0, "mqlcl_device_info");
  return v;
}

void print_device_facts(int d) {
  const long long type = device_info(d, MQLCL_INFO_TYPE);
  fmt::print("device {}: {} ({}; {})\n", d, device_text(d, MQLCL_TEXT_NAME), device_text(d, MQLCL_TEXT_PLATFORM),
             type & 4 ? "GPU" : type & 2 ? "CPU" : "accelerator");
  fmt::print("  CL_DEVICE_VERSION: {}; OpenCL C: {}; driver {}\n", device_text(d, MQLCL_TEXT_VERSION),
             device_text(d, MQLCL_TEXT_OPENCL_C_VERSION), device_text(d, MQLCL_TEXT_DRIVER_VERSION));
  fmt::print("  CL_DEVICE_MAX_COMPUTE_UNITS: {}; CL_DEVICE_MAX_CLOCK_FREQUENCY: {} MHz\n",
             device_info(d, MQLCL_INFO_COMPUTE_UNITS), device_info(d, MQLCL_INFO_MAX_CLOCK_MHZ));
  fmt::print("  CL_DEVICE_MAX_WORK_GROUP_SIZE: {}; CL_DEVICE_MAX_WORK_ITEM_SIZES: {} x {} x {}\n",
             device_info(d, MQLCL_INFO_MAX_WORK_GROUP_SIZE), device_info(d, MQLCL_INFO_MAX_WORK_ITEM_SIZE_0),
             device_info(d, MQLCL_INFO_MAX_WORK_ITEM_SIZE_1), device_info(d, MQLCL_INFO_MAX_WORK_ITEM_SIZE_2));
  fmt::print("  CL_DEVICE_LOCAL_MEM_SIZE: {} bytes; CL_DEVICE_LOCAL_MEM_TYPE: {}\n",
             device_info(d, MQLCL_INFO_LOCAL_MEM_SIZE),
             device_info(d, MQLCL_INFO_LOCAL_MEM_TYPE) == 1 ? "Local" : "Global");
  fmt::print("  CL_DEVICE_GLOBAL_MEM_SIZE: {} MiB; CL_DEVICE_MAX_MEM_ALLOC_SIZE: {} MiB\n",
             device_info(d, MQLCL_INFO_GLOBAL_MEM_SIZE) >> 20, device_info(d, MQLCL_INFO_MAX_MEM_ALLOC_SIZE) >> 20);
  fmt::print("  CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: {}; CL_DEVICE_IMAGE_SUPPORT: {}; fp64: {}\n",
             device_info(d, MQLCL_INFO_PREFERRED_VECTOR_WIDTH_FLOAT), device_info(d, MQLCL_INFO_IMAGE_SUPPORT),
             device_info(d, MQLCL_INFO_DOUBLE_SUPPORT));
}

void print_devices() {
  const int n = check(lib().mqlcl_device_count(), "mqlcl_device_count");
  fmt::print("mqlcl {} ({}), {} OpenCL device(s)\n", lib().mqlcl_version(), lib().path, n);
  for (int d = 0; d < n; ++d) print_device_facts(d);
}

}  // namespace host
