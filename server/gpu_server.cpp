#include "gpu_server.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

// After a request, and before any client's next one is served: where a device can no longer be
// served by this process (its context, lost to a kernel's fault, could not be made again: the
// driver keeps the process's state on the device failed), the server ends at once, its reply to
// the faulting request sent. Every client then gets an error at its next call, never a hang and
// never an answer of this server, and the next shared context starts a new server, whose process
// the driver serves anew.
void end_if_device_failed(const DeviceContexts& contexts) {
  const int device = contexts.failed_device();
  if (device < 0) return;
  std::fprintf(stderr,
               "mqlcl-gpu-server: device %d has no working context in this process after a kernel's fault: the "
               "server ends (the next client starts a new one)\n",
               device);
  std::fflush(stderr);
  std::_Exit(3);
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
    end_if_device_failed(contexts);
    const uint32_t kind = request_kind(request.data(), request.size());
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
    if (kind == static_cast<uint32_t>(Request::Posted)) {  // no reply: a failure waits for the next request that waits
      session.serve_posted(request.data(), request.size());
      end_if_device_failed(contexts);
      continue;
    }
    send_reply(*channel, session.serve(request.data(), request.size()));
    end_if_device_failed(contexts);
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
