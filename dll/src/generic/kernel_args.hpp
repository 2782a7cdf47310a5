// What each argument of a user kernel is and what it is bound to. The library builds user
// programs with -cl-kernel-arg-info (generic/user_program) and reads clGetKernelArgInfo
// (OpenCL 1.2) once per kernel, so a value of the wrong kind (a double's bits taken as a buffer, a __local size for
// a __global pointer, a buffer for an image) is refused before the driver sees it: drivers
// (PoCL, others) accept such values and crash at launch. Where the driver gives no argument
// info, the declarations read from the program's source (generic/kernel_source_args) serve
// instead, checked by the same rules.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "generic/arg_declaration.hpp"
#include "core/handles.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

class ProgramSource;  // generic/kernel_source_args

// What the caller passes: one per mqlcl_arg_* function (mqlcl_arg_mem: buffer or image).
enum class Passed { Buffer, Image, Local, Int, Float, Double, Char, Short, Long };

// What an argument holds, as the driver was given it: what a launch merged with other
// processes' launches (generic/launch_merging) gives the merged kernel for this process.
struct ArgValue {
  Passed passed = Passed::Int;
  cl_mem mem = nullptr;         // a buffer's or an image's
  size_t bytes = 0;             // a value's size, or a __local argument's
  unsigned char value[8] = {};  // a value's bytes (at most a long or a double)
};

class KernelArgs {
 public:
  // Reads the arguments' declarations when `declared` (the program was built with
  // -cl-kernel-arg-info). Without them (not built so, CL_KERNEL_ARG_INFO_NOT_AVAILABLE, or
  // the tests' ArgInfoMode::Off to see what remains on such a driver) it takes the kernel's
  // declarations from `source` (may be null) where they hold as many arguments as the driver
  // counts and each is the kind of argument (pointer, __local, value of its size) that the
  // driver's own checks of clSetKernelArg reveal; else the checks are weaker (probes).
  KernelArgs(const cl::Kernel& kernel, bool declared, ProgramSource* source = nullptr);

  cl_uint count() const { return static_cast<cl_uint>(args_.size()); }

  // Throws MQLCL_ERR_ARGUMENT (naming the argument, its declaration and what was passed)
  // when `passed` cannot go into argument `index` (< count()). `kernel` is probed when the
  // declarations are not available; a probe leaves the argument unset, the object it held
  // moved into `unbound` first (as unset returns it), also when it throws.
  void check(cl::Kernel& kernel, cl_uint index, Passed passed, std::shared_ptr<Object>& unbound);
  // Records a value the driver accepted; `keep` (a buffer or image) stays alive while bound.
  // Both return the object the argument held before, where another one (the kernel's launches
  // may still use it: UserKernel keeps it for them).
  [[nodiscard]] std::shared_ptr<Object> set(cl_uint index, const ArgValue& value, std::shared_ptr<Object> keep = nullptr);
  [[nodiscard]] std::shared_ptr<Object> unset(cl_uint index);
  // The bytes of the __local arguments.
  size_t local_bytes() const;
  // What argument `index` (< count()) holds; meaningful once set.
  const ArgValue& value(cl_uint index) const { return args_[index].value; }
  // Throws MQLCL_ERR_ARGUMENT naming every argument never set.
  void require_all_set() const;
  // `argument 1 "n" (int)`, `argument 0 "x" (__global const float*)`; without declarations
  // `argument 1`.
  std::string describe(cl_uint index) const;

 private:
  // How a declaration is checked: it takes exactly one setter (`takes`), any value whose size
  // the driver accepts (a typedef or struct), no setter at all, or is not known (probed).
  enum class Rule { Exact, SizeOnly, Nothing, Unknown };
  struct Arg {
    std::string name, type;  // type: the declaration with its qualifiers, e.g. "__global const float*"
    Rule rule = Rule::Unknown;
    Passed takes = Passed::Int;  // for Rule::Exact
    std::string why_nothing;     // for Rule::Nothing: what to do instead
    bool set = false;
    std::shared_ptr<Object> bound;  // the bound buffer or image, kept alive (docs/ABI.md)
    ArgValue value;
  };
  void probe(cl::Kernel& kernel, cl_uint index, Passed passed);
  static Arg checked_as(const ArgDeclaration& d);

  bool has_info_ = false;
  cl_uint unset_count_ = 0;  // arguments not set: a launch's check needs no loop
  std::vector<Arg> args_;
};

// The tests' MQLCL_TEST_KERNEL_ARG_INFO (mqlcl_test_control), to see on any driver what a user
// meets on a driver without argument info: Off reads no declarations from the driver (as a
// driver that returns CL_KERNEL_ARG_INFO_NOT_AVAILABLE: the source's serve); Refused treats
// every build with -cl-kernel-arg-info as failed (as NVIDIA's compiler fails one on a program
// with a kernel without arguments). The process's: On unless a test sets it.
enum class ArgInfoMode { On = 0, Off = 1, Refused = 2 };
ArgInfoMode arg_info_mode();
void set_arg_info_mode(ArgInfoMode mode);

// "an int (mqlcl_arg_int)", "a buffer (mqlcl_arg_mem)", ...
const char* passed_name(Passed p);

}  // namespace mqlcl
