// mqlcl loaded at run time (dlopen / LoadLibrary), as MetaTrader loads it: the host proves
// the library works as a file on its own, not only when linked.
#pragma once
#include <stdexcept>
#include <string>

#include "mqlcl.h"
#include "mqlcl_exports.h"
#include "utf16.hpp"

namespace host {

struct Library {
#define MQLCL_HOST_POINTER(name) decltype(&::name) name = nullptr;
  MQLCL_EXPORTS(MQLCL_HOST_POINTER)
#undef MQLCL_HOST_POINTER
  std::string path;
};

// Loads the library from `path` (empty: beside the executable, then the system's search).
const Library& load_library(const std::string& path);
const Library& lib();  // the loaded library

// A failure of an ABI call, with the library's message.
struct AbiError : std::runtime_error {
  AbiError(int c, const std::string& m) : std::runtime_error(m), code(c) {}
  int code;
};
std::string last_error(int handle);
// Throws AbiError when rc < 0, with the calling thread's message (that of the failed call).
int check(int rc, const char* call);
using utf16::to_utf8;

}  // namespace host
