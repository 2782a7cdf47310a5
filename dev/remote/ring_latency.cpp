// Latency of the transport to a shared GPU server (dll/src/remote), outside the library: a
// forked server process echoes through a channel in a fresh private folder, and the client times
//   round trip   one request, then its answer, REPS times (median and 99th percentile)
//   one-way      REPS requests written back to back (a launch's message), then one answer
//                that the server sends after reading them all: time per message
// each with waits that spin first (the library's default) and with waits that sleep at once
// (spin 0 us). Linux. Build and run from the repository root (REPS: 20000 unless given):
//   g++ -O2 -std=c++17 -Idll/src -Idll/include dev/remote/ring_latency.cpp dll/src/remote/*.cpp dll/src/core/error.cpp -o ring_latency
//   ./ring_latency [REPS]
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "remote/channel.hpp"
#include "remote/server_election.hpp"

using namespace mqlcl;
using steady = std::chrono::steady_clock;

enum : uint32_t { kEcho = 1, kLaunch = 2, kFlush = 3 };

static void serve(const UserRendezvous& at, const ServerElection& won, WaitLimits limits) {
  ChannelListener listener(at, won);
  std::unique_ptr<Channel> c;
  while (!c) c = listener.accept(1000, MessageRules{{0, kSlotPayloadBytes, kSlotPayloadBytes, 0}}, limits);
  Message m;
  try {
    for (;;) {
      c->incoming().pop(m);
      if (m.kind == kEcho || m.kind == kFlush) c->outgoing().push(kEcho, m.payload, m.kind == kEcho ? m.length : 0);
    }
  } catch (const Error&) {
    // the client ended
  }
}

static void measure(const char* name, WaitLimits limits, int reps) {
  char folder[] = "/tmp/mqlcl-bench-XXXXXX";
  if (!mkdtemp(folder)) return;
  const std::string place = std::string(folder) + "/r";
  auto at = rendezvous_in(place);
  const pid_t server = fork();
  if (server == 0) {
    ServerElection election(*at);
    if (election.won()) serve(*at, election, limits);
    _exit(0);
  }
  auto c = Channel::connect(*at, MessageRules{{0, kSlotPayloadBytes}}, 5000, limits);
  Message m;
  const char payload[64] = {};
  std::vector<double> trips;
  for (int i = 0; i < reps + 100; ++i) {
    const steady::time_point t0 = steady::now();
    c->outgoing().push(kEcho, payload, sizeof payload);
    c->incoming().pop(m);
    if (i >= 100) trips.push_back(std::chrono::duration<double, std::micro>(steady::now() - t0).count());
  }
  std::sort(trips.begin(), trips.end());
  const steady::time_point t0 = steady::now();
  for (int i = 0; i < reps; ++i) c->outgoing().push(kLaunch, payload, sizeof payload);
  c->outgoing().push(kFlush, nullptr, 0);
  c->incoming().pop(m);
  const double one_way = std::chrono::duration<double, std::micro>(steady::now() - t0).count() / reps;
  std::printf("%-22s round trip median %7.2f us, p99 %7.2f us; one-way %6.3f us a message\n", name,
              trips[trips.size() / 2], trips[trips.size() * 99 / 100], one_way);
  c.reset();
  waitpid(server, nullptr, 0);
  std::string rm = std::string("rm -rf ") + folder;
  if (std::system(rm.c_str()) != 0) std::fprintf(stderr, "%s left behind\n", folder);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20000;
  try {
    measure("spin 50 us, then sleep", WaitLimits{50, 20}, reps);
    measure("sleep at once", WaitLimits{0, 20}, reps);
  } catch (const Error& e) {
    std::fprintf(stderr, "error %d: %s\n", e.code(), e.what());
    return 1;
  }
  return 0;
}
