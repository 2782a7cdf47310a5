// What the shared GPU server's tests (test_remote_transport.cpp, test_remote_server.cpp) share:
// a rendezvous of a test's own (on Linux a fresh folder under /tmp, the place a folder inside
// it, removed with the object; on Windows a scope of object names unique to the process and
// object), where a program the build made is, and how a process is ended at once.
#pragma once
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>

#if defined(_WIN32)
#include <process.h>
#include <windows.h>
#else
#include <signal.h>
#include <stdlib.h>
#endif

namespace t {

class RemotePlace {
 public:
  explicit RemotePlace(const std::string& prefix) {
#if defined(_WIN32)
    static std::atomic<int> made{0};
    place_ = prefix + "-" + std::to_string(_getpid()) + "-" + std::to_string(made.fetch_add(1));
#else
    std::string name = "/tmp/" + prefix + "-XXXXXX";
    parent_ = mkdtemp(&name[0]) ? name : "";
    EXPECT_FALSE(parent_.empty());
    place_ = parent_ + "/r";
#endif
  }
  ~RemotePlace() {
#if !defined(_WIN32)
    std::error_code ec;
    std::filesystem::remove_all(parent_, ec);
#endif
  }
  RemotePlace(const RemotePlace&) = delete;
  RemotePlace& operator=(const RemotePlace&) = delete;
  const std::string& place() const { return place_; }
  const std::string& parent() const { return parent_; }  // Linux: the folder around the place

 private:
  std::string parent_, place_;
};

// A program the build made (its path as built): beside this test program (a build tree copied
// elsewhere keeps them together), else where the build put it.
inline std::string built_program(const char* built_path) {
  const std::filesystem::path built(built_path);
#if defined(_WIN32)
  wchar_t self[MAX_PATH];
  const DWORD n = GetModuleFileNameW(nullptr, self, MAX_PATH);
  const std::filesystem::path beside = std::filesystem::path(std::wstring(self, n)).parent_path() / built.filename();
  return std::filesystem::exists(beside) ? beside.string() : built.string();
#else
  std::error_code ec;
  const std::filesystem::path beside = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / built.filename();
  return !ec && std::filesystem::exists(beside) ? beside.string() : built.string();
#endif
}

// Ends process `pid` at once, as a crash or the tester would; false where it could not.
inline bool end_process(unsigned long long pid) {
#if defined(_WIN32)
  HANDLE h = OpenProcess(PROCESS_TERMINATE | SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
  if (h == nullptr) return false;
  const bool ended = TerminateProcess(h, 137) && WaitForSingleObject(h, INFINITE) == WAIT_OBJECT_0;
  CloseHandle(h);
  // Under Wine the handle is signalled when the process's threads are told to end, and they may
  // still run a moment (a server answering one more request): give them that moment.
  if (ended) Sleep(500);
  return ended;
#else
  return kill(static_cast<pid_t>(pid), SIGKILL) == 0;
#endif
}

// Waits until a process that is ending by itself (a server that ended) is gone. Linux: its
// connections close and its lock is released when it ends, so whoever saw them close sees it
// gone. Windows: as end_process, a moment more after its handle is signalled.
inline void await_process_end(unsigned long long pid) {
#if defined(_WIN32)
  HANDLE h = OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
  if (h == nullptr) return;  // gone already
  WaitForSingleObject(h, 20000);
  CloseHandle(h);
  Sleep(500);
#else
  (void)pid;
#endif
}

}  // namespace t
