#include "tuning/context_tuning.hpp"

#include <mutex>

#include "core/error.hpp"
#include "tuning/file_lock.hpp"
#include "tuning/tunables.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

namespace {

// A reader takes no cross-process lock (the file is replaced by a rename), only this
// process's mutex (tuning_file_mutex says why).
TuningFile read_locked(const NativePath& path) {
  std::lock_guard<std::mutex> lock(tuning_file_mutex());
  return read_tuning_file(path);
}

std::string params_text(const std::vector<int>& p) {
  std::string out;
  for (size_t i = 0; i < p.size(); ++i) out += (i ? " " : "") + std::to_string(p[i]);
  return out;
}

// Whether an error says why a vector does not fit; any other failure propagates.
std::string why_not(const Tunable& t, const int* params, const DeviceFacts& f) {
  try {
    t.validate(params, f);
    return "";
  } catch (const Error& e) {
    if (e.code() != MQLCL_ERR_ARGUMENT && e.code() != MQLCL_ERR_LOCAL_SIZE) throw;
    return e.what();
  }
}

TunedParams lookup(const Tunable& t, const DeviceKey& key, const DeviceFacts& f, const TuningFile& file,
                   const std::string& path) {
  TunedParams out;
  out.id = t.id;
  std::string skipped;
  const auto note = [&](const std::string& s) { skipped += "; " + s; };
  for (const std::string& r : file.rejected) note("ignored " + r);
  // Exact device name first, then the architecture; within a level the last line wins.
  for (const int source : {MQLCL_TUNING_DEVICE, MQLCL_TUNING_ARCHITECTURE}) {
    for (auto it = file.entries.rbegin(); it != file.entries.rend(); ++it) {
      const TuningEntry& e = *it;
      const bool match = e.stage == t.id &&
                         (source == MQLCL_TUNING_DEVICE
                              ? e.device == key.name
                              : !e.architecture.empty() && e.architecture == key.architecture);
      if (!match) continue;
      const char* level = source == MQLCL_TUNING_DEVICE ? "exact device name" : "architecture";
      const std::string why = why_not(t, e.params.data(), f);
      if (!why.empty()) {
        note("line " + std::to_string(e.line) + " (" + level + ") does not fit the device: " + why);
        continue;
      }
      out.params = e.params;
      out.source = source;
      out.origin = path + ", line " + std::to_string(e.line) + " (" + level + " '" +
                   (source == MQLCL_TUNING_DEVICE ? key.name : key.architecture) + "'): " + params_text(e.params) + skipped;
      return out;
    }
  }
  out.params.assign(static_cast<size_t>(t.count), 0);
  t.defaults(f, out.params.data());
  out.source = MQLCL_TUNING_DEFAULT;
  out.origin = "built-in default " + params_text(out.params) + ": no entry for device '" + key.name +
               "' or architecture '" + key.architecture + "' in " + path + (file.exists ? "" : " (no such file)") +
               skipped;
  return out;
}

}  // namespace

DeviceKey device_key(const DeviceFacts& f) { return DeviceKey{f.name, architecture(f)}; }


void ContextTuning::load(const DeviceFacts& f) {
  key_ = device_key(f);
  const NativePath path = tuning_file_path();
  const TuningFile file = read_locked(path);
  tunables_.clear();
  ++generation_;
  for (size_t i = 0; i < tunable_count(); ++i) tunables_.push_back(lookup(tunable_at(i), key_, f, file, path_text(path)));
}

const TunedParams& ContextTuning::get(int id) const {
  const Tunable& t = tunable(id);
  for (const auto& s : tunables_)
    if (s.id == t.id) return s;
  fail(MQLCL_ERR_INTERNAL, "tunable ", id, " was not looked up");
}

TunedParams& ContextTuning::slot(int id) {
  ++generation_;  // every change goes through here
  return const_cast<TunedParams&>(get(id));
}

void ContextTuning::set(int id, const int* params, const DeviceFacts& f) {
  const Tunable& t = tunable(id);
  t.validate(params, f);
  TunedParams& s = slot(id);
  s.params.assign(params, params + t.count);
  s.source = MQLCL_TUNING_SET;
  s.origin = "set by the caller: " + params_text(s.params);
}

bool ContextTuning::adopt(int id, const TuningFile& file, const NativePath& path, const DeviceFacts& f) {
  TunedParams found = lookup(tunable(id), key_, f, file, path_text(path));
  if (found.source == MQLCL_TUNING_DEFAULT) return false;
  slot(id) = std::move(found);
  return true;
}

void ContextTuning::use(int id, const std::vector<int>& params, int source, const std::string& origin) {
  TunedParams& s = slot(id);
  s.params = params;
  s.source = source;
  s.origin = origin;
}

void store_tuning(const DeviceKey& key, const DeviceFacts& f, int stage, const int* params) {
  const NativePath path = tuning_file_path();
  // Read, change and replace under the cross-process lock: another process storing between
  // this read and this rename would otherwise lose its lines.
  with_tuning_file_locked(path, [&] { store_tuning_locked(path, read_tuning_file(path), key, f, stage, params); });
}

void store_tuning_locked(const NativePath& path, const TuningFile& file, const DeviceKey& key, const DeviceFacts& f,
                         int stage, const int* params) {
  const Tunable& t = tunable(stage);
  t.validate(params, f);
  if (key.name.find_first_of("\t\r\n") != std::string::npos || key.architecture.find_first_of("\t\r\n") != std::string::npos)
    fail(MQLCL_ERR_UNSUPPORTED, "the device name '", key.name, "' contains a tab or line break: it cannot be a tuning entry");
  TuningEntry entry;
  entry.stage = stage;
  entry.device = key.name;
  entry.architecture = key.architecture;
  entry.params.assign(params, params + t.count);
  std::vector<int> drop;  // this device's entries for the tunable
  for (const TuningEntry& e : file.entries)
    if (e.stage == stage && e.device == key.name) drop.push_back(e.line);
  update_tuning_file(path, file, drop, format_entry(entry));
}

}  // namespace mqlcl
