// mql5_linalg.hpp on LAPACK (natively) or Eigen (the Windows build).
#include "mql5_linalg.hpp"

#include <algorithm>
#include <vector>

#if defined(_WIN32)
#include <Eigen/Dense>
#endif

namespace mql5 {
namespace linalg {

#if !defined(_WIN32)
extern "C" {
// LAPACK's Fortran interface (column-major, every argument by address).
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u, const int* ldu,
             double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info);
void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a, const int* lda, double* wr, double* wi, double* vl,
            const int* ldvl, double* vr, const int* ldvr, double* work, const int* lwork, int* info);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dgetri_(const int* n, double* a, const int* lda, const int* ipiv, double* work, const int* lwork, int* info);
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b, const int* ldb, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau, double* work,
             const int* lwork, int* info);
// BLAS's Fortran interface, OpenBLAS's here (linked natively).
void dgemm_(const char* ta, const char* tb, const int* m, const int* n, const int* k, const double* alpha, const double* a,
            const int* lda, const double* b, const int* ldb, const double* beta, double* c, const int* ldc);
void sgemm_(const char* ta, const char* tb, const int* m, const int* n, const int* k, const float* alpha, const float* a,
            const int* lda, const float* b, const int* ldb, const float* beta, float* c, const int* ldc);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb, double* s,
             const double* rcond, int* rank, double* work, const int* lwork, int* iwork, int* info);
}

namespace {
// Row-major (the harness's) to column-major (LAPACK's), and back.
std::vector<double> columns(int m, int n, const double* a) {
  std::vector<double> c(static_cast<size_t>(m) * n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) c[static_cast<size_t>(j) * m + i] = a[static_cast<size_t>(i) * n + j];
  return c;
}
void rows(int m, int n, const double* c, double* a) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) a[static_cast<size_t>(i) * n + j] = c[static_cast<size_t>(j) * m + i];
}
}  // namespace

const char* backend() { return "LAPACK"; }

namespace {
// Row-major C = A B is column-major C' = B' A': the same arrays, B first.
template <class T, class Gemm>
void blas_product(Gemm gemm, int m, int n, int k, const T* a, const T* b, T* c) {
  if (m <= 0 || n <= 0) return;
  if (k <= 0) {
    std::fill(c, c + static_cast<size_t>(m) * n, T(0));
    return;
  }
  const T one = 1, zero = 0;
  const int ldb = n, lda = k, ldc = n;
  gemm("N", "N", &n, &m, &k, &one, b, &ldb, a, &lda, &zero, c, &ldc);
}
}  // namespace
void product(int m, int n, int k, const double* a, const double* b, double* c) { blas_product(dgemm_, m, n, k, a, b, c); }
void product(int m, int n, int k, const float* a, const float* b, float* c) { blas_product(sgemm_, m, n, k, a, b, c); }

bool svd(int m, int n, const double* a, double* u, double* s, double* vt) {
  std::vector<double> c = columns(m, n, a), uc(static_cast<size_t>(m) * m), vc(static_cast<size_t>(n) * n);
  std::vector<int> iwork(static_cast<size_t>(8 * std::min(m, n)));
  int info = 0, lwork = -1;
  double query = 0;
  const int ldu = std::max(1, m), ldvt = std::max(1, n), lda = std::max(1, m);
  dgesdd_("A", &m, &n, c.data(), &lda, s, uc.data(), &ldu, vc.data(), &ldvt, &query, &lwork, iwork.data(), &info);
  lwork = static_cast<int>(query);
  std::vector<double> work(static_cast<size_t>(std::max(1, lwork)));
  dgesdd_("A", &m, &n, c.data(), &lda, s, uc.data(), &ldu, vc.data(), &ldvt, work.data(), &lwork, iwork.data(), &info);
  if (info != 0) return false;
  rows(m, m, uc.data(), u);
  rows(n, n, vc.data(), vt);
  return true;
}

bool eig(int n, const double* a, double* wr, double* wi, double* v) {
  std::vector<double> c = columns(n, n, a), vr(static_cast<size_t>(n) * n);
  int info = 0, lwork = -1, one = 1;
  double query = 0, none = 0;
  const int ld = std::max(1, n);
  const char* jobvr = v ? "V" : "N";
  dgeev_("N", jobvr, &n, c.data(), &ld, wr, wi, &none, &one, vr.data(), &ld, &query, &lwork, &info);
  lwork = static_cast<int>(query);
  std::vector<double> work(static_cast<size_t>(std::max(1, lwork)));
  dgeev_("N", jobvr, &n, c.data(), &ld, wr, wi, &none, &one, vr.data(), &ld, work.data(), &lwork, &info);
  if (info != 0) return false;
  if (v) rows(n, n, vr.data(), v);
  return true;
}

bool cholesky(int n, const double* a, double* l) {
  std::vector<double> c = columns(n, n, a);
  int info = 0;
  const int ld = std::max(1, n);
  dpotrf_("L", &n, c.data(), &ld, &info);
  if (info != 0) return false;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i) c[static_cast<size_t>(j) * n + i] = 0;  // its upper part is A's
  rows(n, n, c.data(), l);
  return true;
}

bool lu_pivoted(int n, const double* a, double* l, double* u, int* perm) {
  std::vector<double> c = columns(n, n, a);
  std::vector<int> ipiv(static_cast<size_t>(std::max(1, n)));
  int info = 0;
  const int ld = std::max(1, n);
  dgetrf_(&n, &n, c.data(), &ld, ipiv.data(), &info);
  if (info < 0) return false;  // info > 0: U singular, the factorisation still exists
  for (int i = 0; i < n; ++i) perm[i] = i;
  for (int i = 0; i < n; ++i) std::swap(perm[i], perm[ipiv[static_cast<size_t>(i)] - 1]);  // the row swaps, in order
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const double x = c[static_cast<size_t>(j) * n + i];
      l[i * n + j] = i > j ? x : (i == j ? 1 : 0);
      u[i * n + j] = i <= j ? x : 0;
    }
  return true;
}

bool qr(int m, int n, const double* a, double* q, double* r) {
  const int k = std::min(m, n), ld = std::max(1, m);
  std::vector<double> c(static_cast<size_t>(m) * std::max(m, n), 0.0), tau(static_cast<size_t>(std::max(1, k)));
  const std::vector<double> ac = columns(m, n, a);
  std::copy(ac.begin(), ac.end(), c.begin());
  int info = 0, lwork = -1;
  double query = 0;
  dgeqrf_(&m, &n, c.data(), &ld, tau.data(), &query, &lwork, &info);
  lwork = std::max(static_cast<int>(query), std::max(1, m) * 64);
  std::vector<double> work(static_cast<size_t>(lwork));
  dgeqrf_(&m, &n, c.data(), &ld, tau.data(), work.data(), &lwork, &info);
  if (info != 0) return false;
  for (int i = 0; i < m; ++i)  // R: the upper trapezoid
    for (int j = 0; j < n; ++j) r[static_cast<size_t>(i) * n + j] = i <= j ? c[static_cast<size_t>(j) * m + i] : 0;
  // Q (m x m) from the reflectors: the first k columns hold them, the rest start as zero
  std::vector<double> qc(static_cast<size_t>(m) * m, 0.0);
  for (int j = 0; j < k; ++j)
    for (int i = 0; i < m; ++i) qc[static_cast<size_t>(j) * m + i] = c[static_cast<size_t>(j) * m + i];
  dorgqr_(&m, &m, &k, qc.data(), &ld, tau.data(), work.data(), &lwork, &info);
  if (info != 0) return false;
  rows(m, m, qc.data(), q);
  return true;
}

bool solve(int n, const double* a, const double* b, double* x) {
  std::vector<double> c = columns(n, n, a);
  std::vector<int> ipiv(static_cast<size_t>(std::max(1, n)));
  std::copy(b, b + n, x);
  int info = 0, one = 1;
  const int ld = std::max(1, n);
  dgesv_(&n, &one, c.data(), &ld, ipiv.data(), x, &ld, &info);
  return info == 0;
}

bool least_squares(int m, int n, const double* a, const double* b, double* x) {
  std::vector<double> c = columns(m, n, a), bx(static_cast<size_t>(std::max(m, n)), 0.0), s(static_cast<size_t>(std::min(m, n)) + 1);
  std::copy(b, b + m, bx.begin());
  int info = 0, rank = 0, one = 1, lwork = -1, iquery = 0;
  const int lda = std::max(1, m), ldb = std::max(1, std::max(m, n));
  const double rcond = -1;  // machine precision
  double query = 0;
  dgelsd_(&m, &n, &one, c.data(), &lda, bx.data(), &ldb, s.data(), &rcond, &rank, &query, &lwork, &iquery, &info);
  lwork = static_cast<int>(query);
  std::vector<double> work(static_cast<size_t>(std::max(1, lwork)));
  std::vector<int> iwork(static_cast<size_t>(std::max(1, iquery)));
  dgelsd_(&m, &n, &one, c.data(), &lda, bx.data(), &ldb, s.data(), &rcond, &rank, work.data(), &lwork, iwork.data(), &info);
  if (info != 0) return false;
  std::copy(bx.begin(), bx.begin() + n, x);
  return true;
}

bool inverse(int n, const double* a, double* inv) {
  std::vector<double> c = columns(n, n, a);
  std::vector<int> ipiv(static_cast<size_t>(std::max(1, n)));
  int info = 0, lwork = -1;
  const int ld = std::max(1, n);
  dgetrf_(&n, &n, c.data(), &ld, ipiv.data(), &info);
  if (info != 0) return false;  // singular
  double query = 0;
  dgetri_(&n, c.data(), &ld, ipiv.data(), &query, &lwork, &info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(static_cast<size_t>(lwork));
  dgetri_(&n, c.data(), &ld, ipiv.data(), work.data(), &lwork, &info);
  if (info != 0) return false;
  rows(n, n, c.data(), inv);
  return true;
}

#else  // the Windows build: Eigen

namespace {
using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXd;
Eigen::Map<const Mat> in(int m, int n, const double* a) { return Eigen::Map<const Mat>(a, m, n); }
Eigen::Map<Mat> out(int m, int n, double* a) { return Eigen::Map<Mat>(a, m, n); }
}  // namespace

const char* backend() { return "Eigen"; }

namespace {
template <class T>
void eigen_product(int m, int n, int k, const T* a, const T* b, T* c) {
  using Rows = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  if (m <= 0 || n <= 0) return;
  Eigen::Map<Rows> cm(c, m, n);
  if (k <= 0) {
    cm.setZero();
    return;
  }
  cm.noalias() = Eigen::Map<const Rows>(a, m, k) * Eigen::Map<const Rows>(b, k, n);
}
}  // namespace
void product(int m, int n, int k, const double* a, const double* b, double* c) { eigen_product(m, n, k, a, b, c); }
void product(int m, int n, int k, const float* a, const float* b, float* c) { eigen_product(m, n, k, a, b, c); }

bool svd(int m, int n, const double* a, double* u, double* s, double* vt) {
  Eigen::JacobiSVD<Mat> d(in(m, n, a), Eigen::ComputeFullU | Eigen::ComputeFullV);
  out(m, m, u) = d.matrixU();
  out(n, n, vt) = d.matrixV().transpose();
  Eigen::Map<Vec>(s, std::min(m, n)) = d.singularValues();
  return true;
}

bool eig(int n, const double* a, double* wr, double* wi, double* v) {
  Eigen::EigenSolver<Mat> e(in(n, n, a), v != nullptr);
  if (e.info() != Eigen::Success) return false;
  for (int i = 0; i < n; ++i) wr[i] = e.eigenvalues()[i].real(), wi[i] = e.eigenvalues()[i].imag();
  if (v) {  // LAPACK's layout: a complex pair's real and imaginary parts in two columns
    const auto vecs = e.eigenvectors();
    for (int j = 0; j < n; ++j) {
      const bool second = j > 0 && wi[j] != 0 && wi[j] == -wi[j - 1];
      for (int i = 0; i < n; ++i) v[i * n + j] = second ? vecs(i, j - 1).imag() : vecs(i, j).real();
    }
  }
  return true;
}

bool cholesky(int n, const double* a, double* l) {
  Eigen::LLT<Mat> c(in(n, n, a));
  if (c.info() != Eigen::Success) return false;
  out(n, n, l) = c.matrixL();
  return true;
}

bool lu_pivoted(int n, const double* a, double* l, double* u, int* perm) {
  Eigen::PartialPivLU<Mat> f(in(n, n, a));
  const Mat lu = f.matrixLU();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      l[i * n + j] = i > j ? lu(i, j) : (i == j ? 1 : 0);
      u[i * n + j] = i <= j ? lu(i, j) : 0;
    }
  const auto p = f.permutationP();  // P A = L U
  for (int i = 0; i < n; ++i) perm[p.indices()[i]] = i;
  return true;
}

bool qr(int m, int n, const double* a, double* q, double* r) {
  Eigen::HouseholderQR<Mat> f(in(m, n, a));
  out(m, m, q) = f.householderQ();
  Mat rr = f.matrixQR().triangularView<Eigen::Upper>();
  out(m, n, r) = rr;
  return true;
}

namespace {
// PartialPivLU takes a singular matrix without a word: a zero pivot says so.
bool invertible(const Eigen::PartialPivLU<Mat>& f) {
  const Mat lu = f.matrixLU();
  for (int i = 0; i < lu.rows(); ++i)
    if (lu(i, i) == 0) return false;
  return true;
}
}  // namespace

bool solve(int n, const double* a, const double* b, double* x) {
  Eigen::PartialPivLU<Mat> f(in(n, n, a));
  if (!invertible(f)) return false;
  Eigen::Map<Vec>(x, n) = f.solve(Eigen::Map<const Vec>(b, n));
  return true;
}

bool least_squares(int m, int n, const double* a, const double* b, double* x) {
  Eigen::JacobiSVD<Mat> d(in(m, n, a), Eigen::ComputeThinU | Eigen::ComputeThinV);
  Eigen::Map<Vec>(x, n) = d.solve(Eigen::Map<const Vec>(b, m));
  return true;
}

bool inverse(int n, const double* a, double* inv) {
  Eigen::PartialPivLU<Mat> f(in(n, n, a));
  if (!invertible(f)) return false;
  out(n, n, inv) = f.inverse();
  return true;
}
#endif

}  // namespace linalg
}  // namespace mql5
