#include "raw_opencl.hpp"

#include <stdexcept>
#include <vector>

#include "cl_device.hpp"

namespace host {

namespace {
void ok(cl_int rc, const char* call) {
  if (rc != CL_SUCCESS) throw std::runtime_error(std::string(call) + " returned " + std::to_string(rc));
}
}  // namespace

cl_device_id cl_device_at(int index) {
  cl_uint platforms = 0;
  if (clGetPlatformIDs(0, nullptr, &platforms) != CL_SUCCESS) platforms = 0;
  std::vector<cl_platform_id> ps(platforms);
  if (platforms) ok(clGetPlatformIDs(platforms, ps.data(), nullptr), "clGetPlatformIDs");
  int i = 0;
  for (cl_platform_id p : ps) {
    cl_uint n = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS || n == 0) continue;
    std::vector<cl_device_id> ds(n);
    ok(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ds.data(), nullptr), "clGetDeviceIDs");
    for (cl_device_id d : ds)
      if (i++ == index) return d;
  }
  throw std::runtime_error("no OpenCL device " + std::to_string(index));
}

struct RawOpenCL::Impl {
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  std::vector<cl_program> programs;
  std::vector<cl_kernel> kernels;
  std::vector<cl_mem> buffers;
  ~Impl() {
    if (queue) clFinish(queue);
    for (cl_mem m : buffers) clReleaseMemObject(m);
    for (cl_kernel k : kernels) clReleaseKernel(k);
    for (cl_program p : programs) clReleaseProgram(p);
    if (queue) clReleaseCommandQueue(queue);
    if (context) clReleaseContext(context);
  }
};

RawOpenCL::RawOpenCL(int device) : impl_(new Impl) {
  cl_int rc = CL_SUCCESS;
  impl_->device = cl_device_at(device);
  impl_->context = clCreateContext(nullptr, 1, &impl_->device, nullptr, nullptr, &rc);
  ok(rc, "clCreateContext");
  impl_->queue = clCreateCommandQueue(impl_->context, impl_->device, 0, &rc);
  ok(rc, "clCreateCommandQueue");
}

RawOpenCL::~RawOpenCL() = default;

std::string RawOpenCL::device_name() const {
  size_t n = 0;
  ok(clGetDeviceInfo(impl_->device, CL_DEVICE_NAME, 0, nullptr, &n), "clGetDeviceInfo");
  std::string s(n, '\0');
  ok(clGetDeviceInfo(impl_->device, CL_DEVICE_NAME, n, &s[0], nullptr), "clGetDeviceInfo");
  while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) s.pop_back();
  return s;
}

int RawOpenCL::program(const std::string& source, const std::string& options) {
  cl_int rc = CL_SUCCESS;
  const char* text = source.c_str();
  cl_program p = clCreateProgramWithSource(impl_->context, 1, &text, nullptr, &rc);
  ok(rc, "clCreateProgramWithSource");
  impl_->programs.push_back(p);
  if (clBuildProgram(p, 1, &impl_->device, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(p, impl_->device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0');
    clGetProgramBuildInfo(p, impl_->device, CL_PROGRAM_BUILD_LOG, n, &log[0], nullptr);
    throw std::runtime_error("clBuildProgram failed: " + log);
  }
  return static_cast<int>(impl_->programs.size()) - 1;
}

int RawOpenCL::kernel(int program, const char* name) {
  cl_int rc = CL_SUCCESS;
  cl_kernel k = clCreateKernel(impl_->programs.at(static_cast<size_t>(program)), name, &rc);
  ok(rc, "clCreateKernel");
  impl_->kernels.push_back(k);
  return static_cast<int>(impl_->kernels.size()) - 1;
}

int RawOpenCL::buffer(size_t bytes) {
  cl_int rc = CL_SUCCESS;
  cl_mem m = clCreateBuffer(impl_->context, CL_MEM_READ_WRITE, bytes, nullptr, &rc);
  ok(rc, "clCreateBuffer");
  impl_->buffers.push_back(m);
  return static_cast<int>(impl_->buffers.size()) - 1;
}

void RawOpenCL::arg_mem(int kernel, int index, int buffer) {
  ok(clSetKernelArg(impl_->kernels[static_cast<size_t>(kernel)], static_cast<cl_uint>(index), sizeof(cl_mem),
                    &impl_->buffers[static_cast<size_t>(buffer)]),
     "clSetKernelArg");
}

void RawOpenCL::arg_int(int kernel, int index, int value) {
  const cl_int v = value;
  ok(clSetKernelArg(impl_->kernels[static_cast<size_t>(kernel)], static_cast<cl_uint>(index), sizeof(v), &v), "clSetKernelArg");
}

void RawOpenCL::arg_float(int kernel, int index, float value) {
  const cl_float v = value;
  ok(clSetKernelArg(impl_->kernels[static_cast<size_t>(kernel)], static_cast<cl_uint>(index), sizeof(v), &v), "clSetKernelArg");
}

void RawOpenCL::enqueue(int kernel, int dims, const size_t* offset, const size_t* global) {
  ok(clEnqueueNDRangeKernel(impl_->queue, impl_->kernels[static_cast<size_t>(kernel)], static_cast<cl_uint>(dims), offset,
                            global, nullptr, 0, nullptr, nullptr),
     "clEnqueueNDRangeKernel");
}

void RawOpenCL::finish() { ok(clFinish(impl_->queue), "clFinish"); }

void RawOpenCL::write(int buffer, size_t offset, const void* data, size_t bytes) {
  ok(clEnqueueWriteBuffer(impl_->queue, impl_->buffers[static_cast<size_t>(buffer)], CL_TRUE, offset, bytes, data, 0, nullptr,
                          nullptr),
     "clEnqueueWriteBuffer");
}

void RawOpenCL::read(int buffer, size_t offset, void* data, size_t bytes) {
  ok(clEnqueueReadBuffer(impl_->queue, impl_->buffers[static_cast<size_t>(buffer)], CL_TRUE, offset, bytes, data, 0, nullptr,
                         nullptr),
     "clEnqueueReadBuffer");
}

}  // namespace host
