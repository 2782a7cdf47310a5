#include "generic/user_program.hpp"

#include "generic/kernel_args.hpp"
#include "generic/local_declarations.hpp"

namespace mqlcl {

namespace {
constexpr const char* kLabel = "the program";

// The first line of a failed build's message: enough to say why, not the whole log.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// What the compiler's predefined macros depend on.
SourceFacts source_facts(Context& ctx) {
  cl::Device& d = ctx.device();
  SourceFacts f;
  f.device_version = d.getInfo<CL_DEVICE_VERSION>();
  f.extensions = ctx.facts().extensions;
  f.images = ctx.facts().image_support;
  f.little_endian = d.getInfo<CL_DEVICE_ENDIAN_LITTLE>() == CL_TRUE;
  f.embedded_profile = d.getInfo<CL_DEVICE_PROFILE>().find("EMBEDDED_PROFILE") != std::string::npos;
  return f;
}

UserProgramBuild build_as_written(Context& ctx, const std::string& source, const std::string& options) {
  auto program_source = std::make_shared<ProgramSource>(source, options, source_facts(ctx));
  std::string why;
  if (arg_info_mode() == ArgInfoMode::Refused) {
    why = "refused by the tests' MQLCL_TEST_KERNEL_ARG_INFO (2)";
  } else {
    try {
      // In front, so that the caller's options stay last (a trailing -D is still refused).
      return {ctx.program(kLabel, source, "-cl-kernel-arg-info " + options), true, {}, program_source};
    } catch (const Error& e) {
      if (e.code() != MQLCL_ERR_BUILD) throw;
      why = first_line(e.what());
    }
  }
  UserProgramBuild b{ctx.program(kLabel, source, options), false, {}, program_source};
  const SourceArgs& read = program_source->args();
  if (read.known) {
    b.note = "argument checks come from the program's source: the driver could not build this program with "
             "-cl-kernel-arg-info (" + why + "), so it was built without it and mqlcl_arg_* check each argument "
             "against its declaration read from the source (docs/ABI.md, \"Kernel arguments\")";
  } else {
    b.note = "argument checks fell back to the weaker mode: the driver could not build this program with "
             "-cl-kernel-arg-info (" + why + "), so it was built without it and mqlcl_arg_* check each argument by a "
             "probe, without its declared type; the source could not be read for declarations either (" + read.why +
             ") (docs/ABI.md, \"Kernel arguments\")";
  }
  return b;
}
}  // namespace

UserProgramBuild build_user_program(Context& ctx, const std::string& source, const std::string& options) {
  try {
    return build_as_written(ctx, source, options);
  } catch (const Error& e) {
    if (e.code() != MQLCL_ERR_BUILD) throw;
    const std::string moved = hoisted_local_declarations(source);
    if (moved.empty()) throw;
    try {
      UserProgramBuild b = build_as_written(ctx, moved, options);
      const std::string note = "the device's compiler refused __local variables declared inside a kernel's blocks (OpenCL "
                               "C 1.2 wants them at the kernel's outermost scope; NVIDIA's compiler, which the terminal's "
                               "sample programs are written for, takes them): built again with those declarations moved "
                               "to the start of their kernel, the same memory (docs/metatrader.md, \"What differs\")";
      b.note = b.note.empty() ? note : note + "; " + b.note;
      return b;
    } catch (const Error&) {
    }
    throw;  // the caller's program as written: its own build log
  }
}

}  // namespace mqlcl
