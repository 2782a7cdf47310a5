#include "core/guard.hpp"

namespace mqlcl {

Error from_cl_error(const cl::Error& e) {
  const int err = e.err();
  const std::string what = std::string(e.what() ? e.what() : "OpenCL call") + " failed: " +
                           cl_error_name(err) + " (" + std::to_string(err) + ")";
  switch (err) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_HOST_MEMORY:
    case CL_INVALID_BUFFER_SIZE:
      return Error(MQLCL_ERR_MEMORY, what);
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
      return Error(MQLCL_ERR_LOCAL_SIZE, what);
    case CL_BUILD_PROGRAM_FAILURE:
      return Error(MQLCL_ERR_BUILD, what);
    case CL_PLATFORM_NOT_FOUND_KHR:
      return Error(MQLCL_ERR_NO_OPENCL, what + ": no OpenCL platform is installed");
    case CL_INVALID_COMMAND_QUEUE:
    case CL_OUT_OF_RESOURCES:
      // NVIDIA reports a kernel's fault (bad address) this way, on the call that waits.
      return Error(MQLCL_ERR_OPENCL, what + "; if a kernel faulted, this context's queue is dead: free the context "
                                            "and create a new one");
    default:
      return Error(MQLCL_ERR_OPENCL, what);
  }
}

}  // namespace mqlcl
