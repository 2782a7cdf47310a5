#include "client_session.hpp"

#include <atomic>
#include <cstring>
#include <new>

#include "core/error.hpp"
#include "core/text.hpp"
#include "mqlcl.h"

namespace mqlcl {

namespace {

// Client context numbers, unique across the server's clients and below the library's handles.
std::atomic<int> next_context_number{1};
constexpr int kFirstLibraryHandle = 65536;

std::u16string coded(int code, const std::string& what) { return utf8_to_utf16("[" + std::to_string(code) + "] " + what); }

// The message of the library's last failure on this thread (mqlcl_last_error(0)).
std::u16string library_failure() {
  std::u16string s(512, u'\0');
  int n = mqlcl_last_error(0, &s[0], static_cast<int>(s.size()));
  if (n >= static_cast<int>(s.size())) {
    s.assign(static_cast<size_t>(n) + 1, u'\0');
    n = mqlcl_last_error(0, &s[0], static_cast<int>(s.size()));
  }
  s.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return s;
}

// The library's message on `handle` (mqlcl_last_error).
std::u16string library_message(int handle) {
  std::u16string s(512, u'\0');
  int n = mqlcl_last_error(handle, &s[0], static_cast<int>(s.size()));
  if (n >= static_cast<int>(s.size())) {
    s.assign(static_cast<size_t>(n) + 1, u'\0');
    n = mqlcl_last_error(handle, &s[0], static_cast<int>(s.size()));
  }
  s.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return s;
}

// A string argument as the library takes it: ending at its first 0, so one inside is refused.
std::u16string whole_text(Unpacker& u, const char* field) {
  std::u16string s = u.text(field);
  const size_t zero = s.find(u'\0');
  if (zero != std::u16string::npos)
    fail(MQLCL_ERR_ARGUMENT, field, " holds a 0 character at unit ", zero, " (a string ends at its first)");
  return s;
}

// An array of uint32 (a launch's sizes), copied into `into`: a null pointer for none.
const unsigned int* sizes(Unpacker& u, const char* field, unsigned int (&into)[3], int& count) {
  uint32_t n = 0;
  const unsigned char* p = u.array(field, sizeof(unsigned int), n);
  if (n > 3) fail(MQLCL_ERR_RANGE, field, " has ", n, " elements; a launch has 3 dimensions at most");
  if (n != 0) std::memcpy(into, p, n * sizeof(unsigned int));
  count = static_cast<int>(n);
  return n == 0 ? nullptr : into;
}

}  // namespace

ClientSession::~ClientSession() {
  for (const auto& o : owned_)
    if (!o.second.is_context) mqlcl_free(o.second.server);
}

const ClientSession::Owned& ClientSession::owned(int number) {
  const auto found = owned_.find(number);
  // The library's words for an unknown handle: another client's is not told apart from one
  // that never existed.
  if (found == owned_.end()) fail(MQLCL_ERR_HANDLE, "handle ", number, " is not a live handle", unknown_handle_);
  if (found->second.is_context) context_used_ = number;
  return found->second;
}

int ClientSession::server_handle(int number) { return owned(number).server; }

void ClientSession::keep(int handle, int context) { owned_[handle] = Owned{handle, context, false}; }

int64_t ClientSession::free_number(int number) {
  const Owned o = owned(number);
  if (!o.is_context) {
    const int rc = mqlcl_free(o.server);
    if (rc == MQLCL_OK) owned_.erase(number);
    return rc;
  }
  // The client's context: its objects go, the shared context stays for the other clients.
  for (auto it = owned_.begin(); it != owned_.end();) {
    if (!it->second.is_context && it->second.context == number) {
      mqlcl_free(it->second.server);
      it = owned_.erase(it);
    } else {
      ++it;
    }
  }
  owned_.erase(number);
  context_messages_.erase(number);
  return MQLCL_OK;
}

int64_t ClientSession::run(const std::vector<unsigned char>& request, Reply& reply) {
  Unpacker u(request.data(), request.size());
  const uint32_t kind = u.u32("the request kind");
  const bool freed_already = kind == static_cast<uint32_t>(Request::Free) || kind == static_cast<uint32_t>(Request::Finish);
  unknown_handle_ = freed_already ? " (never created, or freed already)" : " (never created, or freed)";
  switch (static_cast<Request>(kind)) {
    case Request::Create: {
      const int device = u.i32("device");
      u.done();
      const int shared = contexts_.on_device(device);
      if (shared < 0) return shared;
      const int number = next_context_number.fetch_add(1);
      if (number >= kFirstLibraryHandle)
        fail(MQLCL_ERR_MEMORY, "the server has given out all its ", kFirstLibraryHandle - 1, " context numbers");
      owned_[number] = Owned{shared, number, true};
      return number;
    }
    case Request::Free: {
      const int handle = u.i32("handle");
      u.done();
      return free_number(handle);
    }
    case Request::Buffer: {
      const int ctx = u.i32("ctx");
      const int64_t bytes = u.i64("bytes");
      const int flags = u.i32("flags");
      u.done();
      const Owned& c = owned(ctx);
      const int made = mqlcl_buffer(c.server, bytes, flags);
      if (made > 0) keep(made, c.context);
      return made;
    }
    case Request::BufferWrite: {
      const int buffer = u.i32("buffer");
      const int64_t offset = u.i64("buffer_offset");
      const int elem_size = u.i32("elem_size");
      const int count = u.i32("count");
      uint32_t bytes = 0;
      const unsigned char* data = u.array("data", 1, bytes);
      u.done();
      const int h = server_handle(buffer);
      if (count > 0 && elem_size > 0 && static_cast<int64_t>(count) * elem_size != bytes)
        fail(MQLCL_ERR_RANGE, "data holds ", bytes, " bytes; count ", count, " of elem_size ", elem_size, " needs ",
             static_cast<int64_t>(count) * elem_size);
      const unsigned char none[16] = {};
      return mqlcl_buffer_write_bytes(h, offset, bytes != 0 ? data : none, count, elem_size, 0, count);
    }
    case Request::BufferRead: {
      const int buffer = u.i32("buffer");
      const int64_t offset = u.i64("buffer_offset");
      const int elem_size = u.i32("elem_size");
      const int count = u.i32("count");
      u.done();
      const int h = server_handle(buffer);
      unsigned char none[16] = {};
      if (count <= 0 || elem_size <= 0) return mqlcl_buffer_read_bytes(h, offset, none, count, elem_size, 0, count);
      const int64_t bytes = static_cast<int64_t>(count) * elem_size;
      // The reply's room: the out array after the result and an empty message.
      constexpr int64_t kMaxRead = kMaxMessageBytes - 64;
      if (bytes > kMaxRead)
        fail(MQLCL_ERR_RANGE, "a read of ", bytes, " bytes exceeds the server's limit of ", kMaxRead,
             " bytes per request (read in parts)");
      reply.out.resize(static_cast<size_t>(bytes));
      const int rc = mqlcl_buffer_read_bytes(h, offset, reply.out.data(), count, elem_size, 0, count);
      if (rc < 0) reply.out.clear();
      return rc;
    }
    case Request::Program: {
      const int ctx = u.i32("ctx");
      const std::u16string source = whole_text(u, "source");
      const std::u16string options = whole_text(u, "options");
      u.done();
      const Owned& c = owned(ctx);
      const int made = mqlcl_program(c.server, source.c_str(), options.c_str());
      if (made > 0) keep(made, c.context);
      return made;
    }
    case Request::Kernel: {
      const int program = u.i32("program");
      const std::u16string name = whole_text(u, "name");
      u.done();
      const Owned& p = owned(program);
      const int made = mqlcl_kernel(p.server, name.c_str());
      if (made > 0) keep(made, p.context);
      return made;
    }
    case Request::ArgMem: {
      const int kernel = u.i32("kernel");
      const int index = u.i32("index");
      const int buffer = u.i32("buffer_or_image");
      u.done();
      const int k = server_handle(kernel);
      return mqlcl_arg_mem(k, index, server_handle(buffer));
    }
    case Request::ArgInt: {
      const int kernel = u.i32("kernel");
      const int index = u.i32("index");
      const int value = u.i32("value");
      u.done();
      return mqlcl_arg_int(server_handle(kernel), index, value);
    }
    case Request::ArgFloat: {
      const int kernel = u.i32("kernel");
      const int index = u.i32("index");
      const float value = u.f32("value");
      u.done();
      return mqlcl_arg_float(server_handle(kernel), index, value);
    }
    case Request::Enqueue: {
      const int kernel = u.i32("kernel");
      const int dims = u.i32("dims");
      int offset_count = 0, global_count = 0, local_count = 0;
      unsigned int offset_values[3], global_values[3], local_values[3];
      const unsigned int* offset = sizes(u, "offset", offset_values, offset_count);
      const unsigned int* global = sizes(u, "global", global_values, global_count);
      const unsigned int* local = sizes(u, "local", local_values, local_count);
      u.done();
      return mqlcl_enqueue(server_handle(kernel), dims, offset, offset_count, global, global_count, local, local_count);
    }
    case Request::Finish: {
      const int handle = u.i32("handle");
      u.done();
      return mqlcl_finish(server_handle(handle));
    }
    case Request::LastError: {
      const int handle = u.i32("handle");
      u.done();
      reading_message_ = true;
      if (handle == 0) {
        reply.message = last_failure_;
      } else if (!owned_.count(handle)) {
        // As mqlcl_last_error: the words without a code, and the last failure is kept.
        reply.message = utf8_to_utf16("handle " + std::to_string(handle) + " is not a live handle");
        return MQLCL_ERR_HANDLE;
      } else {
        const Owned& o = owned(handle);
        reply.message = o.is_context ? context_messages_[handle] : library_message(o.server);
      }
      return static_cast<int64_t>(reply.message.size());
    }
    case Request::ServerHandles:
      u.done();
      return mqlcl_handle_count();
  }
  fail(MQLCL_ERR_ARGUMENT, "request kind ", kind, " is unknown (this server knows 1 .. ", kRequestKinds - 1, ")");
}

Reply ClientSession::serve(const std::vector<unsigned char>& request) {
  Reply r;
  context_used_ = 0;
  reading_message_ = false;
  try {
    r.result = run(request, r);
    if (r.result < 0 && r.message.empty()) r.message = library_failure();
  } catch (const Error& e) {
    r = Reply{};
    r.result = e.code();
    r.message = coded(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    r = Reply{};
    r.result = MQLCL_ERR_MEMORY;
    r.message = coded(MQLCL_ERR_MEMORY, "the server is out of memory for this request");
  }
  if (r.result < 0 && !reading_message_) {
    last_failure_ = r.message;
    if (context_used_ != 0 && owned_.count(context_used_)) context_messages_[context_used_] = r.message;
  }
  return r;
}

}  // namespace mqlcl
