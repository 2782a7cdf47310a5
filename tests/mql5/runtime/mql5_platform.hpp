// What the runtime needs from the operating system, behind names that do not clash with
// MQL5's (Windows' own GetTickCount would collide with the MQL5 function of that name).
#pragma once

#include <string>
#include <vector>

namespace mql5::platform {
std::vector<std::string> arguments();  // the command line after the program name, UTF-8
unsigned tick_ms();                    // milliseconds since an arbitrary start, wrapping
// Loads a DLL by its MQL5 name (mqlcl.dll; libmqlcl.so on Linux); null and why on failure.
void* load_library(const std::string& dll, std::string& why);
void* find_symbol(void* library, const char* name);
std::string program_path();  // the running executable, UTF-8 ("" if unknown)
// Runs another program with these arguments (UTF-8) and waits for it: its exit code, or -1 and
// why where it could not be started.
int run_and_wait(const std::string& exe, const std::vector<std::string>& args, std::string& why);
}  // namespace mql5::platform
