// The GPU server's life: elected as this user's one server (or gone at once when another runs),
// it listens, serves each client on a thread of its own (a ring's end is used by one thread),
// frees a client's objects when its channel ends (the client ended or sent a frame that cannot
// be followed), and ends once no client came for its idle time.
#pragma once
#include <string>

#include "remote/wakeup.hpp"

namespace mqlcl {

// The strategy tester starts its agents' processes pass after pass; a pause between passes
// shorter than this keeps the server, its contexts and their built programs; a longer one
// costs only a restart (a context and the programs' builds).
constexpr unsigned kIdleSeconds = 60;

struct ServerSettings {
  std::string place;  // the rendezvous (rendezvous_in); empty: this user's (user_rendezvous)
  unsigned idle_seconds = kIdleSeconds;
  WaitLimits waits;  // how its waits for a client's request spin before they sleep
};

// Serves until idle; the process's exit status (0 also when another server runs).
int run_server(const ServerSettings& settings);

}  // namespace mqlcl
