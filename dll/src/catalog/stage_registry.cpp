#include "catalog/stage_registry.hpp"

#include <string>

#include "catalog/tensor_tiles.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {

constexpr int kFp32 = MQLCL_PRECISION_FP32;
constexpr int kFp32Tensor = MQLCL_PRECISION_FP32_TENSOR;
constexpr int kTf32 = MQLCL_PRECISION_TF32;
constexpr ParamRule kNoParam{};

// clang-format off
const Stage kStages[] = {
// number name                          file                     entry                  defines                                                          family               x_is_col local                  param     b_cm  vw priv   zero_c prec   wrong  unavailable
  {10, "sgemm_tuned",                   "gemm/sgemm_tuned.cl", "sgemm_tuned",         "-cl-mad-enable",                                                Family::Tuned,       true,  LocalRule::FromTuning,  kNoParam, false, 1, false, false, kFp32, false, nullptr},
  // Tensor cores (mma.sync through inline PTX): NVIDIA, compute capability >= 8.0.
  {30, "sgemm_tensor_tf32",             "gemm/sgemm_tensor.cl", "sgemm_tensor",       "-DSPLIT3=0",                                                    Family::Tensor,      false, LocalRule::FromKernel,  kNoParam, false, 1, false, false, kTf32, false, tensor_unavailable},
  {31, "sgemm_tensor_3xtf32",           "gemm/sgemm_tensor.cl", "sgemm_tensor",       "-DSPLIT3=1",                                                    Family::Tensor,      false, LocalRule::FromKernel,  kNoParam, false, 1, false, false, kFp32Tensor, false, tensor_unavailable},
  // FP16 tensor cores, operands scaled per line (gemm/half_operands); the same devices.
  {32, "sgemm_tensor_fp16",             "gemm/sgemm_half.cl",  "sgemm_half",          "-DSPLIT=0",                                                     Family::TensorHalf,  false, LocalRule::FromKernel,  kNoParam, false, 1, false, false, kTf32, false, tensor_unavailable},
  {33, "sgemm_tensor_3xfp16",           "gemm/sgemm_half.cl",  "sgemm_half",          "-DSPLIT=1",                                                     Family::TensorHalf,  false, LocalRule::FromKernel,  kNoParam, false, 1, false, false, kFp32Tensor, false, tensor_unavailable},
};
// clang-format on
static_assert(sizeof(kStages) / sizeof(kStages[0]) <= kMaxGemmStages, "the ladder keeps room for kMaxGemmStages");

}  // namespace

size_t gemm_stage_count() { return sizeof(kStages) / sizeof(kStages[0]); }

const Stage& gemm_stage_at(size_t index) {
  if (index >= gemm_stage_count())
    fail(MQLCL_ERR_RANGE, "stage index ", index, " is beyond the product's ", gemm_stage_count(), " stages");
  return kStages[index];
}

const Stage& gemm_stage(int number) {
  for (const auto& s : kStages)
    if (s.number == number) return s;
  fail(MQLCL_ERR_INTERNAL, "stage ", number, " is not one of the product's GEMM kernels");
}

std::string stage_unavailable(const Stage& st, const DeviceFacts& facts) {
  if (!st.unavailable) return {};
  const std::string why = st.unavailable(facts);
  return why.empty() ? why : str("stage ", st.number, " (", st.name, ") cannot run here: ", why);
}

}  // namespace mqlcl
