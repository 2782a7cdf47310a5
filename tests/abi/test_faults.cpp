// Faults: each returns its code with a readable cause, and the next call on a valid handle
// still works. (OpenCL missing entirely: tests/checks/run_reliability.py and check_wine.py,
// which start processes without a runtime.)
#include "support.hpp"

namespace {

// A small product on ctx, to show the context still works after a fault.
::testing::AssertionResult still_works(int ctx) {
  const float a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 0, 1};
  float c[4] = {0};
  if (mqlcl_upload(ctx, MQLCL_SLOT_A, a, 4) != 4 || mqlcl_upload(ctx, MQLCL_SLOT_B, b, 4) != 4 ||
      mqlcl_matmul(ctx, 3, 2, 2, 2, 0, 0, 0) != MQLCL_OK || mqlcl_read(ctx, MQLCL_SLOT_C, c, 4) != 4)
    return ::testing::AssertionFailure() << t::message(ctx);
  if (c[0] != 1 || c[1] != 2 || c[2] != 3 || c[3] != 4) return ::testing::AssertionFailure() << "wrong product";
  return ::testing::AssertionSuccess();
}

TEST(Faults, AllocationBeyondTheDevice) {
  t::Ctx ctx;
  const long long max_alloc = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_MEM_ALLOC_SIZE);
  ASSERT_GT(max_alloc, 0);
  EXPECT_EQ(mqlcl_buffer(ctx.h, max_alloc + 1, MQLCL_MEM_READ_WRITE), MQLCL_ERR_MEMORY);
  EXPECT_NE(t::message(ctx.h).find(std::to_string(max_alloc)), std::string::npos) << t::message(ctx.h);
  EXPECT_TRUE(still_works(ctx.h));
}

TEST(Faults, KernelBeyondTheLocalMemory) {
  t::Ctx ctx;
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  const std::string src = "__kernel void k(__global float* x) { __local float big[" + std::to_string(local_mem / 4 + 1024) +
                          "]; big[get_local_id(0)] = 1.0f; barrier(CLK_LOCAL_MEM_FENCE); x[get_global_id(0)] = big[0]; }";
  const std::u16string wsrc(src.begin(), src.end());
  int rc = mqlcl_program(ctx.h, wsrc.c_str(), u"");
  if (rc > 0) {  // the compiler accepted it: the launch must refuse it
    const int k = mqlcl_kernel(rc, u"k");
    ASSERT_GT(k, 0) << t::message();
    const int buf = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
    ASSERT_EQ(mqlcl_arg_mem(k, 0, buf), MQLCL_OK);
    const int g[1] = {16}, l[1] = {16};
    rc = mqlcl_run(k, 1, g, 1, l, 1);
  }
  EXPECT_LT(rc, 0) << "a kernel needing more local memory than the device has ran";
  EXPECT_NE(t::message(0).find("local memory"), std::string::npos) << t::message(0);
  EXPECT_TRUE(still_works(ctx.h));
}

TEST(Faults, LocalArgumentBeyondTheDevice) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__local float* t) { t[0] = 1.0f; }", u"");
  ASSERT_GT(p, 0);
  const int k = mqlcl_kernel(p, u"k");
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  EXPECT_EQ(mqlcl_arg_local(k, 0, static_cast<int>(local_mem) + 4), MQLCL_ERR_RANGE);
  EXPECT_NE(t::message(k).find("local memory"), std::string::npos) << t::message(k);
  EXPECT_EQ(mqlcl_arg_local(k, 0, 64), MQLCL_OK);
  EXPECT_TRUE(still_works(ctx.h));
}

TEST(Faults, DeviceNotPresent) {
  const int n = mqlcl_device_count();
  ASSERT_GT(n, 0);
  EXPECT_EQ(mqlcl_create(n), MQLCL_ERR_DEVICE);
  EXPECT_NE(t::message().find("there are " + std::to_string(n) + " devices"), std::string::npos) << t::message();
  t::Ctx ctx;  // the next call on a valid device works
  EXPECT_TRUE(still_works(ctx.h));
}

TEST(Faults, WorkGroupBeyondTheKernelLimit) {
  t::Ctx ctx;
  const long long max_wg = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_WORK_GROUP_SIZE);
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x) { x[get_global_id(0)] = 1.0f; }", u"");
  const int k = mqlcl_kernel(p, u"k");
  const int buf = mqlcl_buffer(ctx.h, 8 * max_wg * 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, buf), MQLCL_OK);
  const int g[1] = {static_cast<int>(max_wg) * 4}, l[1] = {static_cast<int>(max_wg) * 2};
  EXPECT_EQ(mqlcl_run(k, 1, g, 1, l, 1), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_NE(t::message(k).find(std::to_string(max_wg)), std::string::npos) << t::message(k);
  EXPECT_TRUE(still_works(ctx.h));
}

}  // namespace
