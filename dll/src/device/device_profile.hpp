// A device's profile: its measured ceilings (FP32/FP64 units, each mma.sync input type,
// device copy, host<->device transfers, a launch's overhead), as data. measure/profile_measure
// measures it, tuning/profile_cache keeps it per device and driver in the tuning file, the
// planner (gemm/gemm_plan) predicts from it.
// The fields are mqlcl.h's MQLCL_PROFILE_* indices.
#pragma once
#include <string>

#include "mqlcl.h"

namespace mqlcl {

struct DeviceProfile {
  double v[MQLCL_PROFILE_FIELDS] = {};
  std::string note;  // where it came from, and anything skipped on the way
  double operator[](int field) const { return v[field]; }
};

// The cache line's keys of fields 0 .. MQLCL_PROFILE_CEILINGS - 1 ("fp32", "mma_tf32", ...).
const char* profile_key(int field);
// "fp32=59100 fp64=..." (the ceilings only).
std::string profile_values_text(const DeviceProfile& p);
// The ceilings of a cache line into p; empty when every key was there with a number, else why not.
std::string parse_profile_values(const std::string& text, DeviceProfile& p);
// Why values cannot be a profile (negative, non-finite, no FP32 / copy / launch), or empty.
std::string profile_values_refused(const double* values);
// Profiles measured by this process so far; count_profile_measurement adds one and returns
// the new count.
int profile_measurements();
int count_profile_measurement();
// The profile in words (one line per ceiling).
std::string profile_text(const DeviceProfile& p, const std::string& device, const std::string& driver);

}  // namespace mqlcl
