#include "launches.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace mqlcl {

namespace {
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
  std::string d = "kernel \"" + *s.kernel_name + "\" over " + sizes(r.dims, r.global);
  if (r.local[0] != 0) d += " (local " + sizes(r.dims, r.local) + ")";
  if (r.offset[0] || r.offset[1] || r.offset[2]) d += " from offset " + sizes(r.dims, r.offset);
  return d;
}

cl_int LaunchesInFlight::state_of(const Timed& t) {
  const cl_int status = status_of(t.done);
  return status == CL_COMPLETE && t.injected < 0 ? t.injected : status;
}

uint64_t LaunchesInFlight::add(const LaunchSubject& subject, const LaunchRange& range, const cl::Event* done,
                               cl_int injected) {
  const uint64_t serial = ++serial_;
  if (subject.kept_until <= completed_) kept_.push_back(subject.kept());
  subject.kept_until = serial;
  if (serial == completed_ + 1) {
    first_serial_ = serial;
    first_subject_ = &subject;
    first_range_ = range;
  }
  last_subject_ = &subject;
  last_range_ = range;
  if (done) timed_.push_back({serial, *done, &subject, range, injected});
  return serial;
}

void LaunchesInFlight::marked(cl::Event marker) {
  markers_.push_back({serial_, std::move(marker)});
  marked_serial_ = serial_;
  // The markers that completed (in order: each one's launches are before the next one's).
  while (markers_.size() > 1) {
    const cl_int status = status_of(markers_.front().done);
    if (status > CL_COMPLETE) break;
    const uint64_t upto = markers_.front().serial;
    if (status < 0) failed_between(completed_, upto, status, "");
    completed_up_to(upto);
    markers_.pop_front();
  }
}

const cl::Event* LaunchesInFlight::marker_after(uint64_t serial) const {
  return !markers_.empty() && markers_.back().serial >= serial ? &markers_.back().done : nullptr;
}

cl_int LaunchesInFlight::state_of(uint64_t serial) {
  if (serial <= completed_) return CL_COMPLETE;
  for (const Timed& t : timed_)
    if (t.serial == serial) {
      const cl_int status = state_of(t);
      if (status < 0) failed_between(serial - 1, serial, status, "");  // erases t
      return status;
    }
  const cl::Event* marker = marker_after(serial);
  if (marker == nullptr) return kNeedsMarker;
  const cl_int status = status_of(*marker);
  const uint64_t upto = markers_.back().serial;
  if (status < 0) failed_between(completed_, upto, status, "");
  if (status <= CL_COMPLETE) completed_up_to(upto);
  return status;
}

void LaunchesInFlight::completed_up_to(uint64_t upto) {
  if (upto <= completed_) return;
  // The timed launches in the range: each one's own end.
  while (!timed_.empty() && timed_.front().serial <= upto) {
    const uint64_t serial = timed_.front().serial;
    const cl_int status = state_of(timed_.front());
    if (status < 0) failed_between(serial - 1, serial, status, "");  // erases it, unless noted already
    if (!timed_.empty() && timed_.front().serial == serial) timed_.pop_front();
  }
  while (!markers_.empty() && markers_.front().serial <= upto) markers_.pop_front();
  completed_ = upto;
  completed_known_.store(upto, std::memory_order_release);
  retired_.erase(std::remove_if(retired_.begin(), retired_.end(), [&](const RetiredObject& r) { return r.until <= upto; }),
                 retired_.end());
  kept_.erase(std::remove_if(kept_.begin(), kept_.end(),
                             [&](const std::shared_ptr<const LaunchSubject>& s) { return s->kept_until <= upto; }),
              kept_.end());
  if (first_serial_ <= upto) first_subject_ = nullptr;
  if (completed_ == serial_) last_subject_ = nullptr;
}

std::string LaunchesInFlight::window(uint64_t after, uint64_t upto) const {
  const uint64_t n = upto - after;
  const bool last_known = upto == serial_ && last_subject_;
  const bool first_known = first_subject_ && first_serial_ == after + 1;
  if (n == 1 && (last_known || first_known))
    return last_known ? describe_launch(*last_subject_, last_range_) : describe_launch(*first_subject_, first_range_);
  std::string w = "one of " + std::to_string(n) + " launches";
  if (first_known) w += " from " + describe_launch(*first_subject_, first_range_);
  if (last_known) w += std::string(first_known ? " to " : ", the last ") + describe_launch(*last_subject_, last_range_);
  return w;
}

void LaunchesInFlight::failed_between(uint64_t after, uint64_t upto, cl_int status, const std::string& why) {
  for (const Failure& f : failures_)
    if (f.first < upto && after < f.last) return;  // noted already
  // A timed launch in the range that failed names itself.
  for (auto t = timed_.begin(); t != timed_.end(); ++t)
    if (t->serial > after && t->serial <= upto) {
      const cl_int own = state_of(*t);
      if (own < 0) {
        std::string m = describe_launch(*t->subject, t->range) + ", queued without waiting, failed on the device: " +
                        execution_status_text(own);
        if (!why.empty()) m += "; " + why;
        note(t->serial - 1, t->serial, std::move(m));
        timed_.erase(t);  // noted: no later wait notes it again
        return;
      }
    }
  std::string m = window(after, upto) + ", queued without waiting, failed on the device: " + execution_status_text(status);
  if (!why.empty()) m += "; " + why;
  note(after, upto, std::move(m));
}

void LaunchesInFlight::note(uint64_t first, uint64_t last, std::string message) {
  if (failures_.size() >= kKeepFailures) {
    ++dropped_failures_;
    return;
  }
  failures_.push_back({first, last, std::move(message)});
}

void LaunchesInFlight::retire(std::vector<RetiredObject>& objects) {
  for (RetiredObject& r : objects)
    if (r.until > completed_) retired_.push_back(std::move(r));
  objects.clear();
}

void LaunchesInFlight::forget() {
  completed_ = serial_;
  completed_known_.store(serial_, std::memory_order_release);
  kept_.clear();
  retired_.clear();
  timed_.clear();
  markers_.clear();
  first_subject_ = last_subject_ = nullptr;
  failures_.clear();
  dropped_failures_ = 0;
}

void LaunchesInFlight::settle() {
  if (serial_ == completed_) return;
  completed_up_to(serial_);
}

void LaunchesInFlight::settle_after(const std::string& failed_wait) {
  if (serial_ == completed_) return;
  const size_t before = failures_.size() + dropped_failures_;
  for (size_t i = 0; i < timed_.size();) {
    const uint64_t serial = timed_[i].serial;
    const cl_int status = state_of(timed_[i]);
    if (status < 0) failed_between(serial - 1, serial, status, failed_wait);  // erases it, unless noted already
    if (i < timed_.size() && timed_[i].serial == serial) ++i;
  }
  if (failures_.size() + dropped_failures_ == before)
    failed_between(completed_, serial_, CL_OUT_OF_RESOURCES, "the next wait failed: " + failed_wait);
  completed_up_to(serial_);
}

void LaunchesInFlight::throw_failure() {
  if (failures_.empty()) return;
  std::string m = failures_.front().message;
  const size_t more = failures_.size() - 1 + dropped_failures_;
  if (more) m += " (and " + std::to_string(more) + " later failure" + (more > 1 ? "s" : "") + ")";
  failures_.clear();
  dropped_failures_ = 0;
  throw Error(MQLCL_ERR_LAUNCH, m);
}

std::string LaunchesInFlight::take_failure_of(uint64_t serial, cl_int status) {
  bool noted = false;
  for (const Failure& f : failures_) noted = noted || (f.first < serial && serial <= f.last);
  if (!noted && serial > completed_) failed_between(serial - 1, serial, status, "");
  for (auto it = failures_.begin(); it != failures_.end(); ++it)
    if (it->first < serial && serial <= it->last) {
      std::string m = std::move(it->message);
      failures_.erase(it);
      return m;
    }
  return std::string();
}

}  // namespace mqlcl
