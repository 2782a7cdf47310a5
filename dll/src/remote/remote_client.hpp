// A client's end of this user's GPU server (server/): connects, starting the server program
// when none answers, and runs requests (remote/protocol.hpp) one at a time: a call writes its
// request and waits for the reply. A call after the server ended, or after a malformed reply,
// returns an error reply naming the cause (the channel is then given up), never waits forever.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "remote/channel.hpp"
#include "remote/protocol.hpp"
#include "remote/user_rendezvous.hpp"

namespace mqlcl {

struct ServerOptions {
  std::string place;           // the rendezvous (rendezvous_in); empty: this user's (user_rendezvous)
  std::string server_program;  // the server to start; empty: the one beside the library
  unsigned idle_seconds = 0;   // passed to a server this client starts; 0: the server's default
  unsigned connect_ms = 5000;  // how long a server being started may take to listen
  WaitLimits waits;            // how this client's waits for the server spin before they sleep
};

class RemoteClient {
 public:
  // MQLCL_ERR_NO_OPENCL naming the cause when no server answers, none can be started, or the
  // one that answers runs as another user.
  static std::unique_ptr<RemoteClient> connect(const ServerOptions& options);
  ~RemoteClient();
  RemoteClient(const RemoteClient&) = delete;
  RemoteClient& operator=(const RemoteClient&) = delete;

  // The server's reply to `request`. Callable from any thread (calls take turns).
  Reply call(const std::vector<unsigned char>& request);
  unsigned long long server_pid() const { return channel_->peer_pid(); }
  // Sends `request` without waiting (Request::Posted): an empty reply, or the transport's
  // failure. With `now` false it travels with the next message this client sends (an argument
  // set with the launch that follows it): until then it is only kept here, which no one can tell,
  // since every later request of this client goes after it.
  Reply post(const std::vector<unsigned char>& request, bool now);
  // The memory for one call's large arrays (protocol's kArrayInBulk), used under bulk_lock() from
  // the arrays' packing to their reading back. ensure_bulk grows it to at least `bytes`, keeping
  // its first `keep` bytes, and tells the server (a request of its own).
  std::mutex& bulk_lock() { return bulk_mutex_; }
  void ensure_bulk(size_t bytes, size_t keep);
  unsigned char* bulk() const { return static_cast<unsigned char*>(bulk_.base()); }
  // Whether a call has failed in the transport (the server ended): every later call fails too.
  bool broken();

 private:
  RemoteClient() = default;
  std::mutex mutex_;
  std::unique_ptr<UserRendezvous> at_;
  std::unique_ptr<Channel> channel_;
  std::unique_ptr<Message> scratch_;
  std::vector<unsigned char> reply_bytes_;
  Packer posted_;                      // posted requests not sent yet (Request::Posted), or empty
  std::mutex bulk_mutex_;              // taken before mutex_
  SharedSegment bulk_;
  uint32_t bulk_serial_ = 0;
  // Runs `send` (the transport's part of a call, under mutex_); a transport failure is kept as
  // broken_, and false returned.
  template <class Send>
  bool transported(Send&& send);
  // Sends the posted requests kept, if any (under mutex_, within transported).
  void send_posted();
  Reply broken_;  // the first transport failure (result 0: none), repeated by every later call
};

// mqlcl-gpu-server (Windows: .exe) in the folder of the module holding this code (the library).
std::string server_beside_library();
// Starts `program` with `args`, detached: it outlives this process, which keeps no child of it
// (Linux: started by a child that ends at once, so no zombie is left). MQLCL_ERR_NO_OPENCL
// naming the cause when it cannot be started.
void start_server(const std::string& program, const std::vector<std::string>& args);

}  // namespace mqlcl
