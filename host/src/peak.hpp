// The peak family: the device's measured ceilings (copy bandwidth, FP32 rate) that the
// roofline bounds of `dia`, `transpose` and `bench` are set against (the `peak` command:
// register_peak_command).
#pragma once
#include "commands.hpp"
#include "context.hpp"

namespace host {

// Copy bandwidth in GB/s (read + written) over `megabytes`, capped at a third of the
// device's largest allocation; *used gets the megabytes copied. 0 megabytes: not measured
// (0 GB/s), for slow simulators such as oclgrind.
double measure_bandwidth(Context& ctx, int device, int megabytes, int* used = nullptr);
// FP32 rate in GFLOP/s (dependent mad chains).
double measure_fp32(Context& ctx);


}  // namespace host
