// Every export runs its body inside guard(): any exception becomes a result code and a
// message stored for the calling thread and for the handle the call was about. Nothing
// escapes into the caller (a C++ exception crossing into MetaTrader would kill it).
#pragma once
#include <new>
#include <string>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

// Maps an OpenCL failure to a result code with the call and error named.
Error from_cl_error(const cl::Error& e);

template <class F>
auto guard(int handle, F&& body) -> decltype(body()) {
  using R = decltype(body());
  try {
    return body();
  } catch (const Error& e) {
    record_error(handle, e.code(), e.what());
    return static_cast<R>(e.code());
  } catch (const cl::Error& e) {
    const Error err = from_cl_error(e);
    record_error(handle, err.code(), err.what());
    return static_cast<R>(err.code());
  } catch (const std::bad_alloc&) {
    record_error(handle, MQLCL_ERR_MEMORY, "host memory allocation failed");
    return static_cast<R>(MQLCL_ERR_MEMORY);
  } catch (const std::exception& e) {
    record_error(handle, MQLCL_ERR_INTERNAL, std::string("internal error: ") + e.what());
    return static_cast<R>(MQLCL_ERR_INTERNAL);
  } catch (...) {
    record_error(handle, MQLCL_ERR_INTERNAL, "internal error: unknown exception");
    return static_cast<R>(MQLCL_ERR_INTERNAL);
  }
}

}  // namespace mqlcl
