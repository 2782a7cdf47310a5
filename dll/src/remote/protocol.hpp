// The messages between a client and the GPU server: one request kind per export the server
// runs, its arguments packed in the export's order (ints, long longs, floats, arrays with their
// counts, UTF-16 strings with their lengths), and one reply to each: the export's result, the
// library's message of a failure (so the client shows the server's words) and the out array.
// A message longer than a ring slot travels as its first frame and continuation frames through
// successive slots. Everything read from the peer is checked before use: a frame's lengths
// against the message's stated size and its bound, each value against the bytes left.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "remote/ring.hpp"

namespace mqlcl {

// What a request asks. The requests of the exports that take a handle are generated from the
// header (remote/generate_requests.py, from kFirstExportRequest up); these are written by hand. A kind no
// side knows is refused with a reply.
enum class Request : uint32_t {
  Hello = 1,      // uint fingerprint (kRequestsFingerprint) -> 0, or refused: a server of another version
  Create = 2,     // int device -> a context of the client's own on the server's context of the device
  ServerHandles,  // -> the server's live handles of every client (mqlcl_handle_count), for tests
  Bulk,           // ulong bytes, uint serial: the client's memory for large arrays comes (Channel::make_bulk)
  // Requests the client does not wait for, in the order made: each a byte array (its length, then
  // the request). The server sends no reply; a failure of one is the reply to the client's next
  // request that waits (ClientSession). Argument sets travel in the message of the launch that
  // follows them: one message, not one per call, crosses between the processes.
  Posted,
};
// An array argument: absent (a null pointer), in the message, or in the bulk memory (its offset
// and size there: arrays from kBulkArrayBytes up, which the ring would copy in thousands of slots).
constexpr uint32_t kArrayAbsent = 0, kArrayInline = 1, kArrayInBulk = 2;
constexpr size_t kBulkArrayBytes = 64 << 10;
constexpr size_t kBulkAlign = 64;
constexpr uint64_t kMaxBulkBytes = uint64_t(16) << 30;
constexpr uint32_t kFirstExportRequest = 16;

// The ring's kinds: a message's first frame (its payload starts with the message's size in
// bytes, a uint32) and its continuation frames.
constexpr uint32_t kFrameFirst = 1;
constexpr uint32_t kFrameMore = 2;
MessageRules frame_rules();

// The largest message either side accepts: a transfer of a larger buffer range goes in parts.
// Bounds what one client makes the server hold.
constexpr uint32_t kMaxMessageBytes = 256u << 20;

// Sends one message of `size` bytes (at most kMaxMessageBytes) in as many frames as it needs.
void send_message(RingWriter& to, const void* bytes, uint32_t size);
// Receives one message into `out` (its size the message's). MQLCL_ERR_RANGE naming the cause for
// frames out of order or sizes that disagree or exceed the bound; the ring's own errors (the
// peer ended) pass through.
void receive_message(RingReader& from, Message& scratch, std::vector<unsigned char>& out);

// Appends values in the protocol's layout (little-endian as both ends are: one machine).
class Packer {
 public:
  // Room for a launch's or an argument set's request at once: no growth on the hot path.
  Packer() { bytes_.reserve(256); }
  Packer& i32(int32_t v) { return raw(&v, sizeof v); }
  Packer& u32(uint32_t v) { return raw(&v, sizeof v); }
  Packer& i64(int64_t v) { return raw(&v, sizeof v); }
  Packer& f32(float v) { return raw(&v, sizeof v); }
  Packer& f64(double v) { return raw(&v, sizeof v); }
  // An array: its count of elements (uint32), then its bytes.
  Packer& array(const void* data, uint32_t count, uint32_t elem_size);
  Packer& text(const std::u16string& s) { return array(s.data(), static_cast<uint32_t>(s.size()), 2); }
  Packer& raw(const void* data, size_t size);
  const std::vector<unsigned char>& bytes() const { return bytes_; }
  size_t size() const { return bytes_.size(); }
  void clear() { bytes_.clear(); }

 private:
  std::vector<unsigned char> bytes_;
};

// Reads values of a message (a request or a reply) in order; a value beyond the message's end,
// an array longer than what is left, or bytes left over at done() throw MQLCL_ERR_RANGE naming
// the field.
class Unpacker {
 public:
  Unpacker(const unsigned char* data, size_t size) : at_(data), left_(size) {}
  int32_t i32(const char* field) { return value<int32_t>(field); }
  uint32_t u32(const char* field) { return value<uint32_t>(field); }
  int64_t i64(const char* field) { return value<int64_t>(field); }
  float f32(const char* field) { return value<float>(field); }
  double f64(const char* field) { return value<double>(field); }
  // An array's elements (a view into the message) and their count.
  const unsigned char* array(const char* field, uint32_t elem_size, uint32_t& count);
  std::u16string text(const char* field);
  bool empty() const { return left_ == 0; }
  void done();

 private:
  template <class T>
  T value(const char* field) {
    T v;
    std::memcpy(&v, take(field, sizeof v), sizeof v);
    return v;
  }
  const unsigned char* take(const char* field, size_t size);
  const unsigned char* at_;
  size_t left_;
};

// An array argument's size: count elements of `size` bytes, or none where either is not positive
// (the export then refuses the count before reading).
inline size_t elements_of(int count, int size) {
  return count > 0 && size > 0 ? static_cast<size_t>(count) * static_cast<size_t>(size) : 0;
}

// A reply: the export's result (a double's in `real`, its failure's code also in `result`), the
// message of a failure (empty otherwise), the arrays the export wrote, one after another (those
// in the bulk memory stay there), and how many it wrote back (0: the export did not run).
struct Reply {
  int64_t result = 0;
  double real = 0;
  uint32_t arrays_back = 0;
  std::u16string message;
  std::vector<unsigned char> out;
};
// A failure's reply: its code (also as the real result) and the message "[code] cause", as the
// library words a failure.
Reply failed_reply(int code, const std::string& cause);
// A failure's cause: its message without the "[code] " (what fail() words again).
std::string cause_of(const Reply& failed);
// A request's kind, read without unpacking it (0: the request is too short to hold one).
uint32_t request_kind(const unsigned char* request, size_t size);

std::vector<unsigned char> pack_reply(const Reply& r);
Reply unpack_reply(const std::vector<unsigned char>& bytes);

}  // namespace mqlcl
