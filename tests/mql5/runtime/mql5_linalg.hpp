// The decompositions and solvers of the matrix methods (docs: Matrix and Vector Methods:
// Decompositions, Solutions, Characteristics), on the library the terminal's own use: LAPACK
// (the terminal's matrix methods moved onto LAPACK with build 5100) natively; the Windows build,
// which no Debian package gives a LAPACK for, on Eigen (libeigen3-dev, header-only). Every
// matrix here is row-major double (a matrixf's elements converted); each returns false where the
// factorisation does not exist or did not converge.
#pragma once

namespace mql5 {
namespace linalg {
// A (m x n) = U (m x m) diag(s) (min(m,n)) V^T (n x n).
bool svd(int m, int n, const double* a, double* u, double* s, double* vt);
// A (n x n) V = V diag(w): the real and imaginary parts of the eigenvalues (wr, wi) and, where v is
// not null, the right eigenvectors as columns (a complex pair: its real and imaginary columns).
bool eig(int n, const double* a, double* wr, double* wi, double* v);
// A (n x n, symmetric positive definite) = L L^T.
bool cholesky(int n, const double* a, double* l);
// P A = L U with partial pivoting: perm[i] the row of A that is row i of P A.
bool lu_pivoted(int n, const double* a, double* l, double* u, int* perm);
// A (m x n) = Q (m x m) R (m x n).
bool qr(int m, int n, const double* a, double* q, double* r);
// A (n x n) x = b.
bool solve(int n, const double* a, const double* b, double* x);
// The least-squares x (n) of A (m x n) x = b (m), the smallest in norm where A is rank deficient.
bool least_squares(int m, int n, const double* a, const double* b, double* x);
// The inverse of A (n x n).
bool inverse(int n, const double* a, double* inv);
// C (m x n) = A (m x k) B (k x n), all row-major: the product behind MatMul, GeMM and @, on the
// library the terminal's own run on (its release notes of build 5100: OpenBLAS) natively, on
// Eigen's product in the Windows build.
void product(int m, int n, int k, const double* a, const double* b, double* c);
void product(int m, int n, int k, const float* a, const float* b, float* c);
// What the harness's build of the runtime calls: "LAPACK" or "Eigen".
const char* backend();
}  // namespace linalg
}  // namespace mql5
