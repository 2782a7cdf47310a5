// The kernels/*.cl files, compiled into the library by cmake/embed_kernels.cmake.
#pragma once

namespace mqlcl {
struct EmbeddedKernel {
  const char* path;    // relative to kernels/, e.g. "matmul/element.cl"
  const char* source;
};
const char* embedded_kernel(const char* path);  // null when unknown
}  // namespace mqlcl
