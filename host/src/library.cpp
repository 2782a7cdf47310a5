#include "library.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <dlfcn.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <climits>
#include <vector>

namespace host {

namespace {
Library g_lib;

std::string exe_dir() {
#if defined(_WIN32)
  char buf[MAX_PATH] = {0};
  GetModuleFileNameA(nullptr, buf, MAX_PATH);
  std::string p(buf);
  const size_t cut = p.find_last_of("\\/");
#else
  char buf[PATH_MAX] = {0};
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  std::string p(buf, n > 0 ? static_cast<size_t>(n) : 0);
  const size_t cut = p.find_last_of('/');
#endif
  return cut == std::string::npos ? std::string() : p.substr(0, cut + 1);
}

#if defined(_WIN32)
const char* kLibName = "mqlcl.dll";
#else
const char* kLibName = "libmqlcl.so";
#endif
}  // namespace

const Library& load_library(const std::string& path) {
  std::vector<std::string> tries;
  if (!path.empty()) {
    tries.push_back(path);
  } else {
    tries.push_back(exe_dir() + kLibName);
    tries.push_back(exe_dir() + "../dll/" + kLibName);  // the build tree's layout
    tries.push_back(kLibName);
  }
  std::string errors;
  for (const auto& p : tries) {
#if defined(_WIN32)
    HMODULE h = LoadLibraryA(p.c_str());
    if (!h) {
      errors += "\n  " + p + ": Windows error " + std::to_string(GetLastError());
      continue;
    }
    auto sym = [&](const char* n) { return reinterpret_cast<void*>(GetProcAddress(h, n)); };
#else
    void* h = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      errors += std::string("\n  ") + dlerror();
      continue;
    }
    auto sym = [&](const char* n) { return dlsym(h, n); };
#endif
#define MQLCL_HOST_RESOLVE(name)                                                           \
  g_lib.name = reinterpret_cast<decltype(g_lib.name)>(sym(#name));                          \
  if (!g_lib.name) throw std::runtime_error(p + " does not export " #name);
    MQLCL_EXPORTS(MQLCL_HOST_RESOLVE)
#undef MQLCL_HOST_RESOLVE
    g_lib.path = p;
    return g_lib;
  }
  throw std::runtime_error("cannot load the mqlcl library:" + errors);
}

const Library& lib() { return g_lib; }

std::string last_error(int handle) {
  std::u16string buf(4096, u'\0');
  const int n = lib().mqlcl_last_error(handle, buf.data(), static_cast<int>(buf.size()));
  if (n < 0) return "(no message)";
  if (n >= static_cast<int>(buf.size())) {
    buf.assign(static_cast<size_t>(n) + 1, u'\0');
    lib().mqlcl_last_error(handle, buf.data(), n + 1);
  }
  buf.resize(static_cast<size_t>(std::min<int>(n, static_cast<int>(buf.size()) - 1)));
  return to_utf8(buf);
}

int check(int rc, const char* call) {
  if (rc < 0) throw AbiError(rc, std::string(call) + ": " + last_error(0));
  return rc;
}

}  // namespace host
