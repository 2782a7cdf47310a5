// A context's user-kernel launches queued without waiting (mqlcl_enqueue, the terminal's
// CLExecute): what they keep alive, how far they are known to have run, and the failures the
// device reported that no call has returned yet.
//
// A launch takes no event of its own unless asked (a timed kernel, mqlcl_run): on NVIDIA's
// driver an event costs about as much as the launch. Instead a marker with an event follows
// every kMarkEvery launches, and one is queued when a launch's state is asked; a marker that
// completed says every launch before it did. A failure is found by the wait that returns it
// (drivers report a faulted kernel there) or by a marker's event, and named by the launches
// between the last two points known good.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/handles.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

// What a launch holds until it completes, so that freeing the kernel, its program or a bound
// buffer while the launch is queued is safe on any driver: the kernel, through a pointer to
// this part of it that owns the kernel (which holds its program, its context and what is bound
// to it now: reference counts, no driver call); and the kernel's name for messages. One per
// kernel, so a launch allocates nothing. What a kernel lets go of while a launch of it may still
// run (a buffer rebound) its launches keep as retired objects (retire). The objects hold their
// context: the context forgets its launches when its handle is freed.
class LaunchSubject {
 public:
  explicit LaunchSubject(const std::string* name) : kernel_name(name) {}
  // A reference that keeps this subject alive (it owns the kernel); taken once per kernel
  // while its launches are in flight, not once per launch.
  virtual std::shared_ptr<const LaunchSubject> kept() const = 0;
  const std::string* const kernel_name;  // the kernel's, kept alive with it
  mutable uint64_t kept_until = 0;       // the serial of the newest launch that keeps it (LaunchesInFlight)

 protected:
  ~LaunchSubject() = default;
};

// An object a kernel let go of (rebound, or its argument cleared) while its launches up to
// serial `until` may still use it.
struct RetiredObject {
  std::shared_ptr<Object> object;
  uint64_t until;
};

// The sizes of one launch, as the caller gave them (local all 0: the driver chose).
struct LaunchRange {
  int dims = 1;
  size_t global[3] = {1, 1, 1}, offset[3] = {0, 0, 0}, local[3] = {0, 0, 0};
};

// "kernel "k" over 1024 x 8 (local 64 x 1)"
std::string describe_launch(const LaunchSubject& s, const LaunchRange& r);

class LaunchesInFlight {
 public:
  static constexpr uint64_t kMarkEvery = 256;

  // Records a launch just queued (with its own event where `done` is given); returns its
  // serial number in the context. `injected` (< 0): the launch is reported failed with this
  // status once its event completes (mqlcl_test_control's MQLCL_TEST_FAIL_LAUNCH).
  uint64_t add(const LaunchSubject& subject, const LaunchRange& range,
               const cl::Event* done = nullptr, cl_int injected = 0);
  // Whether a marker should follow now (every kMarkEvery launches): then marked().
  bool marker_due() const { return serial_ - marked_serial_ >= kMarkEvery; }
  // A marker queued after every launch so far; older markers that completed are settled.
  void marked(cl::Event marker);
  // The newest marker, if it follows launch `serial`; else null (queue one, then marked()).
  const cl::Event* marker_after(uint64_t serial) const;
  // The state of launch `serial`: CL_COMPLETE when known, its own event's state, else the
  // state of the newest marker after it (kNeedsMarker where there is none: queue one, then
  // marked()); negative when it failed (noted: throw_failure or take_failure_of return it).
  static constexpr cl_int kNeedsMarker = 1 << 30;
  cl_int state_of(uint64_t serial);

  // After the queue completed every command (a finish, or a blocking copy on the in-order
  // queue): every launch settled, the failed ones noted.
  void settle();
  // A wait failed (drivers report a kernel's fault on the next call that waits): the failure
  // is noted, named by the launches its event or the last points known good single out.
  void settle_after(const std::string& failed_wait);
  // Launch `serial` failed with `status` (a launch run as part of another: launch_merging).
  void failed(uint64_t serial, cl_int status, const std::string& why) { failed_between(serial - 1, serial, status, why); }
  // Throws MQLCL_ERR_LAUNCH with the first failure not returned yet (then forgotten).
  void throw_failure();
  // The failure of launch `serial` (its state is negative), noted if it was not yet, then
  // forgotten: the status call returns it. Empty when returned before.
  std::string take_failure_of(uint64_t serial, cl_int status);
  bool idle() const { return serial_ == completed_ && failures_.empty(); }
  // After the context's queue finished as its handle is freed: everything dropped (what the
  // launches kept alive holds the context).
  void forget();
  uint64_t serial() const { return serial_; }
  // The objects' launches complete: released now, else kept until they are; `objects` emptied.
  void retire(std::vector<RetiredObject>& objects);
  // The launches up to this serial are known complete: readable without the context's lock
  // (a kernel's argument sets hold the kernel's lock alone).
  uint64_t completed_known() const { return completed_known_.load(std::memory_order_acquire); }

 private:
  struct Timed {  // a launch with its own event
    uint64_t serial;
    cl::Event done;
    const LaunchSubject* subject;  // in kept_ while the launch is
    LaunchRange range;
    cl_int injected;
  };
  static cl_int state_of(const Timed& t);
  struct Marker {
    uint64_t serial;  // it follows launches up to this one
    cl::Event done;
  };
  struct Failure {
    uint64_t first, last;  // the launches it may be
    std::string message;
  };
  // The launches after `after` up to `upto` completed; failed (status < 0) when noted so.
  void completed_up_to(uint64_t upto);
  void failed_between(uint64_t after, uint64_t upto, cl_int status, const std::string& why);
  void note(uint64_t first, uint64_t last, std::string message);
  std::string window(uint64_t after, uint64_t upto) const;

  uint64_t serial_ = 0, completed_ = 0, marked_serial_ = 0;
  std::vector<std::shared_ptr<const LaunchSubject>> kept_;  // subjects of launches not known complete
  std::vector<RetiredObject> retired_;                      // released once their launches complete
  std::atomic<uint64_t> completed_known_{0};                // completed_, published
  std::deque<Timed> timed_;
  std::deque<Marker> markers_;
  // The first launch after completed_ (while known) and the last one, to name a failure.
  uint64_t first_serial_ = 0;
  // In kept_ while used: a launch not known complete keeps its subject there.
  const LaunchSubject* first_subject_ = nullptr;
  const LaunchSubject* last_subject_ = nullptr;
  LaunchRange first_range_, last_range_;
  std::vector<Failure> failures_;
  size_t dropped_failures_ = 0;  // beyond the ones kept with their messages
};

}  // namespace mqlcl
