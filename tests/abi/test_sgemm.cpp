// Stage 10's tiles through the names before 2.8, mqlcl_sgemm_get / _set (aliases kept): counts,
// and the bounds that keep a build from running for minutes.
#include <vector>

#include "catalog/sgemm_config.hpp"
#include "support.hpp"

namespace {

TEST(Sgemm, CountsAndCompileBounds) {
  t::Ctx ctx;
  int params[5] = {0};
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, params, 4), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(ctx.h, "count = 4: params must hold sgemm_tuned's {TSM TSN TSK WPTM WPTN} = 5 ints"));
  EXPECT_EQ(mqlcl_sgemm_get(ctx.h, nullptr, 5), MQLCL_ERR_ARGUMENT);
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, params, 5), MQLCL_OK);
  const int ok[5] = {32, 32, 8, 4, 4};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 4), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, ok, 5), MQLCL_OK) << t::message(ctx.h);
  // Accepted before, then the first stage-10 call compiled for 179 s.
  const int huge[5] = {512, 512, 4, 512, 512};
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, huge, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "accumulators per work-item exceed 64"));
  const int unrolled[5] = {128, 128, 128, 8, 8};  // 64 accumulators, 8192 unrolled mads
  EXPECT_EQ(mqlcl_sgemm_set(ctx.h, unrolled, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "unrolled multiply-adds"));
  int back[5] = {0};
  ASSERT_EQ(mqlcl_sgemm_get(ctx.h, back, 5), MQLCL_OK);
  EXPECT_EQ(back[0], 32);  // a refused set leaves the configuration as it was
}

// The defaults and the small-product rule on made-up devices: an H100-like GPU, a GPU without
// a compute capability, one with too little local memory for two copies of the wide tiles, a CPU.
mqlcl::DeviceFacts made_up_device(cl_device_type type, bool cc, size_t work_group, cl_ulong local, unsigned units) {
  mqlcl::DeviceFacts f;
  f.type = type;
  f.has_cc = cc;
  f.max_work_group = work_group;
  f.max_item_sizes = {work_group, work_group, 64};
  f.local_mem = local;
  f.units = units;
  return f;
}

std::vector<int> sgemm_defaults_of(const mqlcl::DeviceFacts& f) {
  std::vector<int> p(mqlcl::kSgemmParamCount);
  mqlcl::sgemm_defaults(f, p.data());
  return p;
}

std::vector<int> tiles_of(const mqlcl::SgemmConfig& c) { return {c.tsm, c.tsn, c.tsk, c.wptm, c.wptn}; }

TEST(SgemmTiles, DefaultsByDeviceClass) {
  const std::vector<int> wide = {64, 128, 8, 8, 8}, plain = {64, 64, 16, 4, 4};
  const auto hopper = made_up_device(CL_DEVICE_TYPE_GPU, true, 1024, 49152, 132);
  EXPECT_EQ(sgemm_defaults_of(hopper), wide);
  EXPECT_TRUE(mqlcl::double_buffered(mqlcl::sgemm_from(wide.data()), hopper));
  EXPECT_EQ(sgemm_defaults_of(made_up_device(CL_DEVICE_TYPE_GPU, false, 1024, 65536, 64)), plain) << "no compute capability";
  EXPECT_EQ(sgemm_defaults_of(made_up_device(CL_DEVICE_TYPE_GPU, true, 1024, 12543, 16)), plain) << "one byte short of two copies";
  EXPECT_EQ(sgemm_defaults_of(made_up_device(CL_DEVICE_TYPE_GPU, true, 1024, 12544, 16)), wide);
  EXPECT_EQ(sgemm_defaults_of(made_up_device(CL_DEVICE_TYPE_GPU, true, 64, 49152, 16)), plain) << "128-item groups refused";
  EXPECT_EQ(sgemm_defaults_of(made_up_device(CL_DEVICE_TYPE_CPU, false, 4096, 1 << 20, 16)), plain);
  for (const auto& f : {hopper, made_up_device(CL_DEVICE_TYPE_CPU, false, 4096, 1 << 20, 16)}) {
    const std::vector<int> d = sgemm_defaults_of(f);
    EXPECT_NO_THROW(mqlcl::validate_sgemm_params(d.data(), f));
  }
}

TEST(SgemmTiles, SmallProductsRunThePlainTilesWhereTheyGiveMoreBlocks) {
  const auto hopper = made_up_device(CL_DEVICE_TYPE_GPU, true, 1024, 49152, 132);
  const mqlcl::SgemmConfig big{128, 128, 8, 8, 8}, plain{64, 64, 16, 4, 4};
  // 256 x 256: 4 blocks of 128 x 128 (4 x 4 < 132 units), 16 of the plain tiles.
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(big, hopper, 256, 256)), tiles_of(plain));
  // 1024 x 1024: 64 blocks, 4 x 64 >= 132: the configured tiles.
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(big, hopper, 1024, 1024)), tiles_of(big));
  // 1000 x 520: 8 x 5 = 40 blocks of 128 (160 >= 132): kept; 520 x 260: 5 x 3 = 15 (60 < 132).
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(big, hopper, 1000, 520)), tiles_of(big));
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(big, hopper, 520, 260)), tiles_of(plain));
  // Smaller tiles than the plain ones stay (the plain ones give no more blocks).
  const mqlcl::SgemmConfig small{32, 32, 16, 4, 4};
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(small, hopper, 64, 64)), tiles_of(small));
  // A device where the plain tiles' 256-item group does not fit keeps the configured tiles.
  const auto narrow = made_up_device(CL_DEVICE_TYPE_GPU, true, 128, 49152, 132);
  const mqlcl::SgemmConfig wide{64, 128, 8, 8, 8};
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(wide, narrow, 256, 256)), tiles_of(wide));
  // A CPU with few units: 4 x 4 blocks >= 8 units, kept.
  EXPECT_EQ(tiles_of(mqlcl::sgemm_for_product(big, made_up_device(CL_DEVICE_TYPE_CPU, false, 4096, 1 << 20, 8), 512, 512)),
            tiles_of(big));
}

}  // namespace
