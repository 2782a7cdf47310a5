// Failures inside the library: an Error carries the ABI result code and a readable cause.
#pragma once
#include <stdexcept>
#include <string>

#include "mqlcl.h"

namespace mqlcl {

class Error : public std::runtime_error {
 public:
  Error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// Name of an OpenCL error code ("CL_OUT_OF_RESOURCES"), or its number.
std::string cl_error_name(int err);

// Builds a message from pieces: fail(MQLCL_ERR_SHAPE, "K = ", k, " exceeds ", limit).
template <class... Parts>
[[noreturn]] void fail(int code, const Parts&... parts);

namespace detail {
inline void append(std::string& s, const std::string& v) { s += v; }
inline void append(std::string& s, const char* v) { s += v; }
inline void append(std::string& s, char v) { s += v; }
template <class T>
void append(std::string& s, const T& v) { s += std::to_string(v); }
}  // namespace detail

template <class... Parts>
[[noreturn]] void fail(int code, const Parts&... parts) {
  std::string msg;
  (detail::append(msg, parts), ...);
  throw Error(code, msg);
}

template <class... Parts>
std::string str(const Parts&... parts) {
  std::string msg;
  (detail::append(msg, parts), ...);
  return msg;
}

}  // namespace mqlcl
