// The first line of every export that takes a handle: where the handle is this user's GPU
// server's (remote/shared_gpu.hpp), the call is the server's (remote/requests.hpp, generated from
// mqlcl.h) and returns its result; otherwise the export runs here. generate_requests.py --check
// fails where an export that takes a handle lacks it.
#pragma once
#include "remote/requests.hpp"

#define MQLCL_FORWARD(name, ...)                                                 \
  do {                                                                           \
    decltype(name(__VA_ARGS__)) forwarded_result;                                \
    if (::mqlcl::forward::name(__VA_ARGS__, forwarded_result)) return forwarded_result; \
  } while (0)
