#include "platform/host_blas.hpp"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace mqlcl {

namespace {

// OpenBLAS first (the terminal's own BLAS since build 5100), then the reference BLAS, which on
// Debian is an alternative that may itself be OpenBLAS.
#ifdef _WIN32
const char* const kNames[] = {"libopenblas.dll", "openblas.dll", "libblas.dll", "blas.dll"};
#else
const char* const kNames[] = {"libopenblas.so.0", "libopenblas.so", "libblas.so.3", "libblas.so"};
#endif

struct SearchState {
  std::mutex mutex;
  bool searched = false;
  HostBlas blas;
  bool found = false;
  std::string tried;  // each name tried and why it was not taken
};
SearchState& state() {
  static SearchState* s = new SearchState();  // never destroyed: no exit-time destructor
  return *s;
}

#ifdef _WIN32
std::wstring wide(const std::string& s) {
  const int n = MultiByteToWideChar(CP_UTF8, 0, s.c_str(), -1, nullptr, 0);
  std::wstring w(n > 0 ? static_cast<size_t>(n) : 1, L'\0');
  if (n > 0) MultiByteToWideChar(CP_UTF8, 0, s.c_str(), -1, &w[0], n);
  return std::wstring(w.c_str());
}
// The folder of mqlcl.dll itself (MQL5\Libraries): where a user puts libopenblas.dll.
std::wstring own_folder() {
  HMODULE self = nullptr;
  if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                          reinterpret_cast<LPCWSTR>(&state), &self))
    return L"";
  wchar_t path[MAX_PATH];
  const DWORD n = GetModuleFileNameW(self, path, MAX_PATH);
  if (n == 0 || n >= MAX_PATH) return L"";
  std::wstring p(path, n);
  const size_t slash = p.find_last_of(L"\\/");
  return slash == std::wstring::npos ? L"" : p.substr(0, slash + 1);
}
// A path as given; a bare name beside mqlcl.dll, then in the application's folder and the
// system's (never the current directory, where anyone could plant a DLL).
void* open_library(const std::string& name, bool is_path, std::string& why) {
  HMODULE dll = nullptr;
  if (is_path) {
    dll = LoadLibraryExW(wide(name).c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
  } else {
    const std::wstring folder = own_folder();
    if (!folder.empty()) dll = LoadLibraryExW((folder + wide(name)).c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (dll == nullptr)
      dll = LoadLibraryExW(wide(name).c_str(), nullptr, LOAD_LIBRARY_SEARCH_APPLICATION_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32);
  }
  if (dll == nullptr) why = "not found (Windows error " + std::to_string(GetLastError()) + ")";
  return reinterpret_cast<void*>(dll);
}
void* symbol(void* library, const char* name) {
  return reinterpret_cast<void*>(GetProcAddress(reinterpret_cast<HMODULE>(library), name));
}
void close_library(void* library) { FreeLibrary(reinterpret_cast<HMODULE>(library)); }
#else
void* open_library(const std::string& name, bool, std::string& why) {
  void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    const char* e = dlerror();
    why = e ? e : "not found";
  }
  return lib;
}
void* symbol(void* library, const char* name) { return dlsym(library, name); }
void close_library(void* library) { dlclose(library); }
#endif

// A product of known values through each entry point: A (2 x 3) = [1 2 3; 4 5 6] times B (3 x 2)
// = [7 8; 9 10; 11 12], and A times the transpose of [7 8 9; 10 11 12].
bool computes_right(const HostBlas& b) {
  const float af[6] = {1, 2, 3, 4, 5, 6}, bf[6] = {7, 8, 9, 10, 11, 12};
  float cf[4] = {1, 1, 1, 1};
  b.sgemm(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, 2, 2, 3, 1.0f, af, 3, bf, 2, 0.5f, cf, 2);
  const double ad[6] = {1, 2, 3, 4, 5, 6}, bd[6] = {7, 8, 9, 10, 11, 12};
  double cd[4] = {1, 1, 1, 1};
  b.dgemm(kCblasRowMajor, kCblasNoTrans, kCblasTrans, 2, 2, 3, 2.0, ad, 3, bd, 3, 0.0, cd, 2);
  // A B = [58 64; 139 154], plus 0.5 C; 2 A B^T = 2 [50 68; 122 167].
  return cf[0] == 58.5f && cf[1] == 64.5f && cf[2] == 139.5f && cf[3] == 154.5f && cd[0] == 100 && cd[1] == 136 &&
         cd[2] == 244 && cd[3] == 334;
}

bool try_library(SearchState& s, const std::string& name, bool is_path) {
  std::string why;
  void* lib = open_library(name, is_path, why);
  if (lib != nullptr) {
    HostBlas b;
    b.sgemm = reinterpret_cast<HostBlas::Sgemm>(symbol(lib, "cblas_sgemm"));
    b.dgemm = reinterpret_cast<HostBlas::Dgemm>(symbol(lib, "cblas_dgemm"));
    b.library = name;
    if (b.sgemm == nullptr || b.dgemm == nullptr) {
      why = "has no cblas_sgemm and cblas_dgemm";
    } else if (!computes_right(b)) {
      why = "gives a wrong product through CBLAS (a build with 64-bit integers?)";
    } else {
      s.blas = b;  // kept loaded for the process's life, as the terminal keeps its own
      return true;
    }
    close_library(lib);
  }
  s.tried += (s.tried.empty() ? "" : "; ") + name + ": " + why;
  return false;
}

bool switched_off() {
  const char* v = std::getenv("MQLCL_HOST_BLAS");
  return v != nullptr && std::strcmp(v, "off") == 0;
}

}  // namespace

const HostBlas* host_blas() {
  if (switched_off()) return nullptr;
  SearchState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.searched) {
    s.searched = true;
    const char* v = std::getenv("MQLCL_HOST_BLAS");
    if (v != nullptr && *v != '\0') {
      s.found = try_library(s, v, true);
    } else {
      for (const char* name : kNames)
        if ((s.found = try_library(s, name, false))) break;
    }
  }
  return s.found ? &s.blas : nullptr;
}

std::string host_blas_search() {
  if (switched_off()) return "MQLCL_HOST_BLAS=off";
  const HostBlas* b = host_blas();
  SearchState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (b != nullptr) return s.blas.library;
  return "none found (" + s.tried + ")";
}

}  // namespace mqlcl
