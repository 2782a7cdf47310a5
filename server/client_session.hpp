// One client of the server: runs its requests (remote/protocol.hpp) as calls of the library's
// own exports, so every check, code and message is the library's, and owns what they made.
// The objects a client makes (programs, kernels, buffers) keep the library's handle numbers, so
// its messages name them as the client knows them; a client's context is a number of this
// session's (below the library's first handle, 65536) standing for the server's shared context
// of its device. Every handle a request names is looked up in this client's table first: one it
// was never given (another client's, the server's own) is refused as the library refuses an
// unknown handle, before any library call. The session's end frees all its objects.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "device_contexts.hpp"
#include "remote/protocol.hpp"

namespace mqlcl {

class ClientSession {
 public:
  explicit ClientSession(DeviceContexts& contexts) : contexts_(contexts) {}
  ~ClientSession();
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  // The reply to one request; a malformed request gets an error reply naming the cause (the
  // session goes on). Never throws.
  Reply serve(const std::vector<unsigned char>& request);

 private:
  struct Owned {
    int server;    // the library's handle (a context number: the shared context)
    int context;   // the client's context number it belongs to (a context: itself)
    bool is_context;
  };
  int64_t run(const std::vector<unsigned char>& request, Reply& reply);
  int server_handle(int number);
  const Owned& owned(int number);
  void keep(int handle, int context);
  int64_t free_number(int number);

  DeviceContexts& contexts_;
  std::map<int, Owned> owned_;
  std::map<int, std::u16string> context_messages_;  // each client context's last failure
  std::u16string last_failure_;                     // the client's last failure (handle 0)
  int context_used_ = 0;                            // the client context a request named
  // The library's words for an unknown handle differ between its exports: the request's.
  const char* unknown_handle_ = "";
  bool reading_message_ = false;  // a LastError request: its refusal does not replace the last failure
};

}  // namespace mqlcl
