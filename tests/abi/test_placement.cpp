// MQLCL_DEVICE_BEST across processes (tuning/placement, tuning/context_registry): agent
// processes (tests/abi/placement_child.cpp), each with PoCL alone (a vendors folder of the
// test's own holding PoCL's ICD, where needed OCL_ICD_FILENAMES its library), its devices
// through POCL_DEVICES, and one shared tuning file, make contexts and say where they went.
// Where the children list other than PoCL's two devices, the tests skip, naming what they
// list. 16 at once split 8/8 over two devices; a killed process's contexts are reclaimed;
// $MQLCL_DEVICE and an explicit device stay put; cached profiles decide ties; dead, reused-id
// and corrupt registry lines count for nothing; a registry that cannot be written fails no
// context. Every choice is made under the registry's lock, so the counts are the same whatever
// order the processes run in. Linux only (fork/exec); Windows: skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"

#if !defined(_WIN32)
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;
#endif

namespace fs = std::filesystem;

namespace {

#if !defined(_WIN32)

constexpr char kTwoDevices[] = "pthread pthread";
constexpr char kPoclIcd[] = "/etc/OpenCL/vendors/pocl.icd";

// A child process with pipes to its standard input and from its standard output.
struct Child {
  pid_t pid = -1;
  int in = -1;   // its standard input: closing it lets a "create" child free and exit
  int out = -1;  // its standard output
};

class Placement : public ::testing::Test {
 protected:
  void SetUp() override {
    // PoCL alone (a GPU machine registers its GPU's driver beside it): the children see two CPU devices.
    if (!fs::exists(kPoclIcd)) GTEST_SKIP() << kPoclIcd << " is absent: the tests need PoCL's two CPU devices";
    char tmpl[] = "/tmp/mqlcl-placement-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    tuning_ = dir_ / "tuning.txt";
    registry_ = dir_ / "tuning.txt.contexts";
    // PoCL's ICD in a vendors folder of the test's own (what ocl-icd reads); where the children see
    // nothing else there, that is all. Khronos's loader (CUDA's libOpenCL) takes a folder too but
    // loads OCL_ICD_FILENAMES's libraries beside it, and left the children no device from the
    // folder alone: then PoCL's library is named there as well (a library named twice loads once).
    std::error_code ec;
    fs::create_directory(dir_ / "vendors", ec);
    fs::copy_file(kPoclIcd, dir_ / "vendors" / "pocl.icd", ec);
    ASSERT_FALSE(ec) << "copying " << kPoclIcd << ": " << ec.message();
    std::ifstream icd(kPoclIcd);
    std::getline(icd, pocl_library_);
    pocl_library_.erase(pocl_library_.find_last_not_of(" \t\r") + 1);
    // Whether the children see PoCL's two devices and nothing else: where the machine's loader adds
    // other drivers whatever the environment says, the counts below mean nothing there.
    std::string seen_by_each;
    for (const bool filenames : {false, true}) {
      name_library_ = filenames;
      Child& probe = start({"list"});
      std::vector<std::string> seen;
      for (std::string l = line(probe); !l.empty(); l = line(probe)) seen.push_back(l);
      const int status = end(probe);
      children_.clear();
      ASSERT_EQ(status, 0) << "the child " << child_path() << " ended with " << status << " listing the devices"
                           << " (127: it could not be started; -1: a signal)";
      if (seen.size() == 2 && seen[0] == seen[1]) return;
      seen_by_each += std::string("\n with") + (filenames ? "" : "out") + " OCL_ICD_FILENAMES, " +
                      std::to_string(seen.size()) + " device(s)";
      for (const auto& l : seen) seen_by_each += "\n  " + l;
    }
    GTEST_SKIP() << "the children see other than PoCL's two devices alike (OCL_ICD_VENDORS naming PoCL alone,"
                 << " POCL_DEVICES=\"" << kTwoDevices << "\"):" << seen_by_each;
  }
  void TearDown() override {
    for (Child& c : children_) end(c);
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }

  // Starts `placement_child ARGS` with POCL_DEVICES = pocl, the test's tuning file and, where
  // `pin` is given, MQLCL_DEVICE = pin (else without it).
  // `extra`: NAME=VALUE settings of the child's own, in place of the test's.
  Child& start(const std::vector<std::string>& args, const char* pocl = kTwoDevices, const char* pin = nullptr,
               const std::vector<std::string>& extra = {}) {
    std::vector<std::string> env;
    const auto replaced = [&](const std::string& v) {
      for (const std::string& x : extra)
        if (v.rfind(x.substr(0, x.find('=') + 1), 0) == 0) return true;
      return false;
    };
    for (char** e = environ; *e; ++e) {
      const std::string v = *e;
      if (v.rfind("POCL_DEVICES=", 0) != 0 && v.rfind("MQLCL_TUNING_FILE=", 0) != 0 && v.rfind("MQLCL_DEVICE=", 0) != 0 &&
          v.rfind("OCL_ICD_VENDORS=", 0) != 0 && v.rfind("OCL_ICD_FILENAMES=", 0) != 0 && !replaced(v))
        env.push_back(v);
    }
    env.insert(env.end(), extra.begin(), extra.end());
    env.push_back("OCL_ICD_VENDORS=" + (dir_ / "vendors").string());
    if (name_library_) env.push_back("OCL_ICD_FILENAMES=" + pocl_library_);
    env.push_back(std::string("POCL_DEVICES=") + pocl);
    env.push_back("MQLCL_TUNING_FILE=" + tuning_.string());
    if (pin) env.push_back(std::string("MQLCL_DEVICE=") + pin);
    std::vector<std::string> argv = {child_path()};
    argv.insert(argv.end(), args.begin(), args.end());
    int to[2], from[2];
    EXPECT_EQ(pipe2(to, O_CLOEXEC), 0);
    EXPECT_EQ(pipe2(from, O_CLOEXEC), 0);
    std::vector<char*> cargv, cenv;
    for (auto& a : argv) cargv.push_back(&a[0]);
    cargv.push_back(nullptr);
    for (auto& e : env) cenv.push_back(&e[0]);
    cenv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {  // only async-signal-safe calls until exec
      dup2(to[0], 0);
      dup2(from[1], 1);
      execve(cargv[0], cargv.data(), cenv.data());
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    children_.push_back(Child{pid, to[1], from[0]});
    return children_.back();
  }

  // The child program: beside this test program (a build tree copied elsewhere, as to another
  // machine, keeps both), else where the build put it.
  static std::string child_path() {
    std::error_code ec;
    const fs::path beside = fs::read_symlink("/proc/self/exe", ec).parent_path() / fs::path(MQLCL_PLACEMENT_CHILD).filename();
    return !ec && fs::exists(beside) ? beside.string() : std::string(MQLCL_PLACEMENT_CHILD);
  }

  // The child's next line of output ("" once it has ended without one).
  static std::string line(Child& c) {
    std::string s;
    char ch = 0;
    while (read(c.out, &ch, 1) == 1 && ch != '\n') s += ch;
    return s;
  }

  // The device a "create" child's context took, or -1 (with the child's words in the failure).
  static int device_of(Child& c) {
    const std::string l = line(c);
    int d = -1;
    if (std::sscanf(l.c_str(), "device %d", &d) != 1) ADD_FAILURE() << "child " << c.pid << " said \"" << l << "\"";
    return d;
  }

  // Lets the child free its context and exit; waits for it. Returns its exit status.
  static int end(Child& c) {
    if (c.pid < 0) return -1;
    close(c.in);
    int status = 0;
    waitpid(c.pid, &status, 0);
    close(c.out);
    c.pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  // Kills the child as a crash or the tester would, and reaps it.
  static void kill_child(Child& c) {
    kill(c.pid, SIGKILL);
    waitpid(c.pid, nullptr, 0);
    close(c.in);
    close(c.out);
    c.pid = -1;
  }

  // A context in a new child; the device it took.
  int place(const char* pocl = kTwoDevices, const char* pin = nullptr, int device = MQLCL_DEVICE_BEST) {
    return device_of(start({"create", std::to_string(device)}, pocl, pin));
  }

  // The registry's context lines (not its comments).
  std::vector<std::string> registry_lines() const {
    std::ifstream in(registry_);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);)
      if (!l.empty() && l[0] != '#') out.push_back(l);
    return out;
  }

  void write(const fs::path& p, const std::vector<std::string>& lines) const {
    std::ofstream out(p);
    for (const auto& l : lines) out << l << "\n";
  }

  fs::path dir_, tuning_, registry_;
  std::string pocl_library_;  // the library pocl.icd names
  bool name_library_ = false;  // the children's OCL_ICD_FILENAMES names it too
  std::vector<Child> children_;  // ended at the test's end
};

// This test process's start time as /proc/self/stat gives it (field 22).
unsigned long long own_start_time() {
  std::ifstream in("/proc/self/stat");
  std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(s.substr(s.rfind(')') + 2));
  std::string f;
  for (int i = 3; i <= 22; ++i) fields >> f;
  return std::stoull(f);
}

std::string profile_line(const std::string& name, const std::string& driver, int fp32) {
  return "profile\t" + name + "\tarch\t" + driver + "\tfp32=" + std::to_string(fp32) +
         " fp64=1 mma_tf32=0 mma_fp16=0 mma_bf16=0 mma_int8=0 mma_fp64=0 copy=10 to_device=5 from_device=5"
         " to_device_staged=5 from_device_staged=5 launch_us=10";
}

TEST_F(Placement, SixteenProcessesSplitEightEight) {
  for (int i = 0; i < 16; ++i) start({"create", "-1"});  // all at once: they race for the lock
  std::map<int, int> count;
  for (Child& c : children_) ++count[device_of(c)];
  EXPECT_EQ(count, (std::map<int, int>{{0, 8}, {1, 8}}));
  EXPECT_EQ(registry_lines().size(), 16u);
  for (Child& c : children_) EXPECT_EQ(end(c), 0);
  EXPECT_TRUE(registry_lines().empty()) << "each freed context removes its line";
}

TEST_F(Placement, AKilledProcessesSlotReturns) {
  EXPECT_EQ(place(), 0);
  EXPECT_EQ(place(), 1);
  EXPECT_EQ(place(), 0);  // equal loads: the lower number (two identical devices)
  EXPECT_EQ(place(), 1);
  kill_child(children_[1]);  // one of device 1's: 2/1 if its line is reclaimed, 2/2 if not
  EXPECT_EQ(place(), 1) << "the killed process's context still counts";
  EXPECT_EQ(registry_lines().size(), 4u) << "the dead line is dropped at the next rewrite";
}

TEST_F(Placement, APinnedProcessStaysPut) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(place(kTwoDevices, "1"), 1) << "MQLCL_DEVICE=1 whatever the loads";
  EXPECT_EQ(line(start({"best"}, kTwoDevices, "1")), "best 1");
  EXPECT_EQ(line(start({"best"})), "best 0") << "device 1 holds three contexts";
  EXPECT_EQ(place(kTwoDevices, nullptr, 1), 1) << "an explicit device is the caller's pin";
  EXPECT_EQ(place(), 0);
  EXPECT_EQ(place(), 0);
  EXPECT_EQ(registry_lines().size(), 6u) << "pinned and explicit contexts count too";
  // A malformed or out-of-range pin is refused naming the variable, not taken as another device.
  for (const char* bad : {"2", "x", "-1"}) {
    const std::string l = line(start({"create", "-1"}, kTwoDevices, bad));
    EXPECT_EQ(l.rfind("error " + std::to_string(MQLCL_ERR_ARGUMENT) + " ", 0), 0u) << bad << ": " << l;
    EXPECT_NE(l.find("MQLCL_DEVICE"), std::string::npos) << l;
  }
}

TEST_F(Placement, TheFasterDeviceByProfileWinsTies) {
  // Two PoCL drivers of different names (profiles are cached per device name and driver).
  const char* pocl = "pthread basic";
  Child& list = start({"list"}, pocl);
  std::vector<std::pair<std::string, std::string>> devices;
  for (std::string l = line(list); !l.empty(); l = line(list))
    devices.emplace_back(l.substr(0, l.find('\t')), l.substr(l.find('\t') + 1));
  ASSERT_EQ(devices.size(), 2u);
  for (int faster = 0; faster < 2; ++faster) {
    write(tuning_, {profile_line(devices[0].first, devices[0].second, faster == 0 ? 200 : 150),
                    profile_line(devices[1].first, devices[1].second, faster == 1 ? 200 : 150)});
    EXPECT_EQ(place(pocl), faster) << "equal loads: the faster by its cached profile";
    EXPECT_EQ(place(pocl), 1 - faster) << "then the less loaded";
    EXPECT_EQ(place(pocl), faster);
    for (Child& c : children_) end(c);
  }
  // A device under half the fastest's rate is no candidate: all go to the fast one.
  write(tuning_, {profile_line(devices[0].first, devices[0].second, 1000),
                  profile_line(devices[1].first, devices[1].second, 100)});
  for (int i = 0; i < 3; ++i) EXPECT_EQ(place(pocl), 0);
}

TEST_F(Placement, DeadReusedAndCorruptLinesCountForNothing) {
  const std::string me = std::to_string(getpid()), since = std::to_string(own_start_time());
  std::string name = line(start({"list"}));
  name = name.substr(0, name.find('\t'));
  write(registry_, {
      "# mqlcl-contexts 1",
      "2147480000\t5\t1\t0\t" + name,           // no such process
      me + "\t" + since + "1\t2\t0\t" + name,    // this process's id with another start: a reused id
      me + "\t" + since + "1\t3\t0\t" + name,
      "garbage", "1\t2\t3", me + "\tx\t4\t0\t" + name, me + "\t" + since + "\t5\t0\t",
      me + "\t" + since + "\t6\t1\tanother device",  // a device of another name counts for nothing
      me + "\t" + since + "\t7\t1\t" + name,          // this running process: counts on device 1
  });
  EXPECT_EQ(place(), 0) << "only the live line on device 1 counts";
  const std::vector<std::string> kept = registry_lines();
  EXPECT_EQ(kept.size(), 3u) << "dead and unreadable lines are dropped, live ones kept";
  EXPECT_EQ(std::count(kept.begin(), kept.end(), me + "\t" + since + "\t7\t1\t" + name), 1);
}

TEST_F(Placement, AnUnwritableRegistryNeverFailsAContext) {
  tuning_ = dir_ / "no-such-folder" / "tuning.txt";  // neither the registry nor its lock can be made
  for (int i = 0; i < 3; ++i) EXPECT_EQ(place(), 0) << "no counts: the devices' order";
  EXPECT_EQ(place(kTwoDevices, "1"), 1);
  for (Child& c : children_) EXPECT_EQ(end(c), 0) << "freed and exited normally";
}

// Tuning on first use (gemm/self_tuning) in 16 agents starting at once, on one device name: one
// searches under the tuning file's lock, the others wait and read its entry; every call succeeds,
// every agent ends with the stored tiles, and the file holds one entry, readable.
TEST_F(Placement, SixteenAgentsTuneOnFirstUseOnceAndTheFileStaysCorrect) {
  const size_t first = children_.size();
  for (int i = 0; i < 16; ++i)
    start({"sgemm", "-1", "512"}, kTwoDevices, nullptr, {"MQLCL_TUNE=on", "MQLCL_TUNE_SECONDS=2"});
  int searched = 0;
  for (size_t i = first; i < children_.size(); ++i) {
    const std::string said = line(children_[i]);
    const std::string ok = "ok " + std::to_string(MQLCL_TUNING_DEVICE) + " ";
    EXPECT_TRUE(said == ok + "searched" || said == ok + "read") << "child " << i - first << " said \"" << said << "\"";
    searched += said == ok + "searched";
    EXPECT_EQ(end(children_[i]), 0) << "child " << i - first;
  }
  EXPECT_EQ(searched, 1) << "one agent searches, the others read what it stored";
  std::ifstream in(tuning_);
  int entries = 0;
  for (std::string l; std::getline(in, l);) {
    if (l.empty() || l[0] == '#') continue;
    EXPECT_EQ(std::count(l.begin(), l.end(), '\t'), 3) << "a line that is not an entry: " << l;
    if (l.rfind("10\t", 0) == 0) ++entries;
  }
  EXPECT_EQ(entries, 1);
}

#else

TEST(Placement, NeedsLinux) { GTEST_SKIP() << "the placement tests start processes with fork/exec"; }

#endif

}  // namespace
