// The registry of class objects behind mql5_objects.hpp (docs: Object Pointers, CheckPointer).
#include "mql5_runtime.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <deque>
#include <map>
#include <string>
#include <typeinfo>
#include <unordered_map>
#include <utility>

namespace {
// Built on first use and never destroyed: objects die during the program's exit too.
std::unordered_map<const void*, ENUM_POINTER_TYPE>& live() {
  static auto* m = new std::unordered_map<const void*, ENUM_POINTER_TYPE>();
  return *m;
}
// Released blocks, kept (overwritten) before their memory goes back: a stale pointer names no
// new object while they are kept.
struct released_blocks {
  std::map<const char*, std::size_t> by_start;
  std::deque<std::pair<void*, std::size_t>> order;
  std::size_t bytes = 0;
};
released_blocks& released() {
  static auto* r = new released_blocks();
  return *r;
}
constexpr std::size_t kKeptBytes = std::size_t(256) << 20;
const char* g_pending = nullptr;  // the block operator new gave, until its object is born
std::size_t g_pending_bytes = 0;

extern "C" void on_invalid_access(int) {
  static const char text[] = "critical error: invalid pointer access (a deleted or NULL object); the program is stopped\n";
  std::fflush(stdout);
  std::fwrite(text, 1, sizeof text - 1, stdout);
  std::fflush(stdout);
  std::_Exit(3);
}
struct install_handler {
  install_handler() { std::signal(SIGSEGV, on_invalid_access); }
} g_install_handler;

std::string type_of(const mql5::object* o) {
  const char* mangled = typeid(*o).name();
  int status = 0;
  char* d = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string s = status == 0 && d ? d : mangled;
  std::free(d);
  return s;
}

// The terminal's report of objects created by new and never deleted, after the program's end
// (after the global objects' destructors, which may delete what they own).
__attribute__((destructor)) void report_undeleted() {
  std::map<std::string, int> types;
  int n = 0;
  for (const auto& e : live())
    if (e.second == POINTER_DYNAMIC) {
      ++n;
      ++types[type_of(static_cast<const mql5::object*>(e.first))];
    }
  if (!n) return;
  std::fflush(stdout);
  std::printf("%d undeleted objects left\n", n);
  for (const auto& t : types) std::printf("%d object%s of type %s left\n", t.second, t.second == 1 ? "" : "s", t.first.c_str());
  std::fflush(stdout);
}
}  // namespace

namespace mql5 {
// An object made by new reads 0 in every member its constructor leaves unset: the terminal's
// standard library relies on it (its fuzzy-logic CGenericFuzzySystem never sets its And and Or
// methods, and the library's own unit test TestFuzzy expects the first of each, MinAnd and MaxOr).
void* object_allocate(std::size_t bytes) {
  void* p = std::calloc(1, bytes ? bytes : 1);
  if (!p) critical("not enough memory", "operator new");
  g_pending = static_cast<const char*>(p);
  g_pending_bytes = bytes;
  return p;
}
void object_release(void* at, std::size_t bytes) {
  std::memset(at, 0xA5, bytes);  // a virtual call through a stale pointer faults
  released_blocks& r = released();
  r.by_start[static_cast<const char*>(at)] = bytes;
  r.order.emplace_back(at, bytes);
  r.bytes += bytes;
  while (r.bytes > kKeptBytes) {
    r.by_start.erase(static_cast<const char*>(r.order.front().first));
    r.bytes -= r.order.front().second;
    std::free(r.order.front().first);
    r.order.pop_front();
  }
}
bool object_in_released(const void* at) {
  const char* c = static_cast<const char*>(at);
  const auto& m = released().by_start;
  auto it = m.upper_bound(c);
  if (it == m.begin()) return false;
  --it;
  return c < it->first + it->second;
}
void object_born(const void* base) {
  const char* c = static_cast<const char*>(base);
  const bool dynamic = g_pending && c >= g_pending && c < g_pending + g_pending_bytes;
  if (dynamic) g_pending = nullptr;
  live()[base] = dynamic ? POINTER_DYNAMIC : POINTER_AUTOMATIC;
}
void object_died(const void* base) { live().erase(base); }
ENUM_POINTER_TYPE object_state(const void* base) {
  if (!base) return POINTER_INVALID;
  auto it = live().find(base);
  return it == live().end() ? POINTER_INVALID : it->second;
}
void invalid_pointer(const char* what) { critical(what, "object pointer"); }
void delete_refused(const char* why) {
  std::fflush(stdout);
  std::printf("%s\n", why);
  std::fflush(stdout);
}
}  // namespace mql5
