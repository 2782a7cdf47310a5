// Bad input on every export: each returns its documented code and a readable message.
#include <algorithm>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "support.hpp"

namespace {

using t::mentions;

TEST(Errors, DevicesAndTexts) {
  const int n = mqlcl_device_count();
  ASSERT_GE(n, 1) << t::message();
  EXPECT_EQ(mqlcl_device_info(n, MQLCL_INFO_COMPUTE_UNITS), MQLCL_ERR_DEVICE);
  EXPECT_TRUE(mentions(0, "does not exist"));
  EXPECT_EQ(mqlcl_device_info(-2, MQLCL_INFO_TYPE), MQLCL_ERR_DEVICE);  // -1 is MQLCL_DEVICE_BEST
  EXPECT_EQ(mqlcl_device_info(t::device(), 999), MQLCL_ERR_ARGUMENT);
  char16_t buf[8];
  EXPECT_EQ(mqlcl_device_text(t::device(), MQLCL_TEXT_NAME, nullptr, 8), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_device_text(t::device(), MQLCL_TEXT_NAME, buf, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_device_text(t::device(), 0, buf, 8), MQLCL_ERR_ARGUMENT);
  // Truncation: the full length comes back, the buffer holds cap-1 units and a 0.
  const int len = mqlcl_device_text(t::device(), MQLCL_TEXT_NAME, buf, 4);
  ASSERT_GT(len, 3);
  EXPECT_EQ(buf[3], 0);
  EXPECT_EQ(mqlcl_create(n), MQLCL_ERR_DEVICE);
  EXPECT_EQ(mqlcl_last_error(0, nullptr, 10), MQLCL_ERR_ARGUMENT);
}

TEST(Errors, StaleForeignAndUnknownHandles) {
  const int ctx = mqlcl_create(t::device());
  ASSERT_GT(ctx, 0);
  const int buf = mqlcl_buffer(ctx, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0) << t::message();
  float data[4] = {1, 2, 3, 4};
  // A buffer passed as a context, a context passed as a buffer.
  EXPECT_EQ(mqlcl_upload(buf, MQLCL_SLOT_A, data, 4), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(mentions(0, "is a buffer, not a context"));
  EXPECT_EQ(mqlcl_buffer_write_float(ctx, data, 0, 4), MQLCL_ERR_HANDLE);
  // Unknown handles.
  for (int h : {0, -1, 123456789, INT_MAX, INT_MIN}) {
    EXPECT_EQ(mqlcl_upload(h, MQLCL_SLOT_A, data, 4), MQLCL_ERR_HANDLE) << h;
    EXPECT_EQ(mqlcl_free(h), MQLCL_ERR_HANDLE) << h;
    EXPECT_LT(mqlcl_last_kernel_ms(h), 0.0) << h;
  }
  // Freeing the context frees what it owns; both are then stale.
  ASSERT_EQ(mqlcl_free(ctx), MQLCL_OK);
  EXPECT_EQ(mqlcl_buffer_write_float(buf, data, 0, 4), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(mentions(0, "not a live handle"));
  EXPECT_EQ(mqlcl_free(ctx), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_free(buf), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_matmul(ctx, 1, 2, 2, 2, 0, 0, 0), MQLCL_ERR_HANDLE);
  char16_t text[64];
  EXPECT_EQ(mqlcl_last_error(ctx, text, 64), MQLCL_ERR_HANDLE);
  // Every dead handle's message names it, a number in the GPU server's range with no server too.
  for (int h : {ctx, -1, 123456789, INT_MAX, INT_MIN}) {
    char16_t why[128] = {};
    EXPECT_EQ(mqlcl_last_error(h, why, 128), MQLCL_ERR_HANDLE) << h;
    EXPECT_NE(t::to_utf8(std::u16string(why)).find("handle " + std::to_string(h)), std::string::npos)
        << h << ": " << t::to_utf8(std::u16string(why));
  }
}

// Handles live beside freed ones in any order (the registry's table grows, and its entries
// move as others leave): every live one is found as itself, every freed one refused.
TEST(Errors, ManyHandlesFreedInScatteredOrder) {
  const int baseline = mqlcl_handle_count();
  const int ctx = mqlcl_create(t::device());
  ASSERT_GT(ctx, 0);
  std::vector<std::pair<int, long long>> live;  // each buffer with its size: which object it names
  std::vector<int> freed;
  for (int i = 0; i < 600; ++i) {
    const long long bytes = 4 + 4 * (i % 97);
    const int b = mqlcl_buffer(ctx, bytes, MQLCL_MEM_READ_WRITE);
    ASSERT_GT(b, 0) << t::message();
    live.push_back({b, bytes});
    if (i % 3 == 2) {  // frees one from the middle of those made so far
      const size_t at = (static_cast<size_t>(i) * 7919) % live.size();
      ASSERT_EQ(mqlcl_free(live[at].first), MQLCL_OK);
      freed.push_back(live[at].first);
      live.erase(live.begin() + static_cast<long>(at));
    }
  }
  EXPECT_EQ(mqlcl_handle_count(), baseline + 1 + static_cast<int>(live.size()));
  for (const auto& [b, bytes] : live) {
    EXPECT_EQ(mqlcl_handle_info(b, MQLCL_HINFO_KIND), MQLCL_KIND_BUFFER) << b;
    EXPECT_EQ(mqlcl_handle_info(b, MQLCL_HINFO_BUFFER_BYTES), bytes) << b;
  }
  for (int b : freed) EXPECT_EQ(mqlcl_handle_info(b, MQLCL_HINFO_KIND), 0) << b;
  ASSERT_EQ(mqlcl_free(ctx), MQLCL_OK);  // and with it every buffer left
  EXPECT_EQ(mqlcl_handle_count(), baseline);
  for (const auto& entry : live) EXPECT_EQ(mqlcl_free(entry.first), MQLCL_ERR_HANDLE) << entry.first;
}

TEST(Errors, UploadReadAndSizes) {
  t::Ctx ctx;
  float data[4] = {1, 2, 3, 4};
  int ints[2] = {0, 1};
  EXPECT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, nullptr, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(ctx.h, "null pointer"));
  EXPECT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, data, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, data, -5), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_upload(ctx.h, 99, data, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_upload(ctx.h, -1, data, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_DIA_OFFSETS, data, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_upload_int(ctx.h, MQLCL_SLOT_A, ints, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, data, 4), MQLCL_ERR_NO_DATA);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, data, 4), 4);
  float out[8];
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_A, out, 5), MQLCL_ERR_RANGE);  // more than the slot holds
  EXPECT_TRUE(mentions(ctx.h, "exceeds the 4 elements"));
  EXPECT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_A, out, 3), 3);  // a partial read is fine
  EXPECT_EQ(out[2], 3.0f);
}

TEST(Errors, MatmulShapesStagesAndLocalSizes) {
  t::Ctx ctx;
  const auto a = t::random_floats(6, 1), b = t::random_floats(6, 2);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), 6), 6);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), 6), 6);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 2, 3, 2, 0, 0, 0), MQLCL_OK) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 99, 2, 3, 2, 0, 0, 0), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 0, 2, 3, 2, 0, 0, 0), MQLCL_ERR_STAGE);
  EXPECT_TRUE(mentions(ctx.h, "CPU reference"));
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 0, 3, 2, 0, 0, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 2, -3, 2, 0, 0, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 65536, 65536, 2, 0, 0, 0), MQLCL_ERR_RANGE);  // overflows int
  EXPECT_TRUE(mentions(ctx.h, "overflows"));
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 3, 3, 2, 0, 0, 0), MQLCL_ERR_NO_DATA);  // A holds 6, not 9
  EXPECT_TRUE(mentions(ctx.h, "holds 6 elements, the shape needs 9"));
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 2, 3, 2, -1, 0, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 2, 3, 2, 4, 0, 0), MQLCL_ERR_LOCAL_SIZE);  // half a 2D size
  EXPECT_EQ(mqlcl_matmul(ctx.h, 4, 2, 3, 2, 4, 4, 0), MQLCL_ERR_LOCAL_SIZE);  // 2D size for a 1D stage
  const long long max_wg = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_WORK_GROUP_SIZE);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 4, 2, 3, 2, static_cast<int>(max_wg) * 2, 0, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_TRUE(mentions(ctx.h, std::to_string(max_wg)));  // the limit is in the message
  EXPECT_EQ(mqlcl_matmul(ctx.h, 15, 2, 3, 2, 3, 0, 0), MQLCL_ERR_LOCAL_SIZE);  // tree needs 2^n
  EXPECT_EQ(mqlcl_matmul(ctx.h, 21, 2, 3, 2, 0, 0, 3), MQLCL_ERR_ARGUMENT);    // unroll 3
  EXPECT_EQ(mqlcl_matmul(ctx.h, 22, 2, 3, 2, 8, 4, 0), MQLCL_ERR_LOCAL_SIZE);  // square tiles
  EXPECT_EQ(mqlcl_matmul(ctx.h, 10, 2, 3, 2, 8, 8, 0), MQLCL_ERR_LOCAL_SIZE);  // tuned sets its own
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 2, 3, 2, 0, 0, -1), MQLCL_ERR_ARGUMENT);
}

// Found by the fuzzer (tests/fuzz/regressions/transpose-int-max-tile): extreme tiles, local
// sizes and params must be refused before any arithmetic on them (signed overflow, ranges of
// 2^62 work-items that would never finish).
TEST(Errors, ExtremeTilesLocalSizesAndParams) {
  t::Ctx ctx;
  const auto a = t::random_floats(12, 1);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), 12), 0);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_B, a.data(), 12), 0);
  for (int variant : {1, 2, 3}) EXPECT_EQ(mqlcl_transpose(ctx.h, variant, 3, 4, INT_MAX), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 22, 3, 4, 3, INT_MAX, INT_MAX, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 25, 3, 4, 3, 8, 8, INT_MAX), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 15, 3, 4, 3, INT_MAX, 0, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 1, 3, 4, 3, 0, 0, 0), MQLCL_OK) << t::message(ctx.h);  // still works
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x) { }", u"");
  const int k = mqlcl_kernel(p, u"k");
  const int buf = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, buf), MQLCL_OK);
  const int huge[3] = {INT_MAX, INT_MAX, 2};
  EXPECT_EQ(mqlcl_run(k, 3, huge, 3, nullptr, 0), MQLCL_ERR_RANGE);
  EXPECT_TRUE(mentions(k, "exceeds 2^40"));
}

TEST(Errors, PrivateRowLimitNamesTheConstraint) {
  t::Ctx ctx;
  const int k = 8193;  // one more than the private-row stages accept
  const auto a = t::random_floats(k, 3), b = t::random_floats(k, 4);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), k), k);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, b.data(), k), k);
  EXPECT_EQ(mqlcl_matmul(ctx.h, 5, 1, k, 1, 0, 0, 0), MQLCL_ERR_SHAPE);
  EXPECT_TRUE(mentions(ctx.h, "exceeds its limit of 8192"));
  EXPECT_EQ(mqlcl_matmul(ctx.h, 3, 1, k, 1, 0, 0, 0), MQLCL_OK) << t::message(ctx.h);  // no such limit
}

TEST(Errors, BuildFailureCarriesTheLog) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void broken(__global float* x) { x[0] = undeclared_name; }", u"");
  EXPECT_EQ(p, MQLCL_ERR_BUILD);
  EXPECT_TRUE(mentions(ctx.h, "undeclared_name"));  // the compiler's log names it
  EXPECT_TRUE(mentions(0, "build log"));
  // Options a driver may crash on are refused before they reach it.
  for (const char16_t* bad : {u"-D", u"-I", u"-O2 -D ", u"-D=1"}) {
    EXPECT_EQ(mqlcl_program(ctx.h, u"__kernel void k(){}", bad), MQLCL_ERR_BUILD);
    EXPECT_TRUE(mentions(ctx.h, "build options"));
  }
  EXPECT_EQ(mqlcl_program(ctx.h, u"__kernel void k(){}", u"-cl-no-such-option"), MQLCL_ERR_BUILD);
  EXPECT_EQ(mqlcl_program(ctx.h, nullptr, u""), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_program(ctx.h, u"", u""), MQLCL_ERR_ARGUMENT);
}

TEST(Errors, GenericLayer) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x, __local float* l, int n) { x[0] = n; }", nullptr);
  ASSERT_GT(p, 0) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_kernel(p, u"missing"), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(0, "\"missing\" is not in the program"));
  EXPECT_EQ(mqlcl_kernel(p, nullptr), MQLCL_ERR_ARGUMENT);
  const int k = mqlcl_kernel(p, u"k");
  ASSERT_GT(k, 0) << t::message();
  EXPECT_EQ(mqlcl_kernel_info(k, MQLCL_KINFO_NUM_ARGS), 3);
  EXPECT_EQ(mqlcl_arg_local(k, 1, 0), MQLCL_ERR_ARGUMENT);  // a __local argument of size 0
  EXPECT_TRUE(mentions(k, "size >= 1"));
  EXPECT_EQ(mqlcl_arg_local(k, 1, -4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_int(k, 3, 1), MQLCL_ERR_ARGUMENT);  // index beyond the arguments
  EXPECT_EQ(mqlcl_arg_int(k, -1, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_double(k, 2, 1.0), MQLCL_ERR_ARGUMENT);  // 8 bytes into an int
  EXPECT_EQ(mqlcl_arg_mem(k, 0, ctx.h), MQLCL_ERR_HANDLE);    // a context is not memory
  EXPECT_EQ(mqlcl_buffer(ctx.h, 0, MQLCL_MEM_READ_WRITE), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer(ctx.h, -8, MQLCL_MEM_READ_WRITE), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer(ctx.h, 16, 7), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer(ctx.h, 1LL << 62, MQLCL_MEM_READ_WRITE), MQLCL_ERR_MEMORY);
  EXPECT_TRUE(mentions(ctx.h, "CL_DEVICE_MAX_MEM_ALLOC_SIZE"));
  const int buf = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0);
  float v[8] = {0};
  EXPECT_EQ(mqlcl_buffer_write_float(buf, v, 0, 5), MQLCL_ERR_RANGE);  // 20 bytes into 16
  EXPECT_EQ(mqlcl_buffer_write_float(buf, v, 3, 2), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_buffer_write_float(buf, v, -1, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer_read_double(buf, reinterpret_cast<double*>(v), 0, 3), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_buffer_write_int(buf, nullptr, 0, 1), MQLCL_ERR_ARGUMENT);
  // Launch errors: missing arguments, bad ranges, work-group sizes.
  int g[3] = {4, 1, 1}, l[3] = {3, 1, 1};
  ASSERT_EQ(mqlcl_arg_mem(k, 0, buf), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_local(k, 1, 16), MQLCL_OK);
  EXPECT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);  // argument 2 was never set
  EXPECT_TRUE(mentions(k, "argument 2 \"n\" (int)"));
  ASSERT_EQ(mqlcl_arg_int(k, 2, 7), MQLCL_OK);
  EXPECT_EQ(mqlcl_run(k, 0, g, 3, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_run(k, 4, g, 3, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_run(k, 1, nullptr, 0, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_run(k, 1, g, 3, l, 3), MQLCL_ERR_LOCAL_SIZE);  // 4 is not a multiple of 3
  EXPECT_TRUE(mentions(k, "not a multiple"));
  g[0] = -4;
  EXPECT_EQ(mqlcl_run(k, 1, g, 3, nullptr, 0), MQLCL_ERR_ARGUMENT);
  g[0] = 4;
  EXPECT_EQ(mqlcl_run(k, 1, g, 3, nullptr, 0), MQLCL_OK) << t::message(k);
  float got = 0;
  ASSERT_EQ(mqlcl_buffer_read_float(buf, &got, 0, 1), 1);
  EXPECT_EQ(got, 7.0f);
  EXPECT_EQ(mqlcl_kernel_info(k, 42), MQLCL_ERR_ARGUMENT);
  // Memory of another context cannot be bound.
  t::Ctx other;
  const int foreign = mqlcl_buffer(other.h, 16, MQLCL_MEM_READ_WRITE);
  EXPECT_EQ(mqlcl_arg_mem(k, 0, foreign), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(mentions(k, "another context"));
}

TEST(Errors, PeakBeyondTheDeviceIsRefusedNotClamped) {
  // The copy test holds two buffers of `megabytes`: the limit is the smaller of the device's
  // largest allocation and half its memory, read here through the ABI's device facts.
  const long long max_alloc = mqlcl_device_info(t::device(), MQLCL_INFO_MAX_MEM_ALLOC_SIZE);
  const long long global = mqlcl_device_info(t::device(), MQLCL_INFO_GLOBAL_MEM_SIZE);
  ASSERT_GT(max_alloc, 0);
  ASSERT_GT(global, 0);
  const long long limit_mb = std::min(max_alloc, global / 2) >> 20;
  t::Ctx ctx;
  for (long long mb : {static_cast<long long>(INT_MAX), limit_mb + 1}) {
    EXPECT_EQ(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_BANDWIDTH, static_cast<int>(mb)), MQLCL_ERR_MEMORY) << mb << " MB";
    EXPECT_TRUE(mentions(ctx.h, "at most " + std::to_string(limit_mb) + " MB"));
    EXPECT_TRUE(mentions(ctx.h, std::to_string(mb) + " MB"));
  }
  EXPECT_EQ(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_BANDWIDTH, -1), MQLCL_ERR_ARGUMENT);
  EXPECT_GT(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_BANDWIDTH, 1), 0.0) << t::message(ctx.h);  // the context still works
}

// The bandwidth test's fill and copy run as launches of at most MQLCL_TEST_LAUNCH_ITEMS work-items
// (default 2^30): at the documented limit on an H200 (35788 MB, its largest allocation) a
// buffer holds 9.4e9 floats, which one launch of the fill refused ("exceeds 2^32").
// Lowered here, the pieces are seen on any device: counted, and a fill in pieces leaves
// no element unset.
TEST(Errors, PeakAndFillRunInPiecesOfTheLaunchLimit) {
  t::Ctx ctx;
  ASSERT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_LAUNCH_ITEMS, 4096), MQLCL_OK) << t::message(ctx.h);
  EXPECT_GT(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_BANDWIDTH, 1), 0.0) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_last_launches(ctx.h), 16);  // the last repeat: 65536 float4 copies in 16 launches
  // Stage 1 adds into a C the library zeroes first (a fill): 37 x 29 floats in 1 piece here,
  // in 17 pieces of 64 with the limit at its least.
  t::Ctx small;
  ASSERT_EQ(mqlcl_test_control(small.h, MQLCL_TEST_LAUNCH_ITEMS, 64), MQLCL_OK) << t::message(small.h);
  const int m = 37, k = 41, n = 29;
  const auto a = t::random_floats(static_cast<size_t>(m) * k, 3), b = t::random_floats(static_cast<size_t>(k) * n, 4);
  std::vector<double> exact, scale;
  t::reference_matmul(a, b, m, k, n, exact, scale);
  const std::vector<float> poison(static_cast<size_t>(m) * n, std::nanf(""));
  ASSERT_GT(mqlcl_upload(small.h, MQLCL_SLOT_A, a.data(), m * k), 0);
  ASSERT_GT(mqlcl_upload(small.h, MQLCL_SLOT_B, b.data(), k * n), 0);
  ASSERT_GT(mqlcl_upload(small.h, MQLCL_SLOT_C, poison.data(), m * n), 0);
  ASSERT_EQ(mqlcl_matmul(small.h, 1, m, k, n, 0, 0, 0), MQLCL_OK) << t::message(small.h);
  std::vector<float> c(poison.size());
  ASSERT_EQ(mqlcl_read(small.h, MQLCL_SLOT_C, c.data(), m * n), m * n);
  for (size_t i = 0; i < c.size(); ++i) ASSERT_TRUE(t::close_to(exact[i], scale[i], c[i], k)) << "element " << i;
  for (int bad : {63, 0, -64, 1088 + (1 << 30)}) {
    EXPECT_EQ(mqlcl_test_control(small.h, MQLCL_TEST_LAUNCH_ITEMS, bad), MQLCL_ERR_ARGUMENT) << bad;
    EXPECT_TRUE(t::mentions(small.h, "MQLCL_TEST_LAUNCH_ITEMS takes a multiple of 64")) << bad;
  }
}

}  // namespace
