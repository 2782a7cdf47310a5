// Integer handles for everything the ABI hands out, from 65536 up. A handle is never reused
// while the process lives (until 2^31 - 2^16 creations), so a stale handle is simply not
// found; the kind stored with it rejects a foreign one (a buffer passed as a context).
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "core/error.hpp"

namespace mqlcl {

enum class Kind { Context, Program, Kernel, Buffer, Image };
const char* kind_name(Kind k);

// Base of every handled object. `mutex` serialises the object's operations; `last_error`
// is the per-handle message (SQLite's sqlite3_errmsg). Each object type names its kind once,
// as `static constexpr Kind kKind`, which get_handle<T> and with_handle<T> check.
struct Object {
  explicit Object(Kind k) : kind(k) {}
  virtual ~Object() = default;
  const Kind kind;
  int owner = 0;  // the context handle this object belongs to (0 for contexts)
  std::mutex mutex;
  std::mutex error_mutex;
  std::string last_error;
};

class Registry {
 public:
  static Registry& instance();
  // Registers obj as a child of context `owner` (0: none); MQLCL_ERR_HANDLE when that
  // context is no longer live, so that no child outlives a context freed concurrently.
  int add(std::shared_ptr<Object> obj, int owner);
  // The live object behind handle, of kind k; throws MQLCL_ERR_HANDLE otherwise.
  std::shared_ptr<Object> get(int handle, Kind k);
  std::shared_ptr<Object> find(int handle);  // any kind; null when not live
  // Removes handle (and, for a context, every handle it owns). False when not live.
  bool remove(int handle);
  size_t live_count();

 private:
  std::mutex mutex_;
  std::unordered_map<int, std::shared_ptr<Object>> objects_;
  // Handles start above any device number: the terminal's CLGetInfoInteger, CLGetInfoString and
  // CLGetDeviceInfo take a handle or a device number in one argument, so the two must never meet.
  static constexpr int kFirstHandle = 1 << 16;
  int next_ = kFirstHandle;
};

// The live object of type T behind handle; MQLCL_ERR_HANDLE when not live or of another kind.
template <class T>
std::shared_ptr<T> get_handle(int handle) {
  std::shared_ptr<Object> obj = Registry::instance().get(handle, T::kKind);
  T* const p = static_cast<T*>(obj.get());
  return std::shared_ptr<T>(std::move(obj), p);  // no second reference count (a launch's cost)
}

}  // namespace mqlcl
