// This process's use of the user's GPU server: whether its contexts live there
// ($MQLCL_SHARED_GPU, mqlcl_create_with's flags), the one connection every call of the process
// shares, and what the generated client side (remote/requests.hpp) needs to send a call and read
// its reply. The server's handles are told from the process's own by their value
// (core/handles.hpp): is_server_handle costs a comparison, so a process that never opts in pays
// nothing. A handle of a server that has ended is refused here, naming that, never sent to the
// next server (which numbers its handles from the same first value).
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/handles.hpp"
#include "mqlcl.h"
#include "remote/protocol.hpp"

namespace mqlcl {

inline bool is_server_handle(int handle) {
  return handle >= Registry::kServerFirstHandle && !Registry::instance().in_server();
}

// Whether mqlcl_create_with(device, flags) goes to the server: MQLCL_CREATE_SHARED_GPU, or flags
// 0 with $MQLCL_SHARED_GPU = 1; MQLCL_ERR_ARGUMENT for unknown or contradicting flags.
bool wants_shared_gpu(int flags);

// A context in the server on `device`: its handle, or a negative code with the server's message
// recorded for this thread. When no server can be reached (none can be started, or one of
// another version answers), 0 and `why` says so: the caller then makes its own context. The
// first such answer in the process is recorded as the process's note (shared_gpu_note).
int create_in_server(int device, std::string& why);
// "" or the note of the process's first fallback to its own context.
std::string shared_gpu_note();

// The server's reply to a packed request about `handle`, never throwing: a transport failure (the
// server ended) is a reply with its code and message, and so is a handle of an earlier server.
// `record`: a failure's message becomes this thread's (mqlcl_last_error(0)), as a failing
// export's does.
Reply call_server(int handle, const Packer& request, bool record);
// In a catch block of a call to the server: the exception's code (its message this thread's where
// `record`).
int call_failed(bool record);
// call_server for a request that makes a handle: the handle is kept to refuse it once that server
// has ended. A new server numbers its handles from the same first value: one it gives under the
// number of an ended server's handle is freed and made again (the next number differs), so that
// no stale handle ever reaches a new object.
Reply call_server_making(int handle, const Packer& request, bool record);
// call_server for an argument set or a launch: once the same call of the same shape (`shape`:
// the kernel, the argument's index and type; a launch's sizes) has succeeded, it is posted
// without waiting (kPostedRequest) and answered MQLCL_OK: its failure, if it fails, is the reply
// to the next call that waits, as a launch's failure on the device is. The first call of each
// shape waits, so a call that can only be wrong (an index beyond the kernel's arguments, a
// type the declaration refuses) gets its own code at once.
Reply call_server_posting(int handle, const Packer& request, uint64_t shape, bool record);
// A shape's key of the values given (FNV-1a).
uint64_t shape_of(std::initializer_list<long long> values);
uint64_t shape_of(const Packer& request);
// A handle the server freed.
void server_freed(int handle);

// An array argument: its presence (a null pointer travels as absent) and its `elements` of
// `elem_bytes` bytes.
void pack_array(Packer& p, const void* data, size_t elements, size_t elem_bytes);
void pack_text(Packer& p, const mqlcl_char* text);
// Copies the reply's next array (from byte `at` of its out bytes) into `data`: only where the
// server ran the export (it sends its arrays back then, and nothing before).
void unpack_array(const Reply& r, size_t& at, void* data, size_t elements, size_t elem_bytes);

}  // namespace mqlcl
