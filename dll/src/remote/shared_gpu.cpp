#include "remote/shared_gpu.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>
#include <unordered_set>

#include "core/env_number.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "remote/bulk_copy.hpp"
#include "remote/remote_client.hpp"
#include "remote/request_kinds.hpp"

namespace mqlcl {

namespace {

static_assert(kRequest_mqlcl_free >= kFirstExportRequest, "the generated requests start after the written ones");

// The process's connection. Never destroyed: exports may run while the process tears down.
struct SharedGpu {
  std::mutex mutex;
  std::shared_ptr<RemoteClient> client;  // null before the first shared context
  int generation = 0;                    // counts the connections made
  struct Made {
    int generation;  // the connection that made it
    int kind;        // MQLCL_KIND_*
  };
  std::unordered_map<int, Made> handles;  // the server's handles this process was given and holds
  std::unordered_set<uint64_t> shapes;   // the calls of the current connection that may be posted
  bool unreachable = false;              // no server could be started: every context is the process's
  std::string note;                      // why, said once
};

SharedGpu& shared() {
  static SharedGpu* s = new SharedGpu();
  return *s;
}

std::string env_text(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// In a catch block: the exception as a failed call's reply.
Reply current_failure() {
  try {
    throw;
  } catch (const Error& e) {
    return failed_reply(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    return failed_reply(MQLCL_ERR_MEMORY, "host memory allocation failed (a call to the GPU server)");
  } catch (...) {
    return failed_reply(MQLCL_ERR_INTERNAL, "internal error: unknown exception (a call to the GPU server)");
  }
}

// A reply as the caller gets it: a failure's message this thread's where `record`, as a failing
// export's is.
Reply recorded(Reply r, bool record) {
  if (record && r.result < 0) record_message(0, utf16_to_utf8(r.message.c_str()));
  return r;
}

// A connection to this user's server, started where none runs, its version checked.
std::shared_ptr<RemoteClient> connect_checked() {
  ServerOptions options;
  // Where the server is found, the program started where none runs, and how long it waits
  // without clients: the user's own place, the program beside the library and the server's
  // default, unless set (the tests give their server a place of its own).
  options.place = env_text("MQLCL_SHARED_GPU_PLACE");
  options.server_program = env_text("MQLCL_SHARED_GPU_SERVER");
  options.waits = shared_gpu_waits();
  options.idle_seconds = static_cast<unsigned>(env_number("MQLCL_SHARED_GPU_IDLE_SECONDS", 1, 86400, 0));
  std::shared_ptr<RemoteClient> c(RemoteClient::connect(options).release());
  Packer hello;
  hello.u32(static_cast<uint32_t>(Request::Hello)).u32(kRequestsFingerprint);
  const Reply r = c->call(hello.bytes());
  if (r.result != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the GPU server (process ", c->server_pid(), ") did not accept this library: ",
         cause_of(r));
  return c;
}

}  // namespace

WaitLimits shared_gpu_waits() {
  WaitLimits w;
  w.spin_us = static_cast<unsigned>(env_number("MQLCL_SHARED_GPU_SPIN_US", 0, 100000, w.spin_us));
  w.yield_us = static_cast<unsigned>(env_number("MQLCL_SHARED_GPU_YIELD_US", 0, 100000, w.yield_us));
  return w;
}

SharedGpuChoice wants_shared_gpu(int flags) {
  if (flags & ~(MQLCL_CREATE_SHARED_GPU | MQLCL_CREATE_OWN))
    fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": the flags are MQLCL_CREATE_SHARED_GPU (1) and MQLCL_CREATE_OWN (2)");
  if ((flags & MQLCL_CREATE_SHARED_GPU) && (flags & MQLCL_CREATE_OWN))
    fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": MQLCL_CREATE_SHARED_GPU and MQLCL_CREATE_OWN contradict each other");
  // The server's own contexts are its own (it inherits its first client's environment).
  if (Registry::instance().in_server()) return SharedGpuChoice::Own;
  if (flags != 0) return flags & MQLCL_CREATE_SHARED_GPU ? SharedGpuChoice::Server : SharedGpuChoice::Own;
  const std::string asked = env_text("MQLCL_SHARED_GPU");
  return asked == "all" ? SharedGpuChoice::Server : asked == "1" ? SharedGpuChoice::ServerUnlessCpu : SharedGpuChoice::Own;
}

int create_in_server(int device, std::string& why) {
  SharedGpu& s = shared();
  // A second attempt where the connection turns out to have ended (a server that ended since
  // this process's last call): a new server then.
  for (int attempt = 0;; ++attempt) {
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      if (s.unreachable) {
        why = s.note;
        return 0;
      }
      if (!s.client || s.client->broken()) {
        try {
          s.client = connect_checked();
          ++s.generation;
          s.shapes.clear();
        } catch (const Error& e) {
          s.client.reset();
          s.unreachable = true;
          s.note = std::string("this process's contexts are its own: no GPU server could be reached (") + e.what() + ")";
          why = s.note;
          return 0;
        }
      }
    }
    Packer p;
    p.u32(static_cast<uint32_t>(Request::Create)).i32(device);
    // Not about a handle: 0 is none the process was given.
    const int made = static_cast<int>(call_server_making(0, p, true, MQLCL_KIND_CONTEXT).result);
    if (made != MQLCL_ERR_NO_OPENCL || attempt == 1) return made;
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.client || !s.client->broken()) return made;
  }
}

Reply call_server(int handle, const Packer& request, bool record) {
  Reply r;
  try {
    SharedGpu& s = shared();
    std::shared_ptr<RemoteClient> c;
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      const auto made = s.handles.find(handle);
      if (made != s.handles.end() && made->second.generation != s.generation)
        fail(MQLCL_ERR_HANDLE, "handle ", handle, " was made by a GPU server that has ended (its objects went with it)");
      c = s.client;
    }
    if (!c) fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed)");
    r = c->call(request.bytes());
  } catch (...) {
    r = current_failure();
  }
  return recorded(std::move(r), record);
}

void failure_text_out(const Reply& failed, mqlcl_char* buf, int cap) {
  if (buf != nullptr && cap >= 1) copy_out(cause_of(failed), buf, cap);
}

int call_failed(bool record) { return static_cast<int>(recorded(current_failure(), record).result); }

namespace {

// Keeps `handle` as the current server's; false where it is the number of an ended server's handle.
bool keep_made(int handle, int kind) {
  SharedGpu& s = shared();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto found = s.handles.find(handle);
  if (found != s.handles.end() && found->second.generation != s.generation) return false;
  s.handles[handle] = SharedGpu::Made{s.generation, kind};
  return true;
}

// Whether `handle` is one of the current server's this process holds, of one of the kinds.
bool holds(const SharedGpu& s, int handle, int kind, int other_kind) {
  const auto found = s.handles.find(handle);
  return found != s.handles.end() && found->second.generation == s.generation &&
         (found->second.kind == kind || found->second.kind == other_kind);
}

}  // namespace

Reply call_server_making(int handle, const Packer& request, bool record, int kind) {
  for (;;) {
    Reply r = call_server(handle, request, record);
    if (r.result <= 0 || keep_made(static_cast<int>(r.result), kind)) return r;
    Packer free;
    free.u32(kRequest_mqlcl_free).i32(static_cast<int>(r.result));
    call_server(static_cast<int>(r.result), free, false);
  }
}

Reply call_server_posting(int handle, const Packer& request, uint64_t shape, bool record, Posting when, int memory) {
  std::shared_ptr<RemoteClient> c;
  {
    SharedGpu& s = shared();
    std::lock_guard<std::mutex> lock(s.mutex);
    const bool held = holds(s, handle, MQLCL_KIND_KERNEL, MQLCL_KIND_KERNEL) &&
                      (memory == 0 || holds(s, memory, MQLCL_KIND_BUFFER, MQLCL_KIND_IMAGE));
    if (held && s.shapes.count(shape)) c = s.client;
  }
  if (!c) {
    Reply r = call_server(handle, request, record);
    if (r.result == MQLCL_OK) {
      SharedGpu& s = shared();
      std::lock_guard<std::mutex> lock(s.mutex);
      try {
        s.shapes.insert(shape);
      } catch (const std::bad_alloc&) {  // this shape keeps waiting
      }
    }
    return r;
  }
  return recorded(c->post(request.bytes(), when == Posting::Now), record);
}

namespace {
// One word into a shape's hash: a multiply and a shift a word (every posted call hashes its shape).
uint64_t mix(uint64_t h, uint64_t word) {
  h = (h ^ word) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}
}  // namespace

uint64_t shape_of(std::initializer_list<long long> values) {
  uint64_t h = 1469598103934665603ull;
  for (long long v : values) h = mix(h, static_cast<uint64_t>(v));
  return h;
}

uint64_t shape_of(const Packer& request) {
  const std::vector<unsigned char>& b = request.bytes();
  uint64_t h = mix(1469598103934665603ull ^ 0x5bd1e995u, b.size());
  size_t i = 0;
  for (; i + 8 <= b.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, b.data() + i, 8);
    h = mix(h, word);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, b.data() + i, b.size() - i);
  return mix(h, tail);
}

void server_freed(int handle) {
  SharedGpu& s = shared();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.handles.erase(handle);
}

void CallArrays::pack(Packer& p, const void* data, size_t bytes, bool read) {
  if (data == nullptr) {
    p.u32(kArrayAbsent);
    return;
  }
  if (bytes >= kBulkArrayBytes && !client_) {
    SharedGpu& s = shared();
    std::lock_guard<std::mutex> lock(s.mutex);
    client_ = s.client;
  }
  if (bytes < kBulkArrayBytes || !client_) {
    if (bytes > kMaxMessageBytes)
      fail(MQLCL_ERR_RANGE, "an array of ", bytes, " bytes is more than a call to the GPU server carries (",
           kMaxMessageBytes, " bytes; transfer larger ranges in parts)");
    p.u32(kArrayInline).array(data, static_cast<uint32_t>(bytes), 1);
    return;
  }
  if (!lock_.owns_lock()) lock_ = std::unique_lock<std::mutex>(client_->bulk_lock());
  const size_t offset = (used_ + kBulkAlign - 1) / kBulkAlign * kBulkAlign;
  client_->ensure_bulk(offset + bytes, used_);
  if (read) bulk_copy(client_->bulk() + offset, data, bytes);
  used_ = offset + bytes;
  placed_.push_back(Placed{data, offset, read});
  p.u32(kArrayInBulk).i64(static_cast<int64_t>(offset)).i64(static_cast<int64_t>(bytes));
}

void CallArrays::pack_text(Packer& p, const mqlcl_char* text) {
  p.u32(text != nullptr ? kArrayInline : kArrayAbsent);
  if (text == nullptr) return;
  size_t n = 0;
  while (text[n] != 0) ++n;
  if (n * 2 > kMaxMessageBytes) fail(MQLCL_ERR_RANGE, "a string of ", n, " units is more than a call to the GPU server carries");
  p.array(text, static_cast<uint32_t>(n), 2);
}

void CallArrays::unpack(const Reply& r, size_t& at, void* data, size_t bytes) {
  if (data == nullptr || r.arrays_back == 0) return;
  for (const Placed& placed : placed_)
    if (placed.data == data) {
      // One not sent is not the caller's where the export failed (it may not have written it).
      if (placed.sent || r.result >= 0) bulk_copy(data, client_->bulk() + placed.offset, bytes);
      return;
    }
  if (r.out.size() < at + bytes) return;
  if (bytes != 0) std::memcpy(data, r.out.data() + at, bytes);
  at += bytes;
}

}  // namespace mqlcl
