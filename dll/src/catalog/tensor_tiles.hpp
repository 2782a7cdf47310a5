// Tiles of the tensor-core SGEMM kernels (kernels/gemm/sgemm_tensor.cl, stages 30 and 31;
// kernels/gemm/sgemm_half.cl, stages 32 and 33, whose BK is 16 or 32: 64 or 128 bytes of a line per k-tile):
// the tunable vector, the kernel's own divisibility rules (checked here before the compiler's
// #error), and what the tiles need from the device (__local bytes, work-items). The stages'
// availability and the launcher read the same numbers: one owner.
#pragma once
#include <string>

#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

// BM BN BK WM WN STAGES GROUP_M (STAGES: the cp.async pipeline's depth, not a matmul stage)
constexpr int kTensorParamCount = 7;
void tensor_defaults(const DeviceFacts& f, int* out);
void half_tensor_defaults(const DeviceFacts& f, int* out);  // stages 32 and 33

struct TensorTiles {
  int bm, bn, bk, wm, wn, stages, group_m;
  int threads() const { return 32 * (bm / wm) * (bn / wn); }
  unsigned long long local_bytes() const { return 4ull * stages * bk * (bm + bn); }
  std::string defines() const;  // sgemm_tensor.cl and sgemm_half.cl
};
TensorTiles tensor_tiles(const int* params);
// MQLCL_ERR_ARGUMENT when the tiles break the kernel's rules, MQLCL_ERR_LOCAL_SIZE when the
// work-group or the pipeline's __local tiles exceed the device.
void validate_tensor_params(const int* params, const DeviceFacts& f);
void validate_half_tensor_params(const int* params, const DeviceFacts& f);        // stage 32, the Ozaki kernels 35 and 42
void validate_split_half_tensor_params(const int* params, const DeviceFacts& f);  // stage 33 (no BK 8)
// Why the tensor-core stages cannot run on the device with their default tiles, or empty
// (the stage registry's availability predicate).
std::string tensor_unavailable(const DeviceFacts& f);

// The tiles as rules with the vectors `tune` tries: the TF32 kernels (stages 30, 31), the FP16
// lines (stage 32; the Ozaki kernels 35 and 42 read the same lines), split FP16 (stage 33).
extern const TileRule kTf32Tiles;
extern const TileRule kHalfTiles;
extern const TileRule kSplitHalfTiles;

}  // namespace mqlcl
