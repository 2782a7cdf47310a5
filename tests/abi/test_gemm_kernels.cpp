// The GEMM kernel table as the ABI exposes it (mqlcl_gemm_kernel_count/_at/_name/_info,
// mqlcl_gemm_flags_precision): the enumeration, known kernels against values written down
// here (not read from the library), refusals with their messages, every kernel's flags
// accepted by mqlcl_gemm_pin, and the efficiency tunable that follows the table's order.
#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

std::string kernel_name(int kernel) {
  std::u16string buf(128, u'\0');
  const int n = mqlcl_gemm_kernel_name(kernel, buf.data(), 128);
  if (n < 0) return "(error " + std::to_string(n) + ")";
  buf.resize(static_cast<size_t>(std::min(n, 127)));
  return t::to_utf8(buf);
}

std::string tunable_text(int id, int what) {
  std::u16string buf(1024, u'\0');
  const int n = mqlcl_tunable_text(id, what, buf.data(), 1024);
  if (n < 0) return "(error " + std::to_string(n) + ")";
  buf.resize(static_cast<size_t>(std::min(n, 1023)));
  return t::to_utf8(buf);
}

TEST(GemmKernels, CountAndAtAgreeAndAscend) {
  const int count = mqlcl_gemm_kernel_count();
  const std::vector<int> kernels = t::gemm_kernels();
  ASSERT_EQ(static_cast<int>(kernels.size()), count);
  ASSERT_GE(count, 7);  // 10, 30-33, 40, 41 at least
  for (size_t i = 1; i < kernels.size(); ++i) EXPECT_LT(kernels[i - 1], kernels[i]) << "entry " << i;
  // The header's constants name kernels the table lists.
  const std::set<int> listed(kernels.begin(), kernels.end());
  for (int k : {MQLCL_GEMM_KERNEL_SGEMM_TUNED, MQLCL_GEMM_KERNEL_TENSOR_TF32, MQLCL_GEMM_KERNEL_TENSOR_3XTF32,
                MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_3XFP16, MQLCL_GEMM_KERNEL_DGEMM,
                MQLCL_GEMM_KERNEL_DGEMM_TENSOR})
    EXPECT_TRUE(listed.count(k)) << k;
  EXPECT_EQ(mqlcl_gemm_kernel_at(-1), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "GEMM kernel index -1 is outside 0 .. " + std::to_string(count - 1)));
  EXPECT_EQ(mqlcl_gemm_kernel_at(count), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "GEMM kernel index " + std::to_string(count) + " is outside"));
}

TEST(GemmKernels, NamesOfKnownKernelsAndTheBufferRules) {
  EXPECT_EQ(kernel_name(10), "sgemm_tuned");
  EXPECT_EQ(kernel_name(31), "sgemm_tensor_3xtf32");
  EXPECT_EQ(kernel_name(41), "dgemm_tensor");
  std::set<std::string> names;
  for (int k : t::gemm_kernels()) {
    const std::string name = kernel_name(k);
    EXPECT_FALSE(name.empty() || name[0] == '(') << k << ": " << name;
    EXPECT_TRUE(names.insert(name).second) << k << ": " << name << " twice";
  }
  // Truncated to cap - 1 units and a 0; the full length returned.
  char16_t small[4] = {u'x', u'x', u'x', u'x'};
  EXPECT_EQ(mqlcl_gemm_kernel_name(10, small, 4), 11);  // "sgemm_tuned"
  EXPECT_EQ(std::u16string(small, 3), u"sge");
  EXPECT_EQ(small[3], u'\0');
  EXPECT_EQ(mqlcl_gemm_kernel_name(10, nullptr, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "buf is a null pointer"));
  EXPECT_EQ(mqlcl_gemm_kernel_name(10, small, 0), MQLCL_ERR_ARGUMENT);
}

TEST(GemmKernels, InfoOfKnownKernels) {
  struct Known {
    int kernel, what;
    long long value;
  };
  const Known known[] = {
      {31, MQLCL_GEMM_KERNEL_INFO_PRECISION, MQLCL_PRECISION_FP32_TENSOR},
      {31, MQLCL_GEMM_KERNEL_INFO_PASSES, 3},
      {31, MQLCL_GEMM_KERNEL_INFO_FLAGS, MQLCL_GEMM_EXACT},
      {31, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES, 4},
      {31, MQLCL_GEMM_KERNEL_INFO_STAGE, 31},
      {31, MQLCL_GEMM_KERNEL_INFO_TUNABLE, 31},
      {31, MQLCL_GEMM_KERNEL_INFO_CEILING, MQLCL_PROFILE_MMA_TF32},
      {31, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA, 1},
      {31, MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64, 0},
      {31, MQLCL_GEMM_KERNEL_INFO_PREP_LAUNCHES, 0},
      {40, MQLCL_GEMM_KERNEL_INFO_PRECISION, MQLCL_PRECISION_FP64},
      {40, MQLCL_GEMM_KERNEL_INFO_FLAGS, MQLCL_GEMM_FP64},
      {40, MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64, 1},
      {40, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA, 0},
      {40, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES, 8},
      {40, MQLCL_GEMM_KERNEL_INFO_STAGE, 0},
      {40, MQLCL_GEMM_KERNEL_INFO_TUNABLE, MQLCL_TUNABLE_DGEMM},
      {40, MQLCL_GEMM_KERNEL_INFO_CEILING, MQLCL_PROFILE_FP64},
      {10, MQLCL_GEMM_KERNEL_INFO_PRECISION, MQLCL_PRECISION_FP32},
      {10, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA, 0},
      {10, MQLCL_GEMM_KERNEL_INFO_CEILING, MQLCL_PROFILE_FP32},
      {30, MQLCL_GEMM_KERNEL_INFO_PRECISION, MQLCL_PRECISION_TF32},
      {30, MQLCL_GEMM_KERNEL_INFO_FLAGS, MQLCL_GEMM_FAST},
      {32, MQLCL_GEMM_KERNEL_INFO_FLAGS, MQLCL_GEMM_FAST},
      {32, MQLCL_GEMM_KERNEL_INFO_PREP_LAUNCHES, 5},  // the scans and packs of FP16 operands
      {33, MQLCL_GEMM_KERNEL_INFO_PASSES, 3},
      {41, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA, 1},
      {41, MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64, 1},
      {41, MQLCL_GEMM_KERNEL_INFO_CEILING, MQLCL_PROFILE_MMA_FP64},
  };
  for (const Known& k : known)
    EXPECT_EQ(mqlcl_gemm_kernel_info(k.kernel, k.what), k.value) << "kernel " << k.kernel << ", what " << k.what;
}

// Facts every row must agree on, whatever kernels the table gains.
TEST(GemmKernels, EveryKernelsFactsAgree) {
  std::set<long long> tunables;
  for (int i = 0; i < mqlcl_tunable_count(); ++i) tunables.insert(mqlcl_tunable_at(i));
  for (int k : t::gemm_kernels()) {
    const long long precision = mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PRECISION);
    const int flags = t::kernel_flags(k);
    const bool fp64 = precision == MQLCL_PRECISION_FP64;
    EXPECT_TRUE(flags == MQLCL_GEMM_EXACT || flags == MQLCL_GEMM_FAST || flags == MQLCL_GEMM_FP64) << k << ": " << flags;
    EXPECT_EQ(flags == MQLCL_GEMM_FP64, fp64) << k;
    EXPECT_EQ(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES), fp64 ? 8 : 4) << k;
    if (fp64) {
      EXPECT_EQ(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64), 1) << k;
    }
    // The kernel is at least as accurate as its flags promise: within their tolerance.
    const int promised = mqlcl_gemm_flags_precision(flags);
    for (int kk : {1, 64, 4096})
      EXPECT_LE(t::tolerance(static_cast<int>(precision), kk), t::tolerance(promised, kk)) << k << ", k = " << kk;
    EXPECT_GE(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PASSES), 1) << k;
    EXPECT_GE(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_CEILING), 0) << k;
    EXPECT_LT(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_CEILING), MQLCL_PROFILE_CEILINGS) << k;
    EXPECT_GE(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PREP_LAUNCHES), 0) << k;
    for (int what : {MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU, MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_CPU}) {
      EXPECT_GE(mqlcl_gemm_kernel_info(k, what), 1) << k;  // the efficiency tunable's rule: 1 .. 1000
      EXPECT_LE(mqlcl_gemm_kernel_info(k, what), 1000) << k;
    }
    // Its tunable is in the tunables' table under the kernel's name.
    const long long tunable = mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_TUNABLE);
    EXPECT_TRUE(tunables.count(tunable)) << k << ": tunable " << tunable;
    EXPECT_EQ(tunable_text(static_cast<int>(tunable), MQLCL_TUNABLE_TEXT_NAME), kernel_name(k)) << k;
    // A kernel that runs a stage's code has that stage's precision.
    const long long stage = mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_STAGE);
    if (stage != 0) {
      EXPECT_EQ(mqlcl_stage_info(static_cast<int>(stage), MQLCL_STAGE_INFO_PRECISION), precision) << k;
    }
  }
}

TEST(GemmKernels, UnknownKernelOrFieldIsRefusedWithTheReason) {
  char16_t buf[32];
  EXPECT_EQ(mqlcl_gemm_kernel_name(99, buf, 32), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "GEMM kernel 99 does not exist"));
  EXPECT_TRUE(t::mentions(0, "(the GEMM kernels: 10 sgemm_tuned"));  // the message names the kernels
  EXPECT_EQ(mqlcl_gemm_kernel_info(0, MQLCL_GEMM_KERNEL_INFO_PRECISION), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "GEMM kernel 0 does not exist"));
  EXPECT_EQ(mqlcl_gemm_kernel_info(-1, MQLCL_GEMM_KERNEL_INFO_FLAGS), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "GEMM kernel -1 does not exist"));
  for (int what : {0, 14, -1}) {
    EXPECT_EQ(mqlcl_gemm_kernel_info(10, what), MQLCL_ERR_ARGUMENT) << what;
    EXPECT_TRUE(t::mentions(0, "what = " + std::to_string(what) + " is not an MQLCL_GEMM_KERNEL_INFO_* field"));
  }
}

TEST(GemmKernels, FlagsPrecision) {
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_EXACT), MQLCL_PRECISION_FP32);
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_FAST), MQLCL_PRECISION_TF32);
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_FP64), MQLCL_PRECISION_FP64);
  // The other bits are ignored.
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_TRANS_A | MQLCL_GEMM_TRANS_B), MQLCL_PRECISION_FP32);
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_FAST | MQLCL_GEMM_TRANS_B | 64), MQLCL_PRECISION_TF32);
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_FP64 | MQLCL_GEMM_TRANS_A), MQLCL_PRECISION_FP64);
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_PRECISION_MASK), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "the precision field 48 is not MQLCL_GEMM_EXACT (0), _FAST (16) or _FP64 (32)"));
  EXPECT_EQ(mqlcl_gemm_flags_precision(MQLCL_GEMM_PRECISION_MASK | MQLCL_GEMM_TRANS_A), MQLCL_ERR_ARGUMENT);
}

// A kernel's INFO_FLAGS is what pins it: accepted, or refused for this device with the reason,
// never refused as the wrong precision. A field the kernel does not meet is refused as that.

// [1 2; 3 4] [5 6; 7 8] = [19 22; 43 50] through the kernel pinned on h.
template <class T, class Gemm>
void expect_pinned_product(int h, int kernel, Gemm gemm) {
  const T a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  T out[4] = {0, 0, 0, 0};
  ASSERT_EQ(gemm(h, t::kernel_flags(kernel), 2, 2, 2, T(1), a, 4, 2, b, 4, 2, T(0), out, 4, 2), MQLCL_OK)
      << "kernel " << kernel << ": " << t::message(h);
  EXPECT_EQ(mqlcl_last_product(h), kernel);
  const T want[4] = {19, 22, 43, 50};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], want[i]) << "kernel " << kernel << ", element " << i;
}
TEST(GemmKernels, EveryKernelsFlagsPinIt) {
  for (int k : t::gemm_kernels()) {
    t::Ctx c;
    const bool runs = !(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA) == 1 && !t::tensor_device()) &&
                      !(mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_NEEDS_FP64) == 1 && !t::has_fp64());
    const int rc = mqlcl_gemm_pin(c.h, t::kernel_flags(k), k);
    if (runs) {
      EXPECT_EQ(rc, MQLCL_OK) << "kernel " << k << ": " << t::message(c.h);
    } else {
      EXPECT_EQ(rc, MQLCL_ERR_UNSUPPORTED) << "kernel " << k;
      EXPECT_TRUE(t::mentions(c.h, "cannot run here")) << "kernel " << k;
    }
    // The pinned kernel is what a call runs, and its product is exact on small integers.
    if (rc == MQLCL_OK && mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES) == 4)
      expect_pinned_product<float>(c.h, k, mqlcl_sgemm);
    if (rc == MQLCL_OK && mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES) == 8)
      expect_pinned_product<double>(c.h, k, mqlcl_dgemm);
    // The precision fields the kernel does not meet: FP64 for FP32-class kernels and the
    // reverse, EXACT for TF32-class ones.
    const long long precision = mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PRECISION);
    for (int field : {MQLCL_GEMM_EXACT, MQLCL_GEMM_FAST, MQLCL_GEMM_FP64}) {
      const bool fp64_mismatch = (field == MQLCL_GEMM_FP64) != (precision == MQLCL_PRECISION_FP64);
      const bool too_coarse = field == MQLCL_GEMM_EXACT && precision == MQLCL_PRECISION_TF32;
      if (!fp64_mismatch && !too_coarse) continue;
      EXPECT_EQ(mqlcl_gemm_pin(c.h, field, k), MQLCL_ERR_ARGUMENT) << "kernel " << k << ", field " << field;
      EXPECT_TRUE(t::mentions(c.h, "does not meet the precision")) << "kernel " << k << ", field " << field;
    }
  }
}

// MQLCL_TUNABLE_EFFICIENCY: one parameter per kernel, named K<kernel> in the table's order.
TEST(GemmKernels, EfficiencyTunableFollowsTheTable) {
  std::ostringstream want;
  for (int k : t::gemm_kernels()) want << (want.tellp() > 0 ? " " : "") << "K" << k;
  EXPECT_EQ(tunable_text(MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_TEXT_PARAMS), want.str());
  t::Ctx c;
  std::vector<int> p(64, -1);
  EXPECT_EQ(mqlcl_tunable_get(c.h, MQLCL_TUNABLE_EFFICIENCY, p.data(), 64), mqlcl_gemm_kernel_count()) << t::message(c.h);
  for (int i = 0; i < mqlcl_gemm_kernel_count(); ++i) {
    EXPECT_GE(p[static_cast<size_t>(i)], 1) << "K" << mqlcl_gemm_kernel_at(i);
    EXPECT_LE(p[static_cast<size_t>(i)], 1000) << "K" << mqlcl_gemm_kernel_at(i);
  }
  // Untuned, each is the kernel's default for the device's type, as its info says.
  if (mqlcl_tuning_source(c.h, MQLCL_TUNABLE_EFFICIENCY) == MQLCL_TUNING_DEFAULT) {
    const bool cpu = t::cpu_device();
    const int what = cpu ? MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_CPU : MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU;
    for (int i = 0; i < mqlcl_gemm_kernel_count(); ++i)
      EXPECT_EQ(p[static_cast<size_t>(i)], mqlcl_gemm_kernel_info(mqlcl_gemm_kernel_at(i), what)) << "K" << mqlcl_gemm_kernel_at(i);
  }
}

}  // namespace
