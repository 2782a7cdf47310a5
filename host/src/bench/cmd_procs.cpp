// `mqlcl-host procs`: what N processes get from the devices together, as the strategy
// tester's agents (one process per core, each loading the library) do. For each N of --counts
// (default 1, 2, 4, 8, 16) the host starts N copies of itself (`procs-worker`, hidden), each
// with its own context: on MQLCL_DEVICE_BEST (placement across processes: tuning/placement
// in the library) unless --device is given. Each worker prepares a workload (program built,
// buffers allocated, one untimed call), says it is ready and waits; once all are, the parent
// starts them at once; each does the same fixed work and reports its time:
//   gemm256, gemm512, gemm1024   mqlcl_sgemm on host arrays (exact), n x n x n, a fixed count
//                                of calls; sampled elements checked against a double product
//   launch                       chains of 100 mqlcl_enqueue of x[i] += 1 (1024 floats), one
//                                blocking read each; x must read back the chain's length
//   mlp                          the training of mlp_training.mq5 through mqlcl_enqueue (MlpOnMqlcl)
// Per N and workload: the aggregate rate (all processes' work over the slowest one's time),
// its ratio to N = 1, the slowest and fastest process's time, failures, the devices the
// contexts took, and device memory per process (nvidia-smi's used_memory of each process where
// it names them; else the GPUs' memory.used growth while all hold their contexts over N; else
// the growth of the process's resident memory from before its context, said as such). Linux
// only (it re-executes /proc/self/exe); on Windows it says so.
// --shared: for N = 1 and each N of --counts, N processes each with its own context
// (MQLCL_SHARED_GPU removed from their environment; N = 1 is one process alone in-process, the
// reference), then N processes whose contexts live in this user's GPU server (MQLCL_SHARED_GPU=all,
// at a place of the run's own: no server of an earlier run serves them); the workers' environment
// is the only difference. Per workload: each configuration's aggregate rate, its ratio to one
// process alone in-process, the server's over the own contexts' at the same N, and whether every
// context was where its configuration puts it (MQLCL_HINFO_SHARED_GPU; a worker whose context is
// not counts as a failure).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../commands.hpp"
#include "../context.hpp"
#include "../devices.hpp"
#include "../library.hpp"
#include "mlp_bench.hpp"

#if !defined(_WIN32)
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace host {

// Its own namespace: the host is a unity build, where anonymous namespaces of files meet.
namespace procs {

using Clock = std::chrono::steady_clock;

struct ProcsArgs {
  std::string counts = "1,2,4,8,16";
  std::string work = "gemm256,gemm512,gemm1024,launch,mlp";
  double scale = 1;  // times each workload's default amount of work
  std::string csv = "procs.csv";
  bool shared = false;       // through the GPU server, each its own context, one alone (run_shared)
  std::string server_place;  // the GPU server's place for --shared; "": a folder of the run's own
  bool merged = false;       // --shared also through a server that merges the same launch of several processes
};

// How long the server of a place --shared made waits without clients: short, so that the run can
// wait for it to end and remove the place. A server that ends between two configurations is
// started again by the next one's first worker, before anything is timed.
constexpr unsigned kServerIdleSeconds = 3;

// One workload's fixed work at scale 1: GEMM calls per size, chains of 100 launches, MLP epochs.
int gemm_calls(int n) { return n <= 256 ? 400 : n <= 512 ? 100 : 25; }
constexpr int kChain = 100, kChains = 40, kElements = 1024;

int scaled(int base, double scale) { return std::max(1, static_cast<int>(std::lround(base * scale))); }

// "gemm512" -> 512; 0 for other workloads.
int gemm_size(const std::string& w) { return w.rfind("gemm", 0) == 0 ? std::atoi(w.c_str() + 4) : 0; }

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

void check_workloads(const std::vector<std::string>& work) {
  for (const std::string& w : work)
    if (!(w == "launch" || w == "mlp" || (gemm_size(w) >= 16 && gemm_size(w) <= 8192 && w == "gemm" + std::to_string(gemm_size(w)))))
      throw std::runtime_error("procs: unknown workload '" + w + "' (gemmN with N 16 .. 8192, launch, mlp)");
}

// ---- the worker ----

#if !defined(_WIN32)
long long rss_kib() {
  std::ifstream in("/proc/self/status");
  for (std::string l; std::getline(in, l);)
    if (l.rfind("VmRSS:", 0) == 0) return std::atoll(l.c_str() + 6);
  return 0;
}
#endif

// What a workload did: its units (flop, launches, steps), its seconds, and why it failed ("" if not).
struct Done {
  double units = 0, seconds = 0;
  std::string failure;
};

// A workload made ready (everything but the timed part done once), then run.
class Workload {
 public:
  virtual ~Workload() = default;
  virtual Done run() = 0;
};

class GemmWork : public Workload {
 public:
  GemmWork(Context& ctx, int n, int calls, unsigned seed) : ctx_(ctx), n_(n), calls_(calls) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1, 1);
    a_.resize(static_cast<size_t>(n) * n);
    b_.resize(a_.size());
    c_.resize(a_.size());
    for (float& x : a_) x = u(rng);
    for (float& x : b_) x = u(rng);
    call();  // builds and plans: untimed
  }
  Done run() override {
    const auto t0 = Clock::now();
    for (int i = 0; i < calls_; ++i) call();
    Done d;
    d.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    d.units = 2.0 * n_ * n_ * static_cast<double>(n_) * calls_;
    // 16 sampled elements against a double product, relative to the sum of |terms|.
    for (int s = 0; s < 16 && d.failure.empty(); ++s) {
      const int i = (s * 7919) % n_, j = (s * 104729) % n_;
      double exact = 0, mag = 0;
      for (int k = 0; k < n_; ++k) {
        const double t = static_cast<double>(a_[static_cast<size_t>(i) * n_ + k]) * b_[static_cast<size_t>(k) * n_ + j];
        exact += t;
        mag += std::fabs(t);
      }
      const double got = c_[static_cast<size_t>(i) * n_ + j];
      if (!(std::fabs(got - exact) <= 1e-5 * mag * std::sqrt(static_cast<double>(n_)) + 1e-30))
        d.failure = fmt::format("C[{}][{}] = {} where the double product is {}", i, j, got, exact);
    }
    return d;
  }

 private:
  void call() {
    const int count = static_cast<int>(a_.size());
    check(lib().mqlcl_sgemm(ctx_.handle(), MQLCL_GEMM_EXACT, n_, n_, n_, 1.0f, a_.data(), count, n_, b_.data(), count, n_,
                            0.0f, c_.data(), count, n_),
          "mqlcl_sgemm");
  }
  Context& ctx_;
  int n_, calls_;
  std::vector<float> a_, b_, c_;
};

class LaunchWork : public Workload {
 public:
  LaunchWork(Context& ctx, int chains) : chains_(chains) {
    const char* source = "__kernel void inc(__global float* x) { x[get_global_id(0)] += 1.0f; }\n";
    program_ = check(lib().mqlcl_program(ctx.handle(), utf16::from_utf8(source).c_str(), u""), "mqlcl_program");
    kernel_ = check(lib().mqlcl_kernel(program_, u"inc"), "mqlcl_kernel");
    buffer_ = check(lib().mqlcl_buffer(ctx.handle(), kElements * 4, MQLCL_MEM_READ_WRITE), "mqlcl_buffer");
    check(lib().mqlcl_arg_mem(kernel_, 0, buffer_), "mqlcl_arg_mem");
    std::vector<float> x(kElements);
    chain(x);  // untimed
  }
  ~LaunchWork() override {
    for (int h : {buffer_, kernel_, program_}) lib().mqlcl_free(h);
  }
  Done run() override {
    std::vector<float> x(kElements);
    Done d;
    double seconds = 0;
    for (int c = 0; c < chains_ && d.failure.empty(); ++c) {
      const std::vector<float> zeros(kElements, 0.0f);
      check(lib().mqlcl_buffer_write_bytes(buffer_, 0, zeros.data(), kElements, 4, 0, kElements), "mqlcl_buffer_write_bytes");
      const auto t0 = Clock::now();
      chain(x);
      seconds += std::chrono::duration<double>(Clock::now() - t0).count();
      for (float v : x)
        if (v != static_cast<float>(kChain)) {
          d.failure = fmt::format("x reads {} after a chain of {} launches", v, kChain);
          break;
        }
    }
    d.seconds = seconds;
    d.units = static_cast<double>(kChain) * chains_;
    return d;
  }

 private:
  void chain(std::vector<float>& x) {
    const unsigned offset[1] = {0}, global[1] = {kElements};
    for (int i = 0; i < kChain; ++i) check(lib().mqlcl_enqueue(kernel_, 1, offset, 1, global, 1, nullptr, 0), "mqlcl_enqueue");
    check(lib().mqlcl_buffer_read_bytes(buffer_, 0, x.data(), kElements, 4, 0, kElements), "mqlcl_buffer_read_bytes");
  }
  int chains_, program_ = -1, kernel_ = -1, buffer_ = -1;
};

class MlpWork : public Workload {
 public:
  MlpWork(Context& ctx, const MlpConfig& c) : mlp_(mlp_on_mqlcl(ctx, c)) { mlp_->train(); }  // the first training: untimed
  Done run() override {
    const MlpTraining t = mlp_->train();
    Done d{static_cast<double>(t.steps), t.seconds, ""};
    if (!std::isfinite(t.end_loss)) d.failure = "the final loss is not finite";
    return d;
  }

 private:
  std::unique_ptr<MlpOnMqlcl> mlp_;
};

std::unique_ptr<Workload> make_workload(Context& ctx, const std::string& w, double scale, unsigned seed) {
  if (const int n = gemm_size(w)) return std::make_unique<GemmWork>(ctx, n, scaled(gemm_calls(n), scale), seed);
  if (w == "launch") return std::make_unique<LaunchWork>(ctx, scaled(kChains, scale));
  MlpConfig c;
  c.epochs = scaled(c.epochs, scale);
  return std::make_unique<MlpWork>(ctx, c);
}

// The line protocol on stdout (one line each, flushed): "device D shared S" (S 1: the context
// lives in the GPU server), then per workload
// "ready W" (then a line on stdin starts it) and "result W UNITS SECONDS" or "failed W WHY",
// then "hold RSS_GROWTH_KIB" (the parent reads device memory now) until stdin ends.
void say(const std::string& line) {
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

bool wait_for_go() {
  char buf[64];
  return std::fgets(buf, sizeof buf, stdin) != nullptr;
}

int run_worker(int create_on, const std::string& work, double scale, unsigned seed) {
#if defined(_WIN32)
  (void)create_on, (void)work, (void)scale, (void)seed;
  return 2;
#else
  const long long rss0 = rss_kib();
  std::unique_ptr<Context> ctx;
  try {
    ctx = std::make_unique<Context>(create_on);
  } catch (const std::exception& e) {
    say(std::string("failed create ") + e.what());
    return 1;
  }
  // Whether the context lives in the GPU server: 1, else 0 (also from a library that predates it).
  const int in_server = lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_SHARED_GPU) == 1 ? 1 : 0;
  const char* asked = std::getenv("MQLCL_SHARED_GPU");
  if (!in_server && asked && std::string(asked) == "all")
    fmt::print(stderr, "procs-worker: the context is this process's own, not the GPU server's: {}\n", last_error(ctx->handle()));
  say(fmt::format("device {} shared {}", lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_DEVICE), in_server));
  int failures = 0;
  for (const std::string& w : split(work)) {
    std::unique_ptr<Workload> job;
    std::string why;
    try {
      job = make_workload(*ctx, w, scale, seed);
    } catch (const std::exception& e) {
      why = e.what();
    }
    say("ready " + w);
    if (!wait_for_go()) return 1;
    Done d;
    const long long merged0 = lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_MERGED_LAUNCHES);
    const long long batch0 = lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_MERGED_BATCH);
    if (job) {
      try {
        d = job->run();
      } catch (const std::exception& e) {
        d.failure = e.what();
      }
    } else {
      d.failure = why;
    }
    for (char& c : d.failure)
      if (c == '\n') c = ' ';
    // Its launches the GPU server ran merged with other processes' while timed (0 from a library
    // that predates it: an error is negative).
    const long long merged = std::max(0LL, lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_MERGED_LAUNCHES) - merged0);
    const long long batch = std::max(0LL, lib().mqlcl_handle_info(ctx->handle(), MQLCL_HINFO_MERGED_BATCH) - batch0);
    if (d.failure.empty())
      say(fmt::format("result {} {} {} {} {}", w, d.units, d.seconds, merged0 >= 0 ? merged : 0, batch0 >= 0 ? batch : 0));
    else
      say(fmt::format("failed {} {}", w, d.failure)), ++failures;
  }
  say(fmt::format("hold {}", rss_kib() - rss0));
  while (wait_for_go()) {
  }
  return failures ? 1 : 0;
#endif
}

// ---- the parent ----

// What a configuration's workers get in their environment, changed from this process's: the one
// thing that tells the configurations of --shared apart.
struct WorkerEnv {
  std::vector<std::pair<std::string, std::string>> set;
  std::vector<std::string> unset;
};

#if !defined(_WIN32)
struct Worker {
  pid_t pid = -1;
  FILE* out = nullptr;  // its stdout
  int in = -1;          // its stdin
  int device = -1;
  int in_server = 0;  // its context lives in the GPU server
  long long rss_growth_kib = -1;
  std::map<std::string, Done> done;
};

std::string read_line(Worker& w) {
  char buf[4096];
  if (!w.out || !std::fgets(buf, sizeof buf, w.out)) return "";
  std::string s = buf;
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::string self_path() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) throw std::runtime_error("procs: /proc/self/exe cannot be read");
  return std::string(buf, static_cast<size_t>(n));
}

// This process's environment as "NAME=VALUE" entries, with `env`'s changes.
std::vector<std::string> environment_with(const WorkerEnv& env) {
  std::vector<std::string> out;
  const auto changed = [&](const std::string& entry) {
    const std::string name = entry.substr(0, entry.find('='));
    for (const auto& s : env.set)
      if (s.first == name) return true;
    return std::find(env.unset.begin(), env.unset.end(), name) != env.unset.end();
  };
  for (char** e = environ; *e; ++e)
    if (!changed(*e)) out.push_back(*e);
  for (const auto& s : env.set) out.push_back(s.first + "=" + s.second);
  return out;
}

Worker spawn(const std::vector<std::string>& args, const WorkerEnv& env) {
  int to[2], from[2];
  if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) throw std::runtime_error("procs: pipe failed");
  std::vector<std::string> a = args, e = environment_with(env);
  std::vector<char*> argv, envp;
  for (auto& s : a) argv.push_back(&s[0]);
  argv.push_back(nullptr);
  for (auto& s : e) envp.push_back(&s[0]);
  envp.push_back(nullptr);
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("procs: fork failed");
  if (pid == 0) {
    dup2(to[0], 0);
    dup2(from[1], 1);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  Worker w;
  w.pid = pid;
  w.in = to[1];
  w.out = fdopen(from[0], "r");
  return w;
}

void go(Worker& w) {
  if (w.in >= 0 && write(w.in, "go\n", 3) != 3) {
    close(w.in);
    w.in = -1;
  }
}

// nvidia-smi's used memory (MiB) per process id; empty where it does not answer.
std::map<long long, long long> device_memory_mib() {
  std::map<long long, long long> out;
  FILE* p = popen("nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits 2>/dev/null", "r");
  if (!p) return out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) {
    long long pid = 0, mib = 0;
    if (std::sscanf(buf, "%lld, %lld", &pid, &mib) == 2) out[pid] = mib;
  }
  pclose(p);
  return out;
}

// nvidia-smi's memory.used summed over the GPUs (MiB), or -1: the per-process figure where the
// processes' ids are not nvidia-smi's (a container's own process ids).
long long gpus_memory_used_mib() {
  FILE* p = popen("nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits 2>/dev/null", "r");
  if (!p) return -1;
  long long sum = -1;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) {
    long long mib = 0;
    if (std::sscanf(buf, "%lld", &mib) == 1) sum = (sum < 0 ? 0 : sum) + mib;
  }
  pclose(p);
  return sum;
}

// The process of this user that serves the GPU server's place `place` (its command line names it
// after --rendezvous, as a client starts it), or -1.
long long server_pid_at(const std::string& place) {
  DIR* proc = opendir("/proc");
  if (!proc) return -1;
  long long found = -1;
  while (dirent* d = readdir(proc)) {
    char* end = nullptr;
    const long long pid = std::strtoll(d->d_name, &end, 10);
    if (pid <= 0 || *end != 0) continue;
    std::ifstream in(std::string("/proc/") + d->d_name + "/cmdline", std::ios::binary);
    std::vector<std::string> words;
    for (std::string word; std::getline(in, word, '\0');) words.push_back(word);
    for (size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == "--rendezvous" && words[i + 1] == place) found = pid;
    if (found >= 0) break;
  }
  closedir(proc);
  return found;
}

bool process_runs(long long pid) { return pid > 0 && kill(static_cast<pid_t>(pid), 0) == 0; }
#endif

struct Row {
  int n = 0;
  std::string work, unit, devices, memory;
  double rate = 0, ratio = 0, slowest = 0, fastest = 0;
  int failures = 0;
  long long merged = 0, batch_sum = 0;  // the workers' launches the GPU server merged, and their batches' sum
  double mean_batch() const { return merged > 0 ? static_cast<double>(batch_sum) / static_cast<double>(merged) : 0; }
};

std::string unit_of(const std::string& w) { return gemm_size(w) ? "GFLOP/s" : w == "launch" ? "launches/s" : "steps/s"; }
double scale_of(const std::string& w) { return gemm_size(w) ? 1e-9 : 1; }

// What N workers started together did: a row per workload, and what they held.
struct Batch {
  std::vector<Row> rows;
  std::string devices, memory;
  int exited_badly = 0;
  int in_server = 0;         // workers whose context lives in the GPU server
  long long server_pid = -1;  // the GPU server at `server_place` while the workers held their contexts
};

// How a batch's workers are started: this program, the library, its arguments, their environment.
struct Launch {
  std::string self;
  std::vector<std::string> work;
  int create_on = MQLCL_DEVICE_BEST;
  double scale = 1;
  WorkerEnv env;
  std::string server_place;  // where to look for the GPU server's process ("": nowhere)
};

#if !defined(_WIN32)
// Starts n workers, runs every workload on all of them at once; `on_row` sees each workload's row
// as it is made (its ratio is the caller's to set).
Batch run_batch(int n, const Launch& l, const Options& opt, const std::function<void(Row&)>& on_row) {
  Batch b;
  const long long used_before = gpus_memory_used_mib();
  std::string work_list;
  for (const std::string& w : l.work) work_list += (work_list.empty() ? "" : ",") + w;
  std::vector<Worker> ws;
  for (int i = 0; i < n; ++i)
    ws.push_back(spawn({l.self, "--library", lib().path, "--seed", std::to_string(opt.seed + static_cast<unsigned>(i)),
                        "procs-worker", "--create", std::to_string(l.create_on), "--work", work_list, "--scale",
                        fmt::format("{}", l.scale)},
                       l.env));
  std::map<int, int> per_device;
  for (Worker& w : ws) {
    const std::string line = read_line(w);
    if (std::sscanf(line.c_str(), "device %d shared %d", &w.device, &w.in_server) < 1) {
      fmt::print(stderr, "procs: worker {}: {}\n", w.pid, line.empty() ? "ended" : line);
      w.device = -1;
    }
    ++per_device[w.device];
    b.in_server += w.in_server == 1;
  }
  if (!l.server_place.empty()) b.server_pid = server_pid_at(l.server_place);
  for (const auto& [d, c] : per_device) b.devices += (b.devices.empty() ? "" : " ") + fmt::format("{}:{}", d, c);
  for (const std::string& wl : l.work) {
    for (Worker& w : ws) read_line(w);  // "ready W" (or nothing from a worker that ended)
    for (Worker& w : ws) go(w);
    Row r;
    r.n = n, r.work = wl, r.unit = unit_of(wl), r.devices = b.devices;
    double units = 0;
    r.fastest = 1e300;
    for (Worker& w : ws) {
      const std::string line = read_line(w);
      std::istringstream in(line);
      std::string tag, name;
      Done d;
      in >> tag >> name;
      if (tag == "result" && name == wl && (in >> d.units >> d.seconds)) {
        long long merged = 0, batch_sum = 0;
        if (in >> merged >> batch_sum) r.merged += merged, r.batch_sum += batch_sum;
        units += d.units;
        r.slowest = std::max(r.slowest, d.seconds);
        r.fastest = std::min(r.fastest, d.seconds);
      } else {
        ++r.failures;
        fmt::print(stderr, "procs: N={} {}: worker {}: {}\n", n, wl, w.pid, line.empty() ? "ended" : line);
      }
    }
    if (r.fastest > 1e299) r.fastest = 0;
    r.rate = r.slowest > 0 ? units / r.slowest * scale_of(wl) : 0;
    on_row(r);
    b.rows.push_back(r);
  }
  for (Worker& w : ws) {
    const std::string line = read_line(w);
    if (std::sscanf(line.c_str(), "hold %lld", &w.rss_growth_kib) != 1) w.rss_growth_kib = -1;
  }
  const std::map<long long, long long> mib = device_memory_mib();
  long long lo = -1, hi = -1;
  std::string how;
  for (const Worker& w : ws) {
    long long v = -1;
    if (mib.count(w.pid)) {
      v = mib.at(w.pid), how = "MiB device memory (nvidia-smi)";
    } else if (mib.empty() && w.rss_growth_kib >= 0) {
      v = w.rss_growth_kib / 1024, how = "MiB host RSS growth (no nvidia-smi)";
    }
    if (v < 0) continue;
    lo = lo < 0 ? v : std::min(lo, v);
    hi = std::max(hi, v);
  }
  const long long used_now = mib.empty() || lo < 0 ? gpus_memory_used_mib() : -1;
  b.memory = lo < 0 ? "unknown" : fmt::format("{}..{} {}", lo, hi, how);
  if (used_before >= 0 && used_now >= 0)  // no process ids of nvidia-smi's: the GPUs' growth shared out
    b.memory = fmt::format("{:.0f} MiB device memory (nvidia-smi memory.used: {} MiB more while the {} processes hold "
                           "their contexts, shared out)",
                           static_cast<double>(used_now - used_before) / n, used_now - used_before, n);
  for (Row& r : b.rows) r.memory = b.memory;
  for (Worker& w : ws) {
    if (w.in >= 0) close(w.in);
    int status = 0;
    waitpid(w.pid, &status, 0);
    if (w.out) std::fclose(w.out);
    b.exited_badly += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  return b;
}
#endif

std::vector<int> parse_counts(const std::string& text) {
  std::vector<int> counts;
  for (const std::string& c : split(text)) counts.push_back(std::atoi(c.c_str()));
  for (int n : counts)
    if (n < 1 || n > 256) throw std::runtime_error("procs: each count is 1 .. 256");
  return counts;
}

#if !defined(_WIN32)
bool device_pinned(CLI::App& app) { return app.get_option("--device")->count() > 0; }

// What every worker of a run is given: the workloads (checked), the device (--device pins it,
// else each worker's context is placed by load), the scale, this program to re-execute.
Launch launch_of(CLI::App& app, const ProcsArgs& a, const Options& opt) {
  Launch l;
  l.work = split(a.work);
  check_workloads(l.work);
  l.create_on = device_pinned(app) ? opt.device : MQLCL_DEVICE_BEST;
  l.scale = a.scale;
  l.self = self_path();
  return l;
}

int run_procs(CLI::App& app, const ProcsArgs& a, const Options& opt) {
  const Launch l = launch_of(app, a, opt);
  const std::vector<int> counts = parse_counts(a.counts);
  const bool pinned = device_pinned(app);
  signal(SIGPIPE, SIG_IGN);  // a worker that died: its pipe's write fails instead
  fmt::print("procs: {} processes at once, each its own context on {}; workloads {} (scale {}); {} devices, device {} is {}\n",
             a.counts, pinned ? fmt::format("device {} (--device)", opt.device) : "MQLCL_DEVICE_BEST (placed by load)",
             a.work, a.scale, lib().mqlcl_device_count(), opt.device, device_text(opt.device, MQLCL_TEXT_NAME));
  std::vector<Row> rows;
  std::map<std::string, double> single;  // N = 1's rate per workload
  for (int n : counts) {
    const Batch b = run_batch(n, l, opt, [&](Row& r) {
      if (n == counts.front() && n == 1) single[r.work] = r.rate;
      r.ratio = single.count(r.work) && single[r.work] > 0 ? r.rate / single[r.work] : 0;
      fmt::print("  N={:<3} {:<9} {:>12.1f} {:<10}  x{:<5.2f} of N=1   slowest {:.3f} s, fastest {:.3f} s, failures {}\n", n,
                 r.work, r.rate, r.unit, r.ratio, r.slowest, r.fastest, r.failures);
      std::fflush(stdout);
    });
    rows.insert(rows.end(), b.rows.begin(), b.rows.end());
    fmt::print("  N={:<3} devices (number:processes) {}; memory per process {}; workers that exited with a failure: {}\n", n,
               b.devices, b.memory, b.exited_badly);
  }
  std::ofstream csv(a.csv);
  csv << "processes,workload,rate,unit,ratio_to_one,slowest_s,fastest_s,failures,devices,memory_per_process\n";
  for (const Row& r : rows)
    csv << fmt::format("{},{},{:.3f},{},{:.3f},{:.4f},{:.4f},{},{},{}\n", r.n, r.work, r.rate, r.unit, r.ratio, r.slowest, r.fastest,
                       r.failures, r.devices, r.memory);
  fmt::print("written: {}\n", a.csv);
  int failures = 0;
  for (const Row& r : rows) failures += r.failures;
  return failures ? 1 : 0;
}

// ---- --shared: through the GPU server, each its own context, one alone ----

// The configurations of --shared. Their workers differ only in their environment.
// Through the server as it runs by default, or merging the same launch of several processes
// (MQLCL_SHARED_GPU_MERGE=1, a server of its own).
enum class Config { Own, Server, Merged };
const char* config_name(Config c) { return c == Config::Own ? "own" : c == Config::Server ? "server" : "merged"; }

struct SharedRow {
  Config config = Config::Own;
  Row row;
  int in_server = 0;  // of row.n workers
  double to_own = 0;  // server rows: this rate over the own contexts' at the same N
};

// A folder of this run's own for the GPU server (0700, as the server's place must be).
std::string fresh_place() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/mqlcl-procs-XXXXXX";
  if (!mkdtemp(&pattern[0])) throw std::runtime_error("procs: a folder for the GPU server's place cannot be made in " + pattern);
  return pattern;
}

int run_shared(CLI::App& app, const ProcsArgs& a, const Options& opt) {
  Launch own = launch_of(app, a, opt);
  // N = 1 first: one process alone in-process is the reference of every ratio, one through the
  // server the ratio of its own.
  std::vector<int> counts = {1};
  for (int n : parse_counts(a.counts))
    if (std::find(counts.begin(), counts.end(), n) == counts.end()) counts.push_back(n);
  const bool pinned = device_pinned(app);
  own.env.unset = {"MQLCL_SHARED_GPU"};
  // A place of this run's own unless given: no server of an earlier run (started with another
  // environment, or another build) serves these workers. It ends after a short idle time.
  const bool made_place = a.server_place.empty();
  Launch server = own;
  server.server_place = made_place ? fresh_place() : a.server_place;
  server.env.unset.clear();
  // "all": through the server on every device, a CPU's too (where "1" leaves it in the process).
  // The plain server never merges, whatever this process's environment says.
  server.env.set = {{"MQLCL_SHARED_GPU", "all"}, {"MQLCL_SHARED_GPU_PLACE", server.server_place},
                    {"MQLCL_SHARED_GPU_MERGE", "0"}};
  if (made_place) server.env.set.push_back({"MQLCL_SHARED_GPU_IDLE_SECONDS", std::to_string(kServerIdleSeconds)});
  // Merged: a server of its own place, started with merging on (a server takes its settings from
  // the client that starts it).
  Launch merged = server;
  if (a.merged) {
    merged.server_place = fresh_place();
    merged.env.set = {{"MQLCL_SHARED_GPU", "all"}, {"MQLCL_SHARED_GPU_PLACE", merged.server_place},
                      {"MQLCL_SHARED_GPU_MERGE", "1"}, {"MQLCL_SHARED_GPU_IDLE_SECONDS", std::to_string(kServerIdleSeconds)}};
  }
  signal(SIGPIPE, SIG_IGN);
  std::string count_text;
  for (int n : counts) count_text += (count_text.empty() ? "" : ",") + std::to_string(n);
  fmt::print("procs --shared: for N = {}: N processes through the GPU server (MQLCL_SHARED_GPU=all, its place {}), N processes "
             "each with its own context (MQLCL_SHARED_GPU unset); N = 1 with its own context is one process alone "
             "in-process, the reference; on {}; workloads {} (scale {}); {} devices, device {} is {}\n",
             count_text, server.server_place,
             pinned ? fmt::format("device {} (--device)", opt.device) : "MQLCL_DEVICE_BEST (placed by load)", a.work, a.scale,
             lib().mqlcl_device_count(), opt.device, device_text(opt.device, MQLCL_TEXT_NAME));
  const long long earlier = server_pid_at(server.server_place);
  if (earlier >= 0)
    fmt::print("  a GPU server of an earlier run serves {} (pid {}): its environment is that run's\n", server.server_place, earlier);

  std::vector<SharedRow> rows;
  std::map<std::string, double> alone;  // one process in-process, per workload
  std::map<std::pair<int, std::string>, double> own_rate;
  int misplaced = 0;           // workers whose context is not where their configuration puts it
  long long last_server = -1;  // the server's process seen last
  long long last_merged = -1;  // the merged configuration's server
  bool served = false;         // a context was in the server
  // Every configuration with its own contexts first, then through the server: no server holds a
  // context on the device while the processes of their own contexts run.
  std::vector<Config> configs = {Config::Own, Config::Server};
  if (a.merged) configs.push_back(Config::Merged);
  for (Config c : configs) {
    const Launch& l = c == Config::Own ? own : c == Config::Server ? server : merged;
    for (int n : counts) {
      const Batch b = run_batch(n, l, opt, [&](Row& r) {
        if (c == Config::Own && n == 1) alone[r.work] = r.rate;
        r.ratio = alone.count(r.work) && alone[r.work] > 0 ? r.rate / alone[r.work] : 0;
        fmt::print("  {:<6} N={:<3} {:<9} {:>12.1f} {:<10}  x{:<5.2f} of one in-process   slowest {:.3f} s, fastest {:.3f} s, "
                   "failures {}{}\n",
                   config_name(c), n, r.work, r.rate, r.unit, r.ratio, r.slowest, r.fastest, r.failures,
                   c == Config::Own ? "" : fmt::format(", launches merged {} (mean batch {:.2f})", r.merged, r.mean_batch()));
        std::fflush(stdout);
      });
      const int expected = c == Config::Own ? 0 : n;
      misplaced += std::abs(b.in_server - expected);
      if (b.server_pid >= 0) (c == Config::Merged ? last_merged : last_server) = b.server_pid;
      served = served || b.in_server > 0;
      for (const Row& r : b.rows) {
        SharedRow s;
        s.config = c, s.row = r, s.in_server = b.in_server;
        if (c == Config::Own) own_rate[{n, r.work}] = r.rate;
        const auto o = own_rate.find({n, r.work});
        if (c != Config::Own && o != own_rate.end() && o->second > 0) s.to_own = r.rate / o->second;
        rows.push_back(s);
      }
      fmt::print("  {:<6} N={:<3} devices (number:processes) {}; contexts in the GPU server {} of {}{}; memory per process {}; "
                 "workers that exited with a failure: {}\n",
                 config_name(c), n, b.devices, b.in_server, n,
                 b.server_pid >= 0 ? fmt::format(" (server pid {})", b.server_pid) : "", b.memory, b.exited_badly);
      if (b.in_server != expected)
        fmt::print("  {:<6} N={:<3} {} of the {} contexts are not where this configuration puts them: its rates are not "
                   "the configuration's\n",
                   config_name(c), n, std::abs(b.in_server - expected), n);
    }
  }

  // The ratios of the targets: N through the server and N of their own over one alone in-process,
  // the server over own contexts at the same N, one through the server over one in-process.
  fmt::print("\nsummary (aggregate rate of N processes; xA: over one process alone in-process; xO: through the server over "
             "N processes of their own contexts)\n");
  for (const std::string& w : own.work) {
    const auto rate = [&](Config c, int n) -> const SharedRow* {
      for (const SharedRow& s : rows)
        if (s.config == c && s.row.n == n && s.row.work == w) return &s;
      return nullptr;
    };
    const SharedRow* one_own = rate(Config::Own, 1);
    const SharedRow* one_server = rate(Config::Server, 1);
    fmt::print("{} ({}): one process alone in-process {:.1f}; one process through the server {:.1f}, x{:.2f} of in-process\n", w,
               unit_of(w), one_own ? one_own->row.rate : 0.0, one_server ? one_server->row.rate : 0.0,
               one_server ? one_server->row.ratio : 0.0);
    fmt::print("  {:>4}  {:>16} {:>7} {:>7}  {:>16} {:>7} {:>9} {:>10}  {:>16} {:>7}\n", "N", "through server", "xA", "xO",
               "merged", "xA", "launches", "mean batch", "own contexts", "xA");
    for (int n : counts) {
      const SharedRow* s = rate(Config::Server, n);
      const SharedRow* m = rate(Config::Merged, n);
      const SharedRow* o = rate(Config::Own, n);
      fmt::print("  {:>4}  {:>16.1f} {:>7.2f} {:>7.2f}  {:>16} {:>7} {:>9} {:>10}  {:>16.1f} {:>7.2f}\n", n,
                 s ? s->row.rate : 0.0, s ? s->row.ratio : 0.0, s ? s->to_own : 0.0,
                 m ? fmt::format("{:.1f}", m->row.rate) : "-", m ? fmt::format("{:.2f}", m->row.ratio) : "-",
                 m ? std::to_string(m->row.merged) : "-", m ? fmt::format("{:.2f}", m->row.mean_batch()) : "-",
                 o ? o->row.rate : 0.0, o ? o->row.ratio : 0.0);
    }
  }
  std::ofstream csv(a.csv);
  csv << "configuration,processes,workload,rate,unit,ratio_to_one_in_process,ratio_to_own_same_count,slowest_s,fastest_s,"
         "failures,contexts_in_server,devices,memory_per_process,merged_launches,mean_batch\n";
  for (const SharedRow& s : rows) {
    const Row& r = s.row;
    csv << fmt::format("{},{},{},{:.3f},{},{:.3f},{:.3f},{:.4f},{:.4f},{},{},{},{},{},{:.3f}\n", config_name(s.config), r.n, r.work,
                       r.rate, r.unit, r.ratio, s.config == Config::Own ? 1.0 : s.to_own, r.slowest, r.fastest, r.failures,
                       s.in_server, r.devices, r.memory, r.merged, r.mean_batch());
  }
  fmt::print("written: {}\n", a.csv);

  // The run's servers end after their idle time; then their places go.
  const auto forget = [&](long long pid, const std::string& place) {
    const auto until = Clock::now() + std::chrono::seconds(kServerIdleSeconds + 10);
    while (process_runs(pid) && Clock::now() < until) usleep(100 * 1000);
    if (process_runs(pid) || (served && pid < 0)) {
      fmt::print("the GPU server{} may still run; its place {} is left\n", pid >= 0 ? fmt::format(" (pid {})", pid) : "", place);
    } else {
      std::error_code ignored;
      std::filesystem::remove_all(place, ignored);
      if (pid >= 0) fmt::print("the GPU server (pid {}) ended after its idle time\n", pid);
    }
  };
  if (made_place) forget(last_server, server.server_place);
  if (a.merged) forget(last_merged, merged.server_place);
  int failures = misplaced;
  for (const SharedRow& s : rows) failures += s.row.failures;
  return failures ? 1 : 0;
}
#endif

int run(CLI::App& app, const ProcsArgs& a, const Options& opt) {
#if defined(_WIN32)
  (void)app, (void)a, (void)opt;
  fmt::print(stderr, "procs: not supported on Windows (the workers are this program re-executed through fork/exec)\n");
  return 2;
#else
  return a.shared ? run_shared(app, a, opt) : run_procs(app, a, opt);
#endif
}

}  // namespace procs

void register_procs_commands(CLI::App& app, Options& opt) {
  static procs::ProcsArgs a;
  auto* p = app.add_subcommand("procs", "N processes at once on the devices (the strategy tester's agents): aggregate "
                                        "throughput against one, the slowest process, device memory per process");
  p->add_option("--counts", a.counts, "the numbers of processes, in turn")->capture_default_str();
  p->add_option("--work", a.work, "workloads: gemmN (mqlcl_sgemm host arrays, n x n x n), launch, mlp")->capture_default_str();
  p->add_option("--scale", a.scale, "times each workload's default work per process")->capture_default_str();
  p->add_option("--csv", a.csv, "where the rows are written")->capture_default_str();
  p->add_flag("--shared", a.shared,
              "for each N: N processes through the GPU server (MQLCL_SHARED_GPU=all), N each with its own context, and one "
              "alone in-process (the reference); their rates and ratios");
  p->add_flag("--merged", a.merged,
              "with --shared: also N processes through a GPU server that merges their same launches (MQLCL_SHARED_GPU_MERGE=1)");
  p->add_option("--server-place", a.server_place,
                "with --shared: the GPU server's place (MQLCL_SHARED_GPU_PLACE); default: a folder of the run's own");
  add_command(p, [&app, &opt] { return procs::run(app, a, opt); });

  static int create_on = MQLCL_DEVICE_BEST;
  static std::string work;
  static double scale = 1;
  auto* w = app.add_subcommand("procs-worker", "one process of `procs` (started by it)");
  w->group("");  // hidden from --help
  w->add_option("--create", create_on);
  w->add_option("--work", work)->required();
  w->add_option("--scale", scale);
  add_command(w, [&opt] {
    procs::check_workloads(procs::split(work));
    return procs::run_worker(create_on, work, scale, opt.seed);
  });
}

}  // namespace host
