// Objects of the generic layer: the caller's own programs, kernels, buffers and images.
// Each keeps its context alive; operations lock the context (one queue per context).
#pragma once
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "context.hpp"
#include "generic/kernel_args.hpp"
#include "generic/user_program.hpp"

namespace mqlcl {

class MergeFamily;  // generic/launch_merging

struct UserProgram : Object {
  static constexpr Kind kKind = Kind::Program;
  UserProgram(std::shared_ptr<Context> c, UserProgramBuild b)
      : Object(kKind), ctx(std::move(c)), program(std::move(b.program)), declared(b.declared), note(std::move(b.note)),
        source(std::move(b.source)) {}
  std::shared_ptr<Context> ctx;
  cl::Program program;
  bool declared;     // built with argument info (generic/user_program)
  std::string note;  // why not, when not
  std::shared_ptr<ProgramSource> source;  // declarations from the source, where the driver has none
};

// A kernel keeps the buffers and images bound to it alive until they are rebound or the
// kernel is freed: mqlcl_free of a bound buffer only drops its handle (docs/ABI.md). Its
// launches keep it, and what they use, alive until they complete (LaunchSubject; an object
// rebound meanwhile is retired, let_go). Its arguments are set under its own lock (`mutex`),
// which its launches take before the context's.
struct UserKernel : Object, std::enable_shared_from_this<UserKernel> {
  static constexpr Kind kKind = Kind::Kernel;
  UserKernel(std::shared_ptr<Context> c, cl::Kernel k, bool declared, std::shared_ptr<ProgramSource> source = nullptr);
  std::shared_ptr<Context> ctx;
  cl::Kernel kernel;
  KernelArgs args;
  std::shared_ptr<ProgramSource> source;  // its program's source and options
  // Its launches' part in launches merged with other processes' (generic/launch_merging): how
  // its program's kernel is merged, once asked (null until then).
  std::shared_ptr<MergeFamily> merge_family;
  // What the driver says of the kernel on its device, read once (not at every launch).
  std::string name;
  std::array<size_t, 3> required_local = {0, 0, 0};  // reqd_work_group_size, or zeros
  size_t max_work_group = 0;                         // CL_KERNEL_WORK_GROUP_SIZE
  cl_ulong static_local = 0;                         // CL_KERNEL_LOCAL_MEM_SIZE without __local arguments

  // What a launch made now keeps alive: this kernel (LaunchSubject::kept; no allocation).
  const LaunchSubject& subject() const { return subject_; }
  // An object one of its arguments held until now: kept while a launch of the kernel may still
  // use it (until the next launch, then by the context's launches in flight), else released.
  void let_go(std::shared_ptr<Object>&& object) {
    if (object) keep_for_launches(std::move(object));
  }
  // Before a launch, under the context's lock: what let_go kept goes to the launches in flight.
  void retire_unbound() {
    if (!unbound_.empty()) ctx->launches().retire(unbound_);
  }
  // Whether its launches by mqlcl_enqueue take a profiling event (mqlcl_kernel_timing);
  // mqlcl_run's always do.
  bool timing = false;
  // Its last launch: the serial number in the context (0: never launched) and, for a timed
  // one, its event; the figures are read from the event when asked.
  uint64_t last_serial = 0;
  cl::Event last_launch;
  void launched(uint64_t serial, bool timed) {
    last_serial = serial;
    last_timed_ = timed;
    timed_ = false;
    last_failure.clear();
  }
  // The figures of its last launch (waits for that launch if still queued); MQLCL_ERR_LAUNCH
  // when it failed, MQLCL_ERR_UNSUPPORTED when it was not timed.
  const OperationFigures& figures();
  std::string last_failure;  // the message of its last launch's failure, once known

 private:
  OperationFigures last_;
  bool timed_ = true;  // last_ holds the last launch's figures
  bool last_timed_ = false;
  void keep_for_launches(std::shared_ptr<Object> object);
  struct Subject final : LaunchSubject {
    explicit Subject(UserKernel& k) : LaunchSubject(&k.name), kernel(k) {}
    std::shared_ptr<const LaunchSubject> kept() const override {
      return std::shared_ptr<const LaunchSubject>(kernel.shared_from_this(), this);
    }
    UserKernel& kernel;
  };
  Subject subject_{*this};
  std::vector<RetiredObject> unbound_;  // let go of since its last launch, which may use them
};

struct UserBuffer : Object {
  static constexpr Kind kKind = Kind::Buffer;
  UserBuffer(std::shared_ptr<Context> c, cl::Buffer b, size_t n, int f)
      : Object(kKind), ctx(std::move(c)), buffer(std::move(b)), bytes(n), flags(f) {}
  std::shared_ptr<Context> ctx;
  cl::Buffer buffer;
  size_t bytes;
  int flags;  // MQLCL_MEM_* as created
};

struct UserImage : Object {
  static constexpr Kind kKind = Kind::Image;
  UserImage(std::shared_ptr<Context> c, cl::Image2D i)
      : Object(kKind), ctx(std::move(c)), image(std::move(i)) {}
  std::shared_ptr<Context> ctx;
  cl::Image2D image;
};

}  // namespace mqlcl
