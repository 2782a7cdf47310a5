// Runs an export's body on the live object behind a handle, holding its context's lock:
// one context = one queue, so operations on it are serialised across threads.
#pragma once
#include <mutex>

#include "compute/context.hpp"
#include "compute/user_objects.hpp"
#include "core/guard.hpp"

namespace mqlcl {

template <class T>
std::shared_ptr<Context> context_of(const std::shared_ptr<T>& obj) { return obj->ctx; }
template <>
inline std::shared_ptr<Context> context_of(const std::shared_ptr<Context>& obj) { return obj; }

template <class T, class F>
auto with_handle(int handle, Kind kind, F&& body) {
  return guard(handle, [&] {
    auto obj = get_handle<T>(handle, kind);
    auto ctx = context_of(obj);
    std::lock_guard<std::mutex> lock(ctx->mutex);
    return body(*obj);
  });
}

// Checks an element count against the caller's array: null pointers and negative counts.
inline void check_array(const void* p, int count, const char* name) {
  if (p == nullptr) fail(MQLCL_ERR_ARGUMENT, name, " is a null pointer");
  if (count < 1) fail(MQLCL_ERR_ARGUMENT, "count = ", count, ": it must be >= 1");
}

}  // namespace mqlcl
