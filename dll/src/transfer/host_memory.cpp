#include "transfer/host_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace mqlcl {

namespace {

// The part of a piece of memory timed: enough for the bus's rate to show, little enough that
// the two writes cost about a millisecond once.
constexpr size_t kTimedBytes = size_t{4} << 20;
// A write from the wrapped memory at least this much faster than one from other memory: the
// driver pins it (a driver that pins is several times faster, one that does not about as fast:
// docs/ABI.md, "Memory a program keeps mapped").
constexpr double kPinnedSpeedup = 1.5;

struct Piece {
  size_t bytes;
  // Per OpenCL context asked: the wrap (held while the piece is given; null where none could be
  // made) and whether the driver pins it.
  struct Wrap {
    cl_context context;
    cl_mem buffer;
    bool pinned;
  };
  std::vector<Wrap> wraps;
};

struct Given {
  std::mutex mutex;
  std::map<const unsigned char*, Piece> pieces;  // by first byte; none overlaps another
};
// Never destroyed: no static object with a non-trivial destructor (a program that ends with
// memory still given leaves its wraps to the process's end).
Given& given() {
  static Given* g = new Given();
  return *g;
}

std::string address(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

enum class Mode { Auto, Always, Never };
Mode mode() {
  const char* v = std::getenv("MQLCL_HOST_MEMORY");
  const std::string m = v ? v : "";
  if (m.empty() || m == "auto") return Mode::Auto;
  if (m == "always") return Mode::Always;
  if (m == "never") return Mode::Never;
  fail(MQLCL_ERR_ARGUMENT, "MQLCL_HOST_MEMORY = \"", m, "\": it must be auto, always or never");
}

// Whether the driver pins `base`'s wrapped memory (MQLCL_HOST_MEMORY auto): a blocking write from it against one from
// memory of this call's own, each the second of two (the first pays for first touches).
bool measured_pinned(const cl::Context& context, const cl::CommandQueue& queue, const unsigned char* base, size_t bytes) {
  const size_t n = std::min(bytes, kTimedBytes);
  cl::Buffer target(context, CL_MEM_READ_WRITE, n);
  std::vector<unsigned char> other(n, 0);
  const auto timed = [&](const void* from) {
    queue.enqueueWriteBuffer(target, CL_TRUE, 0, n, from);
    const auto start = std::chrono::steady_clock::now();
    queue.enqueueWriteBuffer(target, CL_TRUE, 0, n, from);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const double from_given = timed(base), from_other = timed(other.data());
  return from_given * kPinnedSpeedup < from_other;
}

}  // namespace

void give_host_memory(void* data, size_t bytes) {
  const auto* base = static_cast<const unsigned char*>(data);
  if (bytes > static_cast<size_t>(-1) - reinterpret_cast<uintptr_t>(base))
    fail(MQLCL_ERR_ARGUMENT, "data + bytes (", bytes, ") lies beyond the address space");
  Given& g = given();
  std::lock_guard<std::mutex> lock(g.mutex);
  const auto next = g.pieces.lower_bound(base);
  const bool overlaps_next = next != g.pieces.end() && next->first < base + bytes;
  const bool overlaps_before = next != g.pieces.begin() && std::prev(next)->first + std::prev(next)->second.bytes > base;
  if (overlaps_next || overlaps_before)
    fail(MQLCL_ERR_ARGUMENT, "memory of ", bytes, " bytes at ", address(data), " overlaps memory given before (withdraw that first)");
  g.pieces.emplace(base, Piece{bytes, {}});
}

void withdraw_host_memory(void* data) {
  Given& g = given();
  std::lock_guard<std::mutex> lock(g.mutex);
  const auto found = g.pieces.find(static_cast<const unsigned char*>(data));
  if (found == g.pieces.end())
    fail(MQLCL_ERR_ARGUMENT, "no memory was given at ", address(data), " (give it with bytes >= 1 first)");
  for (const Piece::Wrap& w : found->second.wraps)
    if (w.buffer != nullptr) clReleaseMemObject(w.buffer);
  g.pieces.erase(found);
}

bool host_memory_pinned(const cl::Context& context, const cl::CommandQueue& queue, const void* host, size_t bytes) {
  const auto* at = static_cast<const unsigned char*>(host);
  Given& g = given();
  std::lock_guard<std::mutex> lock(g.mutex);
  auto it = g.pieces.upper_bound(at);
  if (it == g.pieces.begin()) return false;
  --it;
  Piece& piece = it->second;
  const size_t from = static_cast<size_t>(at - it->first);
  if (from >= piece.bytes || bytes > piece.bytes - from) return false;
  for (const Piece::Wrap& w : piece.wraps)
    if (w.context == context()) return w.pinned;
  const Mode m = mode();
  Piece::Wrap wrap{context(), nullptr, false};
  cl_int error = CL_SUCCESS;
  wrap.buffer = clCreateBuffer(context(), CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, piece.bytes,
                               const_cast<unsigned char*>(it->first), &error);
  if (error != CL_SUCCESS) wrap.buffer = nullptr;
  try {
    wrap.pinned = wrap.buffer != nullptr && m != Mode::Never &&
                  (m == Mode::Always || measured_pinned(context, queue, it->first, piece.bytes));
  } catch (const cl::Error&) {
    wrap.pinned = false;  // the copies go through the staging
  }
  piece.wraps.push_back(wrap);
  return wrap.pinned;
}

}  // namespace mqlcl
