// A family of GEMM tiles as one rule: the parameter vector (how many, their names), the default
// for a device, the check that a vector fits a device, and the search space: the vectors
// `mqlcl-host tune` tries (mqlcl_tunable_candidate), best first, so that a short budget still
// finds a good one. Each family's rule sits beside the code that reads its tiles
// (catalog/sgemm_config, catalog/tensor_tiles, catalog/dgemm_config); the GEMM kernel table names
// each kernel's rule, and the tunables' table makes each kernel's tunable of it.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "device/device_facts.hpp"

namespace mqlcl {

constexpr int kMaxTileParams = 8;

// One candidate: the rule's `count` values, the rest unused.
struct TileVector {
  int v[kMaxTileParams];
};

// What a kernel launched by the packed path's own launchers (gemm/gemm_packed: GemmLaunch::Grid
// and ::Blocks) needs of its tiles: its block (the padding of M, N, K), work-group, declared
// __local bytes and build defines.
struct TileProduct {
  int bm = 0, bn = 0, bk = 0;
  size_t local0 = 0, local1 = 1;
  unsigned long long local_bytes = 0;
  std::string defines;
};

struct TileRule {
  int count;          // parameters in the vector
  const char* names;  // "TSM TSN TSK WPTM WPTN": the tunable's parameter names
  void (*defaults)(const DeviceFacts& f, int* out);
  // Throws (MQLCL_ERR_ARGUMENT / MQLCL_ERR_LOCAL_SIZE, with the cause) when the vector does
  // not fit the device.
  void (*validate)(const int* params, const DeviceFacts& f);
  const TileVector* candidates;  // the search space, best first
  size_t candidate_count;
  // The kernel's block, work-group and defines from a vector; null for the tiles of a matmul
  // stage (the stage's launcher reads them).
  TileProduct (*product)(const int* params) = nullptr;
};

// The candidates that fit the device (validate passes), in the rule's order: a vector the
// device cannot run is not offered.
std::vector<const TileVector*> fitting_candidates(const TileRule& rule, const DeviceFacts& f);

}  // namespace mqlcl
