// How the caller's program is built: with -cl-kernel-arg-info where the driver can, so that
// every mqlcl_arg_* checks the argument's declaration (generic/kernel_args); where the driver
// gives none, the declarations come from the program's source (generic/kernel_source_args).
#pragma once
#include <memory>
#include <string>

#include "context.hpp"
#include "generic/kernel_source_args.hpp"

namespace mqlcl {

struct UserProgramBuild {
  cl::Program program;
  bool declared = false;  // built with argument info: kernels check declarations
  std::string note;       // why not, when not (empty otherwise)
  std::shared_ptr<ProgramSource> source;  // the declarations of the source, where the driver has none
};

// Builds `source` with the caller's `options`. A driver that fails the build with
// -cl-kernel-arg-info (NVIDIA's compiler on a program holding a kernel without arguments)
// gets the source again without it: the caller's program then builds as the terminal's
// CLProgramCreate would build it, its kernels' arguments are checked against the
// declarations read from the source (by probes where it could not be read), and `note`
// says so. A program that fails both builds throws MQLCL_ERR_BUILD with the log of the
// build with the caller's options alone (what the caller wrote, nothing of ours).
UserProgramBuild build_user_program(Context& ctx, const std::string& source, const std::string& options);

}  // namespace mqlcl
