// One kernel argument's declaration in the terms of clGetKernelArgInfo (OpenCL 1.2), whoever
// read it: the driver (generic/kernel_args) or the library from the program's source
// (generic/kernel_source_args). Plain data: the checks derived from it are the same either way.
#pragma once
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <string>

namespace mqlcl {

struct ArgDeclaration {
  std::string name;  // CL_KERNEL_ARG_NAME; empty when not known
  // CL_KERNEL_ARG_TYPE_NAME as the drivers (clang) spell it: "float*" for a pointer (the
  // pointee's name without qualifiers), "uint" for unsigned int, a typedef's own name.
  std::string type;
  // The built-in type a typedef of the source stands for ("float" for `typedef float real`),
  // which decides the check; empty where `type` itself does (always so from the driver).
  std::string builtin;
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
  cl_kernel_arg_access_qualifier access = CL_KERNEL_ARG_ACCESS_NONE;
  cl_kernel_arg_type_qualifier qualifiers = CL_KERNEL_ARG_TYPE_NONE;
};

}  // namespace mqlcl
