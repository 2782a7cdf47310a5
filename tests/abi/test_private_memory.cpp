// The limits that keep a stage from crashing the process: private memory per work-group.
#include <algorithm>

#include "support.hpp"

namespace {

// Private rows times the work-group overflowed PoCL's work-group stack (SIGSEGV, reproduced
// with `mqlcl-host matmul --stage 5 --size 1,1024,1 --local 4096,0`): refused before launch
// on CPU devices, and a driver-chosen group is one that fits.
TEST(PrivateMemory, LargeWorkGroupsOfPrivateRowsAreRefused) {
  if (!t::cpu_device()) GTEST_SKIP() << "the per-group bound applies to CPU devices";
  t::Ctx ctx;
  const long long max_wg = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_WORK_GROUP_SIZE);
  const int k = 8192;
  const auto a = t::random_floats(k, 5), b = t::random_floats(k, 6);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), k), k);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), k), k);
  for (int stage : {5, 6, 7, 8, 9}) {
    const int local0 = static_cast<int>(std::min<long long>(256, max_wg));
    EXPECT_EQ(mqlcl_matmul(ctx.h, stage, 1, k, 1, local0, 0, 0), MQLCL_ERR_LOCAL_SIZE) << stage << ": " << t::message(ctx.h);
    EXPECT_TRUE(t::mentions(ctx.h, "bytes of private memory each"));
    EXPECT_TRUE(t::mentions(ctx.h, "use local0 <= "));
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

}  // namespace
