// Exports: version, devices, contexts, handles and error messages.
#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "api/local_exports.hpp"
#include "api/with_handle.hpp"
#include "context.hpp"
#include "device/devices.hpp"
#include "generic/launch_merging.hpp"
#include "core/error.hpp"
#include "core/guard.hpp"
#include "core/handles.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "remote/shared_gpu.hpp"
#include "tuning/placement.hpp"

using namespace mqlcl;

namespace {
// Whether the process's first context made here instead of in the GPU server has said why.
std::atomic<bool> fallback_said{false};

long long device_number(const DeviceFacts& f, int what) {
  switch (what) {
    case MQLCL_INFO_TYPE: return static_cast<long long>(f.type);
    case MQLCL_INFO_COMPUTE_UNITS: return f.units;
    case MQLCL_INFO_MAX_WORK_GROUP_SIZE: return static_cast<long long>(f.max_work_group);
    case MQLCL_INFO_MAX_WORK_ITEM_SIZE_0:
    case MQLCL_INFO_MAX_WORK_ITEM_SIZE_1:
    case MQLCL_INFO_MAX_WORK_ITEM_SIZE_2: {
      const size_t i = static_cast<size_t>(what - MQLCL_INFO_MAX_WORK_ITEM_SIZE_0);
      return i < f.max_item_sizes.size() ? static_cast<long long>(f.max_item_sizes[i]) : 0;
    }
    case MQLCL_INFO_LOCAL_MEM_SIZE: return static_cast<long long>(f.local_mem);
    case MQLCL_INFO_LOCAL_MEM_TYPE: return f.local_mem_dedicated ? 1 : 2;
    case MQLCL_INFO_PREFERRED_VECTOR_WIDTH_FLOAT: return f.preferred_float_width;
    case MQLCL_INFO_IMAGE_SUPPORT: return f.image_support ? 1 : 0;
    case MQLCL_INFO_GLOBAL_MEM_SIZE: return static_cast<long long>(f.global_mem);
    case MQLCL_INFO_MAX_MEM_ALLOC_SIZE: return static_cast<long long>(f.max_alloc);
    case MQLCL_INFO_MAX_CLOCK_MHZ: return f.clock_mhz;
    case MQLCL_INFO_IMAGE2D_MAX_WIDTH: return static_cast<long long>(f.image2d_max_width);
    case MQLCL_INFO_IMAGE2D_MAX_HEIGHT: return static_cast<long long>(f.image2d_max_height);
    case MQLCL_INFO_DOUBLE_SUPPORT: return f.fp64 ? 1 : 0;
    default: fail(MQLCL_ERR_ARGUMENT, "device info ", what, " does not exist (MQLCL_INFO_*: 1 .. 16)");
  }
}

const std::string& device_string(const DeviceFacts& f, int what) {
  switch (what) {
    case MQLCL_TEXT_NAME: return f.name;
    case MQLCL_TEXT_VENDOR: return f.vendor;
    case MQLCL_TEXT_VERSION: return f.version;
    case MQLCL_TEXT_DRIVER_VERSION: return f.driver;
    case MQLCL_TEXT_OPENCL_C_VERSION: return f.c_version;
    case MQLCL_TEXT_PLATFORM: return f.platform;
    case MQLCL_TEXT_EXTENSIONS: return f.extensions;
    default: fail(MQLCL_ERR_ARGUMENT, "device text ", what, " does not exist (MQLCL_TEXT_*: 1 .. 7)");
  }
}
}  // namespace

MQLCL_API int mqlcl_version(void) { return MQLCL_VERSION_NUMBER; }

MQLCL_API int mqlcl_device_best(void) {
  return guard(0, [] { return placed_device(); });
}

MQLCL_API int mqlcl_device_count(void) {
  return guard(0, [] { return static_cast<int>(all_devices().size()); });
}

MQLCL_API long long mqlcl_device_info(int device, int what) {
  return guard(0, [&] { return device_number(device_at(resolved_device(device)).facts, what); });
}

MQLCL_API int mqlcl_device_text(int device, int what, mqlcl_char* buf, int cap) {
  return guard(0, [&] {
    if (buf == nullptr || cap < 1) fail(MQLCL_ERR_ARGUMENT, "buf must be non-null with cap >= 1");
    return copy_out(device_string(device_at(resolved_device(device)).facts, what), buf, cap);
  });
}

MQLCL_API int mqlcl_device_property(int device, int property, unsigned char* out, int cap) {
  return guard(0, [&] {
    // OpenCL 1.2's cl_device_info ids (CL_DEVICE_TYPE .. CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT), and
    // the cl_platform_info ids of the device's platform (CL_PLATFORM_PROFILE .. CL_PLATFORM_EXTENSIONS),
    // which the terminal's CLGetInfoString takes with a device.
    const bool of_platform = property >= 0x0900 && property <= 0x0904;
    if (!of_platform && (property < 0x1000 || property > 0x104B || property == 0x1033))
      fail(MQLCL_ERR_ARGUMENT, "property = ", property,
           ": an OpenCL 1.2 device property is 0x1000 .. 0x104B, a platform property 0x0900 .. 0x0904");
    if (out == nullptr) fail(MQLCL_ERR_ARGUMENT, "out is a null pointer");
    if (cap < 0) fail(MQLCL_ERR_ARGUMENT, "cap = ", cap, ": it must be >= 0");
    const cl::Device& d = device_at(resolved_device(device)).device;
    cl_platform_id platform = nullptr;
    const char* const call = of_platform ? "clGetPlatformInfo(" : "clGetDeviceInfo(";
    cl_int err = of_platform ? clGetDeviceInfo(d(), CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) : CL_SUCCESS;
    if (err != CL_SUCCESS) fail(MQLCL_ERR_OPENCL, "clGetDeviceInfo(CL_DEVICE_PLATFORM) failed: ", cl_error_name(err));
    const auto query = [&](size_t n, void* into, size_t* size_ret) {
      return of_platform ? clGetPlatformInfo(platform, static_cast<cl_platform_info>(property), n, into, size_ret)
                         : clGetDeviceInfo(d(), static_cast<cl_device_info>(property), n, into, size_ret);
    };
    size_t size = 0;
    err = query(0, nullptr, &size);
    if (err != CL_SUCCESS)
      fail(err == CL_INVALID_VALUE ? MQLCL_ERR_ARGUMENT : MQLCL_ERR_OPENCL, call, property, ") failed: ", cl_error_name(err),
           err == CL_INVALID_VALUE ? " (the driver does not know this property)" : "");
    std::vector<unsigned char> bytes(size);
    err = size ? query(size, bytes.data(), nullptr) : CL_SUCCESS;
    if (err != CL_SUCCESS) fail(MQLCL_ERR_OPENCL, call, property, ") failed: ", cl_error_name(err));
    std::copy_n(bytes.data(), std::min(size, static_cast<size_t>(cap)), out);
    return static_cast<int>(size);
  });
}

namespace {
// $MQLCL_SHARED_GPU = 1 and a context on a CPU: the server's clients would wait while the
// processor itself computes (docs/ABI.md, "Shared GPU"), so it stays this process's own, `why`
// saying so. A device this process cannot name goes on to the server, which refuses it as a
// context of this process's own would be refused.
bool stays_on_cpu(int device, std::string& why) {
  try {
    const DeviceEntry& d = device_at(device);
    if (!is_cpu(d.facts)) return false;
    why = "MQLCL_SHARED_GPU = 1 leaves a context on the processor (" + d.facts.name +
          ") in this process: the GPU server shares GPUs, and on the processor its clients' work ran slower than in "
          "processes of their own (MQLCL_SHARED_GPU = all sends these too)";
    return true;
  } catch (const std::exception&) {
    return false;
  }
}
}  // namespace

MQLCL_API int mqlcl_create(int device) { return mqlcl_create_with(device, 0); }

MQLCL_API int mqlcl_create_with(int device, int flags) {
  return guard(0, [&] {
    std::string why;
    const SharedGpuChoice choice = wants_shared_gpu(flags);
    if (choice == SharedGpuChoice::Server || (choice == SharedGpuChoice::ServerUnlessCpu && !stays_on_cpu(device, why))) {
      const int in_server = create_in_server(device, why);
      if (in_server != 0) return in_server;  // the server's context, or its refusal
    }
    const int own = Registry::instance().add(std::make_shared<Context>(device), 0);
    // The first fallback of the process says why on its context; later ones are silent.
    if (!why.empty() && !fallback_said.exchange(true)) record_message(own, why);
    return own;
  });
}

int mqlcl::local::mqlcl_context_share(int ctx) {
  return with_handle<Context>(ctx, [&](Context& base) {
    auto share = std::make_shared<Context>(base, Context::Sharing{});
    if (launch_merging()) join_merge_room(base, *share);
    return Registry::instance().add(std::move(share), 0);
  });
}

int mqlcl::local::mqlcl_free(int handle) {
  return guard(0, [&] {
    auto obj = Registry::instance().find(handle);
    if (!Registry::instance().remove(handle))
      fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed already)");
    if (obj && obj->kind == Kind::Context) {
      auto ctx = std::static_pointer_cast<Context>(obj);
      std::lock_guard<std::mutex> lock(ctx->mutex);
      ctx->handle_freed();
    }
    return MQLCL_OK;
  });
}

MQLCL_API int mqlcl_handle_count(void) {
  return guard(0, [] { return static_cast<int>(Registry::instance().live_count()); });
}

int mqlcl::local::mqlcl_last_error(int handle, mqlcl_char* buf, int cap) {
  // Not guarded through record_error: reading a message must not replace it.
  try {
    if (buf == nullptr || cap < 1) return MQLCL_ERR_ARGUMENT;
    if (handle == 0) return copy_out(thread_error(), buf, cap);
    auto obj = Registry::instance().find(handle);
    if (!obj) {
      copy_out("handle " + std::to_string(handle) + " is not a live handle", buf, cap);
      return MQLCL_ERR_HANDLE;
    }
    std::lock_guard<std::mutex> lock(obj->error_mutex);
    return copy_out(obj->last_error, buf, cap);
  } catch (...) {
    return MQLCL_ERR_INTERNAL;
  }
}
