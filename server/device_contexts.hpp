// The server's one library context per device, shared by every client: the driver then runs
// one context and no switching between the clients' own (the collapse a context per process
// shows). Made on a client's first use of its device, freed when the server ends.
#pragma once
#include <map>
#include <mutex>

namespace mqlcl {

class DeviceContexts {
 public:
  DeviceContexts() = default;
  ~DeviceContexts();
  DeviceContexts(const DeviceContexts&) = delete;
  DeviceContexts& operator=(const DeviceContexts&) = delete;

  // The context on `device` (MQLCL_DEVICE_BEST: mqlcl_device_best's), made on first use; or the
  // library's negative code, its message then the calling thread's (mqlcl_last_error(0)).
  int on_device(int device);

 private:
  std::mutex mutex_;
  std::map<int, int> by_device_;
};

}  // namespace mqlcl
