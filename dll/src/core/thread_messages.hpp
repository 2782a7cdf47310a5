// The last failure's message of each OS thread (mqlcl_last_error(0, ...)), kept in storage
// the library owns. Not `thread_local`: its destructor would be a per-thread callback into
// the library, and under Windows a thread that unloaded the DLL then never exits.
#pragma once
#include <cstdint>
#include <string>

namespace mqlcl {

using ThreadId = std::uint64_t;

void set_thread_message(std::string message);
std::string thread_message();  // empty when the calling thread has none
void forget_thread_message(ThreadId thread);
void forget_all_thread_messages();

}  // namespace mqlcl
