// The OpenCL device of mqlcl's number (the devices of all platforms in order), for the code
// that talks to OpenCL directly: raw_opencl.cpp, peers.cpp. Defined in raw_opencl.cpp.
#pragma once
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

namespace host {

// Throws std::runtime_error when there is no device of that number.
cl_device_id cl_device_at(int index);

}  // namespace host
