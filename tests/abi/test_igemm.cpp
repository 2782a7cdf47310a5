// The INT8 tensor-core GEMM (kernels/gemm/igemm_tensor.cl), the exact integer product the
// Ozaki scheme builds on, where it cannot run natively (PoCL, CI): built with -DEMULATE_PTX
// (mma.sync s8 and cp.async replaced by plain OpenCL C with the PTX fragment layouts) through
// the generic layer, every engine order and k-tile, against the exact int64 product.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/embedded_kernels.hpp"
#include "support.hpp"

namespace {

struct IgemmTiles {
  int bm, bn, bk, wm, wn, stages, fragment_sets;
  int threads() const { return 32 * (bm / wm) * (bn / wn); }
  std::string options() const {
    return "-DEMULATE_PTX -cl-opt-disable -DGROUP_M=2 -DBM=" + std::to_string(bm) + " -DBN=" + std::to_string(bn) +
           " -DBK=" + std::to_string(bk) + " -DWM=" + std::to_string(wm) + " -DWN=" + std::to_string(wn) +
           " -DSTAGES=" + std::to_string(stages) + " -DFRAGMENT_SETS=" + std::to_string(fragment_sets);
  }
};

int round_up(int x, int to) { return (x + to - 1) / to * to; }

// C (m x n, ldc = n + 3, its padding and C poisoned first) = A (m x k) B (k x n) from int8
// lines padded with zeros; `value(r, c, which)` gives A's (which 0) and B's (1) elements.
template <class Value>
void check_product(int ctx, const IgemmTiles& tl, int m, int n, int k, Value value) {
  const int p = mqlcl_program(ctx, t::ascii16(mqlcl::embedded_kernel("gemm/igemm_tensor.cl")).c_str(),
                              t::ascii16(tl.options()).c_str());
  ASSERT_GT(p, 0) << tl.options() << ": " << t::message(ctx);
  const int kernel = mqlcl_kernel(p, u"igemm_tensor");
  ASSERT_GT(kernel, 0) << t::message();
  const int kp = round_up(k, 4 * tl.bk), mp = round_up(m, tl.bm), np = round_up(n, tl.bn), ldc = n + 3;
  std::vector<int8_t> a(static_cast<size_t>(mp) * kp, 0), b(static_cast<size_t>(np) * kp, 0);
  std::vector<int64_t> exact(static_cast<size_t>(m) * n, 0);
  for (int i = 0; i < m; ++i)
    for (int kk = 0; kk < k; ++kk) a[static_cast<size_t>(i) * kp + kk] = value(i, kk, 0);
  for (int j = 0; j < n; ++j)
    for (int kk = 0; kk < k; ++kk) b[static_cast<size_t>(j) * kp + kk] = value(kk, j, 1);  // B's column j: line j
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int kk = 0; kk < k; ++kk)
        exact[static_cast<size_t>(i) * n + j] +=
            int64_t{a[static_cast<size_t>(i) * kp + kk]} * int64_t{b[static_cast<size_t>(j) * kp + kk]};
  constexpr int kPoison = 0x7f7f7f7f;
  std::vector<int> c(static_cast<size_t>(m) * ldc, kPoison);
  const int ba = mqlcl_buffer(ctx, static_cast<long long>(a.size()), MQLCL_MEM_READ_ONLY);
  const int bb = mqlcl_buffer(ctx, static_cast<long long>(b.size()), MQLCL_MEM_READ_ONLY);
  const int bc = mqlcl_buffer(ctx, 4LL * static_cast<long long>(c.size()), MQLCL_MEM_READ_WRITE);
  ASSERT_TRUE(ba > 0 && bb > 0 && bc > 0) << t::message(ctx);
  const int na = static_cast<int>(a.size()), nb = static_cast<int>(b.size()), nc = static_cast<int>(c.size());
  ASSERT_EQ(mqlcl_buffer_write_bytes(ba, 0, a.data(), na, 1, 0, na), na) << t::message(ba);
  ASSERT_EQ(mqlcl_buffer_write_bytes(bb, 0, b.data(), nb, 1, 0, nb), nb) << t::message(bb);
  ASSERT_EQ(mqlcl_buffer_write_int(bc, c.data(), 0, nc), nc);
  const int ints[] = {m, n, kp / (4 * tl.bk)};
  for (int i = 0; i < 3; ++i) ASSERT_EQ(mqlcl_arg_int(kernel, i, ints[i]), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 3, ba), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 4, bb), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(kernel, 5, kp / 16), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(kernel, 6, bc), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(kernel, 7, ldc), MQLCL_OK);
  const int global[1] = {(mp / tl.bm) * (np / tl.bn) * tl.threads()}, local[1] = {tl.threads()};
  // The emulation keeps fragments in __local too: beyond a GPU's 48 KiB the launch is refused
  // naming both sizes, never run.
  if (mqlcl_kernel_info(kernel, MQLCL_KINFO_LOCAL_MEM_SIZE) > mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE)) {
    EXPECT_EQ(mqlcl_run(kernel, 1, global, 1, local, 1), MQLCL_ERR_LOCAL_SIZE) << tl.options();
  } else {
    ASSERT_EQ(mqlcl_run(kernel, 1, global, 1, local, 1), MQLCL_OK) << tl.options() << ": " << t::message(kernel);
    ASSERT_EQ(mqlcl_buffer_read_int(bc, c.data(), 0, nc), nc);
    int bad = 0;
    for (int i = 0; i < m && bad < 5; ++i)
      for (int j = 0; j < ldc && bad < 5; ++j) {
        const int got = c[static_cast<size_t>(i) * ldc + j];
        const int64_t want = j < n ? exact[static_cast<size_t>(i) * n + j] : int64_t{kPoison};
        if (got != want)
          ++bad, ADD_FAILURE() << tl.options() << " " << m << "x" << n << "x" << k << " C(" << i << "," << j << ") = " << got
                               << ", exact " << want;
      }
  }
  for (int h : {ba, bb, bc, kernel, p}) EXPECT_EQ(mqlcl_free(h), MQLCL_OK);
}

// Both engine orders (fragments double-buffered or read before their mma), one, two and four
// slices per k-tile (BK 8, 16, 32), pipelines 2 to 5 deep, odd shapes (partial blocks, k not a
// multiple of a k-tile), random int8 values over the whole range: exactly the int64 product.
TEST(IgemmKernel, EmulatedProductIsExactOnEveryTiling) {
  t::Ctx ctx;
  std::mt19937 rng(41);
  std::uniform_int_distribution<int> byte(-128, 127);
  std::vector<int8_t> pool(1 << 16);
  for (auto& v : pool) v = static_cast<int8_t>(byte(rng));
  const auto random = [&](int r, int c, int which) {
    return pool[(static_cast<size_t>(r) * 7919u + static_cast<size_t>(c) * 104729u + static_cast<size_t>(which) * 31u) % pool.size()];
  };
  const IgemmTiles tilings[] = {{64, 64, 16, 32, 32, 2, 2}, {64, 64, 8, 32, 32, 5, 2}, {64, 64, 32, 32, 32, 2, 1},
                                {64, 32, 16, 32, 32, 3, 1}};
  for (const IgemmTiles& tl : tilings) check_product(ctx.h, tl, 97, 61, 131, random);
  check_product(ctx.h, tilings[0], 1, 1, 1, random);
}

// The extremes: -128 * -128 summed over a long k (2^14 * 2047 = 33 538 048), and alternating
// signs that cancel to 0: no partial sum wraps, nothing is lost.
TEST(IgemmKernel, ExtremeValuesSumExactly) {
  t::Ctx ctx;
  const IgemmTiles tl{64, 64, 16, 32, 32, 2, 2};
  check_product(ctx.h, tl, 3, 5, 2047, [](int, int, int) { return int8_t{-128}; });
  check_product(ctx.h, tl, 4, 4, 640, [](int r, int c, int which) {
    return static_cast<int8_t>(which == 0 ? ((r + c) % 2 ? 127 : -127) : 127);
  });
}

}  // namespace
