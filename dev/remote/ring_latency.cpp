// Latency of the transport to a shared GPU server (dll/src/remote), outside the library: a
// server process (this program again) echoes through a channel at a fresh rendezvous, and the
// client times
//   round trip   one request, then its answer, REPS times (median and 99th percentile)
//   one-way      REPS requests written back to back (a launch's message), then one answer
//                that the server sends after reading them all: time per message
// each with waits that spin first (the library's default) and with waits that sleep at once
// (spin 0 us: Linux a futex, Windows an event). Build and run from the repository root (REPS:
// 20000 unless given); Linux:
//   g++ -O2 -std=c++17 -Idll/src -Idll/include dev/remote/ring_latency.cpp dll/src/remote/*.cpp dll/src/core/error.cpp dll/src/core/text.cpp -o ring_latency
//   ./ring_latency [REPS]
// Windows (then run natively or under Wine):
//   x86_64-w64-mingw32-g++-posix -O2 -std=c++17 -static -Idll/src -Idll/include dev/remote/ring_latency.cpp dll/src/remote/*.cpp dll/src/core/error.cpp dll/src/core/text.cpp -o ring_latency.exe
#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "remote/channel.hpp"
#include "remote/server_election.hpp"

using namespace mqlcl;
using steady = std::chrono::steady_clock;

enum : uint32_t { kEcho = 1, kLaunch = 2, kFlush = 3 };

// The server: echoes each request, answers a flush with an empty echo, ends with its client.
static int serve(const std::string& place, unsigned spin_us) {
  const WaitLimits limits{spin_us, 20};
  auto at = rendezvous_in(place);
  ServerElection election(*at);
  if (!election.won()) return 3;
  ChannelListener listener(*at, election);
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
  return 0;
}

// Starts this program as the server at `place`; returns something to wait on.
static long long start_server(const char* self, const std::string& place, unsigned spin_us) {
#if defined(_WIN32)
  (void)self;
  char path[MAX_PATH];
  GetModuleFileNameA(nullptr, path, MAX_PATH);
  std::string command = std::string("\"") + path + "\" serve " + place + " " + std::to_string(spin_us);
  STARTUPINFOA si{};
  si.cb = sizeof si;
  PROCESS_INFORMATION pi{};
  if (!CreateProcessA(nullptr, &command[0], nullptr, nullptr, FALSE, 0, nullptr, nullptr, &si, &pi)) return 0;
  CloseHandle(pi.hThread);
  return reinterpret_cast<long long>(pi.hProcess);
#else
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string spin = std::to_string(spin_us);
    execl(self, self, "serve", place.c_str(), spin.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
#endif
}

static void wait_server(long long server) {
#if defined(_WIN32)
  WaitForSingleObject(reinterpret_cast<HANDLE>(server), INFINITE);
  CloseHandle(reinterpret_cast<HANDLE>(server));
#else
  waitpid(static_cast<pid_t>(server), nullptr, 0);
#endif
}

static void measure(const char* self, const char* name, unsigned spin_us, int reps) {
#if defined(_WIN32)
  const std::string place = "mqlcl-bench-" + std::to_string(GetCurrentProcessId()) + "-" + std::to_string(spin_us);
#else
  char folder[] = "/tmp/mqlcl-bench-XXXXXX";
  if (!mkdtemp(folder)) return;
  const std::string place = std::string(folder) + "/r";
#endif
  auto at = rendezvous_in(place);
  const long long server = start_server(self, place, spin_us);
  const WaitLimits limits{spin_us, 20};
  auto c = Channel::connect(*at, MessageRules{{0, kSlotPayloadBytes}}, 10000, limits);
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
  std::printf("%-24s round trip median %8.2f us, p99 %8.2f us; one-way %6.3f us a message\n", name,
              trips[trips.size() / 2], trips[trips.size() * 99 / 100], one_way);
  c.reset();
  wait_server(server);
#if !defined(_WIN32)
  std::error_code ec;
  std::filesystem::remove_all(folder, ec);
#endif
}

int main(int argc, char** argv) {
  try {
    if (argc == 4 && std::string(argv[1]) == "serve") return serve(argv[2], static_cast<unsigned>(std::atoi(argv[3])));
    const int reps = argc > 1 ? std::atoi(argv[1]) : 20000;
    measure(argv[0], "spin 50 us, then sleep", 50, reps);
    measure(argv[0], "sleep at once", 0, reps);
  } catch (const Error& e) {
    std::fprintf(stderr, "error %d: %s\n", e.code(), e.what());
    return 1;
  }
  return 0;
}
