// One of many processes that store into the same tuning file at once, as the strategy
// tester's agents do when each loads the library: it loads the library by path, creates a
// context, asks for the device profile where the library has that export (its cache is a
// line of the same file), and stores a stage-10 vector chosen by its index.
// tests/checks/check_tuning_race.py starts 16 of them together and checks the file after.
//
// Usage: mqlcl_tuning_race LIBRARY INDEX   (the file: $MQLCL_TUNING_FILE; the device:
//   $MQLCL_TEST_DEVICE, else 0). Prints "device: NAME" and "stored: P1 P2 P3 P4 P5".
// Exit: 0 stored, 1 a call failed, 2 usage or load failure.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mqlcl.h"
#include "utf16.hpp"

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace {

// Vectors any device that takes the default takes (at most 256 work-items per group, as the
// default, and 12.25 KiB of local memory): the index picks one, so processes store different ones.
constexpr int kVectors[][5] = {
    {64, 64, 16, 4, 4}, {32, 32, 16, 4, 4}, {64, 64, 8, 8, 8}, {128, 64, 16, 8, 8}, {64, 128, 16, 8, 8}, {32, 32, 8, 4, 4},
};
constexpr int kVectorCount = sizeof(kVectors) / sizeof(kVectors[0]);

using CreateFn = int (*)(int);
using FreeFn = int (*)(int);
using LastErrorFn = int (*)(int, mqlcl_char*, int);
using DeviceTextFn = int (*)(int, int, mqlcl_char*, int);
using TuningStoreFn = int (*)(int, int, const int*, int);
using DeviceProfileFn = int (*)(int, double*, int);

#ifdef _WIN32
void* load_library(const char* path) {
  // The command line's bytes are in the ANSI code page.
  const int n = MultiByteToWideChar(CP_ACP, 0, path, -1, nullptr, 0);
  std::wstring wide(static_cast<size_t>(n > 0 ? n : 1), L'\0');
  MultiByteToWideChar(CP_ACP, 0, path, -1, &wide[0], n);
  return reinterpret_cast<void*>(LoadLibraryW(wide.c_str()));
}
void* symbol(void* lib, const char* name) {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(lib), name));
}
#else
void* load_library(const char* path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }
void* symbol(void* lib, const char* name) { return dlsym(lib, name); }
#endif

std::string text_of(int n, const std::u16string& buf) {
  if (n < 0) return "<error " + std::to_string(n) + ">";
  return utf16::to_utf8(buf.substr(0, static_cast<size_t>(n) < buf.size() ? static_cast<size_t>(n) : buf.size() - 1));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s LIBRARY INDEX\n", argv[0]);
    return 2;
  }
  const int index = std::atoi(argv[2]);
  if (index < 0) {
    std::fprintf(stderr, "INDEX must be >= 0\n");
    return 2;
  }
  void* lib = load_library(argv[1]);
  if (!lib) {
    std::fprintf(stderr, "process %d: %s did not load\n", index, argv[1]);
    return 2;
  }
  auto create = reinterpret_cast<CreateFn>(symbol(lib, "mqlcl_create"));
  auto release = reinterpret_cast<FreeFn>(symbol(lib, "mqlcl_free"));
  auto last_error = reinterpret_cast<LastErrorFn>(symbol(lib, "mqlcl_last_error"));
  auto device_text = reinterpret_cast<DeviceTextFn>(symbol(lib, "mqlcl_device_text"));
  auto store = reinterpret_cast<TuningStoreFn>(symbol(lib, "mqlcl_tuning_store"));
  auto profile = reinterpret_cast<DeviceProfileFn>(symbol(lib, "mqlcl_device_profile"));  // may not exist
  if (!create || !release || !last_error || !device_text || !store) {
    std::fprintf(stderr, "process %d: an export is missing\n", index);
    return 2;
  }
  const auto message = [&](int handle) {
    std::u16string buf(1024, u'\0');
    return text_of(last_error(handle, &buf[0], static_cast<int>(buf.size())), buf);
  };
  const char* chosen = std::getenv("MQLCL_TEST_DEVICE");
  const int device = chosen && *chosen ? std::atoi(chosen) : 0;
  std::u16string name(1024, u'\0');
  const std::string device_name = text_of(device_text(device, MQLCL_TEXT_NAME, &name[0], 1024), name);

  const int ctx = create(device);
  if (ctx <= 0) {
    std::fprintf(stderr, "process %d: mqlcl_create(%d) = %d: %s\n", index, device, ctx, message(0).c_str());
    return 1;
  }
  std::printf("process %d, device %d\ndevice: %s\n", index, device, device_name.c_str());
  int rc = 0;
  if (profile) {
    double values[32] = {};
    const int n = profile(ctx, values, 32);
    std::printf("profile: %d\n", n);
    if (n < 0) {
      std::fprintf(stderr, "process %d: mqlcl_device_profile = %d: %s\n", index, n, message(ctx).c_str());
      rc = 1;
    }
  } else {
    std::printf("profile: no such export\n");
  }
  const int* v = kVectors[index % kVectorCount];
  const int stored = store(ctx, MQLCL_STAGE_SGEMM_TUNED, v, 5);
  if (stored != MQLCL_OK) {
    std::fprintf(stderr, "process %d: mqlcl_tuning_store = %d: %s\n", index, stored, message(ctx).c_str());
    rc = 1;
  } else {
    std::printf("stored: %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
  }
  release(ctx);
  std::fflush(stdout);
  return rc;
}
