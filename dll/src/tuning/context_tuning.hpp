// A context's tuned parameters: for each tunable (catalog's tiles, tuning/tunables' table), the
// vector in use and where it came from. At context creation each is looked up in the tuning
// file with CLBlast's fallback (exact device name, then the device's architecture, then the
// tunable's built-in default);
// a line whose parameters do not fit the device is skipped, and the origin text says so.
#pragma once
#include <string>
#include <vector>

#include "device/devices.hpp"
#include "core/opencl.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

// What identifies a device in the tuning file: its name and architecture (devices.hpp).
struct DeviceKey {
  std::string name;
  std::string architecture;
};
DeviceKey device_key(const DeviceFacts& f);

struct TunedParams {
  int id = 0;  // the tunable's id
  std::vector<int> params;
  int source = 0;      // MQLCL_TUNING_DEFAULT / _DEVICE / _ARCHITECTURE / _SET
  std::string origin;  // which entry was used and why (or why none)
};

class ContextTuning {
 public:
  // Reads the tuning file once and looks up every tunable for this device.
  void load(const DeviceFacts& f);
  const TunedParams& get(int id) const;  // MQLCL_ERR_STAGE for an id that is no tunable
  const int* params(int id) const { return get(id).params.data(); }
  // Validates `params` (the tunable's count of them) on the device, then uses them.
  void set(int id, const int* params, const DeviceFacts& f);
  // Looks the tunable up again in `file` (read at `path`); where it now has an entry for the
  // device, uses it and returns true (tuning on first use: another process stored it).
  bool adopt(int id, const TuningFile& file, const NativePath& path, const DeviceFacts& f);
  // Uses a vector already checked, with where it came from.
  void use(int id, const std::vector<int>& params, int source, const std::string& origin);
  const DeviceKey& key() const { return key_; }
  // Changes with every vector set, adopted or used: what was decided from the tuning (a GEMM
  // call's placement, gemm/host_candidate) holds while it stays the same.
  unsigned long long generation() const { return generation_; }

 private:
  TunedParams& slot(int id);  // for a change: counts it
  DeviceKey key_;
  unsigned long long generation_ = 0;
  std::vector<TunedParams> tunables_;
};

// Validates `params` for `stage` on the device, then replaces this device's entry for the
// stage in the tuning file (or appends one), atomically. Serialised with this process's other
// stores and with other processes' (tuning/file_lock.hpp).
void store_tuning(const DeviceKey& key, const DeviceFacts& f, int stage, const int* params);
// The same inside with_tuning_file_locked, on the file as the caller read it there.
void store_tuning_locked(const NativePath& path, const TuningFile& file, const DeviceKey& key, const DeviceFacts& f,
                         int stage, const int* params);

}  // namespace mqlcl
