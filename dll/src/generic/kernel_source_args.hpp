// The kernels' argument declarations read from a program's source, for drivers that give
// none (a build without -cl-kernel-arg-info, CL_KERNEL_ARG_INFO_NOT_AVAILABLE): the source
// preprocessed as the driver's compiler would (generic/cl_preprocessor, with the build
// options' -D, -U, -cl-std and -cl-fast-relaxed-math and the device's predefined macros),
// then each __kernel function's parameters, spelled as clang-based drivers report them
// (clGetKernelArgInfo: "float*", "uint", a typedef's name, no const on values). A source
// it does not understand (#include, a test of what only the driver knows, a declaration it
// cannot read) gives no declarations at all: the checks then probe, as before.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "generic/arg_declaration.hpp"

namespace mqlcl {

// What the compiler's predefined macros depend on.
struct SourceFacts {
  std::string device_version;  // CL_DEVICE_VERSION, "OpenCL 3.0 CUDA"
  std::string extensions;      // CL_DEVICE_EXTENSIONS: each is a macro defined to 1
  bool images = false;         // __IMAGE_SUPPORT__
  bool little_endian = true;   // __ENDIAN_LITTLE__
  bool embedded_profile = false;  // __EMBEDDED_PROFILE__
};

struct SourceArgs {
  bool known = false;  // false: the source was not understood (nothing below)
  std::string why;     // when not known: what was not understood, e.g. "#include"
  std::map<std::string, std::vector<ArgDeclaration>> kernels;  // by kernel name
};

// Never throws but std::bad_alloc; bounded on any input (generic/cl_preprocessor).
SourceArgs read_source_args(const std::string& source, const std::string& options, const SourceFacts& facts);

// A program's source, read for declarations on first use (a build with argument info never
// needs it). Callers hold the lock of the program's context.
class ProgramSource {
 public:
  ProgramSource(std::string source, std::string options, SourceFacts facts)
      : source_(std::move(source)), options_(std::move(options)), facts_(std::move(facts)) {}
  const SourceArgs& args();
  const std::string& text() const { return source_; }
  const std::string& options() const { return options_; }
  // The declarations of kernel `name`, or null where the source gave none.
  const std::vector<ArgDeclaration>* kernel(const std::string& name);

 private:
  std::string source_, options_;
  SourceFacts facts_;
  std::optional<SourceArgs> args_;
};

}  // namespace mqlcl
