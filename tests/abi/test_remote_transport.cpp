// The transport to a shared GPU server (dll/src/remote): the rings' messages and their checks
// in one process; a channel and the election between two threads (every platform: on Windows
// the pipe, mapping, events and mutex); the rendezvous folder's checks; then real processes
// (tests/abi/remote_transport_child.cpp, Linux) at the other end of a channel and of the
// election: round trips, a client or the server killed mid-stream, exactly one server elected.
// Verdicts are counts and messages, never times: a long bound only detects a hang.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#if defined(_WIN32)
#include <process.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#endif
#include <filesystem>

#include "core/error.hpp"
#include "remote/bulk_copy.hpp"
#include "remote/channel.hpp"
#include "remote/ring.hpp"
#include "remote/server_election.hpp"
#include "remote/user_rendezvous.hpp"
#include "remote_place.hpp"

namespace {

using namespace mqlcl;

// A payload that differs for each message and length: byte i of message n.
unsigned char pattern(uint32_t n, uint32_t i) { return static_cast<unsigned char>(n * 131u + i * 7u + 1u); }
uint32_t length_of(uint32_t n) { return n * 37u % (kSlotPayloadBytes + 1); }

// Both ends of one ring in this process's memory; the peer always runs.
struct LocalRing : PeerWatch {
  static constexpr uint32_t kSlots = 8;
  RingControl control{};
  std::vector<RingSlot> slots = std::vector<RingSlot>(kSlots);
  Doorbell bell;
  WaitLimits limits{0, 1};
  RingEnd end() { return RingEnd{RingMemory{&control, slots.data(), kSlots}, &bell, this, limits}; }
  bool peer_alive() override { return true; }
  std::string peer_name() const override { return "the test's peer"; }
};

// The code and message of what body() throws (0 and "" when it throws nothing).
template <class F>
std::pair<int, std::string> refusal(F&& body) {
  try {
    body();
  } catch (const Error& e) {
    return {e.code(), e.what()};
  }
  return {0, ""};
}

TEST(RemoteRing, MessagesArriveInOrderWithTheirPayloads) {
  LocalRing r;
  RingWriter writer(r.end());
  RingReader reader(r.end(), MessageRules{{0, kSlotPayloadBytes, 16}});
  Message m;
  std::vector<unsigned char> payload(kSlotPayloadBytes);
  uint32_t written = 0, read = 0;
  // Rounds that fill the ring (a full ring refuses one more), then drain part of it: 5 laps.
  while (read < 5 * LocalRing::kSlots) {
    while (true) {
      const uint32_t n = written + 1, len = length_of(n);
      for (uint32_t i = 0; i < len; ++i) payload[i] = pattern(n, i);
      if (!writer.try_push(n % 3 == 0 ? 2 : 1, payload.data(), n % 3 == 0 ? len % 17 : len)) break;
      ++written;
    }
    EXPECT_EQ(written - read, LocalRing::kSlots) << "a ring is full at its slot count";
    for (int k = 0; k < 5; ++k) {
      ASSERT_TRUE(reader.try_pop(m));
      ++read;
      ASSERT_EQ(m.sequence, read);
      ASSERT_EQ(m.kind, read % 3 == 0 ? 2u : 1u);
      const uint32_t len = read % 3 == 0 ? length_of(read) % 17 : length_of(read);
      ASSERT_EQ(m.length, len);
      for (uint32_t i = 0; i < len; ++i) ASSERT_EQ(m.payload[i], pattern(read, i)) << "message " << read << " byte " << i;
    }
  }
  while (reader.try_pop(m)) ++read;
  EXPECT_EQ(read, written);
  EXPECT_FALSE(reader.try_pop(m)) << "an empty ring gives nothing";
}

TEST(RemoteRing, WriterRefusesWhatIsNoMessage) {
  LocalRing r;
  RingWriter writer(r.end());
  const std::vector<unsigned char> big(kSlotPayloadBytes + 1);
  auto kind0 = refusal([&] { writer.push(0, nullptr, 0); });
  EXPECT_EQ(kind0.first, MQLCL_ERR_ARGUMENT);
  EXPECT_NE(kind0.second.find("kind 0"), std::string::npos) << kind0.second;
  auto too_long = refusal([&] { writer.push(1, big.data(), kSlotPayloadBytes + 1); });
  EXPECT_EQ(too_long.first, MQLCL_ERR_RANGE);
  EXPECT_NE(too_long.second.find(std::to_string(kSlotPayloadBytes + 1) + " bytes"), std::string::npos) << too_long.second;
  // A consumer claiming to have read more than was written: refused when the writer next reads
  // its count, once the ring seems full (until then the count it last read keeps it safe).
  for (uint32_t i = 0; i < LocalRing::kSlots; ++i) writer.push(1, nullptr, 0);
  r.control.consumed.store(LocalRing::kSlots + 5);
  auto claim = refusal([&] { writer.push(1, nullptr, 0); });
  EXPECT_EQ(claim.first, MQLCL_ERR_RANGE);
  EXPECT_NE(claim.second.find("claims to have read 13 messages of 8"), std::string::npos) << claim.second;
  // Nor may it go back on what it said: it read 2, then claims 1.
  LocalRing r2;
  RingWriter w2(r2.end());
  for (uint32_t i = 0; i < LocalRing::kSlots; ++i) w2.push(1, nullptr, 0);
  r2.control.consumed.store(2);
  w2.push(1, nullptr, 0);
  w2.push(1, nullptr, 0);
  r2.control.consumed.store(1);
  auto back = refusal([&] { w2.push(1, nullptr, 0); });
  EXPECT_EQ(back.first, MQLCL_ERR_RANGE);
  EXPECT_NE(back.second.find("claims to have read 1 messages of 10"), std::string::npos) << back.second;
}

// One corruption of a well-formed ring of three messages (kind 1, 10 bytes each), and what the
// reader must say of it.
struct Malformed {
  const char* name;
  void (*corrupt)(LocalRing&);
  int code;
  const char* says;
};

const Malformed kMalformed[] = {
    {"length beyond its kind's bound", [](LocalRing& r) { r.slots[1].header.length = 11; }, MQLCL_ERR_RANGE,
     "message 2 (kind 1) claims a payload of 11 bytes, more than its kind's 10"},
    {"payload beyond the slot", [](LocalRing& r) { r.slots[1].header.length = kSlotPayloadBytes + 1; },
     MQLCL_ERR_RANGE, "beyond its slot's"},
    {"payload length wrapping", [](LocalRing& r) { r.slots[1].header.length = 0xFFFFFFFFu; }, MQLCL_ERR_RANGE,
     "claims a payload of 4294967295 bytes"},
    {"unknown kind", [](LocalRing& r) { r.slots[1].header.kind = 3; }, MQLCL_ERR_ARGUMENT,
     "message 2 is of an unknown kind 3"},
    {"kind 0", [](LocalRing& r) { r.slots[1].header.kind = 0; }, MQLCL_ERR_ARGUMENT, "unknown kind 0"},
    {"sequence out of order", [](LocalRing& r) { r.slots[1].header.sequence = 3; }, MQLCL_ERR_ARGUMENT,
     "message 2 has the sequence number 3 (out of order)"},
    {"a slot replayed", [](LocalRing& r) { r.slots[1] = r.slots[0]; }, MQLCL_ERR_ARGUMENT,
     "has the sequence number 1"},
    {"count beyond the ring", [](LocalRing& r) { r.control.published.store(LocalRing::kSlots + 2); },
     MQLCL_ERR_RANGE, "ahead of the 1 read, in a ring of 8 slots"},
};

TEST(RemoteRing, MalformedMessagesAreRefusedWithTheirCause) {
  for (const Malformed& bad : kMalformed) {
    SCOPED_TRACE(bad.name);
    LocalRing r;
    RingWriter writer(r.end());
    RingReader reader(r.end(), MessageRules{{0, 10}});
    const unsigned char ten[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    for (int i = 0; i < 3; ++i) writer.push(1, ten, 10);
    Message m;
    ASSERT_TRUE(reader.try_pop(m)) << "the first message is well formed";
    bad.corrupt(r);
    auto first = refusal([&] { reader.try_pop(m); });
    EXPECT_EQ(first.first, bad.code);
    EXPECT_NE(first.second.find(bad.says), std::string::npos) << first.second;
    EXPECT_NE(first.second.find("from the test's peer is refused"), std::string::npos) << first.second;
    // The reader stays refused: nothing after a malformed message is taken.
    r.control.published.store(3);
    r.slots[1].header = SlotHeader{2, 1, 10, 0};
    auto later = refusal([&] { reader.try_pop(m); });
    EXPECT_EQ(later, first);
    EXPECT_EQ(reader.consumed(), 1u);
  }
}

namespace fs = std::filesystem;

// A rendezvous of this test's own.
class TestPlace : public t::RemotePlace {
 public:
  TestPlace() : RemotePlace("mqlcl-rt") {}
};

// A large array's copy into or out of the bulk memory, in parts on several threads: every byte
// as memcpy puts it, none beyond, at sizes that split unevenly and that do not split.
TEST(RemoteBulkCopy, CopiesEveryByteAndNoneBeyond) {
  for (const size_t bytes : {size_t{0}, size_t{1}, size_t{100}, (size_t{1} << 20) + 3, (size_t{9} << 20) + 17}) {
    std::vector<unsigned char> from(bytes), to(bytes + 128, 0xAB);
    for (size_t i = 0; i < bytes; ++i) from[i] = static_cast<unsigned char>(i * 131 + (i >> 12));
    bulk_copy(to.data() + 64, from.data(), bytes);
    if (bytes != 0) EXPECT_EQ(std::memcmp(to.data() + 64, from.data(), bytes), 0) << bytes;
    for (size_t i = 0; i < 64; ++i) {
      ASSERT_EQ(to[i], 0xAB) << "before, " << bytes;
      ASSERT_EQ(to[64 + bytes + i], 0xAB) << "after, " << bytes;
    }
  }
  EXPECT_EQ(bulk_copy_threads(100), 1u);
  EXPECT_GE(bulk_copy_threads(size_t{9} << 20), 1u);
}

// One process, two threads: the server's end on a thread of its own, the client's here. The
// connection's setup, the peer's user checked, the shared memory and the wake-ups are the
// platform's own (on Windows: the named pipe, the mapping and the events, under Wine too).
TEST(RemoteChannel, RoundTripsAndAClosedPeerBetweenTwoThreads) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  ServerElection election(*at);
  ASSERT_TRUE(election.won());
  ChannelListener listener(*at, election);
  std::atomic<int> served{0};
  std::pair<int, std::string> server_saw{0, ""};
  std::thread server([&] {
    server_saw = refusal([&] {
      std::unique_ptr<Channel> c;
      for (int i = 0; i < 200 && !c; ++i) c = listener.accept(100, MessageRules{{0, kSlotPayloadBytes}});
      if (!c) return;
      Message m;
      for (;;) {  // echoes until the client's end closes
        c->incoming().pop(m);
        c->outgoing().push(1, m.payload, m.length);
        ++served;
      }
    });
  });
  auto c = Channel::connect(*at, MessageRules{{0, kSlotPayloadBytes}}, 20000);
  EXPECT_TRUE(c->peer_alive());
  Message m;
  std::vector<unsigned char> payload(kSlotPayloadBytes);
  for (uint32_t n = 1; n <= 200; ++n) {
    for (uint32_t i = 0; i < length_of(n); ++i) payload[i] = pattern(n, i);
    c->outgoing().push(1, payload.data(), length_of(n));
    ASSERT_TRUE(c->incoming().pop_until(m, std::chrono::steady_clock::now() + std::chrono::seconds(20)));
    ASSERT_EQ(m.sequence, n);
    ASSERT_EQ(m.length, length_of(n));
    for (uint32_t i = 0; i < m.length; ++i) ASSERT_EQ(m.payload[i], pattern(n, i));
  }
  c.reset();  // the server's wait learns that the client's end closed
  server.join();
  EXPECT_EQ(served.load(), 200);
  EXPECT_EQ(server_saw.first, MQLCL_ERR_NO_OPENCL) << server_saw.second;
  EXPECT_NE(server_saw.second.find("the client (process "), std::string::npos) << server_saw.second;
}

// Candidates on two threads (a Windows mutex belongs to a thread, which could take it twice).
TEST(RemoteElection, ACandidateLosesWhileTheWinnerHoldsAndWinsOnceItLetsGo) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  std::promise<bool> first_won;
  std::promise<void> let_go;
  std::thread winner([&] {
    ServerElection first(*at);
    first_won.set_value(first.won());
    let_go.get_future().wait();
  });
  EXPECT_TRUE(first_won.get_future().get());
  {
    ServerElection second(*at);
    EXPECT_FALSE(second.won()) << "the first candidate holds the lock";
    auto listen = refusal([&] { ChannelListener(*at, second); });
    EXPECT_EQ(listen.first, MQLCL_ERR_INTERNAL) << "only the elected server listens";
  }
  let_go.set_value();
  winner.join();
  ServerElection third(*at);
  EXPECT_TRUE(third.won()) << "the lock is free once its holder let go";
}

// What the child's server answers (tests/abi/remote_transport_child.cpp).
enum Kind : uint32_t { kEcho = 1, kStall = 2, kBye = 3 };
MessageRules request_rules() { return MessageRules{{0, kSlotPayloadBytes, 0, 0}}; }
MessageRules response_rules() { return MessageRules{{0, kSlotPayloadBytes}}; }

// A bound that only detects a hang: every wait below ends long before it unless something hangs.
constexpr auto kHang = std::chrono::seconds(20);

// A child process (the program beside this one) with its standard input and output piped.
struct Child {
  unsigned long long pid = 0;
#if defined(_WIN32)
  HANDLE process = nullptr;
  HANDLE in = nullptr;
  HANDLE out = nullptr;
#else
  int in = -1;
  int out = -1;
#endif
};

// The child program.
std::string child_path() { return t::built_program(MQLCL_REMOTE_CHILD); }

#if defined(_WIN32)

Child start(const std::vector<std::string>& args) {
  std::string command = "\"" + child_path() + "\"";
  for (const std::string& a : args) command += " \"" + a + "\"";
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE in_read = nullptr, in_write = nullptr, out_read = nullptr, out_write = nullptr;
  EXPECT_TRUE(CreatePipe(&in_read, &in_write, &inherit, 0));
  EXPECT_TRUE(CreatePipe(&out_read, &out_write, &inherit, 0));
  SetHandleInformation(in_write, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(out_read, HANDLE_FLAG_INHERIT, 0);
  STARTUPINFOA si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = in_read;
  si.hStdOutput = out_write;
  si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
  PROCESS_INFORMATION pi{};
  EXPECT_TRUE(CreateProcessA(nullptr, &command[0], nullptr, nullptr, TRUE, 0, nullptr, nullptr, &si, &pi)) << command;
  CloseHandle(in_read);
  CloseHandle(out_write);
  if (pi.hThread) CloseHandle(pi.hThread);
  return Child{pi.dwProcessId, pi.hProcess, in_write, out_read};
}

std::string line(const Child& c) {
  std::string s;
  char ch = 0;
  DWORD got = 0;
  while (ReadFile(c.out, &ch, 1, &got, nullptr) && got == 1 && ch != '\n') s += ch;
  if (!s.empty() && s.back() == '\r') s.pop_back();
  return s;
}

bool release(const Child& c) {
  DWORD put = 0;
  return WriteFile(c.in, "g", 1, &put, nullptr) && put == 1;
}

void kill_now(const Child& c) { TerminateProcess(c.process, 137); }

// Reaps the child (its input closed first: it ends by itself unless killed); its exit status.
int end(Child& c) {
  if (!c.process) return -1;
  CloseHandle(c.in);
  WaitForSingleObject(c.process, INFINITE);
  DWORD code = 0;
  GetExitCodeProcess(c.process, &code);
  CloseHandle(c.out);
  CloseHandle(c.process);
  c.process = nullptr;
  return static_cast<int>(code);
}

#else

Child start(std::vector<std::string> args) {
  args.insert(args.begin(), child_path());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(&a[0]);
  argv.push_back(nullptr);
  int to[2], from[2];
  EXPECT_EQ(pipe2(to, O_CLOEXEC), 0);
  EXPECT_EQ(pipe2(from, O_CLOEXEC), 0);
  const pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    dup2(to[0], 0);
    dup2(from[1], 1);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  return Child{static_cast<unsigned long long>(pid), to[1], from[0]};
}

// The child's next line ("" once it ended without one).
std::string line(const Child& c) {
  std::string s;
  char ch = 0;
  while (read(c.out, &ch, 1) == 1 && ch != '\n') s += ch;
  return s;
}

bool release(const Child& c) { return write(c.in, "g", 1) == 1; }

void kill_now(const Child& c) { kill(static_cast<pid_t>(c.pid), SIGKILL); }

int end(Child& c) {
  if (c.in < 0) return -1;
  close(c.in);
  int status = 0;
  waitpid(static_cast<pid_t>(c.pid), &status, 0);
  close(c.out);
  c.in = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// How many mappings of a channel's shared memory this process holds.
int channel_mappings() {
  std::ifstream maps("/proc/self/maps");
  int n = 0;
  for (std::string l; std::getline(maps, l);) n += l.find("memfd:mqlcl-channel") != std::string::npos;
  return n;
}

#endif

// Kills the child as a crash or the tester would, and reaps it.
void kill_child(Child& c) {
  kill_now(c);
  end(c);
}

TEST(RemoteTransport, NoServerIsAnErrorNotAWait) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  auto r = refusal([&] { Channel::connect(*at, response_rules(), 50); });
  EXPECT_EQ(r.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(r.second.find("no server answers at " + at->where()), std::string::npos) << r.second;
}

TEST(RemoteTransport, RequestsAndResponsesRoundTripBetweenTwoProcesses) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  Child server = start({"serve", p.place()});
  ASSERT_EQ(line(server), "ready");
  auto c = Channel::connect(*at, response_rules(), 5000);
  EXPECT_EQ(c->peer_pid(), server.pid);
  EXPECT_TRUE(c->peer_alive());
  Message m;
  std::vector<unsigned char> payload(kSlotPayloadBytes);
  // One at a time, then bursts as deep as the response ring: answers in order, payloads intact.
  constexpr uint32_t kRoundTrips = 500, kBursts = 20;
  uint32_t answered = 0;
  const auto check = [&](uint32_t n) {
    ASSERT_TRUE(c->incoming().pop_until(m, std::chrono::steady_clock::now() + kHang)) << "answer " << n;
    ASSERT_EQ(m.sequence, n);
    ASSERT_EQ(m.kind, static_cast<uint32_t>(kEcho));
    ASSERT_EQ(m.length, length_of(n));
    for (uint32_t i = 0; i < m.length; ++i) ASSERT_EQ(m.payload[i], pattern(n, i)) << "answer " << n << " byte " << i;
    ++answered;
  };
  const auto send = [&](uint32_t n) {
    for (uint32_t i = 0; i < length_of(n); ++i) payload[i] = pattern(n, i);
    c->outgoing().push(kEcho, payload.data(), length_of(n));
  };
  uint32_t n = 0;
  for (; n < kRoundTrips;) {
    send(++n);
    check(n);
  }
  for (uint32_t b = 0; b < kBursts; ++b) {
    const uint32_t first = n + 1;
    for (uint32_t k = 0; k < kResponseSlots; ++k) send(++n);
    for (uint32_t k = first; k <= n; ++k) check(k);
  }
  EXPECT_EQ(answered, kRoundTrips + kBursts * kResponseSlots);
  EXPECT_EQ(c->outgoing().published(), answered);
  c->outgoing().push(kBye, nullptr, 0);
  c.reset();
  EXPECT_EQ(end(server), 0);
}

TEST(RemoteTransport, TheServerSeesAKilledClientAndFreesItsState) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  ServerElection election(*at);
  ASSERT_TRUE(election.won());
  ChannelListener listener(*at, election);
  Child client = start({"flood", p.place()});
  std::unique_ptr<Channel> c;
  for (auto until = std::chrono::steady_clock::now() + kHang; !c && std::chrono::steady_clock::now() < until;)
    c = listener.accept(100, request_rules());
  ASSERT_TRUE(c) << "the client connected";
  EXPECT_EQ(c->peer_pid(), client.pid);
#if !defined(_WIN32)
  EXPECT_EQ(channel_mappings(), 1);
#endif
  Message m;
  for (uint32_t k = 1; k <= 10; ++k) {
    ASSERT_TRUE(c->incoming().pop_until(m, std::chrono::steady_clock::now() + kHang));
    ASSERT_EQ(m.sequence, k);
  }
  ASSERT_EQ(line(client), "sent 10");
  kill_child(client);
  // What the client wrote before it died is read; then the wait learns that it ended.
  auto r = refusal([&] {
    while (c->incoming().pop_until(m, std::chrono::steady_clock::now() + kHang)) {
    }
  });
  EXPECT_EQ(r.first, MQLCL_ERR_NO_OPENCL) << r.second;
  EXPECT_NE(r.second.find("the client (process "), std::string::npos) << r.second;
  EXPECT_NE(r.second.find("ended"), std::string::npos) << r.second;
  EXPECT_GE(c->incoming().consumed(), 10u);
  EXPECT_LE(c->incoming().consumed(), kRequestSlots + 11u);
  EXPECT_FALSE(c->peer_alive());
  c.reset();
#if !defined(_WIN32)
  EXPECT_EQ(channel_mappings(), 0) << "the dead client's shared memory is unmapped";
#endif
}

TEST(RemoteTransport, AClientWaitingOnAKilledServerGetsAnError) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  Child server = start({"serve", p.place()});
  ASSERT_EQ(line(server), "ready");
  auto c = Channel::connect(*at, response_rules(), 5000);
  Message m;
  c->outgoing().push(kEcho, "x", 1);
  ASSERT_TRUE(c->incoming().pop_until(m, std::chrono::steady_clock::now() + kHang));
  c->outgoing().push(kStall, nullptr, 0);
  ASSERT_EQ(line(server), "stalled 2");
  // Killed while this thread waits for an answer that will not come.
  std::thread killer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    kill_now(server);
  });
  auto r = refusal([&] { c->incoming().pop_until(m, std::chrono::steady_clock::now() + kHang); });
  killer.join();
  end(server);
  EXPECT_EQ(r.first, MQLCL_ERR_NO_OPENCL) << "an error, not a hang or a timeout: " << r.second;
  EXPECT_NE(r.second.find("the server (process " + std::to_string(server.pid) + ") ended"), std::string::npos)
      << r.second;
  // A writer that finds the ring full learns it too.
  uint32_t pushed = 0;
  auto w = refusal([&] {
    while (c->outgoing().push_until(kEcho, "x", 1, std::chrono::steady_clock::now() + kHang)) ++pushed;
  });
  EXPECT_EQ(w.first, MQLCL_ERR_NO_OPENCL) << "an error, not a hang or a timeout: " << w.second;
  EXPECT_EQ(pushed, kRequestSlots) << "the ring (both requests read) filled, then the wait for one more";
}

TEST(RemoteElection, ExactlyOneOfTwoProcessesWinsAndTheNextWinsAfterItDies) {
  TestPlace p;
  auto at = rendezvous_in(p.place());
  Child a = start({"elect", p.place()});
  Child b = start({"elect", p.place()});
  // Both released at once.
  ASSERT_TRUE(release(a));
  ASSERT_TRUE(release(b));
  const std::string said_a = line(a), said_b = line(b);
  ASSERT_TRUE((said_a == "won" && said_b == "lost") || (said_a == "lost" && said_b == "won"))
      << "a said " << said_a << ", b said " << said_b;
  Child& winner = said_a == "won" ? a : b;
  Child& loser = said_a == "won" ? b : a;
  {
    ServerElection third(*at);
    EXPECT_FALSE(third.won()) << "the winner still holds the lock";
  }
  kill_child(winner);
  {
    ServerElection next(*at);
    EXPECT_TRUE(next.won()) << "a lock whose holder died is free again";
  }
  EXPECT_EQ(end(loser), 0);
}

#if !defined(_WIN32)

TEST(RemoteRendezvous, FolderIsMadeForThisUserAlone) {
  TestPlace f;
  auto at = rendezvous_in(f.place());
  struct stat st {};
  ASSERT_EQ(lstat(f.place().c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  EXPECT_EQ(st.st_uid, geteuid());
  EXPECT_EQ(at->path("server.sock"), f.place() + "/server.sock");
  EXPECT_NO_THROW(rendezvous_in(f.place())) << "an existing private folder serves again";
}

TEST(RemoteRendezvous, FolderOthersCouldUseIsRefused) {
  TestPlace f;
  const std::string dir = f.place();
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  const struct {
    mode_t mode;
    const char* says;
  } modes[] = {{0770, "mode 0770"}, {0707, "mode 0707"}, {0701, "mode 0701"}, {0710, "mode 0710"}};
  for (const auto& m : modes) {
    ASSERT_EQ(chmod(dir.c_str(), m.mode), 0);
    auto r = refusal([&] { rendezvous_in(dir); });
    EXPECT_EQ(r.first, MQLCL_ERR_NO_OPENCL);
    EXPECT_NE(r.second.find("its group or others have access (" + std::string(m.says)), std::string::npos) << r.second;
  }
  ASSERT_EQ(chmod(dir.c_str(), 0700), 0);
  EXPECT_NO_THROW(rendezvous_in(dir));

  // A symbolic link to a private folder of this user's: refused all the same (it could be moved).
  const std::string link = f.parent() + "/link";
  ASSERT_EQ(symlink(dir.c_str(), link.c_str()), 0);
  auto l = refusal([&] { rendezvous_in(link); });
  EXPECT_EQ(l.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(l.second.find("is a symbolic link"), std::string::npos) << l.second;

  const std::string file = f.parent() + "/file";
  std::ofstream(file) << "x";
  auto nf = refusal([&] { rendezvous_in(file); });
  EXPECT_EQ(nf.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(nf.second.find("is not a folder"), std::string::npos) << nf.second;

  auto rel = refusal([&] { rendezvous_in("relative/folder"); });
  EXPECT_EQ(rel.first, MQLCL_ERR_ARGUMENT);

  // A parent where others may rename entries (the folder could be swapped), unless sticky as /tmp.
  ASSERT_EQ(chmod(f.parent().c_str(), 0777), 0);
  auto open_parent = refusal([&] { rendezvous_in(dir); });
  EXPECT_EQ(open_parent.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(open_parent.second.find("other users may rename what its parent " + f.parent() +
                                    " holds (mode 0777 without the sticky bit)"),
            std::string::npos)
      << open_parent.second;
  ASSERT_EQ(chmod(f.parent().c_str(), 01777), 0);
  EXPECT_NO_THROW(rendezvous_in(dir));
  ASSERT_EQ(chmod(f.parent().c_str(), 0700), 0);
}

TEST(RemoteRendezvous, AnotherUsersFolderIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "only root can give a folder to another user";
  TestPlace f;
  const std::string dir = f.place();
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  ASSERT_EQ(chown(dir.c_str(), 65534, 65534), 0);
  auto r = refusal([&] { rendezvous_in(dir); });
  EXPECT_EQ(r.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(r.second.find("owned by uid 65534, not by this user (uid 0)"), std::string::npos) << r.second;
  // This user's folder in another user's folder.
  ASSERT_EQ(chown(dir.c_str(), 0, 0), 0);
  ASSERT_EQ(chown(f.parent().c_str(), 65534, 65534), 0);
  auto p = refusal([&] { rendezvous_in(dir); });
  EXPECT_EQ(p.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(p.second.find("its parent " + f.parent() + " is owned by uid 65534"), std::string::npos) << p.second;
  ASSERT_EQ(chown(f.parent().c_str(), 0, 0), 0);
}

TEST(RemoteTransport, AServerRefusesMemoryItCannotTrust) {
  TestPlace f;
  auto at = rendezvous_in(f.place());
  ServerElection election(*at);
  ChannelListener listener(*at, election);
  // A client's setup by hand: the right header with shared memory that is unsealed, or short.
  const auto setup = [&](bool seal, size_t bytes) {
    const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strcpy(a.sun_path, at->path("server.sock").c_str());
    EXPECT_EQ(connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    const int fd = memfd_create("forged", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    EXPECT_EQ(ftruncate(fd, static_cast<off_t>(bytes)), 0);
    if (seal) {
      EXPECT_EQ(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW), 0);
    }
    struct {
      uint32_t magic, version;
      uint64_t bytes;
    } hello{0x4D514C43, 1, sizeof(ChannelMemory)};
    iovec part{&hello, sizeof hello};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &part;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr* cm = CMSG_FIRSTHDR(&msg);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(cm), &fd, sizeof fd);
    EXPECT_EQ(sendmsg(s, &msg, MSG_NOSIGNAL), static_cast<ssize_t>(sizeof hello));
    close(fd);
    auto r = refusal([&] { listener.accept(5000, request_rules()); });
    int32_t welcome[4] = {};
    EXPECT_EQ(recv(s, welcome, sizeof welcome, MSG_WAITALL), static_cast<ssize_t>(sizeof welcome));
    EXPECT_EQ(welcome[2], r.first) << "the client is told the code it was refused with";
    close(s);
    return r;
  };
  auto unsealed = setup(false, sizeof(ChannelMemory));
  EXPECT_EQ(unsealed.first, MQLCL_ERR_ARGUMENT);
  EXPECT_NE(unsealed.second.find("not sealed against shrinking"), std::string::npos) << unsealed.second;
  auto shorter = setup(true, 4096);
  EXPECT_EQ(shorter.first, MQLCL_ERR_RANGE);
  EXPECT_NE(shorter.second.find("4096 bytes where " + std::to_string(sizeof(ChannelMemory))), std::string::npos)
      << shorter.second;
  EXPECT_EQ(channel_mappings(), 0);
}

TEST(RemoteTransport, AnotherUserCannotConnect) {
  if (geteuid() != 0) GTEST_SKIP() << "only root can run a process as another user";
  TestPlace f;
  Child server = start({"serve", f.place()});
  ASSERT_EQ(line(server), "ready");
  Child other = start({"connect-as", "65534", f.place()});
  const std::string said = line(other);
  EXPECT_EQ(said.rfind("refused " + std::to_string(MQLCL_ERR_NO_OPENCL) + " ", 0), 0u) << said;
  EXPECT_NE(said.find("Permission denied"), std::string::npos) << said;
  EXPECT_EQ(end(other), 0);
  EXPECT_EQ(end(server), 0);
}

#endif

}  // namespace
