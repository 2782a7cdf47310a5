#include "remote/protocol.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/text.hpp"

namespace mqlcl {

namespace {
constexpr uint32_t kFirstData = kSlotPayloadBytes - sizeof(uint32_t);  // a first frame's room after the size
}

MessageRules frame_rules() { return MessageRules{{0, kSlotPayloadBytes, kSlotPayloadBytes}}; }

void send_message(RingWriter& to, const void* bytes, uint32_t size) {
  if (size > kMaxMessageBytes) fail(MQLCL_ERR_RANGE, "a message of ", size, " bytes exceeds the limit of ", kMaxMessageBytes);
  const auto* p = static_cast<const unsigned char*>(bytes);
  unsigned char first[kSlotPayloadBytes];
  std::memcpy(first, &size, sizeof size);
  const uint32_t head = std::min(size, kFirstData);
  if (head != 0) std::memcpy(first + sizeof size, p, head);
  to.push(kFrameFirst, first, sizeof size + head);
  for (uint32_t sent = head; sent < size;) {
    const uint32_t part = std::min(size - sent, kSlotPayloadBytes);
    to.push(kFrameMore, p + sent, part);
    sent += part;
  }
}

void receive_message(RingReader& from, Message& scratch, std::vector<unsigned char>& out) {
  from.pop(scratch);
  if (scratch.kind != kFrameFirst)
    fail(MQLCL_ERR_RANGE, "message ", scratch.sequence, " continues a message that was never begun");
  uint32_t size = 0;
  if (scratch.length < sizeof size) fail(MQLCL_ERR_RANGE, "message ", scratch.sequence, " has no size");
  std::memcpy(&size, scratch.payload, sizeof size);
  if (size > kMaxMessageBytes)
    fail(MQLCL_ERR_RANGE, "message ", scratch.sequence, " states ", size, " bytes, beyond the limit of ", kMaxMessageBytes);
  const uint32_t head = std::min(size, kFirstData);
  if (scratch.length != sizeof size + head)
    fail(MQLCL_ERR_RANGE, "message ", scratch.sequence, " states ", size, " bytes but its first frame holds ",
         scratch.length - sizeof size);
  out.resize(size);
  if (head != 0) std::memcpy(out.data(), scratch.payload + sizeof size, head);
  for (uint32_t got = head; got < size;) {
    from.pop(scratch);
    const uint32_t part = std::min(size - got, kSlotPayloadBytes);
    if (scratch.kind != kFrameMore || scratch.length != part)
      fail(MQLCL_ERR_RANGE, "frame ", scratch.sequence, " of a message of ", size, " bytes (", got,
           " received) is not its continuation of ", part, " bytes");
    std::memcpy(out.data() + got, scratch.payload, part);
    got += part;
  }
}

Packer& Packer::raw(const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  if (size != 0) bytes_.insert(bytes_.end(), p, p + size);
  return *this;
}

Packer& Packer::array(const void* data, uint32_t count, uint32_t elem_size) {
  u32(count);
  return raw(data, static_cast<size_t>(count) * elem_size);
}

const unsigned char* Unpacker::take(const char* field, size_t size) {
  if (size > left_) fail(MQLCL_ERR_RANGE, "the message ends inside ", field, " (", size, " bytes wanted, ", left_, " left)");
  const unsigned char* p = at_;
  at_ += size;
  left_ -= size;
  return p;
}

const unsigned char* Unpacker::array(const char* field, uint32_t elem_size, uint32_t& count) {
  count = u32(field);
  const uint64_t bytes = static_cast<uint64_t>(count) * elem_size;
  if (bytes > left_)
    fail(MQLCL_ERR_RANGE, field, " states ", count, " elements of ", elem_size, " bytes but the message has ", left_,
         " bytes left");
  return take(field, static_cast<size_t>(bytes));
}

std::u16string Unpacker::text(const char* field) {
  uint32_t units = 0;
  const unsigned char* p = array(field, 2, units);
  std::u16string s(units, u'\0');
  if (units != 0) std::memcpy(&s[0], p, units * 2u);
  return s;
}

void Unpacker::done() {
  if (left_ != 0) fail(MQLCL_ERR_RANGE, "the message has ", left_, " bytes beyond its last field");
}

Reply failed_reply(int code, const std::string& cause) {
  Reply r;
  r.result = code;
  r.real = code;
  r.message = utf8_to_utf16("[" + std::to_string(code) + "] " + cause);
  return r;
}

std::string cause_of(const Reply& failed) {
  const std::string m = utf16_to_utf8(failed.message.c_str());
  const std::string code = "[" + std::to_string(failed.result) + "] ";
  return m.compare(0, code.size(), code) == 0 ? m.substr(code.size()) : m;
}

uint32_t request_kind(const unsigned char* request, size_t size) {
  uint32_t kind = 0;
  if (size >= sizeof kind) std::memcpy(&kind, request, sizeof kind);
  return kind;
}

std::vector<unsigned char> pack_reply(const Reply& r) {
  Packer p;
  p.i64(r.result).f64(r.real).u32(r.arrays_back).text(r.message).array(r.out.data(), static_cast<uint32_t>(r.out.size()), 1);
  return p.bytes();
}

Reply unpack_reply(const std::vector<unsigned char>& bytes) {
  Unpacker u(bytes.data(), bytes.size());
  Reply r;
  r.result = u.i64("the result");
  r.real = u.f64("the real result");
  r.arrays_back = u.u32("the arrays written back");
  r.message = u.text("the message");
  uint32_t count = 0;
  const unsigned char* out = u.array("the out array", 1, count);
  r.out.assign(out, out + count);
  u.done();
  return r;
}

}  // namespace mqlcl
