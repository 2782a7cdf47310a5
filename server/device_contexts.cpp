#include "device_contexts.hpp"

#include "mqlcl.h"

namespace mqlcl {

DeviceContexts::~DeviceContexts() {
  for (const auto& d : by_device_)
    if (d.second > 0) mqlcl_free(d.second);
}

int DeviceContexts::on_device(int device) {
  const int resolved = device == MQLCL_DEVICE_BEST ? mqlcl_device_best() : device;
  if (resolved < 0) return device == MQLCL_DEVICE_BEST ? resolved : mqlcl_create(device);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto found = by_device_.find(resolved);
  if (found != by_device_.end() && found->second > 0) return found->second;
  if (found != by_device_.end()) by_device_.erase(found);
  const int made = mqlcl_create(resolved);
  if (made > 0) by_device_.emplace(resolved, made);
  return made;
}

bool DeviceContexts::drop_lost() {
  std::lock_guard<std::mutex> lock(mutex_);
  bool dropped = false;
  for (auto& d : by_device_) {
    if (mqlcl_handle_info(d.second, MQLCL_HINFO_DEVICE_LOST) != 1) continue;
    // The clients' contexts hold the OpenCL context until each client lets its own go.
    mqlcl_free(d.second);
    dropped = true;
    ++losses_;
    d.second = mqlcl_create(d.first);
    if (d.second > 0 && mqlcl_handle_info(d.second, MQLCL_HINFO_DEVICE_LOST) == 0) continue;
    if (d.second > 0) mqlcl_free(d.second);
    d.second = 0;
    failed_device_.store(d.first);
  }
  return dropped;
}

}  // namespace mqlcl
