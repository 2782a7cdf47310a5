#include "tuning/context_registry.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "core/error.hpp"
#include "tuning/file_lock.hpp"

namespace mqlcl {

namespace {

constexpr char kRegistryHeader[] = "# mqlcl-contexts 1";

// This process's turn at the registry (the file lock excludes other processes). Never destroyed.
std::mutex& registry_mutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}

bool whole_number(const std::string& s, unsigned long long& out) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  out = std::strtoull(s.c_str(), nullptr, 10);
  return errno == 0;
}

// One line into e; false for comments, blank and unreadable lines.
bool parse_registry_line(const std::string& line, RegisteredContext& e) {
  if (line.empty() || line[0] == '#') return false;
  const std::vector<std::string> f = split(line, '\t');
  unsigned long long device = 0;
  if (f.size() != 5 || !whole_number(f[0], e.process.pid) || !whole_number(f[1], e.process.start) ||
      !whole_number(f[2], e.context) || !whole_number(f[3], device) || device > 1000000 || f[4].empty())
    return false;
  e.device = static_cast<int>(device);
  e.device_name = f[4];
  return true;
}

std::string format_line(const RegisteredContext& e) {
  return str(e.process.pid, '\t', e.process.start, '\t', e.context, '\t', e.device, '\t', e.device_name);
}

// The registry's lines that parse and belong to running processes.
std::vector<RegisteredContext> read_live(const NativePath& path) {
  std::vector<RegisteredContext> live;
  for (const std::string& line : read_text_lines(path)) {
    RegisteredContext e;
    if (parse_registry_line(line, e) && process_running(e.process)) live.push_back(e);
  }
  return live;
}

void write_all(const NativePath& path, const std::vector<RegisteredContext>& live) {
  std::vector<std::string> lines = {kRegistryHeader, "# process id<TAB>process start<TAB>context<TAB>device number<TAB>device name"};
  for (const RegisteredContext& e : live) lines.push_back(format_line(e));
  replace_tuning_file(path, lines);
}

}  // namespace

NativePath context_registry_path() {
#if defined(_WIN32)
  return tuning_file_path() + L".contexts";
#else
  return tuning_file_path() + ".contexts";
#endif
}

std::vector<RegisteredContext> live_contexts() {
  const NativePath path = context_registry_path();
  std::lock_guard<std::mutex> in_process(registry_mutex());
  TuningFileLock across_processes(path);
  if (!across_processes.locked()) return {};
  return read_live(path);
}

Claim claim_context(const std::function<RegisteredContext(const std::vector<RegisteredContext>&)>& choose) {
  static std::atomic<unsigned long long> serial{0};  // trivially destructible
  Claim claim;
  claim.context = ++serial;
  const NativePath path = context_registry_path();
  std::lock_guard<std::mutex> in_process(registry_mutex());
  TuningFileLock across_processes(path);
  if (!across_processes.locked()) {
    claim.device = choose({}).device;
    return claim;
  }
  std::vector<RegisteredContext> live = read_live(path);
  RegisteredContext mine = choose(live);
  claim.device = mine.device;
  mine.process = this_process();
  mine.context = claim.context;
  live.push_back(mine);
  try {
    write_all(path, live);
    claim.registered = true;
  } catch (const Error&) {
    // Placement is advisory: a registry that cannot be written leaves this context uncounted.
  }
  return claim;
}

void release_context(unsigned long long context) noexcept {
  try {
    const NativePath path = context_registry_path();
    std::lock_guard<std::mutex> in_process(registry_mutex());
    TuningFileLock across_processes(path);
    if (!across_processes.locked()) return;
    const ProcessIdentity me = this_process();
    std::vector<RegisteredContext> kept;
    for (const RegisteredContext& e : read_live(path))
      if (!(e.process.pid == me.pid && e.process.start == me.start && e.context == context)) kept.push_back(e);
    write_all(path, kept);
  } catch (...) {
    // Nothing leaves a context's destruction: its line goes with its process at worst.
  }
}

}  // namespace mqlcl
