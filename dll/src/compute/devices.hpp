// The flat device list (all platforms, in platform order) and the facts the stages need.
#pragma once
#include <string>
#include <vector>

#include "core/opencl.hpp"

namespace mqlcl {

struct DeviceFacts {
  std::string name;
  cl_device_type type = 0;
  size_t max_work_group = 0;
  std::vector<size_t> max_item_sizes;
  cl_ulong local_mem = 0;
  cl_ulong max_alloc = 0;
  cl_ulong global_mem = 0;  // bounds the peak measurement's two buffers
  bool image_support = false;
  size_t image2d_max_width = 0;
  size_t image2d_max_height = 0;
};

struct DeviceEntry {
  cl::Platform platform;
  cl::Device device;
};

// Enumerates on each call that finds none (a runtime may appear later); throws on failure.
const std::vector<DeviceEntry>& all_devices();
const DeviceEntry& device_at(int index);  // MQLCL_ERR_DEVICE when out of range; MQLCL_DEVICE_BEST: best_device()
// The device a caller means by MQLCL_DEVICE_BEST: a GPU before an accelerator before a CPU (as
// the terminal's CL_USE_ANY prefers a GPU), among them the most compute units x clock, the
// first on a tie: the driver's figures, until a measured device profile replaces them.
// MQLCL_ERR_NO_OPENCL / MQLCL_ERR_DEVICE where there is no device.
int best_device();
DeviceFacts read_facts(const cl::Device& d);
// NVIDIA's compute capability (cl_nv_device_attribute_query): false where the device does not
// say it. The tensor-core stages' availability and the tuning's architecture key use it.
bool nv_compute_capability(const cl::Device& d, int& major, int& minor);

}  // namespace mqlcl
