// The server side of the requests generated from the header (dll/src/remote/generate_requests.py): the
// arguments as the export takes them, read from a request and checked against their counts, so
// that an export never reads or writes beyond what the client sent.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "client_session.hpp"
#include "core/error.hpp"
#include "mqlcl.h"
#include "remote/protocol.hpp"

namespace mqlcl {

// Runs request `kind` (its kind already read from `u`) as its export; false for a kind that is not
// one of the generated requests.
bool run_export_request(uint32_t kind, Unpacker& u, Reply& reply, ClientSession& session);

// An array argument: absent (the client passed a null pointer), the elements the client sent,
// copied to memory aligned for T, or a range of the client's bulk memory (the export reads and
// writes it in place).
template <class T>
class ArrayArgument {
 public:
  ArrayArgument(Unpacker& u, const char* field, ClientSession& session) : field_(field) {
    how_ = u.u32(field);
    if (how_ == kArrayInBulk) {
      const int64_t offset = u.i64(field), bytes = u.i64(field);
      bulk_ = session.bulk_range(field, offset, bytes);
      bytes_ = static_cast<size_t>(bytes);
      if (reinterpret_cast<uintptr_t>(bulk_) % alignof(T) != 0)
        fail(MQLCL_ERR_ARGUMENT, field, " lies at offset ", offset, " of the bulk memory, not aligned for its elements");
      return;
    }
    if (how_ == kArrayAbsent) return;
    if (how_ != kArrayInline) fail(MQLCL_ERR_ARGUMENT, field, " is passed in an unknown way (", how_, ")");
    uint32_t bytes = 0;
    const unsigned char* p = u.array(field, 1, bytes);
    bytes_ = bytes;
    // A small array (a launch's sizes) in place; a larger one on the heap. One element more:
    // never a null pointer for an empty array.
    if (bytes < sizeof small_) {
      data_ = reinterpret_cast<T*>(small_);
    } else {
      store_.resize(bytes / sizeof(T) + 1);
      data_ = store_.data();
    }
    if (bytes != 0) std::memcpy(data_, p, bytes);
  }
  // The client's count of the array (elements of `unit` bytes; from the parameter `count_name`)
  // must be what it sent: the export reads as many as the count says.
  void expect(size_t elements, size_t unit, const char* count_name) const {
    if (how_ != kArrayAbsent && bytes_ != elements * unit)
      fail(MQLCL_ERR_RANGE, field_, " holds ", bytes_, " bytes but ", count_name, " says ", elements * unit);
  }
  T* get() {
    if (how_ == kArrayInBulk) return reinterpret_cast<T*>(bulk_);
    return how_ == kArrayInline ? data_ : nullptr;
  }
  // The array as the export left it, after the arrays before it in the reply (one in the bulk
  // memory is there already).
  void send_back(Reply& reply) const {
    if (how_ == kArrayAbsent) return;
    ++reply.arrays_back;
    if (how_ != kArrayInline) return;
    const auto* p = reinterpret_cast<const unsigned char*>(data_);
    reply.out.insert(reply.out.end(), p, p + bytes_);
  }

 private:
  const char* field_;
  uint32_t how_ = kArrayAbsent;
  size_t bytes_ = 0;
  unsigned char* bulk_ = nullptr;
  T* data_ = nullptr;
  alignas(16) unsigned char small_[64];
  std::vector<T> store_;
};

// A string argument: absent (null), or its units and a terminating 0. One holding a 0 is refused,
// as the export would read only up to it.
class TextArgument {
 public:
  TextArgument(Unpacker& u, const char* field) {
    const uint32_t how = u.u32(field);
    if (how != kArrayAbsent && how != kArrayInline) fail(MQLCL_ERR_ARGUMENT, field, " is passed in an unknown way (", how, ")");
    present_ = how == kArrayInline;
    if (!present_) return;
    text_ = u.text(field);
    const size_t zero = text_.find(u'\0');
    if (zero != std::u16string::npos)
      fail(MQLCL_ERR_ARGUMENT, field, " holds a 0 character at unit ", zero, " (a string ends at its first)");
  }
  const mqlcl_char* get() const { return present_ ? text_.c_str() : nullptr; }

 private:
  bool present_ = false;
  std::u16string text_;
};

}  // namespace mqlcl
