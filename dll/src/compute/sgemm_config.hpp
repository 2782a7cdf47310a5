// Parameters of the tuned SGEMM stage (kernels/matmul/sgemm_tuned.cl) and the tuning file
// that keeps the best ones per device name (written by `mqlcl-host tune`).
#pragma once
#include <string>

#include "compute/devices.hpp"

namespace mqlcl {

struct SgemmConfig {
  int tsm = 64, tsn = 64, tsk = 16, wptm = 4, wptn = 4;  // a safe default for any device
};

// Throws MQLCL_ERR_ARGUMENT when the tile sizes do not divide as the kernel needs, or
// MQLCL_ERR_LOCAL_SIZE when the work-group or its tiles do not fit the device.
void validate(const SgemmConfig& c, const DeviceFacts& f);
// Path of the tuning file: $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside the library.
std::string tuning_file_path();
// Whether two copies of the tiles fit the device's local memory (then the kernel double-buffers).
bool double_buffered(const SgemmConfig& c, const DeviceFacts& f);
// The tuned configuration for this device name from the file, or the default.
SgemmConfig tuned_config_for(const std::string& device_name, const DeviceFacts& f);

}  // namespace mqlcl
