#include "device/devices.hpp"

#include <mutex>
#include <utility>

#include "core/error.hpp"
#include "platform/opencl_runtime.hpp"

namespace mqlcl {

const std::vector<DeviceEntry>& all_devices() {
  // Both never destroyed: MinGW's std::mutex has a destructor, which a static would register.
  static std::mutex* mutex = new std::mutex();
  static std::vector<DeviceEntry>* devices = new std::vector<DeviceEntry>();
  require_opencl_runtime();
  std::lock_guard<std::mutex> lock(*mutex);
  if (!devices->empty()) return *devices;
  cl_uint count = 0;
  const cl_int err = clGetPlatformIDs(0, nullptr, &count);
  if (err == CL_PLATFORM_NOT_FOUND_KHR || (err == CL_SUCCESS && count == 0))
    fail(MQLCL_ERR_NO_OPENCL, "no OpenCL platform is installed (the OpenCL loader found no driver)");
  if (err != CL_SUCCESS) fail(MQLCL_ERR_OPENCL, "clGetPlatformIDs failed: ", cl_error_name(err));
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  std::vector<DeviceEntry> found;
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    try {
      p.getDevices(CL_DEVICE_TYPE_ALL, &ds);
    } catch (const cl::Error&) {
      continue;  // a platform without devices (CL_DEVICE_NOT_FOUND) is skipped
    }
    for (auto& d : ds) found.push_back({p, d, read_facts(p, d)});
  }
  if (found.empty()) fail(MQLCL_ERR_NO_OPENCL, "OpenCL platforms exist but none has a device");
  *devices = std::move(found);
  return *devices;
}

int best_device() {
  const auto& ds = all_devices();
  if (ds.empty()) fail(MQLCL_ERR_DEVICE, "there is no OpenCL device");
  const auto rank = [](const DeviceFacts& f) {
    return std::make_pair(kind_rank(f), facts_rate(f));
  };
  size_t best = 0;
  for (size_t i = 1; i < ds.size(); ++i)
    if (rank(ds[i].facts) > rank(ds[best].facts)) best = i;
  return static_cast<int>(best);
}

int kind_rank(const DeviceFacts& f) {
  const cl_device_type t = f.type;
  return t & CL_DEVICE_TYPE_GPU ? 3 : t & CL_DEVICE_TYPE_ACCELERATOR ? 2 : t & CL_DEVICE_TYPE_CPU ? 1 : 0;
}

double facts_rate(const DeviceFacts& f) { return static_cast<double>(f.units) * f.clock_mhz; }

const DeviceEntry& device_at(int index) {
  if (index == MQLCL_DEVICE_BEST) index = best_device();
  const auto& ds = all_devices();
  if (index < 0 || index >= static_cast<int>(ds.size()))
    fail(MQLCL_ERR_DEVICE, "device ", index, " does not exist: there are ", ds.size(),
         " devices (0 .. ", static_cast<int>(ds.size()) - 1, ")");
  return ds[static_cast<size_t>(index)];
}

namespace {
// NVIDIA's compute capability: false where the device does not say it.
bool nv_compute_capability(const cl::Device& d, const std::string& extensions, int& major, int& minor) {
  constexpr cl_device_info kMajor = 0x4000, kMinor = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_*_NV
  if (!has_extension(extensions, "cl_nv_device_attribute_query")) return false;
  cl_uint ma = 0, mi = 0;
  if (clGetDeviceInfo(d(), kMajor, sizeof ma, &ma, nullptr) != CL_SUCCESS ||
      clGetDeviceInfo(d(), kMinor, sizeof mi, &mi, nullptr) != CL_SUCCESS)
    return false;
  major = static_cast<int>(ma);
  minor = static_cast<int>(mi);
  return true;
}
}  // namespace

DeviceFacts read_facts(const cl::Platform& p, const cl::Device& d) {
  DeviceFacts f;
  f.name = trim_device_text(d.getInfo<CL_DEVICE_NAME>());
  f.vendor = trim_device_text(d.getInfo<CL_DEVICE_VENDOR>());
  f.driver = trim_device_text(d.getInfo<CL_DRIVER_VERSION>());
  f.version = trim_device_text(d.getInfo<CL_DEVICE_VERSION>());
  f.c_version = trim_device_text(d.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
  f.platform = trim_device_text(p.getInfo<CL_PLATFORM_NAME>());
  f.extensions = trim_device_text(d.getInfo<CL_DEVICE_EXTENSIONS>());
  f.type = d.getInfo<CL_DEVICE_TYPE>();
  f.units = d.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  f.clock_mhz = d.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
  f.has_cc = nv_compute_capability(d, f.extensions, f.cc_major, f.cc_minor);
  f.fp64 = has_extension(f.extensions, "cl_khr_fp64");
  f.max_work_group = d.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  f.max_item_sizes = d.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
  f.local_mem = d.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  f.local_mem_dedicated = d.getInfo<CL_DEVICE_LOCAL_MEM_TYPE>() == CL_LOCAL;
  f.preferred_float_width = d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT>();
  f.max_alloc = d.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  f.global_mem = d.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
  f.image_support = d.getInfo<CL_DEVICE_IMAGE_SUPPORT>() == CL_TRUE;
  if (f.image_support) {
    f.image2d_max_width = d.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    f.image2d_max_height = d.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
  }
  return f;
}

cl::Buffer allocate_buffer(const cl::Context& context, const DeviceFacts& facts, size_t bytes, const char* what) {
  if (bytes == 0) bytes = 4;
  if (bytes > facts.max_alloc)
    fail(MQLCL_ERR_MEMORY, what, " needs ", bytes, " bytes, more than the device's largest allocation (",
         "CL_DEVICE_MAX_MEM_ALLOC_SIZE = ", static_cast<unsigned long long>(facts.max_alloc), ")");
  return cl::Buffer(context, CL_MEM_READ_WRITE, bytes);
}

}  // namespace mqlcl
