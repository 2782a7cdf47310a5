// Integer handles for everything the ABI hands out, from 65536 up to 2^30 - 1 in a process; from
// 2^30 up in this user's GPU server (remote/), so that a process tells the server's handles,
// which it uses under the same numbers, from its own by their value alone. A handle is never
// reused while the process lives (until 2^30 - 2^16 creations), so a stale handle is simply not
// found; the kind stored with it rejects a foreign one (a buffer passed as a context).
#pragma once
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"

namespace mqlcl {

enum class Kind { Context, Program, Kernel, Buffer, Image };
const char* kind_name(Kind k);

// Base of every handled object. `mutex` serialises the object's operations (a context's: every
// operation on the context; a kernel's: its argument sets and launches), and a removed object
// goes only once it is free (Registry::lock_object); `last_error` is the per-handle message
// (SQLite's sqlite3_errmsg). Each object type names its kind once,
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

// The registry's lock: held for a table probe and a reference count at most (a context's
// removal: a scan of the table), so a waiter spins, yielding its time slice, instead of
// sleeping; its release is a plain store, where a mutex's is another atomic exchange.
class TableLock {
 public:
  void lock() {
    while (held_.exchange(true, std::memory_order_acquire))
      while (held_.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
  void unlock() { held_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> held_{false};
};

class Registry {
 public:
  static Registry& instance();
  // Registers obj as a child of context `owner` (0: none); MQLCL_ERR_HANDLE when that
  // context is no longer live, so that no child outlives a context freed concurrently.
  int add(std::shared_ptr<Object> obj, int owner);
  // Handles from here up are the GPU server's: it numbers its own from here, every other
  // process below (its clients tell the server's handles from their own by that).
  static constexpr int kServerFirstHandle = 1 << 30;
  // Called by the GPU server's main (server/main.cpp) before anything else: this process numbers
  // its handles as the server; false where the table was already made (too late).
  static bool number_as_server();
  // Whether this process is the GPU server (its handles are its own, not a server's to call).
  bool in_server() const { return first_ == kServerFirstHandle; }
  // The live object behind handle, of T's kind, as a T: one reference count taken (C++17's
  // casts of a shared_ptr copy it, then drop the original: two more); throws MQLCL_ERR_HANDLE
  // otherwise.
  template <class T>
  std::shared_ptr<T> get(int handle) {
    Kind found = T::kKind;
    {
      std::lock_guard<TableLock> lock(lock_);
      const Slot& s = slots_[slot_of(handle)];
      if (handle >= kFirstHandle && s.handle == handle) {
        if (s.obj->kind == T::kKind) return std::shared_ptr<T>(s.obj, static_cast<T*>(s.obj.get()));
        found = s.obj->kind;
      }
    }
    refuse(handle, found, T::kKind);
  }
  // The live object behind handle, of T's kind, with its own lock (Object::mutex) held by the
  // caller from now on: taken while the table still lists the object, so no reference count is
  // needed (remove() waits for the lock of every object it removes before letting it go).
  // Where the lock is busy, `held` keeps the object while its lock is waited for. Not for
  // contexts: their lock is the context's, which remove() does not wait for.
  template <class T>
  T& lock_object(int handle, std::shared_ptr<T>& held) {
    static_assert(T::kKind != Kind::Context, "a context's lock is not waited for by remove()");
    Kind found = T::kKind;
    {
      std::lock_guard<TableLock> lock(lock_);
      const Slot& s = slots_[slot_of(handle)];
      if (handle >= kFirstHandle && s.handle == handle) {
        if (s.obj->kind == T::kKind) {
          T* const obj = static_cast<T*>(s.obj.get());
          if (obj->mutex.try_lock()) return *obj;
          held = std::shared_ptr<T>(s.obj, obj);
        } else {
          found = s.obj->kind;
        }
      }
    }
    if (!held) refuse(handle, found, T::kKind);
    held->mutex.lock();
    return *held;
  }
  std::shared_ptr<Object> find(int handle);  // any kind; null when not live
  // Removes handle (and, for a context, every handle it owns). False when not live.
  bool remove(int handle);
  size_t live_count();

 private:
  // Every export looks its handles up (an argument set two): a table of slots at
  // handle mod its power-of-two size, probed linearly, at most half full. Handles are given in
  // order, so live ones rarely share a slot, and no lookup divides.
  struct Slot {
    int handle = 0;  // 0: empty (handles start at kFirstHandle)
    std::shared_ptr<Object> obj;
  };
  size_t slot_of(int handle) const;  // its slot, or the empty one where the probe ends
  // Throws MQLCL_ERR_HANDLE: `handle` is not live (found == wanted) or is a `found`.
  [[noreturn]] static void refuse(int handle, Kind found, Kind wanted);
  void insert(int handle, std::shared_ptr<Object> obj);
  std::shared_ptr<Object> take(size_t slot);  // empties it, closing the probe's gap

  TableLock lock_;
  std::vector<Slot> slots_ = std::vector<Slot>(64);
  size_t live_ = 0;
  // Handles start above any device number: the terminal's CLGetInfoInteger, CLGetInfoString and
  // CLGetDeviceInfo take a handle or a device number in one argument, so the two must never meet.
  static constexpr int kFirstHandle = 1 << 16;
  Registry();
  int first_;  // kFirstHandle, or kServerFirstHandle in the GPU server
  int last_;   // the last handle before numbering starts again at first_
  int next_;
};

// The live object of type T behind handle; MQLCL_ERR_HANDLE when not live or of another kind.
template <class T>
std::shared_ptr<T> get_handle(int handle) {
  return Registry::instance().template get<T>(handle);
}

}  // namespace mqlcl
