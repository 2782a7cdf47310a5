// Standalone probe for DGEMM's kernels on an NVIDIA GPU (OpenCL device 0), outside the library:
//   dgemm_probe peak FILE          rates of kernels/bench/peak_mma.cl's mma_f64_peak for every
//                                  -DF64_SHAPE (884 1684 1688 16816), or why a build failed
//   dgemm_probe build FILE "OPTS"  builds FILE with OPTS -cl-nv-verbose and prints ptxas's
//                                  register / spill lines (kernels/gemm/dgemm_tensor.cl's tiles)
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {
cl_device_id dev;
cl_context ctx;
cl_command_queue queue;
std::string include_dir;  // kernels/ (the source's grandparent), for #include "util/..."

std::string read(const char* path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Builds; returns the program (null on failure) and the log.
cl_program build(const std::string& src, const std::string& opts, std::string& log) {
  const char* p = src.c_str();
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &p, nullptr, &err);
  const cl_int rc = clBuildProgram(prog, 1, &dev, ("-cl-std=CL1.2 -I " + include_dir + " " + opts).c_str(), nullptr, nullptr);
  size_t n = 0;
  clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  log.assign(n, '\0');
  clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, &log[0], nullptr);
  if (rc != CL_SUCCESS) {
    clReleaseProgram(prog);
    return nullptr;
  }
  return prog;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  // The NVIDIA platform where there is one (other ICDs may be registered beside it).
  cl_platform_id plats[16];
  cl_uint nplat = 0;
  clGetPlatformIDs(16, plats, &nplat);
  if (nplat == 0) return 3;
  cl_platform_id plat = plats[0];
  for (cl_uint i = 0; i < nplat; ++i) {
    char name[256] = {};
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name - 1, name, nullptr);
    if (std::string(name).find("NVIDIA") != std::string::npos) plat = plats[i];
  }
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, nullptr);
  char dname[256] = {};
  clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname - 1, dname, nullptr);
  std::fprintf(stderr, "device: %s\n", dname);
  ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, nullptr);
  queue = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, nullptr);
  const std::string src = read(argv[2]), mode = argv[1];
  include_dir = std::filesystem::absolute(argv[2]).parent_path().parent_path().string();
  if (mode == "build") {
    std::string log;
    cl_program p = build(src, std::string(argc > 3 ? argv[3] : "") + " -cl-nv-verbose", log);
    std::istringstream lines(log);
    for (std::string l; std::getline(lines, l);)
      if (!p || l.find("registers") != std::string::npos || l.find("spill") != std::string::npos ||
          l.find("stack") != std::string::npos)
        std::printf("  %s\n", l.c_str());
    std::printf("%s: %s\n", argc > 3 ? argv[3] : "", p ? "built" : "FAILED");
    return p ? 0 : 1;
  }
  cl_uint units = 0;
  clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr);
  const size_t local = 256, items = units * 8 * local;
  cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, items * 8, nullptr, nullptr);
  for (int shape : {884, 1684, 1688, 16816}) {
    const int m = shape == 884 ? 8 : 16, k = shape == 884 || shape == 1684 ? 4 : shape == 1688 ? 8 : 16;
    std::string log;
    cl_program p = build(src, "-DITERS=1024 -DF64_SHAPE=" + std::to_string(shape), log);
    if (!p) {
      std::printf("F64_SHAPE=%d: build failed: %.300s\n", shape, log.c_str());
      continue;
    }
    cl_kernel kern = clCreateKernel(p, "mma_f64_peak", nullptr);
    const double seed = 1.0;
    clSetKernelArg(kern, 0, sizeof out, &out);
    clSetKernelArg(kern, 1, sizeof seed, &seed);
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
      cl_event ev;
      clEnqueueNDRangeKernel(queue, kern, 1, nullptr, &items, &local, 0, nullptr, &ev);
      clWaitForEvents(1, &ev);
      cl_ulong t0, t1;
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, nullptr);
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, nullptr);
      best = std::min(best, (t1 - t0) * 1e-6);
      clReleaseEvent(ev);
    }
    const double flop = 2.0 * m * 8 * k * 1024 * 8 * (items / 32.0);
    std::printf("F64_SHAPE=%d: mma.sync .f64 %.1f GFLOP/s\n", shape, flop / (best * 1e6));
    clReleaseKernel(kern);
    clReleaseProgram(p);
  }
  return 0;
}
