// The operating system's words for one of its error numbers, for messages that name a cause
// ("Permission denied (errno 13)", "Access is denied (Windows error 5)").
#pragma once
#include <string>

namespace mqlcl {

// `err`: an errno value on POSIX, a GetLastError() value on Windows.
std::string os_error_text(unsigned long err);
// The calling thread's last error (errno / GetLastError()), read before anything else runs.
std::string last_os_error();

}  // namespace mqlcl
