#include "remote/channel.hpp"

#include <chrono>
#include <cstring>
#include <thread>
#include <utility>

#include "core/error.hpp"
#include "core/os_error.hpp"

#if defined(_WIN32)
#include <windows.h>

#include <cwchar>
#else
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace mqlcl {

namespace {

constexpr uint32_t kChannelMagic = 0x4D514C43;  // "MQLC"
constexpr uint32_t kChannelVersion = 1;

using steady = std::chrono::steady_clock;

unsigned ms_left(steady::time_point until) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - steady::now()).count();
  return left > 0 ? static_cast<unsigned>(left) : 0;
}

// What the server answers a client's setup: 0, or the code it was refused with.
struct ChannelWelcome {
  uint32_t magic;
  uint32_t version;
  int32_t status;
  uint32_t reserved;
};

#if defined(_WIN32)
constexpr size_t kNameChars = 48;
// The client's setup message: its shared memory and events are named <base>-memory,
// <base>-to-server, <base>-to-client under the rendezvous's prefix.
struct ChannelHello {
  uint32_t magic;
  uint32_t version;
  uint64_t bytes;
  wchar_t base[kNameChars];
};
#else
struct ChannelHello {  // sent with the shared memory's descriptor
  uint32_t magic;
  uint32_t version;
  uint64_t bytes;
};
struct BulkHello {  // sent with the descriptor of memory for large arrays
  uint32_t magic;
  uint32_t serial;
  uint64_t bytes;
};
#endif

void check_hello(const ChannelHello& hello) {
  if (hello.magic != kChannelMagic || hello.version != kChannelVersion)
    fail(MQLCL_ERR_ARGUMENT, "a client's setup is refused: not this library's (version ", hello.version, ")");
  if (hello.bytes != sizeof(ChannelMemory))
    fail(MQLCL_ERR_RANGE, "a client's setup is refused: shared memory of ", hello.bytes, " bytes where ",
         sizeof(ChannelMemory), " are expected");
}

}  // namespace

Channel::Channel(bool server_end, unsigned long long peer_pid)
    : server_end_(server_end),
      peer_pid_(peer_pid),
      peer_name_(str(server_end ? "the client (process " : "the server (process ", peer_pid, ")")) {}

void Channel::open_rings(MessageRules incoming_rules, WaitLimits limits) {
  auto* m = static_cast<ChannelMemory*>(segment_.base());
  const RingEnd requests{RingMemory{&m->requests, m->request_slot, kRequestSlots}, &bell_, this, limits};
  const RingEnd responses{RingMemory{&m->responses, m->response_slot, kResponseSlots}, &bell_, this, limits};
  outgoing_.reset(new RingWriter(server_end_ ? responses : requests));
  incoming_.reset(new RingReader(server_end_ ? requests : responses, std::move(incoming_rules)));
}

#if defined(_WIN32)

namespace {

// Reads or writes exactly `n` bytes on an overlapped pipe within `timeout_ms`; false otherwise.
bool pipe_transfer(HANDLE pipe, bool write, void* data, DWORD n, unsigned timeout_ms) {
  OVERLAPPED io{};
  io.hEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  if (!io.hEvent) return false;
  const BOOL started = write ? WriteFile(pipe, data, n, nullptr, &io) : ReadFile(pipe, data, n, nullptr, &io);
  DWORD done = 0;
  bool ok = false;
  if (started || GetLastError() == ERROR_IO_PENDING) {
    if (WaitForSingleObject(io.hEvent, timeout_ms) == WAIT_OBJECT_0) {
      ok = GetOverlappedResult(pipe, &io, &done, FALSE) && done == n;
    } else {
      CancelIo(pipe);
      GetOverlappedResult(pipe, &io, &done, TRUE);
    }
  }
  CloseHandle(io.hEvent);
  return ok;
}

std::wstring decimal(unsigned long long v) { return std::to_wstring(v); }

bool plain_name(const wchar_t* s, size_t cap) {
  size_t i = 0;
  for (; i < cap && s[i] != 0; ++i)
    if (!((s[i] >= L'a' && s[i] <= L'z') || (s[i] >= L'0' && s[i] <= L'9') || s[i] == L'-')) return false;
  return i > 0 && i < cap;
}

void* create_event_named(const UserRendezvous& at, const std::wstring& name) {
  HANDLE e = CreateEventW(static_cast<SECURITY_ATTRIBUTES*>(at.user_only()), FALSE, FALSE,
                          at.object_name(name).c_str());
  if (!e) fail(MQLCL_ERR_NO_OPENCL, "an event for the server cannot be made: ", last_os_error());
  if (GetLastError() == ERROR_ALREADY_EXISTS) {
    CloseHandle(e);
    fail(MQLCL_ERR_NO_OPENCL, "an event for the server cannot be made: its name exists already");
  }
  return e;
}

void* open_event_named(const UserRendezvous& at, const std::wstring& name) {
  HANDLE e = OpenEventW(SYNCHRONIZE | EVENT_MODIFY_STATE, FALSE, at.object_name(name).c_str());
  if (!e) fail(MQLCL_ERR_NO_OPENCL, "a client's event cannot be opened: ", last_os_error());
  return e;
}

std::atomic<unsigned> channels_made{0};

}  // namespace

Channel::~Channel() {
  outgoing_.reset();
  incoming_.reset();
  if (pipe_) {
    if (server_end_) DisconnectNamedPipe(pipe_);
    CloseHandle(pipe_);
  }
}

bool Channel::peer_alive() {
  if (peer_gone_) return false;
  DWORD available = 0;
  if (!PeekNamedPipe(pipe_, nullptr, 0, nullptr, &available, nullptr)) peer_gone_ = true;
  return !peer_gone_.load();
}

std::unique_ptr<Channel> Channel::connect(const UserRendezvous& at, MessageRules response_rules, unsigned timeout_ms,
                                          WaitLimits limits) {
  const steady::time_point until = steady::now() + std::chrono::milliseconds(timeout_ms);
  const std::wstring pipe_name = at.pipe_name();
  HANDLE pipe = INVALID_HANDLE_VALUE;
  for (;;) {
    // Identification only: the server may learn who connects, never act as this user.
    pipe = CreateFileW(pipe_name.c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr, OPEN_EXISTING,
                       FILE_FLAG_OVERLAPPED | SECURITY_SQOS_PRESENT | SECURITY_IDENTIFICATION, nullptr);
    if (pipe != INVALID_HANDLE_VALUE) break;
    const DWORD err = GetLastError();
    if (ms_left(until) == 0)
      fail(MQLCL_ERR_NO_OPENCL, "no server answers at ", at.where(), ": ", os_error_text(err));
    if (err == ERROR_PIPE_BUSY)
      WaitNamedPipeW(pipe_name.c_str(), ms_left(until));
    else if (err == ERROR_FILE_NOT_FOUND)
      Sleep(2);
    else
      fail(MQLCL_ERR_NO_OPENCL, "the server at ", at.where(), " cannot be reached: ", os_error_text(err));
  }
  ULONG server_pid = 0;
  if (!GetNamedPipeServerProcessId(pipe, &server_pid) || !process_runs_as(server_pid, at.sid())) {
    CloseHandle(pipe);
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", at.where(), " (process ", static_cast<unsigned long>(server_pid),
         ") is refused: it does not run as this user");
  }
  std::unique_ptr<Channel> c(new Channel(false, server_pid));
  c->pipe_ = pipe;
  const std::wstring base =
      L"c" + decimal(GetCurrentProcessId()) + L"-" + decimal(channels_made.fetch_add(1)) + L"-" + decimal(GetTickCount64());
  c->at_ = &at;
  c->base_ = base;
  c->segment_ = SharedSegment::create(sizeof(ChannelMemory), at.object_name(base + L"-memory"), at.user_only());
  void* to_client = create_event_named(at, base + L"-to-client");
  void* to_server = nullptr;
  try {
    to_server = create_event_named(at, base + L"-to-server");
  } catch (...) {
    CloseHandle(to_client);
    throw;
  }
  c->bell_ = Doorbell(to_client, to_server);
  auto* m = static_cast<ChannelMemory*>(c->segment_.base());
  m->magic = kChannelMagic;
  m->version = kChannelVersion;
  m->request_slots = kRequestSlots;
  m->response_slots = kResponseSlots;
  ChannelHello hello{};
  hello.magic = kChannelMagic;
  hello.version = kChannelVersion;
  hello.bytes = sizeof(ChannelMemory);
  wcsncpy(hello.base, base.c_str(), kNameChars - 1);
  ChannelWelcome welcome{};
  if (!pipe_transfer(pipe, true, &hello, sizeof hello, ChannelListener::kHandshakeMs) ||
      !pipe_transfer(pipe, false, &welcome, sizeof welcome, ChannelListener::kHandshakeMs))
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", at.where(), " did not complete the connection: ", last_os_error());
  if (welcome.magic != kChannelMagic || welcome.status != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", at.where(), " refused the connection (code ", welcome.status, ")");
  c->open_rings(std::move(response_rules), limits);
  return c;
}

SharedSegment Channel::make_bulk(size_t bytes, uint32_t serial) {
  return SharedSegment::create(bytes, at_->object_name(base_ + L"-bulk-" + decimal(serial)), at_->user_only());
}

SharedSegment Channel::receive_bulk(size_t bytes, uint32_t serial) {
  return SharedSegment::open(bytes, at_->object_name(base_ + L"-bulk-" + decimal(serial)));
}

ChannelListener::ChannelListener(const UserRendezvous& at, const ServerElection& won) : at_(at) {
  if (!won.won()) fail(MQLCL_ERR_INTERNAL, "a listener for a server that was not elected");
  make_instance();
}

ChannelListener::~ChannelListener() {
  if (instance_) CloseHandle(instance_);
}

void ChannelListener::make_instance() {
  // The first instance is refused if the name exists: nobody else's pipe is served through.
  const DWORD open_mode = PIPE_ACCESS_DUPLEX | FILE_FLAG_OVERLAPPED | (first_ ? FILE_FLAG_FIRST_PIPE_INSTANCE : 0);
  HANDLE h = CreateNamedPipeW(at_.pipe_name().c_str(), open_mode,
                              PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT | PIPE_REJECT_REMOTE_CLIENTS,
                              PIPE_UNLIMITED_INSTANCES, 4096, 4096, 0,
                              static_cast<SECURITY_ATTRIBUTES*>(at_.user_only()));
  if (h == INVALID_HANDLE_VALUE)
    fail(MQLCL_ERR_NO_OPENCL, "the server's pipe at ", at_.where(), " cannot be made: ", last_os_error());
  instance_ = h;
  first_ = false;
}

std::unique_ptr<Channel> ChannelListener::accept(unsigned timeout_ms, MessageRules request_rules, WaitLimits limits) {
  if (!instance_) make_instance();
  HANDLE pipe = instance_;
  OVERLAPPED io{};
  io.hEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  if (!io.hEvent) fail(MQLCL_ERR_MEMORY, "an event cannot be made: ", last_os_error());
  bool connected = ConnectNamedPipe(pipe, &io) != 0;
  const DWORD err = GetLastError();
  if (!connected && err == ERROR_PIPE_CONNECTED) connected = true;
  if (!connected && err == ERROR_IO_PENDING) {
    DWORD done = 0;
    if (WaitForSingleObject(io.hEvent, timeout_ms) == WAIT_OBJECT_0) {
      connected = GetOverlappedResult(pipe, &io, &done, FALSE) != 0;
    } else {
      CancelIo(pipe);
      GetOverlappedResult(pipe, &io, &done, TRUE);
    }
  }
  CloseHandle(io.hEvent);
  if (!connected) return nullptr;
  instance_ = nullptr;  // the connection's now; the next accept makes a new instance
  ULONG client_pid = 0;
  GetNamedPipeClientProcessId(pipe, &client_pid);
  std::unique_ptr<Channel> c(new Channel(true, client_pid));
  c->pipe_ = pipe;
  if (client_pid == 0 || !process_runs_as(client_pid, at_.sid()))
    fail(MQLCL_ERR_ARGUMENT, "a connection from process ", static_cast<unsigned long>(client_pid),
         " is refused: it does not run as this user");
  ChannelHello hello{};
  if (!pipe_transfer(pipe, false, &hello, sizeof hello, kHandshakeMs))
    fail(MQLCL_ERR_ARGUMENT, "a client's setup is refused: ", c->peer_name(), " sent none in time");
  ChannelWelcome welcome{kChannelMagic, kChannelVersion, 0, 0};
  try {
    check_hello(hello);
    if (!plain_name(hello.base, kNameChars))
      fail(MQLCL_ERR_ARGUMENT, "a client's setup is refused: its objects' name is malformed");
    const std::wstring base(hello.base);
    c->at_ = &at_;
    c->base_ = base;
    c->segment_ = SharedSegment::open(sizeof(ChannelMemory), at_.object_name(base + L"-memory"));
    void* to_server = open_event_named(at_, base + L"-to-server");
    void* to_client = nullptr;
    try {
      to_client = open_event_named(at_, base + L"-to-client");
    } catch (...) {
      CloseHandle(to_server);
      throw;
    }
    c->bell_ = Doorbell(to_server, to_client);
  } catch (const Error& e) {
    welcome.status = e.code();
    pipe_transfer(pipe, true, &welcome, sizeof welcome, kHandshakeMs);
    throw;
  }
  if (!pipe_transfer(pipe, true, &welcome, sizeof welcome, kHandshakeMs))
    fail(MQLCL_ERR_NO_OPENCL, c->peer_name(), " ended during its setup");
  c->open_rings(std::move(request_rules), limits);
  return c;
}

#else

namespace {

sockaddr_un socket_address(const std::string& path) {
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  if (path.size() >= sizeof a.sun_path)
    fail(MQLCL_ERR_NO_OPENCL, "the server's socket path ", path, " is longer than a socket's ",
         sizeof a.sun_path - 1, " bytes");
  std::memcpy(a.sun_path, path.c_str(), path.size() + 1);
  return a;
}

// Waits until `fd` is readable or closed by the peer; false when `timeout_ms` passed first.
bool readable_within(int fd, unsigned timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  int rc;
  while ((rc = poll(&p, 1, static_cast<int>(timeout_ms))) < 0 && errno == EINTR) {
  }
  return rc > 0;
}

// The credentials of the process at the socket's other end (for a client: the server as it
// listened; for the server: the client as it connected).
ucred peer_credentials(int fd) {
  ucred cred{};
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the socket's peer cannot be told: ", last_os_error());
  return cred;
}

class Descriptor {  // closes what it holds unless released
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd) {
    if (fd_ >= 0) close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

// Sends `size` bytes with descriptor `fd` (SCM_RIGHTS) as one message; false when not all went.
bool send_with_descriptor(int socket, const void* data, size_t size, int fd) {
  iovec part{const_cast<void*>(data), size};
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
  return sendmsg(socket, &msg, MSG_NOSIGNAL) == static_cast<ssize_t>(size);
}

// What receive_with_descriptor got: the message's bytes (-1: none in time), the first descriptor
// (every other one that came closed), how many came, and whether something was cut off.
struct Received {
  ssize_t bytes = -1;
  Descriptor fd{-1};
  int descriptors = 0;
  bool truncated = false;
};

// Receives one message of at most `size` bytes into `data` and the descriptors sent with it,
// waiting up to `timeout_ms`.
void receive_with_descriptor(int socket, void* data, size_t size, unsigned timeout_ms, Received& got) {
  iovec part{data, size};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * 4)] = {};
  msghdr msg{};
  msg.msg_iov = &part;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  if (readable_within(socket, timeout_ms)) got.bytes = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
  if (got.bytes < 0) return;
  got.truncated = (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
  for (cmsghdr* cm = CMSG_FIRSTHDR(&msg); cm != nullptr; cm = CMSG_NXTHDR(&msg, cm)) {
    if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS) continue;
    const size_t n = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < n; ++i) {
      int one;
      std::memcpy(&one, CMSG_DATA(cm) + i * sizeof(int), sizeof one);
      if (got.descriptors++ == 0)
        got.fd.reset(one);
      else
        close(one);
    }
  }
}

}  // namespace

Channel::~Channel() {
  outgoing_.reset();
  incoming_.reset();
  if (socket_ >= 0) close(socket_);
}

bool Channel::peer_alive() {
  if (peer_gone_) return false;
  pollfd p{socket_, POLLIN | POLLRDHUP, 0};
  if (poll(&p, 1, 0) > 0) {
    char byte;
    // Nothing is sent after the setup: a readable socket is the peer's end closing, unless data came.
    if ((p.revents & (POLLHUP | POLLERR | POLLRDHUP)) != 0 || recv(socket_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0)
      peer_gone_ = true;
  }
  return !peer_gone_.load();
}

std::unique_ptr<Channel> Channel::connect(const UserRendezvous& at, MessageRules response_rules, unsigned timeout_ms,
                                          WaitLimits limits) {
  const steady::time_point until = steady::now() + std::chrono::milliseconds(timeout_ms);
  const std::string path = at.path("server.sock");
  const sockaddr_un address = socket_address(path);
  int connected = -1;
  for (;;) {
    Descriptor attempt(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (attempt.get() < 0) fail(MQLCL_ERR_NO_OPENCL, "a socket cannot be made: ", last_os_error());
    if (::connect(attempt.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
      connected = attempt.release();
      break;
    }
    const int err = errno;
    // Absent or not yet listening: a server being started; anything else is final.
    if ((err != ENOENT && err != ECONNREFUSED && err != EAGAIN && err != EINTR) || ms_left(until) == 0)
      fail(MQLCL_ERR_NO_OPENCL, "no server answers at ", path, ": ", os_error_text(err));
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  Descriptor s(connected);
  const ucred server = peer_credentials(s.get());
  if (server.uid != geteuid())
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", path, " (process ", static_cast<long>(server.pid),
         ") is refused: it runs as uid ", static_cast<unsigned long>(server.uid), ", not as this user");
  std::unique_ptr<Channel> c(new Channel(false, static_cast<unsigned long long>(server.pid)));
  c->socket_ = s.release();
  c->segment_ = SharedSegment::create(sizeof(ChannelMemory), "mqlcl-channel");
  auto* m = static_cast<ChannelMemory*>(c->segment_.base());
  m->magic = kChannelMagic;
  m->version = kChannelVersion;
  m->request_slots = kRequestSlots;
  m->response_slots = kResponseSlots;

  const ChannelHello hello{kChannelMagic, kChannelVersion, sizeof(ChannelMemory)};
  if (!send_with_descriptor(c->socket_, &hello, sizeof hello, c->segment_.fd()))
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", path, " cannot be sent the connection's memory: ", last_os_error());

  ChannelWelcome welcome{};
  if (!readable_within(c->socket_, ChannelListener::kHandshakeMs) ||
      recv(c->socket_, &welcome, sizeof welcome, MSG_WAITALL) != static_cast<ssize_t>(sizeof welcome))
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", path, " did not complete the connection");
  if (welcome.magic != kChannelMagic || welcome.status != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the server at ", path, " refused the connection (code ", welcome.status, ")");
  c->open_rings(std::move(response_rules), limits);
  return c;
}

SharedSegment Channel::make_bulk(size_t bytes, uint32_t serial) {
  SharedSegment made = SharedSegment::create(bytes, "mqlcl-bulk");
  const BulkHello hello{kChannelMagic, serial, bytes};
  if (!send_with_descriptor(socket_, &hello, sizeof hello, made.fd()))
    fail(MQLCL_ERR_NO_OPENCL, peer_name_, " cannot be sent memory for large arrays: ", last_os_error());
  return made;
}

SharedSegment Channel::receive_bulk(size_t bytes, uint32_t serial) {
  BulkHello hello{};
  Received got;
  receive_with_descriptor(socket_, &hello, sizeof hello, ChannelListener::kHandshakeMs, got);
  if (got.bytes != static_cast<ssize_t>(sizeof hello) || got.truncated || got.descriptors != 1)
    fail(MQLCL_ERR_ARGUMENT, peer_name_, " announced memory for large arrays but sent ", static_cast<long>(got.bytes),
         " bytes and ", got.descriptors, " descriptors");
  if (hello.magic != kChannelMagic || hello.serial != serial || hello.bytes != bytes)
    fail(MQLCL_ERR_ARGUMENT, peer_name_, " sent memory ", hello.serial, " of ", hello.bytes, " bytes where ", serial,
         " of ", bytes, " was announced");
  return SharedSegment::adopt(got.fd.release(), bytes);
}

ChannelListener::ChannelListener(const UserRendezvous& at, const ServerElection& won)
    : path_(at.path("server.sock")) {
  if (!won.won()) fail(MQLCL_ERR_INTERNAL, "a listener for a server that was not elected");
  const sockaddr_un address = socket_address(path_);
  Descriptor s(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (s.get() < 0) fail(MQLCL_ERR_NO_OPENCL, "a socket cannot be made: ", last_os_error());
  unlink(path_.c_str());  // a dead server's: this one won the election
  if (bind(s.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 || listen(s.get(), 64) != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the server's socket ", path_, " cannot be opened: ", last_os_error());
  socket_ = s.release();
}

ChannelListener::~ChannelListener() {
  if (socket_ >= 0) close(socket_);
}

std::unique_ptr<Channel> ChannelListener::accept(unsigned timeout_ms, MessageRules request_rules, WaitLimits limits) {
  if (!readable_within(socket_, timeout_ms)) return nullptr;
  Descriptor s(accept4(socket_, nullptr, nullptr, SOCK_CLOEXEC));
  if (s.get() < 0) {
    if (errno == EAGAIN || errno == EINTR || errno == ECONNABORTED) return nullptr;
    fail(MQLCL_ERR_NO_OPENCL, "the server's socket ", path_, " cannot accept: ", last_os_error());
  }
  const ucred client = peer_credentials(s.get());
  if (client.uid != geteuid())
    fail(MQLCL_ERR_ARGUMENT, "a connection from process ", static_cast<long>(client.pid), " is refused: it runs as uid ",
         static_cast<unsigned long>(client.uid), ", not as this user");
  std::unique_ptr<Channel> c(new Channel(true, static_cast<unsigned long long>(client.pid)));
  c->socket_ = s.release();

  ChannelHello hello{};
  Received got;
  receive_with_descriptor(c->socket_, &hello, sizeof hello, kHandshakeMs, got);
  ChannelWelcome welcome{kChannelMagic, kChannelVersion, 0, 0};
  try {
    if (got.bytes != static_cast<ssize_t>(sizeof hello) || got.truncated)
      fail(MQLCL_ERR_ARGUMENT, "a client's setup is refused: ", c->peer_name(), " sent ", static_cast<long>(got.bytes),
           " bytes where ", sizeof hello, " are expected");
    if (got.descriptors != 1)
      fail(MQLCL_ERR_ARGUMENT, "a client's setup is refused: ", c->peer_name(), " sent ", got.descriptors,
           " descriptors where 1 is expected");
    check_hello(hello);
    c->segment_ = SharedSegment::adopt(got.fd.release(), sizeof(ChannelMemory));
  } catch (const Error& e) {
    welcome.status = e.code();
    send(c->socket_, &welcome, sizeof welcome, MSG_NOSIGNAL);
    throw;
  }
  if (send(c->socket_, &welcome, sizeof welcome, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof welcome))
    fail(MQLCL_ERR_NO_OPENCL, c->peer_name(), " ended during its setup");
  c->open_rings(std::move(request_rules), limits);
  return c;
}

#endif

}  // namespace mqlcl
