#include "remote/remote_client.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <new>
#include <thread>

#include "core/error.hpp"
#include "core/text.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <csignal>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace mqlcl {

namespace {
// A first look for a running server: it answers at once when it runs.
constexpr unsigned kRunningServerMs = 20;
// How long a server just started is waited for before another attempt, and the least time
// between two starts.
constexpr unsigned kStartingServerMs = 1500;
constexpr unsigned kRestartPauseMs = 250;
// Posted requests kept together up to what one ring slot carries (a message's first frame holds
// its size and then this many bytes): one slot crosses, whatever the number of calls in it.
constexpr size_t kPostedMessageBytes = kSlotPayloadBytes - sizeof(uint32_t);
}  // namespace

template <class Send>
bool RemoteClient::transported(Send&& send) {
  try {
    send();
    return true;
  } catch (const Error& e) {
    broken_ = failed_reply(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    broken_ = failed_reply(MQLCL_ERR_MEMORY, "out of memory for a message to or from the server");
  }
  return false;
}

std::unique_ptr<RemoteClient> RemoteClient::connect(const ServerOptions& options) {
  std::unique_ptr<RemoteClient> c(new RemoteClient());
  c->at_ = options.place.empty() ? user_rendezvous() : rendezvous_in(options.place);
  c->scratch_.reset(new Message());
  std::vector<std::string> args;
  if (!options.place.empty()) args.insert(args.end(), {"--rendezvous", options.place});
  if (options.idle_seconds != 0) args.insert(args.end(), {"--idle-seconds", std::to_string(options.idle_seconds)});
  // A server that is ending (it could no longer serve its device) may still take a connection
  // and hold the election a moment, and one started meanwhile ends at once: so until
  // connect_ms, a failed attempt is tried again, and a server started again after a pause.
  using clock = std::chrono::steady_clock;
  const clock::time_point give_up = clock::now() + std::chrono::milliseconds(options.connect_ms);
  clock::time_point next_start = clock::now();
  unsigned wait_ms = kRunningServerMs;
  for (;;) {
    try {
      c->channel_ = Channel::connect(*c->at_, frame_rules(), wait_ms, options.waits);
      return c;
    } catch (const Error& e) {
      if (e.code() != MQLCL_ERR_NO_OPENCL || clock::now() >= give_up) throw;
    }
    if (clock::now() >= next_start) {
      start_server(options.server_program.empty() ? server_beside_library() : options.server_program, args);
      next_start = clock::now() + std::chrono::milliseconds(kRestartPauseMs);
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(give_up - clock::now()).count();
      wait_ms = static_cast<unsigned>(std::max<long long>(1, std::min<long long>(left, kStartingServerMs)));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
}

RemoteClient::~RemoteClient() = default;

void RemoteClient::send_posted() {
  if (posted_.size() == 0) return;
  // A failure to send them ends the channel (broken_): nothing is sent after it.
  send_message(channel_->outgoing(), posted_.bytes().data(), static_cast<uint32_t>(posted_.size()));
  posted_.clear();
}

Reply RemoteClient::post(const std::vector<unsigned char>& request, bool now) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (broken_.result != 0) return broken_;
  if (request.size() < sizeof(uint32_t) || request.size() > kMaxMessageBytes - 2 * sizeof(uint32_t))
    return failed_reply(MQLCL_ERR_RANGE, "a request that cannot be posted");
  const bool sent = transported([&] {
    if (posted_.size() != 0 && posted_.size() + sizeof(uint32_t) + request.size() > kPostedMessageBytes) send_posted();
    if (posted_.size() == 0) posted_.u32(static_cast<uint32_t>(Request::Posted));
    posted_.array(request.data(), static_cast<uint32_t>(request.size()), 1);
    if (now || posted_.size() >= kPostedMessageBytes) send_posted();
  });
  return sent ? Reply{} : broken_;
}

void RemoteClient::ensure_bulk(size_t bytes, size_t keep) {
  if (bulk_.base() != nullptr && bulk_.size() >= bytes) return;
  if (bytes > kMaxBulkBytes)
    fail(MQLCL_ERR_RANGE, "a call's large arrays of ", bytes, " bytes are more than the GPU server takes (", kMaxBulkBytes,
         ")");
  size_t size = bulk_.size() != 0 ? bulk_.size() : size_t(4) << 20;
  while (size < bytes) size *= 2;
  std::lock_guard<std::mutex> lock(mutex_);
  if (broken_.result != 0) fail(static_cast<int>(broken_.result), cause_of(broken_));
  SharedSegment made = channel_->make_bulk(size, ++bulk_serial_);
  if (keep != 0) std::memcpy(made.base(), bulk_.base(), keep);
  Packer p;
  p.u32(static_cast<uint32_t>(Request::Bulk)).i64(static_cast<int64_t>(size)).u32(bulk_serial_);
  if (!transported([&] {
        send_posted();
        send_message(channel_->outgoing(), p.bytes().data(), static_cast<uint32_t>(p.bytes().size()));
        receive_message(channel_->incoming(), *scratch_, reply_bytes_);
      }))
    fail(static_cast<int>(broken_.result), cause_of(broken_));
  const Reply r = unpack_reply(reply_bytes_);
  if (r.result != 0) fail(static_cast<int>(r.result), cause_of(r));
  bulk_ = std::move(made);
}

bool RemoteClient::broken() {
  std::lock_guard<std::mutex> lock(mutex_);
  return broken_.result != 0;
}

Reply RemoteClient::call(const std::vector<unsigned char>& request) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (broken_.result != 0) return broken_;
  if (request.size() > kMaxMessageBytes)
    return failed_reply(MQLCL_ERR_RANGE, "a request of " + std::to_string(request.size()) + " bytes exceeds the limit of " +
                                             std::to_string(kMaxMessageBytes) + " (transfer larger ranges in parts)");
  Reply r;
  const bool answered = transported([&] {
    send_posted();
    send_message(channel_->outgoing(), request.data(), static_cast<uint32_t>(request.size()));
    receive_message(channel_->incoming(), *scratch_, reply_bytes_);
    r = unpack_reply(reply_bytes_);
  });
  return answered ? r : broken_;
}

#if defined(_WIN32)

std::string server_beside_library() {
  HMODULE self = nullptr;
  wchar_t path[32768];
  if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                          reinterpret_cast<LPCWSTR>(&server_beside_library), &self))
    fail(MQLCL_ERR_NO_OPENCL, "the library's own file cannot be found (Windows error ", GetLastError(), ")");
  const DWORD n = GetModuleFileNameW(self, path, 32768);
  if (n == 0 || n >= 32768) fail(MQLCL_ERR_NO_OPENCL, "the library's own path cannot be read");
  std::wstring p(path, n);
  p.erase(p.find_last_of(L"\\/") + 1);
  p += L"mqlcl-gpu-server.exe";
  return utf16_to_utf8(reinterpret_cast<const mqlcl_char*>(p.c_str()));
}

void start_server(const std::string& program, const std::vector<std::string>& args) {
  // The command line: each argument quoted (none of ours holds a quote or ends in a backslash).
  std::string line = "\"" + program + "\"";
  for (const auto& a : args) line += " \"" + a + "\"";
  const std::u16string wide_program = utf8_to_utf16(program), wide_line = utf8_to_utf16(line);
  std::wstring command(wide_line.begin(), wide_line.end());
  const std::wstring application(wide_program.begin(), wide_program.end());
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  PROCESS_INFORMATION process{};
  if (!CreateProcessW(application.c_str(), &command[0], nullptr, nullptr, FALSE,
                      DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP | CREATE_NO_WINDOW, nullptr, nullptr, &startup,
                      &process))
    fail(MQLCL_ERR_NO_OPENCL, "the GPU server ", program, " cannot be started (Windows error ", GetLastError(), ")");
  CloseHandle(process.hThread);
  CloseHandle(process.hProcess);
}

#else

std::string server_beside_library() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&server_beside_library), &info) || !info.dli_fname)
    fail(MQLCL_ERR_NO_OPENCL, "the library's own file cannot be found");
  std::string p = info.dli_fname;
  const size_t slash = p.find_last_of('/');
  p = slash == std::string::npos ? std::string() : p.substr(0, slash + 1);
  return p + "mqlcl-gpu-server";
}

void start_server(const std::string& program, const std::vector<std::string>& args) {
  if (access(program.c_str(), X_OK) != 0)
    fail(MQLCL_ERR_NO_OPENCL, "the GPU server ", program, " cannot be started: ", program, " is not an executable file");
  std::vector<std::string> words{program};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(&w[0]);
  argv.push_back(nullptr);
  rlimit files{};
  const int last_fd = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < 65536 ? static_cast<int>(files.rlim_cur)
                                                                                         : 65536;
  const pid_t child = fork();
  if (child < 0) fail(MQLCL_ERR_NO_OPENCL, "the GPU server cannot be started: fork failed");
  if (child == 0) {  // only async-signal-safe calls until exec
    setsid();
    // The raw call: fork() would run the process's atfork handlers here, in a child of a threaded
    // process, where a lock another thread held at the first fork stays held (OpenBLAS's handler
    // waited on one for ever when two threads started a server at once).
#if defined(SYS_fork)
    if (syscall(SYS_fork) != 0) _exit(0);
#else
    if (syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0) != 0) _exit(0);
#endif
    const int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, 0);
      dup2(null, 1);
    }
    for (int fd = 3; fd < last_fd; ++fd) close(fd);  // none of this process's files stays open in the server
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
}

#endif

}  // namespace mqlcl
