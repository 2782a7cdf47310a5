// The device profile of a context, measured on it (or read from the tuning file's cache) on
// first use: the ceilings of measure/peak, the transfer rates, a launch's cost.
#pragma once
#include "context.hpp"
#include "device/device_profile.hpp"

namespace mqlcl {

// The context's profile: the one it holds (set or measured before), else the cached one or one
// measured now (up to a few seconds), kept on the context.
const DeviceProfile& measured_profile(Context& ctx);

}  // namespace mqlcl
