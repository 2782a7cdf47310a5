// Loads and unloads the library from many short-lived threads, as MetaTrader does with each
// script and Expert Advisor: every thread loads it, makes a failing and succeeding calls,
// reads its thread's message, unloads it and exits. Passes only if every thread exits within
// a bound and every result is right. A per-thread destructor registered by the library (a
// `thread_local` with a destructor) makes such a thread never exit under Windows/Wine.
//
// Usage: mqlcl_unload_threads LIBRARY [THREADS ROUNDS]
//   Windows: LIBRARY is a DLL name or path for LoadLibraryW; Linux: a path for dlopen.
// Exit: 0 all good, 1 a wrong result, 2 usage/load failure, 3 a thread did not exit in time.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "mqlcl.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#endif

namespace {

constexpr int kDeadlineSeconds = 60;  // for the whole run: a hung thread fails it, not the CI timeout

using VersionFn = int (*)();
using DeviceCountFn = int (*)();
using CreateFn = int (*)(int);
using LastErrorFn = int (*)(int, mqlcl_char*, int);

const char* g_library = nullptr;

// ---- The platform's loader and threads ------------------------------------------------------
#ifdef _WIN32
void* load_library() {
  std::wstring name(g_library, g_library + std::strlen(g_library));
  return reinterpret_cast<void*>(LoadLibraryW(name.c_str()));
}
void* symbol(void* lib, const char* name) {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(lib), name));
}
bool unload_library(void* lib) { return FreeLibrary(static_cast<HMODULE>(lib)) != 0; }
#else
void* load_library() { return dlopen(g_library, RTLD_NOW | RTLD_LOCAL); }
void* symbol(void* lib, const char* name) { return dlsym(lib, name); }
bool unload_library(void* lib) { return dlclose(lib) == 0; }
#endif

[[noreturn]] void hard_exit(int code) {
  // A hung thread can hang the orderly exit too (ExitProcess waits for the loader lock).
  std::fflush(stdout);
  std::fflush(stderr);
#ifdef _WIN32
  TerminateProcess(GetCurrentProcess(), static_cast<UINT>(code));
#endif
  _exit(code);
}

// ---- One thread's cycle ----------------------------------------------------------------------
struct Job {
  int id = 0;          // distinct per thread: the failing call names it, so messages cannot mix
  int version = 0;     // what mqlcl_version returned
  char error[256] = {};  // empty when every check passed
};

void set_error(Job& job, const char* what, long long value) {
  std::snprintf(job.error, sizeof job.error, "thread %d: %s (%lld)", job.id, what, value);
}

std::u16string message_of(LastErrorFn last_error) {
  mqlcl_char buf[512];
  const int n = last_error(0, buf, 512);
  if (n < 0 || n >= 512) return u"<mqlcl_last_error failed>";
  return std::u16string(buf, static_cast<size_t>(n));
}

std::u16string ascii16(const std::string& s) { return std::u16string(s.begin(), s.end()); }

void cycle(Job& job) {
  void* lib = load_library();
  if (lib == nullptr) return set_error(job, "the library did not load", 0);
  auto version = reinterpret_cast<VersionFn>(symbol(lib, "mqlcl_version"));
  auto device_count = reinterpret_cast<DeviceCountFn>(symbol(lib, "mqlcl_device_count"));
  auto create = reinterpret_cast<CreateFn>(symbol(lib, "mqlcl_create"));
  auto last_error = reinterpret_cast<LastErrorFn>(symbol(lib, "mqlcl_last_error"));
  if (!version || !device_count || !create || !last_error) {
    set_error(job, "an export is missing", 0);
  } else {
    // The failing call: a device that does not exist, named by this thread's id.
    const int device = 100000 + job.id;
    const int rc = create(device);
    const std::u16string code = ascii16("[" + std::to_string(MQLCL_ERR_DEVICE) + "] ");
    const std::u16string number = ascii16(" " + std::to_string(device) + " ");
    const std::u16string after_failure = message_of(last_error);
    job.version = version();
    const int devices = device_count();
    const std::u16string after_success = message_of(last_error);  // a success keeps the message
    if (rc != MQLCL_ERR_DEVICE) set_error(job, "mqlcl_create(absent device) did not return MQLCL_ERR_DEVICE", rc);
    else if (after_failure.compare(0, code.size(), code) != 0 || after_failure.find(number) == std::u16string::npos)
      set_error(job, "the thread's message is not its own failure's", 0);
    else if (after_success != after_failure) set_error(job, "a succeeding call changed the thread's message", 0);
    else if (job.version < 10000) set_error(job, "mqlcl_version", job.version);
    else if (devices < 1) set_error(job, "mqlcl_device_count", devices);
  }
  if (!unload_library(lib) && job.error[0] == 0) set_error(job, "unloading failed", 0);
}

#ifdef _WIN32
DWORD WINAPI thread_main(void* arg) {
  cycle(*static_cast<Job*>(arg));
  return 0;
}
#else
void* thread_main(void* arg) {
  cycle(*static_cast<Job*>(arg));
  return nullptr;
}
#endif

// ---- Starting threads and waiting for them with a deadline ---------------------------------
using Clock = std::chrono::steady_clock;

struct Thread {
#ifdef _WIN32
  HANDLE handle = nullptr;
#else
  pthread_t handle{};
#endif
};

bool start(Thread& t, Job& job) {
#ifdef _WIN32
  t.handle = CreateThread(nullptr, 0, thread_main, &job, 0, nullptr);
  return t.handle != nullptr;
#else
  return pthread_create(&t.handle, nullptr, thread_main, &job) == 0;
#endif
}

// True when the thread has exited (and is joined) before the deadline.
bool join_by(Thread& t, Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  const long long ms = left > 0 ? left : 0;
#ifdef _WIN32
  if (WaitForSingleObject(t.handle, static_cast<DWORD>(ms)) != WAIT_OBJECT_0) return false;
  CloseHandle(t.handle);
  return true;
#else
  timespec until{};
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += static_cast<time_t>(ms / 1000);
  until.tv_nsec += static_cast<long>((ms % 1000) * 1000000);
  if (until.tv_nsec >= 1000000000L) {
    until.tv_sec += 1;
    until.tv_nsec -= 1000000000L;
  }
  return pthread_timedjoin_np(t.handle, nullptr, &until) == 0;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: %s LIBRARY [THREADS ROUNDS]\n", argv[0]);
    return 2;
  }
  g_library = argv[1];
  const int threads = argc == 4 ? std::atoi(argv[2]) : 8;
  const int rounds = argc == 4 ? std::atoi(argv[3]) : 100;
  if (threads < 1 || threads > 64 || rounds < 1) {
    std::fprintf(stderr, "THREADS must be 1..64 and ROUNDS >= 1\n");
    return 2;
  }
  const auto begin = Clock::now();
  const auto deadline = begin + std::chrono::seconds(kDeadlineSeconds);
  int version = 0;
  for (int round = 0; round < rounds; ++round) {
    Job jobs[64];
    Thread ts[64];
    for (int i = 0; i < threads; ++i) {
      jobs[i].id = round * threads + i;
      if (!start(ts[i], jobs[i])) {
        std::fprintf(stderr, "round %d: thread %d could not be started\n", round, i);
        hard_exit(2);
      }
    }
    for (int i = 0; i < threads; ++i) {
      if (!join_by(ts[i], deadline)) {
        std::fprintf(stderr, "FAIL: round %d, thread %d (of %d) has not exited %d s after the start: a thread that "
                     "loaded and unloaded the library hangs at exit\n", round, jobs[i].id, threads, kDeadlineSeconds);
        hard_exit(3);
      }
    }
    for (int i = 0; i < threads; ++i) {
      if (jobs[i].error[0] == 0 && version != 0 && jobs[i].version != version)
        set_error(jobs[i], "mqlcl_version differs between loads", jobs[i].version);
      if (jobs[i].error[0] != 0) {
        std::fprintf(stderr, "FAIL: round %d, %s\n", round, jobs[i].error);
        hard_exit(1);
      }
      version = jobs[i].version;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  std::printf("ok: %d threads x %d rounds, each loaded the library, failed and succeeded a call, read its "
              "message, unloaded it and exited, in %.1f s\n", threads, rounds, seconds);
  return 0;
}
