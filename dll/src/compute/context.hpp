// A context: one device, its OpenCL context and in-order profiling queue, the data slots,
// a cache of built programs, and the bookkeeping of the last operation's timings.
#pragma once
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "compute/devices.hpp"
#include "core/handles.hpp"
#include "core/opencl.hpp"
#include "tuning/stage_tuning.hpp"

namespace mqlcl {

constexpr int kSlotCount = 7;

class Context : public Object, public std::enable_shared_from_this<Context> {
 public:
  explicit Context(int device_index);

  const DeviceFacts& facts() const { return facts_; }
  cl::Context& cl_context() { return context_; }
  cl::Device& device() { return device_; }
  cl::CommandQueue& queue() { return queue_; }

  // Builds (or takes from the cache) a program; build failures throw MQLCL_ERR_BUILD with
  // the compiler's log. `label` names the source in messages.
  cl::Program program(const std::string& label, const std::string& source,
                      const std::string& options);
  // A kernel of an embedded kernels/<file> built with -cl-std=CL1.2 and `defines`.
  cl::Kernel embedded(const std::string& file, const std::string& defines, const char* name);

  // ---- data slots ----
  void upload(int slot, const void* data, size_t count, bool is_int);
  // Reads count elements of the slot's type (is_int: ints, else floats); the other type is
  // refused (MQLCL_ERR_ARGUMENT naming both), never reinterpreted.
  size_t read(int slot, void* out, size_t count, bool is_int);
  // The buffer of an input slot that must hold exactly `count` elements.
  cl::Buffer& input(int slot, size_t count, bool is_int, const char* role);
  // The buffer of an output slot, (re)allocated to hold `count` floats.
  cl::Buffer& output(int slot, size_t count);
  // An internal buffer (layout conversions), reused while large enough.
  cl::Buffer& scratch(int id, size_t bytes);
  cl::Buffer allocate(size_t bytes, const char* what);

  // ---- launches of one operation ----
  void begin_op();
  // Checks a work-group size against the device and the kernel, with the limit in the message.
  // private_bytes: the private memory per work-item the caller knows the kernel keeps (a
  // private row); times the work-group, it must fit private_budget().
  void check_local(const cl::Kernel& k, const cl::NDRange& local, const char* what, size_t private_bytes = 0);
  // Private memory one work-group may hold: CPU devices (PoCL) run a work-group on one
  // thread's stack and overflow it (SIGSEGV) instead of refusing; 0 = no bound (GPUs keep
  // private memory per work-item and refuse what does not fit).
  size_t private_budget() const;
  // The largest power-of-two work-group whose private memory fits the budget, where the
  // driver's own choice could exceed it (else 0: the driver may choose).
  size_t private_fit(const cl::Kernel& k, size_t private_bytes);
  void launch(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local);
  // Sets `count` floats of b to value (a kernel; timed as layout work).
  void fill(cl::Buffer& b, float value, size_t count);
  // Layout work (fills, copies, conversion kernels) whose time is reported apart.
  cl::Event* convert_event();
  void launch_convert(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local);
  void end_op();  // waits, then sums the profiling times

  // The DIA offsets as uploaded (kept on the host to validate them against rows).
  const std::vector<int>& host_offsets() const { return host_offsets_; }

  StageTuning tuning;  // the tunable stages' parameters: the tuning file's, or set by the caller
  double last_kernel_ms = 0, last_convert_ms = 0, last_total_ms = 0;
  int last_launches = 0;

 private:
  struct Slot {
    cl::Buffer buffer;
    size_t count = 0;
    bool is_int = false;
  };
  void open_session();

  DeviceFacts facts_;
  cl::Context context_;
  cl::Device device_;
  cl::CommandQueue queue_;
  std::map<std::string, cl::Program> programs_;
  std::array<Slot, kSlotCount> slots_;
  std::map<int, std::pair<cl::Buffer, size_t>> scratch_;
  std::vector<int> host_offsets_;
  std::vector<cl::Event> kernel_events_, convert_events_;
  bool session_open_ = false;
  double build_ms_ = 0;  // program builds inside the current session
  std::chrono::steady_clock::time_point session_start_;
};

double event_ms(const cl::Event& e);
size_t round_up(size_t v, size_t m);
// a * b with an overflow check against limit; throws MQLCL_ERR_RANGE naming `what`.
size_t checked_mul(size_t a, size_t b, const char* what, size_t limit = SIZE_MAX);

}  // namespace mqlcl
