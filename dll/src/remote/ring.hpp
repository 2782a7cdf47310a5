// One direction of a channel: a single-producer single-consumer ring of fixed-size message
// slots in memory both processes map. A slot holds a header (the message's sequence number,
// its kind, its payload's length) and a bounded payload. The producer writes a slot, then
// publishes its count of messages; the consumer reads the count, copies the slot out once,
// validates the copy and publishes its own count (the counts are stored and read sequentially
// consistent, which orders the slots as release / acquire would and lets wakeup.hpp lose no
// wake-up). Each end keeps its own count
// in its own memory and only publishes it: nothing the peer can write is ever read back as this
// end's state. Everything read from the peer is checked (its count against the ring's size,
// each message's sequence, kind and length): a malformed message is an error naming it, never
// trusted, and the reader refuses every later message (the connection is then closed).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "remote/wakeup.hpp"

namespace mqlcl {

constexpr uint32_t kSlotBytes = 4096;

struct SlotHeader {
  uint32_t sequence;  // 1 for a ring's first message, then one more each (wrapping)
  uint32_t kind;      // 1 .. the reader's kinds - 1
  uint32_t length;    // payload bytes
  uint32_t reserved;
};

constexpr uint32_t kSlotPayloadBytes = kSlotBytes - sizeof(SlotHeader);

struct RingSlot {
  SlotHeader header;
  unsigned char payload[kSlotPayloadBytes];
};
static_assert(sizeof(RingSlot) == kSlotBytes, "a slot is a whole number of cache lines");

// The shared words of one ring, each on its own cache line (the two ends write different ones).
struct RingControl {
  alignas(64) std::atomic<uint32_t> published;          // messages written (the producer's)
  alignas(64) std::atomic<uint32_t> consumed;           // messages read (the consumer's)
  alignas(64) std::atomic<uint32_t> consumer_sleeping;  // the consumer sleeps on `published`
  alignas(64) std::atomic<uint32_t> producer_sleeping;  // the producer (ring full) sleeps on `consumed`
};

// A ring in shared memory: its words and `slot_count` slots (a power of two).
struct RingMemory {
  RingControl* control;
  RingSlot* slots;
  uint32_t slot_count;
};

// What a reader accepts: kinds 1 .. max_length.size() - 1, kind k with a payload of at most
// max_length[k] bytes (a kind of 0 bytes at most has none).
struct MessageRules {
  std::vector<uint32_t> max_length;
};

// A message copied out of its slot (the caller keeps one and reuses it).
struct Message {
  uint32_t sequence = 0;
  uint32_t kind = 0;
  uint32_t length = 0;
  unsigned char payload[kSlotPayloadBytes];
};

// A ring's waiting and its peer, shared by both classes below.
struct RingEnd {
  RingMemory memory;
  const Doorbell* bell;
  PeerWatch* peer;
  WaitLimits limits;
};

class RingWriter {
 public:
  explicit RingWriter(const RingEnd& end);
  // Publishes one message; while the ring is full, waits for the consumer (wakeup.hpp: throws
  // MQLCL_ERR_NO_OPENCL once the peer ended). MQLCL_ERR_ARGUMENT for kind 0, MQLCL_ERR_RANGE for
  // a payload beyond a slot's kSlotPayloadBytes.
  void push(uint32_t kind, const void* payload, uint32_t length);
  // The same, waiting until `give_up` at most: false when the ring stayed full.
  bool push_until(uint32_t kind, const void* payload, uint32_t length, std::chrono::steady_clock::time_point give_up);
  // The same without waiting: false when the ring is full.
  bool try_push(uint32_t kind, const void* payload, uint32_t length);
  uint32_t published() const { return published_; }

 private:
  bool has_room();  // validates the consumer's count
  RingEnd end_;
  uint32_t published_ = 0;
  // The consumer's count as last read: the ring has room while published_ is less than a ring
  // ahead of it, so the shared word is read again only when it seems full.
  uint32_t consumed_seen_ = 0;
};

class RingReader {
 public:
  RingReader(const RingEnd& end, MessageRules rules);
  // The next message into `out`, waiting for it (wakeup.hpp). A malformed message throws
  // MQLCL_ERR_ARGUMENT (sequence out of order, unknown kind) or MQLCL_ERR_RANGE (a length
  // beyond the slot or the kind's bound, a count beyond the ring) naming the message and the
  // cause, and so does every later call.
  void pop(Message& out);
  // The same, waiting until `give_up` at most: false when no message came.
  bool pop_until(Message& out, std::chrono::steady_clock::time_point give_up);
  // The same without waiting: false when none is there.
  bool try_pop(Message& out);
  uint32_t consumed() const { return consumed_; }

 private:
  bool has_message();  // validates the producer's count
  [[noreturn]] void refuse(int code, const std::string& why);
  RingEnd end_;
  MessageRules rules_;
  uint32_t consumed_ = 0;
  std::string broken_;  // the first malformed message's cause, repeated by every later call
  int broken_code_ = 0;
};

}  // namespace mqlcl
