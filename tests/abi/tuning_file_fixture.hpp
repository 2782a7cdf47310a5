// A test's own tuning file: $MQLCL_TUNING_FILE pointed at a file in a fresh folder for the
// test, the variable removed and the folder deleted afterwards (test_tuning, test_plan).
#pragma once
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace t {

namespace fs = std::filesystem;

// Sets (value null: removes) an environment variable to a path, through the wide API on
// Windows: a temporary folder may be outside the ANSI code page.
inline void set_env_path(const char* name, const fs::path* value) {
#if defined(_WIN32)
  const std::wstring n(name, name + std::strlen(name));
  _wputenv_s(n.c_str(), value ? value->wstring().c_str() : L"");
#else
  if (value)
    setenv(name, value->string().c_str(), 1);
  else
    unsetenv(name);
#endif
}

class OwnTuningFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("mqlcl-tuning-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    file_ = dir_ / "tuning.txt";
    set_env_path("MQLCL_TUNING_FILE", &file_);
  }
  void TearDown() override {
    set_env_path("MQLCL_TUNING_FILE", nullptr);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void write(const std::vector<std::string>& lines, const char* eol = "\n") const {
    std::ofstream out(file_, std::ios::binary);
    for (const auto& l : lines) out << l << eol;
  }
  std::vector<std::string> lines() const {
    std::ifstream in(file_, std::ios::binary);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
  }
  fs::path dir_, file_;
};

}  // namespace t
