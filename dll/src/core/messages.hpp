// The messages mqlcl_last_error gives: each OS thread's last one (handle 0) and each
// handle's. A failure's message is "[code] cause"; a message that reports no failure
// (mqlcl_stage_available's reason) is stored as given.
#pragma once
#include <string>

namespace mqlcl {

// "[code] message" for the calling thread and, when handle > 0 is live, for that handle.
void record_error(int handle, int code, const std::string& message);
// The message as given, for the calling thread and a live handle > 0.
void record_message(int handle, const std::string& message);
std::string thread_error();  // the calling thread's last message; empty when none

}  // namespace mqlcl
