// The BLAS found on the machine at run time, the processor's candidate for a host-array GEMM
// (gemm/host_candidate): OpenBLAS, else the reference libblas, loaded by name (dlopen /
// LoadLibrary) and never required, so the library imports nothing for it. Its CBLAS entry
// points are taken (the same in both, row-major without a transposition of our own).
#pragma once
#include <string>

namespace mqlcl {

struct HostBlas {
  // cblas_sgemm / cblas_dgemm of an LP64 build (32-bit integers): order, trans A, trans B,
  // M, N, K, alpha, A, lda, B, ldb, beta, C, ldc.
  using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*,
                         int);
  using Dgemm = void (*)(int, int, int, int, int, int, double, const double*, int, const double*, int, double,
                         double*, int);
  Sgemm sgemm = nullptr;
  Dgemm dgemm = nullptr;
  std::string library;  // the file it was loaded from, as named to the loader
};
constexpr int kCblasRowMajor = 101, kCblasNoTrans = 111, kCblasTrans = 112;

// The BLAS of this process, loaded on the first call: $MQLCL_HOST_BLAS names the library
// (a path), or "off" for none (read on every call, so it can be switched off at any time);
// unset, the names below are tried in turn. A library is taken only when a 2 x 3 x 2 product of
// known values comes out right through both entry points (an ILP64 build does not).
// nullptr where none is found; host_blas_search says what was tried and why each failed.
const HostBlas* host_blas();
std::string host_blas_search();

}  // namespace mqlcl
