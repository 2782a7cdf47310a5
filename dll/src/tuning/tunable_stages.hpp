// The stages whose kernels take tuned parameters, and each one's rule: how many parameters,
// their names, a default that runs on any device, and the check that a parameter vector
// fits a device. The tuning file, the per-context state and the exports all go through it.
// Making a stage tunable = one row in tunable_stages.cpp (its rule lives beside its kernel's
// launcher, as stage 10's does in compute/sgemm_config.cpp).
#pragma once
#include <cstddef>

#include "compute/devices.hpp"

namespace mqlcl {

constexpr int kMaxTunableParams = 16;

struct TunableStage {
  int stage;
  int count;                // parameters in the vector
  const char* names;        // "TSM TSN TSK WPTM WPTN", for messages and the file's comments
  const int* defaults;      // `count` values that run on any device
  // Throws (MQLCL_ERR_ARGUMENT / MQLCL_ERR_LOCAL_SIZE, with the cause) when the `count`
  // parameters do not fit the device.
  void (*validate)(const int* params, const DeviceFacts& f);
};

size_t tunable_count();
const TunableStage& tunable_at(size_t index);
// The rule of a stage; nullptr for a stage without parameters.
const TunableStage* find_tunable(int stage);
// The rule of a stage; MQLCL_ERR_STAGE (naming the tunable stages) for one without parameters.
const TunableStage& tunable(int stage);

}  // namespace mqlcl
