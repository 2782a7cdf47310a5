// Kernel arguments of the generic layer: values of the wrong kind are refused by their
// declaration (each of these crashed the process before: a double's bits taken as a buffer,
// a __local size for a __global pointer, a buffer for an image), unset arguments are named,
// reqd_work_group_size is honoured, bound memory outlives its handle, and mqlcl_run /
// mqlcl_image2d never read beyond the counts they are given.
#include <cstdlib>

#include "support.hpp"

namespace {

using t::mentions;

// out[i] = n for every work-item.
const char16_t* kW42 = u"__kernel void w42(__global float* out, const int n) { out[get_global_id(0)] = n; }";

struct Kernel {
  Kernel(int ctx, const char16_t* source, const char16_t* name) {
    program = mqlcl_program(ctx, source, u"");
    EXPECT_GT(program, 0) << t::message(ctx);
    kernel = mqlcl_kernel(program, name);
    EXPECT_GT(kernel, 0) << t::message();
  }
  int program, kernel;
};

std::vector<float> read_floats(int buffer, int n) {
  std::vector<float> out(static_cast<size_t>(n), -1.0f);
  EXPECT_EQ(mqlcl_buffer_read_float(buffer, out.data(), 0, n), n) << t::message(buffer);
  return out;
}

// The checks are the same whoever read the declarations: the driver ("on"), or the library
// from the program's source where the driver gives none ("refused": the program built
// without -cl-kernel-arg-info, as NVIDIA's compiler forces on a program with a kernel
// without arguments; "off": a driver that answers CL_KERNEL_ARG_INFO_NOT_AVAILABLE).
class KernelArgChecks : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override { ASSERT_EQ(t::arg_info(GetParam()), MQLCL_OK); }
  void TearDown() override { t::arg_info("on"); }
};
INSTANTIATE_TEST_SUITE_P(Declarations, KernelArgChecks, ::testing::Values("on", "refused", "off"),
                         [](const ::testing::TestParamInfo<const char*>& i) { return std::string(i.param); });

TEST_P(KernelArgChecks, ValuesOfTheWrongKindAreRefusedNamingTheArgument) {
  t::Ctx ctx;
  Kernel w(ctx.h, kW42, u"w42");
  const int k = w.kernel, out = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
  // Each of these returned 0 before and crashed in the call or in mqlcl_run.
  EXPECT_EQ(mqlcl_arg_double(k, 0, 1.0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 0 \"out\" (__global float*) takes a buffer (mqlcl_arg_mem), not a double"));
  EXPECT_EQ(mqlcl_arg_double(k, 0, 0.0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_local(k, 0, 8), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "not a __local size (mqlcl_arg_local)"));
  EXPECT_EQ(mqlcl_arg_int(k, 0, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_mem(k, 1, out), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 1 \"n\" (int) takes an int (mqlcl_arg_int), not a buffer"));
  EXPECT_EQ(mqlcl_arg_float(k, 1, 2.0f), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_double(k, 1, 2.0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(0, "argument 1 \"n\""));  // the thread's message too
  // The right kinds work, and a refused call left nothing half-set.
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_int(k, 1, 42), MQLCL_OK) << t::message(k);
  const int g[1] = {4};
  ASSERT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  EXPECT_EQ(read_floats(out, 4), std::vector<float>(4, 42.0f));
}

TEST_P(KernelArgChecks, ScalarsGoByTheirDeclaredType) {
  t::Ctx ctx;
  const bool fp64 = t::has_fp64();
  Kernel s(ctx.h,
           fp64 ? u"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                  u"__kernel void s(__global float* out, uint u, float f, double d, long l, char c, float4 v) {\n"
                  u"  out[0] = (float)(u == 0xFFFFFFFFu); out[1] = f; out[2] = (float)d; }"
                : u"__kernel void s(__global float* out, uint u, float f, float d, long l, char c, float4 v) {\n"
                  u"  out[0] = (float)(u == 0xFFFFFFFFu); out[1] = f; out[2] = d; }",
           u"s");
  const int k = s.kernel, out = mqlcl_buffer(ctx.h, 12, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_int(k, 1, -1), MQLCL_OK) << t::message(k);  // uint takes the int's bits
  EXPECT_EQ(mqlcl_arg_double(k, 2, 1.5), MQLCL_ERR_ARGUMENT);    // 8 bytes into a float
  EXPECT_EQ(mqlcl_arg_int(k, 2, 3), MQLCL_ERR_ARGUMENT);         // same size, other type
  EXPECT_TRUE(mentions(k, "argument 2 \"f\" (float) takes a float (mqlcl_arg_float), not an int"));
  EXPECT_EQ(mqlcl_arg_float(k, 2, 1.5f), MQLCL_OK);
  if (fp64) {
    EXPECT_EQ(mqlcl_arg_float(k, 3, 2.0f), MQLCL_ERR_ARGUMENT);
    EXPECT_EQ(mqlcl_arg_double(k, 3, 2.25), MQLCL_OK) << t::message(k);
  } else {
    EXPECT_EQ(mqlcl_arg_float(k, 3, 2.25f), MQLCL_OK);
  }
  // A long and a char take mqlcl_arg_integer of their width only; no call passes a vector.
  EXPECT_EQ(mqlcl_arg_double(k, 4, 1.0), MQLCL_ERR_ARGUMENT);  // 8 bytes, as a long has
  EXPECT_TRUE(mentions(k, "argument 4 \"l\" (long) takes an 8-byte integer (mqlcl_arg_integer), not a double"));
  EXPECT_EQ(mqlcl_arg_int(k, 5, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_arg_integer(k, 5, 1, 8), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 5 \"c\" (char) takes a 1-byte integer (mqlcl_arg_integer), not an 8-byte integer"));
  EXPECT_EQ(mqlcl_arg_float(k, 6, 1.0f), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "float4"));
  EXPECT_EQ(mqlcl_arg_integer(k, 6, 1, 8), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "no mqlcl_arg_* passes a float4"));
  // mqlcl_run names them as never set, with why.
  const int g[1] = {1};
  EXPECT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 4 \"l\" (long): it takes an 8-byte integer (mqlcl_arg_integer)"));
  EXPECT_TRUE(mentions(k, "argument 6 \"v\" (float4): no mqlcl_arg_* passes a float4"));
  EXPECT_FALSE(mentions(k, "argument 3"));  // set: not listed
}

TEST_P(KernelArgChecks, BuffersAndImagesAreNotInterchangeable) {
  t::Ctx ctx;
  if (mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) != 1) GTEST_SKIP() << "no image support";
  const std::vector<float> px(16, 0.5f);
  const int img = mqlcl_image2d(ctx.h, 2, 2, px.data(), 16), buf = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_GT(img, 0) << t::message(ctx.h);
  Kernel r(ctx.h,
           u"__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;\n"
           u"__kernel void r(__read_only image2d_t img, __global float4* out) { out[0] = read_imagef(img, s, (int2)(1, 1)); }\n"
           u"__kernel void w(__write_only image2d_t img) { write_imagef(img, (int2)(0, 0), (float4)(1.0f)); }",
           u"r");
  EXPECT_EQ(mqlcl_arg_mem(r.kernel, 0, buf), MQLCL_ERR_ARGUMENT);  // crashed at mqlcl_run before
  EXPECT_TRUE(mentions(r.kernel, "argument 0 \"img\" (__read_only image2d_t) takes an image (mqlcl_arg_mem), not a buffer"));
  EXPECT_EQ(mqlcl_arg_mem(r.kernel, 1, img), MQLCL_ERR_ARGUMENT);  // the kernel wrote into the image before
  EXPECT_TRUE(mentions(r.kernel, "(__global float4*) takes a buffer (mqlcl_arg_mem), not an image"));
  const int w = mqlcl_kernel(r.program, u"w");
  EXPECT_EQ(mqlcl_arg_mem(w, 0, img), MQLCL_ERR_ARGUMENT);  // mqlcl_image2d's images are read-only
  EXPECT_TRUE(mentions(w, "read-only"));
  ASSERT_EQ(mqlcl_arg_mem(r.kernel, 0, img), MQLCL_OK) << t::message(r.kernel);
  ASSERT_EQ(mqlcl_arg_mem(r.kernel, 1, buf), MQLCL_OK);
  const int g[1] = {1};
  ASSERT_EQ(mqlcl_run(r.kernel, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(r.kernel);
  EXPECT_EQ(read_floats(buf, 4), std::vector<float>(4, 0.5f));
}

TEST_P(KernelArgChecks, RunNamesEveryUnsetArgument) {
  t::Ctx ctx;
  Kernel u(ctx.h, u"__kernel void u(__global float* out, int n, __local float* tmp, float scale) { out[0] = n * scale; }",
           u"u");
  const int out = mqlcl_buffer(ctx.h, 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(u.kernel, 0, out), MQLCL_OK);
  const int g[1] = {1};
  EXPECT_EQ(mqlcl_run(u.kernel, 1, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);  // was CL_INVALID_KERNEL_ARGS, unnamed
  EXPECT_TRUE(mentions(u.kernel, "argument 1 \"n\" (int): it takes an int (mqlcl_arg_int)"));
  EXPECT_TRUE(mentions(u.kernel, "argument 2 \"tmp\" (__local float*): it takes a __local size (mqlcl_arg_local)"));
  EXPECT_TRUE(mentions(u.kernel, "argument 3 \"scale\" (float)"));
  EXPECT_FALSE(mentions(u.kernel, "argument 0"));
  ASSERT_EQ(mqlcl_arg_int(u.kernel, 1, 3), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_local(u.kernel, 2, 16), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_int(u.kernel, 3, 1), MQLCL_ERR_ARGUMENT);  // a refused value leaves it unset
  EXPECT_EQ(mqlcl_run(u.kernel, 1, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(u.kernel, "arguments never set: argument 3 \"scale\""));
  ASSERT_EQ(mqlcl_arg_float(u.kernel, 3, 0.5f), MQLCL_OK);
  ASSERT_EQ(mqlcl_run(u.kernel, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(u.kernel);
  EXPECT_EQ(read_floats(out, 1)[0], 1.5f);
}

TEST_P(KernelArgChecks, RequiredWorkGroupSize) {
  t::Ctx ctx;
  Kernel r(ctx.h,
           u"__attribute__((reqd_work_group_size(4, 1, 1)))\n"
           u"__kernel void r(__global int* out) { out[get_global_id(0)] = (int)get_local_size(0); }\n"
           u"__attribute__((reqd_work_group_size(2, 2, 1)))\n"
           u"__kernel void r2(__global int* out) { out[get_global_id(1) * 4 + get_global_id(0)] = (int)get_local_size(1); }",
           u"r");
  const int out = mqlcl_buffer(ctx.h, 4 * 16, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(r.kernel, 0, out), MQLCL_OK);
  const int g[2] = {8, 4};
  ASSERT_EQ(mqlcl_run(r.kernel, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(r.kernel);  // gets 4
  std::vector<int> got(8, 0);
  ASSERT_EQ(mqlcl_buffer_read_int(out, got.data(), 0, 8), 8);
  EXPECT_EQ(got, std::vector<int>(8, 4));
  const int two[1] = {2};
  EXPECT_EQ(mqlcl_run(r.kernel, 1, g, 1, two, 1), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_TRUE(mentions(r.kernel, "local[0] = 2 differs from the kernel's required work-group size 4 x 1 x 1"));
  const int six[1] = {6};
  EXPECT_EQ(mqlcl_run(r.kernel, 1, six, 1, nullptr, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_TRUE(mentions(r.kernel, "global[0] = 6 is not a multiple of local[0] = 4, the kernel's required work-group size"));
  const int four[1] = {4};
  EXPECT_EQ(mqlcl_run(r.kernel, 1, g, 1, four, 1), MQLCL_OK) << t::message(r.kernel);  // the same size, explicit
  // A 2D requirement cannot run over 1 dimension.
  const int r2 = mqlcl_kernel(r.program, u"r2");
  ASSERT_EQ(mqlcl_arg_mem(r2, 0, out), MQLCL_OK);
  EXPECT_EQ(mqlcl_run(r2, 1, g, 1, nullptr, 0), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_TRUE(mentions(r2, "requires work-groups of 2 x 2 x 1 (reqd_work_group_size): run it over 2 or more dimensions"));
  const int g2[2] = {4, 4};
  ASSERT_EQ(mqlcl_run(r2, 2, g2, 2, nullptr, 0), MQLCL_OK) << t::message(r2);
  std::vector<int> got2(16, 0);
  ASSERT_EQ(mqlcl_buffer_read_int(out, got2.data(), 0, 16), 16);
  EXPECT_EQ(got2, std::vector<int>(16, 2));
}

// Freeing a bound buffer or image drops its handle; the kernel keeps the memory until it is
// rebound or freed. Before, mqlcl_run then used a released cl_mem (SIGSEGV / SIGABRT in PoCL,
// heap-use-after-free under ASan).
TEST(KernelArgs, FreedBoundBufferStaysAliveForTheKernel) {
  t::Ctx ctx;
  const int before = mqlcl_handle_count();
  Kernel c(ctx.h, u"__kernel void c(__global const float* in, __global float* out) { int i = get_global_id(0); out[i] = 2 * in[i]; }",
           u"c");
  const int in = mqlcl_buffer(ctx.h, 4 * 64, MQLCL_MEM_READ_ONLY), out = mqlcl_buffer(ctx.h, 4 * 64, MQLCL_MEM_WRITE_ONLY);
  std::vector<float> x(64);
  for (int i = 0; i < 64; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i) - 10.0f;
  ASSERT_EQ(mqlcl_buffer_write_float(in, x.data(), 0, 64), 64);
  ASSERT_EQ(mqlcl_arg_mem(c.kernel, 0, in), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(c.kernel, 1, out), MQLCL_OK);
  ASSERT_EQ(mqlcl_free(in), MQLCL_OK);
  EXPECT_EQ(mqlcl_buffer_write_float(in, x.data(), 0, 64), MQLCL_ERR_HANDLE);  // the handle is gone
  EXPECT_EQ(mqlcl_arg_mem(c.kernel, 0, in), MQLCL_ERR_HANDLE);
  const int g[1] = {64};
  for (int rep = 0; rep < 2; ++rep) {
    ASSERT_EQ(mqlcl_run(c.kernel, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(c.kernel);
    const auto y = read_floats(out, 64);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(y[static_cast<size_t>(i)], 2 * x[static_cast<size_t>(i)]) << i;
  }
  // Freeing the kernel (or the context) releases what it kept.
  ASSERT_EQ(mqlcl_free(out), MQLCL_OK);
  ASSERT_EQ(mqlcl_free(c.kernel), MQLCL_OK);
  ASSERT_EQ(mqlcl_free(c.program), MQLCL_OK);
  EXPECT_EQ(mqlcl_handle_count(), before);
}

TEST(KernelArgs, FreedBoundImageStaysAliveForTheKernel) {
  t::Ctx ctx;
  if (mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) != 1) GTEST_SKIP() << "no image support";
  std::vector<float> px(4 * 4);
  for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<float>(i);
  const int img = mqlcl_image2d(ctx.h, 2, 2, px.data(), 16), out = mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE);
  Kernel r(ctx.h,
           u"__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;\n"
           u"__kernel void r(__read_only image2d_t img, __global float4* out) { out[0] = read_imagef(img, s, (int2)(1, 1)); }",
           u"r");
  ASSERT_EQ(mqlcl_arg_mem(r.kernel, 0, img), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(r.kernel, 1, out), MQLCL_OK);
  ASSERT_EQ(mqlcl_free(img), MQLCL_OK);
  const int g[1] = {1};
  ASSERT_EQ(mqlcl_run(r.kernel, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(r.kernel);
  EXPECT_EQ(read_floats(out, 4), std::vector<float>(px.begin() + 12, px.end()));
}

// Counts of mqlcl_run's and mqlcl_image2d's arrays (ABI 2.0): exactly-sized heap arrays, so
// that ASan reports any read beyond them.
TEST(KernelArgs, RunReadsNoMoreSizesThanCounted) {
  t::Ctx ctx;
  Kernel w(ctx.h, kW42, u"w42");
  const int out = mqlcl_buffer(ctx.h, 64, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(w.kernel, 0, out), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(w.kernel, 1, 7), MQLCL_OK);
  const std::vector<int> one{4}, four{4}, two{2, 2};
  EXPECT_EQ(mqlcl_run(w.kernel, 2, one.data(), 1, nullptr, 0), MQLCL_ERR_RANGE);
  EXPECT_TRUE(mentions(w.kernel, "global_count = 1: global must hold dims = 2 sizes"));
  EXPECT_EQ(mqlcl_run(w.kernel, 2, two.data(), 2, four.data(), 1), MQLCL_ERR_RANGE);
  EXPECT_TRUE(mentions(w.kernel, "local_count = 1: local must hold dims = 2 sizes"));
  EXPECT_EQ(mqlcl_run(w.kernel, 1, one.data(), 0, nullptr, 0), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_run(w.kernel, 1, one.data(), 1, four.data(), -1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_run(w.kernel, 1, one.data(), 1, nullptr, 1), MQLCL_ERR_ARGUMENT);  // a count without an array
  EXPECT_TRUE(mentions(w.kernel, "local is a null pointer"));
  EXPECT_EQ(mqlcl_run(w.kernel, 1, one.data(), 1, four.data(), 1), MQLCL_OK) << t::message(w.kernel);
  EXPECT_EQ(mqlcl_run(w.kernel, 2, two.data(), 2, two.data(), 2), MQLCL_OK) << t::message(w.kernel);
  EXPECT_EQ(read_floats(out, 4), std::vector<float>(4, 7.0f));
}

TEST(KernelArgs, Image2dReadsNoMoreThanCounted) {
  t::Ctx ctx;
  const std::vector<float> px(3 * 2 * 4 - 1, 1.0f);  // one float short of 3 x 2 RGBA pixels
  EXPECT_EQ(mqlcl_image2d(ctx.h, 3, 2, px.data(), static_cast<int>(px.size())), MQLCL_ERR_RANGE);
  EXPECT_TRUE(mentions(ctx.h, "count = 23: rgba must hold width * height * 4 = 24 floats"));
  EXPECT_EQ(mqlcl_image2d(ctx.h, 3, 2, px.data(), -1), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_image2d(ctx.h, 65536, 65536, px.data(), static_cast<int>(px.size())), MQLCL_ERR_RANGE);
  if (mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) == 1) {
    const int img = mqlcl_image2d(ctx.h, 2, 2, px.data(), 16);  // fewer pixels than the array holds
    EXPECT_GT(img, 0) << t::message(ctx.h);
  }
}

// NVIDIA's compiler fails the build with -cl-kernel-arg-info of any program that holds a
// kernel without arguments; the same source builds without it, as the terminal's own
// CLProgramCreate builds it. A program with such a kernel builds and runs here, and with the
// arg-info build refused (as that driver refuses it) the program still builds, both kernels
// run, and the program's message and build log say that the checks come from the source
// (test_kernel_source_args.cpp: a source the library cannot read falls back to probes).
const char16_t* kWithWarmup =
    u"__kernel void warmup(void) {}\n"
    u"__kernel void w42(__global float* out, const int n) { out[get_global_id(0)] = n; }";

std::string program_log(int program) {
  std::u16string buf(65536, u'\0');
  const int n = mqlcl_program_log(program, buf.data(), static_cast<int>(buf.size()));
  if (n < 0) return "(mqlcl_program_log returned " + std::to_string(n) + ")";
  buf.resize(static_cast<size_t>(std::min<int>(n, 65535)));
  return t::to_utf8(buf);
}

void expect_both_kernels_run(int ctx, int program) {
  const int warmup = mqlcl_kernel(program, u"warmup");
  ASSERT_GT(warmup, 0) << t::message();
  EXPECT_EQ(mqlcl_kernel_info(warmup, MQLCL_KINFO_NUM_ARGS), 0);
  const int g[1] = {8};
  EXPECT_EQ(mqlcl_run(warmup, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(warmup);
  const int k = mqlcl_kernel(program, u"w42");
  ASSERT_GT(k, 0) << t::message();
  const int out = mqlcl_buffer(ctx, 32, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, out), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_arg_int(k, 1, 42), MQLCL_OK) << t::message(k);
  ASSERT_EQ(mqlcl_run(k, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(k);
  EXPECT_EQ(read_floats(out, 8), std::vector<float>(8, 42.0f));
}

TEST(KernelArgs, ProgramWithAKernelWithoutArgumentsBuildsAndRuns) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, kWithWarmup, u"");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  expect_both_kernels_run(ctx.h, p);
}

TEST(KernelArgs, RefusedArgumentInfoBuildFallsBackAndSaysSo) {
  t::Ctx ctx;
  ASSERT_EQ(t::arg_info("refused"), MQLCL_OK);
  const int p = mqlcl_program(ctx.h, kWithWarmup, u"-DUNUSED=1");
  const int k = p > 0 ? mqlcl_kernel(p, u"w42") : 0;
  // A program that fails both ways reports the build with the caller's options alone.
  const int broken = mqlcl_program(ctx.h, u"__kernel void broken(__global float* x) { x[0] = undeclared; }", u"-DX=1");
  const std::string broken_message = t::message(ctx.h);
  t::arg_info("on");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  EXPECT_TRUE(mentions(p, "argument checks come from the program's source"));
  EXPECT_TRUE(mentions(p, "-cl-kernel-arg-info"));
  const std::string log = program_log(p);
  EXPECT_EQ(log.rfind("argument checks come from the program's source", 0), 0u) << log;
  // The full checks, from the source's declarations.
  ASSERT_GT(k, 0) << t::message();
  EXPECT_EQ(mqlcl_arg_double(k, 0, 1.0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(k, "argument 0 \"out\" (__global float*) takes a buffer (mqlcl_arg_mem), not a double"));
  EXPECT_EQ(mqlcl_arg_float(k, 1, 1.0f), MQLCL_ERR_ARGUMENT);  // accepted by the probe on the H100
  EXPECT_TRUE(mentions(k, "argument 1 \"n\" (int) takes an int (mqlcl_arg_int), not a float (mqlcl_arg_float)"));
  expect_both_kernels_run(ctx.h, p);
  EXPECT_EQ(broken, MQLCL_ERR_BUILD);
  EXPECT_NE(broken_message.find("undeclared"), std::string::npos) << broken_message;
  EXPECT_NE(broken_message.find("with options \"-DX=1\""), std::string::npos) << broken_message;
  EXPECT_EQ(broken_message.find("-cl-kernel-arg-info"), std::string::npos) << broken_message;
}

TEST(KernelArgs, ProgramLogAndArgumentInfoModeErrors) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, kW42, u"");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  EXPECT_EQ(program_log(p).find("fell back"), std::string::npos);  // built with argument info
  char16_t buf[8];
  EXPECT_EQ(mqlcl_program_log(p, nullptr, 8), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_program_log(p, buf, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_program_log(ctx.h, buf, 8), MQLCL_ERR_HANDLE);  // a context is not a program
  EXPECT_EQ(mqlcl_program_log(0x7fff0000, buf, 8), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_test_control(0, MQLCL_TEST_KERNEL_ARG_INFO, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(0, "MQLCL_TEST_KERNEL_ARG_INFO takes 0 (on), 1 (off) or 2 (refused), not 3"));
  EXPECT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_KERNEL_ARG_INFO, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(mentions(ctx.h, "is the process's: pass ctx 0"));
  EXPECT_EQ(mqlcl_test_control(0, MQLCL_TEST_FAIL_LAUNCH, 1), MQLCL_ERR_HANDLE) << "a context's hook needs a context";
}

}  // namespace
