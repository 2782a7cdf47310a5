// Objects of the generic layer: the caller's own programs, kernels, buffers and images.
// Each keeps its context alive; operations lock the context (one queue per context).
#pragma once
#include <memory>

#include "compute/context.hpp"
#include "compute/kernel_args.hpp"
#include "compute/user_program.hpp"

namespace mqlcl {

struct UserProgram : Object {
  static constexpr Kind kKind = Kind::Program;
  UserProgram(std::shared_ptr<Context> c, UserProgramBuild b)
      : Object(kKind), ctx(std::move(c)), program(std::move(b.program)), declared(b.declared), note(std::move(b.note)),
        source(std::move(b.source)) {}
  std::shared_ptr<Context> ctx;
  cl::Program program;
  bool declared;     // built with argument info (compute/user_program)
  std::string note;  // why not, when not
  std::shared_ptr<ProgramSource> source;  // declarations from the source, where the driver has none
};

// A kernel keeps the buffers and images bound to it alive until they are rebound or the
// kernel is freed: mqlcl_free of a bound buffer only drops its handle (docs/ABI.md).
struct UserKernel : Object {
  static constexpr Kind kKind = Kind::Kernel;
  UserKernel(std::shared_ptr<Context> c, cl::Kernel k, bool declared, ProgramSource* source = nullptr)
      : Object(kKind), ctx(std::move(c)), kernel(std::move(k)), args(kernel, declared, source) {}
  std::shared_ptr<Context> ctx;
  cl::Kernel kernel;
  KernelArgs args;
  OperationFigures last;  // of its last mqlcl_run
};

struct UserBuffer : Object {
  static constexpr Kind kKind = Kind::Buffer;
  UserBuffer(std::shared_ptr<Context> c, cl::Buffer b, size_t n, int f)
      : Object(kKind), ctx(std::move(c)), buffer(std::move(b)), bytes(n), flags(f) {}
  std::shared_ptr<Context> ctx;
  cl::Buffer buffer;
  size_t bytes;
  int flags;  // MQLCL_MEM_* as created
};

struct UserImage : Object {
  static constexpr Kind kKind = Kind::Image;
  UserImage(std::shared_ptr<Context> c, cl::Image2D i)
      : Object(kKind), ctx(std::move(c)), image(std::move(i)) {}
  std::shared_ptr<Context> ctx;
  cl::Image2D image;
};

}  // namespace mqlcl
