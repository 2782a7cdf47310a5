// What a device is and what it allows, read once per context (device/devices: read_facts):
// its identity (name, vendor, driver, compute capability; one trimming rule, one whole-word
// extension lookup) and its limits. Plain data without OpenCL objects: the rules that decide
// from it (tensor_decision, the tunables' checks) are tested on made-up facts.
#pragma once
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <cstddef>
#include <string>
#include <vector>

namespace mqlcl {

struct DeviceFacts {
  std::string name, vendor, driver;  // trimmed (drivers end strings with NULs or blanks)
  std::string version, c_version;    // CL_DEVICE_VERSION, CL_DEVICE_OPENCL_C_VERSION, trimmed
  std::string platform;              // its platform's CL_PLATFORM_NAME, trimmed
  std::string extensions;            // space-separated, trimmed
  cl_device_type type = 0;
  unsigned units = 0, clock_mhz = 0;  // CL_DEVICE_MAX_COMPUTE_UNITS, CL_DEVICE_MAX_CLOCK_FREQUENCY
  // NVIDIA's compute capability (cl_nv_device_attribute_query); has_cc false where not said.
  bool has_cc = false;
  int cc_major = 0, cc_minor = 0;
  bool fp64 = false;  // cl_khr_fp64
  size_t max_work_group = 0;
  std::vector<size_t> max_item_sizes;
  cl_ulong local_mem = 0;
  bool local_mem_dedicated = false;  // CL_DEVICE_LOCAL_MEM_TYPE is CL_LOCAL (not CL_GLOBAL)
  unsigned preferred_float_width = 0;
  cl_ulong max_alloc = 0;
  cl_ulong global_mem = 0;  // bounds the peak measurement's two buffers
  bool image_support = false;
  size_t image2d_max_width = 0;
  size_t image2d_max_height = 0;
};

// "NVIDIA Corporation GPU compute capability 9.0": the vendor, the type and, where the device
// says it, the compute capability. Devices of one architecture share tunings and defaults.
std::string architecture(const DeviceFacts& f);
bool is_cpu(const DeviceFacts& f);
// A driver's string without the trailing NULs and blanks some drivers add (PoCL through Wine).
std::string trim_device_text(std::string s);
// Whether a space-separated extension list names `name` (whole words only).
bool has_extension(const std::string& list, const std::string& name);

}  // namespace mqlcl
