// Typed slots: a slot of ints read as floats (or floats as ints) is refused (mqlcl_read_int).
#include "support.hpp"

namespace {

// DIA_OFFSETS holds ints: a float read returned them reinterpreted as floats.
TEST(Slots, TypedReads) {
  t::Ctx ctx;
  const int offsets[3] = {-2, 0, 5};
  ASSERT_EQ(mqlcl_upload_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, offsets, 3), 3);
  float f[3] = {0, 0, 0};
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_DIA_OFFSETS, f, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "holds ints: read it with mqlcl_read_int"));
  int back[3] = {9, 9, 9};
  ASSERT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, back, 3), 3) << t::message(ctx.h);
  EXPECT_EQ(back[0], -2);
  EXPECT_EQ(back[2], 5);
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, back, 4), MQLCL_ERR_RANGE);
  const float a[2] = {1.5f, 2.5f};
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a, 2), 2);
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_A, back, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "holds floats"));
  EXPECT_EQ(mqlcl_read_int(ctx.h, MQLCL_SLOT_A, nullptr, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_A, f, 2), 2);
  EXPECT_EQ(f[1], 2.5f);
}

}  // namespace
