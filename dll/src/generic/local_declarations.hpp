// OpenCL C 1.2 (§6.5.2) allows variables in the __local address space only at a kernel
// function's outermost scope; NVIDIA's compiler also takes them inside the kernel's blocks, and
// the terminal's own sample programs rely on it (its Examples/OpenCL matrixmult.cl declares its
// tiles inside the loop), where PoCL and other conforming compilers refuse the program.
// hoisted_local_declarations gives the source with every such declaration moved to the start
// of its kernel (the same memory: a __local variable lives as long as the work-group's launch
// whatever its block), each line of the source kept where it was so a build log's line numbers
// still point at the caller's text.
#pragma once
#include <string>

namespace mqlcl {

// The source with each `__local` / `local` declaration inside a kernel's inner blocks moved to the
// kernel's first line; empty where there is none, or where moving them is not certain to keep
// the program's meaning (two of them with one name, a preprocessor line inside the kernel).
std::string hoisted_local_declarations(const std::string& source);

}  // namespace mqlcl
