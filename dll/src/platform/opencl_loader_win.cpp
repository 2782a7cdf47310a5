// Windows: OpenCL.dll is loaded at run time, not imported, so mqlcl.dll loads (and can
// explain itself) on a machine with no OpenCL runtime, where an import would only give
// MetaTrader "cannot load 'mqlcl.dll' [126]".
//
// Each OpenCL 1.2 entry point the library calls is defined here as a one-instruction
// trampoline, `jmp *pointer`, whose pointer is filled from OpenCL.dll by
// require_opencl_runtime(). A jump keeps every argument register and the stack as the
// caller left them, so no prototype is needed (x64 has a single calling convention).
// Wine's builtin opencl.dll exports exactly these 1.0-1.2 functions.
#include <windows.h>

#include <mutex>
#include <string>

#include "core/error.hpp"
#include "platform/opencl_runtime.hpp"

#define MQLCL_CL_FUNCTIONS(X)                                                                      \
  X(clGetPlatformIDs) X(clGetPlatformInfo) X(clGetDeviceIDs) X(clGetDeviceInfo)                     \
  X(clCreateSubDevices) X(clRetainDevice) X(clReleaseDevice) X(clCreateContext)                     \
  X(clCreateContextFromType) X(clRetainContext) X(clReleaseContext) X(clGetContextInfo)             \
  X(clCreateCommandQueue) X(clRetainCommandQueue) X(clReleaseCommandQueue)                          \
  X(clGetCommandQueueInfo) X(clCreateBuffer) X(clCreateSubBuffer) X(clCreateImage)                  \
  X(clCreateImage2D) X(clCreateImage3D) X(clRetainMemObject) X(clReleaseMemObject)                  \
  X(clGetSupportedImageFormats) X(clGetMemObjectInfo) X(clGetImageInfo)                             \
  X(clSetMemObjectDestructorCallback) X(clCreateSampler) X(clRetainSampler) X(clReleaseSampler)     \
  X(clGetSamplerInfo) X(clCreateProgramWithSource) X(clCreateProgramWithBinary)                     \
  X(clCreateProgramWithBuiltInKernels) X(clRetainProgram) X(clReleaseProgram) X(clBuildProgram)     \
  X(clCompileProgram) X(clLinkProgram) X(clUnloadPlatformCompiler) X(clGetProgramInfo)              \
  X(clGetProgramBuildInfo) X(clCreateKernel) X(clCreateKernelsInProgram) X(clRetainKernel)          \
  X(clReleaseKernel) X(clSetKernelArg) X(clGetKernelInfo) X(clGetKernelArgInfo)                     \
  X(clGetKernelWorkGroupInfo) X(clWaitForEvents) X(clGetEventInfo) X(clCreateUserEvent)             \
  X(clRetainEvent) X(clReleaseEvent) X(clSetUserEventStatus) X(clSetEventCallback)                  \
  X(clGetEventProfilingInfo) X(clFlush) X(clFinish) X(clEnqueueReadBuffer)                          \
  X(clEnqueueReadBufferRect) X(clEnqueueWriteBuffer) X(clEnqueueWriteBufferRect)                    \
  X(clEnqueueFillBuffer) X(clEnqueueCopyBuffer) X(clEnqueueCopyBufferRect) X(clEnqueueReadImage)    \
  X(clEnqueueWriteImage) X(clEnqueueFillImage) X(clEnqueueCopyImage) X(clEnqueueCopyImageToBuffer)  \
  X(clEnqueueCopyBufferToImage) X(clEnqueueMapBuffer) X(clEnqueueMapImage)                          \
  X(clEnqueueUnmapMemObject) X(clEnqueueMigrateMemObjects) X(clEnqueueNDRangeKernel)                \
  X(clEnqueueTask) X(clEnqueueNativeKernel) X(clEnqueueMarkerWithWaitList)                          \
  X(clEnqueueBarrierWithWaitList) X(clEnqueueMarker) X(clEnqueueWaitForEvents) X(clEnqueueBarrier)  \
  X(clUnloadCompiler) X(clGetExtensionFunctionAddress) X(clGetExtensionFunctionAddressForPlatform)

// The pointers the trampolines jump through.
extern "C" {
#define MQLCL_CL_POINTER(name) void* mqlcl_ptr_##name = nullptr;
MQLCL_CL_FUNCTIONS(MQLCL_CL_POINTER)
#undef MQLCL_CL_POINTER
}

#define MQLCL_CL_TRAMPOLINE(name)                                                                  \
  asm(".text\n.globl " #name "\n.def " #name "; .scl 2; .type 32; .endef\n.p2align 4\n" #name     \
      ":\n  jmp *mqlcl_ptr_" #name "(%rip)\n");
MQLCL_CL_FUNCTIONS(MQLCL_CL_TRAMPOLINE)
#undef MQLCL_CL_TRAMPOLINE

namespace mqlcl {

namespace {
struct LoadState {
  std::mutex mutex;
  bool loaded = false;
  std::string failure;  // why the last attempt failed
};
LoadState& state() {
  static LoadState* s = new LoadState();
  return *s;
}

// The ICD loader from the system directory only: the default search order looks in the
// application's folder and the current directory first, where anyone could plant an
// OpenCL.dll that the terminal would then run (DLL planting).
HMODULE load_system_opencl() {
  HMODULE dll = LoadLibraryExW(L"OpenCL.dll", nullptr, LOAD_LIBRARY_SEARCH_SYSTEM32);
  if (dll != nullptr || GetLastError() != ERROR_INVALID_PARAMETER) return dll;
  // Windows 7 without KB2533623 does not know the flag: name the file by its full path.
  wchar_t dir[MAX_PATH];
  const UINT n = GetSystemDirectoryW(dir, MAX_PATH);
  if (n == 0 || n >= MAX_PATH) return nullptr;
  std::wstring path(dir, n);
  path += L"\\OpenCL.dll";
  return LoadLibraryExW(path.c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
}
}  // namespace

void require_opencl_runtime() {
  LoadState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.loaded) return;
  // Try again on every call: the user may install a driver while the terminal runs.
  HMODULE dll = load_system_opencl();
  if (dll == nullptr)
    fail(MQLCL_ERR_NO_OPENCL, "OpenCL.dll could not be loaded from the system directory (Windows error ",
         static_cast<int>(GetLastError()),
         "): no OpenCL runtime is installed. Install the GPU vendor's driver (or, under Wine, "
         "let Wine's builtin opencl.dll load: do not disable it with WINEDLLOVERRIDES)");
  std::string missing;
#define MQLCL_CL_RESOLVE(name)                                                                     \
  mqlcl_ptr_##name = reinterpret_cast<void*>(GetProcAddress(dll, #name));                         \
  if (mqlcl_ptr_##name == nullptr) missing += std::string(missing.empty() ? "" : ", ") + #name;
  MQLCL_CL_FUNCTIONS(MQLCL_CL_RESOLVE)
#undef MQLCL_CL_RESOLVE
  if (!missing.empty()) {
    FreeLibrary(dll);
    fail(MQLCL_ERR_NO_OPENCL, "OpenCL.dll lacks OpenCL 1.2 functions (", missing, "): the runtime is older than 1.2");
  }
  s.loaded = true;
}

}  // namespace mqlcl
