// The flat device list (all platforms, in platform order) and each device's facts: its
// identity (name, vendor, driver, compute capability) and limits, read in one place with one
// trimming rule and one whole-word extension lookup. The measured ceilings are the device
// profile's (device/device_profile).
#pragma once
#include <string>
#include <vector>

#include "device/device_facts.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

struct DeviceEntry {
  cl::Platform platform;
  cl::Device device;
  DeviceFacts facts;  // read once, when the list is made
};

// Enumerates on each call that finds none (a runtime may appear later); throws on failure.
const std::vector<DeviceEntry>& all_devices();
const DeviceEntry& device_at(int index);  // MQLCL_ERR_DEVICE when out of range; MQLCL_DEVICE_BEST: best_device()
// The device a caller means by MQLCL_DEVICE_BEST: a GPU before an accelerator before a CPU (as
// the terminal's CL_USE_ANY prefers a GPU), among them the most compute units x clock, the
// first on a tie: the driver's figures, until a measured device profile replaces them.
// MQLCL_ERR_NO_OPENCL / MQLCL_ERR_DEVICE where there is no device.
int best_device();
// That order's keys (tuning/placement's too): the kind (GPU 3, accelerator 2, CPU 1, else 0),
// then the driver's rate, compute units x clock (MHz).
int kind_rank(const DeviceFacts& f);
double facts_rate(const DeviceFacts& f);
DeviceFacts read_facts(const cl::Platform& p, const cl::Device& d);

// A read-write buffer of `bytes` (0: 4) on the device; MQLCL_ERR_MEMORY naming `what` beyond
// the device's largest allocation.
cl::Buffer allocate_buffer(const cl::Context& context, const DeviceFacts& facts, size_t bytes, const char* what);

}  // namespace mqlcl
