// The tuning file: where it is, what a line says, and how it is read and rewritten.
//
// Path: $MQLCL_TUNING_FILE, else mqlcl-tuning.txt beside the library. On Windows only wide
// APIs touch it (GetEnvironmentVariableW, GetModuleHandleExW/GetModuleFileNameW, _wfopen,
// MoveFileExW; CreateFileW for its lock file, tuning/file_lock): a path outside the ANSI
// code page (a user folder named Дмитрий_日本) works.
//
// Format 2, one entry per line, tab-separated, '#' starts a comment line:
//   # mqlcl-tuning 2
//   <stage>\t<device name>\t<architecture>\t<parameters, space-separated ints>
//   10\tNVIDIA H200\tNVIDIA Corporation GPU compute capability 9.0\t128 128 16 8 8
// Device name "*" makes an entry for the architecture only. The device profile's cache
// (tuning/profile_cache) is a line per device:
//   profile\t<device name>\t<architecture>\t<driver version>\t<key=value ...> Format 1 lines (what tune wrote
// before: "<device name>\t<TSM TSN TSK WPTM WPTN>") are still read as stage 10 entries for
// that exact device name. A line that fits neither is ignored (and reported by lookups).
#pragma once
#include <string>
#include <vector>

namespace mqlcl {

#if defined(_WIN32)
using NativePath = std::wstring;  // UTF-16, as Windows' wide APIs take it
#else
using NativePath = std::string;
#endif

constexpr int kTuningFormat = 2;

NativePath tuning_file_path();
std::string path_text(const NativePath& p);  // UTF-8, for messages

struct TuningEntry {
  int line = 0;  // 1-based line in the file
  int stage = 0;
  std::string device;        // exact CL_DEVICE_NAME, or "*"
  std::string architecture;  // "" for format-1 lines
  std::vector<int> params;
};

struct ProfileEntry {
  int line = 0;
  std::string device, architecture, driver;
  std::string values;  // "fp32=59100 fp64=..." (device/device_profile reads it)
};

struct TuningFile {
  bool exists = false;
  std::vector<std::string> lines;     // as read (without line ends), for rewriting
  std::vector<TuningEntry> entries;   // the lines that parse as entries
  std::vector<ProfileEntry> profiles; // the profile lines
  std::vector<std::string> rejected;  // "line 4: <why>" for lines that do not
  int newer_format = 0;               // a header of a format this library does not know
};

// An absent file is an empty TuningFile (exists = false); a read error leaves it without
// entries, with the reason in `rejected` (a context is still created, with defaults).
TuningFile read_tuning_file(const NativePath& path);
// Any text file's lines without their ends; none where it is absent or cannot be read.
std::vector<std::string> read_text_lines(const NativePath& path);
// A line's fields between `sep`s (n separators: n + 1 fields, empty ones kept): the tuning
// file's and the placement registry's tab-separated lines.
std::vector<std::string> split(const std::string& s, char sep);
std::string format_entry(const TuningEntry& e);
std::string format_profile(const ProfileEntry& e);
constexpr char kProfileTag[] = "profile";
// Rewrites the file read as `file`: its header first, every line but the `drop` ones (line
// numbers) as they were (comments, lines this library cannot read), then `add`. Refuses a file
// of a newer format (MQLCL_ERR_UNSUPPORTED). The caller holds with_tuning_file_locked.
void update_tuning_file(const NativePath& path, const TuningFile& file, const std::vector<int>& drop,
                        const std::string& add);
// Writes the lines to a temporary file beside `path`, then renames it over `path`: a
// reader sees the old file or the new one, never half of one.
void replace_tuning_file(const NativePath& path, const std::vector<std::string>& lines);

}  // namespace mqlcl
