// Parameters of the tuned SGEMM stage (kernels/gemm/sgemm_tuned.cl) and their rule: the
// tuning module (tuning/) keeps them per context and per device, this file says what fits.
#pragma once

#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

// Stage 10's parameter vector: TSM, TSN, TSK, WPTM, WPTN.
constexpr int kSgemmParamCount = 5;
// The tiles a device gets without a tuned entry: {64, 128, 8, 8, 8} on GPUs that state a compute
// capability and hold two copies of its tiles, else {64, 64, 16, 4, 4} (safe on any device).
void sgemm_defaults(const DeviceFacts& f, int* out);

struct SgemmConfig {
  int tsm, tsn, tsk, wptm, wptn;
};
SgemmConfig sgemm_from(const int* params);  // kSgemmParamCount ints

// Throws MQLCL_ERR_ARGUMENT when the tile sizes do not divide as the kernel needs, or
// MQLCL_ERR_LOCAL_SIZE when the work-group or its tiles do not fit the device.
void validate(const SgemmConfig& c, const DeviceFacts& f);
// The same rule on a parameter vector (the tunable-stage table's entry for stage 10).
void validate_sgemm_params(const int* params, const DeviceFacts& f);
// The tiles an M x N product runs with: the configured ones, or the plain defaults where the
// configured ones would give fewer blocks than a quarter of the device's compute units and the
// plain ones give more (there the count of blocks sets the time, not their efficiency).
SgemmConfig sgemm_for_product(const SgemmConfig& c, const DeviceFacts& f, size_t m, size_t n);
// Whether two copies of the tiles fit the device's local memory (then the kernel double-buffers).
bool double_buffered(const SgemmConfig& c, const DeviceFacts& f);

// Stage 10's tiles as a rule: the vector, its default and check, and the tiles `tune` tries.
extern const TileRule kSgemmTiles;

}  // namespace mqlcl
