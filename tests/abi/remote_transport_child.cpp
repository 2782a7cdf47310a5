// One process of the transport tests (tests/abi/test_remote_transport.cpp), which start it to
// have a real second process at the other end of a channel or of an election.
//
// Usage (PLACE: the test's rendezvous: a folder on Linux, a scope of names on Windows):
//   mqlcl_remote_child serve PLACE      wins the election (else prints "lost", exits 3), listens,
//                                       prints "ready", then serves one client after another:
//                                       echo (kind 1) answered with the same payload, stall
//                                       (kind 2) printed "stalled N" and never answered, bye
//                                       (kind 3) ends the client; a client that ended prints
//                                       "gone CODE". Exits 0 when its standard input ends.
//   mqlcl_remote_child flood PLACE      connects, writes echo requests and never reads the
//                                       answers; prints "sent 10" after its tenth
//   mqlcl_remote_child elect PLACE      waits for a byte on its standard input, tries the
//                                       election, prints "won" or "lost", holds until its
//                                       standard input ends
//   mqlcl_remote_child connect-as UID FOLDER   (Linux) drops to user UID (run as root),
//                                       connects, prints "connected" or "refused CODE MESSAGE"
#if defined(_WIN32)
#include <windows.h>
#else
#include <poll.h>
#include <unistd.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "remote/channel.hpp"
#include "remote/server_election.hpp"

namespace {

using namespace mqlcl;

enum Kind : uint32_t { kEcho = 1, kStall = 2, kBye = 3 };
MessageRules requests() { return MessageRules{{0, kSlotPayloadBytes, 0, 0}}; }
MessageRules responses() { return MessageRules{{0, kSlotPayloadBytes}}; }

// Whether the standard input has ended (the test closed it), without waiting.
bool input_ended() {
#if defined(_WIN32)
  DWORD available = 0;
  return !PeekNamedPipe(GetStdHandle(STD_INPUT_HANDLE), nullptr, 0, nullptr, &available, nullptr);
#else
  pollfd p{0, POLLIN, 0};
  if (poll(&p, 1, 0) <= 0) return false;
  char c;
  return read(0, &c, 1) <= 0;
#endif
}

// One byte of the standard input, waiting for it; false once the input ended.
bool input_byte() {
  char c;
#if defined(_WIN32)
  DWORD got = 0;
  return ReadFile(GetStdHandle(STD_INPUT_HANDLE), &c, 1, &got, nullptr) && got == 1;
#else
  return read(0, &c, 1) == 1;
#endif
}

void say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

void serve_one(Channel& c) {
  static Message m;
  for (;;) {
    c.incoming().pop(m);
    if (m.kind == kEcho) {
      c.outgoing().push(kEcho, m.payload, m.length);
    } else if (m.kind == kStall) {
      say("stalled " + std::to_string(m.sequence));
    } else {
      return;
    }
  }
}

int serve(const std::string& place) {
  auto at = rendezvous_in(place);
  ServerElection election(*at);
  if (!election.won()) {
    say("lost");
    return 3;
  }
  ChannelListener listener(*at, election);
  say("ready");
  while (!input_ended()) {
    std::unique_ptr<Channel> c;
    try {
      c = listener.accept(100, requests());
      if (!c) continue;
      serve_one(*c);
    } catch (const Error& e) {
      say("gone " + std::to_string(e.code()) + " " + e.what());
    }
  }
  return 0;
}

int flood(const std::string& place) {
  auto at = rendezvous_in(place);
  auto c = Channel::connect(*at, responses(), 5000);
  const char payload[] = "flood";
  for (unsigned i = 1;; ++i) {
    c->outgoing().push(kEcho, payload, sizeof payload);
    if (i == 10) say("sent 10");
  }
}

int elect(const std::string& place) {
  auto at = rendezvous_in(place);
  if (!input_byte()) return 2;
  ServerElection election(*at);
  say(election.won() ? "won" : "lost");
  while (input_byte()) {
  }
  return 0;
}

#if !defined(_WIN32)
int connect_as(unsigned uid, const std::string& folder) {
  if (setgid(uid) != 0 || setuid(uid) != 0) {
    say("setuid failed");
    return 2;
  }
  try {
    auto at = std::unique_ptr<UserRendezvous>(new UserRendezvous(folder));  // not checked: not this user's
    auto c = Channel::connect(*at, responses(), 200);
    say("connected");
  } catch (const Error& e) {
    say("refused " + std::to_string(e.code()) + " " + e.what());
  }
  return 0;
}
#endif

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  try {
    if (what == "serve" && argc == 3) return serve(argv[2]);
    if (what == "flood" && argc == 3) return flood(argv[2]);
    if (what == "elect" && argc == 3) return elect(argv[2]);
#if !defined(_WIN32)
    if (what == "connect-as" && argc == 4) return connect_as(static_cast<unsigned>(std::atoi(argv[2])), argv[3]);
#endif
  } catch (const Error& e) {
    say("error " + std::to_string(e.code()) + " " + e.what());
    return 1;
  }
  std::fprintf(stderr, "usage: mqlcl_remote_child serve|flood|elect PLACE | connect-as UID FOLDER\n");
  return 2;
}
