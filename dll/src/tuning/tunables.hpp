// Every tunable of the library, one row each: its id (a stage number for the tunable matmul
// stages, MQLCL_TUNABLE_* otherwise), how many integer parameters, their names, the default
// for a device (by its facts: a CPU and a GPU differ), and the check that a vector fits a
// device. The tuning file, the per-context lookup (device -> architecture -> default), the
// exports and `mqlcl-host tune` all go through this table. A GEMM kernel's tiles are tunable
// through its row of the kernel table (catalog/gemm_kernels.hpp names its tile rule); anything
// else tunable = one row here; its rule lives beside the code that uses it.
#pragma once
#include <cstddef>

#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

constexpr int kMaxTunableParams = 16;

struct Tunable {
  int id;
  const char* name;         // "sgemm_tuned", "transfer": for messages and `tune --what`
  int count;                // parameters in the vector
  const char* names;        // "TSM TSN TSK WPTM WPTN", for messages and the file's comments
  void (*defaults)(const DeviceFacts& f, int* out);  // `count` values that run on the device
  // Throws (MQLCL_ERR_ARGUMENT / MQLCL_ERR_LOCAL_SIZE, with the cause) when the `count`
  // parameters do not fit the device.
  void (*validate)(const int* params, const DeviceFacts& f);
  // A GEMM kernel's tiles: the rule the row is made of, with the search space; else nullptr.
  const TileRule* tiles = nullptr;
};

size_t tunable_count();
const Tunable& tunable_at(size_t index);
// The row of an id; nullptr for an id that has none.
const Tunable* find_tunable(int id);
// The row of an id; MQLCL_ERR_STAGE (naming the tunables) for one without parameters.
const Tunable& tunable(int id);
// "10 sgemm_tuned, 17 sgemm_cpu, ...": the tunables, for messages.
std::string tunable_list();

}  // namespace mqlcl
