// Standalone bench of stage 10's kernel outside the library (the first GPU of the first platform
// that has one, else the first device), on square products whose size the tiles divide:
//   kernel_bench SIZES REPS FILE "OPTIONS" [FILE "OPTIONS" ...]
// FILE: a copy of kernels/gemm/sgemm_tuned.cl (or a variant of it); OPTIONS: -DTSM= -DTSN= -DTSK=
// -DWPTM= -DWPTN= -DDOUBLE_BUFFER= and any other build options. Per FILE and OPTIONS: ptxas's
// register / spill lines (-cl-nv-verbose on NVIDIA), then per size the best and mean of REPS
// event-timed launches after one untimed, and the error of 64 elements against a double
// product. Build: g++ -O2 -o kernel_bench kernel_bench.cpp -lOpenCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

static int param(const std::string& d, const char* name) {
  std::string key = std::string("-D") + name + "=";
  size_t p = d.find(key);
  if (p == std::string::npos) return -1;
  return atoi(d.c_str() + p + key.size());
}
#define CK(x) do { cl_int e_ = (x); if (e_) { printf("ERR %d at %s:%d\n", e_, __FILE__, __LINE__); return false; } } while (0)

cl_context ctx; cl_command_queue q; cl_device_id dev;

struct Data { std::vector<float> A, B; cl_mem a, b, c; };
Data& data(int n) {
  static std::map<int, Data> m;
  auto it = m.find(n); if (it != m.end()) return it->second;
  Data& d = m[n]; size_t count = size_t(n) * n; d.A.resize(count); d.B.resize(count);
  unsigned x = 12345u; for (auto& v : d.A) { x = x * 1664525u + 1013904223u; v = (x >> 8) * (2.0f / 16777216.0f) - 1.0f; }
  for (auto& v : d.B) { x = x * 1664525u + 1013904223u; v = (x >> 8) * (2.0f / 16777216.0f) - 1.0f; }
  cl_int err;
  d.a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, count * 4, d.A.data(), &err);
  d.b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, count * 4, d.B.data(), &err);
  d.c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, count * 4, nullptr, &err);
  return d;
}
bool run(const std::string& file, const std::string& defs, const std::vector<int>& sizes, int reps) {
  std::ifstream in(file); std::stringstream ss; ss << in.rdbuf(); std::string src = ss.str();
  const char* p = src.c_str(); size_t len = src.size(); cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &p, &len, &err); CK(err);
  char vn[64]; clGetDeviceInfo(dev, CL_DEVICE_VENDOR, 64, vn, nullptr); std::string opts = std::string("-cl-mad-enable ") + (strstr(vn, "NVIDIA") ? "-cl-nv-verbose " : "") + defs;
  err = clBuildProgram(prog, 1, &dev, opts.c_str(), nullptr, nullptr);
  size_t ls = 0; clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &ls);
  std::string log(ls, 0); clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, ls, &log[0], nullptr);
  std::string info; { std::istringstream l(log); std::string line; while (std::getline(l, line)) if (line.find("ptxas") != std::string::npos || line.find("rror") != std::string::npos) info += line + " | "; }
  printf("## %s [%s] build=%d %s\n", file.c_str(), defs.c_str(), err, info.c_str()); fflush(stdout);
  if (err) { printf("%s\n", log.c_str()); clReleaseProgram(prog); return false; }
  cl_kernel k = clCreateKernel(prog, "sgemm_tuned", &err); CK(err);
  const int tsm = param(defs, "TSM"), tsn = param(defs, "TSN"), wptm = param(defs, "WPTM"), wptn = param(defs, "WPTN");
  for (int n : sizes) {
    if (n % tsm || n % tsn) continue;
    size_t count = size_t(n) * n;
    Data& d = data(n); std::vector<float>& A = d.A; std::vector<float>& B = d.B; std::vector<float> C(count);
    cl_mem a = d.a, b = d.b, c = d.c;
    float nanv = NAN; CK(clEnqueueFillBuffer(q, c, &nanv, 4, 0, count * 4, 0, nullptr, nullptr));
    clSetKernelArg(k, 0, 4, &n); clSetKernelArg(k, 1, 4, &n); clSetKernelArg(k, 2, 4, &n);
    clSetKernelArg(k, 3, sizeof(cl_mem), &a); clSetKernelArg(k, 4, sizeof(cl_mem), &b); clSetKernelArg(k, 5, sizeof(cl_mem), &c);
    size_t global[2] = {size_t(n / wptn), size_t(n / wptm)}, local[2] = {size_t(tsn / wptn), size_t(tsm / wptm)};
    double best = 1e30, sum = 0;
    for (int r = 0; r <= reps; ++r) {
      cl_event ev; CK(clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, &ev)); CK(clWaitForEvents(1, &ev));
      cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, nullptr);
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, nullptr); clReleaseEvent(ev);
      double ms = (t1 - t0) * 1e-6; if (r) { best = std::min(best, ms); sum += ms; }
    }
    CK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, count * 4, C.data(), 0, nullptr, nullptr));
    double maxerr = 0, maxref = 0;
    for (int s = 0; s < 64; ++s) {
      int i = (s * 7919 + 13) % n, j = (s * 104729 + 5) % n; double ref = 0;
      for (int kk = 0; kk < n; ++kk) ref += double(A[size_t(i) * n + kk]) * B[size_t(kk) * n + j];
      maxerr = std::max(maxerr, std::fabs(ref - C[size_t(i) * n + j])); maxref = std::max(maxref, std::fabs(ref));
    }
    double fl = 2.0 * n * n * (double)n;
    printf("RESULT n=%d best %.4f ms %.2f TFLOP/s mean %.2f TFLOP/s err/max %.1e %s | %s\n", n, best, fl / best * 1e-9,
           fl / (sum / reps) * 1e-9, maxerr / maxref, maxerr / maxref < 1e-4 ? "OK" : "WRONG", defs.c_str());
    fflush(stdout);
  }
  clReleaseKernel(k); clReleaseProgram(prog);
  return true;
}

int main(int argc, char** argv) {
  std::vector<int> sizes; { std::stringstream s(argv[1]); std::string t; while (std::getline(s, t, ',')) sizes.push_back(atoi(t.c_str())); }
  int reps = atoi(argv[2]);
  cl_uint np; clGetPlatformIDs(0, nullptr, &np); std::vector<cl_platform_id> ps(np); clGetPlatformIDs(np, ps.data(), nullptr);
  bool found = false;
  for (auto p : ps) { cl_uint nd = 0; if (clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &dev, &nd) == 0 && nd) { found = true; break; } }
  if (!found) { for (auto p : ps) { cl_uint nd = 0; if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &dev, &nd) == 0 && nd) { found = true; break; } } }
  char name[256]; clGetDeviceInfo(dev, CL_DEVICE_NAME, 256, name, nullptr); printf("device %s\n", name);
  cl_int err; ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  for (int i = 3; i + 1 < argc; i += 2) run(argv[i], argv[i + 1], sizes, reps);
  return 0;
}
