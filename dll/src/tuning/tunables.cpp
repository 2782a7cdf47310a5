#include "tuning/tunables.hpp"

#include <string>

#include "catalog/dgemm_config.hpp"
#include "catalog/gemm_kernels.hpp"
#include "catalog/sgemm_config.hpp"
#include "catalog/transfer_params.hpp"
#include "catalog/stage_registry.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {

// clang-format off
const Tunable kTunables[] = {
  {MQLCL_STAGE_SGEMM_TUNED,    tiles_tunable_name(MQLCL_STAGE_SGEMM_TUNED),  kSgemmParamCount,       "TSM TSN TSK WPTM WPTN",                 sgemm_defaults,        validate_sgemm_params},
  {MQLCL_STAGE_TENSOR_TF32,    tiles_tunable_name(MQLCL_STAGE_TENSOR_TF32),   kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",         tensor_defaults,       validate_tensor_params},
  {MQLCL_STAGE_TENSOR_3XTF32,  tiles_tunable_name(MQLCL_STAGE_TENSOR_3XTF32), kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",         tensor_defaults,       validate_tensor_params},
  {MQLCL_STAGE_TENSOR_FP16,    tiles_tunable_name(MQLCL_STAGE_TENSOR_FP16),   kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",         half_tensor_defaults,  validate_half_tensor_params},
  {MQLCL_STAGE_TENSOR_3XFP16,  tiles_tunable_name(MQLCL_STAGE_TENSOR_3XFP16), kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",         half_tensor_defaults,  validate_split_half_tensor_params},
  {MQLCL_GEMM_KERNEL_OZAKI_FP32, tiles_tunable_name(MQLCL_GEMM_KERNEL_OZAKI_FP32), kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",      half_tensor_defaults,  validate_half_tensor_params},
  {MQLCL_TUNABLE_DGEMM,        tiles_tunable_name(MQLCL_TUNABLE_DGEMM),        kDgemmParamCount,       "TSM TSN TSK WPTM WPTN",                 dgemm_defaults,        validate_dgemm_params},
  {MQLCL_TUNABLE_DGEMM_TENSOR, tiles_tunable_name(MQLCL_TUNABLE_DGEMM_TENSOR), kDgemmTensorParamCount, "BM BN BK WM WN STAGES SHAPE GROUP_M",   dgemm_tensor_defaults, validate_dgemm_tensor_params},
  {MQLCL_GEMM_KERNEL_OZAKI_FP64, tiles_tunable_name(MQLCL_GEMM_KERNEL_OZAKI_FP64), kTensorParamCount, "BM BN BK WM WN STAGES GROUP_M",      half_tensor_defaults,  validate_half_tensor_params},
  {MQLCL_TUNABLE_TRANSFER,     "transfer",     kTransferParamCount,    "CHUNK_KIB THREADS",                     transfer_defaults,     validate_transfer_params},
  {MQLCL_TUNABLE_EFFICIENCY,   "efficiency",   kEfficiencyParamCount,  kEfficiencyNames.text,                   efficiency_defaults,   validate_efficiency_params},
  {MQLCL_TUNABLE_PREPARATION,  "preparation",  kPreparationParamCount, kPreparationNames,                       preparation_defaults,  validate_preparation_params},
};
// clang-format on

std::string tunable_list() {
  std::string out;
  for (const auto& t : kTunables) out += str(out.empty() ? "" : ", ", t.id, " ", t.name);
  return out;
}

}  // namespace

size_t tunable_count() { return sizeof(kTunables) / sizeof(kTunables[0]); }

const Tunable& tunable_at(size_t index) {
  if (index >= tunable_count()) fail(MQLCL_ERR_RANGE, "tunable index ", index, " is beyond ", tunable_count());
  return kTunables[index];
}

const Tunable* find_tunable(int id) {
  for (const auto& t : kTunables)
    if (t.id == id) return &t;
  return nullptr;
}

const Tunable& tunable(int id) {
  if (const Tunable* t = find_tunable(id)) return *t;
  for (size_t i = 0; i < stage_count(); ++i)
    if (stage_at(i).number == id)
      fail(MQLCL_ERR_STAGE, "stage ", id, " (", stage_at(i).name, ") has no tunable parameters (the tunables: ",
           tunable_list(), ")");
  fail(MQLCL_ERR_STAGE, id, " is not a tunable id (the tunables: ", tunable_list(), ")");
}

}  // namespace mqlcl
