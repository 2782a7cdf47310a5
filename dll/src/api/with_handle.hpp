// Runs an export's body on the live object behind a handle, holding its context's lock:
// one context = one queue, so operations on it are serialised across threads. A kernel's
// argument sets change only the kernel: they hold the kernel's own lock (with_kernel_args);
// its launches hold the kernel's lock, then the context's (with_kernel_launch). No call takes a
// kernel's lock while it holds a context's.
#pragma once
#include <mutex>

#include "context.hpp"
#include "generic/user_objects.hpp"
#include "core/guard.hpp"

namespace mqlcl {

// The context an object belongs to (it holds it: no reference taken here).
template <class T>
Context& context_of(T& obj) { return *obj.ctx; }
template <>
inline Context& context_of(Context& obj) { return obj; }

// T names the kind of handle expected (T::kKind).
template <class T, class F>
auto with_handle(int handle, F&& body) {
  return guard(handle, [&] {
    const std::shared_ptr<T> obj = get_handle<T>(handle);
    std::lock_guard<std::mutex> lock(context_of(*obj).mutex);
    return body(*obj);
  });
}

// A kernel's arguments (UserKernel::kernel's and ::args) under the kernel's lock alone: an
// argument set waits for no operation on the context, only for the kernel's own calls; the
// lock, taken through the handle table, keeps the kernel (Registry::lock_object).
template <class F>
auto with_kernel_args(int handle, F&& body) {
  return guard(handle, [&] {
    std::shared_ptr<UserKernel> held;  // only where the kernel's lock was busy
    UserKernel& k = Registry::instance().lock_object<UserKernel>(handle, held);
    std::lock_guard<std::mutex> lock(k.mutex, std::adopt_lock);
    return body(k);
  });
}

// A kernel's launch: its arguments as they are (the kernel's lock) queued on its context (then
// the context's lock).
template <class F>
auto with_kernel_launch(int handle, F&& body) {
  return guard(handle, [&] {
    std::shared_ptr<UserKernel> held;  // only where the kernel's lock was busy
    UserKernel& k = Registry::instance().lock_object<UserKernel>(handle, held);
    std::lock_guard<std::mutex> lock(k.mutex, std::adopt_lock);
    std::lock_guard<std::mutex> queue_lock(k.ctx->mutex);
    return body(k);
  });
}

// Checks an element count against the caller's array: null pointers and negative counts.
inline void check_array(const void* p, int count, const char* name) {
  if (p == nullptr) fail(MQLCL_ERR_ARGUMENT, name, " is a null pointer");
  if (count < 1) fail(MQLCL_ERR_ARGUMENT, "count = ", count, ": it must be >= 1");
}

// An array parameter `name` of `count` elements (its count parameter: `count_name`) that the
// call needs `needed` elements of: null is MQLCL_ERR_ARGUMENT, a count too small
// MQLCL_ERR_RANGE naming the parameter, the count given and the count needed, e.g.
// "global_count = 1: global must hold dims = 2 sizes". `need` says where `needed` comes from.
inline void check_array_holds(const void* p, const char* name, long long count, const char* count_name,
                              unsigned long long needed, const char* need, const char* unit) {
  if (p == nullptr) fail(MQLCL_ERR_ARGUMENT, name, " is a null pointer");
  if (count < 0 || static_cast<unsigned long long>(count) < needed)
    fail(MQLCL_ERR_RANGE, count_name, " = ", count, ": ", name, " must hold ", need, " = ", needed, " ", unit);
}

}  // namespace mqlcl
