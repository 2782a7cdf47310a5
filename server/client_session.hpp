// One client of the server: runs its requests (remote/protocol.hpp, remote/requests.hpp) as calls
// of the library's own exports, so every check, code and message is the library's, and owns what
// they made. The server's library numbers its handles from 2^30 (core/handles.hpp), and the client
// uses them under the same numbers, so messages name them as the client knows them. A client's
// context is one of the library's own, sharing the server's OpenCL context of its device with a
// queue of its own (mqlcl_context_share). Every handle a request names is admitted first: one of
// this client's, or one the library no longer knows (its words then); one that lives but is
// another client's is refused as the library refuses an unknown handle, before any library call.
// The session's end frees all its objects. When a device context is lost to a fault
// (DeviceContexts::drop_lost), the session frees its contexts on it with their objects; the first
// request of the client that names one of their handles fails with MQLCL_ERR_LAUNCH saying so
// (its work in flight is lost), later ones with MQLCL_ERR_HANDLE naming the cause, and a free of
// one succeeds. The client whose kernel faulted had its MQLCL_ERR_LAUNCH from the library.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "device_contexts.hpp"
#include "remote/protocol.hpp"
#include "remote/shared_segment.hpp"

namespace mqlcl {

class ClientSession {
 public:
  explicit ClientSession(DeviceContexts& contexts) : contexts_(contexts), losses_seen_(contexts.losses()) {}
  ~ClientSession();
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  // The reply to one request (its `size` bytes); a malformed request gets an error reply naming
  // the cause (the session goes on). Never throws.
  Reply serve(const unsigned char* request, size_t size);
  // A Request::Posted message: the requests the client did not wait for, each run as serve()
  // runs it, in order. A failure, the first since the last reply, is kept and is the reply to the
  // client's next request that waits (all but reading a message or a handle's or kernel's facts,
  // and a free), which then does not run: as a launch's failure on the device is returned by
  // the next call that waits. A request whose length cannot be read is such a failure, and the
  // rest of the message does not run; nor does it once the device can no longer be served
  // (DeviceContexts::failed_device: the server then ends).
  void serve_posted(const unsigned char* message, size_t size);

  // For the generated requests (run_request.cpp): the handle to call the export with. This
  // client's, or one the library does not know: itself. Another client's: a number the library
  // never gives (below 2^30), so that the export refuses it in its own words, which the reply then
  // says of the number the client sent. One lost with a device context: throws the cause.
  int admit(int handle);
  void keep(int handle) { owned_.insert(handle); }
  // The client's bulk memory (Request::Bulk): `bytes` at `offset` of it, checked to lie inside.
  unsigned char* bulk_range(const char* field, int64_t offset, int64_t bytes);
  // Takes the client's new bulk memory in place of the last: given to the library while it is
  // mapped (mqlcl_host_memory), so that host-array GEMMs copy straight from and to it where the
  // driver pins it.
  void use_bulk(SharedSegment memory);
  // After the library freed `handle` (a context: with everything made in it).
  void freed(int handle);

 private:
  Reply answer(const unsigned char* request, size_t size);  // serve() but for a posted failure
  void keep_posted_failure(Reply failure);
  int64_t run(const unsigned char* request, size_t size, Reply& reply);
  // Frees this client's contexts whose device context was lost, keeping their handles' cause;
  // `told`: the client already had the failure (its own kernel faulted).
  void forget_lost(bool told);

  DeviceContexts& contexts_;
  std::set<int> owned_;
  std::vector<int> refused_;  // the request's handles admit() replaced
  uint32_t kind_ = 0;         // the request's kind
  Reply posted_failure_;      // result 0: none
  SharedSegment bulk_;        // the client's memory for large arrays, once it sent one
  unsigned losses_seen_ = 0;  // DeviceContexts::losses() when this session last looked
  std::map<int, int> lost_;   // handles freed with a lost device context: their device
  bool lost_told_ = true;     // whether the client has had MQLCL_ERR_LAUNCH for the loss
};

}  // namespace mqlcl
