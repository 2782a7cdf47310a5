// The processor as a candidate of the planner for a host-array GEMM (mqlcl_sgemm, mqlcl_dgemm):
// the BLAS found on the machine (platform/host_blas), its time predicted from its rate measured
// once per process, against the device's predicted time for the same call with its copies
// (the planner's kernel, gemm/gemm_plan, and its panels, gemm/gemm_panels). The call runs
// where the prediction is lower; mqlcl_last_product says MQLCL_GEMM_HOST_BLAS when the host ran.
#pragma once
#include <cstddef>
#include <string>

#include "context.hpp"
#include "gemm/gemm.hpp"

namespace mqlcl {

// Where this host-array call runs: MQLCL_GEMM_HOST_BLAS, or 0 for the device.
// MQLCL_GEMM_ON_HOST in `flags` runs the host (MQLCL_ERR_UNSUPPORTED where no BLAS was found),
// MQLCL_GEMM_ON_DEVICE or a kernel pinned for the precision the device; otherwise the host
// where its predicted time is below the device's (or no kernel of the device takes the call).
// `c_up`: beta != 0 (the device uploads C too). `caller`: where the library has no BLAS of its
// own, a BLAS the caller reported (mqlcl_gemm_caller_blas) is the host candidate, and the
// answer MQLCL_GEMM_CALLER_BLAS (mqlcl_gemm_where: the caller runs it).
// Where the predictions are too close to tell the sides apart, the calls of one shape run each
// side twice, then the faster measured (host_array_ran reports each call's wall time).
int host_array_place(Context& ctx, const GemmShape& s, int flags, size_t element, bool c_up, bool caller);
// A host-array call's wall time on the side it ran (whatever placed it: flags, a pin or the
// planner), kept for its shape where its placement measures both sides.
void host_array_ran(Context& ctx, const GemmShape& s, size_t element, bool c_up, bool on_host, double ms);

// A caller's own BLAS: the wall time of its n^3 product (n = 4, 128 or 512), process-wide.
void report_caller_blas(bool fp64, int n, double ms);

// The product on the host BLAS (checked arguments), reported as the context's last operation.
template <class T>
void gemm_on_host(Context& ctx, const GemmShape& s, T alpha, const T* a, const T* b, T beta, T* c);

// The host BLAS's predicted time for m x n x k (ms; measures its rate on first use), or < 0
// where none is found; and the line of mqlcl_gemm_plan_text that says so.
double predict_host_ms(bool fp64, size_t m, size_t n, size_t k);
std::string host_plan_line(Context& ctx, int precision_field, size_t m, size_t n, size_t k);

}  // namespace mqlcl
