// This process's use of the user's GPU server: whether its contexts live there
// ($MQLCL_SHARED_GPU, mqlcl_create_with's flags), the one connection every call of the process
// shares, and what the generated exports (remote/generate_requests.py) need to send a call and read
// its reply. The server's handles are told from the process's own by their value
// (core/handles.hpp): is_server_handle costs a comparison, so a process that never opts in pays
// nothing. A handle of a server that has ended is refused here, naming that, never sent to the
// next server (which numbers its handles from the same first value).
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <vector>
#include <string>

#include "core/handles.hpp"
#include "mqlcl.h"
#include "remote/protocol.hpp"
#include "remote/remote_client.hpp"

namespace mqlcl {

inline bool is_server_handle(int handle) {
  return handle >= Registry::kServerFirstHandle;
}

// Where mqlcl_create_with(device, flags) makes its context: in the server for
// MQLCL_CREATE_SHARED_GPU or, with flags 0, $MQLCL_SHARED_GPU = all; in the server unless the
// device is a CPU for $MQLCL_SHARED_GPU = 1 (the caller, which knows devices, decides); else in
// this process. MQLCL_ERR_ARGUMENT for unknown or contradicting flags.
enum class SharedGpuChoice { Own, Server, ServerUnlessCpu };
SharedGpuChoice wants_shared_gpu(int flags);

// How the client's waits for the server's replies, and the server's for requests, spin, yield
// and sleep: the transport's defaults, or $MQLCL_SHARED_GPU_SPIN_US and $MQLCL_SHARED_GPU_YIELD_US
// (the server inherits them from the client that started it). MQLCL_ERR_ARGUMENT for a malformed one.
WaitLimits shared_gpu_waits();

// A context in the server on `device`: its handle, or a negative code with the server's message
// recorded for this thread. When no server can be reached (none can be started, or one of
// another version answers), 0 and `why` says so: the caller then makes its own context. The
// process then tries no more: every later answer is 0 with the same `why`.
int create_in_server(int device, std::string& why);

// The server's reply to a packed request about `handle`, never throwing: a transport failure (the
// server ended) is a reply with its code and message, and so is a handle of an earlier server.
// `record`: a failure's message becomes this thread's (mqlcl_last_error(0)), as a failing
// export's does.
Reply call_server(int handle, const Packer& request, bool record);
// A failed reply's cause into a caller's text buffer (mqlcl_last_error's rules), where the reply
// is not the server's answer (no server is connected, it ended, a handle of an ended one).
void failure_text_out(const Reply& failed, mqlcl_char* buf, int cap);
// In a catch block of a call to the server: the exception's code (its message this thread's where
// `record`).
int call_failed(bool record);
// call_server for a request that makes a handle: the handle is kept to refuse it once that server
// has ended. A new server numbers its handles from the same first value: one it gives under the
// number of an ended server's handle is freed and made again (the next number differs), so that
// no stale handle ever reaches a new object.
Reply call_server_making(int handle, const Packer& request, bool record, int kind);
// call_server for an argument set or a launch: once the same call of the same shape (`shape`:
// the kernel, the argument's index and type; a launch's sizes) has succeeded, it is posted
// without waiting (Request::Posted) and answered MQLCL_OK: its failure, if it fails, is the reply
// to the next call that waits, as a launch's failure on the device is. A launch is sent at once
// (the device works while the caller goes on); an argument set goes with the next request
// sent. The first call of each shape waits, so a call that can only be wrong (an index beyond
// the kernel's arguments, a type the declaration refuses) gets its own code at once; so does one
// whose kernel (`handle`), or buffer or image (`memory`, where given), is not one this process
// was given and still holds.
enum class Posting { WithNext, Now };
Reply call_server_posting(int handle, const Packer& request, uint64_t shape, bool record, Posting when, int memory = 0);
// A shape's key of the values given (FNV-1a).
uint64_t shape_of(std::initializer_list<long long> values);
uint64_t shape_of(const Packer& request);
// A handle the server freed.
void server_freed(int handle);

// One call's array arguments, packed in order: absent (null), in the request, or, from
// kBulkArrayBytes up, in the connection's bulk memory (RemoteClient::bulk_lock held from the first
// such array to the end of the call, so that no other thread's call reuses it meanwhile).
class CallArrays {
 public:
  CallArrays() = default;
  CallArrays(const CallArrays&) = delete;
  CallArrays& operator=(const CallArrays&) = delete;
  // `read` false: the export will not read the array and writes every byte of it (so one in the
  // bulk memory is not copied there; a small one travels in the request all the same).
  void pack(Packer& p, const void* data, size_t bytes, bool read = true);
  void pack_text(Packer& p, const mqlcl_char* text);
  // Copies an array the export wrote back into `data` (from byte `at` of the reply's out bytes,
  // or from the bulk memory): only where the server ran the export.
  void unpack(const Reply& r, size_t& at, void* data, size_t bytes);

 private:
  struct Placed {
    const void* data;
    size_t offset;
    bool sent;  // copied into the bulk memory
  };
  std::shared_ptr<RemoteClient> client_;
  std::unique_lock<std::mutex> lock_;
  size_t used_ = 0;
  std::vector<Placed> placed_;
};

}  // namespace mqlcl
