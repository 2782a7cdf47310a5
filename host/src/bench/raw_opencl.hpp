// OpenCL reached directly, without mqlcl: the baseline of bench's `launch` and `mlp` parts,
// with the terminal's semantics (a launch is enqueued without an event and without waiting;
// reads and writes block), on the same device as mqlcl in the same process. Built where the
// OpenCL loader is linked (Linux: MQLCL_HAVE_RAW_OPENCL); its own context and an in-order
// queue without profiling, so nothing of mqlcl's is in its way.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

namespace host {

class RawOpenCL {
 public:
  explicit RawOpenCL(int device);  // mqlcl's numbering: the devices of all platforms in order
  ~RawOpenCL();
  RawOpenCL(const RawOpenCL&) = delete;
  RawOpenCL& operator=(const RawOpenCL&) = delete;

  std::string device_name() const;
  // Objects are numbered from 0 in the order created; every call throws std::runtime_error
  // naming the OpenCL call and its code (a failed build: with the log).
  int program(const std::string& source, const std::string& options);
  int kernel(int program, const char* name);
  int buffer(size_t bytes);
  void arg_mem(int kernel, int index, int buffer);
  void arg_int(int kernel, int index, int value);
  void arg_float(int kernel, int index, float value);
  // clEnqueueNDRangeKernel without an event; the driver chooses the work-group.
  void enqueue(int kernel, int dims, const size_t* offset, const size_t* global);
  void finish();
  void write(int buffer, size_t offset, const void* data, size_t bytes);  // blocking
  void read(int buffer, size_t offset, void* data, size_t bytes);         // blocking

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace host
