#include "tuning/tuning_file.hpp"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "tuning/tunables.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <dlfcn.h>
#include <unistd.h>
#endif

namespace mqlcl {

namespace {

constexpr char kHeader[] = "# mqlcl-tuning ";

#if defined(_WIN32)
std::wstring wide_env(const wchar_t* name) {
  // GetEnvironmentVariableW reads the process environment, which both SetEnvironmentVariableW
  // and the C runtime's _wputenv update.
  DWORD n = GetEnvironmentVariableW(name, nullptr, 0);
  if (n == 0) return {};
  std::wstring v(n, L'\0');
  n = GetEnvironmentVariableW(name, &v[0], n);
  v.resize(n);
  return v;
}

std::wstring library_dir() {
  HMODULE self = nullptr;
  if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                          reinterpret_cast<LPCWSTR>(&tuning_file_path), &self))
    return {};
  std::wstring path(MAX_PATH, L'\0');
  for (;;) {  // long paths: grow until the name fits
    const DWORD n = GetModuleFileNameW(self, &path[0], static_cast<DWORD>(path.size()));
    if (n == 0) return {};
    if (n < path.size()) {
      path.resize(n);
      break;
    }
    path.resize(path.size() * 2);
  }
  const size_t cut = path.find_last_of(L"\\/");
  return cut == std::wstring::npos ? std::wstring() : path.substr(0, cut + 1);
}

FILE* open_file(const NativePath& p, const wchar_t* mode) { return _wfopen(p.c_str(), mode); }
#define MODE(m) L##m
#else
std::string library_dir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&tuning_file_path), &info) || !info.dli_fname) return {};
  const std::string path = info.dli_fname;
  const size_t cut = path.find_last_of('/');
  return cut == std::string::npos ? std::string() : path.substr(0, cut + 1);
}

FILE* open_file(const NativePath& p, const char* mode) { return std::fopen(p.c_str(), mode); }
#define MODE(m) m
#endif

struct FileCloser {
  FILE* f;
  ~FileCloser() {
    if (f) std::fclose(f);
  }
};

// Whole-field integer list: "128 128 16 8 8" -> {128, ...}; false on anything else.
bool parse_ints(const std::string& s, std::vector<int>& out) {
  std::istringstream in(s);
  long long v = 0;
  while (in >> v) {
    if (v < -2147483647LL || v > 2147483647LL) return false;
    out.push_back(static_cast<int>(v));
  }
  return in.eof() && !out.empty();
}

bool parse_int(const std::string& s, int& out) {
  std::vector<int> v;
  if (!parse_ints(s, v) || v.size() != 1) return false;
  out = v[0];
  return true;
}

// One line: an entry, or the reason it is not one ("" for blank and comment lines).
std::string parse_line(const std::string& line, TuningEntry& e) {
  if (line.empty() || line[0] == '#') return "";
  const std::vector<std::string> f = split(line, '\t');
  if (f.size() == 2) {  // format 1: "<device name>\t<TSM TSN TSK WPTM WPTN>"
    e.stage = 10;
    e.device = f[0];
    if (!parse_ints(f[1], e.params)) return "format 1: the parameters are not integers";
  } else if (f.size() == 4) {
    if (!parse_int(f[0], e.stage)) return "the stage '" + f[0] + "' is not an integer";
    e.device = f[1];
    e.architecture = f[2];
    if (!parse_ints(f[3], e.params)) return "the parameters '" + f[3] + "' are not integers";
  } else {
    return "expected 4 tab-separated fields (stage, device, architecture, parameters), found " +
           std::to_string(f.size());
  }
  if (e.device.empty()) return "the device name is empty";
  const Tunable* t = find_tunable(e.stage);
  if (!t) return "tunable " + std::to_string(e.stage) + " does not exist";
  if (static_cast<int>(e.params.size()) != t->count)
    return std::to_string(e.stage) + " (" + t->name + ") takes " + std::to_string(t->count) + " parameters (" + t->names +
           "), the line has " + std::to_string(e.params.size());
  return "";
}

}  // namespace

NativePath tuning_file_path() {
#if defined(_WIN32)
  std::wstring env = wide_env(L"MQLCL_TUNING_FILE");
  if (!env.empty()) return env;
  return library_dir() + L"mqlcl-tuning.txt";
#else
  const char* env = std::getenv("MQLCL_TUNING_FILE");
  if (env && *env) return env;
  return library_dir() + "mqlcl-tuning.txt";
#endif
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

std::string path_text(const NativePath& p) {
#if defined(_WIN32)
  return utf16_to_utf8(reinterpret_cast<const mqlcl_char*>(p.c_str()));
#else
  return p;
#endif
}

namespace {

enum class FileRead { Absent, Failed, Read };

// The file's lines without their ends ("\n" or "\r\n").
FileRead read_lines(const NativePath& path, std::vector<std::string>& lines) {
  FileCloser in{open_file(path, MODE("rb"))};
  if (!in.f) return FileRead::Absent;  // or unreadable
  std::string text;
  char buf[4096];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, in.f)) > 0) text.append(buf, n);
  if (std::ferror(in.f)) return FileRead::Failed;
  if (!text.empty() && text.back() == '\n') text.pop_back();
  if (text.empty()) return FileRead::Read;
  for (std::string line : split(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return FileRead::Read;
}

}  // namespace

std::vector<std::string> read_text_lines(const NativePath& path) {
  std::vector<std::string> lines;
  if (read_lines(path, lines) != FileRead::Read) lines.clear();
  return lines;
}

TuningFile read_tuning_file(const NativePath& path) {
  TuningFile out;
  std::vector<std::string> lines;
  const FileRead read = read_lines(path, lines);
  if (read == FileRead::Absent) return out;  // absent (or unreadable: lookups then say no entry was found)
  out.exists = true;
  if (read == FileRead::Failed) {  // tuning is optional: the lookups say why they found nothing
    out.rejected.push_back("the file could not be read");
    return out;
  }
  for (const std::string& line : lines) {
    out.lines.push_back(line);
    const int no = static_cast<int>(out.lines.size());
    if (line.compare(0, sizeof kHeader - 1, kHeader) == 0) {
      int format = 0;
      if (parse_int(line.substr(sizeof kHeader - 1), format) && format > kTuningFormat) out.newer_format = format;
      continue;
    }
    if (line.compare(0, sizeof kProfileTag, std::string(kProfileTag) + '\t') == 0) {
      const std::vector<std::string> f = split(line, '\t');
      if (f.size() != 5 || f[1].empty()) {
        out.rejected.push_back("line " + std::to_string(no) +
                               ": a profile line has 5 tab-separated fields (profile, device, architecture, driver, "
                               "values), this one " + std::to_string(f.size()));
        continue;
      }
      out.profiles.push_back(ProfileEntry{no, f[1], f[2], f[3], f[4]});
      continue;
    }
    TuningEntry e;
    e.line = no;
    const std::string why = parse_line(line, e);
    if (!why.empty())
      out.rejected.push_back("line " + std::to_string(no) + ": " + why);
    else if (e.stage != 0)
      out.entries.push_back(e);
  }
  if (out.newer_format) {
    out.rejected.push_back("the file is format " + std::to_string(out.newer_format) + ", this library reads format " +
                           std::to_string(kTuningFormat) + ": every entry ignored");
    out.entries.clear();
    out.profiles.clear();
  }
  return out;
}

std::string format_entry(const TuningEntry& e) {
  std::string out = std::to_string(e.stage) + '\t' + e.device + '\t' + e.architecture + '\t';
  for (size_t i = 0; i < e.params.size(); ++i) out += (i ? " " : "") + std::to_string(e.params[i]);
  return out;
}

void update_tuning_file(const NativePath& path, const TuningFile& file, const std::vector<int>& drop,
                        const std::string& add) {
  if (file.newer_format)
    fail(MQLCL_ERR_UNSUPPORTED, "the tuning file ", path_text(path), " is format ", file.newer_format,
         ", newer than this library's ", kTuningFormat, ": not rewritten");
  std::vector<bool> dropped(file.lines.size() + 1, false);
  for (int no : drop)
    if (no >= 1 && static_cast<size_t>(no) <= file.lines.size()) dropped[static_cast<size_t>(no)] = true;
  std::vector<std::string> lines = {std::string(kHeader) + std::to_string(kTuningFormat)};
  const bool has_header = !file.lines.empty() && file.lines[0].compare(0, sizeof kHeader - 1, kHeader) == 0;
  if (!has_header) {
    lines.push_back("# tunable id<TAB>device name (\"*\": any)<TAB>architecture<TAB>parameters (docs/ABI.md, tuning)");
    for (size_t i = 0; i < tunable_count(); ++i)
      lines.push_back(str("# ", tunable_at(i).id, " ", tunable_at(i).name, ": ", tunable_at(i).names));
    lines.push_back("# profile<TAB>device name<TAB>architecture<TAB>driver<TAB>measured ceilings (the device profile)");
  }
  for (size_t i = has_header ? 1 : 0; i < file.lines.size(); ++i)
    if (!dropped[i + 1]) lines.push_back(file.lines[i]);
  lines.push_back(add);
  replace_tuning_file(path, lines);
}

std::string format_profile(const ProfileEntry& e) {
  return std::string(kProfileTag) + '\t' + e.device + '\t' + e.architecture + '\t' + e.driver + '\t' + e.values;
}

void replace_tuning_file(const NativePath& path, const std::vector<std::string>& lines) {
#if defined(_WIN32)
  const NativePath tmp = path + L".tmp" + std::to_wstring(GetCurrentProcessId());
#else
  const NativePath tmp = path + ".tmp" + std::to_string(getpid());
#endif
  {
    FileCloser out{open_file(tmp, MODE("wb"))};
    if (!out.f) fail(MQLCL_ERR_ARGUMENT, "the tuning file cannot be written: ", path_text(tmp), " cannot be created");
    bool ok = true;
    for (const std::string& l : lines) ok = ok && std::fputs(l.c_str(), out.f) >= 0 && std::fputc('\n', out.f) != EOF;
    ok = std::fflush(out.f) == 0 && ok;
    if (!ok) {
      std::fclose(out.f);
      out.f = nullptr;
#if defined(_WIN32)
      _wremove(tmp.c_str());
#else
      std::remove(tmp.c_str());
#endif
      fail(MQLCL_ERR_ARGUMENT, "the tuning file cannot be written: writing ", path_text(tmp), " failed");
    }
  }
#if defined(_WIN32)
  // Windows and Wine refuse to rename over a file that another process holds open (Wine even
  // one opened with FILE_SHARE_DELETE): a context reading it as it is created, a virus
  // scanner. They hold it for moments: try again for up to 2 s before giving up.
  DWORD err = 0;
  for (int attempt = 0;; ++attempt) {
    err = MoveFileExW(tmp.c_str(), path.c_str(), MOVEFILE_REPLACE_EXISTING) ? 0 : GetLastError();
    if (err == 0 || (err != ERROR_ACCESS_DENIED && err != ERROR_SHARING_VIOLATION) || attempt == 200) break;
    Sleep(10);
  }
  if (err != 0) {
    _wremove(tmp.c_str());
    fail(MQLCL_ERR_ARGUMENT, "the tuning file ", path_text(path), " cannot be replaced (Windows error ", err, ")");
  }
#else
  const bool renamed = std::rename(tmp.c_str(), path.c_str()) == 0;
  if (!renamed) std::remove(tmp.c_str());
  if (!renamed) fail(MQLCL_ERR_ARGUMENT, "the tuning file ", path_text(path), " cannot be replaced");
#endif
}

}  // namespace mqlcl
