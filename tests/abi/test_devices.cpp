// The devices as the library orders them, and the library's version against its header.
#include <utility>

#include "support.hpp"

namespace {

// MQLCL_DEVICE_BEST (-1) names the best device wherever a device number is taken: a GPU
// before a CPU, then the most compute units x clock, checked here from the devices' facts.
TEST(Devices, BestIsAGpuBeforeACpu) {
  const int n = mqlcl_device_count(), best = mqlcl_device_best();
  ASSERT_GE(best, 0) << t::message();
  ASSERT_LT(best, n);
  const auto rank = [](int d) {
    const long long type = mqlcl_device_info(d, MQLCL_INFO_TYPE);
    const int kind = type & 4 ? 3 : type & 8 ? 2 : type & 2 ? 1 : 0;
    return std::make_pair(kind, static_cast<double>(mqlcl_device_info(d, MQLCL_INFO_COMPUTE_UNITS)) *
                                    static_cast<double>(mqlcl_device_info(d, MQLCL_INFO_MAX_CLOCK_MHZ)));
  };
  for (int d = 0; d < n; ++d) EXPECT_FALSE(rank(d) > rank(best)) << "device " << d << " ranks above " << best;
  EXPECT_EQ(mqlcl_device_info(MQLCL_DEVICE_BEST, MQLCL_INFO_TYPE), mqlcl_device_info(best, MQLCL_INFO_TYPE));
  const int ctx = mqlcl_create(MQLCL_DEVICE_BEST);
  ASSERT_GT(ctx, 0) << t::message();
  EXPECT_EQ(mqlcl_handle_info(ctx, MQLCL_HINFO_DEVICE), best);
  EXPECT_EQ(mqlcl_free(ctx), MQLCL_OK);
  EXPECT_EQ(mqlcl_create(-2), MQLCL_ERR_DEVICE);
}

TEST(Library, VersionIsTheHeaders) {
  // The library loaded is the one this header declares; the number reads as major.minor.patch.
  EXPECT_EQ(mqlcl_version(), MQLCL_VERSION_NUMBER);
  EXPECT_GE(MQLCL_VERSION_NUMBER / 10000, 2);
  EXPECT_LT(MQLCL_VERSION_NUMBER / 100 % 100, 100);
}

}  // namespace
