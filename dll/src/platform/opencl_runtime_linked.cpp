#include "platform/opencl_runtime.hpp"

namespace mqlcl {
// Linked against libOpenCL.so.1 (the ICD loader): its absence stops the process loading,
// and a loader without any installed ICD answers CL_PLATFORM_NOT_FOUND_KHR.
void require_opencl_runtime() {}
}  // namespace mqlcl
