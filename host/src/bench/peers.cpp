#include "peers.hpp"

#include "../timing.hpp"
#include "../product_check.hpp"

#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <clblast.h>

#include "cl_device.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace host {

namespace {
cl::Device device_at(int index) { return cl::Device(cl_device_at(index), true); }
}  // namespace

template <class T>
PeerTiming clblast_gemm(int device, const std::vector<T>& a, const std::vector<T>& b, int m, int k, int n, int reps) {
  PeerTiming t;
  try {
    cl::Device dev = device_at(device);
    cl::Context ctx(dev);
    cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
    const size_t e = sizeof(T);
    cl::Buffer da(ctx, CL_MEM_READ_WRITE, a.size() * e), db(ctx, CL_MEM_READ_WRITE, b.size() * e),
        dc(ctx, CL_MEM_READ_WRITE, static_cast<size_t>(m) * n * e);
    q.enqueueWriteBuffer(da, CL_TRUE, 0, a.size() * e, a.data());
    q.enqueueWriteBuffer(db, CL_TRUE, 0, b.size() * e, b.data());
    // CLBlast may run several kernels (padding, transposes, the GEMM): its event covers only
    // the last, so the whole routine is timed from an idle queue to its completion.
    std::vector<double> times;
    for (int r = 0; r <= reps; ++r) {
      cl_event ev = nullptr;
      cl_command_queue raw = q();
      q.finish();
      const auto t0 = std::chrono::steady_clock::now();
      const auto status = clblast::Gemm<T>(clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo,
                                           static_cast<size_t>(m), static_cast<size_t>(n), static_cast<size_t>(k), T(1), da(),
                                           0, static_cast<size_t>(k), db(), 0, static_cast<size_t>(n), T(0), dc(), 0,
                                           static_cast<size_t>(n), &raw, &ev);
      if (status != clblast::StatusCode::kSuccess) {
        t.note = "clblast::Gemm returned status " + std::to_string(static_cast<int>(status));
        return t;
      }
      cl::Event done(ev);
      q.finish();
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (r > 0) times.push_back(ms);  // run 0 is the warm-up (kernel compilation)
    }
    std::vector<T> c(static_cast<size_t>(m) * n);
    q.enqueueReadBuffer(dc, CL_TRUE, 0, c.size() * e, c.data());
    t.max_rel_error =
        check_product(sizeof(T) == 4 ? MQLCL_PRECISION_FP32 : MQLCL_PRECISION_FP64, a, b, c, m, k, n, 256).max_rel;
    t.available = true;
    t.median_ms = median(times);
    t.note = "clblast::Gemm (row-major, no transposes), CLBlast's default tuning; wall time of the whole routine";
  } catch (const std::exception& ex) {
    t.note = std::string("CLBlast run failed: ") + ex.what();
  }
  return t;
}
template PeerTiming clblast_gemm<float>(int, const std::vector<float>&, const std::vector<float>&, int, int, int, int);
template PeerTiming clblast_gemm<double>(int, const std::vector<double>&, const std::vector<double>&, int, int, int, int);

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
