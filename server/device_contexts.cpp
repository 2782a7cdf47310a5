#include "device_contexts.hpp"

#include "api/local_exports.hpp"
#include "mqlcl.h"

namespace mqlcl {

DeviceContexts::~DeviceContexts() {
  for (const auto& d : by_device_) local::mqlcl_free(d.second);
}

int DeviceContexts::on_device(int device) {
  const int resolved = device == MQLCL_DEVICE_BEST ? mqlcl_device_best() : device;
  if (resolved < 0) return device == MQLCL_DEVICE_BEST ? resolved : mqlcl_create(device);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto found = by_device_.find(resolved);
  if (found != by_device_.end()) return found->second;
  const int made = mqlcl_create(resolved);
  if (made > 0) by_device_.emplace(resolved, made);
  return made;
}

bool DeviceContexts::drop_lost() {
  std::lock_guard<std::mutex> lock(mutex_);
  bool dropped = false;
  for (auto it = by_device_.begin(); it != by_device_.end();) {
    if (local::mqlcl_handle_info(it->second, MQLCL_HINFO_DEVICE_LOST) != 1) {
      ++it;
      continue;
    }
    // The clients' contexts hold the OpenCL context until each client lets its own go.
    local::mqlcl_free(it->second);
    dropped = true;
    ++losses_;
    it->second = mqlcl_create(it->first);
    if (it->second > 0 && local::mqlcl_handle_info(it->second, MQLCL_HINFO_DEVICE_LOST) == 0) {
      ++it;
      continue;
    }
    if (it->second > 0) local::mqlcl_free(it->second);
    failed_device_.store(it->first);
    it = by_device_.erase(it);
  }
  return dropped;
}

}  // namespace mqlcl
