// A connection between a client and the server of its user (user_rendezvous): set up over a
// local socket (Linux: a Unix-domain socket in the user's folder; Windows: a named pipe granted
// to the user alone), where each end checks that the other runs as this user (Linux:
// SO_PEERCRED; Windows: the peer process's token) and refuses another user's. The client then
// makes the shared memory (shared_segment) holding two rings (ring): requests to the server,
// responses to the client, and hands it over; the server checks it before mapping it. The
// socket or pipe stays open as the lifetime signal: when either process ends, the system closes
// its end and the other's waits see it (wakeup: PeerWatch) instead of hanging.
#pragma once
#include <atomic>
#include <memory>
#include <string>

#include "remote/ring.hpp"
#include "remote/server_election.hpp"
#include "remote/shared_segment.hpp"
#include "remote/user_rendezvous.hpp"
#include "remote/wakeup.hpp"

namespace mqlcl {

constexpr uint32_t kRequestSlots = 64;
constexpr uint32_t kResponseSlots = 16;

// The shared memory's layout. The client writes the header; the server reads nothing of it as
// a size (its own constants are the layout) and checks it only to name a mismatch.
struct ChannelMemory {
  uint32_t magic;
  uint32_t version;
  uint32_t request_slots;
  uint32_t response_slots;
  RingControl requests;
  RingControl responses;
  RingSlot request_slot[kRequestSlots];
  RingSlot response_slot[kResponseSlots];
};

class Channel final : public PeerWatch {
 public:
  // The client's end: connects to the server listening at `at`, trying again until
  // `timeout_ms` while nothing listens yet (a server being started). MQLCL_ERR_NO_OPENCL naming
  // the cause when no server answers in time, the server runs as another user, or refuses.
  // `response_rules`: the responses this client accepts.
  static std::unique_ptr<Channel> connect(const UserRendezvous& at, MessageRules response_rules, unsigned timeout_ms,
                                          WaitLimits limits = {});
  ~Channel();
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // The client writes requests and reads responses; the server the other way round. Each ring
  // end is used by one thread at a time; the two may be used by two threads at once.
  RingWriter& outgoing() { return *outgoing_; }
  RingReader& incoming() { return *incoming_; }

  // Memory for large arrays beside the rings (the protocol's bulk arrays): the client makes a
  // new one of `bytes` and hands it over as the rings' memory was, named by `serial` (Windows: in
  // the object names; Linux: in the message sent with the descriptor); the server, told by a
  // request that one comes, receives it and checks it (size, seals, serial). MQLCL_ERR_NO_OPENCL
  // naming the cause when the handover fails, MQLCL_ERR_ARGUMENT when the client's is malformed.
  SharedSegment make_bulk(size_t bytes, uint32_t serial);
  SharedSegment receive_bulk(size_t bytes, uint32_t serial);

  bool peer_alive() override;
  std::string peer_name() const override { return peer_name_; }
  unsigned long long peer_pid() const { return peer_pid_; }

 private:
  friend class ChannelListener;
  Channel(bool server_end, unsigned long long peer_pid);
  void open_rings(MessageRules incoming_rules, WaitLimits limits);

  const bool server_end_;
  const unsigned long long peer_pid_;
  const std::string peer_name_;
#if defined(_WIN32)
  const UserRendezvous* at_ = nullptr;  // where its objects are named (the client's or listener's, outliving it)
  std::wstring base_;                   // its objects' names' common part
  void* pipe_ = nullptr;  // HANDLE
#else
  int socket_ = -1;
#endif
  std::atomic<bool> peer_gone_{false};  // asked by the waits of both rings, maybe on two threads
  SharedSegment segment_;
  Doorbell bell_;
  std::unique_ptr<RingWriter> outgoing_;
  std::unique_ptr<RingReader> incoming_;
};

// The server's end of the rendezvous: where clients connect. Made only by the elected server,
// whose election it takes as proof (on Linux it replaces the socket file a dead server left).
class ChannelListener {
 public:
  // MQLCL_ERR_INTERNAL for an election that was lost.
  ChannelListener(const UserRendezvous& at, const ServerElection& won);
  ~ChannelListener();
  ChannelListener(const ChannelListener&) = delete;
  ChannelListener& operator=(const ChannelListener&) = delete;

  // Waits up to `timeout_ms` for a client and completes its setup (which may take up to
  // kHandshakeMs more); nullptr when none came. A client refused (another user, a malformed
  // setup or shared memory) throws, naming why; the listener serves on.
  // `request_rules`: the requests this server accepts.
  std::unique_ptr<Channel> accept(unsigned timeout_ms, MessageRules request_rules, WaitLimits limits = {});

  static constexpr unsigned kHandshakeMs = 2000;

 private:
#if defined(_WIN32)
  const UserRendezvous& at_;
  void* instance_ = nullptr;  // the pipe instance the next client connects to (HANDLE)
  bool first_ = true;
  void make_instance();
#else
  int socket_ = -1;
  std::string path_;
#endif
};

}  // namespace mqlcl
