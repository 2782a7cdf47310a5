// The stage registry as the ABI exposes it (mqlcl_stage_count/at/info/available/name).
// Result-code texts: test_errstr.cpp; typed slots: test_slots.cpp; private memory per
// work-group: test_private_memory.cpp; stage 10's tiles: test_sgemm.cpp.
#include <set>

#include "support.hpp"

namespace {

std::vector<int> all_stages() {
  std::vector<int> out;
  for (int i = 0; i < mqlcl_stage_count(); ++i) out.push_back(mqlcl_stage_at(i));
  return out;
}

std::string stage_name(int stage) {
  std::u16string buf(128, u'\0');
  const int n = mqlcl_stage_name(stage, buf.data(), 128);
  if (n < 0) return "";
  buf.resize(static_cast<size_t>(n));
  return t::to_utf8(buf);
}

TEST(Stages, EnumerationIsAscendingAndComplete) {
  const int count = mqlcl_stage_count();
  ASSERT_GE(count, 22);
  const auto stages = all_stages();
  for (size_t i = 1; i < stages.size(); ++i) EXPECT_LT(stages[i - 1], stages[i]);
  EXPECT_EQ(mqlcl_stage_at(-1), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_stage_at(count), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "outside 0 .. " + std::to_string(count - 1)));
  // The header's constants name stages the registry lists.
  for (int s : {MQLCL_STAGE_1DIM, MQLCL_STAGE_SGEMM_TUNED, MQLCL_STAGE_REPORT_REDUCE_ATOMIC, MQLCL_STAGE_LAB_TILES_RECT})
    EXPECT_TRUE(std::set<int>(stages.begin(), stages.end()).count(s)) << s;
  for (int s : stages) EXPECT_FALSE(stage_name(s).empty()) << s;
  EXPECT_EQ(stage_name(MQLCL_STAGE_VECT_V2), "matr_mul_vect_v2");
}

TEST(Stages, InfoMatchesTheDocumentedTable) {
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_LAB_UNROLL, MQLCL_STAGE_INFO_PARAM_MIN), 2);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_LAB_UNROLL, MQLCL_STAGE_INFO_PARAM_MAX), 8);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_LAB_UNROLL, MQLCL_STAGE_INFO_PARAM_DEFAULT), 4);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_LAB_TILES_RECT, MQLCL_STAGE_INFO_PARAM_DEFAULT), 16);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_LAB_TILES, MQLCL_STAGE_INFO_SQUARE_LOCAL), 1);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_REPORT_REDUCE_TREE, MQLCL_STAGE_INFO_POW2_LOCAL), 1);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_SGEMM_TUNED, MQLCL_STAGE_INFO_LOCAL_DIMS), 0);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_ROW_CALC, MQLCL_STAGE_INFO_LOCAL_DIMS), 1);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_1DIM, MQLCL_STAGE_INFO_LOCAL_DIMS), 2);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_1DIM_COALESCED, MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR), 1);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_1DIM, MQLCL_STAGE_INFO_NEEDS_B_COLMAJOR), 0);
  std::set<int> wrong, private_row;
  for (int s : all_stages()) {
    if (mqlcl_stage_info(s, MQLCL_STAGE_INFO_WRONG_ON_PURPOSE) == 1) wrong.insert(s);
    if (mqlcl_stage_info(s, MQLCL_STAGE_INFO_MAX_COLSROWS) == 8192) private_row.insert(s);
    // A stage that runs a GEMM kernel's code has that kernel's precision; the others are FP32.
    long long precision = MQLCL_PRECISION_FP32;
    for (int k : t::gemm_kernels())
      if (mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_STAGE) == s)
        precision = mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PRECISION);
    EXPECT_EQ(mqlcl_stage_info(s, MQLCL_STAGE_INFO_PRECISION), precision) << s;
    const long long lo = mqlcl_stage_info(s, MQLCL_STAGE_INFO_PARAM_MIN), hi = mqlcl_stage_info(s, MQLCL_STAGE_INFO_PARAM_MAX),
                    def = mqlcl_stage_info(s, MQLCL_STAGE_INFO_PARAM_DEFAULT);
    if (hi == 0)
      EXPECT_EQ(lo + def, 0) << s;
    else
      EXPECT_TRUE(lo <= def && def <= hi) << s;
  }
  EXPECT_EQ(wrong, (std::set<int>{MQLCL_STAGE_LAB_TILES_NO_BARRIER1, MQLCL_STAGE_LAB_TILES_NO_BARRIER2}));
  EXPECT_EQ(private_row, (std::set<int>{5, 6, 7, 8, 9}));
  EXPECT_EQ(mqlcl_stage_info(99, MQLCL_STAGE_INFO_PRECISION), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_stage_info(1, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_stage_info(1, 99), MQLCL_ERR_ARGUMENT);
}

TEST(Stages, AvailabilityOnThisDevice) {
  // The stages of tensor-core kernels depend on the device: test_tensor.cpp checks them.
  std::set<int> tensor;
  for (int k : t::gemm_kernels()) {
    const int stage = static_cast<int>(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_STAGE));
    if (mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA) == 1 && stage != 0) tensor.insert(stage);
  }
  EXPECT_FALSE(tensor.empty()) << "no tensor-core kernel is a stage";
  for (int s : all_stages())
    if (!tensor.count(s)) {
      EXPECT_EQ(mqlcl_stage_available(t::device(), s), 1) << s << ": " << t::message();
    }
  EXPECT_EQ(mqlcl_stage_available(t::device(), 99), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_stage_available(mqlcl_device_count(), 1), MQLCL_ERR_DEVICE);
  EXPECT_EQ(mqlcl_stage_available(-2, 1), MQLCL_ERR_DEVICE);
}

// The list of stages in the message comes from the registry, not from a copy.
TEST(Stages, UnknownStageNamesTheExistingOnes) {
  t::Ctx ctx;
  std::string ranges;
  const auto s = all_stages();
  for (size_t i = 0; i < s.size();) {
    size_t j = i;
    while (j + 1 < s.size() && s[j + 1] == s[j] + 1) ++j;
    ranges += (ranges.empty() ? "" : ", ") + std::to_string(s[i]) + (j > i ? "-" + std::to_string(s[j]) : "");
    i = j + 1;
  }
  EXPECT_EQ(mqlcl_matmul(ctx.h, 99, 1, 1, 1, 0, 0, 0), MQLCL_ERR_STAGE);
  EXPECT_TRUE(t::mentions(ctx.h, "(the stages: " + ranges + ";")) << ranges << " / " << t::message(ctx.h);
}

// A param where the stage has none was silently ignored; now it is refused, and a stage with
// one checks its range.
TEST(Stages, ParamOnlyWhereTheStageHasOne) {
  t::Ctx ctx;
  const auto a = t::random_floats(6, 1);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), 6), 6);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, a.data(), 6), 6);
  for (int s : all_stages()) {
    if (mqlcl_stage_info(s, MQLCL_STAGE_INFO_PARAM_MAX) != 0) continue;
    EXPECT_EQ(mqlcl_matmul(ctx.h, s, 2, 3, 2, 0, 0, 4), MQLCL_ERR_ARGUMENT) << s;
    EXPECT_TRUE(t::mentions(ctx.h, "takes no param"));
  }
  EXPECT_EQ(mqlcl_matmul(ctx.h, MQLCL_STAGE_LAB_UNROLL, 2, 3, 2, 0, 0, 16), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, MQLCL_STAGE_LAB_UNROLL, 2, 3, 2, 0, 0, 8), MQLCL_OK) << t::message(ctx.h);
}

}  // namespace
