// The tuning file as the library reads and writes it: mqlcl_tuning_store then a new context,
// the fallback order (exact device name, architecture, built-in default; entries that do not
// fit the device skipped), corrupt lines, format 1 lines, $MQLCL_TUNING_FILE, the file beside
// the library (run from a folder named Дмитрий_日本 under Wine by check_wine.py); every
// tunable's round trip through the file and the rules that refuse a vector.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "support.hpp"
#include "tuning_file_fixture.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace fs = std::filesystem;

namespace {

constexpr int kStage = MQLCL_STAGE_SGEMM_TUNED;
const std::vector<int> kPlainDefault = {64, 64, 16, 4, 4};
const std::vector<int> kWideDefault = {64, 128, 8, 8, 8};  // two copies of its tiles: 12544 bytes
const std::vector<int> kDevice = {128, 64, 16, 8, 8};
const std::vector<int> kArch = {64, 128, 16, 8, 8};
const std::vector<int> kOther = {32, 32, 16, 4, 4};
const std::vector<int> kNeverFits = {64, 64, 16, 16, 16};  // 256 accumulators: refused everywhere

std::string device_text(int what) {
  std::u16string buf(1024, u'\0');
  const int n = mqlcl_device_text(t::device(), what, buf.data(), static_cast<int>(buf.size()));
  buf.resize(static_cast<size_t>(std::max(0, std::min(n, 1023))));
  return t::to_utf8(buf);
}

std::string origin(int ctx);

// The architecture key as docs/ABI.md defines it: vendor and type, read here through the
// device facts (PoCL: "... CPU"); on NVIDIA the library adds the compute capability, which
// the ABI does not report: it is taken from the library's own lookup text and checked for
// the documented form " compute capability MAJOR.MINOR" after that prefix.
std::string architecture() {
  const long long type = mqlcl_device_info(t::device(), MQLCL_INFO_TYPE);
  const std::string vendor = device_text(MQLCL_TEXT_VENDOR);
  const std::string base = vendor + (type & 4 ? " GPU" : type & 2 ? " CPU" : " accelerator");
  if (vendor.find("NVIDIA") == std::string::npos) return base;
  // A context without any tuning file names the key it looked for.
  const char* outer = std::getenv("MQLCL_TUNING_FILE");
  const std::string saved = outer ? outer : "";
  const fs::path none = fs::temp_directory_path() / "mqlcl-tuning-no-such-dir" / "none.txt";
  t::set_env_path("MQLCL_TUNING_FILE", &none);
  std::string text;
  {
    t::Ctx ctx;
    text = origin(ctx.h);
  }
  const fs::path saved_path(saved);
  t::set_env_path("MQLCL_TUNING_FILE", outer ? &saved_path : nullptr);
  const size_t at = text.find("architecture '" + base + " compute capability ");
  EXPECT_NE(at, std::string::npos) << text;
  if (at == std::string::npos) return base;
  const size_t begin = at + std::strlen("architecture '"), end = text.find('\'', begin);
  const std::string key = text.substr(begin, end - begin);
  const std::string cc = key.substr(base.size() + std::strlen(" compute capability "));
  EXPECT_TRUE(cc.size() >= 3 && std::isdigit(static_cast<unsigned char>(cc[0])) && cc.find('.') != std::string::npos) << key;
  return key;
}

// Stage 10's default as docs/ABI.md states it: the wide tiles on a GPU whose architecture key
// names a compute capability, with 128-item work-groups and local memory for two copies of
// them; the plain tiles elsewhere.
std::vector<int> stage10_default() {
  const int dev = t::device();
  const bool wide = (mqlcl_device_info(dev, MQLCL_INFO_TYPE) & 4) &&
                    architecture().find(" compute capability ") != std::string::npos &&
                    mqlcl_device_info(dev, MQLCL_INFO_MAX_WORK_GROUP_SIZE) >= 128 &&
                    mqlcl_device_info(dev, MQLCL_INFO_LOCAL_MEM_SIZE) >= 12544;
  return wide ? kWideDefault : kPlainDefault;
}

std::string line(const std::string& device, const std::string& arch, const std::vector<int>& p) {
  std::string s = "10\t" + device + '\t' + arch + '\t';
  for (size_t i = 0; i < p.size(); ++i) s += (i ? " " : "") + std::to_string(p[i]);
  return s;
}

std::vector<int> params_of(int ctx) {
  std::vector<int> p(5, -1);
  EXPECT_EQ(mqlcl_tunable_get(ctx, MQLCL_TUNABLE_SGEMM_TUNED, p.data(), 5), 5) << t::message(ctx);
  return p;
}

std::string origin(int ctx) {
  std::u16string buf(8192, u'\0');
  const int n = mqlcl_tuning_text(ctx, kStage, buf.data(), static_cast<int>(buf.size()));
  EXPECT_GE(n, 0) << t::message(ctx);
  buf.resize(static_cast<size_t>(std::max(0, std::min(n, 8191))));
  return t::to_utf8(buf);
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Each test: its own tuning file through $MQLCL_TUNING_FILE, removed afterwards.
class Tuning : public t::OwnTuningFile {
 protected:
  const std::string name_ = device_text(MQLCL_TEXT_NAME), arch_ = architecture();
};

}  // namespace

TEST_F(Tuning, StoreThenANewContextReadsIt) {
  t::Ctx a;
  EXPECT_EQ(params_of(a.h), stage10_default());
  EXPECT_EQ(mqlcl_tuning_source(a.h, kStage), MQLCL_TUNING_DEFAULT);
  EXPECT_NE(origin(a.h).find("no such file"), std::string::npos) << origin(a.h);
  ASSERT_EQ(mqlcl_tuning_store(a.h, kStage, kOther.data(), 5), MQLCL_OK) << t::message(a.h);
  ASSERT_EQ(mqlcl_tuning_store(a.h, kStage, kDevice.data(), 5), MQLCL_OK) << t::message(a.h);  // replaces
  EXPECT_EQ(params_of(a.h), stage10_default()) << "storing does not change the storing context";
  const std::string text = read_all(file_);
  EXPECT_EQ(text.find("# mqlcl-tuning 2\n"), 0u) << text;
  EXPECT_NE(text.find(line(name_, arch_, kDevice) + "\n"), std::string::npos) << text;
  EXPECT_EQ(text.find(line(name_, arch_, kOther)), std::string::npos) << "the device's entry is replaced:\n" << text;
  t::Ctx b;
  EXPECT_EQ(params_of(b.h), kDevice);
  EXPECT_EQ(mqlcl_tuning_source(b.h, kStage), MQLCL_TUNING_DEVICE);
  std::vector<int> p(6, -1);
  EXPECT_EQ(mqlcl_tunable_get(b.h, kStage, p.data(), 6), 5);
  EXPECT_EQ(std::vector<int>(p.begin(), p.begin() + 5), kDevice);
  EXPECT_EQ(p[5], -1) << "nothing written beyond the stage's vector";
}

TEST_F(Tuning, StoreKeepsOtherLinesAndNoTemporaryFile) {
  write({"# mine", line("another device", "another arch", kArch), "not a tuning line", "10\t" + name_ + "\t\t1 2 3 4 5"});
  t::Ctx c;
  ASSERT_EQ(mqlcl_tuning_store(c.h, kStage, kDevice.data(), 5), MQLCL_OK) << t::message(c.h);
  const std::string text = read_all(file_);
  for (const std::string& kept : {std::string("# mine\n"), line("another device", "another arch", kArch) + "\n",
                                  std::string("not a tuning line\n"), line(name_, arch_, kDevice) + "\n"})
    EXPECT_NE(text.find(kept), std::string::npos) << kept << " missing in\n" << text;
  EXPECT_EQ(text.find("1 2 3 4 5"), std::string::npos) << "this device's old entry is replaced:\n" << text;
  std::vector<std::string> names;
  for (const auto& f : fs::directory_iterator(dir_))
    if (f.path().filename().string().rfind("tuning.txt.contexts", 0) != 0)  // the placement registry, with two GPUs
      names.push_back(f.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"tuning.txt", "tuning.txt.lock"}))
      << "only the file and its lock file (kept: other processes may be waiting on it); no temporary file";
}

TEST_F(Tuning, ExactNameBeatsArchitectureBeatsDefault) {
  {
    write({line("some other device", arch_, kArch)});
    t::Ctx c;
    EXPECT_EQ(params_of(c.h), kArch);
    EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_ARCHITECTURE) << origin(c.h);
  }
  {
    write({line("*", arch_, kArch)});
    t::Ctx c;
    EXPECT_EQ(params_of(c.h), kArch) << "'*': an entry for the architecture only";
  }
  {
    write({line(name_, "", kDevice), line("*", arch_, kArch)});  // order in the file does not matter
    t::Ctx c;
    EXPECT_EQ(params_of(c.h), kDevice);
    EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_DEVICE);
  }
  {
    write({line("some other device", "some other vendor GPU", kArch), line("other", "", kDevice)});
    t::Ctx c;
    EXPECT_EQ(params_of(c.h), stage10_default());
    EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_DEFAULT);
  }
}

TEST_F(Tuning, AnEntryThatDoesNotFitIsSkippedVisibly) {
  write({line("*", arch_, kArch), line(name_, arch_, kNeverFits)});
  {
    t::Ctx c;
    EXPECT_EQ(params_of(c.h), kArch);
    EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_ARCHITECTURE);
    const std::string why = origin(c.h);
    EXPECT_NE(why.find("line 1 (architecture"), std::string::npos) << why;
    EXPECT_NE(why.find("line 2 (exact device name) does not fit the device"), std::string::npos) << why;
    EXPECT_NE(why.find("accumulators"), std::string::npos) << why;
  }
  write({line("*", arch_, kNeverFits)});
  t::Ctx c;
  EXPECT_EQ(params_of(c.h), stage10_default());
  EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_DEFAULT);
  EXPECT_NE(origin(c.h).find("line 1 (architecture) does not fit"), std::string::npos) << origin(c.h);
}

TEST_F(Tuning, CorruptLinesAreIgnoredAndFormatOneIsRead) {
  write({"garbage", "10\t" + name_ + "\tx\t1 2 x 4 5", "10\t" + name_ + "\tx\t64 64 16 4", "ten\t" + name_ + "\tx\t64 64 16 4 4",
         "1\t" + name_ + "\tx\t64", "", "\t", name_ + "\t128 64 16 8 8", "10\t\tx\t64 64 16 4 4"},
        "\r\n");
  t::Ctx c;
  EXPECT_EQ(params_of(c.h), kDevice) << "the format 1 line (device TAB 5 ints) is a stage 10 entry; " << origin(c.h);
  EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_DEVICE);
  const std::string why = origin(c.h);
  for (const char* l : {"line 1:", "line 2:", "line 3:", "line 4:", "line 5:", "line 7:", "line 9:"})
    EXPECT_NE(why.find(std::string("ignored ") + l), std::string::npos) << l << " in " << why;
  EXPECT_NE(why.find("line 8 (exact device name"), std::string::npos) << why;
}

// Stores from several threads while others create contexts: every rewrite is whole (a
// context sees one of the stored vectors), and the file ends with one entry for the device.
TEST_F(Tuning, ConcurrentStoresAndReadsSeeWholeFiles) {
  {
    t::Ctx c;
    ASSERT_EQ(mqlcl_tuning_store(c.h, kStage, kOther.data(), 5), MQLCL_OK) << t::message(c.h);
  }
  std::vector<std::thread> threads;
  std::vector<int> bad(4, 0);
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      t::Ctx c;
      for (int r = 0; r < 10; ++r) {
        if (i % 2 == 0) {
          const std::vector<int>& p = (r + i) % 4 ? kDevice : kOther;
          bad[i] += mqlcl_tuning_store(c.h, kStage, p.data(), 5) != MQLCL_OK;
        } else {
          t::Ctx fresh;
          const std::vector<int> p = params_of(fresh.h);
          bad[i] += (p != kDevice && p != kOther) || mqlcl_tuning_source(fresh.h, kStage) != MQLCL_TUNING_DEVICE;
        }
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad, std::vector<int>(4, 0));
  const std::string text = read_all(file_);
  size_t entries = 0;
  for (size_t at = text.find("\n10\t"); at != std::string::npos; at = text.find("\n10\t", at + 1)) ++entries;
  EXPECT_EQ(entries, 1u) << text;
}

// Another process's hold on <file>.lock, as the library takes it (flock; LockFileEx on byte 0):
// a lock on another open file excludes this process's own store too.
class HeldLock {
 public:
  explicit HeldLock(const fs::path& file) {
    const fs::path lock = file.string() + ".lock";
#if defined(_WIN32)
    h_ = CreateFileW(lock.wstring().c_str(), GENERIC_READ | GENERIC_WRITE,
                     FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_ALWAYS, 0, nullptr);
    OVERLAPPED at{};
    held_ = h_ != INVALID_HANDLE_VALUE && LockFileEx(h_, LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &at);
#else
    fd_ = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    held_ = fd_ >= 0 && flock(fd_, LOCK_EX) == 0;
#endif
  }
  ~HeldLock() {
#if defined(_WIN32)
    if (h_ != INVALID_HANDLE_VALUE) CloseHandle(h_);
#else
    if (fd_ >= 0) close(fd_);
#endif
  }
  bool held() const { return held_; }

 private:
#if defined(_WIN32)
  HANDLE h_ = INVALID_HANDLE_VALUE;
#else
  int fd_ = -1;
#endif
  bool held_ = false;
};

// A store waits while another process holds the tuning file's lock, then stores: its read
// comes after the other's rewrite, so it keeps that rewrite's lines.
TEST_F(Tuning, AStoreWaitsForTheFilesLock) {
  t::Ctx c;
  std::atomic<int> result{1};
  std::thread store;
  {
    HeldLock other(file_);
    ASSERT_TRUE(other.held());
    store = std::thread([&] { result = mqlcl_tuning_store(c.h, kStage, kDevice.data(), 5); });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(result.load(), 1) << "the store returned while another holder had the lock";
    EXPECT_FALSE(fs::exists(file_)) << "the file was written under another holder's lock";
    write({"# mqlcl-tuning 2", line("another device", "another arch", kArch)});  // the other holder's rewrite
  }
  store.join();
  ASSERT_EQ(result.load(), MQLCL_OK) << t::message(c.h);
  const std::string text = read_all(file_);
  EXPECT_NE(text.find(line("another device", "another arch", kArch) + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find(line(name_, arch_, kDevice) + "\n"), std::string::npos) << text;
}

TEST_F(Tuning, ANewerFormatIsNeitherReadNorRewritten) {
  write({"# mqlcl-tuning 3", line(name_, arch_, kDevice)});
  t::Ctx c;
  EXPECT_EQ(params_of(c.h), stage10_default());
  EXPECT_NE(origin(c.h).find("format 3"), std::string::npos) << origin(c.h);
  EXPECT_EQ(mqlcl_tuning_store(c.h, kStage, kOther.data(), 5), MQLCL_ERR_UNSUPPORTED);
  EXPECT_NE(read_all(file_).find(line(name_, arch_, kDevice)), std::string::npos);
}

TEST_F(Tuning, PathComesFromTheVariable) {
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_tuning_path(buf.data(), static_cast<int>(buf.size()));
  ASSERT_GT(n, 0);
  buf.resize(static_cast<size_t>(n));
  EXPECT_EQ(fs::path(buf), file_);
  const fs::path second = dir_ / "second.txt";
  t::set_env_path("MQLCL_TUNING_FILE", &second);
  {
    t::Ctx c;
    ASSERT_EQ(mqlcl_tuning_store(c.h, kStage, kDevice.data(), 5), MQLCL_OK) << t::message(c.h);
  }
  EXPECT_TRUE(fs::exists(second));
  EXPECT_FALSE(fs::exists(file_));
  t::set_env_path("MQLCL_TUNING_FILE", &file_);
  t::Ctx c;
  EXPECT_EQ(params_of(c.h), stage10_default()) << "the first file has no entry";
}

TEST_F(Tuning, BadCallsAreRefusedWithTheCause) {
  t::Ctx c;
  std::vector<int> p(5, 0);
  EXPECT_EQ(mqlcl_tunable_get(c.h, 1, p.data(), 5), MQLCL_ERR_STAGE);
  EXPECT_TRUE(t::mentions(c.h, "stage 1 (matr_mul_1dim) has no tunable parameters (the tunables: 10 sgemm_tuned, 17 sgemm_cpu, 30 "));
  EXPECT_EQ(mqlcl_tunable_set(c.h, 99, p.data(), 5), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_tuning_source(c.h, 2), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_tuning_store(c.h, 3, kDevice.data(), 5), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_tunable_get(c.h, kStage, p.data(), 4), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(c.h, "count = 4: params must hold sgemm_tuned's {TSM TSN TSK WPTM WPTN} = 5 ints"));
  EXPECT_EQ(mqlcl_tunable_get(c.h, kStage, nullptr, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_tuning_store(c.h, kStage, kDevice.data(), 4), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_tuning_store(c.h, kStage, kNeverFits.data(), 5), MQLCL_ERR_ARGUMENT);
  EXPECT_FALSE(fs::exists(file_)) << "nothing stored for parameters that do not fit";
  EXPECT_EQ(mqlcl_tunable_set(c.h, kStage, kDevice.data(), 5), 5);
  EXPECT_EQ(mqlcl_tuning_source(c.h, kStage), MQLCL_TUNING_SET);
  EXPECT_EQ(params_of(c.h), kDevice);
  const fs::path nowhere = dir_ / "no such folder" / "tuning.txt";
  t::set_env_path("MQLCL_TUNING_FILE", &nowhere);
  EXPECT_EQ(mqlcl_tuning_store(c.h, kStage, kDevice.data(), 5), MQLCL_ERR_ARGUMENT);
  EXPECT_TRUE(t::mentions(c.h, "no such folder"));
  EXPECT_EQ(mqlcl_tuning_source(0, kStage), MQLCL_ERR_HANDLE);
}

// mqlcl_tunable_get/set and the names before 2.8 are one function: what one sets, each reads.
TEST_F(Tuning, TunableCallsAndTheirOldNamesAreOneFunction) {
  static_assert(MQLCL_TUNABLE_SGEMM_TUNED == MQLCL_STAGE_SGEMM_TUNED, "stage 10's tiles are tunable 10");
  t::Ctx c;
  std::vector<int> a(5, 0), b(5, 0), d(5, 0);
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_SGEMM_TUNED, kDevice.data(), 5), 5) << t::message(c.h);
  EXPECT_EQ(mqlcl_tunable_get(c.h, MQLCL_TUNABLE_SGEMM_TUNED, a.data(), 5), 5);
  EXPECT_EQ(mqlcl_stage_params_get(c.h, kStage, b.data(), 5), 5);
  EXPECT_EQ(mqlcl_sgemm_get(c.h, d.data(), 5), MQLCL_OK);
  EXPECT_EQ(a, kDevice);
  EXPECT_EQ(b, kDevice);
  EXPECT_EQ(d, kDevice);
  EXPECT_EQ(mqlcl_sgemm_set(c.h, kArch.data(), 5), MQLCL_OK);
  EXPECT_EQ(mqlcl_tunable_get(c.h, MQLCL_TUNABLE_SGEMM_TUNED, a.data(), 5), 5);
  EXPECT_EQ(a, kArch);
  EXPECT_EQ(mqlcl_stage_params_set(c.h, kStage, kOther.data(), 5), 5);
  EXPECT_EQ(mqlcl_tunable_get(c.h, MQLCL_TUNABLE_SGEMM_TUNED, a.data(), 5), 5);
  EXPECT_EQ(a, kOther);
  EXPECT_EQ(mqlcl_tuning_source(c.h, MQLCL_TUNABLE_SGEMM_TUNED), MQLCL_TUNING_SET);
  EXPECT_EQ(mqlcl_tunable_get(c.h, 1, a.data(), 5), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_SGEMM_TUNED, kNeverFits.data(), 5), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_tunable_get(c.h, MQLCL_TUNABLE_SGEMM_TUNED, a.data(), 4), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_tunable_get(0, MQLCL_TUNABLE_SGEMM_TUNED, a.data(), 5), MQLCL_ERR_HANDLE);
}

TEST_F(Tuning, EveryTunableRoundTripsThroughTheFile) {
  const int count = mqlcl_tunable_count();
  ASSERT_GE(count, 7);
  std::vector<std::vector<int>> stored;
  {
    t::Ctx a;
    for (int i = 0; i < count; ++i) {
      const int id = mqlcl_tunable_at(i);
      std::vector<int> p(16, 0);
      const int n = mqlcl_tunable_get(a.h, id, p.data(), 16);
      ASSERT_GT(n, 0) << id << ": " << t::message(a.h);
      p.resize(static_cast<size_t>(n));
      EXPECT_EQ(mqlcl_tuning_source(a.h, id), MQLCL_TUNING_DEFAULT) << id;
      // The default, changed where another value fits too.
      if (id == MQLCL_TUNABLE_TRANSFER) p[0] = 512;
      if (id == MQLCL_TUNABLE_EFFICIENCY) p[2] = 333;
      if (id == MQLCL_TUNABLE_PREPARATION) p[0] = 150;
      if (id == MQLCL_TUNABLE_DGEMM) p[2] = 8;
      ASSERT_EQ(mqlcl_tuning_store(a.h, id, p.data(), n), MQLCL_OK) << id << ": " << t::message(a.h);
      stored.push_back(p);
    }
  }
  t::Ctx b;
  for (int i = 0; i < count; ++i) {
    const int id = mqlcl_tunable_at(i);
    std::vector<int> p(16, 0);
    const int n = mqlcl_tunable_get(b.h, id, p.data(), 16);
    p.resize(static_cast<size_t>(n));
    EXPECT_EQ(p, stored[static_cast<size_t>(i)]) << id;
    EXPECT_EQ(mqlcl_tuning_source(b.h, id), MQLCL_TUNING_DEVICE) << id;
  }
}

namespace {
// An efficiency vector (one per mille per kernel, in the table's order): 500 each, `value` for
// `kernel`.
std::vector<int> efficiency_with(int kernel, int value) {
  std::vector<int> p;
  for (int k : t::gemm_kernels()) p.push_back(k == kernel ? value : 500);
  return p;
}
// A preparation vector (hundredths of a launch and wait a call, per kernel): 0 each, `value` for
// `kernel`.
std::vector<int> preparation_with(int kernel, int value) {
  std::vector<int> p;
  for (int k : t::gemm_kernels()) p.push_back(k == kernel ? value : 0);
  return p;
}
}  // namespace

TEST(Tunables, AVectorThatDoesNotFitIsRefusedNamingTheRule) {
  t::Ctx c;
  struct Bad {
    int id;
    std::vector<int> p;
    const char* rule;
  };
  const Bad bad[] = {
      {MQLCL_STAGE_TENSOR_TF32, {128, 128, 16, 64, 64, 9, 8}, "STAGES must be 2 .. 5"},
      {MQLCL_STAGE_TENSOR_3XTF32, {128, 128, 24, 64, 64, 3, 8}, "BK must be 16 or 32"},
      {MQLCL_STAGE_TENSOR_3XTF32, {128, 96, 16, 64, 64, 3, 8}, "WN must divide BN"},
      {MQLCL_TUNABLE_DGEMM, {64, 64, 16, 3, 4, 0, 0}, "WPTM must divide TSM"},
      {MQLCL_TUNABLE_DGEMM_TENSOR, {128, 64, 16, 64, 32, 2, 1234, 8}, "SHAPE 1234 is not one of"},
      {MQLCL_TUNABLE_DGEMM_TENSOR, {128, 64, 16, 64, 32, 7, 884, 8}, "STAGES must be 2 .. 4"},
      {MQLCL_TUNABLE_TRANSFER, {0, 4}, "CHUNK_KIB = 0 is outside"},
      {MQLCL_TUNABLE_TRANSFER, {1024, 65}, "THREADS = 65 is outside"},
      {MQLCL_STAGE_TENSOR_FP16, {128, 128, 24, 64, 64, 3, 8}, "BK must be 8, 16 or 32 (32, 64 or 128 bytes of a line per k-tile)"},
      {MQLCL_STAGE_TENSOR_3XFP16, {128, 128, 8, 64, 64, 3, 8}, "BK must be 16 or 32 (64 or 128 bytes of a line per k-tile)"},
      {MQLCL_STAGE_TENSOR_3XFP16, {128, 128, 16, 64, 24, 3, 8}, "WM and WN must be multiples of 16"},
      {MQLCL_TUNABLE_EFFICIENCY, efficiency_with(MQLCL_GEMM_KERNEL_TENSOR_3XTF32, 0), "efficiency of GEMM kernel 31 = 0 per mille"},
      {MQLCL_TUNABLE_PREPARATION, preparation_with(MQLCL_GEMM_KERNEL_TENSOR_FP16, -1),
       "preparation of GEMM kernel 32 = -1 hundredths of a launch and wait a call: it must be 0 .. 100000"},
      {MQLCL_TUNABLE_PREPARATION, preparation_with(MQLCL_GEMM_KERNEL_TENSOR_3XFP16, 100001),
       "preparation of GEMM kernel 33 = 100001 hundredths"},
  };
  for (const Bad& b : bad) {
    EXPECT_EQ(mqlcl_tunable_set(c.h, b.id, b.p.data(), static_cast<int>(b.p.size())), MQLCL_ERR_ARGUMENT) << b.rule;
    EXPECT_TRUE(t::mentions(c.h, b.rule));
    EXPECT_EQ(mqlcl_tuning_store(c.h, b.id, b.p.data(), static_cast<int>(b.p.size())), MQLCL_ERR_ARGUMENT) << b.rule;
  }
  // The preparation's range ends are values.
  for (int edge : {0, 100000}) {
    const auto p = preparation_with(MQLCL_GEMM_KERNEL_TENSOR_FP16, edge);
    EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_TUNABLE_PREPARATION, p.data(), static_cast<int>(p.size())),
              static_cast<int>(p.size()))
        << edge << ": " << t::message(c.h);
  }
  // The tensor tiles' __local need, from the same parameters the kernel is built with.
  const std::vector<int> deep = {128, 128, 32, 64, 64, 5, 8};  // 5 x 32 x 256 x 4 = 160 KiB
  const long long local = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  if (local < 163840) {
    EXPECT_EQ(mqlcl_tunable_set(c.h, MQLCL_STAGE_TENSOR_TF32, deep.data(), 7), MQLCL_ERR_LOCAL_SIZE);
    EXPECT_TRUE(t::mentions(c.h, "need 163840 bytes of __local memory"));
  }
  std::u16string buf(64, u'\0');
  ASSERT_GT(mqlcl_tunable_text(MQLCL_TUNABLE_TRANSFER, MQLCL_TUNABLE_TEXT_PARAMS, reinterpret_cast<mqlcl_char*>(&buf[0]), 64), 0);
  EXPECT_EQ(t::to_utf8(buf.substr(0, buf.find(u'\0'))), "CHUNK_KIB THREADS");
  EXPECT_EQ(mqlcl_tunable_text(5, MQLCL_TUNABLE_TEXT_NAME, reinterpret_cast<mqlcl_char*>(&buf[0]), 64), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_tunable_at(mqlcl_tunable_count()), MQLCL_ERR_RANGE);
}

// ---- the tile tunables' search spaces (mqlcl_tunable_candidate) ------------------------------

namespace {
std::vector<std::vector<int>> candidates_of(int id) {
  const int count = mqlcl_tunable_candidate_count(t::device(), id);
  EXPECT_GE(count, 0) << id << ": " << t::message();
  std::vector<std::vector<int>> out;
  for (int i = 0; i < count; ++i) {
    std::vector<int> p(16, -1);
    const int n = mqlcl_tunable_candidate(t::device(), id, i, p.data(), 16);
    EXPECT_GT(n, 0) << id << " candidate " << i << ": " << t::message();
    p.resize(static_cast<size_t>(std::max(n, 0)));
    out.push_back(p);
  }
  return out;
}
}  // namespace

// Every candidate offered is one the context on the same device takes (the tunable's own rule
// on the device), of the tunable's length, offered once; the defaults are among them, so a
// tune never stores a vector it did not weigh against the default.
TEST_F(Tuning, EveryTileCandidateFitsTheDeviceItIsOfferedFor) {
  t::Ctx c;
  for (int kernel : t::gemm_kernels()) {
    const int id = static_cast<int>(mqlcl_gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_TUNABLE));
    std::vector<int> def(16, -1);
    const int length = mqlcl_tunable_get(c.h, id, def.data(), 16);
    ASSERT_GT(length, 0) << id << ": " << t::message(c.h);
    def.resize(static_cast<size_t>(length));
    const auto candidates = candidates_of(id);
    for (const auto& p : candidates) {
      ASSERT_EQ(static_cast<int>(p.size()), length) << id;
      EXPECT_EQ(mqlcl_tunable_set(c.h, id, p.data(), length), length) << id << ": " << t::message(c.h);
      EXPECT_EQ(std::count(candidates.begin(), candidates.end(), p), 1) << id << ": a candidate offered twice";
    }
    if (!candidates.empty()) {
      EXPECT_NE(std::find(candidates.begin(), candidates.end(), def), candidates.end()) << id << ": the default is not tried";
    }
    // The count is where the candidates end.
    std::vector<int> p(16, 0);
    EXPECT_EQ(mqlcl_tunable_candidate(t::device(), id, static_cast<int>(candidates.size()), p.data(), 16), MQLCL_ERR_RANGE);
  }
  // Stage 10's default fits any device, so its kernel always has tiles to try.
  EXPECT_GT(mqlcl_tunable_candidate_count(t::device(), MQLCL_TUNABLE_SGEMM_TUNED), 0);
  // The same count through MQLCL_DEVICE_BEST where that is the test device.
  if (mqlcl_device_best() == t::device()) {
    EXPECT_EQ(mqlcl_tunable_candidate_count(MQLCL_DEVICE_BEST, MQLCL_TUNABLE_SGEMM_TUNED),
              mqlcl_tunable_candidate_count(t::device(), MQLCL_TUNABLE_SGEMM_TUNED));
  }
}

TEST(TunableCandidates, TunablesWithoutASearchSpaceOfferNone) {
  std::vector<int> p(16, 0);
  for (int id : {MQLCL_TUNABLE_TRANSFER, MQLCL_TUNABLE_EFFICIENCY, MQLCL_TUNABLE_PREPARATION}) {
    EXPECT_EQ(mqlcl_tunable_candidate_count(t::device(), id), 0) << id;
    EXPECT_EQ(mqlcl_tunable_candidate(t::device(), id, 0, p.data(), 16), MQLCL_ERR_RANGE) << id;
  }
}

TEST(TunableCandidates, BadCallsAreRefusedWithTheCause) {
  const int id = MQLCL_TUNABLE_SGEMM_TUNED, device = t::device();
  std::vector<int> p(16, 0);
  EXPECT_EQ(mqlcl_tunable_candidate_count(device, 1), MQLCL_ERR_STAGE);
  EXPECT_TRUE(t::mentions(0, "stage 1 (matr_mul_1dim) has no tunable parameters"));
  EXPECT_EQ(mqlcl_tunable_candidate(device, 12345, 0, p.data(), 16), MQLCL_ERR_STAGE);
  EXPECT_TRUE(t::mentions(0, "tunable 12345 does not exist (the tunables: 10 sgemm_tuned"));
  EXPECT_EQ(mqlcl_tunable_candidate_count(mqlcl_device_count(), id), MQLCL_ERR_DEVICE);
  EXPECT_EQ(mqlcl_tunable_candidate(-5, id, 0, p.data(), 16), MQLCL_ERR_DEVICE);
  const int count = mqlcl_tunable_candidate_count(device, id);
  ASSERT_GT(count, 0);
  EXPECT_EQ(mqlcl_tunable_candidate(device, id, -1, p.data(), 16), MQLCL_ERR_RANGE);
  EXPECT_EQ(mqlcl_tunable_candidate(device, id, count, p.data(), 16), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "candidate index " + std::to_string(count) + " is outside the " + std::to_string(count) +
                                 " candidates tunable 10 (sgemm_tuned) offers on device"));
  EXPECT_EQ(mqlcl_tunable_candidate(device, id, 0, nullptr, 5), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_tunable_candidate(device, id, 0, p.data(), 4), MQLCL_ERR_RANGE);
  EXPECT_TRUE(t::mentions(0, "count = 4: params must hold sgemm_tuned's {TSM TSN TSK WPTM WPTN} = 5 ints"));
  // A short buffer is not written.
  EXPECT_EQ(p, std::vector<int>(16, 0));
  EXPECT_EQ(mqlcl_tunable_candidate(device, id, 0, p.data(), 5), 5);
}

// Without $MQLCL_TUNING_FILE: mqlcl-tuning.txt beside the library. It stores the default
// vector so that other test processes that may read the file meanwhile see no change; a file
// that was there before is put back.
TEST(TuningBesideLibrary, StoreThenANewContextReadsIt) {
  t::set_env_path("MQLCL_TUNING_FILE", nullptr);
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_tuning_path(buf.data(), static_cast<int>(buf.size()));
  ASSERT_GT(n, 0);
  buf.resize(static_cast<size_t>(n));
  const fs::path path(buf);
  EXPECT_EQ(path.filename(), "mqlcl-tuning.txt");
  const bool existed = fs::exists(path);
  const std::string before = existed ? read_all(path) : std::string();
  {
    t::Ctx a;
    ASSERT_EQ(mqlcl_tuning_store(a.h, kStage, stage10_default().data(), 5), MQLCL_OK) << t::message(a.h);
  }
  EXPECT_TRUE(fs::exists(path)) << t::to_utf8(buf);
  {
    t::Ctx b;
    EXPECT_EQ(params_of(b.h), stage10_default());
    EXPECT_EQ(mqlcl_tuning_source(b.h, kStage), MQLCL_TUNING_DEVICE) << origin(b.h);
  }
  if (existed) {
    std::ofstream(path, std::ios::binary) << before;
  } else {
    std::error_code ec;
    fs::remove(path, ec);
  }
}
