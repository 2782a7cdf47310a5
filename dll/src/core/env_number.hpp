// Numbers the library reads from the environment (MQLCL_TRANSFER_CHUNK, MQLCL_TUNE_SECONDS):
// a malformed one is refused naming the variable, never taken as something else.
#pragma once
#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace mqlcl {

// A whole number from the environment in [lo, hi]; `fallback` when the variable is unset or empty.
inline size_t env_number(const char* name, size_t lo, size_t hi, size_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  errno = 0;
  const unsigned long long n = std::strtoull(v, &end, 10);
  if (*v == '-' || errno != 0 || *end != '\0' || n < lo || n > hi)
    fail(MQLCL_ERR_ARGUMENT, name, " = \"", std::string(v), "\": it must be a whole number from ", lo, " to ", hi);
  return static_cast<size_t>(n);
}

}  // namespace mqlcl
