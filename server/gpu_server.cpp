#include "gpu_server.hpp"

#include <atomic>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <list>
#include <memory>
#include <new>
#include <thread>

#include "client_session.hpp"
#include "core/error.hpp"
#include "device_contexts.hpp"
#include "remote/channel.hpp"
#include "remote/protocol.hpp"
#include "remote/server_election.hpp"
#include "remote/user_rendezvous.hpp"

namespace mqlcl {

namespace {

// How long one wait for a client lasts before the server looks at its idle time again.
constexpr unsigned kAcceptSliceMs = 100;

struct Served {
  std::thread thread;
  std::atomic<bool> done{false};
};

void send_reply(Channel& channel, const Reply& r) {
  const auto bytes = pack_reply(r);
  send_message(channel.outgoing(), bytes.data(), static_cast<uint32_t>(bytes.size()));
}

void serve_client(std::unique_ptr<Channel> channel, DeviceContexts& contexts) {
  ClientSession session(contexts);
  std::unique_ptr<Message> scratch(new Message());
  std::vector<unsigned char> request;
  for (;;) {
    try {
      receive_message(channel->incoming(), *scratch, request);
    } catch (const Error& e) {
      if (e.code() == MQLCL_ERR_NO_OPENCL) return;  // the client ended
      // A frame that cannot be followed: the client hears why, then the channel closes.
      send_reply(*channel, failed_reply(e.code(), e.what()));
      return;
    }
    uint32_t kind = request_kind(request);
    if (kind == static_cast<uint32_t>(Request::Bulk)) {  // its memory comes beside the rings
      Reply r;
      try {
        Unpacker u(request.data(), request.size());
        u.u32("the request kind");
        const int64_t bytes = u.i64("bytes");
        const uint32_t serial = u.u32("serial");
        u.done();
        if (bytes < 1 || static_cast<uint64_t>(bytes) > kMaxBulkBytes)
          fail(MQLCL_ERR_RANGE, "bulk memory of ", bytes, " bytes (1 .. ", kMaxBulkBytes, ")");
        session.use_bulk(channel->receive_bulk(static_cast<size_t>(bytes), serial));
      } catch (const Error& e) {
        r = failed_reply(e.code(), e.what());
      }
      send_reply(*channel, r);
      continue;
    }
    if (kind & kPostedRequest) {  // no reply: its failure waits for the next request that waits
      kind &= ~kPostedRequest;
      std::memcpy(request.data(), &kind, sizeof kind);
      session.serve_posted(request);
      continue;
    }
    send_reply(*channel, session.serve(request));
  }
}

}  // namespace

int run_server(const ServerSettings& settings) {
  using clock = std::chrono::steady_clock;
  try {
    const auto at = settings.place.empty() ? user_rendezvous() : rendezvous_in(settings.place);
    ServerElection election(*at);
    if (!election.won()) return 0;
    ChannelListener listener(*at, election);
    DeviceContexts contexts;
    std::list<Served> served;
    clock::time_point last_client = clock::now();
    for (;;) {
      for (auto it = served.begin(); it != served.end();) {
        if (it->done.load()) {
          it->thread.join();
          it = served.erase(it);
        } else {
          ++it;
        }
      }
      if (!served.empty()) last_client = clock::now();
      else if (clock::now() - last_client >= std::chrono::seconds(settings.idle_seconds)) break;
      std::unique_ptr<Channel> channel;
      try {
        channel = listener.accept(kAcceptSliceMs, frame_rules(), settings.waits);
      } catch (const Error& e) {
        std::fprintf(stderr, "mqlcl-gpu-server: a client was refused: %s\n", e.what());
        continue;
      }
      if (!channel) continue;
      served.emplace_back();
      Served& s = served.back();
      s.thread = std::thread([&contexts, &s](std::unique_ptr<Channel> c) {
        try {
          serve_client(std::move(c), contexts);
        } catch (const std::exception& e) {
          std::fprintf(stderr, "mqlcl-gpu-server: a client's channel ended: %s\n", e.what());
        }
        s.done.store(true);
      }, std::move(channel));
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mqlcl-gpu-server: %s\n", e.what());
    return 1;
  }
}

}  // namespace mqlcl
