#include "compute/context.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "core/embedded_kernels.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {
const char* slot_name(int slot) {
  static const char* names[kSlotCount] = {"A", "B", "C", "X", "Y", "DIA_VALUES", "DIA_OFFSETS"};
  return names[slot];
}
void check_slot(int slot) {
  if (slot < 0 || slot >= kSlotCount)
    fail(MQLCL_ERR_ARGUMENT, "slot ", slot, " does not exist (0 .. ", kSlotCount - 1, ")");
}
// Some drivers crash on an option that lacks its argument (PoCL 3.1 dereferences null on a
// trailing "-D" or "-I"): such options are refused before they reach the driver.
void check_build_options(const std::string& options) {
  std::vector<std::string> tokens;
  size_t at = 0;
  while (at < options.size()) {
    const size_t start = options.find_first_not_of(" \t\r\n", at);
    if (start == std::string::npos) break;
    const size_t end = options.find_first_of(" \t\r\n", start);
    tokens.push_back(options.substr(start, end == std::string::npos ? std::string::npos : end - start));
    at = end == std::string::npos ? options.size() : end;
  }
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if ((t == "-D" || t == "-I") && i + 1 == tokens.size())
      fail(MQLCL_ERR_BUILD, "build options \"", options, "\": ", t, " needs ",
           t == "-D" ? "a macro name" : "a folder", " after it");
    if (t.size() > 2 && t.compare(0, 2, "-D") == 0 && (t[2] == '=' || t[2] == '-'))
      fail(MQLCL_ERR_BUILD, "build options \"", options, "\": ", t, " has no macro name");
  }
}
}  // namespace

size_t round_up(size_t v, size_t m) { return m == 0 ? v : (v + m - 1) / m * m; }

size_t checked_mul(size_t a, size_t b, const char* what, size_t limit) {
  if (a != 0 && b > limit / a) fail(MQLCL_ERR_RANGE, what, " = ", a, " x ", b, " overflows");
  return a * b;
}

double event_ms(const cl::Event& e) {
  const cl_ulong start = e.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const cl_ulong end = e.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return end > start ? static_cast<double>(end - start) * 1e-6 : 0.0;
}

Context::Context(int device_index) : Object(Kind::Context) {
  const DeviceEntry& entry = device_at(device_index);
  device_ = entry.device;
  facts_ = read_facts(device_);
  context_ = cl::Context(device_);
  queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
  tuning.load(device_, facts_);
}

cl::Program Context::program(const std::string& label, const std::string& source,
                             const std::string& options) {
  const std::string key = label + '\n' + options + '\n' + source;
  auto it = programs_.find(key);
  if (it != programs_.end()) return it->second;
  check_build_options(options);
  cl::Program prog(context_, source);
  const auto build_start = std::chrono::steady_clock::now();
  struct BuildClock {  // builds are excluded from the "OpenCL total", as in the article
    Context* self;
    std::chrono::steady_clock::time_point start;
    ~BuildClock() {
      self->build_ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
  } clock{this, build_start};
  try {
    prog.build(std::vector<cl::Device>{device_}, options.c_str());
  } catch (const cl::Error& e) {
    std::string log;
    try {
      log = prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
    } catch (const cl::Error&) {
      log = "(no build log)";
    }
    if (e.err() == CL_INVALID_BUILD_OPTIONS)
      fail(MQLCL_ERR_BUILD, "build of ", label, " rejected the options \"", options, "\": ",
           cl_error_name(e.err()), "\n", log);
    fail(MQLCL_ERR_BUILD, "build of ", label, " failed (", cl_error_name(e.err()),
         ") with options \"", options, "\"; build log:\n", log);
  }
  programs_.emplace(key, prog);
  return prog;
}

cl::Kernel Context::embedded(const std::string& file, const std::string& defines,
                             const char* name) {
  const char* src = embedded_kernel(file.c_str());
  if (src == nullptr) fail(MQLCL_ERR_INTERNAL, "kernel file ", file, " is not embedded");
  cl::Program prog = program("kernels/" + file, src, "-cl-std=CL1.2 " + defines);
  return cl::Kernel(prog, name);
}

void Context::open_session() {
  if (!session_open_) {
    session_open_ = true;
    session_start_ = std::chrono::steady_clock::now();
    build_ms_ = 0;
  }
}

cl::Buffer Context::allocate(size_t bytes, const char* what) {
  if (bytes == 0) bytes = 4;
  if (bytes > facts_.max_alloc)
    fail(MQLCL_ERR_MEMORY, what, " needs ", bytes, " bytes, more than the device's largest allocation (",
         "CL_DEVICE_MAX_MEM_ALLOC_SIZE = ", static_cast<unsigned long long>(facts_.max_alloc), ")");
  return cl::Buffer(context_, CL_MEM_READ_WRITE, bytes);
}

void Context::upload(int slot, const void* data, size_t count, bool is_int) {
  check_slot(slot);
  open_session();
  const size_t bytes = checked_mul(count, 4, "upload bytes");
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (s.count != count || !s.buffer()) s.buffer = allocate(bytes, "the upload");
  s.count = count;
  s.is_int = is_int;
  queue_.enqueueWriteBuffer(s.buffer, CL_TRUE, 0, bytes, data);
  if (slot == MQLCL_SLOT_DIA_OFFSETS) {
    const int* ints = static_cast<const int*>(data);
    host_offsets_.assign(ints, ints + count);
  }
}

size_t Context::read(int slot, void* out, size_t count, bool is_int) {
  check_slot(slot);
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (!s.buffer()) fail(MQLCL_ERR_NO_DATA, "slot ", slot_name(slot), " holds no data yet");
  if (s.is_int != is_int)
    fail(MQLCL_ERR_ARGUMENT, "slot ", slot_name(slot), " holds ", s.is_int ? "ints" : "floats", ": read it with ",
         s.is_int ? "mqlcl_read_int" : "mqlcl_read");
  if (count > s.count)
    fail(MQLCL_ERR_RANGE, "count = ", count, " exceeds the ", s.count, " elements of slot ",
         slot_name(slot));
  queue_.enqueueReadBuffer(s.buffer, CL_TRUE, 0, count * 4, out);
  if (session_open_) {
    last_total_ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - session_start_).count() - build_ms_;
    session_open_ = false;
  }
  return count;
}

cl::Buffer& Context::input(int slot, size_t count, bool is_int, const char* role) {
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (!s.buffer())
    fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " was not uploaded");
  if (s.count != count)
    fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " holds ", s.count,
         " elements, the shape needs ", count);
  if (s.is_int != is_int)
    fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " must be uploaded as ",
         is_int ? "int (mqlcl_upload_int)" : "float (mqlcl_upload)");
  return s.buffer;
}

cl::Buffer& Context::output(int slot, size_t count) {
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (s.count != count || !s.buffer()) {
    s.buffer = allocate(checked_mul(count, 4, "output bytes"), "the output");
    s.count = count;
  }
  s.is_int = false;
  return s.buffer;
}

cl::Buffer& Context::scratch(int id, size_t bytes) {
  auto& entry = scratch_[id];
  if (entry.second < bytes || !entry.first()) entry = {allocate(bytes, "a layout buffer"), bytes};
  return entry.first;
}

void Context::begin_op() {
  open_session();
  kernel_events_.clear();
  convert_events_.clear();
}

namespace {
// Measured with PoCL 3.1: a work-group holding 4 MiB of private rows runs, 8 MiB overflows
// its thread's stack. A quarter of the smaller, as other frames share that stack.
// The bound counts the private memory the caller knows the kernel keeps: PoCL 3.1 answers
// CL_KERNEL_PRIVATE_MEM_SIZE = 1024 for every kernel (a float[1024] row included), so its
// report can neither be trusted nor used (it would refuse 64 x 64 groups that run).
constexpr size_t kCpuPrivateBudget = size_t{1} << 20;
}  // namespace

size_t Context::private_budget() const {
  return (facts_.type & CL_DEVICE_TYPE_CPU) ? kCpuPrivateBudget : 0;
}

size_t Context::private_fit(const cl::Kernel& k, size_t private_bytes) {
  const size_t budget = private_budget();
  const size_t per_item = private_bytes;
  if (budget == 0 || per_item == 0) return 0;
  const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
  if (per_item * kernel_max <= budget) return 0;
  size_t fit = 1;
  while (fit * 2 <= kernel_max && fit * 2 * per_item <= budget) fit *= 2;
  return fit;
}

void Context::check_local(const cl::Kernel& k, const cl::NDRange& local, const char* what, size_t private_bytes) {
  // Static __local arrays plus the __local arguments: some drivers (PoCL) run a kernel that
  // exceeds the device's local memory instead of refusing it.
  const cl_ulong kernel_local = k.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_);
  if (kernel_local > facts_.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": the kernel uses ", static_cast<unsigned long long>(kernel_local),
         " bytes of local memory, the device has ", static_cast<unsigned long long>(facts_.local_mem),
         " (CL_DEVICE_LOCAL_MEM_SIZE)");
  if (local.dimensions() == 0) return;
  size_t total = 1;
  for (size_t i = 0; i < local.dimensions(); ++i) {
    const size_t v = local.get()[i];
    if (i < facts_.max_item_sizes.size() && v > facts_.max_item_sizes[i])
      fail(MQLCL_ERR_LOCAL_SIZE, what, ": local size ", v, " in dimension ", i,
           " exceeds the device's CL_DEVICE_MAX_WORK_ITEM_SIZES[", i, "] = ",
           facts_.max_item_sizes[i]);
    total *= v;
  }
  if (total > facts_.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total,
         " work-items exceeds the device's CL_DEVICE_MAX_WORK_GROUP_SIZE = ", facts_.max_work_group);
  const size_t kernel_max = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
  if (total > kernel_max)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total,
         " work-items exceeds this kernel's CL_KERNEL_WORK_GROUP_SIZE = ", kernel_max,
         " on this device");
  const size_t budget = private_budget(), per_item = private_bytes;
  if (budget && per_item * total > budget)
    fail(MQLCL_ERR_LOCAL_SIZE, what, ": work-group of ", total, " work-items x ", per_item,
         " bytes of private memory each = ", per_item * total, " bytes, over the ", budget,
         " bytes a work-group may hold on this CPU device (its thread's stack); use local0 <= ",
         std::max<size_t>(1, budget / per_item));
}

void Context::launch(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) {
  kernel_events_.emplace_back();
  queue_.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &kernel_events_.back());
}

cl::Event* Context::convert_event() {
  convert_events_.emplace_back();
  return &convert_events_.back();
}

void Context::fill(cl::Buffer& b, float value, size_t count) {
  if (count > 0xFFFFFFFFu) fail(MQLCL_ERR_RANGE, "fill of ", count, " floats exceeds 2^32");
  cl::Kernel k = embedded("util/layout.cl", "", "fill_float");
  k.setArg(0, b);
  k.setArg(1, value);
  k.setArg(2, static_cast<cl_uint>(count));
  launch_convert(k, cl::NDRange(round_up(count, 64)), cl::NullRange);
}

void Context::launch_convert(cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) {
  queue_.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, convert_event());
}

void Context::end_op() {
  queue_.finish();
  last_kernel_ms = 0;
  last_convert_ms = 0;
  for (auto& e : kernel_events_) last_kernel_ms += event_ms(e);
  for (auto& e : convert_events_) last_convert_ms += event_ms(e);
  last_launches = static_cast<int>(kernel_events_.size());
  kernel_events_.clear();
  convert_events_.clear();
}

}  // namespace mqlcl
