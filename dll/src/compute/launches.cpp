#include "compute/launches.hpp"

#include "core/error.hpp"

namespace mqlcl {

namespace {
// Launches kept before the completed ones at the front are looked for (every kFrontCheck
// additions): a long chain without a wait keeps its list short without a query per launch.
constexpr size_t kKeep = 256;
constexpr size_t kFrontCheck = 64;
// Failures kept with their messages; more are counted.
constexpr size_t kKeepFailures = 16;

cl_int status_of(const cl::Event& e) {
  cl_int status = CL_COMPLETE;
  if (clGetEventInfo(e(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr) != CL_SUCCESS)
    return CL_INVALID_EVENT;
  return status;
}

// A failed command's execution status: an OpenCL error code, or -1 where the driver gives
// none (PoCL for a launch whose dependency failed).
std::string execution_status_text(cl_int status) {
  if (status == -1) return "execution status -1 (the driver names no cause)";
  return "execution status " + cl_error_name(status) + " (" + std::to_string(status) + ")";
}

std::string sizes(int dims, const size_t* v) {
  std::string s;
  for (int i = 0; i < dims; ++i) s += (i ? " x " : "") + std::to_string(v[i]);
  return s;
}
}  // namespace

std::string describe_launch(const LaunchSubject& s, const LaunchRange& r) {
  std::string d = "kernel \"" + s.kernel_name + "\" over " + sizes(r.dims, r.global);
  if (r.local[0] != 0) d += " (local " + sizes(r.dims, r.local) + ")";
  if (r.offset[0] || r.offset[1] || r.offset[2]) d += " from offset " + sizes(r.dims, r.offset);
  return d;
}

void LaunchesInFlight::add(cl::Event done, std::shared_ptr<const LaunchSubject> subject, const LaunchRange& range) {
  launches_.push_back({std::move(done), std::move(subject), range});
  if (launches_.size() >= kKeep && launches_.size() % kFrontCheck == 0) forget_completed_front();
}

void LaunchesInFlight::forget_completed_front() {
  while (!launches_.empty()) {
    const cl_int status = status_of(launches_.front().done);
    if (status > CL_COMPLETE) return;  // queued, submitted or running: so is everything after it
    if (status < 0) note(launches_.front(), status, "");
    launches_.pop_front();
  }
}

void LaunchesInFlight::note(const Launch& l, cl_int status, const std::string& why) {
  if (failures_.size() >= kKeepFailures) {
    ++dropped_failures_;
    return;
  }
  std::string m = describe_launch(*l.subject, l.range) + ", queued without waiting, failed on the device: " +
                  execution_status_text(status);
  if (!why.empty()) m += "; " + why;
  failures_.push_back({l.done, std::move(m)});
}

void LaunchesInFlight::settle() {
  for (const Launch& l : launches_) {
    const cl_int status = status_of(l.done);
    if (status < 0) note(l, status, "");
  }
  launches_.clear();
}

void LaunchesInFlight::settle_after(const std::string& failed_wait) {
  const size_t before = failures_.size() + dropped_failures_;
  for (const Launch& l : launches_) {
    const cl_int status = status_of(l.done);
    if (status < 0) note(l, status, failed_wait);
  }
  // No event says which: the wait's own error names the last launch queued before it.
  if (failures_.size() + dropped_failures_ == before && !launches_.empty())
    note(launches_.back(), CL_OUT_OF_RESOURCES, "the next wait failed: " + failed_wait);
  launches_.clear();
}

void LaunchesInFlight::throw_failure() {
  if (failures_.empty()) return;
  std::string m = failures_.front().message;
  const size_t more = failures_.size() - 1 + dropped_failures_;
  if (more) m += " (and " + std::to_string(more) + " later launch" + (more > 1 ? "es" : "") + " failed too)";
  failures_.clear();
  dropped_failures_ = 0;
  throw Error(MQLCL_ERR_LAUNCH, m);
}

std::string LaunchesInFlight::take_failure_of(const cl::Event& done, cl_int status) {
  for (auto it = launches_.begin(); it != launches_.end(); ++it)
    if (it->done() == done()) {
      note(*it, status, "");
      launches_.erase(it);
      break;
    }
  for (auto it = failures_.begin(); it != failures_.end(); ++it)
    if (it->done() == done()) {
      std::string m = std::move(it->message);
      failures_.erase(it);
      return m;
    }
  return std::string();
}

}  // namespace mqlcl
