// Tiles of DGEMM's two product kernels, as tunable vectors with their rules: the FP64 units'
// kernel (kernels/gemm/dgemm.cl) and the FP64 tensor cores' (kernels/gemm/dgemm_tensor.cl).
// The packed path's Grid and Blocks launchers (gemm/gemm_packed) and the planner read the
// context's tuned vectors.
#pragma once
#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"

namespace mqlcl {

// FP64 units: TSM TSN TSK WPTM WPTN.
constexpr int kDgemmParamCount = 5;
void dgemm_defaults(const DeviceFacts& f, int* out);
void validate_dgemm_params(const int* params, const DeviceFacts& f);

// FP64 tensor cores: BM BN BK WM WN STAGES SHAPE GROUP_M.
constexpr int kDgemmTensorParamCount = 8;
void dgemm_tensor_defaults(const DeviceFacts& f, int* out);
void validate_dgemm_tensor_params(const int* params, const DeviceFacts& f);

// What each product kernel needs of its tiles (the rules' `product`).
TileProduct dgemm_simt_product(const int* params);
TileProduct dgemm_tensor_product(const int* params);

// The two kernels' tiles as rules with the vectors `tune` tries.
extern const TileRule kDgemmTiles;
extern const TileRule kDgemmTensorTiles;

}  // namespace mqlcl
