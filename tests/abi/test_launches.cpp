// Launches that do not wait (mqlcl_enqueue, the terminal's CLExecute): the in-order chain,
// arguments taken at the enqueue, frees while queued, the state of a launch, and a failure the
// device reports later returned once, by the right call, naming the launch. Failures are made
// with mqlcl_test_control (the context's Nth launch waits on an event set to a failure: what a
// device fault looks like, on any driver).
#include <chrono>
#include <cstring>
#include <thread>

#include "support.hpp"

namespace {

const char16_t* const kSource =
    u"__kernel void add(__global float* x, float v) { x[get_global_id(0)] += v; }\n"
    u"__kernel void spin(__global float* x, int n) {\n"
    u"  float s = x[get_global_id(0)];\n"
    u"  for (int i = 0; i < n; ++i) s = s * 0.999f + 0.5f;\n"
    u"  x[get_global_id(0)] = s;\n"
    u"}\n";
constexpr int kItems = 1024;

// A context with the program, the kernel "add" and a buffer of kItems zeros bound to it.
struct Chain {
  explicit Chain(int ctx_handle) : ctx(ctx_handle) {
    program = mqlcl_program(ctx, kSource, u"");
    EXPECT_GT(program, 0) << t::message();
    add = mqlcl_kernel(program, u"add");
    EXPECT_GT(add, 0) << t::message();
    buffer = mqlcl_buffer(ctx, kItems * 4, MQLCL_MEM_READ_WRITE);
    EXPECT_GT(buffer, 0) << t::message();
    const std::vector<float> zeros(kItems, 0.0f);
    EXPECT_EQ(mqlcl_buffer_write_float(buffer, zeros.data(), 0, kItems), kItems) << t::message(buffer);
    EXPECT_EQ(mqlcl_arg_mem(add, 0, buffer), MQLCL_OK) << t::message(add);
    EXPECT_EQ(mqlcl_arg_float(add, 1, 1.0f), MQLCL_OK) << t::message(add);
  }
  int enqueue() const {
    const unsigned g[1] = {kItems};
    return mqlcl_enqueue(add, 1, nullptr, 0, g, 1, nullptr, 0);
  }
  std::vector<float> read(int* rc = nullptr) const {
    std::vector<float> out(kItems, -1.0f);
    const int r = mqlcl_buffer_read_float(buffer, out.data(), 0, kItems);
    if (rc) *rc = r;
    return out;
  }
  int ctx, program = 0, add = 0, buffer = 0;
};

// Whether every element equals v.
::testing::AssertionResult all_equal(const std::vector<float>& x, float v) {
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] != v) return ::testing::AssertionFailure() << "x[" << i << "] = " << x[i] << ", expected " << v;
  return ::testing::AssertionSuccess();
}

// The kernel's state once it is no longer queued, submitted or running (polled for a
// minute at most: the state must move without a wait).
int status_when_ended(int kernel) {
  int s = MQLCL_STATUS_QUEUED;
  for (int i = 0; i < 60000 && s > 0; ++i) {
    s = mqlcl_kernel_status(kernel);
    if (s > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return s;
}

// A context whose Nth launch fails on the device, the fault losing what `loses` says
// (MQLCL_TEST_FAULT_LOSES).
struct FailingCtx {
  explicit FailingCtx(int nth, int loses = 0) {
    h = mqlcl_create(t::device());
    EXPECT_GT(h, 0) << t::message();
    EXPECT_EQ(mqlcl_test_control(h, MQLCL_TEST_FAULT_LOSES, loses), MQLCL_OK) << t::message(h);
    EXPECT_EQ(mqlcl_test_control(h, MQLCL_TEST_FAIL_LAUNCH, nth), MQLCL_OK) << t::message(h);
  }
  ~FailingCtx() { mqlcl_free(h); }
  int h = 0;
};

}  // namespace

TEST(Launches, ChainOfEnqueuesThenOneRead) {
  t::Ctx ctx;
  Chain c(ctx.h);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(c.enqueue(), MQLCL_OK) << t::message(c.add);
  int rc = 0;
  EXPECT_TRUE(all_equal(c.read(&rc), 100.0f));
  EXPECT_EQ(rc, kItems) << t::message(c.buffer);
  EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_STATUS_COMPLETE);
}

TEST(Launches, SameBitsAsWaitingLaunches) {
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, kSource, u"");
  ASSERT_GT(p, 0) << t::message();
  const int spin = mqlcl_kernel(p, u"spin");
  const std::vector<float> start = t::random_floats(kItems, 7);
  std::vector<float> queued(kItems), waited(kItems);
  for (int waiting = 0; waiting < 2; ++waiting) {
    const int b = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
    ASSERT_EQ(mqlcl_buffer_write_float(b, start.data(), 0, kItems), kItems);
    ASSERT_EQ(mqlcl_arg_mem(spin, 0, b), MQLCL_OK);
    const unsigned g[1] = {kItems};
    const int gi[1] = {kItems};
    for (int n = 1; n <= 20; ++n) {
      ASSERT_EQ(mqlcl_arg_int(spin, 1, n), MQLCL_OK);
      ASSERT_EQ(waiting ? mqlcl_run(spin, 1, gi, 1, nullptr, 0) : mqlcl_enqueue(spin, 1, nullptr, 0, g, 1, nullptr, 0),
                MQLCL_OK)
          << t::message(spin);
    }
    ASSERT_EQ(mqlcl_buffer_read_float(b, (waiting ? waited : queued).data(), 0, kItems), kItems);
    mqlcl_free(b);
  }
  EXPECT_EQ(std::memcmp(queued.data(), waited.data(), kItems * sizeof(float)), 0);
  EXPECT_NE(queued, start);
}

TEST(Launches, TimedAndUntimedLaunchesKeepTheirOrder) {
  // Timed launches go on the profiling queue, untimed ones and the copies on the plain one:
  // x = 2x + 1 (timed) and x = 3x (untimed) alternated give one exact sequence only in order.
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h,
                              u"__kernel void twice_plus_one(__global float* x) { x[get_global_id(0)] = 2.0f * x[get_global_id(0)] + 1.0f; }\n"
                              u"__kernel void thrice(__global float* x) { x[get_global_id(0)] *= 3.0f; }\n",
                              u"");
  ASSERT_GT(p, 0) << t::message();
  const int timed = mqlcl_kernel(p, u"twice_plus_one"), untimed = mqlcl_kernel(p, u"thrice");
  const int b = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
  const std::vector<float> zeros(kItems, 0.0f);
  ASSERT_EQ(mqlcl_buffer_write_float(b, zeros.data(), 0, kItems), kItems);
  ASSERT_EQ(mqlcl_arg_mem(timed, 0, b), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(untimed, 0, b), MQLCL_OK);
  ASSERT_EQ(mqlcl_kernel_timing(timed, 1), MQLCL_OK);
  const unsigned g[1] = {kItems};
  const int gi[1] = {kItems};
  double expected = 0;
  for (int i = 0; i < 6; ++i) {
    ASSERT_EQ(mqlcl_enqueue(timed, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
    ASSERT_EQ(mqlcl_enqueue(untimed, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
    expected = 3 * (2 * expected + 1);
  }
  ASSERT_EQ(mqlcl_run(timed, 1, gi, 1, nullptr, 0), MQLCL_OK);  // waits, on the profiling queue
  ASSERT_EQ(mqlcl_enqueue(untimed, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
  expected = 3 * (2 * expected + 1);
  std::vector<float> out(kItems);
  ASSERT_EQ(mqlcl_buffer_read_float(b, out.data(), 0, kItems), kItems) << t::message(b);
  EXPECT_TRUE(all_equal(out, static_cast<float>(expected)));
  EXPECT_GT(mqlcl_last_kernel_ms(timed), 0.0) << t::message(timed);
  EXPECT_EQ(mqlcl_kernel_status(untimed), MQLCL_STATUS_COMPLETE);
}

TEST(Launches, GemmOnBuffersSeesQueuedLaunches) {
  // A queued launch writes A; the GEMM on the buffers (the profiling queue) reads it after.
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void fill(__global float* x, float v) { x[get_global_id(0)] = v; }", u"");
  const int fill = mqlcl_kernel(p, u"fill");
  const int n = 16;
  const int a = mqlcl_buffer(ctx.h, n * n * 4, MQLCL_MEM_READ_WRITE), bb = mqlcl_buffer(ctx.h, n * n * 4, MQLCL_MEM_READ_WRITE),
            c = mqlcl_buffer(ctx.h, n * n * 4, MQLCL_MEM_READ_WRITE);
  const unsigned g[1] = {n * n};
  ASSERT_EQ(mqlcl_arg_mem(fill, 0, a), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_float(fill, 1, 0.5f), MQLCL_OK);
  ASSERT_EQ(mqlcl_enqueue(fill, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_mem(fill, 0, bb), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_float(fill, 1, 2.0f), MQLCL_OK);
  ASSERT_EQ(mqlcl_enqueue(fill, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
  ASSERT_EQ(mqlcl_sgemm_buffers(ctx.h, MQLCL_GEMM_EXACT, n, n, n, 1.0f, a, 0, n, bb, 0, n, 0.0f, c, 0, n), MQLCL_OK)
      << t::message(ctx.h);
  std::vector<float> out(n * n);
  ASSERT_EQ(mqlcl_buffer_read_float(c, out.data(), 0, n * n), n * n);
  EXPECT_TRUE(all_equal(out, 0.5f * 2.0f * n));
}

TEST(Launches, ArgumentsTakenAtTheEnqueue) {
  t::Ctx ctx;
  Chain c(ctx.h);
  // Each launch adds the value set before it; the later sets change no launch queued before.
  const float values[4] = {1.0f, 10.0f, 100.0f, 1000.0f};
  for (float v : values) {
    ASSERT_EQ(mqlcl_arg_float(c.add, 1, v), MQLCL_OK);
    ASSERT_EQ(c.enqueue(), MQLCL_OK) << t::message(c.add);
  }
  ASSERT_EQ(mqlcl_arg_float(c.add, 1, -5.0f), MQLCL_OK);
  // A second buffer bound after the launches: they still write the first one.
  const int other = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(c.add, 0, other), MQLCL_OK);
  EXPECT_TRUE(all_equal(c.read(), 1111.0f));
}

TEST(Launches, FreesWhileQueuedAreSafe) {
  t::Ctx ctx;
  Chain c(ctx.h);
  const int spin = mqlcl_kernel(c.program, u"spin");
  ASSERT_GT(spin, 0);
  const int scratch = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(spin, 0, scratch), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(spin, 1, 20000), MQLCL_OK);
  const unsigned g[1] = {kItems};
  for (int i = 0; i < 4; ++i) ASSERT_EQ(mqlcl_enqueue(spin, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  // The kernels, their program and a buffer they use go while the launches are queued.
  EXPECT_EQ(mqlcl_free(spin), MQLCL_OK);
  EXPECT_EQ(mqlcl_free(scratch), MQLCL_OK);
  EXPECT_EQ(mqlcl_free(c.add), MQLCL_OK);
  EXPECT_EQ(mqlcl_free(c.program), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  EXPECT_TRUE(all_equal(c.read(), 1.0f));
  EXPECT_EQ(mqlcl_finish(spin), MQLCL_ERR_HANDLE);
}

// A buffer rebound while launches that use it are queued, its handle then freed: the launches
// still run on it (the kernel retires it until they complete), the later ones on the new one.
TEST(Launches, RebindingAndFreeingWhileQueuedIsSafe) {
  t::Ctx ctx;
  Chain c(ctx.h);
  const int baseline = mqlcl_handle_count();
  const int spin = mqlcl_kernel(c.program, u"spin");
  ASSERT_GT(spin, 0);
  const int scratch = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
  ASSERT_EQ(mqlcl_arg_mem(spin, 0, scratch), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(spin, 1, 20000), MQLCL_OK);
  const unsigned g[1] = {kItems};
  const int first = mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
  const std::vector<float> zeros(kItems, 0.0f);
  ASSERT_EQ(mqlcl_buffer_write_float(first, zeros.data(), 0, kItems), kItems);
  for (int round = 0; round < 3; ++round) {
    // The device busy, then launches on `first`; rebound to the chain's buffer, `first` freed.
    for (int i = 0; i < 2; ++i) ASSERT_EQ(mqlcl_enqueue(spin, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
    const int used = round == 0 ? first : mqlcl_buffer(ctx.h, kItems * 4, MQLCL_MEM_READ_WRITE);
    ASSERT_EQ(mqlcl_arg_mem(c.add, 0, used), MQLCL_OK);
    for (int i = 0; i < 3; ++i) ASSERT_EQ(c.enqueue(), MQLCL_OK) << t::message(c.add);
    ASSERT_EQ(mqlcl_arg_mem(c.add, 0, c.buffer), MQLCL_OK);
    ASSERT_EQ(mqlcl_free(used), MQLCL_OK);
    EXPECT_EQ(mqlcl_arg_mem(c.add, 0, used), MQLCL_ERR_HANDLE);
    ASSERT_EQ(c.enqueue(), MQLCL_OK) << t::message(c.add);
  }
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  EXPECT_TRUE(all_equal(c.read(), 3.0f));  // one launch a round on the chain's buffer
  EXPECT_EQ(mqlcl_free(scratch), MQLCL_OK);
  EXPECT_EQ(mqlcl_free(spin), MQLCL_OK);
  EXPECT_EQ(mqlcl_handle_count(), baseline);
}

TEST(Launches, StatusOfTheLastLaunch) {
  t::Ctx ctx;
  Chain c(ctx.h);
  EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_STATUS_COMPLETE) << "a kernel never launched";
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  // Without waiting the state only moves forward: queued 3, submitted 2, running 1, complete 0.
  int previous = MQLCL_STATUS_QUEUED;
  for (int i = 0; i < 60000 && previous != MQLCL_STATUS_COMPLETE; ++i) {
    const int s = mqlcl_kernel_status(c.add);
    ASSERT_GE(s, MQLCL_STATUS_COMPLETE) << t::message(c.add);
    ASSERT_LE(s, previous);
    previous = s;
    if (s != MQLCL_STATUS_COMPLETE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(previous, MQLCL_STATUS_COMPLETE) << "polled for a minute";
  EXPECT_EQ(mqlcl_finish(c.add), MQLCL_OK);
  EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_STATUS_COMPLETE);
  // Not timed unless asked: no event, so no time.
  EXPECT_EQ(mqlcl_last_kernel_ms(c.add), MQLCL_ERR_UNSUPPORTED);
  EXPECT_TRUE(t::mentions(c.add, "mqlcl_kernel_timing"));
  EXPECT_EQ(mqlcl_kernel_status(c.buffer), MQLCL_ERR_HANDLE);
  EXPECT_EQ(mqlcl_kernel_timing(c.add, 2), MQLCL_ERR_ARGUMENT);
}

TEST(Launches, KernelTimeOfAQueuedLaunch) {
  t::Ctx ctx;
  Chain c(ctx.h);
  const int spin = mqlcl_kernel(c.program, u"spin");
  ASSERT_EQ(mqlcl_arg_mem(spin, 0, c.buffer), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_int(spin, 1, 5000), MQLCL_OK);
  ASSERT_EQ(mqlcl_kernel_timing(spin, 1), MQLCL_OK);
  const unsigned g[1] = {kItems};
  ASSERT_EQ(mqlcl_enqueue(spin, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_OK);
  // Asked at once: read from the launch's profiling event once it has ended.
  EXPECT_GT(mqlcl_last_kernel_ms(spin), 0.0) << t::message(spin);
  EXPECT_EQ(mqlcl_last_launches(spin), 1);
  EXPECT_EQ(mqlcl_kernel_status(spin), MQLCL_STATUS_COMPLETE);
}

TEST(Launches, DeviceFailureReturnedOnceByTheNextRead) {
  FailingCtx ctx(3);
  t::Ctx other;  // another context's calls never see it
  Chain c(ctx.h), o(other.h);
  for (int i = 0; i < 5; ++i) ASSERT_EQ(c.enqueue(), MQLCL_OK) << "a launch is queued; it fails later";
  ASSERT_EQ(o.enqueue(), MQLCL_OK);
  int rc = 0;
  EXPECT_TRUE(all_equal(o.read(&rc), 1.0f));
  EXPECT_EQ(rc, kItems);
  c.read(&rc);
  EXPECT_EQ(rc, MQLCL_ERR_LAUNCH);
  EXPECT_TRUE(t::mentions(c.buffer, "kernel \"add\" over 1024"));
  EXPECT_TRUE(t::mentions(c.buffer, "failed on the device"));
  // Returned once: the next wait is clean, the context goes on.
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  c.read(&rc);
  EXPECT_EQ(rc, kItems) << t::message(c.buffer);
}

TEST(Launches, DeviceFailureReturnedByFinishAndByWaitingLaunches) {
  {
    FailingCtx ctx(1);
    Chain c(ctx.h);
    ASSERT_EQ(c.enqueue(), MQLCL_OK);
    EXPECT_EQ(mqlcl_finish(c.program), MQLCL_ERR_LAUNCH);
    EXPECT_TRUE(t::mentions(c.program, "kernel \"add\""));
    EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK);
  }
  {
    FailingCtx ctx(1);
    Chain c(ctx.h);
    ASSERT_EQ(c.enqueue(), MQLCL_OK);
    const int g[1] = {kItems};
    EXPECT_EQ(mqlcl_run(c.add, 1, g, 1, nullptr, 0), MQLCL_ERR_LAUNCH);
    EXPECT_TRUE(t::mentions(c.add, "queued without waiting"));
    EXPECT_EQ(mqlcl_run(c.add, 1, g, 1, nullptr, 0), MQLCL_OK) << t::message(c.add);
  }
}

// MQLCL_HINFO_DEVICE_LOST: 0 for a context that works, a failed launch included (the simulated
// fault alone); 1 once the fault took the OpenCL context (simulated: as NVIDIA's driver then
// fails every call of it), for every handle of the context and every context sharing it, and for
// none other.
TEST(Launches, ALostContextIsToldFromOneThatWorks) {
  FailingCtx plain(1);
  FailingCtx losing(2, 1);
  const int sharing = mqlcl_context_share(losing.h);
  ASSERT_GT(sharing, 0) << t::message();
  t::Ctx other;
  Chain p(plain.h), l(losing.h);
  for (const Chain* c : {&p, &l}) {
    EXPECT_EQ(mqlcl_handle_info(c->ctx, MQLCL_HINFO_DEVICE_LOST), 0);
    ASSERT_EQ(c->enqueue(), MQLCL_OK);
  }
  EXPECT_EQ(mqlcl_finish(plain.h), MQLCL_ERR_LAUNCH);
  EXPECT_EQ(mqlcl_handle_info(plain.h, MQLCL_HINFO_DEVICE_LOST), 0) << "a failed launch alone loses nothing";
  EXPECT_EQ(mqlcl_finish(losing.h), MQLCL_OK) << "its first launch is sound";
  EXPECT_EQ(mqlcl_handle_info(losing.h, MQLCL_HINFO_DEVICE_LOST), 0);
  ASSERT_EQ(l.enqueue(), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(losing.h), MQLCL_ERR_LAUNCH);
  for (int h : {losing.h, l.buffer, l.add, l.program, sharing})
    EXPECT_EQ(mqlcl_handle_info(h, MQLCL_HINFO_DEVICE_LOST), 1) << h;
  for (int h : {plain.h, p.buffer, other.h}) EXPECT_EQ(mqlcl_handle_info(h, MQLCL_HINFO_DEVICE_LOST), 0) << h;
  EXPECT_EQ(mqlcl_handle_info(999999, MQLCL_HINFO_DEVICE_LOST), MQLCL_ERR_HANDLE);
  mqlcl_free(sharing);
}

// The tests' hook counts from the call that sets it, 0 takes it back, and a bad call is told why.
TEST(Launches, TheTestControlCountsFromNowAndRefusesWhatItDoesNotKnow) {
  t::Ctx ctx;
  Chain c(ctx.h);
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  ASSERT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_FAIL_LAUNCH, 2), MQLCL_OK);
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << "the first launch from the call is sound";
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_ERR_LAUNCH) << "the second fails";
  ASSERT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_FAIL_LAUNCH, 1), MQLCL_OK);
  ASSERT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_FAIL_LAUNCH, 0), MQLCL_OK);
  ASSERT_EQ(c.enqueue(), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << "0 takes the failing launch back";
  EXPECT_EQ(mqlcl_test_control(ctx.h, 6, 1), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "test control 6 does not exist"));
  EXPECT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_FAIL_LAUNCH, -1), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "not -1"));
  EXPECT_EQ(mqlcl_test_control(ctx.h, MQLCL_TEST_FAULT_LOSES, 3), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(ctx.h, "MQLCL_TEST_FAULT_LOSES takes 0"));
  EXPECT_EQ(mqlcl_test_control(c.buffer, MQLCL_TEST_FAIL_LAUNCH, 1), MQLCL_ERR_HANDLE) << "a buffer is not a context";
  EXPECT_EQ(mqlcl_test_control(999999, MQLCL_TEST_FAIL_LAUNCH, 1), MQLCL_ERR_HANDLE);
}

TEST(Launches, DeviceFailureReturnedByTheKernelStatus) {
  for (int timed = 0; timed < 2; ++timed) {
    FailingCtx ctx(2);
    Chain c(ctx.h);
    ASSERT_EQ(mqlcl_kernel_timing(c.add, timed), MQLCL_OK);
    ASSERT_EQ(c.enqueue(), MQLCL_OK);
    ASSERT_EQ(c.enqueue(), MQLCL_OK);
    const int s = status_when_ended(c.add);
    ASSERT_EQ(s, MQLCL_ERR_LAUNCH) << "status " << s;
    EXPECT_TRUE(t::mentions(c.add, "kernel \"add\" over 1024")) << "timed " << timed;
    // The state stays failed; the failure is not returned again by the context's next wait.
    EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_ERR_LAUNCH);
    EXPECT_EQ(mqlcl_last_kernel_ms(c.add), MQLCL_ERR_LAUNCH);
    EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
    ASSERT_EQ(c.enqueue(), MQLCL_OK);
    EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK);
    EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_STATUS_COMPLETE);
  }
}

TEST(Launches, LongChainsKeepTheirStateWithMarkers) {
  // Past the markers' spacing, and a failure deep in the chain named by its own launch.
  FailingCtx ctx(700);
  Chain c(ctx.h);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(c.enqueue(), MQLCL_OK);
  int rc = 0;
  c.read(&rc);
  EXPECT_EQ(rc, MQLCL_ERR_LAUNCH);
  EXPECT_TRUE(t::mentions(c.buffer, "kernel \"add\" over 1024"));
  for (int i = 0; i < 600; ++i) ASSERT_EQ(c.enqueue(), MQLCL_OK);
  EXPECT_EQ(mqlcl_finish(ctx.h), MQLCL_OK) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_kernel_status(c.add), MQLCL_STATUS_COMPLETE);
}

TEST(Launches, RefusedLikeWaitingLaunches) {
  t::Ctx ctx;
  Chain c(ctx.h);
  const unsigned g[2] = {kItems, 1}, l[1] = {7};
  EXPECT_EQ(mqlcl_enqueue(c.add, 0, nullptr, 0, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_enqueue(c.add, 2, nullptr, 0, g, 1, nullptr, 0), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_enqueue(c.add, 1, nullptr, 0, g, 1, l, 1), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_EQ(mqlcl_enqueue(c.buffer, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_ERR_HANDLE);
  const int fresh = mqlcl_kernel(c.program, u"add");
  EXPECT_EQ(mqlcl_enqueue(fresh, 1, nullptr, 0, g, 1, nullptr, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(fresh, "never set"));
  EXPECT_EQ(mqlcl_finish(-5), MQLCL_ERR_HANDLE);
}
