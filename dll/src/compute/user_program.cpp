#include "compute/user_program.hpp"

#include "compute/kernel_args.hpp"

namespace mqlcl {

namespace {
constexpr const char* kLabel = "the program";

// The first line of a failed build's message: enough to say why, not the whole log.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }
}  // namespace

UserProgramBuild build_user_program(Context& ctx, const std::string& source, const std::string& options) {
  std::string why;
  if (arg_info_mode() == ArgInfoMode::Refused) {
    why = "refused by MQLCL_KERNEL_ARG_INFO=refused";
  } else {
    try {
      // In front, so that the caller's options stay last (a trailing -D is still refused).
      return {ctx.program(kLabel, source, "-cl-kernel-arg-info " + options), true, {}};
    } catch (const Error& e) {
      if (e.code() != MQLCL_ERR_BUILD) throw;
      why = first_line(e.what());
    }
  }
  UserProgramBuild b{ctx.program(kLabel, source, options), false, {}};
  b.note = "argument checks fell back to the weaker mode: the driver could not build this program with "
           "-cl-kernel-arg-info (" + why + "), so it was built without it and mqlcl_arg_* check each argument by a "
           "probe, without its declared type (docs/ABI.md, \"Kernel arguments\")";
  return b;
}

}  // namespace mqlcl
