// The operating-system side of the runtime: Windows (MinGW, run under Wine) or Linux.
#include "mql5_platform.hpp"

#ifdef _WIN32
#include <windows.h>
#include <shellapi.h>
#else
#include <dlfcn.h>
#include <spawn.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
extern char** environ;
#endif

namespace mql5::platform {
#ifdef _WIN32
namespace {
std::string utf8(const wchar_t* w) {
  int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, nullptr, 0, nullptr, nullptr);
  std::string s(n > 0 ? n - 1 : 0, '\0');
  if (n > 1) WideCharToMultiByte(CP_UTF8, 0, w, -1, &s[0], n, nullptr, nullptr);
  return s;
}
}  // namespace

std::vector<std::string> arguments() {
  std::vector<std::string> a;
  int n = 0;
  LPWSTR* w = CommandLineToArgvW(GetCommandLineW(), &n);
  for (int i = 1; w && i < n; ++i) a.push_back(utf8(w[i]));
  if (w) LocalFree(w);
  return a;
}
unsigned tick_ms() { return GetTickCount(); }
void* load_library(const std::string& dll, std::string& why) {
  std::wstring wide(dll.begin(), dll.end());
  HMODULE m = LoadLibraryW(wide.c_str());
  if (!m) why = std::to_string(GetLastError());
  return reinterpret_cast<void*>(m);
}
void* find_symbol(void* library, const char* name) {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(library), name));
}
namespace {
std::wstring wide(const std::string& s) {
  const int n = MultiByteToWideChar(CP_UTF8, 0, s.c_str(), -1, nullptr, 0);
  std::wstring w(n > 0 ? n - 1 : 0, L'\0');
  if (n > 1) MultiByteToWideChar(CP_UTF8, 0, s.c_str(), -1, &w[0], n);
  return w;
}
// One argument as CommandLineToArgvW reads it back: quoted, its quotes and the backslashes
// before them escaped.
std::wstring quoted(const std::wstring& a) {
  std::wstring q = L"\"";
  size_t slashes = 0;
  for (wchar_t c : a) {
    if (c == L'\\') {
      ++slashes;
    } else {
      if (c == L'"') q.append(slashes + 1, L'\\');
      slashes = 0;
    }
    q += c;
  }
  q.append(slashes, L'\\');
  return q + L"\"";
}
}  // namespace
int run_and_wait(const std::string& exe, const std::vector<std::string>& args, std::string& why) {
  std::wstring line = quoted(wide(exe));
  for (const std::string& a : args) line += L" " + quoted(wide(a));
  STARTUPINFOW si{};
  si.cb = sizeof si;
  PROCESS_INFORMATION pi{};
  if (!CreateProcessW(wide(exe).c_str(), &line[0], nullptr, nullptr, TRUE, 0, nullptr, nullptr, &si, &pi)) {
    why = "CreateProcess failed with " + std::to_string(GetLastError());
    return -1;
  }
  WaitForSingleObject(pi.hProcess, INFINITE);
  DWORD code = 0;
  GetExitCodeProcess(pi.hProcess, &code);
  CloseHandle(pi.hThread);
  CloseHandle(pi.hProcess);
  return static_cast<int>(code);
}
std::string program_path() {
  wchar_t w[32768];
  const DWORD n = GetModuleFileNameW(nullptr, w, sizeof w / sizeof w[0]);
  return n ? utf8(w) : std::string();
}
#else
std::vector<std::string> arguments() {
  std::vector<std::string> a;
  FILE* f = std::fopen("/proc/self/cmdline", "rb");
  std::string all;
  for (int c; f && (c = std::fgetc(f)) != EOF;) all += static_cast<char>(c);
  if (f) std::fclose(f);
  for (size_t at = 0, end; at < all.size(); at = end + 1) {
    end = all.find('\0', at);
    if (end == std::string::npos) end = all.size();
    a.push_back(all.substr(at, end - at));
  }
  if (!a.empty()) a.erase(a.begin());
  return a;
}
unsigned tick_ms() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<unsigned>(t.tv_sec * 1000ull + t.tv_nsec / 1000000);
}
void* load_library(const std::string& dll, std::string& why) {
  std::string name = dll;  // the same library under its Linux name: mqlcl.dll -> libmqlcl.so
  if (name.size() > 4 && !strcasecmp(name.c_str() + name.size() - 4, ".dll")) name.resize(name.size() - 4);
  void* m = dlopen(("lib" + name + ".so").c_str(), RTLD_NOW);
  if (!m) why = dlerror();
  return m;
}
void* find_symbol(void* library, const char* name) { return dlsym(library, name); }
int run_and_wait(const std::string& exe, const std::vector<std::string>& args, std::string& why) {
  std::vector<char*> argv{const_cast<char*>(exe.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid;
  const int error = posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ);
  if (error) {
    why = std::strerror(error);
    return -1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      why = std::strerror(errno);
      return -1;
    }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
std::string program_path() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}
#endif
}  // namespace mql5::platform
