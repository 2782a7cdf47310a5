#include "remote/bulk_copy.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "core/env_number.hpp"

namespace mqlcl {

namespace {
// Below this a thread's start costs more than its share saves.
constexpr size_t kMinBytesPerThread = size_t{1} << 20;
// The default: a few threads reach the memory's rate where one thread stays far below it, and
// the strategy tester's agents copy at once (docs/ABI.md, "Shared GPU").
constexpr unsigned kDefaultThreads = 4;
constexpr unsigned kMaxThreads = 64;

unsigned configured_threads() {
  // 0: not read yet (a race between two first calls reads it twice, to the same value).
  static std::atomic<unsigned> threads{0};
  unsigned t = threads.load(std::memory_order_relaxed);
  if (t == 0) {
    t = static_cast<unsigned>(env_number("MQLCL_SHARED_GPU_COPY_THREADS", 1, kMaxThreads, kDefaultThreads));
    threads.store(t, std::memory_order_relaxed);
  }
  return t;
}
}  // namespace

unsigned bulk_copy_threads(size_t bytes) {
  const size_t by_size = std::max<size_t>(1, bytes / kMinBytesPerThread);
  return static_cast<unsigned>(std::min<size_t>(configured_threads(), by_size));
}

void bulk_copy(void* to, const void* from, size_t bytes) {
  const unsigned parts = bulk_copy_threads(bytes);
  auto* dst = static_cast<unsigned char*>(to);
  const auto* src = static_cast<const unsigned char*>(from);
  if (parts <= 1) {
    if (bytes != 0) std::memcpy(dst, src, bytes);
    return;
  }
  // Parts of whole cache lines, the caller's the last.
  const size_t part = (bytes / parts + 63) / 64 * 64;
  std::vector<std::thread> helpers;
  size_t at = 0;
  for (unsigned i = 0; i + 1 < parts && at + part < bytes; ++i, at += part) {
    try {
      helpers.emplace_back([dst, src, at, part] { std::memcpy(dst + at, src + at, part); });
    } catch (...) {
      break;  // no thread to be had: the caller copies the rest
    }
  }
  std::memcpy(dst + at, src + at, bytes - at);
  for (std::thread& t : helpers) t.join();
}

}  // namespace mqlcl
