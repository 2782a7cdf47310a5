// Objects of the generic layer: the caller's own programs, kernels, buffers and images.
// Each keeps its context alive; operations lock the context (one queue per context).
#pragma once
#include <memory>

#include "compute/context.hpp"
#include "compute/kernel_args.hpp"

namespace mqlcl {

struct UserProgram : Object {
  UserProgram(std::shared_ptr<Context> c, cl::Program p)
      : Object(Kind::Program), ctx(std::move(c)), program(std::move(p)) {}
  std::shared_ptr<Context> ctx;
  cl::Program program;
};

// A kernel keeps the buffers and images bound to it alive until they are rebound or the
// kernel is freed: mqlcl_free of a bound buffer only drops its handle (docs/ABI.md).
struct UserKernel : Object {
  UserKernel(std::shared_ptr<Context> c, cl::Kernel k)
      : Object(Kind::Kernel), ctx(std::move(c)), kernel(std::move(k)), args(kernel) {}
  std::shared_ptr<Context> ctx;
  cl::Kernel kernel;
  KernelArgs args;
  double last_kernel_ms = 0;
};

struct UserBuffer : Object {
  UserBuffer(std::shared_ptr<Context> c, cl::Buffer b, size_t n)
      : Object(Kind::Buffer), ctx(std::move(c)), buffer(std::move(b)), bytes(n) {}
  std::shared_ptr<Context> ctx;
  cl::Buffer buffer;
  size_t bytes;
};

struct UserImage : Object {
  UserImage(std::shared_ptr<Context> c, cl::Image2D i)
      : Object(Kind::Image), ctx(std::move(c)), image(std::move(i)) {}
  std::shared_ptr<Context> ctx;
  cl::Image2D image;
};

}  // namespace mqlcl
