#include "compute/device_profile.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "compute/context.hpp"
#include "compute/peak.hpp"
#include "compute/tensor_decision.hpp"
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

double since_ms(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

// Host <-> device GB/s of `bytes`, the best of 3: pageable (a blocking read or write from a
// std::vector) or through the context's transfers (the GEMM's path).
double transfer_rate(Context& ctx, size_t bytes, bool to_device, bool staged) {
  std::vector<char> host(bytes, 1);
  cl::Buffer dev = ctx.allocate(bytes, "the transfer test's buffer");
  double best = 1e300;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    if (staged) {
      const RowCopy copy{host.data(), 1, bytes, bytes, &dev};
      (to_device ? ctx.uploads() : ctx.downloads()).run(&copy, 1);
    } else if (to_device) {
      ctx.queue().enqueueWriteBuffer(dev, CL_TRUE, 0, bytes, host.data());
    } else {
      ctx.queue().enqueueReadBuffer(dev, CL_TRUE, 0, bytes, host.data());
    }
    best = std::min(best, since_ms(start));
  }
  return best > 0 ? static_cast<double>(bytes) / (best * 1e6) : 0;
}

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

DeviceProfile measure_profile(Context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const DeviceFacts& f = ctx.facts();
  DeviceProfile p;
  const bool cpu = is_cpu(f);
  p.v[MQLCL_PROFILE_FP32] = measure_fp32(ctx);
  if (f.fp64) p.v[MQLCL_PROFILE_FP64] = measure_fp64(ctx);
  if (tensor_support(f).available) {
    p.v[MQLCL_PROFILE_MMA_TF32] = measure_mma(ctx, MmaInput::Tf32);
    p.v[MQLCL_PROFILE_MMA_FP16] = measure_mma(ctx, MmaInput::Fp16);
    p.v[MQLCL_PROFILE_MMA_BF16] = measure_mma(ctx, MmaInput::Bf16);
    p.v[MQLCL_PROFILE_MMA_INT8] = measure_mma(ctx, MmaInput::Int8);
    if (f.fp64) p.v[MQLCL_PROFILE_MMA_FP64] = measure_mma_fp64(ctx, dgemm_tensor_shape(f));
  }
  // Large enough to pass caches and launch costs, small enough for the time budget.
  const unsigned long long room = std::min<unsigned long long>(f.max_alloc, f.global_mem / 4);
  const size_t copy_bytes = static_cast<size_t>(std::min<unsigned long long>(cpu ? 16ull << 20 : 256ull << 20, room));
  const size_t transfer_bytes = static_cast<size_t>(std::min<unsigned long long>(cpu ? 8ull << 20 : 64ull << 20, room));
  p.v[MQLCL_PROFILE_COPY] = measure_bandwidth(ctx, copy_bytes);
  p.v[MQLCL_PROFILE_TO_DEVICE] = transfer_rate(ctx, transfer_bytes, true, false);
  p.v[MQLCL_PROFILE_FROM_DEVICE] = transfer_rate(ctx, transfer_bytes, false, false);
  p.v[MQLCL_PROFILE_TO_DEVICE_STAGED] = transfer_rate(ctx, transfer_bytes, true, true);
  p.v[MQLCL_PROFILE_FROM_DEVICE_STAGED] = transfer_rate(ctx, transfer_bytes, false, true);
  p.v[MQLCL_PROFILE_LAUNCH_US] = std::max(0.1, measure_launch_us(ctx));
  p.v[MQLCL_PROFILE_MEASURE_MS] = since_ms(start);
  p.v[MQLCL_PROFILE_SOURCE] = MQLCL_PROFILE_MEASURED;
  p.v[MQLCL_PROFILE_MEASUREMENTS] = ++g_measurements;
  return p;
}

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
