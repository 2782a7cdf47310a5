// Several threads on one loaded library: their own contexts, one shared context, and
// create/free cycles that leave no handle behind, also while a context is freed under them.
#include <atomic>
#include <mutex>
#include <thread>

#include "support.hpp"

namespace {

// Runs `stage` on a fresh random product in ctx and checks every element.
bool product_ok(int ctx, int stage, int m, int k, int n, unsigned seed) {
  const auto a = t::random_floats(static_cast<size_t>(m) * k, seed), b = t::random_floats(static_cast<size_t>(k) * n, seed + 1);
  std::vector<double> exact, scale;
  t::reference_matmul(a, b, m, k, n, exact, scale);
  std::vector<float> c(static_cast<size_t>(m) * n, -1.0f);
  if (mqlcl_upload(ctx, MQLCL_SLOT_A, a.data(), static_cast<int>(a.size())) < 0) return false;
  if (mqlcl_upload(ctx, MQLCL_SLOT_B, b.data(), static_cast<int>(b.size())) < 0) return false;
  if (mqlcl_matmul(ctx, stage, m, k, n, 0, 0, 0) != MQLCL_OK) return false;
  if (mqlcl_read(ctx, MQLCL_SLOT_C, c.data(), static_cast<int>(c.size())) < 0) return false;
  for (size_t i = 0; i < c.size(); ++i)
    if (!t::close_to(exact[i], scale[i], c[i], k)) return false;
  return true;
}

TEST(Threads, EachWithItsOwnContext) {
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([i, &failures] {
      const int ctx = mqlcl_create(t::device());
      if (ctx <= 0) {
        ++failures;
        return;
      }
      for (int rep = 0; rep < 3; ++rep)
        if (!product_ok(ctx, 1 + (i + rep) % 9, 19 + i, 23, 17 + rep, static_cast<unsigned>(100 * i + rep))) ++failures;
      if (mqlcl_free(ctx) != MQLCL_OK) ++failures;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(Threads, SharingOneContext) {
  // One context's slots are shared state: a thread's upload-run-read is only meaningful
  // under the caller's own lock, as with any shared object. The library must stay
  // consistent under unsynchronised use; results are checked under a caller lock.
  t::Ctx ctx;
  std::mutex caller_lock;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      for (int rep = 0; rep < 3; ++rep) {
        {
          std::lock_guard<std::mutex> lock(caller_lock);
          if (!product_ok(ctx.h, 3 + i, 16, 16 + rep, 16, static_cast<unsigned>(7 * i + rep))) ++failures;
        }
        // Unsynchronised calls on the shared context must not crash or corrupt it.
        float junk[4] = {1, 2, 3, 4};
        mqlcl_upload(ctx.h, MQLCL_SLOT_X, junk, 4);
        mqlcl_last_kernel_ms(ctx.h);
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_TRUE(product_ok(ctx.h, 9, 8, 8, 8, 5));
}

TEST(Threads, CreateFreeCyclesLeaveNoHandles) {
  const int before = mqlcl_handle_count();
  for (int i = 0; i < 200; ++i) {
    const int ctx = mqlcl_create(t::device());
    ASSERT_GT(ctx, 0);
    const int b = mqlcl_buffer(ctx, 256, MQLCL_MEM_READ_WRITE);
    ASSERT_GT(b, 0);
    if (i % 2) {  // half freed explicitly, half with the context
      ASSERT_EQ(mqlcl_free(b), MQLCL_OK);
    }
    ASSERT_EQ(mqlcl_free(ctx), MQLCL_OK);
  }
  EXPECT_EQ(mqlcl_handle_count(), before);
}

// "Freeing a context frees every handle created from it" under concurrency: 4 threads create
// programs, kernels and buffers in a context while another thread frees it. Before, handles
// created during the free survived it (orphans that still accepted writes). The outcome is
// the invariant, whatever the interleaving: nothing of the context survives, and every handle
// a creator got back is dead afterwards.
TEST(Threads, FreeingAContextWhileOthersCreateInIt) {
  const int baseline = mqlcl_handle_count();
  const char16_t* src = u"__kernel void k(__global float* x, int n) { x[get_global_id(0)] = n; }";
  for (int round = 0; round < 20; ++round) {
    const int ctx = mqlcl_create(t::device());
    ASSERT_GT(ctx, 0) << t::message();
    std::atomic<int> created{0};
    std::mutex made_lock;
    std::vector<int> made, buffers;
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
      threads.emplace_back([&] {
        // Until creation fails because the context is gone (bounded, should the free not come).
        for (int rep = 0; rep < 100000; ++rep) {
          const int p = mqlcl_program(ctx, src, u"");
          const int k = p > 0 ? mqlcl_kernel(p, u"k") : p;
          const int b = mqlcl_buffer(ctx, 64, MQLCL_MEM_READ_WRITE);
          {
            std::lock_guard<std::mutex> lock(made_lock);
            for (int h : {p, k, b})
              if (h > 0) made.push_back(h);
            if (b > 0) buffers.push_back(b);
          }
          created += (p > 0) + (k > 0) + (b > 0);
          if (b == MQLCL_ERR_HANDLE) return;
        }
      });
    threads.emplace_back([&] {
      while (created.load() < 6) std::this_thread::yield();  // the free lands among the creations
      EXPECT_EQ(mqlcl_free(ctx), MQLCL_OK);
    });
    for (auto& th : threads) th.join();
    ASSERT_EQ(mqlcl_handle_count(), baseline) << "round " << round << ": handles of a freed context survived";
    const float x[1] = {1.0f};
    for (int b : buffers) ASSERT_EQ(mqlcl_buffer_write_float(b, x, 0, 1), MQLCL_ERR_HANDLE) << "round " << round;
    for (int h : made) ASSERT_EQ(mqlcl_free(h), MQLCL_ERR_HANDLE) << "round " << round;
  }
}

// An argument set holds the kernel's own lock, not its context's: while one thread rebinds a
// kernel's buffer argument, another launches the kernel; every launch must see one whole
// binding (x[0] += 1 in one buffer or the other), so the two buffers' sums count the launches.
TEST(Threads, ArgumentSetsBesideLaunchesOfTheKernel) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x, int v) { x[get_global_id(0)] += v; }", u"");
  ASSERT_GT(p, 0) << t::message();
  const int k = mqlcl_kernel(p, u"k");
  ASSERT_GT(k, 0) << t::message();
  const int b[2] = {mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE), mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE)};
  const float zeros[4] = {0, 0, 0, 0};
  for (int h : b) ASSERT_EQ(mqlcl_buffer_write_float(h, zeros, 0, 4), 4) << t::message(h);
  ASSERT_EQ(mqlcl_arg_mem(k, 0, b[0]), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(k, 1, 1), MQLCL_OK);
  constexpr int kLaunches = 2000;
  std::atomic<bool> done{false};
  std::atomic<int> failures{0};
  std::thread rebinding([&] {
    for (int i = 0; !done.load(); ++i)
      if (mqlcl_arg_mem(k, 0, b[i & 1]) != MQLCL_OK || mqlcl_arg_int(k, 1, 1) != MQLCL_OK) ++failures;
  });
  const unsigned offset[1] = {0}, global[1] = {4};
  for (int i = 0; i < kLaunches; ++i)
    if (mqlcl_enqueue(k, 1, offset, 1, global, 1, nullptr, 0) != MQLCL_OK) ++failures;
  done = true;
  rebinding.join();
  ASSERT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  float x[2][4];
  for (int i = 0; i < 2; ++i) ASSERT_EQ(mqlcl_buffer_read_float(b[i], x[i], 0, 4), 4);
  EXPECT_EQ(failures.load(), 0);
  for (int j = 0; j < 4; ++j) EXPECT_EQ(x[0][j] + x[1][j], static_cast<float>(kLaunches)) << j;
}

// A buffer freed by another thread while a thread binds it, and the kernel freed under the
// binding thread: each call returns OK or MQLCL_ERR_HANDLE, never crashes; once freed, the
// handles are refused; the launches made before run on what they bound.
TEST(Threads, HandlesFreedWhileArgumentsAreSet) {
  const int baseline = mqlcl_handle_count();
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x, int v) { x[get_global_id(0)] += v; }", u"");
  ASSERT_GT(p, 0) << t::message();
  for (int round = 0; round < 10; ++round) {
    const int k = mqlcl_kernel(p, u"k");
    ASSERT_GT(k, 0) << t::message();
    std::vector<int> buffers;
    for (int i = 0; i < 16; ++i) buffers.push_back(mqlcl_buffer(ctx.h, 16, MQLCL_MEM_READ_WRITE));
    std::atomic<int> unexpected{0};
    std::atomic<bool> started{false};
    // Three threads on the kernel: its lock is taken free or busy, with the frees among them.
    const auto binding = [&] {
      const unsigned offset[1] = {0}, global[1] = {4};
      for (int i = 0; i < 20000; ++i) {
        const int rc = mqlcl_arg_mem(k, 0, buffers[static_cast<size_t>(i) % buffers.size()]);
        const int rv = mqlcl_arg_int(k, 1, 1);
        started = true;
        if (rc != MQLCL_OK && rc != MQLCL_ERR_HANDLE) ++unexpected;
        if (rv != MQLCL_OK && rv != MQLCL_ERR_HANDLE) ++unexpected;
        if (rv == MQLCL_ERR_HANDLE) return;  // the kernel is gone
        if (rc == MQLCL_OK && rv == MQLCL_OK && i % 64 == 0) {
          const int rl = mqlcl_enqueue(k, 1, offset, 1, global, 1, nullptr, 0);
          if (rl != MQLCL_OK && rl != MQLCL_ERR_HANDLE) ++unexpected;
        }
      }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < 3; ++i) threads.emplace_back(binding);
    while (!started.load()) std::this_thread::yield();
    for (int h : buffers) EXPECT_EQ(mqlcl_free(h), MQLCL_OK);
    EXPECT_EQ(mqlcl_free(k), MQLCL_OK);
    for (auto& th : threads) th.join();
    EXPECT_EQ(unexpected.load(), 0) << "round " << round;
    const int other = mqlcl_kernel(p, u"k");
    ASSERT_GT(other, 0) << t::message();
    for (int h : buffers) EXPECT_EQ(mqlcl_arg_mem(other, 0, h), MQLCL_ERR_HANDLE);
    EXPECT_EQ(mqlcl_arg_int(k, 1, 1), MQLCL_ERR_HANDLE);
    EXPECT_EQ(mqlcl_free(other), MQLCL_OK);
    EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  }
  EXPECT_EQ(mqlcl_free(p), MQLCL_OK);
  EXPECT_EQ(mqlcl_handle_count(), baseline + 1);  // the context alone
}

}  // namespace
