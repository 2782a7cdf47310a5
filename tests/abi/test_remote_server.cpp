// The GPU server (server/) through its client (dll/src/remote/remote_client): a vector add whose
// result equals the same kernel run in this process bit for bit; two clients that cannot reach
// each other's objects; malformed and random requests refused with a code and a message while
// the server serves on; a client killed mid-chain (its launches queued) whose objects the server
// frees; a kernel that faults on the device (each client told, the server going on or ending for
// a new one); the server killed under a client (an error, not a hang; the next connect starts a
// new server). Each test
// starts its own server at a rendezvous of its own (Linux: a folder; Windows: a scope of names).
// Two clients of one test are two channels of this process; the killed client is a process of
// its own (tests/abi/remote_server_child.cpp).
#include <gtest/gtest.h>

#if defined(_WIN32)
#include <process.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/text.hpp"
#include "mqlcl.h"
#include "remote/channel.hpp"
#include "remote/protocol.hpp"
#include "remote/remote_client.hpp"
#include "remote/request_kinds.hpp"
#include "remote_place.hpp"
#include "support.hpp"

namespace {

using namespace mqlcl;
namespace fs = std::filesystem;

// A bound that only detects a hang.
constexpr auto kHang = std::chrono::seconds(20);

#if defined(__SANITIZE_ADDRESS__)
// Under ASan, the servers the tests start run with ASan's alternate signal stacks off: PoCL
// builds a program with LLVM on the calling thread (in the server, a client's thread), LLVM gives
// that thread an alternate signal stack of its own from malloc, and ASan, at the thread's end,
// unmaps it as its own and stops the server.
void servers_without_sigaltstack() {
  static bool done = false;
  if (done) return;
  done = true;
  const char* had = std::getenv("ASAN_OPTIONS");
  const std::string options = std::string(had ? had : "") + (had && *had ? ":" : "") + "use_sigaltstack=0";
  setenv("ASAN_OPTIONS", options.c_str(), 1);
}
#else
void servers_without_sigaltstack() {}
#endif

// A rendezvous of the test's own, and the options that start its server there.
class ServerPlace : public t::RemotePlace {
 public:
  ServerPlace() : RemotePlace("mqlcl-rs") { servers_without_sigaltstack(); }
  ServerOptions options() const {
    ServerOptions o;
    o.place = place();
    o.server_program = t::built_program(MQLCL_GPU_SERVER);
    o.idle_seconds = 2;
    return o;
  }
};

// The client process of tests/abi/remote_server_child.cpp, its output piped here, its input
// held open (it waits until it ends).
class ChildClient {
 public:
  ChildClient(const std::string& place, const std::string& server) {
    const std::string program = t::built_program(MQLCL_REMOTE_SERVER_CHILD);
#if defined(_WIN32)
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE out_read = nullptr, out_write = nullptr, in_read = nullptr;
    EXPECT_TRUE(CreatePipe(&out_read, &out_write, &inherit, 0));
    EXPECT_TRUE(CreatePipe(&in_read, &in_, &inherit, 0));
    SetHandleInformation(out_read, HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(in_, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOA startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = in_read;
    startup.hStdOutput = out_write;
    startup.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    std::string line = "\"" + program + "\" \"" + place + "\" \"" + server + "\"";
    PROCESS_INFORMATION info{};
    EXPECT_TRUE(CreateProcessA(program.c_str(), &line[0], nullptr, nullptr, TRUE, 0, nullptr, nullptr, &startup, &info));
    CloseHandle(info.hThread);
    CloseHandle(out_write);
    CloseHandle(in_read);
    process_ = info.hProcess;
    out_ = out_read;
#else
    int from[2], to[2];
    EXPECT_EQ(pipe2(from, O_CLOEXEC), 0);
    EXPECT_EQ(pipe2(to, O_CLOEXEC), 0);
    std::string p = program, at = place, s = server;
    char* argv[] = {&p[0], &at[0], &s[0], nullptr};
    pid_ = fork();
    if (pid_ == 0) {  // only async-signal-safe calls until exec
      dup2(to[0], 0);
      dup2(from[1], 1);
      execv(argv[0], argv);
      _exit(127);
    }
    close(from[1]);
    close(to[0]);
    out_ = from[0];
    in_ = to[1];
#endif
  }
  // Its next line ("" once it ended without one).
  std::string line() {
    std::string s;
    char ch = 0;
#if defined(_WIN32)
    DWORD got = 0;
    while (ReadFile(out_, &ch, 1, &got, nullptr) && got == 1 && ch != '\n') s += ch;
    if (!s.empty() && s.back() == '\r') s.pop_back();
#else
    while (read(out_, &ch, 1) == 1 && ch != '\n') s += ch;
#endif
    return s;
  }
  // Killed and reaped.
  void kill_now() {
#if defined(_WIN32)
    TerminateProcess(process_, 137);
    WaitForSingleObject(process_, INFINITE);
#else
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
#endif
  }
  ~ChildClient() {
#if defined(_WIN32)
    CloseHandle(out_);
    CloseHandle(in_);
    CloseHandle(process_);
#else
    close(out_);
    close(in_);
#endif
  }

 private:
#if defined(_WIN32)
  HANDLE process_ = nullptr, out_ = nullptr, in_ = nullptr;
#else
  pid_t pid_ = -1;
  int out_ = -1, in_ = -1;
#endif
};

Packer request(Request kind) { return Packer().u32(static_cast<uint32_t>(kind)); }
// An export's request (remote/generate_requests.py), packed as its client side packs it.
Packer request(uint32_t kind) { return Packer().u32(kind); }
// An array argument: present, of `bytes` bytes; and a string.
Packer& array(Packer& p, const void* data, uint32_t bytes) { return p.u32(1).array(data, bytes, 1); }
Packer& text(Packer& p, const std::u16string& s) { return p.u32(1).text(s); }
Packer program(int ctx, const std::u16string& source) {
  Packer p = request(kRequest_mqlcl_program);
  p.i32(ctx);
  text(p, source);
  return text(p, u"");
}
Packer kernel(int program, const std::u16string& name) {
  Packer p = request(kRequest_mqlcl_kernel);
  p.i32(program);
  return text(p, name);
}
// mqlcl_enqueue(kernel, 1, null, 0, global, 1, local, 1).
Packer enqueue(int kernel, unsigned global, unsigned local) {
  Packer p = request(kRequest_mqlcl_enqueue);
  p.i32(kernel).i32(1).u32(0).i32(0);
  array(p, &global, 4).i32(1);
  return array(p, &local, 4).i32(1);
}
Packer last_error(int handle) {
  Packer p = request(kRequest_mqlcl_last_error);
  p.i32(handle);
  const char16_t none[512] = {};
  return array(p, none, sizeof none).i32(512);
}
// The message a mqlcl_last_error request wrote.
std::string written(const Reply& r) {
  std::u16string s(r.out.size() / 2, u'\0');
  if (!s.empty()) std::memcpy(&s[0], r.out.data(), s.size() * 2);
  return utf16_to_utf8(s.c_str());
}
Reply written_as_message(Reply r) {
  r.message = utf8_to_utf16(written(r));
  return r;
}
// Requests whose arrays are not what their counts say (a client that lies).
Packer write_claiming(int buffer, int data_count) {
  Packer p = request(kRequest_mqlcl_buffer_write_bytes);
  p.i32(buffer).i64(0);
  return array(p, "12345678", 8).i32(data_count).i32(4).i32(0).i32(1);
}
Packer read_claiming(int buffer, int data_count) {
  Packer p = request(kRequest_mqlcl_buffer_read_bytes);
  p.i32(buffer).i64(0);
  return array(p, nullptr, 0).i32(data_count).i32(4).i32(0).i32(1);
}
Packer enqueue_claiming(int kernel) {
  const unsigned four[4] = {1, 1, 1, 1};
  Packer p = request(kRequest_mqlcl_enqueue);
  p.i32(kernel).i32(1).u32(0).i32(0);
  return array(p, four, 16).i32(1).u32(0).i32(0);
}

std::string text(const std::u16string& s) { return utf16_to_utf8(s.c_str()); }

// A client with the calls the tests make.
struct Client {
  std::unique_ptr<RemoteClient> remote;
  explicit Client(const ServerPlace& p) : remote(RemoteClient::connect(p.options())) {}
  Reply call(const Packer& p) { return remote->call(p.bytes()); }
  int64_t result(const Packer& p) { return call(p).result; }
  int create() { return static_cast<int>(result(request(Request::Create).i32(MQLCL_DEVICE_BEST))); }
  int buffer(int ctx, long long bytes) {
    return static_cast<int>(result(request(kRequest_mqlcl_buffer).i32(ctx).i64(bytes).i32(MQLCL_MEM_READ_WRITE)));
  }
  // mqlcl_buffer_write_bytes(buffer, 0, data, n, 4, 0, n).
  Reply write(int buffer, const std::vector<float>& data) {
    const int n = static_cast<int>(data.size());
    Packer p = request(kRequest_mqlcl_buffer_write_bytes);
    p.i32(buffer).i64(0);
    return call(array(p, data.data(), static_cast<uint32_t>(n * 4)).i32(n).i32(4).i32(0).i32(n));
  }
  // mqlcl_buffer_read_bytes(buffer, 0, out, n, 4, 0, n).
  Reply read(int buffer, int count) {
    std::vector<float> none(count > 0 ? count : 0);
    Packer p = request(kRequest_mqlcl_buffer_read_bytes);
    p.i32(buffer).i64(0);
    return call(array(p, none.data(), static_cast<uint32_t>(none.size() * 4)).i32(count).i32(4).i32(0).i32(count));
  }
  std::vector<float> floats(int buffer, int count) {
    const Reply r = read(buffer, count);
    EXPECT_EQ(r.result, count) << text(r.message);
    std::vector<float> v(r.out.size() / 4);
    if (!v.empty()) std::memcpy(v.data(), r.out.data(), v.size() * 4);
    return v;
  }
  int server_handles() { return static_cast<int>(result(request(Request::ServerHandles))); }
};

constexpr char16_t kSource[] =
    u"__kernel void axpb(__global const float* a, __global const float* b, __global float* c, float s, int n) {\n"
    u"  int i = get_global_id(0);\n"
    u"  if (i < n) c[i] = a[i] * s + b[i] / (float)(i + 1);\n"
    u"}\n";

// What the library says of handle `number` unknown to it, through `call` (an export given a
// handle it never made): what a client's foreign handle must get from the server.
template <class Call>
std::string library_says(int number, Call call) {
  const int never = (1 << 30) - 1;  // below the server's handles: the library's own refusal
  char16_t buf[512] = {};
  std::string m;
  if (call(never, buf) != MQLCL_ERR_HANDLE) return "(no refusal)";
  m = utf16_to_utf8(buf);
  const size_t at = m.find(std::to_string(never));
  EXPECT_NE(at, std::string::npos) << m;
  if (at != std::string::npos) m.replace(at, std::to_string(never).size(), std::to_string(number));
  return m;
}
// The calling thread's last failure (the message of an export that failed).
int with_message(int rc, char16_t* buf) {
  mqlcl_last_error(0, buf, 512);
  return rc;
}

TEST(RemoteServer, AVectorAddEqualsTheSameKernelInThisProcessBitForBit) {
  ServerPlace p;
  Client c(p);
  // Over 4 KB each: the transfers cross several ring slots.
  constexpr int n = 5000;
  const std::vector<float> a = t::random_floats(n, 1), b = t::random_floats(n, 2);
  const float s = 1.37f;

  const int ctx = c.create();
  ASSERT_GT(ctx, 0);
  const int ba = c.buffer(ctx, n * 4), bb = c.buffer(ctx, n * 4), bc = c.buffer(ctx, n * 4);
  ASSERT_GT(ba, 0);
  ASSERT_GT(bb, 0);
  ASSERT_GT(bc, 0);
  EXPECT_EQ(c.write(ba, a).result, n);
  EXPECT_EQ(c.write(bb, b).result, n);
  const int prog = static_cast<int>(c.result(program(ctx, kSource)));
  ASSERT_GT(prog, 0);
  const int kern = static_cast<int>(c.result(kernel(prog, u"axpb")));
  ASSERT_GT(kern, 0);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_arg_mem).i32(kern).i32(0).i32(ba)), MQLCL_OK);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_arg_mem).i32(kern).i32(1).i32(bb)), MQLCL_OK);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_arg_mem).i32(kern).i32(2).i32(bc)), MQLCL_OK);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_arg_float).i32(kern).i32(3).f32(s)), MQLCL_OK);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_arg_int).i32(kern).i32(4).i32(n)), MQLCL_OK);
  const unsigned global[1] = {5008}, local[1] = {16};
  EXPECT_EQ(c.result(enqueue(kern, global[0], local[0])), MQLCL_OK);
  EXPECT_EQ(c.result(request(kRequest_mqlcl_finish).i32(ctx)), MQLCL_OK);
  const std::vector<float> remote = c.floats(bc, n);

  // The same calls in this process.
  const int lctx = mqlcl_create(MQLCL_DEVICE_BEST);
  ASSERT_GT(lctx, 0);
  const int la = mqlcl_buffer(lctx, n * 4, 0), lb = mqlcl_buffer(lctx, n * 4, 0), lc = mqlcl_buffer(lctx, n * 4, 0);
  EXPECT_EQ(mqlcl_buffer_write_float(la, a.data(), 0, n), n);
  EXPECT_EQ(mqlcl_buffer_write_float(lb, b.data(), 0, n), n);
  const int lp = mqlcl_program(lctx, kSource, u"");
  ASSERT_GT(lp, 0);
  const int lk = mqlcl_kernel(lp, u"axpb");
  ASSERT_GT(lk, 0);
  mqlcl_arg_mem(lk, 0, la);
  mqlcl_arg_mem(lk, 1, lb);
  mqlcl_arg_mem(lk, 2, lc);
  mqlcl_arg_float(lk, 3, s);
  mqlcl_arg_int(lk, 4, n);
  EXPECT_EQ(mqlcl_enqueue(lk, 1, nullptr, 0, global, 1, local, 1), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(lctx), MQLCL_OK);
  std::vector<float> local_result(n);
  EXPECT_EQ(mqlcl_buffer_read_float(lc, local_result.data(), 0, n), n);

  ASSERT_EQ(remote.size(), static_cast<size_t>(n));
  EXPECT_EQ(std::memcmp(remote.data(), local_result.data(), n * 4), 0) << "bit for bit";
  // And against the arithmetic itself, on a few elements (the kernel ran at all).
  for (int i : {0, 1, 4999}) EXPECT_NEAR(remote[i], a[i] * s + b[i] / float(i + 1), 1e-5f) << i;

  // A failure's code and message are the library's: a launch whose work-group does not divide.
  const unsigned odd[1] = {5000}, group[1] = {64};
  const Reply bad = c.call(enqueue(kern, odd[0], group[0]));
  const int lrc = mqlcl_enqueue(lk, 1, nullptr, 0, odd, 1, group, 1);
  char16_t buf[1024];
  mqlcl_last_error(lk, buf, 1024);
  mqlcl_free(lctx);
  EXPECT_EQ(bad.result, lrc);
  EXPECT_LT(bad.result, 0);
  std::string mine = utf16_to_utf8(buf), theirs = text(bad.message);
  // The kernel's handle differs between the processes; the words do not.
  const auto strip = [](std::string m, int handle) {
    const std::string h = std::to_string(handle);
    for (size_t at; (at = m.find(h)) != std::string::npos;) m.replace(at, h.size(), "K");
    return m;
  };
  EXPECT_EQ(strip(theirs, kern), strip(mine, lk));
  EXPECT_GE(kern, 1 << 30) << "the server's handles are told from a process's own by their value";
  const Reply last = c.call(last_error(kern));
  EXPECT_EQ(written(last), theirs) << "the kernel's own message on the server";
  EXPECT_EQ(c.result(request(kRequest_mqlcl_free).i32(ctx)), MQLCL_OK);
}

// The same launch of two clients waiting in the server at once runs as one launch where the server
// merges (MQLCL_SHARED_GPU_MERGE=1, here the tests' control): each client's result is the bits of
// the same kernel run in this process, and each is told its launch ran merged.
TEST(RemoteServer, TheSameLaunchOfTwoClientsRunsAsOneBitForBit) {
  ServerPlace p;
  Client c[2] = {Client(p), Client(p)};
  constexpr int n = 4096;
  const unsigned global[1] = {n}, group[1] = {64};
  // Merging on in the server (off by default), its launches waiting until two are waiting (two
  // seconds at most): a merge on any machine. Set through a context of its own, before the two.
  const int setter = c[0].create();
  ASSERT_GT(setter, 0);
  ASSERT_EQ(c[0].result(request(kRequest_mqlcl_test_control).i32(setter).i32(MQLCL_TEST_MERGE_LAUNCHES).i32(2)), MQLCL_OK);
  int ctx[2], out[2], kern[2];
  for (int i = 0; i < 2; ++i) {
    ctx[i] = c[i].create();
    ASSERT_GT(ctx[i], 0);
    const int a = c[i].buffer(ctx[i], n * 4), b = c[i].buffer(ctx[i], n * 4);
    out[i] = c[i].buffer(ctx[i], n * 4);
    EXPECT_EQ(c[i].write(a, t::random_floats(n, 10 + i)).result, n);
    EXPECT_EQ(c[i].write(b, t::random_floats(n, 20 + i)).result, n);
    const int prog = static_cast<int>(c[i].result(program(ctx[i], kSource)));
    ASSERT_GT(prog, 0);
    kern[i] = static_cast<int>(c[i].result(kernel(prog, u"axpb")));
    ASSERT_GT(kern[i], 0);
    for (const auto& arg : {std::make_pair(0, a), std::make_pair(1, b), std::make_pair(2, out[i])})
      EXPECT_EQ(c[i].result(request(kRequest_mqlcl_arg_mem).i32(kern[i]).i32(arg.first).i32(arg.second)), MQLCL_OK);
    EXPECT_EQ(c[i].result(request(kRequest_mqlcl_arg_float).i32(kern[i]).i32(3).f32(0.5f + i)), MQLCL_OK);
    EXPECT_EQ(c[i].result(request(kRequest_mqlcl_arg_int).i32(kern[i]).i32(4).i32(n - 7)), MQLCL_OK);
  }
  std::thread other([&] { EXPECT_EQ(c[1].result(enqueue(kern[1], global[0], group[0])), MQLCL_OK); });
  EXPECT_EQ(c[0].result(enqueue(kern[0], global[0], group[0])), MQLCL_OK);
  other.join();
  EXPECT_EQ(c[0].result(request(kRequest_mqlcl_test_control).i32(setter).i32(MQLCL_TEST_MERGE_LAUNCHES).i32(0)), MQLCL_OK);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(c[i].result(request(kRequest_mqlcl_finish).i32(ctx[i])), MQLCL_OK);
    const std::vector<float> remote = c[i].floats(out[i], n);
    // The same in this process, alone.
    const int lctx = mqlcl_create(MQLCL_DEVICE_BEST);
    ASSERT_GT(lctx, 0);
    const int la = mqlcl_buffer(lctx, n * 4, 0), lb = mqlcl_buffer(lctx, n * 4, 0), lc = mqlcl_buffer(lctx, n * 4, 0);
    EXPECT_EQ(mqlcl_buffer_write_float(la, t::random_floats(n, 10 + i).data(), 0, n), n);
    EXPECT_EQ(mqlcl_buffer_write_float(lb, t::random_floats(n, 20 + i).data(), 0, n), n);
    EXPECT_EQ(mqlcl_buffer_write_float(lc, std::vector<float>(n, 0.0f).data(), 0, n), n);
    const int lk = mqlcl_kernel(mqlcl_program(lctx, kSource, u""), u"axpb");
    ASSERT_GT(lk, 0);
    mqlcl_arg_mem(lk, 0, la);
    mqlcl_arg_mem(lk, 1, lb);
    mqlcl_arg_mem(lk, 2, lc);
    mqlcl_arg_float(lk, 3, 0.5f + i);
    mqlcl_arg_int(lk, 4, n - 7);
    EXPECT_EQ(mqlcl_enqueue(lk, 1, nullptr, 0, global, 1, group, 1), MQLCL_OK);
    std::vector<float> here(n);
    EXPECT_EQ(mqlcl_buffer_read_float(lc, here.data(), 0, n), n);
    mqlcl_free(lctx);
    ASSERT_EQ(remote.size(), static_cast<size_t>(n));
    EXPECT_EQ(std::memcmp(remote.data(), here.data(), (n - 7) * 4), 0) << "client " << i << ": bit for bit";
    EXPECT_EQ(c[i].result(request(kRequest_mqlcl_handle_info).i32(ctx[i]).i32(MQLCL_HINFO_MERGED_LAUNCHES)), 1) << i;
    EXPECT_EQ(c[i].result(request(kRequest_mqlcl_handle_info).i32(ctx[i]).i32(MQLCL_HINFO_MERGED_BATCH)), 2) << i;
  }
}

TEST(RemoteServer, TwoClientsCannotReachEachOthersObjects) {
  ServerPlace p;
  Client one(p), two(p);
  EXPECT_EQ(one.remote->server_pid(), two.remote->server_pid()) << "one server for both";
  const int c1 = one.create(), c2 = two.create();
  ASSERT_GT(c1, 0);
  ASSERT_GT(c2, 0);
  EXPECT_NE(c1, c2);
  const int b1 = one.buffer(c1, 64), b2 = two.buffer(c2, 64);
  ASSERT_GT(b1, 0);
  ASSERT_GT(b2, 0);
  const std::vector<float> mine(16, 1.5f), theirs(16, -2.0f);
  EXPECT_EQ(one.write(b1, mine).result, 16);
  EXPECT_EQ(two.write(b2, theirs).result, 16);
  // Each tries the other's buffer and context every way: refused as a handle never made.
  const float some[16] = {};
  for (auto [client, foreign] : {std::pair<Client*, int>{&two, b1}, {&one, b2}, {&two, c1}, {&one, c2}}) {
    const std::vector<std::pair<Reply, std::string>> tries = {
        {client->write(foreign, theirs),
         library_says(foreign, [&](int h, char16_t* m) { return with_message(mqlcl_buffer_write_bytes(h, 0, some, 16, 4, 0, 16), m); })},
        {client->read(foreign, 16),
         library_says(foreign, [&](int h, char16_t* m) { float out[16]; return with_message(mqlcl_buffer_read_bytes(h, 0, out, 16, 4, 0, 16), m); })},
        {client->call(request(kRequest_mqlcl_finish).i32(foreign)),
         library_says(foreign, [&](int h, char16_t* m) { return with_message(mqlcl_finish(h), m); })},
        {client->call(request(kRequest_mqlcl_buffer).i32(foreign).i64(64).i32(0)),
         library_says(foreign, [&](int h, char16_t* m) { return with_message(mqlcl_buffer(h, 64, 0), m); })},
        // Its words are what it writes into the caller's array.
        {written_as_message(client->call(last_error(foreign))),
         library_says(foreign, [&](int h, char16_t* m) { return mqlcl_last_error(h, m, 512); })},
        {client->call(request(kRequest_mqlcl_free).i32(foreign)),
         library_says(foreign, [&](int h, char16_t* m) { return with_message(mqlcl_free(h), m); })},
    };
    for (const auto& t : tries) {
      EXPECT_EQ(t.first.result, MQLCL_ERR_HANDLE) << foreign;
      EXPECT_EQ(text(t.first.message), t.second);
    }
  }
  EXPECT_EQ(one.floats(b1, 16), mine) << "untouched by the other client";
  EXPECT_EQ(two.floats(b2, 16), theirs);
  // A client's context freed frees its objects only: the other's go on.
  EXPECT_EQ(one.result(request(kRequest_mqlcl_free).i32(c1)), MQLCL_OK);
  EXPECT_EQ(one.read(b1, 16).result, MQLCL_ERR_HANDLE);
  EXPECT_EQ(two.floats(b2, 16), theirs);
}

// Clients that find no server at once each start one: the election keeps one, the others end,
// and every client reaches the one that won.
TEST(RemoteServer, ClientsStartingAtOnceShareOneServer) {
  ServerPlace p;
  constexpr int kClients = 4;
  std::vector<unsigned long long> pids(kClients, 0);
  std::vector<std::string> failures(kClients);
  std::vector<std::thread> threads;
  for (int i = 0; i < kClients; ++i)
    threads.emplace_back([&, i] {
      try {
        Client c(p);
        pids[i] = c.remote->server_pid();
        if (c.create() <= 0) failures[i] = "no context";
      } catch (const Error& e) {
        failures[i] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  for (int i = 0; i < kClients; ++i) {
    EXPECT_EQ(failures[i], "") << i;
    EXPECT_NE(pids[i], 0u) << i;
    EXPECT_EQ(pids[i], pids[0]) << "client " << i << " reached another server";
  }
}

TEST(RemoteServer, MalformedRequestsAreRefusedAndTheServerServesOn) {
  ServerPlace p;
  Client bad(p), good(p);
  const int ctx = bad.create();
  ASSERT_GT(ctx, 0);
  const int buf = bad.buffer(ctx, 64);
  ASSERT_GT(buf, 0);
  struct Case {
    Packer request;
    int code;
    const char* says;
  };
  std::vector<Case> cases = {
      {Packer(), MQLCL_ERR_RANGE, "ends inside the request kind"},
      {Packer().u32(0), MQLCL_ERR_ARGUMENT, "request kind 0 is unknown"},
      {Packer().u32(999), MQLCL_ERR_ARGUMENT, "request kind 999 is unknown"},
      {request(kRequest_mqlcl_buffer).i32(ctx), MQLCL_ERR_RANGE, "ends inside bytes"},
      {request(kRequest_mqlcl_free).i32(buf).i32(7), MQLCL_ERR_RANGE, "4 bytes beyond its last field"},
      {request(kRequest_mqlcl_buffer_write_bytes).i32(buf).i64(0).u32(1).u32(1000).i32(1), MQLCL_ERR_RANGE,
       "data states 1000 elements of 1 bytes but the message has 4 bytes left"},
      {write_claiming(buf, 5), MQLCL_ERR_RANGE, "data holds 8 bytes but data_count says 20"},
      {read_claiming(buf, 2000000000), MQLCL_ERR_RANGE, "data holds 0 bytes but data_count says 8000000000"},
      {program(ctx, std::u16string(u"__kernel void k() {}\0x", 22)), MQLCL_ERR_ARGUMENT,
       "source holds a 0 character at unit 20"},
      {enqueue_claiming(buf), MQLCL_ERR_RANGE, "global holds 16 bytes but global_count says 4"},
      // An array said to be in bulk memory this client never sent.
      {request(kRequest_mqlcl_buffer_write_bytes).i32(buf).i64(0).u32(kArrayInBulk).i64(0).i64(16).i32(4).i32(4).i32(0).i32(4),
       MQLCL_ERR_RANGE, "data lies at bytes 0 .. 0 + 16 of the bulk memory of 0 bytes"},
      {request(kRequest_mqlcl_buffer_write_bytes).i32(buf).i64(0).u32(7), MQLCL_ERR_ARGUMENT, "data is passed in an unknown way (7)"},
      {request(kRequest_mqlcl_free).i32(12345), MQLCL_ERR_HANDLE, "handle 12345 is not a live handle"},
      {request(kRequest_mqlcl_finish).i32(70000), MQLCL_ERR_HANDLE, "handle 70000 is not a live handle"},
      // The library's own refusal, through the server: a buffer as a context.
      {request(kRequest_mqlcl_buffer).i32(buf).i64(64).i32(0), MQLCL_ERR_HANDLE, "is a buffer, not a context"},
  };
  const int handles = good.server_handles();
  for (const Case& k : cases) {
    const Reply r = bad.call(k.request);
    EXPECT_EQ(r.result, k.code) << k.says << ": " << text(r.message);
    EXPECT_NE(text(r.message).find(k.says), std::string::npos) << text(r.message);
    EXPECT_EQ(text(r.message).rfind("[" + std::to_string(k.code) + "] ", 0), 0u) << text(r.message);
    // Both clients are still served.
    EXPECT_EQ(bad.read(buf, 16).result, 16);
    EXPECT_EQ(good.server_handles(), handles);
  }

  // Random requests from a client of their own: refused or run, never the server's end; what
  // they made goes with that client.
  {
    Client fuzzer(p);
    const int fctx = fuzzer.create(), fbuf = fuzzer.buffer(fctx, 256);
    std::mt19937 g(7);
    for (int i = 0; i < 3000; ++i) {
      Packer r;
      const uint32_t kind = g() % (kGeneratedRequestsEnd + 1);
      // A posted message has no reply to wait for (its cases are below, and fuzz_requests.cpp's).
      r.u32(kind == static_cast<uint32_t>(Request::Posted) ? 999 : kind);
      const int words = static_cast<int>(g() % 8);
      for (int w = 0; w < words; ++w) {
        const unsigned pick = g() % 8;
        r.i32(pick == 0 ? fbuf : pick == 1 ? fctx : pick == 2 ? buf : static_cast<int32_t>(g() % 64) - 8);
      }
      const Reply reply = fuzzer.call(r);
      if (reply.result < 0) {
        EXPECT_FALSE(reply.message.empty()) << i;
      }
    }
  }
  int now = -1;
  for (auto until = std::chrono::steady_clock::now() + kHang; std::chrono::steady_clock::now() < until;) {
    if ((now = good.server_handles()) == handles) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(now, handles) << "the random requests' objects went with their client";
  EXPECT_EQ(bad.read(buf, 16).result, 16) << "another client's buffer was out of their reach";

  // Posted requests: one that fails, and one whose length cannot be read, are each the reply to
  // the next request that waits (which does not run), once; the requests before the failure
  // ran, those after an unreadable length did not.
  {
    auto at = rendezvous_in(p.place());
    auto raw = Channel::connect(*at, frame_rules(), 5000);
    Message m;
    std::vector<unsigned char> bytes;
    const auto call = [&](const Packer& request) {
      send_message(raw->outgoing(), request.bytes().data(), static_cast<uint32_t>(request.size()));
      receive_message(raw->incoming(), m, bytes);
      return unpack_reply(bytes);
    };
    const auto post = [&](const Packer& message) {
      send_message(raw->outgoing(), message.bytes().data(), static_cast<uint32_t>(message.size()));
    };
    const int64_t own = call(request(Request::Create).i32(MQLCL_DEVICE_BEST)).result;
    ASSERT_GT(own, 0);
    const Packer made = request(kRequest_mqlcl_buffer).i32(static_cast<int>(own)).i64(64).i32(MQLCL_MEM_READ_WRITE);
    const Packer fails = request(kRequest_mqlcl_free).i32(12345);
    Packer posted = request(Request::Posted);
    posted.array(made.bytes().data(), static_cast<uint32_t>(made.size()), 1);
    posted.array(fails.bytes().data(), static_cast<uint32_t>(fails.size()), 1);
    const int before = good.server_handles();
    post(posted);
    Reply r = call(request(kRequest_mqlcl_finish).i32(static_cast<int>(own)));
    EXPECT_EQ(r.result, MQLCL_ERR_HANDLE) << text(r.message);
    EXPECT_NE(text(r.message).find("handle 12345 is not a live handle"), std::string::npos) << text(r.message);
    EXPECT_EQ(good.server_handles(), before + 1) << "the posted buffer before the failure was made";
    EXPECT_EQ(call(request(kRequest_mqlcl_finish).i32(static_cast<int>(own))).result, MQLCL_OK) << "told once";

    Packer cut = request(Request::Posted);
    cut.u32(1000).i32(1);
    post(cut);
    r = call(request(kRequest_mqlcl_finish).i32(static_cast<int>(own)));
    EXPECT_EQ(r.result, MQLCL_ERR_RANGE) << text(r.message);
    EXPECT_NE(text(r.message).find("a posted request states 1000 elements of 1 bytes but the message has 4 bytes left"),
              std::string::npos)
        << text(r.message);
    EXPECT_EQ(call(request(kRequest_mqlcl_finish).i32(static_cast<int>(own))).result, MQLCL_OK);
  }

  // A frame out of order cannot be followed: the client hears why, then its channel closes.
  {
    auto at = rendezvous_in(p.place());
    auto raw = Channel::connect(*at, frame_rules(), 5000);
    raw->outgoing().push(kFrameMore, "x", 1);
    Message m;
    std::vector<unsigned char> bytes;
    receive_message(raw->incoming(), m, bytes);
    const Reply r = unpack_reply(bytes);
    EXPECT_EQ(r.result, MQLCL_ERR_RANGE);
    EXPECT_NE(text(r.message).find("continues a message that was never begun"), std::string::npos) << text(r.message);
  }
  const int ctx2 = good.create();
  EXPECT_GT(ctx2, 0);
  EXPECT_EQ(good.write(good.buffer(ctx2, 16), std::vector<float>(4, 3.0f)).result, 4);
}

TEST(RemoteServer, AKilledClientsObjectsAreFreedAndOthersGoOn) {
  ServerPlace p;
  Client watcher(p);
  const int ctx = watcher.create();
  ASSERT_GT(ctx, 0);
  const int buf = watcher.buffer(ctx, 64);
  ASSERT_GT(buf, 0);
  const std::vector<float> data(16, 0.25f);
  EXPECT_EQ(watcher.write(buf, data).result, 16);
  const int before = watcher.server_handles();

  ChildClient child(p.place(), p.options().server_program);
  EXPECT_EQ(child.line(), "ready 5");
  EXPECT_EQ(watcher.server_handles(), before + 6) << "the child's context and objects live on the server";
  child.kill_now();
  int now = -1;
  for (auto until = std::chrono::steady_clock::now() + kHang; std::chrono::steady_clock::now() < until;) {
    now = watcher.server_handles();
    if (now == before) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(now, before) << "the killed client's objects were freed";
  EXPECT_EQ(watcher.floats(buf, 16), data) << "the other client goes on";
}

// A kernel that faults on the device: after one, NVIDIA's driver fails every call of that OpenCL
// context, of every client's queue on it, and (as seen on an H200) keeps failing new contexts
// of that process on the device. The library's simulated fault stands in where a real one cannot
// be had (mqlcl_test_control on the faulting client's context: its second launch fails, losing the
// OpenCL context, MQLCL_TEST_FAULT_LOSES 1, or the process's device state, 2).
class FaultScene {
 public:
  // `loss`: the simulated loss (MQLCL_TEST_FAULT_LOSES), or -1 for a real fault (a GPU's kernel writing far outside its
  // buffer; on a CPU device that would crash the server, PoCL running kernels in its process).
  explicit FaultScene(int loss) : real_(loss < 0) {
    faulting.reset(new Client(place));  // starts the server
    other.reset(new Client(place));
    ctx_a = faulting->create();
    ctx_b = other->create();
    kept = other->buffer(ctx_b, 1024);
    if (!real_) {
      EXPECT_EQ(faulting->result(request(kRequest_mqlcl_test_control).i32(ctx_a).i32(MQLCL_TEST_FAULT_LOSES).i32(loss)), MQLCL_OK);
      EXPECT_EQ(faulting->result(request(kRequest_mqlcl_test_control).i32(ctx_a).i32(MQLCL_TEST_FAIL_LAUNCH).i32(2)), MQLCL_OK);
    }
  }
  // The other client's data written and read back; the faulting client's kernel launched once
  // soundly, then faulting: the reply to its finish.
  Reply fault() {
    EXPECT_EQ(other->write(kept, data).result, 256);
    EXPECT_EQ(other->floats(kept, 256), data);
    const int out = faulting->buffer(ctx_a, 4096);
    const int prog = static_cast<int>(faulting->result(
        program(ctx_a, u"__kernel void k(__global float* x, ulong reach) { x[get_global_id(0) * reach] = 1.0f; }")));
    const int kern = static_cast<int>(faulting->result(kernel(prog, u"k")));
    EXPECT_GT(kern, 0);
    EXPECT_EQ(faulting->result(request(kRequest_mqlcl_arg_mem).i32(kern).i32(0).i32(out)), MQLCL_OK);
    EXPECT_EQ(faulting->result(request(kRequest_mqlcl_arg_integer).i32(kern).i32(1).i64(0).i32(8)), MQLCL_OK);
    EXPECT_EQ(faulting->result(enqueue(kern, 64, 64)), MQLCL_OK);
    EXPECT_EQ(faulting->result(request(kRequest_mqlcl_finish).i32(ctx_a)), MQLCL_OK) << "the first launch is sound";
    // Item 1 writes 2^40 floats past the buffer (simulated: the second launch fails).
    const int64_t reach = real_ ? int64_t(1) << 40 : 0;
    EXPECT_EQ(faulting->result(request(kRequest_mqlcl_arg_integer).i32(kern).i32(1).i64(reach).i32(8)), MQLCL_OK);
    EXPECT_EQ(faulting->result(enqueue(kern, 64, 64)), MQLCL_OK);
    return faulting->call(request(kRequest_mqlcl_finish).i32(ctx_a));
  }
  // A new context works for a client (through a new connection where the server ended).
  void goes_on(std::unique_ptr<Client>& c) {
    Reply made = c->call(request(Request::Create).i32(MQLCL_DEVICE_BEST));
    if (made.result == MQLCL_ERR_NO_OPENCL && c->remote->broken()) {
      t::await_process_end(c->remote->server_pid());
      c.reset(new Client(place));
      made = c->call(request(Request::Create).i32(MQLCL_DEVICE_BEST));
    }
    const int ctx = static_cast<int>(made.result);
    ASSERT_GT(ctx, 0) << text(made.message);
    const int b = c->buffer(ctx, 1024);
    ASSERT_GT(b, 0);
    EXPECT_EQ(c->write(b, data).result, 256);
    EXPECT_EQ(c->floats(b, 256), data);
    EXPECT_EQ(c->result(request(kRequest_mqlcl_free).i32(ctx)), MQLCL_OK);
  }

  ServerPlace place;
  std::unique_ptr<Client> faulting, other;
  int ctx_a = 0, ctx_b = 0, kept = 0;
  const std::vector<float> data = t::random_floats(256, 7);

 private:
  bool real_;
};

// The OpenCL context lost, a new one working: the faulting client gets the launch's failure; the
// server frees both clients' contexts on the device; the other client is told once
// (MQLCL_ERR_LAUNCH: its queued work is lost), then each use of a lost handle names the cause;
// frees of them succeed; new contexts on the device work for both, from the same server.
TEST(RemoteServer, AKernelFaultLosesTheDeviceContextEachClientIsToldAndTheServerGoesOn) {
  FaultScene s(1);
  ASSERT_GT(s.kept, 0);
  const Reply fault = s.fault();
  EXPECT_EQ(fault.result, MQLCL_ERR_LAUNCH) << text(fault.message);
  const Reply after = s.faulting->call(request(kRequest_mqlcl_finish).i32(s.ctx_a));
  EXPECT_EQ(after.result, MQLCL_ERR_HANDLE) << text(after.message);
  EXPECT_NE(text(after.message).find("was freed when its context in the GPU server was lost to a kernel's fault on device"),
            std::string::npos) << text(after.message);
  const Reply told = s.other->read(s.kept, 256);
  EXPECT_EQ(told.result, MQLCL_ERR_LAUNCH) << text(told.message);
  EXPECT_NE(text(told.message).find("handle " + std::to_string(s.kept) + ": its context in the GPU server was lost"),
            std::string::npos) << text(told.message);
  const Reply again = s.other->call(request(kRequest_mqlcl_finish).i32(s.ctx_b));
  EXPECT_EQ(again.result, MQLCL_ERR_HANDLE) << text(again.message);
  EXPECT_NE(text(again.message).find("handle " + std::to_string(s.ctx_b) + " was freed"), std::string::npos)
      << text(again.message);
  EXPECT_EQ(s.other->result(request(kRequest_mqlcl_free).i32(s.kept)), MQLCL_OK) << "a lost handle is gone, as a free wants";
  EXPECT_EQ(s.other->result(request(kRequest_mqlcl_free).i32(s.ctx_b)), MQLCL_OK);
  EXPECT_EQ(s.faulting->result(request(kRequest_mqlcl_free).i32(s.ctx_a)), MQLCL_OK);
  const auto pid = s.other->remote->server_pid();
  s.goes_on(s.other);
  s.goes_on(s.faulting);
  EXPECT_EQ(s.other->remote->server_pid(), pid) << "the same server";
}

// No working context on the device for the server's process after the fault (a real fault on a
// GPU; on a CPU device the simulated loss of the process's device state): the faulting client
// gets the launch's failure, then the server ends; the other client's next call is an error
// naming that, not a hang; a new connection starts a new server whose contexts work. A driver
// that gives the server's process a working context again takes the first test's way, which a
// real fault may take here too.
TEST(RemoteServer, AFaultThatLeavesTheServerNoWorkingContextEndsItAndANewServerServes) {
  const int device = mqlcl_device_best();
  const bool gpu = (mqlcl_device_info(device, MQLCL_INFO_TYPE) & 4) != 0;
  FaultScene s(gpu ? -1 : 2);
  ASSERT_GT(s.kept, 0);
  const auto pid = s.other->remote->server_pid();
  const Reply fault = s.fault();
  EXPECT_EQ(fault.result, MQLCL_ERR_LAUNCH) << text(fault.message);
  const auto start = std::chrono::steady_clock::now();
  const Reply next = s.other->read(s.kept, 256);
  EXPECT_LT(std::chrono::steady_clock::now() - start, kHang) << "an error, not a hang";
  if (gpu && next.result == MQLCL_ERR_LAUNCH) {
    RecordProperty("after the fault", "the server made a working context again");
  } else {
    EXPECT_EQ(next.result, MQLCL_ERR_NO_OPENCL) << text(next.message);
    EXPECT_NE(text(next.message).find("ended"), std::string::npos) << text(next.message);
    RecordProperty("after the fault", "the server ended");
  }
  s.goes_on(s.other);
  s.goes_on(s.faulting);
  if (!gpu) {
    EXPECT_NE(s.other->remote->server_pid(), pid) << "a new server";
  }
}

TEST(RemoteServer, AKilledServerIsAnErrorAndTheNextConnectStartsANewOne) {
  ServerPlace p;
  auto first = std::make_unique<Client>(p);
  ASSERT_GT(first->create(), 0);
  const auto pid = first->remote->server_pid();
  ASSERT_TRUE(t::end_process(pid));
  const auto start = std::chrono::steady_clock::now();
  const Reply r = first->call(request(Request::ServerHandles));
  EXPECT_LT(std::chrono::steady_clock::now() - start, kHang) << "an error, not a hang";
  EXPECT_EQ(r.result, MQLCL_ERR_NO_OPENCL) << text(r.message);
  EXPECT_NE(text(r.message).find("the server (process " + std::to_string(pid) + ") ended"), std::string::npos)
      << text(r.message);
  EXPECT_EQ(first->call(request(Request::ServerHandles)).result, MQLCL_ERR_NO_OPENCL) << "and every later call";
  Client second(p);
  EXPECT_NE(second.remote->server_pid(), pid) << "a new server";
  const int ctx = second.create();
  ASSERT_GT(ctx, 0);
  const int buf = second.buffer(ctx, 16);
  EXPECT_EQ(second.write(buf, std::vector<float>(4, 9.0f)).result, 4);
  EXPECT_EQ(second.floats(buf, 4), std::vector<float>(4, 9.0f));
}

// Where a client looks for the server: beside the module holding the client's code (the library;
// here, the test program that links the same code); a program that is not there is an error
// naming it, not a wait.
TEST(RemoteServer, TheServerIsLookedForBesideTheLibraryAndAMissingOneIsNamed) {
  const fs::path beside(server_beside_library());
#if defined(_WIN32)
  EXPECT_EQ(beside.filename().string(), "mqlcl-gpu-server.exe");
#else
  EXPECT_EQ(beside.filename().string(), "mqlcl-gpu-server");
  std::error_code ec;
  EXPECT_EQ(fs::canonical(beside.parent_path(), ec), fs::read_symlink("/proc/self/exe", ec).parent_path());
#endif
  ServerPlace p;
  ServerOptions o = p.options();
  o.server_program = (fs::path(o.server_program).parent_path() / "no-such-server").string();
  std::pair<int, std::string> refused{0, ""};
  try {
    RemoteClient::connect(o);
  } catch (const Error& e) {
    refused = {e.code(), e.what()};
  }
  EXPECT_EQ(refused.first, MQLCL_ERR_NO_OPENCL);
  EXPECT_NE(refused.second.find("no-such-server"), std::string::npos) << refused.second;
}

}  // namespace
