// DGEMM's FP64 tensor-core kernel (kernels/gemm/dgemm_tensor.cl) where it cannot run (PoCL,
// CI): its indexing, built with -DEMULATE_PTX (mma.sync .f64 and cp.async replaced by plain
// OpenCL C with the PTX fragment layouts), through the generic layer for every instruction
// shape against a long double product; the shape rule; and the FP64 ceilings of `peak`.
// The kernel itself runs on the GPU only (mqlcl_dgemm there, docs/results-h200.md).
#include <cmath>
#include <string>
#include <vector>

#include "device/tensor_decision.hpp"
#include "core/embedded_kernels.hpp"
#include "support.hpp"

namespace {


// Padded sizes (multiples of the blocks: the kernel has no bounds checks) and a build.
struct Config {
  int shape, bm, bn, bk, wm, wn, stages;
  std::string options() const {
    return "-DEMULATE_PTX -cl-opt-disable -DGROUP_M=2 -DSHAPE=" + std::to_string(shape) + " -DBM=" + std::to_string(bm) +
           " -DBN=" + std::to_string(bn) + " -DBK=" + std::to_string(bk) + " -DWM=" + std::to_string(wm) +
           " -DWN=" + std::to_string(wn) + " -DSTAGES=" + std::to_string(stages);
  }
};

// AB (m x n) = A (m x k) * Bt^T (Bt n x k), m, n, k multiples of the blocks; AB NaN first (every
// element written). Values with varied exponents, so that a wrong pairing of A and B shows.
void check_emulated(int ctx, const Config& cfg, int m, int n, int k) {
  const int p = mqlcl_program(ctx, t::ascii16(mqlcl::embedded_kernel("gemm/dgemm_tensor.cl")).c_str(),
                              t::ascii16(cfg.options()).c_str());
  ASSERT_GT(p, 0) << t::message(ctx);
  const int kernel = mqlcl_kernel(p, u"dgemm_tensor");
  ASSERT_GT(kernel, 0) << t::message();
  // The emulation keeps its fragments in __local memory too: a block may need more than a
  // GPU has (48 KiB on NVIDIA). There the launch is refused naming both sizes, never run.
  const long long local_need = mqlcl_kernel_info(kernel, MQLCL_KINFO_LOCAL_MEM_SIZE);
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  if (local_need > local_mem) {
    const int one[1] = {32 * (cfg.bm / cfg.wm) * (cfg.bn / cfg.wn)};
    for (int i = 0; i < 3; ++i) ASSERT_EQ(mqlcl_arg_int(kernel, i, 1), MQLCL_OK);
    const int buf = mqlcl_buffer(ctx, 8, MQLCL_MEM_READ_WRITE);
    for (int i = 3; i < 6; ++i) ASSERT_EQ(mqlcl_arg_mem(kernel, i, buf), MQLCL_OK);
    EXPECT_EQ(mqlcl_run(kernel, 1, one, 1, one, 1), MQLCL_ERR_LOCAL_SIZE) << cfg.options();
    EXPECT_TRUE(t::mentions(kernel, std::to_string(local_mem))) << cfg.options();
    for (int h : {buf, kernel, p}) EXPECT_EQ(mqlcl_free(h), MQLCL_OK);
    return;
  }
  std::vector<double> a(static_cast<size_t>(m) * k), bt(static_cast<size_t>(n) * k),
      ab(static_cast<size_t>(m) * n, std::nan(""));
  const auto fa = t::random_floats(a.size(), 3 + m), fb = t::random_floats(bt.size(), 5 + n);
  for (size_t i = 0; i < a.size(); ++i) a[i] = fa[i] * std::ldexp(1.0 + 1.0 / 3, static_cast<int>(i % 7) - 3);
  for (size_t i = 0; i < bt.size(); ++i) bt[i] = fb[i] * std::ldexp(1.0 + 1.0 / 7, static_cast<int>(i % 5) - 2);
  const int ba = mqlcl_buffer(ctx, 8LL * static_cast<long long>(a.size()), MQLCL_MEM_READ_ONLY);
  const int bb = mqlcl_buffer(ctx, 8LL * static_cast<long long>(bt.size()), MQLCL_MEM_READ_ONLY);
  const int bc = mqlcl_buffer(ctx, 8LL * static_cast<long long>(ab.size()), MQLCL_MEM_READ_WRITE);
  ASSERT_TRUE(ba > 0 && bb > 0 && bc > 0) << t::message(ctx);
  ASSERT_EQ(mqlcl_buffer_write_double(ba, a.data(), 0, static_cast<int>(a.size())), static_cast<int>(a.size()));
  ASSERT_EQ(mqlcl_buffer_write_double(bb, bt.data(), 0, static_cast<int>(bt.size())), static_cast<int>(bt.size()));
  ASSERT_EQ(mqlcl_buffer_write_double(bc, ab.data(), 0, static_cast<int>(ab.size())), static_cast<int>(ab.size()));
  const int args[] = {m, n, k};
  for (int i = 0; i < 3; ++i) ASSERT_EQ(mqlcl_arg_int(kernel, i, args[i]), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 3, ba), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 4, bb), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 5, bc), MQLCL_OK);
  const int threads = 32 * (cfg.bm / cfg.wm) * (cfg.bn / cfg.wn);
  const int global[1] = {(m / cfg.bm) * (n / cfg.bn) * threads}, local[1] = {threads};
  ASSERT_EQ(mqlcl_run(kernel, 1, global, 1, local, 1), MQLCL_OK) << t::message(kernel);
  ASSERT_EQ(mqlcl_buffer_read_double(bc, ab.data(), 0, static_cast<int>(ab.size())), static_cast<int>(ab.size()));
  for (int h : {ba, bb, bc, kernel, p}) EXPECT_EQ(mqlcl_free(h), MQLCL_OK);

  int bad = 0;
  for (int i = 0; i < m && bad < 5; ++i)
    for (int j = 0; j < n && bad < 5; ++j) {
      long double exact = 0, scale = 0;
      for (int q = 0; q < k; ++q) {
        const long double x = static_cast<long double>(a[static_cast<size_t>(i) * k + q]) * bt[static_cast<size_t>(j) * k + q];
        exact += x;
        scale += std::fabs(x);
      }
      const double got = ab[static_cast<size_t>(i) * n + j];
      // FP64 products summed in FP64 (fma), relative to sum |terms|: the FP64 tolerance.
      if (!(std::fabs(got - static_cast<double>(exact)) <= t::tolerance(MQLCL_PRECISION_FP64, k) * static_cast<double>(scale)))
        ++bad, ADD_FAILURE() << cfg.options() << " " << m << "x" << n << "x" << k << ": AB(" << i << "," << j
                             << ") = " << got << ", exact " << static_cast<double>(exact);
    }
}

// Two by two warps of 16 x 16 (32 x 32 blocks), 3 x 2 blocks (two raster groups), three
// k-tiles (the stages wrap): every shape, the swizzled BK 16 and the plain BK 8 tiles. The
// fragments alternate between two register sets over k-slices (two per tile with m16n8k8 and
// BK 16, one with m16n8k16 or BK 8: the odd case hands the next tile's set over).
TEST(DgemmTensorKernel, EmulatedIndexingEveryShape) {
  t::Ctx ctx;
  for (const Config& c : {Config{884, 32, 32, 16, 16, 16, 2}, Config{1684, 32, 32, 16, 16, 16, 2},
                          Config{1688, 32, 32, 16, 16, 16, 2}, Config{16816, 32, 32, 16, 16, 16, 2}})
    check_emulated(ctx.h, c, 96, 64, 48);
  // BK 8 (no swizzle), 3 stages; one warp of 32 x 16 with 4 stages over 5 k-tiles, and over
  // one k-tile (fewer tiles than stages: the empty copy groups).
  check_emulated(ctx.h, Config{1688, 32, 32, 8, 16, 16, 3}, 64, 32, 40);
  check_emulated(ctx.h, Config{884, 32, 16, 8, 32, 16, 4}, 32, 48, 40);
  check_emulated(ctx.h, Config{1684, 32, 16, 16, 32, 16, 2}, 32, 48, 16);
  // The default's 64 x 32 warp tiles (4 x 4 mma per k-slice from 8 + 4 fragment pairs): the
  // default itself (128 x 64 blocks, 2 x 2 warps, m16n8k8, BK 16), m16n8k16 there, and one
  // warp with BK 8, 3 stages.
  check_emulated(ctx.h, Config{1688, 128, 64, 16, 64, 32, 2}, 256, 64, 48);
  check_emulated(ctx.h, Config{16816, 128, 64, 16, 64, 32, 2}, 128, 64, 32);
  check_emulated(ctx.h, Config{1688, 64, 32, 8, 64, 32, 3}, 128, 64, 40);
}

TEST(DgemmTensorKernel, ShapeRule) {
  mqlcl::TensorSupport none, ampere, hopper;
  ampere.available = hopper.available = true;
  ampere.cc_major = 8, hopper.cc_major = 9;
  EXPECT_FALSE(mqlcl::dmma_shape_available(none, 884));
  EXPECT_TRUE(mqlcl::dmma_shape_available(ampere, 884));
  for (int code : {1684, 1688, 16816}) {
    EXPECT_FALSE(mqlcl::dmma_shape_available(ampere, code)) << code;
    EXPECT_TRUE(mqlcl::dmma_shape_available(hopper, code)) << code;
  }
  EXPECT_FALSE(mqlcl::dmma_shape_available(hopper, 888));
  mqlcl::DeviceFacts ampere_facts, hopper_facts;
  ampere_facts.has_cc = hopper_facts.has_cc = true;
  ampere_facts.cc_major = 8, hopper_facts.cc_major = 9;
  EXPECT_EQ(mqlcl::dgemm_tensor_shape(ampere_facts), 884);
  EXPECT_EQ(mqlcl::dgemm_tensor_shape(mqlcl::DeviceFacts{}), 884);
  EXPECT_TRUE(mqlcl::dmma_shape_available(hopper, mqlcl::dgemm_tensor_shape(hopper_facts)));
}

TEST(DgemmTensorKernel, Fp64Peaks) {
  t::Ctx ctx;
  // The test device (PoCL in CI, an NVIDIA GPU in scripts/gpu/test.sh) has cl_khr_fp64: a positive rate.
  EXPECT_GT(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_FP64, 0), 0.0) << t::message(ctx.h);
  if (t::tensor_device()) {
    EXPECT_GT(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_MMA_FP64, 0), 0.0) << t::message(ctx.h);
  } else {
    EXPECT_EQ(mqlcl_measure_peak(ctx.h, MQLCL_PEAK_MMA_FP64, 0), MQLCL_ERR_UNSUPPORTED);
    EXPECT_TRUE(t::mentions(ctx.h, "mma.sync"));
  }
  EXPECT_EQ(mqlcl_measure_peak(ctx.h, 9, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "MQLCL_PEAK_MMA_INT8 8"));
}

}  // namespace
