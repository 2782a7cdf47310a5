#include "tuning/profile_cache.hpp"

#include "core/error.hpp"
#include "tuning/file_lock.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

namespace {

// The newest usable line of the device in `file` into p (true), or false with the reasons for
// the lines that were not used added to `skipped`.
bool cached(const TuningFile& file, const DeviceFacts& f, DeviceProfile& p, std::string& skipped) {
  for (auto it = file.profiles.rbegin(); it != file.profiles.rend(); ++it) {
    if (it->device != f.name) continue;
    const std::string at = str("line ", it->line);
    if (it->driver != f.driver) {
      skipped += str(at, " was measured under driver '", it->driver, "', this is '", f.driver, "'; ");
      continue;
    }
    DeviceProfile found;
    const std::string why = parse_profile_values(it->values, found);
    if (!why.empty()) {
      skipped += str(at, " skipped: ", why, "; ");
      continue;
    }
    found.v[MQLCL_PROFILE_SOURCE] = MQLCL_PROFILE_CACHED;
    found.v[MQLCL_PROFILE_MEASUREMENTS] = profile_measurements();
    found.note = str(skipped, "cached on ", at, " of ", path_text(tuning_file_path()));
    p = found;
    return true;
  }
  return false;
}

}  // namespace

DeviceProfile cached_or_measured_profile(const DeviceFacts& f, const std::function<DeviceProfile()>& measure) {
  const NativePath path = tuning_file_path();
  DeviceProfile p;
  std::string skipped;
  if (cached(read_tuning_file(path), f, p, skipped)) return p;
  bool ran = false;
  try {
    with_tuning_file_locked(path, [&] {
      ran = true;
      const TuningFile file = read_tuning_file(path);  // another process may have measured meanwhile
      std::string again;
      if (cached(file, f, p, again)) return;
      p = measure();
      // The cache is optional: a file that cannot be written leaves the profile uncached.
      try {
        if (f.name.find_first_of("\t\r\n") != std::string::npos || f.driver.find_first_of("\t\r\n") != std::string::npos)
          fail(MQLCL_ERR_UNSUPPORTED, "the device name or driver contains a tab or line break");
        std::vector<int> drop;  // this device's older lines
        for (const ProfileEntry& e : file.profiles)
          if (e.device == f.name) drop.push_back(e.line);
        update_tuning_file(path, file, drop,
                           format_profile(ProfileEntry{0, f.name, architecture(f), f.driver, profile_values_text(p)}));
        p.note = skipped + "cached in " + path_text(path);
      } catch (const Error& e) {
        p.note = skipped + "not cached: " + e.what();
      }
    });
  } catch (const Error& e) {
    if (ran) throw;  // the measurement's own failure
    p = measure();  // no lock to be had (a read-only folder): measured, not cached
    p.note = skipped + "not cached: " + e.what();
  }
  return p;
}

}  // namespace mqlcl
