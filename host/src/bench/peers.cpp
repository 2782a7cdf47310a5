#include "peers.hpp"

#include "../timing.hpp"

#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <clblast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace host {

namespace {
cl::Device device_at(int index) {
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  int i = 0;
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    try {
      p.getDevices(CL_DEVICE_TYPE_ALL, &ds);
    } catch (const cl::Error&) {
      continue;
    }
    for (auto& d : ds)
      if (i++ == index) return d;
  }
  throw std::runtime_error("no device " + std::to_string(index));
}


}  // namespace

PeerTiming clblast_sgemm(int device, const std::vector<float>& a, const std::vector<float>& b, int m, int k, int n,
                         int reps) {
  PeerTiming t;
  try {
    cl::Device dev = device_at(device);
    cl::Context ctx(dev);
    cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
    cl::Buffer da(ctx, CL_MEM_READ_WRITE, a.size() * 4), db(ctx, CL_MEM_READ_WRITE, b.size() * 4),
        dc(ctx, CL_MEM_READ_WRITE, static_cast<size_t>(m) * n * 4);
    q.enqueueWriteBuffer(da, CL_TRUE, 0, a.size() * 4, a.data());
    q.enqueueWriteBuffer(db, CL_TRUE, 0, b.size() * 4, b.data());
    // CLBlast may run several kernels (padding, transposes, the GEMM): its event covers only
    // the last, so the whole routine is timed from an idle queue to its completion.
    std::vector<double> times;
    for (int r = 0; r <= reps; ++r) {
      cl_event ev = nullptr;
      cl_command_queue raw = q();
      q.finish();
      const auto t0 = std::chrono::steady_clock::now();
      const auto status = clblast::Gemm<float>(clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo,
                                               static_cast<size_t>(m), static_cast<size_t>(n), static_cast<size_t>(k), 1.0f,
                                               da(), 0, static_cast<size_t>(k), db(), 0, static_cast<size_t>(n), 0.0f, dc(),
                                               0, static_cast<size_t>(n), &raw, &ev);
      if (status != clblast::StatusCode::kSuccess) {
        t.note = "clblast::Gemm returned status " + std::to_string(static_cast<int>(status));
        return t;
      }
      cl::Event e(ev);
      q.finish();
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (r > 0) times.push_back(ms);  // run 0 is the warm-up (kernel compilation)
    }
    std::vector<float> c(static_cast<size_t>(m) * n);
    q.enqueueReadBuffer(dc, CL_TRUE, 0, c.size() * 4, c.data());
    for (int s = 0; s < 64; ++s) {  // sampled check against a double product
      const int r = (s * 7919) % m, col = (s * 104729) % n;
      double exact = 0, scale = 0;
      for (int kk = 0; kk < k; ++kk) {
        const double p = static_cast<double>(a[static_cast<size_t>(r) * k + kk]) * b[static_cast<size_t>(kk) * n + col];
        exact += p;
        scale += std::fabs(p);
      }
      t.max_rel_error = std::max(t.max_rel_error, std::fabs(c[static_cast<size_t>(r) * n + col] - exact) / (scale + 1e-30));
    }
    t.available = true;
    t.median_ms = median(times);
    t.note = "clblast::Gemm (row-major, no transposes), CLBlast's default tuning; wall time of the whole routine";
  } catch (const std::exception& e) {
    t.note = std::string("CLBlast run failed: ") + e.what();
  }
  return t;
}

TransferRates transfer_rates(int device, size_t bytes, int reps) {
  TransferRates r;
  try {
    cl::Device dev = device_at(device);
    cl::Context ctx(dev);
    cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
    cl::Buffer d(ctx, CL_MEM_READ_WRITE, bytes);
    std::vector<float> pageable(bytes / 4, 1.0f);
    // Pinned: a host-allocated buffer, mapped once; transfers go from/to its mapping.
    cl::Buffer pinned(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
    void* p = q.enqueueMapBuffer(pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes);
    std::memset(p, 0, bytes);
    auto rate = [&](auto&& op) {
      std::vector<double> t;
      for (int i = 0; i <= reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        op();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (i > 0) t.push_back(s);
      }
      return static_cast<double>(bytes) / median(t) * 1e-9;
    };
    r.pageable_write_gbs = rate([&] { q.enqueueWriteBuffer(d, CL_TRUE, 0, bytes, pageable.data()); });
    r.pageable_read_gbs = rate([&] { q.enqueueReadBuffer(d, CL_TRUE, 0, bytes, pageable.data()); });
    r.pinned_write_gbs = rate([&] { q.enqueueWriteBuffer(d, CL_TRUE, 0, bytes, p); });
    r.pinned_read_gbs = rate([&] { q.enqueueReadBuffer(d, CL_TRUE, 0, bytes, p); });
    r.staged_write_gbs = rate([&] {
      std::memcpy(p, pageable.data(), bytes);
      q.enqueueWriteBuffer(d, CL_TRUE, 0, bytes, p);
    });
    q.enqueueUnmapMemObject(pinned, p);
    q.finish();
    r.available = true;
  } catch (const std::exception&) {
    r.available = false;
  }
  return r;
}

}  // namespace host
