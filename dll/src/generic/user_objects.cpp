#include "generic/user_objects.hpp"

#include "core/error.hpp"

namespace mqlcl {

UserKernel::UserKernel(std::shared_ptr<Context> c, cl::Kernel k, bool declared, std::shared_ptr<ProgramSource> s)
    : Object(kKind), ctx(std::move(c)), kernel(std::move(k)), args(kernel, declared, s.get()), source(std::move(s)) {
  const cl::Device& d = ctx->device();
  name = kernel.getInfo<CL_KERNEL_FUNCTION_NAME>();
  while (!name.empty() && name.back() == '\0') name.pop_back();
  const auto r = kernel.getWorkGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(d);
  required_local = {r[0], r[1], r[2]};
  max_work_group = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(d);
  static_local = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(d);
}

void UserKernel::keep_for_launches(std::shared_ptr<Object> object) {
  // Every entry waits for the same launch, the kernel's last one.
  if (last_serial <= ctx->launches().completed_known()) {
    unbound_.clear();
    return;  // object released here
  }
  for (RetiredObject& r : unbound_)
    if (r.object == object) return;
  unbound_.push_back({std::move(object), last_serial});
}

const OperationFigures& UserKernel::figures() {
  if (timed_) return last_;
  if (!last_failure.empty()) fail(MQLCL_ERR_LAUNCH, "no time for its last launch: ", last_failure);
  if (!last_timed_)
    fail(MQLCL_ERR_UNSUPPORTED, "the kernel's last launch (mqlcl_enqueue) took no profiling event, so it has no time: ",
         "mqlcl_kernel_timing(kernel, 1) times its launches, mqlcl_run times each");
  cl_int status = ctx->launch_state(last_serial);
  if (status > CL_COMPLETE) {
    cl_event e = last_launch();
    clWaitForEvents(1, &e);
    status = ctx->launch_state(last_serial);
  }
  if (status < 0) {
    const std::string m = ctx->launches().take_failure_of(last_serial, status);
    if (!m.empty()) last_failure = m;
    fail(MQLCL_ERR_LAUNCH, "no time for its last launch: ",
         last_failure.empty() ? "it failed on the device: " + cl_error_name(status) : last_failure);
  }
  last_ = OperationFigures();
  last_.kernel_ms = event_ms(last_launch);
  last_.launches = 1;
  timed_ = true;
  return last_;
}

}  // namespace mqlcl
