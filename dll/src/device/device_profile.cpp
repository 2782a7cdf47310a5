#include "device/device_profile.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/error.hpp"

namespace mqlcl {

namespace {

struct FieldInfo {
  const char* key;
  const char* words;  // for the text
  const char* unit;
};
const FieldInfo kFields[MQLCL_PROFILE_CEILINGS] = {
    {"fp32", "FP32 units", "GFLOP/s"},
    {"fp64", "FP64 units", "GFLOP/s"},
    {"mma_tf32", "mma.sync TF32", "GFLOP/s"},
    {"mma_fp16", "mma.sync FP16", "GFLOP/s"},
    {"mma_bf16", "mma.sync BF16", "GFLOP/s"},
    {"mma_int8", "mma.sync INT8", "GOP/s"},
    {"mma_fp64", "mma.sync FP64", "GFLOP/s"},
    {"copy", "device memory copy", "GB/s"},
    {"to_device", "host -> device, pageable", "GB/s"},
    {"from_device", "device -> host, pageable", "GB/s"},
    {"to_device_staged", "host -> device, the library's transfers", "GB/s"},
    {"from_device_staged", "device -> host, the library's transfers", "GB/s"},
    {"launch_us", "launch and wait", "us"},
};

// Never destroyed and trivially destructible: no static destructor in the DLL.
std::atomic<int> g_measurements{0};

}  // namespace

const char* profile_key(int field) { return field >= 0 && field < MQLCL_PROFILE_CEILINGS ? kFields[field].key : ""; }

std::string profile_values_text(const DeviceProfile& p) {
  std::ostringstream out;
  out.precision(6);
  for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i) out << (i ? " " : "") << kFields[i].key << '=' << p.v[i];
  return out.str();
}

std::string parse_profile_values(const std::string& text, DeviceProfile& p) {
  bool seen[MQLCL_PROFILE_CEILINGS] = {};
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return "'" + item + "' is not key=value";
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i) {
      if (key != kFields[i].key) continue;
      char* end = nullptr;
      const double v = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(v) || v < 0) return key + "=" + value + " is not a number >= 0";
      p.v[i] = v;
      seen[i] = true;
    }
  }
  for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i)
    if (!seen[i]) return std::string("no ") + kFields[i].key;
  return profile_values_refused(p.v);
}

std::string profile_values_refused(const double* v) {
  for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i)
    if (!std::isfinite(v[i]) || v[i] < 0) return str(kFields[i].key, " = ", v[i], ": a ceiling is a finite number >= 0");
  for (int i : {MQLCL_PROFILE_FP32, MQLCL_PROFILE_COPY, MQLCL_PROFILE_LAUNCH_US})
    if (v[i] <= 0) return str(kFields[i].key, " = ", v[i], ": every device has one, it must be > 0");
  return "";
}

int count_profile_measurement() { return ++g_measurements; }

int profile_measurements() { return g_measurements.load(); }

std::string profile_text(const DeviceProfile& p, const std::string& device, const std::string& driver) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(1);
  out << "device '" << device << "', driver '" << driver << "'\n";
  for (int i = 0; i < MQLCL_PROFILE_CEILINGS; ++i) {
    out << "  " << kFields[i].words << ": ";
    if (p.v[i] > 0)
      out << p.v[i] << ' ' << kFields[i].unit;
    else
      out << "none";
    out << '\n';
  }
  const int source = static_cast<int>(p.v[MQLCL_PROFILE_SOURCE]);
  out << (source == MQLCL_PROFILE_MEASURED ? "measured in " : source == MQLCL_PROFILE_CACHED ? "read from the cache" : "set by the caller");
  if (source == MQLCL_PROFILE_MEASURED) out << p.v[MQLCL_PROFILE_MEASURE_MS] << " ms";
  if (!p.note.empty()) out << "; " << p.note;
  return out.str();
}

}  // namespace mqlcl
