// Windows: frees a thread's message when the thread exits, and every message when the DLL is
// unloaded, so per-thread storage needs no per-thread destructor (see core/thread_messages.hpp).
// Runs under the loader lock: only a map erase under the library's own mutex, whose holders
// never wait for the loader.
#include <windows.h>

#include "core/thread_messages.hpp"

extern "C" BOOL WINAPI DllMain(HINSTANCE, DWORD reason, LPVOID reserved) {
  try {
    if (reason == DLL_THREAD_DETACH) mqlcl::forget_thread_message(GetCurrentThreadId());
    // reserved != nullptr: the process is exiting and other threads were stopped anywhere,
    // possibly holding the mutex; the memory goes with the process.
    if (reason == DLL_PROCESS_DETACH && reserved == nullptr) mqlcl::forget_all_thread_messages();
  } catch (...) {
    // std::mutex::lock can throw in theory; nothing may escape into the loader.
  }
  return TRUE;
}
