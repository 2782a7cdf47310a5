// The device profile and the GEMM planner: what a user's card would choose, decided by
// injected profiles (mqlcl_profile_set: published or measured rates of an RTX 4090, the H200,
// a CPU), each choice then run and its result checked against a double product; the profile's
// cache in the tuning file (measured once, refreshed for a new driver, corrupt lines skipped).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"
#include "tensor_contexts.hpp"
#include "tuning_file_fixture.hpp"

namespace {

using Profile = std::vector<double>;

// fp32 fp64 mma_tf32 mma_fp16 mma_bf16 mma_int8 mma_fp64 copy to from to_staged from_staged launch_us
// An RTX 4090 by NVIDIA's published AD102 rates: TF32 with FP32 sums = the FP32 units' rate,
// FP16 twice that, FP64 1/64 of FP32, no FP64 tensor cores.
const Profile kGeForce = {82600, 1290, 82600, 165200, 165200, 660600, 0, 900, 20, 20, 25, 25, 6};
using tensor_test::kH200;
// A CPU: FP32 and FP64 units, no tensor cores.
const Profile kCpu = {200, 100, 0, 0, 0, 0, 0, 30, 10, 10, 10, 10, 20};

std::string text_of(int (*get)(int, mqlcl_char*, int), int h) {
  std::u16string buf(16384, u'\0');
  const int n = get(h, reinterpret_cast<mqlcl_char*>(&buf[0]), static_cast<int>(buf.size()));
  if (n < 0) return "(error " + std::to_string(n) + ")";
  buf.resize(static_cast<size_t>(std::min(n, 16383)));
  return t::to_utf8(buf);
}

std::string plan_text(int h, int flags, int m, int n, int k) {
  std::u16string buf(16384, u'\0');
  const int r = mqlcl_gemm_plan_text(h, flags, m, n, k, reinterpret_cast<mqlcl_char*>(&buf[0]), 16384);
  if (r < 0) return "(error " + std::to_string(r) + ": " + t::message(h) + ")";
  buf.resize(static_cast<size_t>(std::min(r, 16383)));
  return t::to_utf8(buf);
}

// The planner offers the FP32 and FP64 units' kernels of the device's class: 10 and 40 on a
// GPU, the CPU kernels 17 and 43 on a processor (PoCL). These tests name them as a GPU's.
int as_gpu_kernel(int kernel) {
  if (!t::cpu_device()) return kernel;
  return kernel == MQLCL_GEMM_KERNEL_SGEMM_CPU ? MQLCL_GEMM_KERNEL_SGEMM_TUNED
         : kernel == MQLCL_GEMM_KERNEL_DGEMM_CPU ? MQLCL_GEMM_KERNEL_DGEMM
                                                 : kernel;
}
int units_kernel(int gpu_kernel) {
  if (!t::cpu_device()) return gpu_kernel;
  return gpu_kernel == MQLCL_GEMM_KERNEL_SGEMM_TUNED ? MQLCL_GEMM_KERNEL_SGEMM_CPU
         : gpu_kernel == MQLCL_GEMM_KERNEL_DGEMM     ? MQLCL_GEMM_KERNEL_DGEMM_CPU
                                                     : gpu_kernel;
}
// What ran (mqlcl_last_product), the units' kernels named as a GPU's.
int last_product(int h) { return as_gpu_kernel(mqlcl_last_product(h)); }
// The planner's defaults on GPUs (the kernel table's efficiencies and preparation), whatever
// the test device and whatever a tuning file holds (a GPU suite's first GEMM calls calibrate the
// planner and store it): the injected GPU profiles then choose as that GPU would untuned (on a
// processor its units' kernels with the GPU's units' efficiency).
void use_gpu_planner_defaults(int h) {
  std::vector<int> e, prep;
  for (int kernel : t::gemm_kernels()) {
    e.push_back(static_cast<int>(mqlcl_gemm_kernel_info(as_gpu_kernel(kernel), MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU)));
    prep.push_back(static_cast<int>(mqlcl_gemm_kernel_info(as_gpu_kernel(kernel), MQLCL_GEMM_KERNEL_INFO_PREPARATION)));
  }
  EXPECT_EQ(mqlcl_tunable_set(h, MQLCL_TUNABLE_EFFICIENCY, e.data(), static_cast<int>(e.size())),
            static_cast<int>(e.size()))
      << t::message(h);
  EXPECT_EQ(mqlcl_tunable_set(h, MQLCL_TUNABLE_PREPARATION, prep.data(), static_cast<int>(prep.size())),
            static_cast<int>(prep.size()))
      << t::message(h);
}

// The planner's candidates for a call, fastest first.
// Only the kernels these tests were written for: a kernel added to the table later ranks
// wherever its row puts it without changing what is said here of these.
std::vector<int> candidates(int h, int flags, int m, int n, int k) {
  static const int known[] = {MQLCL_GEMM_KERNEL_SGEMM_TUNED, MQLCL_GEMM_KERNEL_TENSOR_TF32, MQLCL_GEMM_KERNEL_TENSOR_3XTF32,
                              MQLCL_GEMM_KERNEL_TENSOR_FP16,  MQLCL_GEMM_KERNEL_TENSOR_3XFP16, MQLCL_GEMM_KERNEL_OZAKI_FP32,
                              MQLCL_GEMM_KERNEL_DGEMM,        MQLCL_GEMM_KERNEL_DGEMM_TENSOR,  MQLCL_GEMM_KERNEL_OZAKI_FP64};
  const int room = mqlcl_gemm_kernel_count();
  std::vector<int> kernels(static_cast<size_t>(room), -1);
  std::vector<double> ms(static_cast<size_t>(room), -1);
  const int count = mqlcl_gemm_plan(h, flags, m, n, k, kernels.data(), ms.data(), room);
  EXPECT_GT(count, 0) << t::message(h);
  kernels.resize(static_cast<size_t>(std::max(count, 0)));
  for (int i = 2; i < count; ++i) EXPECT_LE(ms[i - 1], ms[i]) << "sorted by predicted time (after a pinned one)";
  for (int i = 0; i < count; ++i) EXPECT_GT(ms[i], 0) << "kernel " << kernels[i];
  for (int& kernel : kernels) kernel = as_gpu_kernel(kernel);
  kernels.erase(std::remove_if(kernels.begin(), kernels.end(),
                               [](int kernel) { return std::find(std::begin(known), std::end(known), kernel) == std::end(known); }),
                kernels.end());
  return kernels;
}

// The largest error of C = A B (m x n x k, row-major) against a double product, each element's
// error over the sum of its terms' magnitudes.
template <class T, class Gemm>
double product_error(int h, int flags, int m, int n, int k, Gemm gemm) {
  const auto fa = t::random_floats(static_cast<size_t>(m) * k, 5), fb = t::random_floats(static_cast<size_t>(k) * n, 6);
  std::vector<T> a(fa.begin(), fa.end()), b(fb.begin(), fb.end()), c(static_cast<size_t>(m) * n, T(7));
  EXPECT_EQ(gemm(h, flags | MQLCL_GEMM_ON_DEVICE, m, n, k, T(1), a.data(), static_cast<int>(a.size()), k, b.data(), static_cast<int>(b.size()),
                 n, T(0), c.data(), static_cast<int>(c.size()), n),
            MQLCL_OK)
      << t::message(h);
  double worst = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0, scale = 0;
      for (int p = 0; p < k; ++p) {
        sum += double(a[size_t(i) * k + p]) * double(b[size_t(p) * n + j]);
        scale += std::fabs(double(a[size_t(i) * k + p]) * double(b[size_t(p) * n + j]));
      }
      worst = std::max(worst, std::fabs(double(c[size_t(i) * n + j]) - sum) / scale);
    }
  return worst;
}

constexpr int kK = 40;  // the inner size of the products below
double sgemm_error(int h, int flags) { return product_error<float>(h, flags, 70, 72, kK, mqlcl_sgemm); }
double dgemm_error(int h) { return product_error<double>(h, MQLCL_GEMM_FP64, 70, 72, kK, mqlcl_dgemm); }

// The tolerance of a product over kK terms that the flags' precision field promises.
double flags_tolerance(int flags) { return t::tolerance(mqlcl_gemm_flags_precision(flags), kK); }

// A test's own tuning file, with its profile lines (the cache of one test).
class PlanFile : public t::OwnTuningFile {
 protected:
  std::vector<std::string> profile_lines() const {
    std::vector<std::string> out;
    for (const auto& l : lines())
      if (l.rfind("profile\t", 0) == 0) out.push_back(l);
    return out;
  }
};

std::vector<double> profile_of(int h) {
  std::vector<double> v(MQLCL_PROFILE_FIELDS, -1);
  EXPECT_EQ(mqlcl_device_profile(h, v.data(), MQLCL_PROFILE_FIELDS), MQLCL_PROFILE_FIELDS) << t::message(h);
  return v;
}

}  // namespace

// ---- choices on injected profiles, each run and checked ---------------------------------------

// What ran: the error shows the inputs' precision, mqlcl_last_product names the kernel.
void expect_fast_result(int h, int planned) {
  const double error = sgemm_error(h, MQLCL_GEMM_FAST);
  EXPECT_EQ(last_product(h), planned);
  const int precision = static_cast<int>(mqlcl_gemm_kernel_info(planned, MQLCL_GEMM_KERNEL_INFO_PRECISION));
  if (precision == MQLCL_PRECISION_TF32) {
    EXPECT_GT(error, 2e-5) << "kernel " << planned << ": 11-bit inputs";
  }
  EXPECT_LT(error, t::tolerance(precision, kK)) << "kernel " << planned << " within its precision's tolerance";
}

TEST(Plan, GeForceRunsTheFp32UnitsForExactTheFp16TensorCoresForFastAndTheInt8TensorCoresForDgemm) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kGeForce.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  use_gpu_planner_defaults(c.h);
  // TF32 at the FP32 units' rate buys nothing: 3xTF32 is a third of it, TF32 no faster. FP16
  // runs at twice that rate: three FP16 products still lose to the FP32 units, one wins; so do
  // the eight INT8 products of the Ozaki scheme at eight times that rate.
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096),
            (std::vector<int>{MQLCL_GEMM_KERNEL_SGEMM_TUNED, MQLCL_GEMM_KERNEL_OZAKI_FP32,
                              MQLCL_GEMM_KERNEL_TENSOR_3XFP16, MQLCL_GEMM_KERNEL_TENSOR_3XTF32}))
      << plan_text(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FAST, 4096, 4096, 4096).front(), MQLCL_GEMM_KERNEL_TENSOR_FP16)
      << plan_text(c.h, MQLCL_GEMM_FAST, 4096, 4096, 4096);
  EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_EXACT), flags_tolerance(MQLCL_GEMM_EXACT));
  EXPECT_EQ(last_product(c.h), candidates(c.h, MQLCL_GEMM_EXACT, 70, 72, 40).front());
  expect_fast_result(c.h, candidates(c.h, MQLCL_GEMM_FAST, 70, 72, 40).front());
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64: the FP64 plan is not checked";
  // No FP64 tensor cores, FP64 units at 1/64 of FP32: fifteen INT8 products (Ozaki scheme II)
  // at 8x the FP32 rate win but for the smallest calls, where their launches dominate.
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 2000, 2000, 2000),
            (std::vector<int>{MQLCL_GEMM_KERNEL_OZAKI_FP64, MQLCL_GEMM_KERNEL_DGEMM}));
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 1, 1, 1).front(), MQLCL_GEMM_KERNEL_DGEMM) << "a launch, not twenty";
  // 70 x 72 x 40 is near the crossing, where the device's compute units decide (its blocks'
  // waves): what runs is the plan's first, at FP64 accuracy either way.
  const int small = candidates(c.h, MQLCL_GEMM_FP64, 70, 72, kK).front();
  EXPECT_LT(dgemm_error(c.h), flags_tolerance(MQLCL_GEMM_FP64));
  EXPECT_EQ(last_product(c.h), small);
  // A GeForce of a faster launch (1 us) chooses the scheme from 192^3 on: run and checked.
  Profile fast_launch = kGeForce;
  fast_launch[MQLCL_PROFILE_LAUNCH_US] = 1;
  ASSERT_EQ(mqlcl_profile_set(c.h, fast_launch.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 192, 192, 192).front(), MQLCL_GEMM_KERNEL_OZAKI_FP64)
      << plan_text(c.h, MQLCL_GEMM_FP64, 192, 192, 192);
  EXPECT_LT(product_error<double>(c.h, MQLCL_GEMM_FP64, 192, 192, 192, mqlcl_dgemm), t::tolerance(MQLCL_PRECISION_FP64, 192));
  EXPECT_EQ(last_product(c.h), MQLCL_GEMM_KERNEL_OZAKI_FP64);
  // Beyond the INT8 sums' exact k the scheme is not offered.
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 64, 64, 131072), (std::vector<int>{MQLCL_GEMM_KERNEL_DGEMM}));
  EXPECT_NE(plan_text(c.h, MQLCL_GEMM_FP64, 64, 64, 131072).find("beyond its exact INT8 sums"), std::string::npos)
      << plan_text(c.h, MQLCL_GEMM_FP64, 64, 64, 131072);
  EXPECT_NE(plan_text(c.h, MQLCL_GEMM_FP64, 64, 64, 64).find("kernel 41 dgemm_tensor: cannot run here"), std::string::npos)
      << plan_text(c.h, MQLCL_GEMM_FP64, 64, 64, 64);
}

TEST(Plan, H200RunsTheFp16TensorKernelsAndTheFp64TensorKernel) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  use_gpu_planner_defaults(c.h);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096).front(), MQLCL_GEMM_KERNEL_TENSOR_3XFP16)
      << plan_text(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FAST, 4096, 4096, 4096),
            (std::vector<int>{MQLCL_GEMM_KERNEL_TENSOR_FP16, MQLCL_GEMM_KERNEL_TENSOR_TF32, MQLCL_GEMM_KERNEL_TENSOR_3XFP16,
                              MQLCL_GEMM_KERNEL_TENSOR_3XTF32, MQLCL_GEMM_KERNEL_OZAKI_FP32, MQLCL_GEMM_KERNEL_SGEMM_TUNED}));
  // The small product below runs what the plan chooses for its own size (one block of 128 x 128
  // may lose to smaller blocks on a GPU of many units). On a device without mma.sync the claimed
  // tensor kernels run with emulated PTX: the same arithmetic, so the split kernels keep FP32
  // accuracy and the others show their 11-bit inputs.
  EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_EXACT), flags_tolerance(MQLCL_GEMM_EXACT));
  EXPECT_EQ(last_product(c.h), candidates(c.h, MQLCL_GEMM_EXACT, 70, 72, 40).front());
  expect_fast_result(c.h, candidates(c.h, MQLCL_GEMM_FAST, 70, 72, 40).front());
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64: the FP64 plan is not checked";
  // The FP64 tensor cores at 1/19 of the INT8 rate beat fifteen INT8 products at the
  // engine's efficiency.
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 4096, 4096, 4096),
            (std::vector<int>{MQLCL_GEMM_KERNEL_DGEMM_TENSOR, MQLCL_GEMM_KERNEL_OZAKI_FP64, MQLCL_GEMM_KERNEL_DGEMM}));
  EXPECT_LT(dgemm_error(c.h), flags_tolerance(MQLCL_GEMM_FP64));
}

TEST(Plan, CpuRunsTheFp32AndFp64Units) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kCpu.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  for (int flags : {MQLCL_GEMM_EXACT, MQLCL_GEMM_FAST}) {
    EXPECT_EQ(candidates(c.h, flags, 512, 512, 512), (std::vector<int>{MQLCL_GEMM_KERNEL_SGEMM_TUNED}));
    EXPECT_LT(sgemm_error(c.h, flags), flags_tolerance(MQLCL_GEMM_EXACT)) << "kernel 10 keeps FP32 accuracy";
  }
  if (!t::has_fp64()) GTEST_SKIP() << "the device has no FP64: the FP64 plan is not checked";
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FP64, 512, 512, 512), (std::vector<int>{MQLCL_GEMM_KERNEL_DGEMM}));
  EXPECT_LT(dgemm_error(c.h), flags_tolerance(MQLCL_GEMM_FP64));
}

TEST(Plan, SmallProductsCountWholeWavesOfBlocks) {
  // One 128 x 128 block of the tensor kernel on a 132-unit GPU leaves 131 idle; the FP32 units'
  // 64 x 64 blocks use four: at 128^3 the planner prefers them, at 4096^3 the tensor cores.
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK);
  use_gpu_planner_defaults(c.h);
  std::vector<int> kernels(4);
  std::vector<double> ms(4);
  ASSERT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096, kernels.data(), ms.data(), 4), 4);
  const double big_ratio = ms[1] / ms[0];
  EXPECT_GT(big_ratio, 1.2);
  ASSERT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 1, 1, 1, kernels.data(), ms.data(), 4), 4);
  EXPECT_NEAR(ms[0], kH200[MQLCL_PROFILE_LAUNCH_US] / 1e3, 1e-3) << "a 1 x 1 x 1 product costs about a launch";
  // The FP16 kernels' scans and packs (five more launches, a wait) keep tiny products off them.
  EXPECT_EQ(kernels[0], units_kernel(MQLCL_GEMM_KERNEL_SGEMM_TUNED));
  EXPECT_EQ(kernels[2], MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  EXPECT_EQ(kernels[3], MQLCL_GEMM_KERNEL_OZAKI_FP32) << "its scans, residues and eight products cost the most launches";
}

TEST(Plan, PinRunsTheKernelAndRefusesWhatCannotRun) {
  t::Ctx c;
  EXPECT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_TENSOR_TF32), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "does not meet the precision MQLCL_GEMM_EXACT"));
  EXPECT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, 99), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_pin(c.h, 256, 10), MQLCL_ERR_ARGUMENT);
  const bool tensor = mqlcl_stage_available(t::device(), MQLCL_STAGE_TENSOR_3XTF32) == 1;
  if (!tensor) {
    EXPECT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_TENSOR_3XTF32), MQLCL_ERR_UNSUPPORTED);
    EXPECT_TRUE(t::mentions(c.h, "cannot run here"));
  }
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK);
  use_gpu_planner_defaults(c.h);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_SGEMM_TUNED), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096).front(), MQLCL_GEMM_KERNEL_SGEMM_TUNED);
  EXPECT_NE(plan_text(c.h, MQLCL_GEMM_EXACT, 64, 64, 64).find("(pinned)"), std::string::npos);
  EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_EXACT), flags_tolerance(MQLCL_GEMM_EXACT));
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, 0), MQLCL_OK);
  EXPECT_EQ(candidates(c.h, MQLCL_GEMM_EXACT, 4096, 4096, 4096).front(), MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
}

// A pin outlives the profile it was made under: once a set profile lacks the pinned kernel's
// rate, the GEMM calls say so (they returned MQLCL_ERR_INTERNAL before).
TEST(Plan, APinnedKernelThatCanNoLongerRunIsRefusedNamingWhy) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_TENSOR_3XTF32), MQLCL_OK) << t::message(c.h);
  Profile no_tensor = kH200;
  for (int f : {MQLCL_PROFILE_MMA_TF32, MQLCL_PROFILE_MMA_FP16, MQLCL_PROFILE_MMA_BF16, MQLCL_PROFILE_MMA_INT8,
                MQLCL_PROFILE_MMA_FP64})
    no_tensor[static_cast<size_t>(f)] = 0;
  ASSERT_EQ(mqlcl_profile_set(c.h, no_tensor.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK);
  std::vector<float> a(4, 1.0f), b(4, 2.0f), out(4, 0.0f);
  EXPECT_EQ(mqlcl_sgemm(c.h, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_EXACT, 2, 2, 2, 1.0f, a.data(), 4, 2, b.data(), 4, 2, 0.0f, out.data(), 4, 2),
            MQLCL_ERR_UNSUPPORTED);
  EXPECT_TRUE(t::mentions(c.h, "GEMM kernel 31 (sgemm_tensor_3xtf32) is pinned (mqlcl_gemm_pin) but cannot run here"))
      << t::message(c.h);
  EXPECT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 64, 64, 64, nullptr, nullptr, 0), MQLCL_ERR_UNSUPPORTED);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, 0), MQLCL_OK);
  EXPECT_EQ(mqlcl_sgemm(c.h, MQLCL_GEMM_ON_DEVICE | MQLCL_GEMM_EXACT, 2, 2, 2, 1.0f, a.data(), 4, 2, b.data(), 4, 2, 0.0f, out.data(), 4, 2),
            MQLCL_OK)
      << t::message(c.h);
  EXPECT_EQ(last_product(c.h), MQLCL_GEMM_KERNEL_SGEMM_TUNED);
  EXPECT_EQ(out, std::vector<float>(4, 4.0f));
}

TEST(Plan, BadProfilesAndCallsAreRefused) {
  t::Ctx c;
  Profile p = kGeForce;
  EXPECT_EQ(mqlcl_profile_set(c.h, p.data(), MQLCL_PROFILE_CEILINGS - 1), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_profile_set(c.h, nullptr, MQLCL_PROFILE_CEILINGS), MQLCL_ERR_ARGUMENT);
  p[MQLCL_PROFILE_FP32] = 0;
  EXPECT_EQ(mqlcl_profile_set(c.h, p.data(), MQLCL_PROFILE_CEILINGS), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "fp32 = 0"));
  p = kGeForce;
  p[MQLCL_PROFILE_MMA_FP16] = -1;
  EXPECT_EQ(mqlcl_profile_set(c.h, p.data(), MQLCL_PROFILE_CEILINGS), MQLCL_ERR_ARGUMENT);
  p[MQLCL_PROFILE_MMA_FP16] = std::nan("");
  EXPECT_EQ(mqlcl_profile_set(c.h, p.data(), MQLCL_PROFILE_CEILINGS), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 0, 1, 1, nullptr, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 1, 1, 1, nullptr, nullptr, 2), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_plan(c.h, 48, 1, 1, 1, nullptr, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_gemm_plan(-5, MQLCL_GEMM_EXACT, 1, 1, 1, nullptr, nullptr, 0), MQLCL_ERR_HANDLE);
  ASSERT_EQ(mqlcl_profile_set(c.h, kCpu.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK);
  EXPECT_EQ(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 1, 1, 1, nullptr, nullptr, 0), 1) << "the count without arrays";
  const auto v = profile_of(c.h);
  EXPECT_EQ(v[MQLCL_PROFILE_SOURCE], MQLCL_PROFILE_SET);
  EXPECT_EQ(v[MQLCL_PROFILE_FP32], kCpu[MQLCL_PROFILE_FP32]);
}

// ---- the profile's cache -----------------------------------------------------------------------

TEST_F(PlanFile, MeasuredOnceThenReadByLaterContexts) {
  int measured = 0;
  {
    t::Ctx a;
    const auto v = profile_of(a.h);
    EXPECT_EQ(v[MQLCL_PROFILE_SOURCE], MQLCL_PROFILE_MEASURED) << text_of(mqlcl_profile_text, a.h);
    EXPECT_GT(v[MQLCL_PROFILE_FP32], 0);
    EXPECT_GT(v[MQLCL_PROFILE_COPY], 0);
    EXPECT_GT(v[MQLCL_PROFILE_TO_DEVICE], 0);
    EXPECT_GT(v[MQLCL_PROFILE_LAUNCH_US], 0);
    EXPECT_GT(v[MQLCL_PROFILE_MEASURE_MS], 0);
    EXPECT_LT(v[MQLCL_PROFILE_MEASURE_MS], 5000) << "the budget of a measurement";
    measured = static_cast<int>(v[MQLCL_PROFILE_MEASUREMENTS]);
    EXPECT_GE(measured, 1);
    EXPECT_EQ(profile_of(a.h)[MQLCL_PROFILE_MEASUREMENTS], measured) << "once per context";
  }
  ASSERT_EQ(profile_lines().size(), 1u);
  t::Ctx b;
  const auto w = profile_of(b.h);
  EXPECT_EQ(w[MQLCL_PROFILE_SOURCE], MQLCL_PROFILE_CACHED);
  EXPECT_EQ(w[MQLCL_PROFILE_MEASUREMENTS], measured) << "no second measurement";
  EXPECT_EQ(w[MQLCL_PROFILE_MEASURE_MS], 0);
  EXPECT_NE(text_of(mqlcl_profile_text, b.h).find("cached on line"), std::string::npos) << text_of(mqlcl_profile_text, b.h);
}

TEST_F(PlanFile, AnotherDriverOrACorruptLineMeasuresAgain) {
  { t::Ctx a; profile_of(a.h); }
  auto ls = lines();
  const auto is_profile = [](const std::string& l) { return l.rfind("profile\t", 0) == 0; };
  auto it = std::find_if(ls.begin(), ls.end(), is_profile);
  ASSERT_NE(it, ls.end());
  // The driver is the fourth field.
  std::vector<std::string> f;
  std::stringstream in(*it);
  for (std::string x; std::getline(in, x, '\t');) f.push_back(x);
  ASSERT_EQ(f.size(), 5u);
  const std::string driver = f[3];
  *it = f[0] + "\t" + f[1] + "\t" + f[2] + "\tan older driver\t" + f[4];
  write(ls);
  int before = 0;
  {
    t::Ctx b;
    const auto v = profile_of(b.h);
    EXPECT_EQ(v[MQLCL_PROFILE_SOURCE], MQLCL_PROFILE_MEASURED);
    before = static_cast<int>(v[MQLCL_PROFILE_MEASUREMENTS]);
    EXPECT_NE(text_of(mqlcl_profile_text, b.h).find("measured under driver 'an older driver'"), std::string::npos)
        << text_of(mqlcl_profile_text, b.h);
  }
  ASSERT_EQ(profile_lines().size(), 1u) << "the old driver's line replaced";
  EXPECT_NE(profile_lines()[0].find("\t" + driver + "\t"), std::string::npos);

  ls = lines();
  it = std::find_if(ls.begin(), ls.end(), is_profile);
  *it = f[0] + "\t" + f[1] + "\t" + f[2] + "\t" + driver + "\tfp32=abc copy=1";
  write(ls);
  t::Ctx c;
  const auto w = profile_of(c.h);
  EXPECT_EQ(w[MQLCL_PROFILE_SOURCE], MQLCL_PROFILE_MEASURED);
  EXPECT_EQ(w[MQLCL_PROFILE_MEASUREMENTS], before + 1);
  EXPECT_NE(text_of(mqlcl_profile_text, c.h).find("skipped: fp32=abc is not a number"), std::string::npos)
      << text_of(mqlcl_profile_text, c.h);
  EXPECT_EQ(profile_lines().size(), 1u);
}

TEST_F(PlanFile, OneCandidateNeedsNoProfile) {
  // A device without tensor cores is offered one FP32 kernel: its calls never measure; its FP64
  // calls measure only where the table offers it more than one FP64 kernel without tensor cores.
  if (mqlcl_stage_available(t::device(), MQLCL_STAGE_TENSOR_3XTF32) == 1) GTEST_SKIP() << "the device has a choice";
  t::Ctx c;
  EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_EXACT), flags_tolerance(MQLCL_GEMM_EXACT));
  EXPECT_TRUE(profile_lines().empty()) << "nothing measured";
  if (!t::has_fp64()) return;
  int fp64_kernels = 0;
  for (int k : t::gemm_kernels())
    fp64_kernels += t::kernel_flags(k) == MQLCL_GEMM_FP64 && mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_NEEDS_MMA) == 0 &&
                    units_kernel(as_gpu_kernel(k)) == k;  // offered on this device's class
  EXPECT_LT(dgemm_error(c.h), flags_tolerance(MQLCL_GEMM_FP64));
  EXPECT_EQ(profile_lines().empty(), fp64_kernels == 1) << fp64_kernels << " FP64 kernels without tensor cores";
}

// ---- the planner's calibration (MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_PREPARATION) -----------

namespace {

// An H100 as mma.sync measures it (the FP16 kernel's rate 1.2 x TF32's rather than the data
// sheet's 2 x), with a short launch: FP16 and TF32 close enough at 2000 for the FP16 kernel's
// scans, packs and waits to decide.
const Profile kH100Like = {51000, 25600, 250000, 300000, 300000, 600000, 51000, 3000, 10, 10, 50, 50, 2};

std::vector<int> tunable_vector(int h, int id) {
  std::vector<int> p(16, -1);
  const int n = mqlcl_tunable_get(h, id, p.data(), 16);
  EXPECT_EQ(n, mqlcl_gemm_kernel_count()) << t::message(h);
  p.resize(static_cast<size_t>(std::max(n, 0)));
  return p;
}

size_t kernel_index(int kernel) {
  const auto all = t::gemm_kernels();
  return static_cast<size_t>(std::find(all.begin(), all.end(), kernel) - all.begin());
}

// The planner's predicted ms of one candidate, or -1 where it is none.
double predicted_ms(int h, int flags, int m, int n, int k, int kernel) {
  std::vector<int> kernels(8, 0);
  std::vector<double> ms(8, -1);
  const int count = mqlcl_gemm_plan(h, flags, m, n, k, kernels.data(), ms.data(), 8);
  for (int i = 0; i < count && i < 8; ++i)
    if (kernels[static_cast<size_t>(i)] == kernel) return ms[static_cast<size_t>(i)];
  return -1;
}

}  // namespace

TEST_F(PlanFile, PreparationDefaultsAreTheTablesAndAStoredValueMovesThePredictionAsTheFormulaSays) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(mqlcl_tuning_source(c.h, MQLCL_TUNABLE_PREPARATION), MQLCL_TUNING_DEFAULT);
  auto prep = tunable_vector(c.h, MQLCL_TUNABLE_PREPARATION);
  ASSERT_EQ(prep.size(), t::gemm_kernels().size());
  for (int k : t::gemm_kernels())
    EXPECT_EQ(prep[kernel_index(k)], mqlcl_gemm_kernel_info(k, MQLCL_GEMM_KERNEL_INFO_PREPARATION)) << "K" << k;
  // The table's launches: the FP16 kernels' scans, read-back and packs are 5 launches beyond
  // the product's; the others launch their product alone.
  EXPECT_EQ(prep[kernel_index(MQLCL_GEMM_KERNEL_TENSOR_FP16)], 600);
  EXPECT_EQ(prep[kernel_index(MQLCL_GEMM_KERNEL_TENSOR_3XFP16)], 600);
  EXPECT_EQ(prep[kernel_index(MQLCL_GEMM_KERNEL_SGEMM_TUNED)], 100);
  EXPECT_EQ(prep[kernel_index(MQLCL_GEMM_KERNEL_DGEMM_TENSOR)], 100);

  // 12.34 - 6 launch-and-wait times more (the profile's, microseconds); the same at any shape.
  const int m = 2000, n = 1500, k = 1000;
  const double before = predicted_ms(c.h, MQLCL_GEMM_EXACT, m, n, k, MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  const double other = predicted_ms(c.h, MQLCL_GEMM_EXACT, m, n, k, MQLCL_GEMM_KERNEL_TENSOR_3XTF32);
  ASSERT_GT(before, 0) << plan_text(c.h, MQLCL_GEMM_EXACT, m, n, k);
  prep[kernel_index(MQLCL_GEMM_KERNEL_TENSOR_3XFP16)] = 1234;
  ASSERT_EQ(mqlcl_tuning_store(c.h, MQLCL_TUNABLE_PREPARATION, prep.data(), static_cast<int>(prep.size())), MQLCL_OK)
      << t::message(c.h);
  EXPECT_EQ(predicted_ms(c.h, MQLCL_GEMM_EXACT, m, n, k, MQLCL_GEMM_KERNEL_TENSOR_3XFP16), before) << "stored for later contexts";

  // A later context reads it from the file and predicts with it.
  t::Ctx d;
  ASSERT_EQ(mqlcl_profile_set(d.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(d.h);
  EXPECT_EQ(mqlcl_tuning_source(d.h, MQLCL_TUNABLE_PREPARATION), MQLCL_TUNING_DEVICE);
  EXPECT_EQ(tunable_vector(d.h, MQLCL_TUNABLE_PREPARATION), prep);
  const double after = predicted_ms(d.h, MQLCL_GEMM_EXACT, m, n, k, MQLCL_GEMM_KERNEL_TENSOR_3XFP16);
  const double expected = (12.34 - 6.0) * kH200[MQLCL_PROFILE_LAUNCH_US] / 1e3;
  EXPECT_GT(expected, 0.005) << "a change the test can see";
  EXPECT_NEAR(after - before, expected, 1e-9 * after) << plan_text(d.h, MQLCL_GEMM_EXACT, m, n, k);
  EXPECT_EQ(predicted_ms(d.h, MQLCL_GEMM_EXACT, m, n, k, MQLCL_GEMM_KERNEL_TENSOR_3XTF32), other) << "only kernel 33's";
  EXPECT_NE(plan_text(d.h, MQLCL_GEMM_EXACT, m, n, k).find("preparation 12.340 launches and waits a call"), std::string::npos)
      << plan_text(d.h, MQLCL_GEMM_EXACT, m, n, k);
}

// What `tune --what planner` may find on a device (the FP16 kernel's efficiency higher, its
// fixed cost lower than the table says; the TF32 kernel's efficiency lower) flips the
// fast choice from TF32 to FP16, at 2000 and at a size that runs here; each choice run and
// its product checked.
TEST_F(PlanFile, AStoredCalibrationFlipsTheChoiceBetweenTf32AndFp16) {
  constexpr int kRun = 384;  // run and checked: large enough for the FP16 kernel's launches to pay
  // A context on the H100-like profile, the same blocks for both kernels (the same fill; small
  // ones where the mma kernels are emulated).
  const auto on_h100 = [](t::Ctx& c) {
    tensor_test::use_tensor_kernels(c.h, true);
    ASSERT_EQ(mqlcl_profile_set(c.h, kH100Like.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  };
  const auto run = [](int h, int expected) {
    const double error = product_error<float>(h, MQLCL_GEMM_FAST, kRun, kRun, kRun, mqlcl_sgemm);
    EXPECT_EQ(last_product(h), expected);
    EXPECT_GT(error, 2e-5) << "kernel " << expected << ": 11-bit inputs";
    EXPECT_LT(error, t::tolerance(MQLCL_PRECISION_TF32, kRun)) << "kernel " << expected;
  };
  auto efficiency = t::gemm_kernels(), prep = t::gemm_kernels();
  {
    // Untuned, as a GPU starts: the table's GPU efficiencies and preparations (a CPU test
    // device's own defaults are the CPU column).
    t::Ctx c;
    on_h100(c);
    for (size_t i = 0; i < efficiency.size(); ++i) {
      efficiency[i] = static_cast<int>(mqlcl_gemm_kernel_info(efficiency[i], MQLCL_GEMM_KERNEL_INFO_EFFICIENCY_GPU));
      prep[i] = static_cast<int>(mqlcl_gemm_kernel_info(prep[i], MQLCL_GEMM_KERNEL_INFO_PREPARATION));
    }
    ASSERT_GT(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_EFFICIENCY, efficiency.data(), static_cast<int>(efficiency.size())), 0);
    ASSERT_GT(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_PREPARATION, prep.data(), static_cast<int>(prep.size())), 0);
    for (int n : {2000, kRun})
      EXPECT_EQ(candidates(c.h, MQLCL_GEMM_FAST, n, n, n).front(), MQLCL_GEMM_KERNEL_TENSOR_TF32)
          << n << ": the table's values\n" << plan_text(c.h, MQLCL_GEMM_FAST, n, n, n);
    run(c.h, MQLCL_GEMM_KERNEL_TENSOR_TF32);
    // A fit's values: the FP16 kernel above its default with a smaller fixed cost, the others far
    // below theirs (so that at the small size run here the FP16 kernel's launches pay too).
    for (int k : {MQLCL_GEMM_KERNEL_TENSOR_TF32, MQLCL_GEMM_KERNEL_TENSOR_3XTF32, MQLCL_GEMM_KERNEL_TENSOR_3XFP16,
                  MQLCL_GEMM_KERNEL_SGEMM_TUNED})
      efficiency[kernel_index(k)] = 20;
    efficiency[kernel_index(MQLCL_GEMM_KERNEL_TENSOR_FP16)] = 700;
    prep[kernel_index(MQLCL_GEMM_KERNEL_TENSOR_FP16)] = 150;
    ASSERT_EQ(mqlcl_tuning_store(c.h, MQLCL_TUNABLE_EFFICIENCY, efficiency.data(), static_cast<int>(efficiency.size())),
              MQLCL_OK) << t::message(c.h);
    ASSERT_EQ(mqlcl_tuning_store(c.h, MQLCL_TUNABLE_PREPARATION, prep.data(), static_cast<int>(prep.size())), MQLCL_OK)
        << t::message(c.h);
  }
  t::Ctx d;  // reads the stored calibration
  on_h100(d);
  EXPECT_EQ(tunable_vector(d.h, MQLCL_TUNABLE_EFFICIENCY), efficiency);
  EXPECT_EQ(tunable_vector(d.h, MQLCL_TUNABLE_PREPARATION), prep);
  for (int n : {2000, kRun})
    EXPECT_EQ(candidates(d.h, MQLCL_GEMM_FAST, n, n, n).front(), MQLCL_GEMM_KERNEL_TENSOR_FP16)
        << n << ": calibrated\n" << plan_text(d.h, MQLCL_GEMM_FAST, n, n, n);
  run(d.h, MQLCL_GEMM_KERNEL_TENSOR_FP16);
}

// ---- what a call asks (gemm/gemm_plan.cpp, planned_call: kept per shape) -----------------------

// A call of a shape asked before is answered as then while the pin, the tuning and the profile
// stay; after a change of any of them it runs what a plan made after that change chooses.
TEST(Plan, ARepeatedShapeRunsWhatThePlanChoosesAfterEachChange) {
  t::Ctx c;
  ASSERT_EQ(mqlcl_profile_set(c.h, kH200.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  use_gpu_planner_defaults(c.h);
  const auto plan_front = [&] {
    std::vector<int> kernels(16, 0);
    std::vector<double> ms(16, -1);
    EXPECT_GT(mqlcl_gemm_plan(c.h, MQLCL_GEMM_EXACT, 70, 72, kK, kernels.data(), ms.data(), 16), 0) << t::message(c.h);
    return kernels[0];
  };
  const auto runs = [&](const std::string& after) {
    for (int call = 0; call < 2; ++call) {
      EXPECT_LT(sgemm_error(c.h, MQLCL_GEMM_EXACT), flags_tolerance(MQLCL_GEMM_EXACT)) << after;
      EXPECT_EQ(mqlcl_last_product(c.h), plan_front()) << after << ", call " << call;
    }
    return mqlcl_last_product(c.h);
  };
  const int first = runs("the H200's profile");
  std::vector<int> efficiency = tunable_vector(c.h, MQLCL_TUNABLE_EFFICIENCY);
  efficiency[kernel_index(first)] = 1;
  ASSERT_EQ(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_EFFICIENCY, efficiency.data(), static_cast<int>(efficiency.size())),
            static_cast<int>(efficiency.size()))
      << t::message(c.h);
  const int second = runs("kernel " + std::to_string(first) + " at 1 per mille of its ceiling");
  EXPECT_NE(second, first);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, first), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(runs("kernel " + std::to_string(first) + " pinned"), first);
  ASSERT_EQ(mqlcl_gemm_pin(c.h, MQLCL_GEMM_EXACT, 0), MQLCL_OK) << t::message(c.h);
  EXPECT_EQ(runs("unpinned"), second);
  Profile without = kH200;
  without[static_cast<size_t>(mqlcl_gemm_kernel_info(second, MQLCL_GEMM_KERNEL_INFO_CEILING))] = 0;
  ASSERT_EQ(mqlcl_profile_set(c.h, without.data(), MQLCL_PROFILE_CEILINGS), MQLCL_OK) << t::message(c.h);
  EXPECT_NE(runs("a profile without kernel " + std::to_string(second) + "'s ceiling"), second);
}
