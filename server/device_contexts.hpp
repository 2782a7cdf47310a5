// The server's one library context per device, shared by every client: the driver then runs
// one context and no switching between the clients' own (the collapse a context per process
// shows). Made on a client's first use of its device, freed when the server ends, and replaced
// when it was lost to a device fault (after a kernel faulted, NVIDIA's driver fails every call of
// the OpenCL context, whichever client's queue it comes from). Where the replacement does not
// work either (NVIDIA's driver keeps the whole process's state on the device failed), this
// process can no longer serve that device: failed_device() says so, and the server ends.
#pragma once
#include <atomic>
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
  // After a call failed in a way a device fault explains (MQLCL_ERR_LAUNCH, MQLCL_ERR_OPENCL):
  // frees each device's context that no longer works (MQLCL_HINFO_DEVICE_LOST) and makes a new
  // one for the next client context on that device; true where one was lost, and losses()
  // counts it.
  bool drop_lost();
  // A device whose new context did not work either (-1: none).
  int failed_device() const { return failed_device_.load(); }
  // How many device contexts were lost so far: a client whose count is behind asks whether its
  // own contexts went with them.
  unsigned losses() const { return losses_.load(); }

 private:
  std::mutex mutex_;
  std::map<int, int> by_device_;
  std::atomic<unsigned> losses_{0};
  std::atomic<int> failed_device_{-1};
};

}  // namespace mqlcl
