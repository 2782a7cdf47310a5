// What the terminal's CL* functions need of the ABI: transfers of any element type at byte
// offsets, integer arguments of every width, launches with offsets and uint sizes, the facts
// of any handle, and raw device properties. Each against an independent expectation, and
// each failure path with its code and a message naming the cause.
#include <cstdint>
#include <cstring>

#include "support.hpp"

namespace {

using t::mentions;

struct Program {
  Program(int ctx, const char16_t* source) : p(mqlcl_program(ctx, source, u"")) { EXPECT_GT(p, 0) << t::message(ctx); }
  int kernel(const char16_t* name) const {
    const int k = mqlcl_kernel(p, name);
    EXPECT_GT(k, 0) << t::message();
    return k;
  }
  int p;
};

TEST(TerminalCalls, BytesOfEveryElementTypeAtByteOffsets) {
  t::Ctx ctx;
  const int buf = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(buf, 0) << t::message(ctx.h);
  const std::vector<uint8_t> zeros(64, 0);
  ASSERT_EQ(mqlcl_buffer_write_bytes(buf, 0, zeros.data(), 64, 1, 0, 64), 64) << t::message(buf);
  // Elements 1..3 of a short array to byte 6; elements 2..3 of a double array to byte 16.
  const int16_t s[5] = {-1, 0x1234, -300, 7, 9};
  ASSERT_EQ(mqlcl_buffer_write_bytes(buf, 6, s, 5, 2, 1, 3), 3) << t::message(buf);
  const double d[4] = {1.5, 2.5, -3.25, 1e300};
  ASSERT_EQ(mqlcl_buffer_write_bytes(buf, 16, d, 4, 8, 2, 2), 2) << t::message(buf);
  std::vector<uint8_t> all(64, 0xAA);
  ASSERT_EQ(mqlcl_buffer_read_bytes(buf, 0, all.data(), 64, 1, 0, 64), 64) << t::message(buf);
  std::vector<uint8_t> want(64, 0);
  std::memcpy(want.data() + 6, s + 1, 6);
  std::memcpy(want.data() + 16, d + 2, 16);
  EXPECT_EQ(all, want);
  // Read back into the middle of an int64 array: elements 1..2 from byte 16 (the doubles' bits).
  int64_t q[4] = {11, 22, 33, 44};
  ASSERT_EQ(mqlcl_buffer_read_bytes(buf, 16, q, 4, 8, 1, 2), 2) << t::message(buf);
  int64_t bits[2];
  std::memcpy(bits, d + 2, 16);
  EXPECT_EQ(q[0], 11);
  EXPECT_EQ(q[1], bits[0]);
  EXPECT_EQ(q[2], bits[1]);
  EXPECT_EQ(q[3], 44);  // untouched
  // Failures: the array range, the buffer range, sizes, nulls, handles.
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, s, 5, 2, 3, 3), MQLCL_ERR_RANGE);  // elements 3..5 of 5
  EXPECT_TRUE(mentions(buf, "beyond the array's data_count = 5"));
  EXPECT_EQ(mqlcl_buffer_read_bytes(buf, 0, q, 4, 8, 4, 1), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 50, d, 4, 8, 0, 2), MQLCL_ERR_RANGE);  // bytes 50..65 of 64
  EXPECT_TRUE(mentions(buf, "beyond the buffer's 64 bytes"));
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, -1, d, 4, 8, 0, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, d, 4, 3, 0, 1), MQLCL_ERR_ARGUMENT);  // elem_size 3
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, d, 4, 8, -1, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, d, 4, 8, 0, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, nullptr, 4, 8, 0, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer_read_bytes(ctx.h, 0, q, 4, 8, 0, 1), MQLCL_ERR_HANDLE);  // a context, not a buffer
  EXPECT_EQ(mqlcl_buffer_read_bytes(0x7fff0000, 0, q, 4, 8, 0, 1), MQLCL_ERR_HANDLE);
  // An int count whose bytes pass 2^31: refused by the buffer's size, never wrapped.
  EXPECT_EQ(mqlcl_buffer_write_bytes(buf, 0, d, INT32_MAX, 16, 0, INT32_MAX), MQLCL_ERR_RANGE);
}

// out[i] = a + b + c + d + e (char, uchar, short, long, ulong) for every work-item.
const char16_t* kWidths =
    u"__kernel void widths(__global long* out, char a, uchar b, short c, long d, ulong e) {"
    u"  out[get_global_id(0)] = (long)a + (long)b + (long)c + d + (long)e; }";

TEST(TerminalCalls, IntegerArgumentsOfEveryWidth) {
  t::Ctx ctx;
  Program prog(ctx.h, kWidths);
  const int k = prog.kernel(u"widths");
  const int out = mqlcl_buffer(ctx.h, 8 * 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_integer(k, 1, -5, 1), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_integer(k, 2, 200, 1), MQLCL_OK) << t::message(k);  // uchar 200: the low byte
  ASSERT_EQ(mqlcl_arg_integer(k, 3, -30000, 2), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_integer(k, 4, 5000000000LL, 8), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_integer(k, 5, 7, 8), MQLCL_OK) << t::message(k);
  // The wrong width for a declaration is refused, naming both.
  EXPECT_EQ(mqlcl_arg_integer(k, 4, 1, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 4 \"d\" (long) takes an 8-byte integer (mqlcl_arg_integer), not an int"));
  EXPECT_EQ(mqlcl_arg_int(k, 1, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_integer(k, 1, 1, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "1, 2, 4 or 8 bytes"));
  EXPECT_EQ(mqlcl_arg_integer(k, 0, 1, 8), MQLCL_ERR_ARGUMENT);  // a value into a pointer
  const unsigned int global[1] = {4};
  ASSERT_EQ(mqlcl_execute(k, 1, nullptr, 0, global, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  int64_t got[4] = {0, 0, 0, 0};
  ASSERT_EQ(mqlcl_buffer_read_bytes(out, 0, got, 4, 8, 0, 4), 4) << t::message(out);
  for (int64_t v : got) EXPECT_EQ(v, -5 + 200 - 30000 + 5000000000LL + 7);
}

// out[y * 8 + x] = 1000 * (get_global_id(1)) + get_global_id(0), over an offset range.
const char16_t* kIds =
    u"__kernel void ids(__global int* out) {"
    u"  const size_t x = get_global_id(0), y = get_global_id(1);"
    u"  out[y * 8 + x] = (int)(1000 * y + x); }";

TEST(TerminalCalls, ExecuteWithOffsetsAndUintSizes) {
  t::Ctx ctx;
  Program prog(ctx.h, kIds);
  const int k = prog.kernel(u"ids");
  const int out = mqlcl_buffer(ctx.h, 4 * 64, MQLCL_MEM_READ_WRITE);
  std::vector<int32_t> poison(64, -1);
  ASSERT_EQ(mqlcl_buffer_write_bytes(out, 0, poison.data(), 64, 4, 0, 64), 64);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK) << t::message(k);
  const unsigned int offset[2] = {2, 3}, global[2] = {4, 2}, local[2] = {2, 1};
  ASSERT_EQ(mqlcl_execute(k, 2, offset, 2, global, 2, local, 2), MQLCL_OK) << t::message(k);
  std::vector<int32_t> got(64);
  ASSERT_EQ(mqlcl_buffer_read_bytes(out, 0, got.data(), 64, 4, 0, 64), 64);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const bool inside = x >= 2 && x < 6 && y >= 3 && y < 5;
      EXPECT_EQ(got[static_cast<size_t>(y) * 8 + x], inside ? 1000 * y + x : -1) << x << "," << y;
    }
  EXPECT_EQ(mqlcl_last_launches(k), 1);
  // Counts below dims, a local size that does not divide, zero sizes.
  EXPECT_EQ(mqlcl_execute(k, 2, offset, 1, global, 2, nullptr, 0), MQLCL_ERR_RANGE);
  EXPECT_TRUE(mentions(k, "offset_count = 1"));
  EXPECT_EQ(mqlcl_execute(k, 2, nullptr, 0, global, 1, nullptr, 0), MQLCL_ERR_RANGE);
  const unsigned int odd[2] = {3, 1};
  EXPECT_EQ(mqlcl_execute(k, 2, nullptr, 0, global, 2, odd, 2), MQLCL_ERR_LOCAL_SIZE);
  const unsigned int zero[2] = {0, 2};
  EXPECT_EQ(mqlcl_execute(k, 2, nullptr, 0, zero, 2, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_execute(k, 4, nullptr, 0, global, 2, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_execute(k, 2, nullptr, -1, global, 2, nullptr, 0), MQLCL_ERR_ARGUMENT);
}

TEST(TerminalCalls, HandleFacts) {
  t::Ctx ctx;
  Program prog(ctx.h, kIds);
  const int k = prog.kernel(u"ids");
  const int buf = mqlcl_buffer(ctx.h, 100, MQLCL_MEM_READ_ONLY | MQLCL_MEM_ALLOC_HOST);
  ASSERT_GT(buf, 0) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_handle_info(ctx.h, MQLCL_HINFO_KIND), MQLCL_KIND_CONTEXT);
  EXPECT_EQ(mqlcl_handle_info(prog.p, MQLCL_HINFO_KIND), MQLCL_KIND_PROGRAM);
  EXPECT_EQ(mqlcl_handle_info(k, MQLCL_HINFO_KIND), MQLCL_KIND_KERNEL);
  EXPECT_EQ(mqlcl_handle_info(buf, MQLCL_HINFO_KIND), MQLCL_KIND_BUFFER);
  for (int h : {ctx.h, prog.p, k, buf}) {
    EXPECT_EQ(mqlcl_handle_info(h, MQLCL_HINFO_DEVICE), t::device());
    EXPECT_EQ(mqlcl_handle_info(h, MQLCL_HINFO_CONTEXT), ctx.h);
  }
  EXPECT_EQ(mqlcl_handle_info(buf, MQLCL_HINFO_BUFFER_BYTES), 100);
  EXPECT_EQ(mqlcl_handle_info(buf, MQLCL_HINFO_BUFFER_FLAGS), MQLCL_MEM_READ_ONLY | MQLCL_MEM_ALLOC_HOST);
  EXPECT_EQ(mqlcl_handle_info(k, MQLCL_HINFO_BUFFER_BYTES), MQLCL_ERR_HANDLE);
  EXPECT_TRUE(mentions(k, "not a buffer"));
  EXPECT_EQ(mqlcl_handle_info(buf, 99), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_buffer(ctx.h, 4, 8), MQLCL_ERR_ARGUMENT);  // no such flag
  EXPECT_EQ(mqlcl_buffer(ctx.h, 4, 3), MQLCL_ERR_ARGUMENT);
  // A freed handle: kind 0 (the terminal's OPENCL_INVALID), every other fact an error.
  ASSERT_EQ(mqlcl_free(buf), MQLCL_OK);
  EXPECT_EQ(mqlcl_handle_info(buf, MQLCL_HINFO_KIND), 0);
  EXPECT_EQ(mqlcl_handle_info(buf, MQLCL_HINFO_DEVICE), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_handle_info(0, MQLCL_HINFO_KIND), 0);
}

TEST(TerminalCalls, RawDeviceProperties) {
  const int dev = t::device();
  unsigned char bytes[256];
  // CL_DEVICE_MAX_COMPUTE_UNITS (cl_uint) against mqlcl_device_info.
  ASSERT_EQ(mqlcl_device_property(dev, 0x1002, bytes, 256), 4) << t::message();
  uint32_t units = 0;
  std::memcpy(&units, bytes, 4);
  EXPECT_EQ(static_cast<long long>(units), mqlcl_device_info(dev, MQLCL_INFO_COMPUTE_UNITS));
  // CL_DEVICE_GLOBAL_MEM_SIZE (cl_ulong).
  ASSERT_EQ(mqlcl_device_property(dev, 0x101F, bytes, 256), 8);
  uint64_t global = 0;
  std::memcpy(&global, bytes, 8);
  EXPECT_EQ(static_cast<long long>(global), mqlcl_device_info(dev, MQLCL_INFO_GLOBAL_MEM_SIZE));
  // CL_DEVICE_NAME: the full size (with its 0) even when cap is smaller; only cap bytes written.
  const int size = mqlcl_device_property(dev, 0x102B, bytes, 256);
  ASSERT_GT(size, 1);
  unsigned char small[4] = {0xEE, 0xEE, 0xEE, 0xEE};
  EXPECT_EQ(mqlcl_device_property(dev, 0x102B, small, 2), size);
  EXPECT_EQ(small[0], bytes[0]);
  EXPECT_EQ(small[2], 0xEE);
  EXPECT_EQ(mqlcl_device_property(dev, 0x0FFF, bytes, 256), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(0, "0x1000 .. 0x104B"));
  EXPECT_EQ(mqlcl_device_property(dev, 0x1002, nullptr, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_device_property(dev, 0x1002, bytes, -1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_device_property(mqlcl_device_count(), 0x1002, bytes, 4), MQLCL_ERR_DEVICE);
  // The device's platform's strings (CLGetInfoString's CL_PLATFORM_*): CL_PLATFORM_NAME holds
  // what mqlcl_device_text gives as the platform; CL_PLATFORM_VERSION is "OpenCL <major>.<minor> ...".
  const int name_size = mqlcl_device_property(dev, 0x0902, bytes, 256);
  ASSERT_GT(name_size, 1) << t::message();
  const std::u16string raw_name(bytes, bytes + std::strlen(reinterpret_cast<const char*>(bytes)));
  std::u16string text(256, u'\0');
  const int text_size = mqlcl_device_text(dev, MQLCL_TEXT_PLATFORM, text.data(), 256);
  ASSERT_GT(text_size, 0);
  EXPECT_NE(raw_name.find(text.substr(0, static_cast<size_t>(text_size))), std::u16string::npos);
  ASSERT_GT(mqlcl_device_property(dev, 0x0901, bytes, 256), 9);
  EXPECT_EQ(std::memcmp(bytes, "OpenCL ", 7), 0);
  EXPECT_EQ(mqlcl_device_property(dev, 0x0905, bytes, 256), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_device_property(dev, 0x08FF, bytes, 256), MQLCL_ERR_ARGUMENT);
}

}  // namespace
