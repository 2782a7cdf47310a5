// Contexts in this user's GPU server through the exports (mqlcl_create_with, $MQLCL_SHARED_GPU):
// the same calls on a context of the server and on one of this process give the same results bit
// for bit, the same codes and the same messages; the server's handles are told apart by their
// value; a context freed takes its objects; a server killed under its clients leaves each handle
// refused with the cause, and the next context starts a new server; no server to be had gives the
// process its own context, saying why once. The server runs at a place of this test program's
// own ($MQLCL_SHARED_GPU_PLACE), is the one this build made ($MQLCL_SHARED_GPU_SERVER) and exits
// two seconds after its last client.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>


#include "core/text.hpp"
#include "mqlcl.h"
#include "remote/remote_client.hpp"
#include "remote_place.hpp"
#include "support.hpp"

namespace {

constexpr int kServerFirst = 1 << 30;

void set_env(const char* name, const std::string& value) {
#if defined(_WIN32)
  _putenv_s(name, value.c_str());
#else
  setenv(name, value.c_str(), 1);
#endif
}

// The place every test of this program shares (the process's connection is one).
const t::RemotePlace& place() {
  static t::RemotePlace* p = [] {
    auto* made = new t::RemotePlace("mqlcl-sg");
    set_env("MQLCL_SHARED_GPU_PLACE", made->place());
    set_env("MQLCL_SHARED_GPU_IDLE_SECONDS", "2");
    set_env("MQLCL_SHARED_GPU_SERVER", t::built_program(MQLCL_GPU_SERVER));
    return made;
  }();
  return *p;
}

std::string message(int handle) {
  char16_t buf[2048] = {};
  mqlcl_last_error(handle, buf, 2048);
  return mqlcl::utf16_to_utf8(buf);
}

// A message with the handle numbers in it replaced (they differ between a server's and a
// process's objects; the words must not).
std::string unnumbered(std::string m, std::initializer_list<int> handles) {
  for (int h : handles) {
    const std::string s = std::to_string(h);
    for (size_t at; (at = m.find(s)) != std::string::npos;) m.replace(at, s.size(), "H");
  }
  return m;
}

constexpr char16_t kSource[] =
    u"__kernel void blend(__global const float* a, __global const float* b, __global float* c, float s, int n) {\n"
    u"  int i = get_global_id(0);\n"
    u"  if (i < n) c[i] = sin(a[i]) * s + b[i] / (float)(i + 3);\n"
    u"}\n";

// What one context gives for the calls a CL* program makes, and for GEMM on host arrays.
struct Outcome {
  std::vector<float> mixed, partial, sgemm, wide, chained, sgemm_beta0, sgemm_refused;
  std::vector<double> dgemm;
  int bad_code = 0;
  std::string bad_message, thread_message, kernel_message;
  long long work_group = 0;
};

Outcome run_on(int ctx) {
  Outcome o;
  constexpr int n = 3000;  // over a ring slot: transfers in several frames
  const std::vector<float> a = t::random_floats(n, 1), b = t::random_floats(n, 2);
  const int ba = mqlcl_buffer(ctx, n * 4, MQLCL_MEM_READ_ONLY), bb = mqlcl_buffer(ctx, n * 4, 0),
            bc = mqlcl_buffer(ctx, n * 4, 0);
  EXPECT_GT(ba, 0);
  EXPECT_EQ(mqlcl_buffer_write_float(ba, a.data(), 0, n), n);
  EXPECT_EQ(mqlcl_buffer_write_bytes(bb, 0, b.data(), n, 4, 0, n), n);
  const int program = mqlcl_program(ctx, kSource, u"");
  EXPECT_GT(program, 0) << message(0);
  const int kernel = mqlcl_kernel(program, u"blend");
  EXPECT_GT(kernel, 0) << message(0);
  EXPECT_EQ(mqlcl_arg_mem(kernel, 0, ba), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_mem(kernel, 1, bb), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_mem(kernel, 2, bc), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_float(kernel, 3, 0.75f), MQLCL_OK);
  EXPECT_EQ(mqlcl_arg_int(kernel, 4, n), MQLCL_OK);
  const unsigned global[1] = {3008}, local[1] = {32};
  EXPECT_EQ(mqlcl_execute(kernel, 1, nullptr, 0, global, 1, local, 1), MQLCL_OK) << message(kernel);
  EXPECT_EQ(mqlcl_enqueue(kernel, 1, nullptr, 0, global, 1, local, 1), MQLCL_OK) << message(kernel);
  EXPECT_EQ(mqlcl_finish(ctx), MQLCL_OK);
  o.mixed.assign(n, 0.0f);
  EXPECT_EQ(mqlcl_buffer_read_float(bc, o.mixed.data(), 0, n), n);
  // A read into part of an array: the rest of the caller's array stays as it was.
  o.partial.assign(40, -7.0f);
  EXPECT_EQ(mqlcl_buffer_read_bytes(bc, 400, o.partial.data(), 40, 4, 10, 20), 20);
  // A chain without waits, each launch after many argument sets (through the server they travel
  // with their launch, more than one message holds): launch j writes s = j into bc or bd in turn.
  const int bd = mqlcl_buffer(ctx, n * 4, 0);
  for (int j = 0; j < 24; ++j) {
    EXPECT_EQ(mqlcl_arg_mem(kernel, 2, j % 2 ? bc : bd), MQLCL_OK);
    for (int v = 300; v >= 0; --v) EXPECT_EQ(mqlcl_arg_float(kernel, 3, static_cast<float>(j + v)), MQLCL_OK);
    EXPECT_EQ(mqlcl_enqueue(kernel, 1, nullptr, 0, global, 1, local, 1), MQLCL_OK) << message(kernel);
  }
  o.chained.assign(2 * n, 0.0f);
  EXPECT_EQ(mqlcl_buffer_read_float(bc, o.chained.data(), 0, n), n);
  EXPECT_EQ(mqlcl_buffer_read_float(bd, o.chained.data() + n, 0, n), n);
  o.work_group = mqlcl_kernel_info(kernel, MQLCL_KINFO_WORK_GROUP_SIZE);
  EXPECT_EQ(mqlcl_handle_info(bc, MQLCL_HINFO_CONTEXT), ctx);
  EXPECT_EQ(mqlcl_handle_info(kernel, MQLCL_HINFO_KIND), MQLCL_KIND_KERNEL);
  EXPECT_EQ(mqlcl_handle_info(bc, MQLCL_HINFO_BUFFER_BYTES), n * 4);

  // A failure: a work-group that does not divide the range.
  const unsigned odd[1] = {3000}, group[1] = {64};
  o.bad_code = mqlcl_enqueue(kernel, 1, nullptr, 0, odd, 1, group, 1);
  o.thread_message = unnumbered(message(0), {kernel, ctx});
  o.kernel_message = unnumbered(message(kernel), {kernel, ctx});

  // Large arrays (through the server: its bulk memory, grown past its first 4 MiB): written and
  // read back, and read into the middle of a larger array.
  const int big = 1500000;
  const std::vector<float> wide = t::random_floats(big, 6);
  const int bw = mqlcl_buffer(ctx, big * 4LL, 0);
  EXPECT_EQ(mqlcl_buffer_write_bytes(bw, 0, wide.data(), big, 4, 0, big), big);
  o.wide.assign(big + 64, -1.0f);
  EXPECT_EQ(mqlcl_buffer_read_bytes(bw, 0, o.wide.data(), big + 64, 4, 32, big), big);

  // GEMM on host arrays: C read and written (beta), odd sizes, each operand over 64 KiB. On the
  // device: where a call runs is decided by measured times, which two processes may see differently.
  const int kOnDevice = MQLCL_GEMM_EXACT | MQLCL_GEMM_ON_DEVICE;
  const int m = 137, k = 131, nn = 129;
  const std::vector<float> ga = t::random_floats(m * k, 3), gb = t::random_floats(k * nn, 4);
  o.sgemm = t::random_floats(m * nn, 5);
  EXPECT_EQ(mqlcl_sgemm(ctx, kOnDevice, m, nn, k, 1.25f, ga.data(), m * k, k, gb.data(), k * nn, nn, -0.5f,
                        o.sgemm.data(), m * nn, nn),
            MQLCL_OK)
      << message(ctx);
  // beta 0 with a dense C: C is not read (through the server: not sent), so NaNs in it do not
  // matter; and a call refused (lda too small) leaves C as it was.
  o.sgemm_beta0.assign(m * nn, std::nanf(""));
  EXPECT_EQ(mqlcl_sgemm(ctx, kOnDevice, m, nn, k, 1.25f, ga.data(), m * k, k, gb.data(), k * nn, nn, 0.0f,
                        o.sgemm_beta0.data(), m * nn, nn),
            MQLCL_OK)
      << message(ctx);
  o.sgemm_refused = t::random_floats(m * nn, 7);
  EXPECT_EQ(mqlcl_sgemm(ctx, kOnDevice, m, nn, k, 1.0f, ga.data(), m * k, k - 1, gb.data(), k * nn, nn, 0.0f,
                        o.sgemm_refused.data(), m * nn, nn),
            MQLCL_ERR_ARGUMENT);
  if (t::has_fp64()) {
    std::vector<double> da(ga.begin(), ga.end()), db(gb.begin(), gb.end());
    o.dgemm.assign(m * nn, 0.5);
    EXPECT_EQ(mqlcl_dgemm(ctx, MQLCL_GEMM_FP64 | MQLCL_GEMM_ON_DEVICE, m, nn, k, 1.0, da.data(), m * k, k, db.data(), k * nn, nn, 2.0,
                          o.dgemm.data(), m * nn, nn),
              MQLCL_OK)
        << message(ctx);
  }
  return o;
}

TEST(SharedGpu, AContextInTheServerGivesWhatOneOfThisProcessGivesBitForBit) {
  place();
  const int remote = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  ASSERT_GE(remote, kServerFirst) << message(0);
  const int own = mqlcl_create_with(t::device(), MQLCL_CREATE_OWN);
  ASSERT_GT(own, 0);
  ASSERT_LT(own, kServerFirst) << "a process's handles are below the server's";
  EXPECT_EQ(mqlcl_handle_info(remote, MQLCL_HINFO_SHARED_GPU), 1);
  EXPECT_EQ(mqlcl_handle_info(own, MQLCL_HINFO_SHARED_GPU), 0);
  const int handles = mqlcl_handle_count();

  const Outcome theirs = run_on(remote), mine = run_on(own);
  EXPECT_EQ(mqlcl_handle_count(), handles + 7) << "the server's objects are not this process's: its own seven";
  ASSERT_EQ(theirs.mixed.size(), mine.mixed.size());
  EXPECT_EQ(std::memcmp(theirs.mixed.data(), mine.mixed.data(), mine.mixed.size() * 4), 0) << "bit for bit";
  EXPECT_NEAR(theirs.mixed[5], std::sin(t::random_floats(3000, 1)[5]) * 0.75f + t::random_floats(3000, 2)[5] / 8.0f, 1e-5f);
  EXPECT_EQ(theirs.partial, mine.partial);
  ASSERT_EQ(theirs.chained.size(), mine.chained.size());
  EXPECT_EQ(std::memcmp(theirs.chained.data(), mine.chained.data(), mine.chained.size() * 4), 0) << "bit for bit";
  // The last launches: s = 23 into bc, s = 22 into bd.
  EXPECT_NEAR(theirs.chained[5], std::sin(t::random_floats(3000, 1)[5]) * 23 + t::random_floats(3000, 2)[5] / 8.0f, 1e-4f);
  EXPECT_NEAR(theirs.chained[3005], std::sin(t::random_floats(3000, 1)[5]) * 22 + t::random_floats(3000, 2)[5] / 8.0f, 1e-4f);
  EXPECT_EQ(theirs.wide, mine.wide);
  EXPECT_EQ(theirs.wide[31], -1.0f) << "untouched before `first`";
  EXPECT_EQ(theirs.wide[32], t::random_floats(1500000, 6)[0]);
  EXPECT_EQ(theirs.wide[1500032], -1.0f) << "untouched after first + count";
  EXPECT_EQ(theirs.partial[0], -7.0f) << "untouched before `first`";
  EXPECT_EQ(theirs.partial[39], -7.0f) << "untouched after first + count";
  EXPECT_EQ(std::memcmp(theirs.sgemm.data(), mine.sgemm.data(), mine.sgemm.size() * 4), 0);
  EXPECT_EQ(theirs.dgemm, mine.dgemm);
  ASSERT_EQ(theirs.sgemm_beta0.size(), mine.sgemm_beta0.size());
  EXPECT_EQ(std::memcmp(theirs.sgemm_beta0.data(), mine.sgemm_beta0.data(), mine.sgemm_beta0.size() * 4), 0);
  EXPECT_FALSE(std::isnan(theirs.sgemm_beta0[0]));
  {  // an independent reference: element (1, 2) as a double product
    const std::vector<float> ga = t::random_floats(137 * 131, 3), gb = t::random_floats(131 * 129, 4);
    double want = 0;
    for (int p = 0; p < 131; ++p) want += static_cast<double>(ga[1 * 131 + p]) * gb[p * 129 + 2];
    EXPECT_NEAR(theirs.sgemm_beta0[1 * 129 + 2], 1.25 * want, 1e-3 * (1 + std::fabs(want)));
  }
  EXPECT_EQ(theirs.sgemm_refused, t::random_floats(137 * 129, 7)) << "a refused call leaves C as it was";
  EXPECT_EQ(mine.sgemm_refused, t::random_floats(137 * 129, 7));
  EXPECT_EQ(theirs.work_group, mine.work_group);
  EXPECT_LT(theirs.bad_code, 0);
  EXPECT_EQ(theirs.bad_code, mine.bad_code);
  EXPECT_EQ(theirs.thread_message, mine.thread_message);
  EXPECT_EQ(theirs.kernel_message, mine.kernel_message);
  EXPECT_NE(theirs.kernel_message.find("[" + std::to_string(mine.bad_code) + "]"), std::string::npos);

  // Freeing the context takes its objects: a buffer of it is then refused in the library's words.
  const int buffer = mqlcl_buffer(remote, 64, 0);
  ASSERT_GE(buffer, kServerFirst);
  EXPECT_EQ(mqlcl_free(remote), MQLCL_OK);
  float out[4];
  EXPECT_EQ(mqlcl_buffer_read_float(buffer, out, 0, 4), MQLCL_ERR_HANDLE);
  EXPECT_NE(message(0).find("handle " + std::to_string(buffer) + " is not a live handle"), std::string::npos) << message(0);
  EXPECT_EQ(mqlcl_handle_info(buffer, MQLCL_HINFO_KIND), 0) << "what the terminal's CLHandleType says of a bad handle";
  EXPECT_EQ(mqlcl_free(own), MQLCL_OK);
}

// Argument sets and launches of a shape that has succeeded go without waiting for the server; one
// that fails then is the reply of the next call that waits, with the code and message the call
// had in this process, once.
TEST(SharedGpu, AFailureOfACallThatDidNotWaitIsTheReplyOfTheNextCallThatWaits) {
  place();
  const int remote = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  ASSERT_GE(remote, kServerFirst) << message(0);
  const int own = mqlcl_create_with(t::device(), MQLCL_CREATE_OWN);
  struct Seen {
    int code;
    std::string words;
  };
  const auto steps = [](int ctx, bool remote_ctx) {
    std::vector<Seen> seen;
    const int program = mqlcl_program(
        ctx, u"__kernel void k(__global float* x, __local float* tmp, int n) { tmp[0] = n; x[get_global_id(0)] = n; }", u"");
    const int kernel = mqlcl_kernel(program, u"k");
    const int buffer = mqlcl_buffer(ctx, 256, 0);
    const unsigned global[1] = {64}, local[1] = {64};
    EXPECT_EQ(mqlcl_arg_mem(kernel, 0, buffer), MQLCL_OK);
    EXPECT_EQ(mqlcl_arg_local(kernel, 1, 64), MQLCL_OK);
    for (int n = 1; n <= 3; ++n) {  // from the second step on, remote sets and launches do not wait
      EXPECT_EQ(mqlcl_arg_int(kernel, 2, n), MQLCL_OK);
      EXPECT_EQ(mqlcl_enqueue(kernel, 1, nullptr, 0, global, 1, local, 1), MQLCL_OK);
    }
    float x[64] = {};
    EXPECT_EQ(mqlcl_buffer_read_float(buffer, x, 0, 64), 64);
    EXPECT_EQ(x[63], 3.0f) << "the last launch's value";
    // A buffer of another context at an index whose sets have succeeded: refused where it is set,
    // through the server too (a buffer is part of a set's shape), as the terminal's
    // CLSetKernelArgMem returns false at once.
    const int elsewhere = mqlcl_create_with(t::device(), remote_ctx ? MQLCL_CREATE_SHARED_GPU : MQLCL_CREATE_OWN);
    const int foreign = mqlcl_buffer(elsewhere, 256, 0);
    const int refused = mqlcl_arg_mem(kernel, 0, foreign);
    seen.push_back({refused, unnumbered(message(0), {kernel, foreign, elsewhere, ctx})});
    EXPECT_LT(refused, 0);
    mqlcl_free(elsewhere);
    EXPECT_EQ(mqlcl_arg_mem(kernel, 0, buffer), MQLCL_OK);
    // Too much __local: refused where it is set; through the server, by the next call that waits.
    const int set = mqlcl_arg_local(kernel, 1, 1 << 30);
    if (!remote_ctx) seen.push_back({set, unnumbered(message(0), {kernel})});
    EXPECT_EQ(set, remote_ctx ? MQLCL_OK : MQLCL_ERR_RANGE);
    const int waited = mqlcl_finish(ctx);
    if (remote_ctx) seen.push_back({waited, unnumbered(message(0), {kernel})});
    EXPECT_EQ(waited, remote_ctx ? MQLCL_ERR_RANGE : MQLCL_OK);
    EXPECT_EQ(mqlcl_finish(ctx), MQLCL_OK) << "returned once";
    return seen;
  };
  const std::vector<Seen> theirs = steps(remote, true), mine = steps(own, false);
  ASSERT_EQ(theirs.size(), 2u);
  ASSERT_EQ(mine.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(theirs[i].code, mine[i].code) << i;
    EXPECT_EQ(theirs[i].words, mine[i].words) << i;
  }
  mqlcl_free(remote);
  mqlcl_free(own);
}

// A check in a death test's child found `what` wrong: said on its error output; the child's exit code.
int wrong(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  return 1;
}

// Runs `checks` in a process of its own (a death test's child) and expects it to exit 0.
void in_own_process(int (*checks)()) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::_Exit(checks()), testing::ExitedWithCode(0), "");
}

// $MQLCL_SHARED_GPU as mqlcl_create follows it: all, the server; 1, the server unless the device
// is a CPU, whose context stays the process's own, the first one saying why; anything else, the
// process's own. In a process of its own (a death test's child): the process says it once.
int environment_checks() {
  const bool cpu = t::cpu_device();
  set_env("MQLCL_SHARED_GPU", "all");
  const int all = mqlcl_create(t::device());
  set_env("MQLCL_SHARED_GPU", "1");
  const int one = mqlcl_create(t::device());
  const std::string said = message(one);
  const int one_again = mqlcl_create(t::device());
  const std::string said_again = message(one_again);
  set_env("MQLCL_SHARED_GPU", "0");
  const int own = mqlcl_create(t::device());
  if (all < kServerFirst) return wrong("all: " + std::to_string(all) + " " + message(0));
  if (own <= 0 || own >= kServerFirst) return wrong("0: " + std::to_string(own));
  if (!cpu) return one >= kServerFirst && one_again >= kServerFirst ? 0 : wrong("1 on a GPU: " + std::to_string(one));
  if (one <= 0 || one >= kServerFirst || mqlcl_handle_info(one, MQLCL_HINFO_SHARED_GPU) != 0)
    return wrong("1 on a CPU: " + std::to_string(one));
  if (said.find("MQLCL_SHARED_GPU = 1 leaves a context on the processor") == std::string::npos ||
      said.find("MQLCL_SHARED_GPU = all") == std::string::npos)
    return wrong("1 on a CPU, the first context's message: " + said);
  if (one_again <= 0 || one_again >= kServerFirst) return wrong("1 on a CPU, again: " + std::to_string(one_again));
  if (!said_again.empty()) return wrong("said twice: " + said_again);
  return 0;
}

TEST(SharedGpu, MqlclCreateFollowsTheEnvironmentAndFlagsAreChecked) {
  place();
  in_own_process(environment_checks);
  for (int flags : {3, 4, -1}) {
    EXPECT_EQ(mqlcl_create_with(t::device(), flags), MQLCL_ERR_ARGUMENT) << flags;
    EXPECT_NE(message(0).find("flags = " + std::to_string(flags)), std::string::npos) << message(0);
  }
}

// The server killed under its client: calls with its handles fail at once naming that; the next
// shared context starts a new server, and the old handles are refused, never taken for the new
// server's objects of the same numbers.
TEST(SharedGpu, AServerKilledUnderItsClientIsAnErrorAndTheNextContextStartsANewOne) {
  place();
  const int ctx = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  ASSERT_GE(ctx, kServerFirst) << message(0);
  const int buffer = mqlcl_buffer(ctx, 64, 0);
  ASSERT_GT(buffer, 0);
  mqlcl::ServerOptions o;
  o.place = place().place();
  const auto pid = mqlcl::RemoteClient::connect(o)->server_pid();
  ASSERT_TRUE(t::end_process(pid));
  const auto start = std::chrono::steady_clock::now();
  float out[4];
  EXPECT_LT(mqlcl_buffer_read_float(buffer, out, 0, 4), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << "an error, not a hang";
  EXPECT_NE(message(0).find("ended"), std::string::npos) << message(0);
  EXPECT_EQ(mqlcl_last_total_ms(ctx), MQLCL_ERR_NO_OPENCL) << "an export returning a double: the code, not 0";

  const int again = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  ASSERT_GE(again, kServerFirst) << message(0);
  EXPECT_NE(again, ctx) << "a number of the ended server's is never given again";
  for (int i = 0; i < 4; ++i) EXPECT_NE(mqlcl_buffer(again, 64, 0), buffer);
  EXPECT_EQ(mqlcl_finish(ctx), MQLCL_ERR_HANDLE);
  EXPECT_NE(message(0).find("made by a GPU server that has ended"), std::string::npos) << message(0);
  EXPECT_EQ(mqlcl_free(again), MQLCL_OK);

  // A server that ended with no call since: the next shared context finds the connection ended
  // and starts a new server at once.
  ASSERT_TRUE(t::end_process(mqlcl::RemoteClient::connect(o)->server_pid()));
  const int after = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  EXPECT_GE(after, kServerFirst) << message(0);
  EXPECT_EQ(mqlcl_free(after), MQLCL_OK);
}

// Once no server could be had, the process's contexts stay its own: in a process of its own (a
// death test's child), since the connection is the process's.
int fallback_checks() {
  // A place no server serves, and no server program to start there.
  static t::RemotePlace empty("mqlcl-sg-none");
  set_env("MQLCL_SHARED_GPU_PLACE", empty.place());
  set_env("MQLCL_SHARED_GPU_SERVER", t::built_program(MQLCL_GPU_SERVER) + "-not-there");
  const int first = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  const std::string said = message(first);
  const int second = mqlcl_create_with(t::device(), MQLCL_CREATE_SHARED_GPU);
  const std::string said_again = message(second);
  if (first <= 0 || first >= kServerFirst) return wrong("first context: " + std::to_string(first));
  if (mqlcl_handle_info(first, MQLCL_HINFO_SHARED_GPU) != 0) return wrong("the first context is said to be the server's");
  if (said.find("no GPU server could be reached") == std::string::npos || said.find("-not-there") == std::string::npos)
    return wrong("the first context's message names no cause: " + said);
  if (second <= 0 || second >= kServerFirst) return wrong("second context: " + std::to_string(second));
  if (!said_again.empty()) return wrong("said twice: " + said_again);
  return 0;
}

TEST(SharedGpu, NoServerToBeHadGivesTheProcessItsOwnContextSayingWhyOnce) {
  place();
  in_own_process(fallback_checks);
}

}  // namespace
