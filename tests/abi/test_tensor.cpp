// The tensor-core stages 30 (TF32) and 31 (3xTF32) where they cannot run (PoCL, CI): the
// refusal and its message, mqlcl_stage_best's fallback, the availability decision on made-up
// device reports, the 3xTF32 split arithmetic, and the kernel's indexing: the kernel file
// built with -DEMULATE_PTX (every PTX instruction replaced by plain OpenCL C) through the
// generic layer on odd shapes against a double product. The kernels themselves run on the
// GPU only: scripts/gpu/tensor-check.sh.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "device/tensor_decision.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/embedded_kernels.hpp"
#include "support.hpp"

namespace {

std::string device_text(int device, int what) {
  std::u16string buf(1024, u'\0');
  const int n = mqlcl_device_text(device, what, buf.data(), static_cast<int>(buf.size()));
  if (n < 0) return "";
  buf.resize(static_cast<size_t>(std::min<int>(n, 1023)));
  return t::to_utf8(buf);
}

TEST(Tensor, MatmulRefusedWithTheReason) {
  if (t::tensor_device()) GTEST_SKIP() << "the test device has tensor cores";
  const std::string name = device_text(0, MQLCL_TEXT_NAME), vendor = device_text(0, MQLCL_TEXT_VENDOR);
  t::Ctx ctx;
  const auto a = t::random_floats(6, 1);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), 6), 6);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_B, a.data(), 6), 6);
  for (int stage : {MQLCL_STAGE_TENSOR_TF32, MQLCL_STAGE_TENSOR_3XTF32}) {
    EXPECT_EQ(mqlcl_matmul(ctx.h, stage, 2, 3, 2, 0, 0, 0), MQLCL_ERR_UNSUPPORTED) << stage;
    EXPECT_TRUE(t::mentions(ctx.h, "stage " + std::to_string(stage) + " ("));
    EXPECT_TRUE(t::mentions(ctx.h, "needs an NVIDIA GPU of compute capability >= 8.0"));
    EXPECT_TRUE(t::mentions(ctx.h, "this device is '" + name + "' from '" + vendor + "'"));
    EXPECT_EQ(mqlcl_stage_available(t::device(), stage), 0);
    EXPECT_TRUE(t::mentions(0, "needs an NVIDIA GPU of compute capability >= 8.0"));
    EXPECT_TRUE(t::mentions(0, "'" + name + "'"));
  }
  // The refusal comes before anything is launched: the context still works.
  ASSERT_EQ(mqlcl_matmul(ctx.h, MQLCL_STAGE_SGEMM_TUNED, 2, 3, 2, 0, 0, 0), MQLCL_OK) << t::message(ctx.h);
}

TEST(Tensor, PeakRefusedWithTheReason) {
  if (t::tensor_device()) GTEST_SKIP() << "the test device has tensor cores";
  t::Ctx ctx;
  for (int what : {MQLCL_PEAK_MMA_TF32, MQLCL_PEAK_MMA_BF16, MQLCL_PEAK_MMA_FP16, MQLCL_PEAK_MMA_INT8}) {
    EXPECT_EQ(mqlcl_measure_peak(ctx.h, what, 0), MQLCL_ERR_UNSUPPORTED) << what;
    EXPECT_TRUE(t::mentions(ctx.h, "mma.sync"));
  }
  EXPECT_EQ(mqlcl_measure_peak(ctx.h, 9, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "MQLCL_PEAK_MMA_INT8 8"));
}

TEST(Tensor, StageInfo) {
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_TENSOR_TF32, MQLCL_STAGE_INFO_PRECISION), MQLCL_PRECISION_TF32);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_TENSOR_3XTF32, MQLCL_STAGE_INFO_PRECISION), MQLCL_PRECISION_FP32_TENSOR);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_TENSOR_TF32, MQLCL_STAGE_INFO_LOCAL_DIMS), 0);
  EXPECT_EQ(mqlcl_stage_info(MQLCL_STAGE_TENSOR_3XTF32, MQLCL_STAGE_INFO_LOCAL_DIMS), 0);
}

TEST(Tensor, BestStageFallsBackWithoutTensorCores) {
  if (t::tensor_device()) {  // the planner's choice for a 4096^3 product on this device
    t::Ctx c;
    std::vector<int> exact(8), fast(8);
    std::vector<double> ms(8);
    ASSERT_GT(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096, exact.data(), ms.data(), 8), 1) << t::message(c.h);
    ASSERT_GT(mqlcl_gemm_plan(c.h, MQLCL_GEMM_FAST, 4096, 4096, 4096, fast.data(), ms.data(), 8), 1) << t::message(c.h);
    EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_FP32), exact[0]);
    EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_TF32), fast[0]);
  } else {
    EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_FP32), MQLCL_STAGE_SGEMM_TUNED) << t::message();
    EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_FP32_TENSOR), MQLCL_STAGE_SGEMM_TUNED);
    EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_TF32), MQLCL_STAGE_SGEMM_TUNED);
  }
  EXPECT_EQ(mqlcl_stage_best(t::device(), 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "precision 0 is not a stage's"));
  EXPECT_EQ(mqlcl_stage_best(t::device(), MQLCL_PRECISION_FP64), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "mqlcl_gemm_plan"));
  EXPECT_EQ(mqlcl_stage_best(-2, MQLCL_PRECISION_FP32), MQLCL_ERR_DEVICE);
  EXPECT_EQ(mqlcl_stage_best(mqlcl_device_count(), MQLCL_PRECISION_FP32), MQLCL_ERR_DEVICE);
}

// ---- the availability decision on made-up reports ------------------------------------------

mqlcl::DeviceFacts nvidia(int major, int minor) {
  mqlcl::DeviceFacts r;
  r.name = "NVIDIA Made-Up";
  r.vendor = "NVIDIA Corporation";
  r.extensions = "cl_khr_fp64 cl_nv_device_attribute_query cl_nv_compiler_options";
  r.has_cc = true;
  r.cc_major = major;
  r.cc_minor = minor;
  r.local_mem = 49152;
  return r;
}

TEST(TensorDecision, AmpereAndNewerAccepted) {
  for (auto cc : {std::make_pair(8, 0), std::make_pair(8, 6), std::make_pair(8, 9), std::make_pair(9, 0), std::make_pair(12, 0)}) {
    const auto s = mqlcl::tensor_support(nvidia(cc.first, cc.second));
    EXPECT_TRUE(s.available) << cc.first << "." << cc.second << ": " << s.reason;
    EXPECT_TRUE(s.reason.empty());
    EXPECT_EQ(s.cc_major, cc.first);
    EXPECT_EQ(s.cc_minor, cc.second);
  }
}

TEST(TensorDecision, OlderOrUnknownRefusedWithTheReason) {
  const auto turing = mqlcl::tensor_support(nvidia(7, 5));
  EXPECT_FALSE(turing.available);
  EXPECT_NE(turing.reason.find("compute capability 7.5"), std::string::npos) << turing.reason;
  EXPECT_NE(turing.reason.find("'NVIDIA Made-Up' from 'NVIDIA Corporation'"), std::string::npos) << turing.reason;

  auto silent = nvidia(9, 0);
  silent.has_cc = false;
  const auto s = mqlcl::tensor_support(silent);
  EXPECT_FALSE(s.available);
  EXPECT_NE(s.reason.find("did not report its compute capability"), std::string::npos) << s.reason;

  mqlcl::DeviceFacts amd;
  amd.name = "gfx1100";
  amd.vendor = "Advanced Micro Devices, Inc.";
  amd.extensions = "cl_khr_fp64 cl_amd_device_attribute_query";
  amd.local_mem = 65536;
  const auto a = mqlcl::tensor_support(amd);
  EXPECT_FALSE(a.available);
  EXPECT_NE(a.reason.find("needs an NVIDIA GPU of compute capability >= 8.0"), std::string::npos) << a.reason;
  EXPECT_NE(a.reason.find("no cl_nv_device_attribute_query"), std::string::npos) << a.reason;

  // An extension name is matched whole, not as a prefix of another.
  auto prefix = nvidia(9, 0);
  prefix.extensions = "cl_nv_device_attribute_query_x";
  EXPECT_FALSE(mqlcl::tensor_support(prefix).available);

  // The kernel's tiles' __local memory (the default tiles: 48 KiB).
  auto small = nvidia(9, 0);
  small.local_mem = 32768;
  const auto m = mqlcl::tensor_support(small, 49152);
  EXPECT_FALSE(m.available);
  EXPECT_NE(m.reason.find("49152 bytes of __local memory"), std::string::npos) << m.reason;
  EXPECT_TRUE(mqlcl::tensor_support(small).available) << "mma.sync alone asked";
  EXPECT_NE(mqlcl::tensor_unavailable(small).find("49152 bytes"), std::string::npos);
}

// ---- the 3xTF32 split (what sgemm_tensor.cl computes with ROUND=1) ---------------------------

uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
float from_bits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}
float tf32(float x) { return from_bits((bits(x) + 0x1000u) & 0xffffe000u); }  // rounded half away

TEST(TensorSplit, BigPlusSmallKeeps22Bits) {
  uint32_t state = 12345;
  double worst_x = 0, worst_product = 0;
  for (int i = 0; i < 200000; ++i) {
    state = state * 1664525u + 1013904223u;
    const float x = from_bits((state & 0x807fffffu) | ((100u + (state >> 24) % 56u) << 23));  // varied exponents
    state = state * 1664525u + 1013904223u;
    const float y = from_bits((state & 0x807fffffu) | ((100u + (state >> 24) % 56u) << 23));
    const float xb = tf32(x), xs = x - xb, yb = tf32(y), ys = y - yb;
    ASSERT_EQ(bits(xb) & 0x1fffu, 0u) << x;                  // big is a TF32 value
    ASSERT_EQ(static_cast<double>(xb) + xs, static_cast<double>(x)) << x;  // x - big is exact
    worst_x = std::fmax(worst_x, std::fabs((static_cast<double>(xb) + tf32(xs) - x) / x));
    // The three products the tensor cores add (small*small dropped), each of TF32 operands.
    const double three = static_cast<double>(xb) * yb + static_cast<double>(xb) * tf32(ys) + static_cast<double>(tf32(xs)) * yb;
    const double exact = static_cast<double>(x) * y;
    worst_product = std::fmax(worst_product, std::fabs((three - exact) / exact));
  }
  EXPECT_LE(worst_x, std::ldexp(1.0, -22));
  EXPECT_LE(worst_product, std::ldexp(1.0, -20));  // FP32's own rounding is 2^-24; accumulation dominates
  // A single TF32 rounding loses much more: the split is what makes stage 31 FP32-accurate.
  EXPECT_GT(std::fabs(static_cast<double>(tf32(1.0f + 0x1p-12f)) - (1.0 + 0x1p-12)), 1e-4);
}

// ---- the kernel's indexing on PoCL (-DEMULATE_PTX) through the generic layer -----------------


struct TensorShape {
  int m, k, n;
};

std::string str_options(const char* head, int split3, const char* sep, const char* tail) {
  return std::string(head) + std::to_string(split3) + sep + tail;
}

// The kernel's tiles: blocks of bm x bn, `threads` work-items.
struct EmulatedTiles {
  int bm, bn, threads;
};

// C = A B by the kernel (small tiles: two warps by two unless told), A and B with leading
// dimensions rounded up to 4 and NaN in the padding (never read), C NaN first (every element
// written, its padding never).
void check_emulated(int ctx, int kernel, const TensorShape& s, int split3, EmulatedTiles tiles = {64, 64, 128}) {
  const int lda = (s.k + 3) / 4 * 4, ldb = (s.n + 3) / 4 * 4, ldc = ldb;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto a0 = t::random_floats(static_cast<size_t>(s.m) * s.k, 31 + s.m);
  const auto b0 = t::random_floats(static_cast<size_t>(s.k) * s.n, 37 + s.n);
  std::vector<float> a(static_cast<size_t>(s.m) * lda, nan), b(static_cast<size_t>(s.k) * ldb, nan),
      c(static_cast<size_t>(s.m) * ldc, nan);
  for (int i = 0; i < s.m; ++i)
    for (int k = 0; k < s.k; ++k) a[static_cast<size_t>(i) * lda + k] = a0[static_cast<size_t>(i) * s.k + k];
  for (int k = 0; k < s.k; ++k)
    for (int j = 0; j < s.n; ++j) b[static_cast<size_t>(k) * ldb + j] = b0[static_cast<size_t>(k) * s.n + j];
  const int ba = mqlcl_buffer(ctx, 4LL * static_cast<long long>(a.size()), MQLCL_MEM_READ_ONLY);
  const int bb = mqlcl_buffer(ctx, 4LL * static_cast<long long>(b.size()), MQLCL_MEM_READ_ONLY);
  const int bc = mqlcl_buffer(ctx, 4LL * static_cast<long long>(c.size()), MQLCL_MEM_READ_WRITE);
  ASSERT_GT(ba, 0);
  ASSERT_GT(bb, 0);
  ASSERT_GT(bc, 0);
  ASSERT_EQ(mqlcl_buffer_write_float(ba, a.data(), 0, static_cast<int>(a.size())), static_cast<int>(a.size()));
  ASSERT_EQ(mqlcl_buffer_write_float(bb, b.data(), 0, static_cast<int>(b.size())), static_cast<int>(b.size()));
  ASSERT_EQ(mqlcl_buffer_write_float(bc, c.data(), 0, static_cast<int>(c.size())), static_cast<int>(c.size()));
  const int args[] = {s.m, s.n, s.k};
  for (int i = 0; i < 3; ++i) ASSERT_EQ(mqlcl_arg_int(kernel, i, args[i]), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 3, ba), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(kernel, 4, lda), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 5, bb), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(kernel, 6, ldb), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 7, bc), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(kernel, 8, ldc), MQLCL_OK);
  const int global[1] = {((s.m + tiles.bm - 1) / tiles.bm) * ((s.n + tiles.bn - 1) / tiles.bn) * tiles.threads};
  const int local[1] = {tiles.threads};
  ASSERT_EQ(mqlcl_run(kernel, 1, global, 1, local, 1), MQLCL_OK) << t::message(kernel);
  ASSERT_EQ(mqlcl_buffer_read_float(bc, c.data(), 0, static_cast<int>(c.size())), static_cast<int>(c.size()));
  for (int h : {ba, bb, bc}) EXPECT_EQ(mqlcl_free(h), MQLCL_OK);

  std::vector<double> exact, scale;
  t::reference_matmul(a0, b0, s.m, s.k, s.n, exact, scale);
  // The stage's precision class: TF32 inputs, or the 3xTF32 split's FP32 accuracy.
  const int stage = split3 ? MQLCL_STAGE_TENSOR_3XTF32 : MQLCL_STAGE_TENSOR_TF32;
  const double rel = t::tolerance(static_cast<int>(mqlcl_stage_info(stage, MQLCL_STAGE_INFO_PRECISION)), s.k);
  int bad = 0;
  for (int i = 0; i < s.m && bad < 5; ++i)
    for (int j = 0; j < ldc && bad < 5; ++j) {
      const float got = c[static_cast<size_t>(i) * ldc + j];
      if (j >= s.n) {
        if (!std::isnan(got)) ++bad, ADD_FAILURE() << "C's padding (" << i << "," << j << ") was written: " << got;
        continue;
      }
      const size_t at = static_cast<size_t>(i) * s.n + j;
      if (!(std::fabs(got - exact[at]) <= rel * scale[at]))
        ++bad, ADD_FAILURE() << "SPLIT3=" << split3 << " " << s.m << "x" << s.k << "x" << s.n << " C(" << i << "," << j
                             << ") = " << got << ", exact " << exact[at] << ", tolerance " << rel * scale[at];
    }
}

TEST(TensorKernel, EmulatedIndexingOnOddShapes) {
  const char* source = mqlcl::embedded_kernel("gemm/sgemm_tensor.cl");  // the library's copy
  ASSERT_NE(source, nullptr);
  t::Ctx ctx;
  for (int split3 : {0, 1}) {
    // -cl-opt-disable: PoCL compiles the unrolled kernel in 1.5 s instead of 6 (cold cache).
    const std::string options =
        "-DEMULATE_PTX -DSPLIT3=" + std::to_string(split3) + " -DBM=64 -DBN=64 -DBK=16 -DWM=32 -DWN=32 -DSTAGES=3 -DGROUP_M=2 -cl-opt-disable";
    const int p = mqlcl_program(ctx.h, t::ascii16(source).c_str(), t::ascii16(options).c_str());
    ASSERT_GT(p, 0) << t::message(ctx.h);
    const int k = mqlcl_kernel(p, u"sgemm_tensor");
    ASSERT_GT(k, 0) << t::message();
    for (const TensorShape& s : {TensorShape{1, 1, 1}, TensorShape{97, 61, 131}, TensorShape{33, 17, 67}}) check_emulated(ctx.h, k, s, split3);
    EXPECT_EQ(mqlcl_free(k), MQLCL_OK);
    EXPECT_EQ(mqlcl_free(p), MQLCL_OK);
  }
}

// The engine's two k-loop orders (fragments double-buffered or read right before their mma),
// odd and even slices per k-tile, pipelines 2 to 5 deep, and the one-warp block; each within
// 48 KiB of __local with the emulation's scratch (the test runs on GPUs too).
TEST(TensorKernel, EmulatedIndexingOfTheEnginesOrdersAndDepths) {
  const char* source = mqlcl::embedded_kernel("gemm/sgemm_tensor.cl");
  ASSERT_NE(source, nullptr);
  t::Ctx ctx;
  struct Variant {
    const char* defines;
    EmulatedTiles tiles;
  };
  const Variant variants[] = {
      {"-DBM=64 -DBN=64 -DWM=32 -DWN=32 -DBK=16 -DSTAGES=3 -DFRAGMENT_SETS=1", {64, 64, 128}},
      {"-DBM=64 -DBN=64 -DWM=32 -DWN=32 -DBK=16 -DSTAGES=5 -DFRAGMENT_SETS=2", {64, 64, 128}},
      {"-DBM=64 -DBN=64 -DWM=32 -DWN=32 -DBK=32 -DSTAGES=2 -DFRAGMENT_SETS=2", {64, 64, 128}},
      {"-DBM=64 -DBN=64 -DWM=32 -DWN=32 -DBK=32 -DSTAGES=2 -DFRAGMENT_SETS=1", {64, 64, 128}},
      {"-DBM=64 -DBN=64 -DWM=64 -DWN=64 -DBK=16 -DSTAGES=2", {64, 64, 32}},
  };
  for (const Variant& v : variants)
    for (int split3 : {0, 1}) {
      const std::string options =
          str_options("-DEMULATE_PTX -DGROUP_M=2 -cl-opt-disable -DSPLIT3=", split3, " ", v.defines);
      const int p = mqlcl_program(ctx.h, t::ascii16(source).c_str(), t::ascii16(options).c_str());
      ASSERT_GT(p, 0) << options << ": " << t::message(ctx.h);
      const int k = mqlcl_kernel(p, u"sgemm_tensor");
      ASSERT_GT(k, 0) << t::message();
      SCOPED_TRACE(options);
      check_emulated(ctx.h, k, TensorShape{97, 61, 131}, split3, v.tiles);
      EXPECT_EQ(mqlcl_free(k), MQLCL_OK);
      EXPECT_EQ(mqlcl_free(p), MQLCL_OK);
    }
}

}  // namespace
