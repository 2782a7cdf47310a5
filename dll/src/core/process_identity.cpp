#include "core/process_identity.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#endif

namespace mqlcl {

#if defined(_WIN32)

namespace {
unsigned long long creation_time(HANDLE process) {
  FILETIME created{}, exited{}, kernel{}, user{};
  if (!GetProcessTimes(process, &created, &exited, &kernel, &user)) return 0;
  return (static_cast<unsigned long long>(created.dwHighDateTime) << 32) | created.dwLowDateTime;
}
}  // namespace

ProcessIdentity this_process() {
  return ProcessIdentity{GetCurrentProcessId(), creation_time(GetCurrentProcess())};
}

bool process_running(const ProcessIdentity& p) {
  if (p.pid == 0 || p.pid > 0xFFFFFFFFull) return false;
  HANDLE h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(p.pid));
  if (h == nullptr) return GetLastError() == ERROR_ACCESS_DENIED;  // another user's: it runs
  DWORD code = 0;
  bool running = GetExitCodeProcess(h, &code) && code == STILL_ACTIVE;
  if (running && p.start != 0) {
    const unsigned long long start = creation_time(h);
    running = start == 0 || start == p.start;
  }
  CloseHandle(h);
  return running;
}

#else

namespace {
// /proc/<pid>/stat: the state (field 3) and the start time (field 22), read after the command's
// closing parenthesis (the command may hold spaces and parentheses). False where unreadable.
bool read_stat(unsigned long long pid, char& state, unsigned long long& start) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%llu/stat", pid);
  FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  char buf[1024];
  const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[n] = '\0';
  const char* s = nullptr;
  for (const char* c = buf; *c; ++c)
    if (*c == ')') s = c;
  if (!s || s[1] != ' ' || s[2] == '\0') return false;
  state = s[2];
  const char* field = s + 2;  // field 3
  for (int i = 3; i < 22; ++i) {
    while (*field && *field != ' ') ++field;
    if (*field == '\0') return false;
    ++field;
  }
  char* end = nullptr;
  start = std::strtoull(field, &end, 10);
  return end != field;
}
}  // namespace

ProcessIdentity this_process() {
  ProcessIdentity p;
  p.pid = static_cast<unsigned long long>(getpid());
  char state = 0;
  if (!read_stat(p.pid, state, p.start)) p.start = 0;
  return p;
}

bool process_running(const ProcessIdentity& p) {
  if (p.pid == 0 || p.pid > 0x7FFFFFFFull) return false;
  if (kill(static_cast<pid_t>(p.pid), 0) != 0 && errno == ESRCH) return false;
  char state = 0;
  unsigned long long start = 0;
  if (!read_stat(p.pid, state, start)) return true;  // no /proc: the id alone
  if (state == 'Z' || state == 'X') return false;   // ended, not yet reaped by its parent
  return p.start == 0 || start == p.start;
}

#endif

}  // namespace mqlcl
