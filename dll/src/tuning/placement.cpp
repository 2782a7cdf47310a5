#include "tuning/placement.hpp"

#include <algorithm>
#include <limits>
#include <mutex>
#include <vector>

#include "core/env_number.hpp"
#include "core/error.hpp"
#include "device/device_profile.hpp"
#include "device/devices.hpp"
#include "tuning/context_registry.hpp"
#include "tuning/file_lock.hpp"
#include "tuning/tuning_file.hpp"

namespace mqlcl {

namespace {

// The pinned device, or -1 where $MQLCL_DEVICE is unset.
int pinned_device() {
  const size_t n = all_devices().size();
  constexpr size_t kUnset = std::numeric_limits<size_t>::max();
  const size_t pin = env_number("MQLCL_DEVICE", 0, n - 1, kUnset);
  return pin == kUnset ? -1 : static_cast<int>(pin);
}

// The FP32 ceiling of the device's cached profile line for its driver, or 0.
double cached_fp32(const TuningFile& file, const DeviceFacts& f) {
  for (auto it = file.profiles.rbegin(); it != file.profiles.rend(); ++it) {
    if (it->device != f.name || it->driver != f.driver) continue;
    DeviceProfile p;
    if (parse_profile_values(it->values, p).empty()) return p.v[MQLCL_PROFILE_FP32];
  }
  return 0;
}

// The devices of the best kind: placement has a choice only where there are two or more.
std::vector<int> best_kind_devices() {
  const auto& ds = all_devices();
  int top = 0;
  for (const DeviceEntry& d : ds) top = std::max(top, kind_rank(d.facts));
  std::vector<int> out;
  for (size_t i = 0; i < ds.size(); ++i)
    if (kind_rank(ds[i].facts) == top) out.push_back(static_cast<int>(i));
  return out;
}

struct Candidate {
  int device;
  double rate;
};

// Rule 2 of placement.hpp.
std::vector<Candidate> placement_candidates() {
  const auto& ds = all_devices();
  TuningFile file;
  {
    std::lock_guard<std::mutex> turn(tuning_file_mutex());  // no read while this process renames it
    file = read_tuning_file(tuning_file_path());
  }
  std::vector<Candidate> all;
  bool profiled = true;
  for (int i : best_kind_devices()) {
    const double fp32 = cached_fp32(file, ds[static_cast<size_t>(i)].facts);
    profiled = profiled && fp32 > 0;
    all.push_back({i, fp32});
  }
  if (!profiled)
    for (Candidate& c : all) c.rate = facts_rate(ds[static_cast<size_t>(c.device)].facts);
  double fastest = 0;
  for (const Candidate& c : all) fastest = std::max(fastest, c.rate);
  std::vector<Candidate> kept;
  for (const Candidate& c : all)
    if (c.rate * 2 >= fastest) kept.push_back(c);
  return kept;
}

// Rule 3: the fewest live contexts, then the fastest, then the lowest number.
int least_loaded(const std::vector<Candidate>& cs, const std::vector<RegisteredContext>& live) {
  const auto& ds = all_devices();
  const auto load = [&](int device) {
    int n = 0;
    for (const RegisteredContext& e : live)
      if (e.device == device && e.device_name == ds[static_cast<size_t>(device)].facts.name) ++n;
    return n;
  };
  int best = -1, best_load = 0;
  double best_rate = 0;
  for (const Candidate& c : cs) {
    const int l = load(c.device);
    if (best < 0 || l < best_load || (l == best_load && c.rate > best_rate)) {
      best = c.device;
      best_load = l;
      best_rate = c.rate;
    }
  }
  return best < 0 ? best_device() : best;
}

}  // namespace

int placed_device() {
  const int pin = pinned_device();
  if (pin >= 0) return pin;
  if (best_kind_devices().size() < 2) return best_device();
  return least_loaded(placement_candidates(), live_contexts());
}

int resolved_device(int device) { return device == MQLCL_DEVICE_BEST ? placed_device() : device; }

ContextPlacement::ContextPlacement(int requested) {
  const int pin = requested == MQLCL_DEVICE_BEST ? pinned_device() : requested;
  if (pin != MQLCL_DEVICE_BEST) device_at(pin);  // MQLCL_ERR_DEVICE before anything is written
  const std::vector<int> choice = best_kind_devices();
  // One device of the best kind (the common machine): nothing to spread, no registry. A context
  // on a device of a lesser kind is no load on the candidates.
  if (choice.size() < 2 || (pin >= 0 && std::find(choice.begin(), choice.end(), pin) == choice.end())) {
    device_ = pin >= 0 ? pin : best_device();
    return;
  }
  std::vector<Candidate> cs;
  if (pin < 0) cs = placement_candidates();  // read before the registry's lock: it takes the tuning file's
  const Claim claim = claim_context([&](const std::vector<RegisteredContext>& live) {
    RegisteredContext mine;
    mine.device = pin >= 0 ? pin : least_loaded(cs, live);
    mine.device_name = device_at(mine.device).facts.name;
    return mine;
  });
  device_ = claim.device;
  context_ = claim.context;
  registered_ = claim.registered;
}

ContextPlacement::~ContextPlacement() {
  if (registered_) release_context(context_);
}

}  // namespace mqlcl
