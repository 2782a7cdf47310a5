// The figures of the last operation (mqlcl_last_*): a context's experiments and a user
// kernel's mqlcl_run each keep their own, and both handles are taken alike.
#include "support.hpp"

namespace {

const char16_t* kTwice = u"__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }\n";

struct ContextFigures {
  double kernel_ms, convert_ms, total_ms;
  int launches;
};

ContextFigures figures_of(int ctx) {
  return {mqlcl_last_kernel_ms(ctx), mqlcl_last_convert_ms(ctx), mqlcl_last_total_ms(ctx), mqlcl_last_launches(ctx)};
}

// A matmul with stage 14 (one launch per k) into slot C, read back: the context's figures.
void rank1_matmul(int ctx, int k) {
  const auto a = t::random_floats(static_cast<size_t>(4 * k), 3);
  const auto b = t::random_floats(static_cast<size_t>(k * 4), 5);
  ASSERT_EQ(mqlcl_upload(ctx, MQLCL_SLOT_A, a.data(), 4 * k), 4 * k);
  ASSERT_EQ(mqlcl_upload(ctx, MQLCL_SLOT_B, b.data(), 4 * k), 4 * k);
  ASSERT_EQ(mqlcl_matmul(ctx, MQLCL_STAGE_REPORT_RANK1, 4, k, 4, 0, 0, 0), MQLCL_OK) << t::message(ctx);
  float c[16];
  ASSERT_EQ(mqlcl_read(ctx, MQLCL_SLOT_C, c, 16), 16);
}

}  // namespace

// mqlcl_run used to record its launch as the context's last operation (launches, kernel
// time) and to start the context's "total" clock, so that the next read replaced the total.
TEST(Timing, UserKernelRunLeavesTheContextsLastOperationAlone) {
  t::Ctx ctx;
  ASSERT_NO_FATAL_FAILURE(rank1_matmul(ctx.h, 6));
  const ContextFigures before = figures_of(ctx.h);
  ASSERT_EQ(before.launches, 6);
  ASSERT_GT(before.total_ms, 0.0);

  const int p = mqlcl_program(ctx.h, kTwice, u"");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  const int k = mqlcl_kernel(p, u"twice");
  ASSERT_GT(k, 0) << t::message();
  const int x = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(x, 0);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, x), MQLCL_OK);
  EXPECT_EQ(mqlcl_last_launches(k), 0);  // not run yet
  const int global[1] = {16};
  ASSERT_EQ(mqlcl_run(k, 1, global, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  EXPECT_EQ(mqlcl_last_launches(k), 1);
  EXPECT_GE(mqlcl_last_kernel_ms(k), 0.0);

  float c[16];
  ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, c, 16), 16);  // would close a "total" the run opened
  const ContextFigures after = figures_of(ctx.h);
  EXPECT_EQ(after.launches, before.launches);
  EXPECT_EQ(after.kernel_ms, before.kernel_ms);
  EXPECT_EQ(after.convert_ms, before.convert_ms);
  EXPECT_EQ(after.total_ms, before.total_ms);
}

// mqlcl_last_kernel_ms took a kernel handle while mqlcl_last_launches refused one.
TEST(Timing, LastFiguresTakeAContextOrAKernelOnly) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, kTwice, u"");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  const int k = mqlcl_kernel(p, u"twice");
  ASSERT_GT(k, 0) << t::message();
  EXPECT_EQ(mqlcl_last_launches(ctx.h), 0);
  EXPECT_EQ(mqlcl_last_launches(k), 0) << t::message(k);
  EXPECT_EQ(mqlcl_last_kernel_ms(k), 0.0) << t::message(k);
  const int buf = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0);
  EXPECT_EQ(mqlcl_last_launches(buf), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(t::mentions(0, "is a buffer, not a context or kernel"));
  EXPECT_EQ(mqlcl_last_kernel_ms(p), static_cast<double>(MQLCL_ERR_HANDLE));
  EXPECT_TRUE(t::mentions(0, "is a program, not a context or kernel"));
  // The totals belong to the context's experiments only.
  EXPECT_EQ(mqlcl_last_total_ms(k), static_cast<double>(MQLCL_ERR_HANDLE));
  EXPECT_TRUE(t::mentions(0, "is a kernel, not a context"));
}
