// The stage registry as the ABI exposes it (mqlcl_stage_count/at/info/available/name),
// result-code texts (mqlcl_errstr), typed slots (mqlcl_read_int), and the limits that keep
// a stage from crashing or stalling the process: private memory per work-group, SGEMM tiles.
#include <set>

#include "support.hpp"

namespace {

bool has(int handle, const std::string& text) { return t::message(handle).find(text) != std::string::npos; }

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
  EXPECT_TRUE(has(0, "outside 0 .. " + std::to_string(count - 1)));
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
    const long long precision = s == MQLCL_STAGE_TENSOR_TF32 || s == MQLCL_STAGE_TENSOR_FP16 ? MQLCL_PRECISION_TF32
                                : s == MQLCL_STAGE_TENSOR_3XTF32 || s == MQLCL_STAGE_TENSOR_3XFP16
                                    ? MQLCL_PRECISION_FP32_TENSOR
                                    : MQLCL_PRECISION_FP32;
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
  // The tensor-core stages (30-33) depend on the device: test_tensor.cpp checks them.
  for (int s : all_stages())
    if (s < MQLCL_STAGE_TENSOR_TF32 || s > MQLCL_STAGE_TENSOR_3XFP16) {
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
  EXPECT_TRUE(has(ctx.h, "(" + ranges + ";")) << ranges << " / " << t::message(ctx.h);
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
    EXPECT_TRUE(has(ctx.h, "takes no param")) << t::message(ctx.h);
  }
  EXPECT_EQ(mqlcl_matmul(ctx.h, MQLCL_STAGE_LAB_UNROLL, 2, 3, 2, 0, 0, 16), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, MQLCL_STAGE_LAB_UNROLL, 2, 3, 2, 0, 0, 8), MQLCL_OK) << t::message(ctx.h);
}

TEST(Errstr, EveryCodeHasItsNameAndMeaning) {
  const int codes[] = {MQLCL_OK, MQLCL_ERR_ARGUMENT, MQLCL_ERR_HANDLE, MQLCL_ERR_RANGE, MQLCL_ERR_STAGE, MQLCL_ERR_SHAPE,
                       MQLCL_ERR_LOCAL_SIZE, MQLCL_ERR_BUILD, MQLCL_ERR_OPENCL, MQLCL_ERR_NO_OPENCL, MQLCL_ERR_DEVICE,
                       MQLCL_ERR_NO_DATA, MQLCL_ERR_MEMORY, MQLCL_ERR_UNSUPPORTED, MQLCL_ERR_INTERNAL};
  const char* names[] = {"MQLCL_OK:", "MQLCL_ERR_ARGUMENT:", "MQLCL_ERR_HANDLE:", "MQLCL_ERR_RANGE:", "MQLCL_ERR_STAGE:",
                         "MQLCL_ERR_SHAPE:", "MQLCL_ERR_LOCAL_SIZE:", "MQLCL_ERR_BUILD:", "MQLCL_ERR_OPENCL:",
                         "MQLCL_ERR_NO_OPENCL:", "MQLCL_ERR_DEVICE:", "MQLCL_ERR_NO_DATA:", "MQLCL_ERR_MEMORY:",
                         "MQLCL_ERR_UNSUPPORTED:", "MQLCL_ERR_INTERNAL:"};
  for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); ++i) {
    std::u16string buf(256, u'\0');
    const int n = mqlcl_errstr(codes[i], buf.data(), 256);
    ASSERT_GT(n, static_cast<int>(std::string(names[i]).size()) + 5) << codes[i];
    buf.resize(static_cast<size_t>(n));
    EXPECT_EQ(t::to_utf8(buf).rfind(names[i], 0), 0u) << t::to_utf8(buf);
  }
  char16_t small[4] = {u'x', u'x', u'x', u'x'};
  EXPECT_GT(mqlcl_errstr(MQLCL_ERR_SHAPE, small, 4), 4);  // the full length: truncated
  EXPECT_EQ(small[3], u'\0');
  EXPECT_EQ(mqlcl_errstr(-50, small, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_errstr(1, small, 4), MQLCL_ERR_ARGUMENT);
}

// DIA_OFFSETS holds ints: a float read returned them reinterpreted as floats.
TEST(Slots, TypedReads) {
  t::Ctx ctx;
  const int offsets[3] = {-2, 0, 5};
  ASSERT_EQ(mqlcl_upload_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, offsets, 3), 3);
  float f[3] = {0, 0, 0};
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_DIA_OFFSETS, f, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(has(ctx.h, "holds ints: read it with mqlcl_read_int")) << t::message(ctx.h);
  int back[3] = {9, 9, 9};
  ASSERT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, back, 3), 3) << t::message(ctx.h);
  EXPECT_EQ(back[0], -2);
  EXPECT_EQ(back[2], 5);
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, back, 4), MQLCL_ERR_RANGE);
  const float a[2] = {1.5f, 2.5f};
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a, 2), 2);
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_A, back, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(has(ctx.h, "holds floats")) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_A, nullptr, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_A, f, 2), 2);
  EXPECT_EQ(f[1], 2.5f);
}

// Private rows times the work-group overflowed PoCL's work-group stack (SIGSEGV, reproduced
// with `mqlcl-host matmul --stage 5 --size 1,1024,1 --local 4096,0`): refused before launch
// on CPU devices, and a driver-chosen group is one that fits.
TEST(PrivateMemory, LargeWorkGroupsOfPrivateRowsAreRefused) {
  if ((mqlcl_device_info(t::device(), MQLCL_INFO_TYPE) & 2) == 0) GTEST_SKIP() << "the per-group bound applies to CPU devices";
  t::Ctx ctx;
  const long long max_wg = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_WORK_GROUP_SIZE);
  const int k = 8192;
  const auto a = t::random_floats(k, 5), b = t::random_floats(k, 6);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), k), k);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), k), k);
  for (int stage : {5, 6, 7, 8, 9}) {
    const int local0 = static_cast<int>(std::min<long long>(256, max_wg));
    EXPECT_EQ(mqlcl_matmul(ctx.h, stage, 1, k, 1, local0, 0, 0), MQLCL_ERR_LOCAL_SIZE) << stage << ": " << t::message(ctx.h);
    EXPECT_TRUE(has(ctx.h, "bytes of private memory each")) << t::message(ctx.h);
    EXPECT_TRUE(has(ctx.h, "use local0 <= ")) << t::message(ctx.h);
  }
  if (max_wg >= 4096) {
    const auto a2 = t::random_floats(1024, 7), b2 = t::random_floats(1024, 8);
    ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a2.data(), 1024), 1024);
    ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b2.data(), 1024), 1024);
    EXPECT_EQ(mqlcl_matmul(ctx.h, 5, 1, 1024, 1, 4096, 0, 0), MQLCL_ERR_LOCAL_SIZE) << t::message(ctx.h);
  }
}

// With local0 = 0 the library picks a group that fits (PoCL's own choice for 300 rows of
// 8192 floats crashed).
TEST(PrivateMemory, DriverChosenGroupFits) {
  t::Ctx ctx;
  const int m = 300, k = 8192;
  const auto a = t::random_floats(static_cast<size_t>(m) * k, 9), b = t::random_floats(k, 10);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), m * k), m * k);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), k), k);
  ASSERT_EQ(mqlcl_matmul(ctx.h, 5, m, k, 1, 0, 0, 0), MQLCL_OK) << t::message(ctx.h);
  std::vector<float> c(m, -1.0f);
  ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, c.data(), m), m);
  std::vector<double> exact, scale;
  t::reference_matmul(a, b, m, k, 1, exact, scale);
  for (int r = 0; r < m; ++r) EXPECT_TRUE(t::close_to(exact[r], scale[r], c[r], k)) << "row " << r;
}

TEST(Sgemm, CountsAndCompileBounds) {
  t::Ctx ctx;
  int params[5] = {0};
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, params, 4), MQLCL_ERR_RANGE);
  EXPECT_TRUE(has(ctx.h, "count = 4: params must hold sgemm_tuned's {TSM TSN TSK WPTM WPTN} = 5 ints")) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, nullptr, 5), MQLCL_ERR_ARGUMENT);
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, params, 5), MQLCL_OK);
  const int ok[5] = {32, 32, 8, 4, 4};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 4), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 5), MQLCL_OK) << t::message(ctx.h);
  // Accepted before, then the first stage-10 call compiled for 179 s.
  const int huge[5] = {512, 512, 4, 512, 512};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, huge, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(has(ctx.h, "accumulators per work-item exceed 64")) << t::message(ctx.h);
  const int unrolled[5] = {128, 128, 128, 8, 8};  // 64 accumulators, 8192 unrolled mads
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, unrolled, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(has(ctx.h, "unrolled multiply-adds")) << t::message(ctx.h);
  int back[5] = {0};
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, back, 5), MQLCL_OK);
  EXPECT_EQ(back[0], 32);  // a refused set leaves the configuration as it was
}

}  // namespace
