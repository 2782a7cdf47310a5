#include "remote/ring.hpp"

#include <cstring>
#include <utility>

#include "core/error.hpp"

namespace mqlcl {

namespace {

void check_ring(const RingMemory& m) {
  if (m.slot_count == 0 || (m.slot_count & (m.slot_count - 1)) != 0)
    fail(MQLCL_ERR_INTERNAL, "a ring of ", m.slot_count, " slots: not a power of two");
}

}  // namespace

RingWriter::RingWriter(const RingEnd& end) : end_(end) { check_ring(end.memory); }

bool RingWriter::has_room() {
  if (published_ - consumed_seen_ < end_.memory.slot_count) return true;
  const uint32_t consumed = end_.memory.control->consumed.load(std::memory_order_seq_cst);  // wakeup.hpp
  const uint32_t in_flight = published_ - consumed;
  // Within the ring and never behind what it said before (counts wrap: compared as differences).
  if (in_flight > end_.memory.slot_count || consumed - consumed_seen_ > published_ - consumed_seen_)
    fail(MQLCL_ERR_RANGE, end_.peer->peer_name(), " claims to have read ", consumed, " messages of ", published_,
         " written");
  consumed_seen_ = consumed;
  return in_flight < end_.memory.slot_count;
}

bool RingWriter::try_push(uint32_t kind, const void* payload, uint32_t length) {
  if (kind == 0) fail(MQLCL_ERR_ARGUMENT, "a message of kind 0");
  if (length > kSlotPayloadBytes)
    fail(MQLCL_ERR_RANGE, "a message of ", length, " bytes exceeds a slot's ", kSlotPayloadBytes);
  if (!has_room()) return false;
  RingSlot& slot = end_.memory.slots[published_ & (end_.memory.slot_count - 1)];
  const SlotHeader header{published_ + 1, kind, length, 0};
  std::memcpy(&slot.header, &header, sizeof header);
  if (length) std::memcpy(slot.payload, payload, length);
  ++published_;
  RingControl& c = *end_.memory.control;
  c.published.store(published_, std::memory_order_seq_cst);
  wake_sleeper(c.published, c.consumer_sleeping, *end_.bell);
  return true;
}

bool RingWriter::push_until(uint32_t kind, const void* payload, uint32_t length,
                            std::chrono::steady_clock::time_point give_up) {
  RingControl& c = *end_.memory.control;
  for (;;) {
    if (try_push(kind, payload, length)) return true;
    if (!wait_until([this] { return has_room(); }, c.consumed, c.producer_sleeping, *end_.bell, *end_.peer,
                    end_.limits, give_up))
      return false;
  }
}

void RingWriter::push(uint32_t kind, const void* payload, uint32_t length) {
  push_until(kind, payload, length, std::chrono::steady_clock::time_point::max());
}

RingReader::RingReader(const RingEnd& end, MessageRules rules) : end_(end), rules_(std::move(rules)) {
  check_ring(end.memory);
}

void RingReader::refuse(int code, const std::string& why) {
  broken_code_ = code;
  broken_ = "a malformed message from " + end_.peer->peer_name() + " is refused: " + why;
  fail(code, broken_);
}

bool RingReader::has_message() {
  if (!broken_.empty()) fail(broken_code_, broken_);
  const uint32_t published = end_.memory.control->published.load(std::memory_order_seq_cst);  // wakeup.hpp
  const uint32_t waiting = published - consumed_;
  if (waiting > end_.memory.slot_count)
    refuse(MQLCL_ERR_RANGE, str("its count of messages written (", published, ") is ", waiting, " ahead of the ",
                                consumed_, " read, in a ring of ", end_.memory.slot_count, " slots"));
  return waiting != 0;
}

bool RingReader::try_pop(Message& out) {
  if (!has_message()) return false;
  const RingSlot& slot = end_.memory.slots[consumed_ & (end_.memory.slot_count - 1)];
  // One copy of the header: the peer may rewrite the slot meanwhile, so only the copy is checked and used.
  SlotHeader h;
  std::memcpy(&h, &slot.header, sizeof h);
  const uint32_t expected = consumed_ + 1;
  if (h.sequence != expected)
    refuse(MQLCL_ERR_ARGUMENT, str("message ", expected, " has the sequence number ", h.sequence,
                                   " (out of order)"));
  if (h.kind == 0 || h.kind >= rules_.max_length.size())
    refuse(MQLCL_ERR_ARGUMENT, str("message ", expected, " is of an unknown kind ", h.kind));
  if (h.length > kSlotPayloadBytes)
    refuse(MQLCL_ERR_RANGE, str("message ", expected, " claims a payload of ", h.length, " bytes, beyond its slot's ",
                                kSlotPayloadBytes));
  if (h.length > rules_.max_length[h.kind])
    refuse(MQLCL_ERR_RANGE, str("message ", expected, " (kind ", h.kind, ") claims a payload of ", h.length,
                                " bytes, more than its kind's ", rules_.max_length[h.kind]));
  out.sequence = h.sequence;
  out.kind = h.kind;
  out.length = h.length;
  if (h.length) std::memcpy(out.payload, slot.payload, h.length);
  ++consumed_;
  RingControl& c = *end_.memory.control;
  c.consumed.store(consumed_, std::memory_order_seq_cst);
  wake_sleeper(c.consumed, c.producer_sleeping, *end_.bell);
  return true;
}

bool RingReader::pop_until(Message& out, std::chrono::steady_clock::time_point give_up) {
  RingControl& c = *end_.memory.control;
  for (;;) {
    if (try_pop(out)) return true;
    if (!wait_until([this] { return has_message(); }, c.published, c.consumer_sleeping, *end_.bell, *end_.peer,
                    end_.limits, give_up))
      return false;
  }
}

void RingReader::pop(Message& out) { pop_until(out, std::chrono::steady_clock::time_point::max()); }

}  // namespace mqlcl
