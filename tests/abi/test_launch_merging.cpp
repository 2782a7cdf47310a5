// The same launch of several contexts run as one (dll/src/generic/launch_merging, as the GPU server
// runs its clients'): in this process, with contexts shared from one (mqlcl_context_share) and
// MQLCL_TEST_MERGE_LAUNCHES gathering two launches, so that a merge happens on any machine. The
// reference is the same work in a context of its own, never merged: the results must be the same
// bits, each context's launches and copies in its order, a fault told to each context whose
// launch was in the merged one, and what is not merged run as always.
#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "support.hpp"

// Named: the unity build compiles several test files as one.
namespace launch_merging_test {

const char16_t* const kSource =
    u"float scaled(float v, float a) { return tanh(v * a) + (float)get_work_dim(); }\n"
    u"__kernel void layer(__global const float* x, __global float* y, int width, float a) {\n"
    u"  const int c = get_global_id(0), r = get_global_id(1);\n"
    u"  y[r * width + c] = scaled(x[r * width + c], a) + (float)get_global_size(1) * 0.001f\n"
    u"                     + (float)get_global_size(2) + (float)get_global_id(2);\n"
    u"}\n"
    u"__kernel void shift(__global float* y, float b) {\n"
    u"  const size_t i = get_global_id(0);\n"
    u"  y[i] = y[i] * b + (float)get_global_id(1) + (float)get_num_groups(1) + (float)get_local_size(1);\n"
    u"}\n"
    u"__kernel void mirror(__global float* y, __local float* t) {\n"
    u"  const size_t l = get_local_id(0), g = get_global_id(0);\n"
    u"  t[l] = y[g];\n"
    u"  barrier(CLK_LOCAL_MEM_FENCE);\n"
    u"  y[g] = t[get_local_size(0) - 1 - l] + (float)get_group_id(0);\n"
    u"}\n"
    u"__kernel void cube(__global float* y) {\n"
    u"  y[get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))] += 1.0f;\n"
    u"}\n";
constexpr int kWidth = 48, kHeight = 8, kItems = kWidth * kHeight, kGroup = 16;

// Threads taking steps together (two unless told): each launch of one meets the others' in the room.
class Lockstep {
 public:
  explicit Lockstep(int threads = 2) : threads_(threads) {}
  void arrive() {
    std::unique_lock<std::mutex> lock(mutex_);
    const int phase = phase_;
    if (++arrived_ == threads_) {
      arrived_ = 0;
      ++phase_;
      cv_.notify_all();
      return;
    }
    cv_.wait(lock, [&] { return phase_ != phase; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int threads_, arrived_ = 0, phase_ = 0;
};

// One context's work: its program, kernels and buffers, the data drawn from `seed`.
struct Job {
  Job(int context, unsigned seed) : ctx(context), x(kItems) {
    program = mqlcl_program(ctx, kSource, u"");
    EXPECT_GT(program, 0) << t::message(ctx);
    for (const char16_t* name : {u"layer", u"shift", u"mirror", u"cube"}) {
      kernels.push_back(mqlcl_kernel(program, name));
      EXPECT_GT(kernels.back(), 0) << t::message(program);
    }
    in = mqlcl_buffer(ctx, kItems * 4, MQLCL_MEM_READ_WRITE);
    out = mqlcl_buffer(ctx, kItems * 4, MQLCL_MEM_READ_WRITE);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-2, 2);
    for (float& v : x) v = u(rng);
    a = 0.5f + static_cast<float>(seed % 7) * 0.25f;
  }
  ~Job() {
    for (int k : kernels) mqlcl_free(k);
    for (int h : {in, out, program}) mqlcl_free(h);
  }
  // The steps: a write, a 2D launch (the driver's work-groups) and two 1D launches (ours, one with
  // __local memory), each after the other; `between` after each launch.
  void run(Lockstep* between) {
    ASSERT_EQ(mqlcl_buffer_write_float(in, x.data(), 0, kItems), kItems) << t::message(in);
    ASSERT_EQ(mqlcl_arg_mem(kernels[0], 0, in), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_mem(kernels[0], 1, out), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_int(kernels[0], 2, kWidth), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_float(kernels[0], 3, a), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_mem(kernels[1], 0, out), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_float(kernels[1], 1, a * 0.5f), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_mem(kernels[2], 0, out), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_local(kernels[2], 1, kGroup * 4), MQLCL_OK);
    const unsigned plane[2] = {kWidth, kHeight}, line[1] = {kItems}, group[1] = {kGroup};
    ASSERT_EQ(mqlcl_enqueue(kernels[0], 2, nullptr, 0, plane, 2, nullptr, 0), MQLCL_OK) << t::message(kernels[0]);
    if (between) between->arrive();
    ASSERT_EQ(mqlcl_enqueue(kernels[1], 1, nullptr, 0, line, 1, group, 1), MQLCL_OK) << t::message(kernels[1]);
    if (between) between->arrive();
    ASSERT_EQ(mqlcl_enqueue(kernels[2], 1, nullptr, 0, line, 1, group, 1), MQLCL_OK) << t::message(kernels[2]);
    if (between) between->arrive();
  }
  std::vector<float> result() const {
    std::vector<float> y(kItems, -1.0f);
    EXPECT_EQ(mqlcl_buffer_read_float(out, y.data(), 0, kItems), kItems) << t::message(out);
    return y;
  }
  int ctx, program = 0, in = 0, out = 0;
  std::vector<int> kernels;
  std::vector<float> x;
  float a = 1;
};

// The same bits.
::testing::AssertionResult same_bits(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() == want.size() && std::memcmp(got.data(), want.data(), got.size() * sizeof(float)) == 0)
    return ::testing::AssertionSuccess();
  for (size_t i = 0; i < got.size() && i < want.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0)
      return ::testing::AssertionFailure() << "element " << i << ": " << got[i] << " where alone " << want[i];
  return ::testing::AssertionFailure() << got.size() << " elements where alone " << want.size();
}

// What a context of its own computes for `seed`: never merged.
std::vector<float> alone(unsigned seed) {
  t::Ctx own;
  Job j(own.h, seed);
  j.run(nullptr);
  return j.result();
}

// Merging on (gathering two launches) for a test, with a device context and two shared from it.
struct Room {
  Room() {
    EXPECT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 2), MQLCL_OK) << t::message();
    for (int& s : shares) {
      s = mqlcl_context_share(base.h);
      EXPECT_GT(s, 0) << t::message(base.h);
    }
  }
  ~Room() {
    for (int s : shares) mqlcl_free(s);
    mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 0);
  }
  long long merged(int i) const { return mqlcl_handle_info(shares[i], MQLCL_HINFO_MERGED_LAUNCHES); }
  long long batches(int i) const { return mqlcl_handle_info(shares[i], MQLCL_HINFO_MERGED_BATCH); }
  t::Ctx base;
  int shares[2] = {0, 0};
};

TEST(LaunchMerging, TheSameLaunchOfTwoContextsRunsAsOneWithTheBitsOfEachAlone) {
  const std::vector<float> want0 = alone(11), want1 = alone(29);
  Room room;
  Job j0(room.shares[0], 11), j1(room.shares[1], 29);
  Lockstep step;
  std::thread other([&] { j1.run(&step); });
  j0.run(&step);
  other.join();
  EXPECT_TRUE(same_bits(j0.result(), want0));
  EXPECT_TRUE(same_bits(j1.result(), want1));
  for (int i : {0, 1}) {
    EXPECT_EQ(room.merged(i), 3) << "each of the three launches ran merged";
    EXPECT_EQ(room.batches(i), 6) << "two launches in each";
  }
  t::Ctx own;
  EXPECT_EQ(mqlcl_handle_info(own.h, MQLCL_HINFO_MERGED_LAUNCHES), 0) << "a context of its own merges nothing";
}

// Three and five launches run merged on the derived kernels of four and eight slots (the fewest
// holding them), the slots beyond them unused, and the same group again with other contexts' places
// taken by new ones: the same bits as each alone.
TEST(LaunchMerging, GroupsOfThreeAndFiveRunOnTheSmallestKernelHoldingThem) {
  for (int n : {3, 5}) {
    std::vector<std::vector<float>> want;
    for (int i = 0; i < n; ++i) want.push_back(alone(40u + static_cast<unsigned>(i)));
    ASSERT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, n), MQLCL_OK) << t::message();
    {
      t::Ctx base;
      std::vector<int> shares;
      for (int i = 0; i < n; ++i) shares.push_back(mqlcl_context_share(base.h));
      for (int round = 0; round < 2; ++round) {
        if (round == 1) {  // one context replaced: another takes its slot
          mqlcl_free(shares[1]);
          shares[1] = mqlcl_context_share(base.h);
        }
        std::vector<std::unique_ptr<Job>> jobs;
        for (int i = 0; i < n; ++i) jobs.emplace_back(new Job(shares[static_cast<size_t>(i)], 40u + static_cast<unsigned>(i)));
        Lockstep step(n);
        std::vector<std::thread> threads;
        for (int i = 1; i < n; ++i) threads.emplace_back([&, i] { jobs[static_cast<size_t>(i)]->run(&step); });
        jobs[0]->run(&step);
        for (std::thread& th : threads) th.join();
        for (int i = 0; i < n; ++i) {
          EXPECT_TRUE(same_bits(jobs[static_cast<size_t>(i)]->result(), want[static_cast<size_t>(i)]))
              << n << " contexts, round " << round << ", context " << i;
          const int ctx = shares[static_cast<size_t>(i)];
          const long long launches = round == 1 && i == 1 ? 3 : 3 * (round + 1);
          EXPECT_EQ(mqlcl_handle_info(ctx, MQLCL_HINFO_MERGED_LAUNCHES), launches) << n << " contexts, context " << i;
          EXPECT_EQ(mqlcl_handle_info(ctx, MQLCL_HINFO_MERGED_BATCH), launches * n) << n << " contexts, context " << i;
        }
      }
      for (int sh : shares) mqlcl_free(sh);
    }
    mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 0);
  }
}

// A launch that meets none of its kind in the room runs as itself (the program's own kernel, its
// arguments kept from one launch to the next): the same bits as alone with new values and new
// buffers each time, nothing counted merged.
TEST(LaunchMerging, ALaunchThatMeetsNoneRunsAsItself) {
  ASSERT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 1), MQLCL_OK);
  t::Ctx base;
  const int shares[2] = {mqlcl_context_share(base.h), mqlcl_context_share(base.h)};
  for (unsigned seed : {5u, 6u}) {
    Job j(shares[1], seed);  // new buffers: the kept arguments change
    for (int again = 0; again < 2; ++again) {
      j.a += 0.125f;  // a new value; the buffers' the same
      j.run(nullptr);
      const std::vector<float> got = j.result();
      t::Ctx own;
      Job reference(own.h, seed);
      reference.a = j.a;
      reference.run(nullptr);
      EXPECT_TRUE(same_bits(got, reference.result())) << "seed " << seed << ", run " << again;
    }
  }
  EXPECT_EQ(mqlcl_handle_info(shares[1], MQLCL_HINFO_MERGED_LAUNCHES), 0);
  for (int s : shares) mqlcl_free(s);
  mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 0);
}

// `run(ctx, value, between, y)` of two contexts merging in a room, in lockstep, with values v0 and
// v1: each context's result the same bits as `want`'s, and how many of each context's launches
// ran merged.
template <class Run>
std::vector<long long> merged_pair(Run& run, float v0, float v1, const std::vector<float>& want0,
                                   const std::vector<float>& want1) {
  Room room;
  Lockstep step;
  std::vector<float> got0, got1;
  std::thread other([&] { run(room.shares[1], v1, &step, got1); });
  run(room.shares[0], v0, &step, got0);
  other.join();
  EXPECT_TRUE(same_bits(got0, want0));
  EXPECT_TRUE(same_bits(got1, want1));
  return {room.merged(0), room.merged(1)};
}

// A kernel that requires its work-group size (reqd_work_group_size), launched with the work-group
// left to the driver: merged over that size, the same bits as alone.
TEST(LaunchMerging, AKernelsRequiredWorkGroupIsTheMergedLaunchs) {
  const char16_t* source =
      u"__attribute__((reqd_work_group_size(4, 2, 1))) __kernel void part(__global float* y, float v) {\n"
      u"  const size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
      u"  y[i] = v * (float)(get_local_id(0) + 10 * get_local_id(1) + 1) + (float)get_local_size(0);\n"
      u"}\n";
  constexpr int kWide = 16, kHigh = 4, kCount = kWide * kHigh;
  auto run = [&](int ctx, float v, Lockstep* between, std::vector<float>& y) {
    const int program = mqlcl_program(ctx, source, u"");
    ASSERT_GT(program, 0) << t::message(ctx);
    const int kernel = mqlcl_kernel(program, u"part");
    const int buffer = mqlcl_buffer(ctx, kCount * 4, MQLCL_MEM_READ_WRITE);
    ASSERT_EQ(mqlcl_arg_mem(kernel, 0, buffer), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_float(kernel, 1, v), MQLCL_OK);
    const unsigned global[2] = {kWide, kHigh};
    if (between) between->arrive();
    EXPECT_EQ(mqlcl_enqueue(kernel, 2, nullptr, 0, global, 2, nullptr, 0), MQLCL_OK) << t::message(kernel);
    y.assign(kCount, -1.0f);
    EXPECT_EQ(mqlcl_buffer_read_float(buffer, y.data(), 0, kCount), kCount) << t::message(buffer);
    for (int h : {buffer, kernel, program}) mqlcl_free(h);
  };
  std::vector<float> want0, want1;
  {
    t::Ctx own;
    run(own.h, 1.5f, nullptr, want0);
    run(own.h, 2.5f, nullptr, want1);
  }
  ASSERT_EQ(want0[kWide + 5], 1.5f * (1 + 10 + 1) + 4) << "groups of 4 x 2";
  const std::vector<long long> merged = merged_pair(run, 1.5f, 2.5f, want0, want1);
  for (int i : {0, 1}) EXPECT_EQ(merged[static_cast<size_t>(i)], 1) << i;
}

// Three dimensions, a global offset, a timed kernel and work-groups left to the driver for a
// kernel with __local memory are queued as always, each after the one before.
void launch_unmergeable(Job& j) {
  const std::vector<float> zeros(kItems, 0.0f);
  ASSERT_EQ(mqlcl_buffer_write_float(j.out, zeros.data(), 0, kItems), kItems);
  const unsigned box[3] = {4, 4, 4}, line[1] = {64}, offset[1] = {64};
  ASSERT_EQ(mqlcl_arg_mem(j.kernels[3], 0, j.out), MQLCL_OK);
  ASSERT_EQ(mqlcl_enqueue(j.kernels[3], 3, nullptr, 0, box, 3, nullptr, 0), MQLCL_OK) << t::message(j.kernels[3]);
  ASSERT_EQ(mqlcl_enqueue(j.kernels[3], 1, offset, 1, line, 1, nullptr, 0), MQLCL_OK) << t::message(j.kernels[3]);
  ASSERT_EQ(mqlcl_arg_mem(j.kernels[2], 0, j.out), MQLCL_OK);
  ASSERT_EQ(mqlcl_arg_local(j.kernels[2], 1, 64 * 4), MQLCL_OK);
  ASSERT_EQ(mqlcl_enqueue(j.kernels[2], 1, nullptr, 0, line, 1, nullptr, 0), MQLCL_OK) << t::message(j.kernels[2]);
  ASSERT_EQ(mqlcl_kernel_timing(j.kernels[3], 1), MQLCL_OK);
  ASSERT_EQ(mqlcl_enqueue(j.kernels[3], 1, nullptr, 0, line, 1, nullptr, 0), MQLCL_OK) << t::message(j.kernels[3]);
}

TEST(LaunchMerging, WhatCannotBeMergedRunsAsAlways) {
  t::Ctx own;
  Job reference(own.h, 3);
  launch_unmergeable(reference);
  const std::vector<float> want = reference.result();
  EXPECT_EQ(want[0], 2.0f) << "the box and the timed line";
  EXPECT_EQ(want[100], 1.0f) << "the line at offset 64";
  Room room;
  Job j0(room.shares[0], 3), j1(room.shares[1], 3);
  std::thread other([&] { launch_unmergeable(j1); });
  launch_unmergeable(j0);
  other.join();
  for (Job* j : {&j0, &j1}) EXPECT_TRUE(same_bits(j->result(), want));
  for (int i : {0, 1}) EXPECT_EQ(room.merged(i), 0) << "none of them is merged";
}

// A merged launch that faults is the fault of each context whose launch was in it, told as its
// own launch's, once; and the contexts go on.
TEST(LaunchMerging, AFaultOfAMergedLaunchIsEachContextsOwn) {
  Room room;
  Job j0(room.shares[0], 7), j1(room.shares[1], 8);
  ASSERT_EQ(mqlcl_test_control(room.shares[0], MQLCL_TEST_FAIL_LAUNCH, 1), MQLCL_OK);
  Lockstep step;
  std::thread other([&] { j1.run(&step); });
  j0.run(&step);
  other.join();
  for (int i : {0, 1}) {
    EXPECT_EQ(mqlcl_finish(room.shares[i]), MQLCL_ERR_LAUNCH) << i;
    EXPECT_TRUE(t::mentions(room.shares[i], "ran as one launch with the same launch of 1 other context"));
    EXPECT_EQ(mqlcl_finish(room.shares[i]), MQLCL_OK) << "told once";
  }
  const std::vector<float> want0 = alone(7);
  j0.run(nullptr);
  EXPECT_TRUE(same_bits(j0.result(), want0)) << "the context goes on";
}

// Many contexts' chains of launches, each between a write and a read of its own, merged as they
// happen to meet (no gathering): each read sees its whole chain, and no launch of another.
TEST(LaunchMerging, ChainsOfManyContextsKeepTheirOrder) {
  ASSERT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 1), MQLCL_OK);
  constexpr int kContexts = 8, kChains = 8, kChain = 40, kLength = 256;  // 320 launches: markers among them
  t::Ctx base;
  std::vector<int> shares;
  for (int i = 0; i < kContexts; ++i) shares.push_back(mqlcl_context_share(base.h));
  std::vector<std::string> failures(kContexts);
  std::vector<std::thread> threads;
  for (int i = 0; i < kContexts; ++i)
    threads.emplace_back([&, i] {
      const int ctx = shares[static_cast<size_t>(i)];
      const int program = mqlcl_program(ctx, u"__kernel void inc(__global float* x, float v) { x[get_global_id(0)] += v; }", u"");
      const int kernel = mqlcl_kernel(program, u"inc");
      const int buffer = mqlcl_buffer(ctx, kLength * 4, MQLCL_MEM_READ_WRITE);
      mqlcl_arg_mem(kernel, 0, buffer);
      mqlcl_arg_float(kernel, 1, 1.0f + static_cast<float>(i));
      const unsigned global[1] = {kLength};
      std::vector<float> x(kLength);
      for (int c = 0; c < kChains && failures[static_cast<size_t>(i)].empty(); ++c) {
        const std::vector<float> zeros(kLength, 0.0f);
        mqlcl_buffer_write_float(buffer, zeros.data(), 0, kLength);
        for (int l = 0; l < kChain; ++l) mqlcl_enqueue(kernel, 1, nullptr, 0, global, 1, nullptr, 0);
        mqlcl_buffer_read_float(buffer, x.data(), 0, kLength);
        for (int e = 0; e < kLength; ++e)
          if (x[static_cast<size_t>(e)] != kChain * (1.0f + static_cast<float>(i))) {
            failures[static_cast<size_t>(i)] = "chain " + std::to_string(c) + " element " + std::to_string(e) + " reads " +
                                               std::to_string(x[static_cast<size_t>(e)]);
            break;
          }
      }
      for (int h : {buffer, kernel, program}) mqlcl_free(h);
    });
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kContexts; ++i) EXPECT_EQ(failures[static_cast<size_t>(i)], "") << "context " << i;
  for (int s : shares) mqlcl_free(s);
  mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 0);
}

// With merging on, a small write is queued from a copy without waiting (as the GPU server's
// always are), in its context's order among its launches in the room: each launch sees the write
// before it and not the one after it, though the caller's array changed as soon as a write
// returned; the same bits as a context of its own.
TEST(LaunchMerging, AQueuedWriteKeepsItsPlaceAmongItsContextsLaunches) {
  const char16_t* source = u"__kernel void scale(__global float* x, __global float* y, float v) {\n"
                           u"  const size_t i = get_global_id(0);\n"
                           u"  y[i] = y[i] * 0.5f + x[i] * v;\n"
                           u"}\n";
  constexpr int kLength = 64, kSteps = 6;
  auto run = [&](int ctx, float v, Lockstep* between, std::vector<float>& y) {
    const int program = mqlcl_program(ctx, source, u"");
    ASSERT_GT(program, 0) << t::message(ctx);
    const int kernel = mqlcl_kernel(program, u"scale");
    const int x = mqlcl_buffer(ctx, kLength * 4, MQLCL_MEM_READ_WRITE);
    const int out = mqlcl_buffer(ctx, kLength * 4, MQLCL_MEM_READ_WRITE);
    std::vector<float> host(kLength, 0.0f);
    ASSERT_EQ(mqlcl_buffer_write_float(out, host.data(), 0, kLength), kLength) << t::message(out);
    ASSERT_EQ(mqlcl_arg_mem(kernel, 0, x), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_mem(kernel, 1, out), MQLCL_OK);
    ASSERT_EQ(mqlcl_arg_float(kernel, 2, v), MQLCL_OK);
    const unsigned global[1] = {kLength};
    for (int s = 0; s < kSteps; ++s) {
      for (int i = 0; i < kLength; ++i) host[static_cast<size_t>(i)] = static_cast<float>(s * kLength + i) * 0.25f;
      ASSERT_EQ(mqlcl_buffer_write_float(x, host.data(), 0, kLength), kLength) << t::message(x);
      std::fill(host.begin(), host.end(), -1e30f);  // what the write copied is what counts
      if (between) between->arrive();
      ASSERT_EQ(mqlcl_enqueue(kernel, 1, nullptr, 0, global, 1, nullptr, 0), MQLCL_OK) << t::message(kernel);
    }
    y.assign(kLength, -1.0f);
    EXPECT_EQ(mqlcl_buffer_read_float(out, y.data(), 0, kLength), kLength) << t::message(out);
    for (int h : {x, out, kernel, program}) mqlcl_free(h);
  };
  std::vector<float> want0, want1;
  {
    t::Ctx own;
    run(own.h, 1.5f, nullptr, want0);
    run(own.h, 3.0f, nullptr, want1);
  }
  // The last step's write and the ones before it, halved at each step: a known value.
  double expected = 0;
  for (int s = 0; s < kSteps; ++s) expected = expected * 0.5 + (s * kLength + 3) * 0.25 * 1.5;
  ASSERT_EQ(want0[3], static_cast<float>(expected));
  const std::vector<long long> merged = merged_pair(run, 1.5f, 3.0f, want0, want1);
  for (int i : {0, 1})
    EXPECT_EQ(merged[static_cast<size_t>(i)], kSteps) << "each launch ran merged, between the writes" << i;
}

TEST(LaunchMerging, TheTestControlTakesItsValuesOnly) {
  EXPECT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, 17), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "MQLCL_TEST_MERGE_LAUNCHES takes 0 (off), 1 (on) or 2 .. 16"));
  EXPECT_EQ(mqlcl_test_control(0, MQLCL_TEST_MERGE_LAUNCHES, -1), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_test_control(999999, MQLCL_TEST_MERGE_LAUNCHES, 1), MQLCL_ERR_HANDLE);
  t::Ctx ctx;
  EXPECT_EQ(mqlcl_handle_info(ctx.h, MQLCL_HINFO_MERGED_BATCH), 0);
  EXPECT_EQ(mqlcl_handle_info(ctx.h, 10), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(0, "MQLCL_HINFO_*: 1 .. 9"));
}

}  // namespace launch_merging_test
