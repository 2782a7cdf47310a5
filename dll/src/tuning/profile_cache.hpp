// The device profile's cache in the tuning file: one line per device name, with the driver
// version it was measured under. A context asks once; a line for this device and driver is
// used as it is; no line, another driver's, or a corrupt one (skipped, with the reason in the
// profile's note) means measuring now, under the tuning file's cross-process lock, so that
// many processes starting together (the strategy tester's agents) measure once and leave one
// line. A file that cannot be written leaves the profile measured but uncached (noted).
#pragma once
#include <functional>

#include "device/device_facts.hpp"
#include "device/device_profile.hpp"

namespace mqlcl {

// `measure` measures the device (under the lock where one is had).
DeviceProfile cached_or_measured_profile(const DeviceFacts& f, const std::function<DeviceProfile()>& measure);

}  // namespace mqlcl
