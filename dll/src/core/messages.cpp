#include "core/messages.hpp"

#include "core/handles.hpp"
#include "core/thread_messages.hpp"

namespace mqlcl {

void record_message(int handle, const std::string& message) {
  set_thread_message(message);
  if (handle > 0) {
    if (auto obj = Registry::instance().find(handle)) {
      std::lock_guard<std::mutex> lock(obj->error_mutex);
      obj->last_error = message;
    }
  }
}

void record_error(int handle, int code, const std::string& message) {
  record_message(handle, "[" + std::to_string(code) + "] " + message);
}

std::string thread_error() { return thread_message(); }

}  // namespace mqlcl
