#include "core/os_error.hpp"

#if defined(_WIN32)
#include <windows.h>

#include "core/text.hpp"
#else
#include <cerrno>
#include <system_error>
#endif

namespace mqlcl {

#if defined(_WIN32)

std::string os_error_text(unsigned long err) {
  wchar_t* text = nullptr;
  const DWORD flags = FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS;
  const DWORD n = FormatMessageW(flags, nullptr, static_cast<DWORD>(err), 0, reinterpret_cast<wchar_t*>(&text), 0,
                                 nullptr);
  std::wstring words = n && text ? std::wstring(text, n) : std::wstring();
  if (text) LocalFree(text);
  while (!words.empty() && std::wstring(L"\r\n. ").find(words.back()) != std::wstring::npos) words.pop_back();
  const std::string code = "Windows error " + std::to_string(err);
  if (words.empty()) return code;
  return utf16_to_utf8(reinterpret_cast<const mqlcl_char*>(words.c_str())) + " (" + code + ")";
}

std::string last_os_error() { return os_error_text(GetLastError()); }

#else

std::string os_error_text(unsigned long err) {
  return std::generic_category().message(static_cast<int>(err)) + " (errno " + std::to_string(err) + ")";
}

std::string last_os_error() { return os_error_text(static_cast<unsigned long>(errno)); }

#endif

}  // namespace mqlcl
