#include "gemm/host_candidate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "gemm/gemm_panels.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/gemm_state.hpp"
#include "measure/profile_measure.hpp"
#include "platform/host_blas.hpp"
#include "timing.hpp"

namespace mqlcl {

namespace {

// A BLAS's measured cost: the wall times of square products of 4 (its fixed cost), 128 and 512
// (a multithreaded BLAS reaches its rate only on large ones; a slow one is measured on 128
// only, so that measuring costs a user tens of milliseconds at most, once per process). The
// library measures its own BLAS; a caller reports its own (mqlcl_gemm_caller_blas).
constexpr size_t kFixed = 4, kSmall = 128, kLarge = 512;
struct HostRate {
  double fixed_ms = 0, small_ms = -1, large_ms = -1;  // < 0: not measured
  bool known() const { return small_ms >= 0; }
};
struct RateState {
  std::mutex mutex;
  HostRate own[2], caller[2];  // FP32, FP64
};
RateState& rates() {
  static RateState* s = new RateState();  // never destroyed: no exit-time destructor
  return *s;
}

template <class T>
void call_blas(const HostBlas& blas, const GemmShape& s, T alpha, const T* a, const T* b, T beta, T* c) {
  const int ta = s.trans_a ? kCblasTrans : kCblasNoTrans, tb = s.trans_b ? kCblasTrans : kCblasNoTrans;
  const int m = static_cast<int>(s.m), n = static_cast<int>(s.n), k = static_cast<int>(s.k);
  const int lda = static_cast<int>(s.lda), ldb = static_cast<int>(s.ldb), ldc = static_cast<int>(s.ldc);
  if constexpr (sizeof(T) == 4)
    blas.sgemm(kCblasRowMajor, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  else
    blas.dgemm(kCblasRowMajor, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// The best of `times` wall times of an n x n x n product (ms).
template <class T>
double time_square(const HostBlas& blas, size_t n, int times) {
  std::vector<T> a(n * n), b(n * n), c(n * n);
  for (size_t i = 0; i < n * n; ++i) a[i] = T(i % 7) / T(8), b[i] = T(i % 5) / T(4);
  GemmShape s{};
  s.m = s.n = s.k = s.lda = s.ldb = s.ldc = n;
  double best = 0;
  for (int t = 0; t < times; ++t) {
    const auto start = std::chrono::steady_clock::now();
    call_blas<T>(blas, s, T(1), a.data(), b.data(), T(0), c.data());
    const double ms = ms_since(start);
    if (t == 0 || ms < best) best = ms;
  }
  return best;
}

double gflops(size_t n, double ms) { return 2.0 * double(n) * double(n) * double(n) / std::max(ms, 1e-6) / 1e6; }

template <class T>
HostRate measure_rate(const HostBlas& blas) {
  HostRate r;
  // The best of several: a multithreaded BLAS's call now and then waits for its threads to wake
  // (on 16 cores, one 128^3 product in a few took 30 times the others).
  time_square<T>(blas, kSmall, 3);  // the first calls start the BLAS's threads
  r.fixed_ms = time_square<T>(blas, kFixed, 7);
  r.small_ms = time_square<T>(blas, kSmall, 7);
  if (r.small_ms < 1.0) {
    // 512^3 after one call of its own (its buffers' first use), then the best of several: on
    // 16 cores its FP64 product took 2.6 to 4.4 ms, and the best of three was once 4.3.
    const double first = time_square<T>(blas, kLarge, 1);
    r.large_ms = std::min(first, time_square<T>(blas, kLarge, first < 8.0 ? 6 : 2));
  }
  return r;
}

// The rate's prediction for m x n x k: the fixed cost plus the flops at the rate of 128^3, of
// 512^3, or between them on the log of the flops.
double predict_with(const HostRate& r, size_t m, size_t n, size_t k) {
  const double flops = 2.0 * double(m) * double(n) * double(k);
  const double small = gflops(kSmall, r.small_ms - r.fixed_ms);
  const double large = r.large_ms >= 0 ? gflops(kLarge, r.large_ms - r.fixed_ms) : small;
  const double lo = std::log(2.0 * std::pow(double(kSmall), 3)), hi = std::log(2.0 * std::pow(double(kLarge), 3));
  const double at = std::min(1.0, std::max(0.0, (std::log(flops) - lo) / (hi - lo)));
  return r.fixed_ms + flops / (std::max(small + at * (large - small), 1e-3) * 1e6);
}

double predict_caller_ms(bool fp64, size_t m, size_t n, size_t k) {
  RateState& s = rates();
  std::lock_guard<std::mutex> lock(s.mutex);
  const HostRate& r = s.caller[fp64 ? 1 : 0];
  return r.known() ? predict_with(r, m, n, k) : -1;
}

// The device's predicted wall time for the call with its copies: the panels' prediction, or
// where copies go whole (direct, or a forced panel height) the product plus the copies at the
// profile's rates.
double device_call_ms(Context& ctx, const GemmShape& s, int kernel, bool c_up, size_t element) {
  const PanelPlan panels = plan_panels(ctx, s, kernel, c_up, element);
  if (panels.predicted_ms >= 0) return panels.predicted_ms;
  const DeviceProfile& p = measured_profile(ctx);
  const double e = static_cast<double>(element);
  const double up = e * double(s.m * s.k + s.k * s.n + (c_up ? s.m * s.n : 0)), down = e * double(s.m * s.n);
  const double to = p[MQLCL_PROFILE_TO_DEVICE] * 1e6, from = p[MQLCL_PROFILE_FROM_DEVICE] * 1e6;  // bytes/ms
  return predict_gemm_ms(ctx, kernel, s.m, s.n, s.k) + (to > 0 ? up / to : 0) + (from > 0 ? down / from : 0);
}

// What a host-array call costs the device at least (its copies' and launches' waits, which the
// planner's product prediction does not hold): the best of three 16^3 calls on the device after
// a warm-up, measured once per context and precision.
constexpr size_t kFloor = 16;
template <class T>
double measure_floor(Context& ctx, int precision) {
  GemmShape s{};
  s.m = s.n = s.k = s.lda = s.ldb = s.ldc = kFloor;
  s.a_need = s.b_need = s.c_need = kFloor * kFloor;
  s.precision = precision;
  std::vector<T> a(kFloor * kFloor, T(1)), b(kFloor * kFloor, T(1)), c(kFloor * kFloor);
  double best = -1;
  for (int t = 0; t < 4; ++t) {
    const auto start = std::chrono::steady_clock::now();
    gemm_host<T>(ctx, s, T(1), a.data(), b.data(), T(0), c.data());
    const double ms = ms_since(start);
    if (t > 0 && (best < 0 || ms < best)) best = ms;
  }
  return best;
}
double host_array_floor_ms(Context& ctx, int precision, size_t element) {
  double& floor = gemm_state(ctx).host_array_floor_ms[precision_index(precision)];
  if (floor < 0) floor = element == 8 ? measure_floor<double>(ctx, precision) : measure_floor<float>(ctx, precision);
  return floor;
}

double device_with_floor_ms(Context& ctx, const GemmShape& s, int kernel, bool c_up, size_t element, double device_ms) {
  GemmShape f = s;
  f.m = f.n = f.k = f.lda = f.ldb = f.ldc = kFloor;
  f.trans_a = f.trans_b = false;
  const double beyond = std::max(0.0, device_ms - device_call_ms(ctx, f, kernel, c_up, element));
  return host_array_floor_ms(ctx, s.precision, element) + beyond;
}

// Where the predictions place a host-array call that no flag, pin or size has placed already;
// device_ms: the device's predicted time it was weighed against (0 where none was).
int predicted_place(Context& ctx, const GemmShape& s, size_t element, bool c_up, int host, double host_ms,
                    double& device_ms);
// A call as its placement is kept (its shape, and the tuning's and profile's generations).
Placement placement_of(Context& ctx, const GemmShape& s, size_t element, bool c_up);

}  // namespace

double predict_host_ms(bool fp64, size_t m, size_t n, size_t k) {
  const HostBlas* blas = host_blas();
  if (blas == nullptr) return -1;
  RateState& s = rates();
  std::lock_guard<std::mutex> lock(s.mutex);
  HostRate& r = s.own[fp64 ? 1 : 0];
  if (!r.known()) r = fp64 ? measure_rate<double>(*blas) : measure_rate<float>(*blas);
  return predict_with(r, m, n, k);
}

void report_caller_blas(bool fp64, int n, double ms) {
  if (n != int(kFixed) && n != int(kSmall) && n != int(kLarge))
    fail(MQLCL_ERR_ARGUMENT, "n = ", n, ": the products measured are ", kFixed, ", ", kSmall, " and ", kLarge, " cubed");
  if (!(ms >= 0) || !std::isfinite(ms)) fail(MQLCL_ERR_ARGUMENT, "ms = ", ms, ": a wall time is >= 0 and finite");
  RateState& s = rates();
  std::lock_guard<std::mutex> lock(s.mutex);
  HostRate& r = s.caller[fp64 ? 1 : 0];
  (n == int(kFixed) ? r.fixed_ms : n == int(kSmall) ? r.small_ms : r.large_ms) = ms;
}

int host_array_place(Context& ctx, const GemmShape& s, int flags, size_t element, bool c_up, bool caller) {
  if (flags & MQLCL_GEMM_ON_DEVICE) return 0;
  const bool fp64 = element == 8;
  double host_ms = predict_host_ms(fp64, s.m, s.n, s.k);
  int host = MQLCL_GEMM_HOST_BLAS;
  if (host_ms < 0 && caller) host_ms = predict_caller_ms(fp64, s.m, s.n, s.k), host = MQLCL_GEMM_CALLER_BLAS;
  if (flags & MQLCL_GEMM_ON_HOST) {
    if (host_ms < 0)
      fail(MQLCL_ERR_UNSUPPORTED, "flags: MQLCL_GEMM_ON_HOST, but no BLAS was found on this machine: ", host_blas_search(),
           " (docs/ABI.md, \"GEMM on the processor\")");
    return host;
  }
  if (host_ms < 0) return 0;
  GemmState& state = gemm_state(ctx);
  if (state.pin[precision_index(s.precision)] != 0) return 0;  // the caller chose a device kernel
  // Every device call waits for at least one launch: a product the host does in less is the
  // host's without predicting the device's kernels and copies (a small call's own cost).
  if (host_ms < measured_profile(ctx)[MQLCL_PROFILE_LAUNCH_US] / 1e3) return host;
  // A caller's BLAS may report new times at any call: only the library's own placements are kept.
  double device_ms = 0;
  if (host != MQLCL_GEMM_HOST_BLAS) return predicted_place(ctx, s, element, c_up, host, host_ms, device_ms);
  Placement call = placement_of(ctx, s, element, c_up);
  Placement* p = state.placements.find(call);
  if (p == nullptr) {  // kept under the tuning and profile it was decided from (a change while deciding: not found again)
    call.predicted = predicted_place(ctx, s, element, c_up, host, host_ms, device_ms) == host ? Placement::kHost
                                                                                               : Placement::kDevice;
    call.close = device_ms > 0 && std::max(host_ms, device_ms) < kPlacementClose * std::min(host_ms, device_ms);
    p = &state.placements.keep(call);
  }
  return p->next() == Placement::kHost ? host : 0;
}

void host_array_ran(Context& ctx, const GemmShape& s, size_t element, bool c_up, bool on_host, double ms) {
  Placement* p = gemm_state(ctx).placements.find(placement_of(ctx, s, element, c_up));
  if (p != nullptr) p->ran(on_host ? Placement::kHost : Placement::kDevice, ms);
}

namespace {
Placement placement_of(Context& ctx, const GemmShape& s, size_t element, bool c_up) {
  Placement call;
  call.m = s.m, call.n = s.n, call.k = s.k, call.lda = s.lda, call.ldb = s.ldb, call.ldc = s.ldc, call.precision = s.precision;
  call.bits = (s.trans_a ? 1 : 0) | (s.trans_b ? 2 : 0) | (c_up ? 4 : 0) | (element == 8 ? 8 : 0);
  stamp_generations(ctx, call.tuning, call.profile);
  return call;
}

int predicted_place(Context& ctx, const GemmShape& s, size_t element, bool c_up, int host, double host_ms,
                    double& device_ms) {
  device_ms = 0;
  int chosen = 0;
  try {
    const GemmPlan& plan = planned_call(ctx, s.precision, s.m, s.n, s.k, false);
    if (plan.pinned) return 0;  // the caller chose a device kernel
    chosen = plan.chosen;  // read now: the floor's calls below ask the planner too
  } catch (const Error& e) {
    if (e.code() == MQLCL_ERR_UNSUPPORTED) return host;  // no kernel of the device takes it (FP64)
    throw;
  }
  device_ms = device_call_ms(ctx, s, chosen, c_up, element);
  if (host_ms < device_ms) return host;
  // The device predicted faster: its measured floor decides the calls its prediction flatters,
  // the device's time being that floor plus what the prediction adds beyond a floor-sized call.
  device_ms = device_with_floor_ms(ctx, s, chosen, c_up, element, device_ms);
  return host_ms < device_ms ? host : 0;
}
}  // namespace

template <class T>
void gemm_on_host(Context& ctx, const GemmShape& s, T alpha, const T* a, const T* b, T beta, T* c) {
  const HostBlas* blas = host_blas();
  if (blas == nullptr) fail(MQLCL_ERR_UNSUPPORTED, "no BLAS on this machine: ", host_blas_search());
  const auto start = std::chrono::steady_clock::now();
  call_blas<T>(*blas, s, alpha, a, b, beta, c);
  ctx.ran_on_host(MQLCL_GEMM_HOST_BLAS, ms_since(start));
}

template void gemm_on_host<float>(Context&, const GemmShape&, float, const float*, const float*, float, float*);
template void gemm_on_host<double>(Context&, const GemmShape&, double, const double*, const double*, double, double*);

std::string host_plan_line(Context& ctx, int precision_field, size_t m, size_t n, size_t k) {
  const bool fp64 = precision_field == MQLCL_GEMM_FP64;
  const size_t element = fp64 ? 8 : 4;
  const double host_ms = predict_host_ms(fp64, m, n, k);
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(3);
  if (host_ms < 0) {
    out << "  host BLAS: none (" << host_blas_search() << "): host arrays run on the device\n";
    return out.str();
  }
  GemmShape s{};
  s.m = m, s.n = n, s.k = k, s.lda = k, s.ldb = n, s.ldc = n, s.precision = precision_field;
  s.a_need = m * k, s.b_need = k * n, s.c_need = m * n;
  const int place = host_array_place(ctx, s, 0, element, true, false);
  out << "  host BLAS " << host_blas_search() << ": " << host_ms << " ms predicted for host arrays";
  if (!gemm_state(ctx).pin[precision_index(precision_field)]) {
    const double device_ms = device_call_ms(ctx, s, plan_gemm(ctx, precision_field, m, n, k, false).chosen, true, element);
    out << ", the device " << device_ms << " ms with its copies (beta != 0)";
    const double floor = gemm_state(ctx).host_array_floor_ms[precision_index(precision_field)];
    if (floor >= 0) out << " (" << floor << " ms its measured floor at " << kFloor << "^3)";
  }
  out << ": host arrays run on " << (place == MQLCL_GEMM_HOST_BLAS ? "the host" : "the device") << '\n';
  return out.str();
}

}  // namespace mqlcl
