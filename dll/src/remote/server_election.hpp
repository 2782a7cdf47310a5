// Exactly one server per user: a candidate that takes an exclusive lock becomes the server and
// holds the lock for its life; a candidate that finds it held connects to that server instead
// (channel). The system releases the lock when its holder's process ends, however it ends, so
// the next candidate wins after a server died. Linux: flock on `server.lock` in the user's
// folder; Windows: a mutex named in `Local\` with the user's security descriptor (an abandoned
// mutex, left by a server that died, is won by the next waiter).
#pragma once

#include "remote/user_rendezvous.hpp"

namespace mqlcl {

class ServerElection {
 public:
  // Tries once, without waiting. MQLCL_ERR_NO_OPENCL naming the cause when the lock cannot be
  // made or opened (on Windows: another user made its name first).
  explicit ServerElection(const UserRendezvous& at);
  // Releases the lock (Windows: call it on the thread that won: a mutex belongs to a thread).
  ~ServerElection();
  ServerElection(const ServerElection&) = delete;
  ServerElection& operator=(const ServerElection&) = delete;

  bool won() const { return won_; }

 private:
  bool won_ = false;
#if defined(_WIN32)
  void* mutex_ = nullptr;  // HANDLE
#else
  int fd_ = -1;
#endif
};

}  // namespace mqlcl
