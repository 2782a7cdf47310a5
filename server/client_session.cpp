#include "client_session.hpp"

#include <cstring>
#include <new>

#include "api/local_exports.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "mqlcl.h"
#include "remote/request_kinds.hpp"
#include "run_request.hpp"

namespace mqlcl {

namespace {

// The message of the library's last failure on this thread (mqlcl_last_error(0)).
std::u16string library_failure() {
  std::u16string s(512, u'\0');
  int n = local::mqlcl_last_error(0, &s[0], static_cast<int>(s.size()));
  if (n >= static_cast<int>(s.size())) {
    s.assign(static_cast<size_t>(n) + 1, u'\0');
    n = local::mqlcl_last_error(0, &s[0], static_cast<int>(s.size()));
  }
  s.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return s;
}

bool live(int handle) { return local::mqlcl_handle_info(handle, MQLCL_HINFO_KIND) > 0; }

// A handle no library gives out: above every device number, below the server's handles, and the
// server's library numbers its own from 2^30.
constexpr int kNeverLive = (1 << 30) - 1;

void replace_all(std::u16string& s, const std::u16string& what, const std::u16string& with) {
  for (size_t at = 0; (at = s.find(what, at)) != std::u16string::npos; at += with.size()) s.replace(at, what.size(), with);
}

}  // namespace

ClientSession::~ClientSession() {
  // Contexts first: each takes what was made in it; then anything left.
  for (int h : owned_)
    if (local::mqlcl_handle_info(h, MQLCL_HINFO_KIND) == MQLCL_KIND_CONTEXT) local::mqlcl_free(h);
  for (int h : owned_)
    if (live(h)) local::mqlcl_free(h);
  if (bulk_.base() != nullptr) mqlcl_host_memory(bulk_.base(), 0);  // before it is unmapped
}

void ClientSession::use_bulk(SharedSegment memory) {
  if (bulk_.base() != nullptr) mqlcl_host_memory(bulk_.base(), 0);
  bulk_ = std::move(memory);
  // Where it cannot be given, its copies go through the library's staging as any memory's.
  if (bulk_.base() != nullptr) mqlcl_host_memory(bulk_.base(), static_cast<long long>(bulk_.size()));
}

int ClientSession::admit(int handle) {
  const auto lost = lost_.find(handle);
  if (lost != lost_.end()) {
    if (!lost_told_) {
      lost_told_ = true;
      fail(MQLCL_ERR_LAUNCH, "handle ", handle, ": its context in the GPU server was lost with the server's context on "
           "device ", lost->second, " (a kernel faulted on the device, and the driver then fails every call of that "
           "context): the work queued on it is lost, and the context was freed with its objects; create a new context");
    }
    fail(MQLCL_ERR_HANDLE, "handle ", handle, " was freed when its context in the GPU server was lost to a kernel's "
         "fault on device ", lost->second, "; create a new context");
  }
  if (owned_.count(handle) || !live(handle)) return handle;
  refused_.push_back(handle);
  return kNeverLive;
}

unsigned char* ClientSession::bulk_range(const char* field, int64_t offset, int64_t bytes) {
  const auto size = static_cast<int64_t>(bulk_.size());
  if (offset < 0 || bytes < 0 || offset > size || bytes > size - offset)
    fail(MQLCL_ERR_RANGE, field, " lies at bytes ", offset, " .. ", offset, " + ", bytes, " of the bulk memory of ", size,
         " bytes");
  return static_cast<unsigned char*>(bulk_.base()) + offset;
}

void ClientSession::forget_lost(bool told) {
  losses_seen_ = contexts_.losses();
  std::vector<int> contexts;
  for (int h : owned_)
    if (local::mqlcl_handle_info(h, MQLCL_HINFO_KIND) == MQLCL_KIND_CONTEXT && local::mqlcl_handle_info(h, MQLCL_HINFO_DEVICE_LOST) == 1)
      contexts.push_back(h);
  for (int ctx : contexts) {
    const int device = static_cast<int>(local::mqlcl_handle_info(ctx, MQLCL_HINFO_DEVICE));
    for (int h : owned_)
      if (h == ctx || local::mqlcl_handle_info(h, MQLCL_HINFO_CONTEXT) == ctx) lost_[h] = device;
    local::mqlcl_free(ctx);
    freed(ctx);
  }
  if (!contexts.empty()) lost_told_ = told;
}

void ClientSession::freed(int handle) {
  owned_.erase(handle);
  for (auto it = owned_.begin(); it != owned_.end();) it = live(*it) ? std::next(it) : owned_.erase(it);
}

int64_t ClientSession::run(const unsigned char* request, size_t size, Reply& reply) {
  Unpacker u(request, size);
  const uint32_t kind = u.u32("the request kind");
  kind_ = kind;
  if (kind == kRequest_mqlcl_free && !lost_.empty()) {  // a handle lost with its context: gone already, as wanted
    Unpacker peek = u;
    const auto lost = lost_.find(peek.i32("handle"));
    if (lost != lost_.end()) {
      peek.done();
      lost_.erase(lost);
      return MQLCL_OK;
    }
  }
  switch (kind) {
    case static_cast<uint32_t>(Request::Hello): {
      const uint32_t fingerprint = u.u32("fingerprint");
      u.done();
      if (fingerprint != kRequestsFingerprint)
        fail(MQLCL_ERR_UNSUPPORTED, "this server's library has other exports (requests ", kRequestsFingerprint,
             ", the client's ", fingerprint, "): it serves the library it was shipped with");
      return 0;
    }
    case static_cast<uint32_t>(Request::Create): {
      const int device = u.i32("device");
      u.done();
      const int shared = contexts_.on_device(device);
      if (shared < 0) return shared;
      const int made = local::mqlcl_context_share(shared);
      if (made > 0) keep(made);
      return made;
    }
    case static_cast<uint32_t>(Request::ServerHandles):
      u.done();
      return mqlcl_handle_count();
    default:
      if (run_export_request(kind, u, reply, *this)) return reply.result;
  }
  fail(MQLCL_ERR_ARGUMENT, "request kind ", kind, " is unknown (this server knows 1 .. 3 and ", kFirstExportRequest,
       " .. ", kGeneratedRequestsEnd - 1, ")");
}

void ClientSession::serve_posted(const unsigned char* message, size_t size) {
  Unpacker u(message, size);
  try {
    u.u32("the request kind");
    while (!u.empty() && contexts_.failed_device() < 0) {
      uint32_t bytes = 0;
      const unsigned char* request = u.array("a posted request", 1, bytes);
      Reply r = answer(request, bytes);
      if (r.result < 0) keep_posted_failure(std::move(r));
    }
  } catch (const Error& e) {
    keep_posted_failure(failed_reply(e.code(), e.what()));
  }
}

void ClientSession::keep_posted_failure(Reply failure) {
  if (posted_failure_.result == 0) posted_failure_ = std::move(failure);
}

Reply ClientSession::serve(const unsigned char* request, size_t size) {
  if (posted_failure_.result != 0) {
    const uint32_t kind = request_kind(request, size);
    const bool waits = kind != kRequest_mqlcl_last_error && kind != kRequest_mqlcl_handle_info &&
                       kind != kRequest_mqlcl_kernel_info && kind != kRequest_mqlcl_free &&
                       kind != static_cast<uint32_t>(Request::ServerHandles);
    if (waits) {
      Reply failed = std::move(posted_failure_);
      posted_failure_ = Reply{};
      return failed;
    }
  }
  return answer(request, size);
}

Reply ClientSession::answer(const unsigned char* request, size_t size) {
  Reply r;
  refused_.clear();
  kind_ = 0;
  try {
    if (contexts_.losses() != losses_seen_) forget_lost(false);
    r.result = run(request, size, r);
    if (r.result < 0 && r.real == 0) r.real = static_cast<double>(r.result);
    if (r.result < 0) r.message = library_failure();
    // A failure a device fault explains: where the device context no longer works, this
    // client's kernel faulted (its failure is this reply), and its contexts are gone.
    if ((r.result == MQLCL_ERR_LAUNCH || r.result == MQLCL_ERR_OPENCL) && contexts_.drop_lost()) forget_lost(true);
    // Another client's handle: what the library says of one it never gave, of the number sent.
    for (int h : refused_) {
      const std::u16string never = utf8_to_utf16(std::to_string(kNeverLive)), sent = utf8_to_utf16(std::to_string(h));
      replace_all(r.message, never, sent);
      if (kind_ == kRequest_mqlcl_last_error && r.out.size() % 2 == 0) {  // the message it wrote
        std::u16string written(r.out.size() / 2, u'\0');
        if (!written.empty()) std::memcpy(&written[0], r.out.data(), r.out.size());
        replace_all(written, never, sent);  // the same length: both numbers have ten digits
        if (!written.empty()) std::memcpy(r.out.data(), written.data(), r.out.size());
      }
    }
  } catch (const Error& e) {
    r = failed_reply(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    r = failed_reply(MQLCL_ERR_MEMORY, "the server is out of memory for this request");
  }
  return r;
}

}  // namespace mqlcl
