#include "remote/wakeup.hpp"

#include "core/error.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <climits>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace mqlcl {

void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

void yield_processor() {
#if defined(_WIN32)
  SwitchToThread();
#else
  sched_yield();
#endif
}

void fail_peer_ended(const PeerWatch& peer) {
  fail(MQLCL_ERR_NO_OPENCL, peer.peer_name(), " ended (its connection closed) while this process waited for it");
}

#if defined(_WIN32)

Doorbell::~Doorbell() {
  if (own_) CloseHandle(own_);
  if (peer_) CloseHandle(peer_);
}

void Doorbell::sleep(const std::atomic<uint32_t>&, uint32_t, unsigned slice_ms) const {
  if (own_)
    WaitForSingleObject(own_, slice_ms);
  else
    Sleep(slice_ms);
}

void Doorbell::ring(std::atomic<uint32_t>&) const {
  if (peer_) SetEvent(peer_);
}

#else

// A futex without FUTEX_PRIVATE_FLAG: the word lies in memory other processes map.
void Doorbell::sleep(const std::atomic<uint32_t>& word, uint32_t seen, unsigned slice_ms) const {
  struct timespec slice {};
  slice.tv_sec = slice_ms / 1000;
  slice.tv_nsec = static_cast<long>(slice_ms % 1000) * 1000000L;
  // Returns at once when the word no longer holds `seen` (EAGAIN), on a wake, a signal or the slice's end.
  syscall(SYS_futex, const_cast<std::atomic<uint32_t>*>(&word), FUTEX_WAIT, seen, &slice, nullptr, 0);
}

void Doorbell::ring(std::atomic<uint32_t>& word) const {
  syscall(SYS_futex, &word, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

#endif

}  // namespace mqlcl
