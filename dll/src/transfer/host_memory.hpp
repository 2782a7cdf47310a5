// Host memory a program keeps mapped at one address until it withdraws it (mqlcl_host_memory:
// the GPU server's memory shared with a client). Large copies of host arrays lying inside it
// (transfer/staged_transfer) go straight from and to it where the driver pins it, instead of
// through the library's pinned staging: the staging copy is the CPU's, and in a process whose
// threads copy at once (the server's clients) those copies contend. Whether a driver pins it is
// measured, once per piece of memory and OpenCL context: the memory is wrapped in a
// CL_MEM_USE_HOST_PTR buffer (held until withdrawn: the driver pins the pages it wraps), then a
// write from it is timed against one from other memory. $MQLCL_HOST_MEMORY (auto, always,
// never) decides instead of the measurement (the tests use it on devices that do not pin).
#pragma once
#include <cstddef>

#include "core/opencl.hpp"

namespace mqlcl {

// mqlcl_host_memory's two halves (MQLCL_ERR_ARGUMENT naming the cause).
void give_host_memory(void* data, size_t bytes);
void withdraw_host_memory(void* data);
// Whether [host, host + bytes) lies inside memory given and pinned for `context` (wrapped and
// measured on the first ask, on `queue` of a device of it).
bool host_memory_pinned(const cl::Context& context, const cl::CommandQueue& queue, const void* host, size_t bytes);

}  // namespace mqlcl
