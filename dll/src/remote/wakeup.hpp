// How one end of a channel waits for the other without a round trip through the kernel when
// the answer comes soon: a wait spins on a shared word for a bounded time, then sleeps (Linux: a
// futex on the word, shared between processes; Windows: an auto-reset event of its own, which
// the peer sets). A blocked wait sleeps in slices and asks between them whether the peer still
// runs, so a peer that died never leaves it hanging. A waker makes the system call only while
// the waiter says it sleeps (its `sleeping` word): the spinning path costs none.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

namespace mqlcl {

static_assert(std::atomic<uint32_t>::is_always_lock_free, "shared words must be lock-free across processes");

// Asked between a blocked wait's slices: whether the other end still runs.
class PeerWatch {
 public:
  virtual bool peer_alive() = 0;
  virtual std::string peer_name() const = 0;  // for messages: "the server", "the client"

 protected:
  ~PeerWatch() = default;
};

struct WaitLimits {
  // Spinning before sleeping: a cross-process wake-up costs 120-200 us under Wine, tens of us
  // natively, so an answer that comes sooner is met without one.
  unsigned spin_us = 50;
  // Then giving the processor away between looks (a yield) this long before sleeping: a waiter
  // for a reply that takes kernels' time (a blocking transfer after launches, longer when many
  // clients share the GPU) meets it without a wake-up's latency, and a thread with work to do
  // gets the core meanwhile. The measurements behind the default: docs/results (shared-gpu).
  unsigned yield_us = 10000;
  // How long a sleep lasts before the peer is asked whether it still runs: the longest a dead
  // peer goes unnoticed.
  unsigned slice_ms = 20;
};

// What one process sleeps on and how it wakes its peer. Linux: nothing held (the futex is the
// shared word). Windows: the event this end waits on and the peer's, both owned.
class Doorbell {
 public:
  Doorbell() = default;
#if defined(_WIN32)
  // HANDLEs of two auto-reset events; taken (closed here). A default Doorbell sleeps whole
  // slices and wakes nobody (one process's own tests).
  Doorbell(void* own_event, void* peer_event) : own_(own_event), peer_(peer_event) {}
  ~Doorbell();
  Doorbell(Doorbell&& other) noexcept : own_(other.own_), peer_(other.peer_) { other.own_ = other.peer_ = nullptr; }
  Doorbell& operator=(Doorbell&& other) noexcept {
    std::swap(own_, other.own_);
    std::swap(peer_, other.peer_);
    return *this;
  }
  Doorbell(const Doorbell&) = delete;
  Doorbell& operator=(const Doorbell&) = delete;
#endif
  // Sleeps until `word` may differ from `seen`, the peer rings, or `slice_ms` pass (the caller
  // checks again in every case).
  void sleep(const std::atomic<uint32_t>& word, uint32_t seen, unsigned slice_ms) const;
  // Wakes the peer sleeping on `word`.
  void ring(std::atomic<uint32_t>& word) const;

 private:
#if defined(_WIN32)
  void* own_ = nullptr;
  void* peer_ = nullptr;
#endif
};

void spin_pause();
void yield_processor();  // to any other thread ready to run

// Waits until ready() holds: spins up to limits.spin_us, then sleeps on `word` (which the peer
// changes with what ready() reads) announcing it in `sleeping`. ready() reads `word` and the
// peer writes it sequentially consistent, as both sides do `sleeping`: then either this wait
// sees the new word or the peer sees it sleeping (no wake-up is lost). True once ready; false when
// `give_up` passes first; throws MQLCL_ERR_NO_OPENCL ("<peer> ended") once the peer no longer
// runs. One waiter per `sleeping` word at a time.
template <class Ready>
bool wait_until(Ready ready, const std::atomic<uint32_t>& word, std::atomic<uint32_t>& sleeping, const Doorbell& bell,
                PeerWatch& peer, const WaitLimits& limits,
                std::chrono::steady_clock::time_point give_up = std::chrono::steady_clock::time_point::max());

// Tells a sleeping waiter on `word` that it changed: called by the side that changed it, after
// storing it (sequentially consistent).
inline void wake_sleeper(std::atomic<uint32_t>& word, const std::atomic<uint32_t>& sleeping, const Doorbell& bell) {
  if (sleeping.load(std::memory_order_seq_cst) != 0) bell.ring(word);
}

[[noreturn]] void fail_peer_ended(const PeerWatch& peer);

template <class Ready>
bool wait_until(Ready ready, const std::atomic<uint32_t>& word, std::atomic<uint32_t>& sleeping, const Doorbell& bell,
                PeerWatch& peer, const WaitLimits& limits, std::chrono::steady_clock::time_point give_up) {
  using clock = std::chrono::steady_clock;
  if (ready()) return true;
  const clock::time_point spin_end = clock::now() + std::chrono::microseconds(limits.spin_us);
  for (unsigned i = 1; limits.spin_us != 0; ++i) {
    if (ready()) return true;
    spin_pause();
    if (i % 64 == 0 && clock::now() >= spin_end) break;
  }
  if (limits.yield_us != 0) {
    const clock::time_point yield_end = std::min(clock::now() + std::chrono::microseconds(limits.yield_us), give_up);
    do {
      yield_processor();
      if (ready()) return true;
    } while (clock::now() < yield_end);
  }
  for (;;) {
    const uint32_t seen = word.load(std::memory_order_acquire);
    sleeping.store(1, std::memory_order_seq_cst);
    if (ready()) {
      sleeping.store(0, std::memory_order_relaxed);
      return true;
    }
    unsigned slice = limits.slice_ms;
    if (give_up != clock::time_point::max()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(give_up - clock::now()).count() + 1;
      if (left < static_cast<long long>(slice)) slice = left > 0 ? static_cast<unsigned>(left) : 0;
    }
    bell.sleep(word, seen, slice);
    sleeping.store(0, std::memory_order_relaxed);
    if (ready()) return true;
    if (!peer.peer_alive()) fail_peer_ended(peer);
    if (clock::now() >= give_up) return false;
  }
}

}  // namespace mqlcl
