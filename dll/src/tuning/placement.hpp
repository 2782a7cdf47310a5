// Which device MQLCL_DEVICE_BEST means for a new context, with other processes' contexts in
// view: the strategy tester's agents (one process per core) each make a context, and on a
// machine with several GPUs they spread over them instead of all taking the same one.
//
// The rule, in order:
// 1. $MQLCL_DEVICE = N (an agent inherits the terminal's environment) pins device N.
// 2. The candidates: the devices of the best kind (a GPU before an accelerator before a CPU)
//    whose rate is at least half the fastest one's, so that an integrated GPU beside a discrete
//    one is not given half the work. The rate: each candidate's FP32 ceiling from its device
//    profile cached in the tuning file (tuning/profile_cache) where every device of that kind
//    has one for its driver, else compute units x clock (device/devices' best_device order).
// 3. The candidate with the fewest live contexts in the registry (tuning/context_registry),
//    then the fastest, then the lowest number.
// With no other context anywhere this is best_device() (or the profile's fastest). Where the
// best kind has one device (most machines) there is nothing to spread: no registry is kept.
#pragma once

namespace mqlcl {

// The device a context made now with MQLCL_DEVICE_BEST would take (mqlcl_device_best; other
// processes may take it first). MQLCL_ERR_ARGUMENT for a malformed or out-of-range $MQLCL_DEVICE.
int placed_device();
// `device`, or placed_device() for MQLCL_DEVICE_BEST.
int resolved_device(int device);

// A context's line in the registry, from the context's creation to its destruction: for
// MQLCL_DEVICE_BEST the device is chosen and registered under the registry's lock at once, so
// that processes starting together spread; an explicit device is registered as it is (checked:
// MQLCL_ERR_DEVICE when it does not exist). Only contexts on a candidate kind with two or more
// devices are registered.
class ContextPlacement {
 public:
  explicit ContextPlacement(int requested);
  ~ContextPlacement();
  ContextPlacement(const ContextPlacement&) = delete;
  ContextPlacement& operator=(const ContextPlacement&) = delete;

  int device() const { return device_; }

 private:
  int device_ = 0;
  unsigned long long context_ = 0;
  bool registered_ = false;
};

}  // namespace mqlcl
