// Exports of the generic layer: the caller's own programs, kernels, buffers and images,
// with explicit global and work-group sizes (what the terminal's CLExecute cannot set).
#include <array>
#include <climits>
#include <cstring>

#include "api/local_exports.hpp"
#include "api/with_handle.hpp"
#include "core/checked_math.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "generic/kernel_args.hpp"
#include "generic/launch_merging.hpp"

using namespace mqlcl;

namespace {

cl_mem_flags mem_flags(int flags) {
  const cl_mem_flags host = flags & MQLCL_MEM_ALLOC_HOST ? CL_MEM_ALLOC_HOST_PTR : 0;
  switch (flags & ~MQLCL_MEM_ALLOC_HOST) {
    case MQLCL_MEM_READ_WRITE: return CL_MEM_READ_WRITE | host;
    case MQLCL_MEM_READ_ONLY: return CL_MEM_READ_ONLY | host;
    case MQLCL_MEM_WRITE_ONLY: return CL_MEM_WRITE_ONLY | host;
    default:
      fail(MQLCL_ERR_ARGUMENT, "flags = ", flags, ": use MQLCL_MEM_READ_WRITE (0), _READ_ONLY (1) or _WRITE_ONLY (2), "
           "plus MQLCL_MEM_ALLOC_HOST (4) for host-side memory");
  }
}

// Elements [first, first + count) of an array of data_count elements of elem_size bytes,
// as a byte range of the array; and [offset, offset + its length) checked against the buffer.
struct ByteSpan {
  size_t array_at, buffer_at, bytes;
};
ByteSpan checked_bytes(const UserBuffer& b, long long offset, const void* data, int data_count, int elem_size, int first,
                       int count) {
  if (elem_size != 1 && elem_size != 2 && elem_size != 4 && elem_size != 8 && elem_size != 16)
    fail(MQLCL_ERR_ARGUMENT, "elem_size = ", elem_size, ": an element is 1, 2, 4, 8 or 16 bytes");
  if (data == nullptr) fail(MQLCL_ERR_ARGUMENT, "data is a null pointer");
  if (count < 1) fail(MQLCL_ERR_ARGUMENT, "count = ", count, ": it must be >= 1");
  if (first < 0) fail(MQLCL_ERR_ARGUMENT, "first = ", first, ": it must be >= 0");
  if (static_cast<long long>(first) + count > data_count)
    fail(MQLCL_ERR_RANGE, "elements ", first, " .. ", static_cast<long long>(first) + count - 1,
         " lie beyond the array's data_count = ", data_count, " elements");
  if (offset < 0) fail(MQLCL_ERR_ARGUMENT, "buffer_offset = ", offset, ": it must be >= 0");
  const size_t bytes = static_cast<size_t>(count) * static_cast<size_t>(elem_size);
  if (static_cast<unsigned long long>(offset) + bytes > b.bytes)
    fail(MQLCL_ERR_RANGE, count, " elements of ", elem_size, " bytes from byte ", offset, " reach byte ",
         static_cast<unsigned long long>(offset) + bytes, ", beyond the buffer's ", b.bytes, " bytes");
  return {static_cast<size_t>(first) * static_cast<size_t>(elem_size), static_cast<size_t>(offset), bytes};
}

// Range of `count` elements of `elem` bytes from element `offset`, checked against the buffer.
size_t checked_span(const UserBuffer& b, int offset, int count, size_t elem) {
  if (offset < 0) fail(MQLCL_ERR_ARGUMENT, "offset = ", offset, ": it must be >= 0");
  const size_t end = (static_cast<size_t>(offset) + static_cast<size_t>(count)) * elem;
  if (end > b.bytes)
    fail(MQLCL_ERR_RANGE, "elements ", offset, " .. ", offset + static_cast<long long>(count) - 1, " of ", elem,
         " bytes reach byte ", end, ", beyond the buffer's ", b.bytes, " bytes");
  return static_cast<size_t>(offset) * elem;
}

template <class T>
int buffer_write(int buffer, const T* data, int offset, int count) {
  return with_handle<UserBuffer>(buffer, [&](UserBuffer& b) {
    check_array(data, count, "data");
    const size_t at = checked_span(b, offset, count, sizeof(T));
    b.ctx->write_user(b.buffer, at, sizeof(T) * static_cast<size_t>(count), data);
    return count;
  });
}

template <class T>
int buffer_read(int buffer, T* out, int offset, int count) {
  return with_handle<UserBuffer>(buffer, [&](UserBuffer& b) {
    check_array(out, count, "out");
    const size_t at = checked_span(b, offset, count, sizeof(T));
    b.ctx->blocking([&](cl::CommandQueue& q, const std::vector<cl::Event>* after) {
      q.enqueueReadBuffer(b.buffer, CL_TRUE, at, sizeof(T) * static_cast<size_t>(count), out, after);
    });
    return count;
  });
}

cl_uint checked_arg_index(const UserKernel& k, int index) {
  if (index < 0 || static_cast<cl_uint>(index) >= k.args.count())
    fail(MQLCL_ERR_ARGUMENT, "argument index ", index, " does not exist: the kernel has ", k.args.count(), " arguments");
  return static_cast<cl_uint>(index);
}

// What a value passed to the driver holds (KernelArgs::value).
template <class T>
ArgValue arg_value(Passed passed, const T& value) {
  static_assert(sizeof(T) <= sizeof(ArgValue::value), "a value argument is at most 8 bytes");
  ArgValue v;
  v.passed = passed;
  v.bytes = sizeof(T);
  std::memcpy(v.value, &value, sizeof(T));
  return v;
}
ArgValue arg_value(Passed passed, const cl::Buffer& b) { return ArgValue{passed, b(), 0, {}}; }
ArgValue arg_value(Passed passed, const cl::Image2D& i) { return ArgValue{passed, i(), 0, {}}; }
ArgValue arg_value(Passed passed, const cl::LocalSpaceArg& l) { return ArgValue{passed, nullptr, l.size_, {}}; }

// Sets argument `index` after checking its declaration takes `passed`; `keep` (a buffer or
// image) stays alive while bound. What the argument held before goes to the kernel's let_go:
// its launches in flight may still use it.
template <class V>
void bind_arg(UserKernel& k, cl_uint index, Passed passed, const V& value, std::shared_ptr<Object>&& keep = nullptr) {
  std::shared_ptr<Object> unbound;
  try {
    k.args.check(k.kernel, index, passed, unbound);
  } catch (...) {
    k.let_go(std::move(unbound));
    throw;
  }
  k.let_go(std::move(unbound));
  try {
    k.kernel.setArg(index, value);
  } catch (const cl::Error& e) {
    k.let_go(k.args.unset(index));
    fail(MQLCL_ERR_ARGUMENT, k.args.describe(index), " does not take ", passed_name(passed), ": ", cl_error_name(e.err()));
  }
  k.let_go(k.args.set(index, arg_value(passed, value), std::move(keep)));
}

template <class T>
int set_value_arg(int kernel, int index, T value, Passed passed) {
  return with_kernel_args(kernel, [&](UserKernel& k) {
    bind_arg(k, checked_arg_index(k, index), passed, value);
    return MQLCL_OK;
  });
}

// Checks a range against the kernel (its arguments, reqd_work_group_size, the facts read at
// its creation) and the device, then queues it without waiting: what mqlcl_run,
// mqlcl_execute and mqlcl_enqueue share. Nothing here asks the driver: a launch costs what
// the driver's enqueue costs.
void enqueue_range(UserKernel& k, LaunchRange r, const char* what, bool timed) {
  const int dims = r.dims;
  size_t* const g = r.global;
  size_t* const l = r.local;
  bool any_local = false;
  for (int i = 0; i < dims; ++i) any_local = any_local || l[i] > 0;
  // A range no device finishes would hang the caller's thread (and the terminal with it).
  constexpr double kMaxWorkItems = 1099511627776.0;  // 2^40
  if (static_cast<double>(g[0]) * static_cast<double>(g[1]) * static_cast<double>(g[2]) > kMaxWorkItems)
    fail(MQLCL_ERR_RANGE, "global range of ", g[0], " x ", g[1], " x ", g[2], " work-items exceeds 2^40");
  k.args.require_all_set();
  // reqd_work_group_size: no local size means the required one; another one is refused.
  const std::array<size_t, 3>& req = k.required_local;
  const bool has_req = req[0] != 0;
  if (has_req) {
    const std::string req_text = str(req[0], " x ", req[1], " x ", req[2]);
    for (int i = dims; i < 3; ++i)
      if (req[static_cast<size_t>(i)] != 1)
        fail(MQLCL_ERR_LOCAL_SIZE, "the kernel requires work-groups of ", req_text,
             " (reqd_work_group_size): run it over ", i + 1, " or more dimensions");
    for (int i = 0; i < dims && any_local; ++i)
      if (l[i] != req[static_cast<size_t>(i)])
        fail(MQLCL_ERR_LOCAL_SIZE, "local[", i, "] = ", l[i], " differs from the kernel's required work-group size ",
             req_text, " (reqd_work_group_size): pass that size, or local_count 0");
    for (int i = 0; i < dims; ++i) l[i] = req[static_cast<size_t>(i)];
    any_local = true;
  }
  cl::NDRange lr = cl::NullRange;
  if (any_local) {
    for (int i = 0; i < dims; ++i) {
      if (l[i] == 0) fail(MQLCL_ERR_LOCAL_SIZE, "local[", i, "] = 0 while others are set: give all or none");
      if (g[i] % l[i])
        fail(MQLCL_ERR_LOCAL_SIZE, "global[", i, "] = ", g[i], " is not a multiple of local[", i, "] = ", l[i],
             has_req ? str(", the kernel's required work-group size ", req[0], " x ", req[1], " x ", req[2],
                           " (reqd_work_group_size)")
                     : std::string(" (OpenCL 1.2 requires it)"));
    }
    lr = dims == 1 ? cl::NDRange(l[0]) : dims == 2 ? cl::NDRange(l[0], l[1]) : cl::NDRange(l[0], l[1], l[2]);
  }
  const cl::NDRange gr = dims == 1 ? cl::NDRange(g[0]) : dims == 2 ? cl::NDRange(g[0], g[1]) : cl::NDRange(g[0], g[1], g[2]);
  const size_t* o = r.offset;
  const bool any_offset = o[0] || o[1] || o[2];
  const cl::NDRange orr = !any_offset ? cl::NullRange
                          : dims == 1 ? cl::NDRange(o[0])
                          : dims == 2 ? cl::NDRange(o[0], o[1])
                                      : cl::NDRange(o[0], o[1], o[2]);
  k.ctx->check_local_with({k.static_local + k.args.local_bytes(), k.max_work_group}, lr, what);
  k.retire_unbound();
  uint64_t serial = timed ? 0 : room_launch(k, r, gr, lr);
  if (serial == 0) serial = k.ctx->enqueue_user(k.kernel, orr, gr, lr, k.subject(), r, timed ? &k.last_launch : nullptr);
  k.launched(serial, timed);
}

// mqlcl_run's int arrays into a range.
LaunchRange run_range(int dims, const int* global, int global_count, const int* local, int local_count) {
  if (dims < 1 || dims > 3) fail(MQLCL_ERR_ARGUMENT, "dims = ", dims, ": it must be 1, 2 or 3");
  check_array_holds(global, "global", global_count, "global_count", static_cast<unsigned>(dims), "dims", "sizes");
  if (local_count < 0)
    fail(MQLCL_ERR_ARGUMENT, "local_count = ", local_count, ": 0 lets the driver choose, else local holds dims sizes");
  if (local_count > 0)
    check_array_holds(local, "local", local_count, "local_count", static_cast<unsigned>(dims), "dims", "sizes");
  LaunchRange r;
  r.dims = dims;
  for (int i = 0; i < dims; ++i) {
    if (global[i] < 1) fail(MQLCL_ERR_ARGUMENT, "global[", i, "] = ", global[i], ": it must be >= 1");
    r.global[i] = static_cast<size_t>(global[i]);
    if (local_count > 0) {
      if (local[i] < 0) fail(MQLCL_ERR_LOCAL_SIZE, "local[", i, "] = ", local[i], " is negative");
      r.local[i] = static_cast<size_t>(local[i]);
    }
  }
  return r;
}

// The terminal's CLExecute arrays (mqlcl_execute, mqlcl_enqueue) into a range.
LaunchRange execute_range(int dims, const unsigned int* offset, int offset_count, const unsigned int* global,
                          int global_count, const unsigned int* local, int local_count) {
  if (dims < 1 || dims > 3) fail(MQLCL_ERR_ARGUMENT, "dims = ", dims, ": it must be 1, 2 or 3");
  check_array_holds(global, "global", global_count, "global_count", static_cast<unsigned>(dims), "dims", "sizes");
  if (offset_count < 0 || local_count < 0)
    fail(MQLCL_ERR_ARGUMENT, "offset_count = ", offset_count, ", local_count = ", local_count,
         ": 0 means none, else the array holds dims sizes");
  if (offset_count > 0)
    check_array_holds(offset, "offset", offset_count, "offset_count", static_cast<unsigned>(dims), "dims", "offsets");
  if (local_count > 0)
    check_array_holds(local, "local", local_count, "local_count", static_cast<unsigned>(dims), "dims", "sizes");
  LaunchRange r;
  r.dims = dims;
  for (int i = 0; i < dims; ++i) {
    if (global[i] < 1) fail(MQLCL_ERR_ARGUMENT, "global[", i, "] = 0: it must be >= 1");
    r.global[i] = global[i];
    if (offset_count > 0) r.offset[i] = offset[i];
    if (local_count > 0) r.local[i] = local[i];
  }
  return r;
}

// mqlcl_execute (waits, timed) and mqlcl_enqueue (returns once queued; timed where asked).
int launch_with_terminal_arrays(int kernel, int dims, const unsigned int* offset, int offset_count,
                                const unsigned int* global, int global_count, const unsigned int* local, int local_count,
                                const char* what, bool wait) {
  return with_kernel_launch(kernel, [&](UserKernel& k) {
    enqueue_range(k, execute_range(dims, offset, offset_count, global, global_count, local, local_count), what,
                  wait || k.timing);
    if (wait) k.ctx->finish();
    return MQLCL_OK;
  });
}

// The context of a live object of the generic layer (or the context itself).
std::shared_ptr<Context> owning_context(const std::shared_ptr<Object>& obj) {
  switch (obj->kind) {
    case Kind::Context: return std::static_pointer_cast<Context>(obj);
    case Kind::Program: return std::static_pointer_cast<UserProgram>(obj)->ctx;
    case Kind::Kernel: return std::static_pointer_cast<UserKernel>(obj)->ctx;
    case Kind::Buffer: return std::static_pointer_cast<UserBuffer>(obj)->ctx;
    case Kind::Image: return std::static_pointer_cast<UserImage>(obj)->ctx;
  }
  fail(MQLCL_ERR_HANDLE, "a handle of kind ", static_cast<int>(obj->kind), " has no context");
}

// The context of any live handle of the generic layer (or the context itself).
std::shared_ptr<Context> context_of_handle(int handle) {
  auto obj = Registry::instance().find(handle);
  if (!obj) fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed already)");
  return owning_context(obj);
}

}  // namespace

int mqlcl::local::mqlcl_program(int ctx, const mqlcl_char* source, const mqlcl_char* options) {
  return guard(ctx, [&] {
    auto c = get_handle<Context>(ctx);
    if (source == nullptr) fail(MQLCL_ERR_ARGUMENT, "source is a null pointer");
    const std::string src = utf16_to_utf8(source);
    if (src.empty()) fail(MQLCL_ERR_ARGUMENT, "source is empty");
    const std::string opts = options ? utf16_to_utf8(options) : std::string();
    std::lock_guard<std::mutex> lock(c->mutex);
    auto p = std::make_shared<UserProgram>(c, build_user_program(*c, src, opts));
    const std::string note = p->note;
    const int handle = Registry::instance().add(std::move(p), ctx);
    if (!note.empty()) record_message(handle, note);
    return handle;
  });
}

int mqlcl::local::mqlcl_program_log(int program, mqlcl_char* buf, int cap) {
  return with_handle<UserProgram>(program, [&](UserProgram& p) {
    std::string log = p.program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(p.ctx->device());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n' || log.back() == ' ')) log.pop_back();
    if (!p.note.empty()) log = p.note + (log.empty() ? "" : "\n" + log);
    return copy_out(log, buf, cap);
  });
}

int mqlcl::local::mqlcl_kernel(int program, const mqlcl_char* name) {
  return guard(program, [&] {
    auto p = get_handle<UserProgram>(program);
    if (name == nullptr) fail(MQLCL_ERR_ARGUMENT, "name is a null pointer");
    const std::string n = utf16_to_utf8(name);
    std::lock_guard<std::mutex> lock(p->ctx->mutex);
    cl::Kernel k;
    try {
      k = cl::Kernel(p->program, n.c_str());
    } catch (const cl::Error& e) {
      fail(e.err() == CL_INVALID_KERNEL_NAME ? MQLCL_ERR_ARGUMENT : MQLCL_ERR_OPENCL, "kernel \"", n,
           "\" is not in the program: ", cl_error_name(e.err()));
    }
    return Registry::instance().add(std::make_shared<UserKernel>(p->ctx, k, p->declared, p->source), p->owner);
  });
}

int mqlcl::local::mqlcl_buffer(int ctx, long long bytes, int flags) {
  return with_handle<Context>(ctx, [&](Context& c) {
    if (bytes < 1) fail(MQLCL_ERR_ARGUMENT, "bytes = ", bytes, ": a buffer needs at least 1 byte");
    const cl_mem_flags f = mem_flags(flags);
    if (static_cast<unsigned long long>(bytes) > c.facts().max_alloc)
      fail(MQLCL_ERR_MEMORY, "bytes = ", bytes, " exceeds the device's largest allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE = ",
           static_cast<unsigned long long>(c.facts().max_alloc), ")");
    cl::Buffer b(c.cl_context(), f, static_cast<size_t>(bytes));
    return Registry::instance().add(std::make_shared<UserBuffer>(c.shared_from_this(), b, static_cast<size_t>(bytes), flags), ctx);
  });
}

int mqlcl::local::mqlcl_buffer_write_float(int b, const float* d, int o, int n) {
  return buffer_write(b, d, o, n);
}
int mqlcl::local::mqlcl_buffer_read_float(int b, float* d, int o, int n) {
  return buffer_read(b, d, o, n);
}
int mqlcl::local::mqlcl_buffer_write_int(int b, const int* d, int o, int n) {
  return buffer_write(b, d, o, n);
}
int mqlcl::local::mqlcl_buffer_read_int(int b, int* d, int o, int n) {
  return buffer_read(b, d, o, n);
}
int mqlcl::local::mqlcl_buffer_write_double(int b, const double* d, int o, int n) {
  return buffer_write(b, d, o, n);
}
int mqlcl::local::mqlcl_buffer_read_double(int b, double* d, int o, int n) {
  return buffer_read(b, d, o, n);
}

int mqlcl::local::mqlcl_buffer_write_bytes(int buffer, long long buffer_offset, const void* data, int data_count,
                                           int elem_size, int first, int count) {
  return with_handle<UserBuffer>(buffer, [&](UserBuffer& b) {
    const ByteSpan s = checked_bytes(b, buffer_offset, data, data_count, elem_size, first, count);
    b.ctx->write_user(b.buffer, s.buffer_at, s.bytes, static_cast<const char*>(data) + s.array_at);
    return count;
  });
}

int mqlcl::local::mqlcl_buffer_read_bytes(int buffer, long long buffer_offset, void* data, int data_count, int elem_size,
                                          int first, int count) {
  return with_handle<UserBuffer>(buffer, [&](UserBuffer& b) {
    const ByteSpan s = checked_bytes(b, buffer_offset, data, data_count, elem_size, first, count);
    b.ctx->blocking([&](cl::CommandQueue& q, const std::vector<cl::Event>* after) {
      q.enqueueReadBuffer(b.buffer, CL_TRUE, s.buffer_at, s.bytes, static_cast<char*>(data) + s.array_at, after);
    });
    return count;
  });
}

int mqlcl::local::mqlcl_image2d(int ctx, int width, int height, const float* rgba, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    if (rgba == nullptr) fail(MQLCL_ERR_ARGUMENT, "rgba is a null pointer");
    if (width < 1 || height < 1) fail(MQLCL_ERR_ARGUMENT, "width and height must be >= 1");
    const unsigned long long needed = 4ULL * static_cast<unsigned>(width) * static_cast<unsigned>(height);
    check_array_holds(rgba, "rgba", count, "count", needed, "width * height * 4", "floats");
    if (!c.facts().image_support)
      fail(MQLCL_ERR_UNSUPPORTED, "this device has no image support (CL_DEVICE_IMAGE_SUPPORT = 0)");
    if (static_cast<size_t>(width) > c.facts().image2d_max_width || static_cast<size_t>(height) > c.facts().image2d_max_height)
      fail(MQLCL_ERR_RANGE, "image ", width, " x ", height, " exceeds the device's maximum ",
           c.facts().image2d_max_width, " x ", c.facts().image2d_max_height);
    checked_mul(checked_mul(static_cast<size_t>(width), static_cast<size_t>(height), "pixels"), 16, "image bytes", INT_MAX);
    cl::Image2D img(c.cl_context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cl::ImageFormat(CL_RGBA, CL_FLOAT),
                    static_cast<size_t>(width), static_cast<size_t>(height), 0, const_cast<float*>(rgba));
    return Registry::instance().add(std::make_shared<UserImage>(c.shared_from_this(), img), ctx);
  });
}

int mqlcl::local::mqlcl_arg_mem(int kernel, int index, int mem) {
  return with_kernel_args(kernel, [&](UserKernel& k) {
    const cl_uint i = checked_arg_index(k, index);
    std::shared_ptr<Object> obj = Registry::instance().find(mem);
    if (!obj || (obj->kind != UserBuffer::kKind && obj->kind != UserImage::kKind))
      fail(MQLCL_ERR_HANDLE, "handle ", mem, " is not a live buffer or image");
    // Raw pointers into obj, which the binding keeps: no reference count taken per use.
    const bool is_buffer = obj->kind == UserBuffer::kKind;
    UserBuffer* const buffer = is_buffer ? static_cast<UserBuffer*>(obj.get()) : nullptr;
    UserImage* const image = is_buffer ? nullptr : static_cast<UserImage*>(obj.get());
    const Context* const owner = is_buffer ? buffer->ctx.get() : image->ctx.get();
    if (owner != k.ctx.get()) fail(MQLCL_ERR_HANDLE, "handle ", mem, " belongs to another context than the kernel");
    if (is_buffer)
      bind_arg(k, i, Passed::Buffer, buffer->buffer, std::move(obj));
    else
      bind_arg(k, i, Passed::Image, image->image, std::move(obj));
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_arg_int(int kernel, int index, int value) {
  return set_value_arg<cl_int>(kernel, index, value, Passed::Int);
}
int mqlcl::local::mqlcl_arg_float(int kernel, int index, float value) {
  return set_value_arg<cl_float>(kernel, index, value, Passed::Float);
}
int mqlcl::local::mqlcl_arg_double(int kernel, int index, double value) {
  return set_value_arg<cl_double>(kernel, index, value, Passed::Double);
}

int mqlcl::local::mqlcl_arg_integer(int kernel, int index, long long value, int bytes) {
  switch (bytes) {
    case 1: return set_value_arg<cl_char>(kernel, index, static_cast<cl_char>(value), Passed::Char);
    case 2: return set_value_arg<cl_short>(kernel, index, static_cast<cl_short>(value), Passed::Short);
    case 4: return set_value_arg<cl_int>(kernel, index, static_cast<cl_int>(value), Passed::Int);
    case 8: return set_value_arg<cl_long>(kernel, index, static_cast<cl_long>(value), Passed::Long);
    default:
      return guard(kernel, [&]() -> int {
        fail(MQLCL_ERR_ARGUMENT, "bytes = ", bytes, ": an integer argument is 1, 2, 4 or 8 bytes");
      });
  }
}

int mqlcl::local::mqlcl_arg_local(int kernel, int index, int bytes) {
  return with_kernel_args(kernel, [&](UserKernel& k) {
    const cl_uint i = checked_arg_index(k, index);
    if (bytes < 1) fail(MQLCL_ERR_ARGUMENT, "a __local argument needs a size >= 1 byte, not ", bytes);
    if (static_cast<cl_ulong>(bytes) > k.ctx->facts().local_mem)
      fail(MQLCL_ERR_RANGE, "__local argument of ", bytes, " bytes exceeds the device's local memory of ",
           static_cast<unsigned long long>(k.ctx->facts().local_mem), " bytes");
    bind_arg(k, i, Passed::Local, cl::Local(static_cast<size_t>(bytes)));
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_run(int kernel, int dims, const int* global, int global_count, const int* local,
                            int local_count) {
  return with_kernel_launch(kernel, [&](UserKernel& k) {
    enqueue_range(k, run_range(dims, global, global_count, local, local_count), "mqlcl_run", true);
    k.ctx->finish();
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_execute(int kernel, int dims, const unsigned int* offset, int offset_count,
                                const unsigned int* global, int global_count, const unsigned int* local, int local_count) {
  return launch_with_terminal_arrays(kernel, dims, offset, offset_count, global, global_count, local, local_count,
                                     "mqlcl_execute", true);
}

int mqlcl::local::mqlcl_enqueue(int kernel, int dims, const unsigned int* offset, int offset_count,
                                const unsigned int* global, int global_count, const unsigned int* local, int local_count) {
  return launch_with_terminal_arrays(kernel, dims, offset, offset_count, global, global_count, local, local_count,
                                     "mqlcl_enqueue", false);
}

int mqlcl::local::mqlcl_finish(int handle) {
  return guard(handle, [&] {
    auto ctx = context_of_handle(handle);
    std::lock_guard<std::mutex> lock(ctx->mutex);
    ctx->finish();
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_test_control(int ctx, int op, int value) {
  if (op == MQLCL_TEST_MERGE_LAUNCHES)
    return guard(ctx, [&] {
      if (ctx != 0) get_handle<Context>(ctx);  // a live context: its process's (the GPU server's for its own)
      if (value < 0 || value > 16)
        fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_MERGE_LAUNCHES takes 0 (off), 1 (on) or 2 .. 16 (on, gathering as many), not ",
             value);
      set_launch_merging(value > 0);
      set_merge_gather(value > 1 ? value : 0);
      // The server's writes with it (always queued there), so that merging is tested as it runs.
      set_queued_writes(value > 0 || Registry::instance().in_server());
      return MQLCL_OK;
    });
  if (op == MQLCL_TEST_KERNEL_ARG_INFO)
    return guard(ctx, [&] {
      if (ctx != 0) fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_KERNEL_ARG_INFO is the process's: pass ctx 0, not ", ctx);
      if (value < 0 || value > 2)
        fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_KERNEL_ARG_INFO takes 0 (on), 1 (off) or 2 (refused), not ", value);
      set_arg_info_mode(static_cast<ArgInfoMode>(value));
      return MQLCL_OK;
    });
  return with_handle<Context>(ctx, [&](Context& c) -> int {
    SimulatedFaults& faults = c.simulated_faults();
    switch (op) {
      case MQLCL_TEST_FAIL_LAUNCH:
        if (value < 0) fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_FAIL_LAUNCH takes the launch from now that fails, >= 0 (0: none), not ", value);
        faults.fail_launch(value);
        return MQLCL_OK;
      case MQLCL_TEST_FAULT_LOSES:
        if (value < 0 || value > 2)
          fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_FAULT_LOSES takes 0 (nothing), 1 (the OpenCL context) or 2 (the process's contexts), not ", value);
        faults.set_loss(value);
        return MQLCL_OK;
      case MQLCL_TEST_LAUNCH_ITEMS:
        if (value < 64 || value % 64 != 0 || static_cast<size_t>(value) > Context::kMaxLaunchItems)
          fail(MQLCL_ERR_ARGUMENT, "MQLCL_TEST_LAUNCH_ITEMS takes a multiple of 64 from 64 to 2^30, not ", value);
        c.set_launch_items(static_cast<size_t>(value));
        return MQLCL_OK;
      default:
        fail(MQLCL_ERR_ARGUMENT, "test control ", op, " does not exist (MQLCL_TEST_*: 1 .. 5)");
    }
  });
}

int mqlcl::local::mqlcl_kernel_status(int kernel) {
  return with_handle<UserKernel>(kernel, [&](UserKernel& k) -> int {
    if (k.last_serial == 0) return MQLCL_STATUS_COMPLETE;
    if (!k.last_failure.empty()) fail(MQLCL_ERR_LAUNCH, k.last_failure);  // it stays failed
    const cl_int status = k.ctx->launch_state(k.last_serial);
    if (status >= 0) return status;
    const std::string m = k.ctx->launches().take_failure_of(k.last_serial, status);
    if (!m.empty()) k.last_failure = m;
    if (k.last_failure.empty())
      k.last_failure = str("the kernel's last launch failed on the device: ", cl_error_name(status), " (", status,
                           "; returned before by a call that waited)");
    fail(MQLCL_ERR_LAUNCH, k.last_failure);
  });
}

int mqlcl::local::mqlcl_kernel_timing(int kernel, int on) {
  return with_handle<UserKernel>(kernel, [&](UserKernel& k) {
    if (on != 0 && on != 1) fail(MQLCL_ERR_ARGUMENT, "on = ", on, ": 1 times the kernel's launches, 0 does not");
    k.timing = on == 1;
    return MQLCL_OK;
  });
}

long long mqlcl::local::mqlcl_kernel_info(int kernel, int what) {
  return with_kernel_args(kernel, [&](UserKernel& k) -> long long {  // the kernel's alone
    const cl::Device& d = k.ctx->device();
    switch (what) {
      case MQLCL_KINFO_WORK_GROUP_SIZE: return static_cast<long long>(k.kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(d));
      case MQLCL_KINFO_PREFERRED_MULTIPLE:
        return static_cast<long long>(k.kernel.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(d));
      case MQLCL_KINFO_LOCAL_MEM_SIZE: return static_cast<long long>(k.kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(d));
      case MQLCL_KINFO_PRIVATE_MEM_SIZE: return static_cast<long long>(k.kernel.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(d));
      case MQLCL_KINFO_NUM_ARGS: return k.args.count();
      default: fail(MQLCL_ERR_ARGUMENT, "kernel info ", what, " does not exist (MQLCL_KINFO_*: 1 .. 5)");
    }
  });
}

long long mqlcl::local::mqlcl_handle_info(int handle, int what) {
  return guard(handle, [&]() -> long long {
    auto obj = Registry::instance().find(handle);
    if (!obj) {
      if (what == MQLCL_HINFO_KIND) return 0;  // what the terminal's CLHandleType says of a bad handle
      fail(MQLCL_ERR_HANDLE, "handle ", handle, " is not a live handle (never created, or freed already)");
    }
    const std::shared_ptr<Context> ctx = owning_context(obj);
    const auto buffer = [&]() -> UserBuffer& {
      if (obj->kind != Kind::Buffer) fail(MQLCL_ERR_HANDLE, "handle ", handle, " is a ", kind_name(obj->kind), ", not a buffer");
      return *std::static_pointer_cast<UserBuffer>(obj);
    };
    switch (what) {
      case MQLCL_HINFO_KIND:
        switch (obj->kind) {
          case Kind::Context: return MQLCL_KIND_CONTEXT;
          case Kind::Program: return MQLCL_KIND_PROGRAM;
          case Kind::Kernel: return MQLCL_KIND_KERNEL;
          case Kind::Buffer: return MQLCL_KIND_BUFFER;
          case Kind::Image: return MQLCL_KIND_IMAGE;
        }
        return 0;
      case MQLCL_HINFO_DEVICE: return ctx->device_index();
      case MQLCL_HINFO_CONTEXT: return obj->kind == Kind::Context ? handle : obj->owner;
      case MQLCL_HINFO_BUFFER_BYTES: return static_cast<long long>(buffer().bytes);
      case MQLCL_HINFO_BUFFER_FLAGS: return buffer().flags;
      case MQLCL_HINFO_SHARED_GPU: return 0;
      case MQLCL_HINFO_DEVICE_LOST: {
        std::lock_guard<std::mutex> lock(ctx->mutex);
        return ctx->device_lost() ? 1 : 0;
      }
      case MQLCL_HINFO_MERGED_LAUNCHES:
      case MQLCL_HINFO_MERGED_BATCH: {
        std::lock_guard<std::mutex> lock(ctx->mutex);
        ctx->settle_room();
        return what == MQLCL_HINFO_MERGED_LAUNCHES ? ctx->merged_launches() : ctx->merged_batch_sum();
      }
      default: fail(MQLCL_ERR_ARGUMENT, "handle info ", what, " does not exist (MQLCL_HINFO_*: 1 .. 9)");
    }
  });
}
