#include "core/thread_messages.hpp"

#include <mutex>
#include <unordered_map>
#include <utility>

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace mqlcl {

namespace {

// Threads that exit while the DLL is loaded are forgotten by DllMain (Windows). Threads the
// library never hears of again (Linux has no per-thread detach without a destructor; a thread
// that unloaded the DLL) are bounded: past this many threads the oldest message goes.
constexpr size_t kMaxThreads = 256;

struct Entry {
  std::string text;
  std::uint64_t written = 0;  // order of writing, for eviction
};

struct Store {
  std::mutex mutex;
  std::unordered_map<ThreadId, Entry> by_thread;
  std::uint64_t writes = 0;
};

Store& store() {
  static Store* s = new Store();  // never destroyed: no exit-time destructor in the library
  return *s;
}

void evict_oldest(Store& s) {
  auto oldest = s.by_thread.begin();
  for (auto it = s.by_thread.begin(); it != s.by_thread.end(); ++it)
    if (it->second.written < oldest->second.written) oldest = it;
  s.by_thread.erase(oldest);
}

ThreadId current_thread_id() {
#ifdef _WIN32
  return GetCurrentThreadId();
#else
  // The kernel's id, not pthread_self(): a new thread reuses a dead one's pthread_t at once,
  // a kernel id only after the id space wraps.
  return static_cast<ThreadId>(syscall(SYS_gettid));
#endif
}

}  // namespace

void set_thread_message(std::string message) {
  const ThreadId self = current_thread_id();
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.by_thread.find(self);
  if (it == s.by_thread.end()) {
    if (s.by_thread.size() >= kMaxThreads) evict_oldest(s);
    it = s.by_thread.emplace(self, Entry{}).first;
  }
  it->second.text = std::move(message);
  it->second.written = ++s.writes;
}

std::string thread_message() {
  const ThreadId self = current_thread_id();
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.by_thread.find(self);
  return it == s.by_thread.end() ? std::string() : it->second.text;
}

void forget_thread_message(ThreadId thread) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.by_thread.erase(thread);
}

void forget_all_thread_messages() {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.by_thread.clear();
}

}  // namespace mqlcl
