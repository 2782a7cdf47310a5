// MQL5's matrix and vector types for the harness runtime (included by mql5_runtime.hpp):
// matrix / matrixf / matrix<T> and vector / vectorf / vector<T> (T double or float), with MQL5's
// semantics (docs: Matrix and Vector Methods, https://www.mql5.com/en/docs/matrix). Like the
// arrays, every element access is checked and counted on the work clock (a built-in method
// charges the elements it touches), elements MQL5 leaves undefined hold NaN here, and the storage
// ends in a canary, so a DLL that writes past the elements it was given is caught after the call
// (mql5::dll_guard). Members are reached with '.' or '->' (operator-> returns the object).
//
// The methods offered, by the reference's families (both types unless marked):
//  Initialization: matrix m; m(rows,cols); m={{..},{..}}; vector v; v(n); v={..}; an initialising
//    function (m(r,c,F,...), v(n,F,...), Init(...,F,...)); static Eye, Identity, Tri (matrix),
//    Ones, Zeros, Full; Init, Fill, Assign (array, vector, matrix, another element type), Copy,
//    Random (the harness's generator, the same in every run)
//  Manipulations: Transpose, TriL, TriU, Diag (get / set), Row, Col (get / set), Flat (get /
//    set), Clip, Reshape, Resize, SwapRows, SwapCols, Swap (with a matrix, a vector, an array),
//    Split (equal pieces or listed sizes), Hsplit, Vsplit, Sort, ArgSort (vector: also
//    SORT_DESCENDING), Compare, CompareByDigits
//  Operations: + - * / element-wise (operands of the same shape, or a scalar on either side),
//    += -= *= /=, unary -, the 24 Math* functions the reference lists, element-wise (MathPow and
//    MathMod with a scalar or an operand of the same shape)
//  Products: MatMul and the @ operator (matrix x matrix, matrix x vector, vector x matrix, vector
//    x vector), GeMM (TRANSP_A/B/C; also vector x vector, vector x matrix), Power, Dot, Outer,
//    Inner, Kron, Cov, CorrCoef, Convolve and Correlate (vector); the matrix products of double and
//    float on mql5_linalg's product (OpenBLAS natively, as the terminal's; Eigen in the Windows build)
//  Statistics: ArgMax, ArgMin, Max, Min, Ptp, Sum, Prod, CumSum, CumProd, Mean, Average, Median,
//    Percentile, Quantile, Std, Var (the matrix ones also per axis), LinearRegression
//  Features: Rows, Cols, Size, Norm (every ENUM_MATRIX_NORM / ENUM_VECTOR_NORM), Trace, HasNan,
//    ReplaceNan
//  Machine learning: Activation, Derivative (every ENUM_ACTIVATION_FUNCTION), Loss, LossGradient
//    (every ENUM_LOSS_FUNCTION), RegressionMetric (every ENUM_REGRESSION_METRIC), ConfusionMatrix
//  Output: Print(m) as the terminal prints them: [1,2] and [[1,2]\n [3,4]]
//  Decompositions and solutions: SVD, Eig, EigVals, Cholesky, LU, LUP, QR, Det, SLogDet, Rank,
//    Cond, Spectrum, Solve, LstSq, Inv, PInv (mql5_linalg: LAPACK natively, Eigen in the Windows
//    build)
//  Classification: IsSymmetric, IsUpper/LowerTriangular, IsTrapezoidal, IsUpper/LowerHessenberg,
//    IsTridiagonal, IsUpper/LowerBidiagonal, IsDiagonal, IsScalar; also Concat, CompareEqual,
//    ReplaceToZero, NormalizeDouble, CopyRates (mql5_market.hpp), CopyIndicatorBuffer
//    (mql5_indicators.hpp)
// Not offered (refused, docs/mql5-reference.md says why): the OpenBLAS section's drivers, CopyTicks,
// the classification metrics and scores (ConfusionMatrixMultilabel, ClassificationMetric,
// ClassificationScore, PrecisionRecall, ReceiverOperatingCharacteristic), complex types.
//
// Where the reference is silent the harness chooses, and says so at the method: an operator on
// operands of different shapes is a critical error (the @ operator's page: "an exception will be
// triggered at runtime"); a method given such operands or an empty one returns false / an empty
// result / NaN and sets _LastError (ERR_MATRIX_*).
#pragma once

#include "mql5_linalg.hpp"

// The ERR_MATRIX_* codes are in mql5_constants.hpp.
// docs (Matrix and vector types: enumerations). An axis is given as ENUM_MATRIX_AXIS or as
// 0 / 1: axis 0 (AXIS_HORZ) runs down the rows (one result per column: the reference's Std
// example gives 3 values for a 4x3 matrix), axis 1 (AXIS_VERT) along each row, as NumPy's.
enum ENUM_MATRIX_AXIS { AXIS_NONE = -1, AXIS_HORZ = 0, AXIS_VERT = 1 };
enum ENUM_VECTOR_NORM { VECTOR_NORM_INF, VECTOR_NORM_MINUS_INF, VECTOR_NORM_P };
enum ENUM_MATRIX_NORM {
  MATRIX_NORM_FROBENIUS,
  MATRIX_NORM_SPECTRAL,
  MATRIX_NORM_NUCLEAR,
  MATRIX_NORM_INF,
  MATRIX_NORM_MINUS_INF,
  MATRIX_NORM_P1,
  MATRIX_NORM_MINUS_P1,
  MATRIX_NORM_P2,
  MATRIX_NORM_MINUS_P2
};
enum ENUM_GEMM { TRANSP_A = 1, TRANSP_B = 2, TRANSP_C = 4 };
enum ENUM_SORT_MODE { SORT_ASCENDING, SORT_DESCENDING };
enum ENUM_VECTOR_CONVOLVE { VECTOR_CONVOLVE_FULL, VECTOR_CONVOLVE_SAME, VECTOR_CONVOLVE_VALID };
enum ENUM_ACTIVATION_FUNCTION {
  AF_ELU,
  AF_EXP,
  AF_GELU,
  AF_HARD_SIGMOID,
  AF_LINEAR,
  AF_LRELU,
  AF_RELU,
  AF_SELU,
  AF_SIGMOID,
  AF_SOFTMAX,
  AF_SOFTPLUS,
  AF_SOFTSIGN,
  AF_SWISH,
  AF_TANH,
  AF_TRELU,
  // not on the reference's list; the MetaQuotes book's programs use it (their .ex5 beside them,
  // venakaj/MQVenAkajL5): no activation, the identity
  AF_NONE
};
enum ENUM_LOSS_FUNCTION {
  LOSS_MSE,
  LOSS_MAE,
  LOSS_CCE,
  LOSS_SCCE,
  LOSS_KLD,
  LOSS_COSINE,
  LOSS_POISSON,
  LOSS_MSLE,
  LOSS_BCE,
  LOSS_HINGE,
  LOSS_CAT_HINGE,
  LOSS_SQ_HINGE,
  LOSS_LOG_COSH,
  LOSS_HUBER
};
enum ENUM_REGRESSION_METRIC {
  REGRESSION_MAE,
  REGRESSION_MSE,
  REGRESSION_RMSE,
  REGRESSION_R2,
  REGRESSION_MAPE,
  REGRESSION_MSPE,
  REGRESSION_RMSLE
};

namespace mql5 {
double random_unit();  // uniform in [0, 1): the generator of matrix::Random (mql5_runtime.cpp)
void charge_work(unsigned long long accesses);  // a built-in method's element accesses on the work clock
template <class T>
class matrix_of;
template <class T>
class vector_of;

// The numerics of the methods, on plain element runs (no libc header here: GCC's builtins).
namespace mx {
inline double nan() { return __builtin_nan(""); }
inline bool is_nan(double v) { return v != v; }
inline double absv(double v) { return v < 0 ? -v : v; }
inline mql_ulong fail(int error) {
  _LastError = error;
  return 0;
}
// A scratch run of n doubles (the column of a matrix, a sorted copy).
struct buffer {
  explicit buffer(mql_ulong n) : p(n ? new double[n] : nullptr), n(n) {}
  ~buffer() { delete[] p; }
  buffer(buffer&& other) noexcept : p(other.p), n(other.n) { other.p = nullptr; }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  double& operator[](mql_ulong i) { return p[i]; }
  double* p;
  mql_ulong n;
};
// Stable sort of the indices idx[0..n) by the keys (merge sort; no <algorithm> here).
inline void sort_indices(mql_ulong* idx, mql_ulong n, const double* key) {
  mql_ulong* tmp = n ? new mql_ulong[n] : nullptr;
  for (mql_ulong width = 1; width < n; width *= 2)
    for (mql_ulong lo = 0; lo < n; lo += 2 * width) {
      mql_ulong mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      mql_ulong a = lo, b = mid, k = lo;
      while (a < mid && b < hi) tmp[k++] = key[idx[b]] < key[idx[a]] ? idx[b++] : idx[a++];
      while (a < mid) tmp[k++] = idx[a++];
      while (b < hi) tmp[k++] = idx[b++];
      for (k = lo; k < hi; ++k) idx[k] = tmp[k];
    }
  delete[] tmp;
}
// The reductions of the Statistics page on v[0..n): empty gives NaN and ERR_MATRIX_NOT_INITIALIZED
// (the reference is silent), except Sum (0) and Prod (1).
enum reduce_kind { R_SUM, R_PROD, R_MEAN, R_MIN, R_MAX, R_PTP, R_VAR, R_STD, R_ARGMIN, R_ARGMAX, R_MEDIAN };
inline double reduce(reduce_kind kind, const double* v, mql_ulong n, int ddof = 0) {
  if (kind == R_SUM || kind == R_PROD) {
    double r = kind == R_SUM ? 0 : 1;
    for (mql_ulong i = 0; i < n; ++i) r = kind == R_SUM ? r + v[i] : r * v[i];
    return r;
  }
  if (!n) {
    _LastError = ERR_MATRIX_NOT_INITIALIZED;
    return nan();
  }
  if (kind == R_MEAN || kind == R_VAR || kind == R_STD) {
    double mean = 0;
    for (mql_ulong i = 0; i < n; ++i) mean += v[i];
    mean /= static_cast<double>(n);
    if (kind == R_MEAN) return mean;
    double ss = 0;  // docs (Var, Std): divided by N - ddof, ddof 0 by default (the population form)
    for (mql_ulong i = 0; i < n; ++i) ss += (v[i] - mean) * (v[i] - mean);
    ss /= static_cast<double>(n) - ddof;
    return kind == R_VAR ? ss : __builtin_sqrt(ss);
  }
  if (kind == R_MEDIAN) {
    buffer s(n);
    mql_ulong* idx = new mql_ulong[n];
    for (mql_ulong i = 0; i < n; ++i) idx[i] = i;
    sort_indices(idx, n, v);
    for (mql_ulong i = 0; i < n; ++i) s[i] = v[idx[i]];
    delete[] idx;
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
  mql_ulong lo = 0, hi = 0;  // the first minimum and the first maximum (docs: ArgMin, ArgMax)
  for (mql_ulong i = 1; i < n; ++i) {
    if (v[i] < v[lo]) lo = i;
    if (v[i] > v[hi]) hi = i;
  }
  switch (kind) {
    case R_MIN: return v[lo];
    case R_MAX: return v[hi];
    case R_PTP: return v[hi] - v[lo];
    case R_ARGMIN: return static_cast<double>(lo);
    default: return static_cast<double>(hi);
  }
}
// docs (Quantile, Percentile): linear interpolation between the sorted elements, as NumPy's
// default; q in [0, 1], outside it NaN and ERR_INVALID_PARAMETER.
inline double quantile(const double* v, mql_ulong n, double q) {
  if (!n) {
    _LastError = ERR_MATRIX_NOT_INITIALIZED;
    return nan();
  }
  if (!(q >= 0 && q <= 1)) {
    _LastError = ERR_INVALID_PARAMETER;
    return nan();
  }
  buffer s(n);
  mql_ulong* idx = new mql_ulong[n];
  for (mql_ulong i = 0; i < n; ++i) idx[i] = i;
  sort_indices(idx, n, v);
  for (mql_ulong i = 0; i < n; ++i) s[i] = v[idx[i]];
  delete[] idx;
  const double at = q * static_cast<double>(n - 1);
  const mql_ulong below = static_cast<mql_ulong>(at);
  if (below + 1 >= n) return s[n - 1];
  return s[below] + (s[below + 1] - s[below]) * (at - static_cast<double>(below));
}

// docs (Activation): the functions and their parameters' defaults; x one element. AF_SOFTMAX
// is over a whole run (softmax()).
inline double param(double given, double fallback) { return is_nan(given) ? fallback : given; }
inline double sigmoid(double x) { return 1.0 / (1.0 + __builtin_exp(-x)); }
constexpr double kSeluScale = 1.0507009873554804934193349852946, kSeluAlpha = 1.6732632423543772848170429916717;
inline double activate(ENUM_ACTIVATION_FUNCTION af, double x, double a, double b, double c) {
  switch (af) {
    case AF_ELU: return x >= 0 ? x : param(a, 1.0) * (__builtin_exp(x) - 1);
    case AF_EXP: return __builtin_exp(x);
    case AF_GELU: return 0.5 * x * (1 + __builtin_tanh(__builtin_sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
    case AF_HARD_SIGMOID: return x < -2.5 ? 0 : x > 2.5 ? 1 : 0.2 * x + 0.5;
    case AF_LINEAR: return param(a, 1.0) * x + param(b, 0.0);
    case AF_LRELU: return x >= 0 ? x : param(a, 0.3) * x;
    case AF_RELU: {  // alpha (slope below the threshold), max_value (0: no cap), threshold
      const double alpha = param(a, 0.0), cap = param(b, 0.0), threshold = param(c, 0.0);
      double r = x >= threshold ? x : alpha * (x - threshold);
      return cap > 0 && r > cap ? cap : r;
    }
    case AF_SELU: return x >= 0 ? kSeluScale * x : kSeluScale * kSeluAlpha * (__builtin_exp(x) - 1);
    case AF_SIGMOID: return sigmoid(x);
    case AF_SOFTPLUS: return __builtin_log(__builtin_exp(x) + 1);
    case AF_SOFTSIGN: return x / (absv(x) + 1);
    case AF_SWISH: return x * sigmoid(x);
    case AF_TANH: return __builtin_tanh(x);
    case AF_TRELU: return x > param(a, 1.0) ? x : 0;
    case AF_NONE: return x;
    default: return nan();
  }
}
// docs (Derivative): the derivative at the input x (not at the output).
inline double derive(ENUM_ACTIVATION_FUNCTION af, double x, double a, double b, double c) {
  switch (af) {
    case AF_ELU: return x >= 0 ? 1 : param(a, 1.0) * __builtin_exp(x);
    case AF_EXP: return __builtin_exp(x);
    case AF_GELU: {
      const double k = __builtin_sqrt(2 / M_PI), u = k * (x + 0.044715 * x * x * x), t = __builtin_tanh(u);
      return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * k * (1 + 3 * 0.044715 * x * x);
    }
    case AF_HARD_SIGMOID: return x < -2.5 || x > 2.5 ? 0 : 0.2;
    case AF_LINEAR: return param(a, 1.0);
    case AF_NONE: return 1;
    case AF_LRELU: return x >= 0 ? 1 : param(a, 0.3);
    case AF_RELU: {
      const double alpha = param(a, 0.0), cap = param(b, 0.0), threshold = param(c, 0.0);
      if (cap > 0 && x >= cap) return 0;
      return x >= threshold ? 1 : alpha;
    }
    case AF_SELU: return x >= 0 ? kSeluScale : kSeluScale * kSeluAlpha * __builtin_exp(x);
    case AF_SIGMOID: {
      const double s = sigmoid(x);
      return s * (1 - s);
    }
    case AF_SOFTPLUS: return sigmoid(x);
    case AF_SOFTSIGN: return 1 / ((absv(x) + 1) * (absv(x) + 1));
    case AF_SWISH: {
      const double s = sigmoid(x);
      return s + x * s * (1 - s);
    }
    case AF_TANH: {
      const double t = __builtin_tanh(x);
      return 1 - t * t;
    }
    case AF_TRELU: return x > param(a, 1.0) ? 1 : 0;
    default: return nan();
  }
}
// Softmax of v[0..n) (stride apart) into out; derivative: its Jacobian's diagonal s(1-s).
inline void softmax(const double* v, double* out, mql_ulong n, bool derivative) {
  double top = -__builtin_inf();
  for (mql_ulong i = 0; i < n; ++i) top = v[i] > top ? v[i] : top;
  double sum = 0;
  for (mql_ulong i = 0; i < n; ++i) sum += (out[i] = __builtin_exp(v[i] - top));
  for (mql_ulong i = 0; i < n; ++i) {
    out[i] /= sum;
    if (derivative) out[i] = out[i] * (1 - out[i]);
  }
}

// docs (Loss): one sample's loss of the predictions p against the true values y, both n long;
// probabilities are clipped to [1e-7, 1 - 1e-7] before a logarithm (as Keras, whose definitions
// the reference follows). LOSS_SCCE: y holds the class index (y[0]) when it has one element,
// else a one-hot row (then it is LOSS_CCE). LOSS_HUBER: delta the parameter (default 1).
constexpr double kEps = 1e-7;
inline double clip01(double p) { return p < kEps ? kEps : p > 1 - kEps ? 1 - kEps : p; }
inline double loss(ENUM_LOSS_FUNCTION f, const double* p, const double* y, mql_ulong n, mql_ulong ny, double a) {
  const double nn = static_cast<double>(n);
  double r = 0;
  switch (f) {
    case LOSS_MSE: for (mql_ulong i = 0; i < n; ++i) r += (y[i] - p[i]) * (y[i] - p[i]); return r / nn;
    case LOSS_MAE: for (mql_ulong i = 0; i < n; ++i) r += absv(y[i] - p[i]); return r / nn;
    case LOSS_SCCE:
      if (ny == 1) {
        const mql_ulong k = static_cast<mql_ulong>(y[0]);
        return k < n ? -__builtin_log(clip01(p[k])) : nan();
      }
      [[fallthrough]];
    case LOSS_CCE: for (mql_ulong i = 0; i < n; ++i) r -= y[i] * __builtin_log(clip01(p[i])); return r;
    case LOSS_KLD:
      for (mql_ulong i = 0; i < n; ++i) r += clip01(y[i]) * __builtin_log(clip01(y[i]) / clip01(p[i]));
      return r;
    case LOSS_COSINE: {
      double dot = 0, yy = 0, pp = 0;
      for (mql_ulong i = 0; i < n; ++i) dot += y[i] * p[i], yy += y[i] * y[i], pp += p[i] * p[i];
      return -dot / (__builtin_sqrt(yy) * __builtin_sqrt(pp));
    }
    case LOSS_POISSON: for (mql_ulong i = 0; i < n; ++i) r += p[i] - y[i] * __builtin_log(p[i] + kEps); return r / nn;
    case LOSS_MSLE:
      for (mql_ulong i = 0; i < n; ++i) {
        const double d = __builtin_log1p(p[i]) - __builtin_log1p(y[i]);
        r += d * d;
      }
      return r / nn;
    case LOSS_BCE:
      for (mql_ulong i = 0; i < n; ++i) r -= y[i] * __builtin_log(clip01(p[i])) + (1 - y[i]) * __builtin_log(1 - clip01(p[i]));
      return r / nn;
    case LOSS_HINGE:
    case LOSS_SQ_HINGE:
      for (mql_ulong i = 0; i < n; ++i) {
        const double h = 1 - y[i] * p[i] > 0 ? 1 - y[i] * p[i] : 0;
        r += f == LOSS_HINGE ? h : h * h;
      }
      return r / nn;
    case LOSS_CAT_HINGE: {
      double pos = 0, neg = -__builtin_inf();
      for (mql_ulong i = 0; i < n; ++i) {
        pos += y[i] * p[i];
        neg = (1 - y[i]) * p[i] > neg ? (1 - y[i]) * p[i] : neg;
      }
      return neg - pos + 1 > 0 ? neg - pos + 1 : 0;
    }
    case LOSS_LOG_COSH: for (mql_ulong i = 0; i < n; ++i) r += __builtin_log(__builtin_cosh(p[i] - y[i])); return r / nn;
    case LOSS_HUBER: {
      const double delta = param(a, 1.0);
      for (mql_ulong i = 0; i < n; ++i) {
        const double e = absv(y[i] - p[i]);
        r += e <= delta ? 0.5 * e * e : delta * (e - 0.5 * delta);
      }
      return r / nn;
    }
    default: return nan();
  }
}
// docs (LossGradient): the gradient of loss() with respect to each prediction p[i] (the
// reference gives no formulas: these are the derivatives of the losses above).
inline void loss_gradient(ENUM_LOSS_FUNCTION f, const double* p, const double* y, double* g, mql_ulong n, mql_ulong ny,
                          double a) {
  const double nn = static_cast<double>(n);
  double yy = 0, pp = 0, dot = 0, pos = 0, neg = -__builtin_inf();
  mql_ulong top = 0;
  if (f == LOSS_COSINE || f == LOSS_CAT_HINGE)
    for (mql_ulong i = 0; i < n; ++i) {
      dot += y[i] * p[i], yy += y[i] * y[i], pp += p[i] * p[i], pos += y[i] * p[i];
      if ((1 - y[i]) * p[i] > neg) neg = (1 - y[i]) * p[i], top = i;
    }
  for (mql_ulong i = 0; i < n; ++i) {
    const double e = p[i] - y[i];
    switch (f) {
      case LOSS_MSE: g[i] = 2 * e / nn; break;
      case LOSS_MAE: g[i] = (e > 0 ? 1 : e < 0 ? -1 : 0) / nn; break;
      case LOSS_SCCE:
        if (ny == 1) {
          g[i] = i == static_cast<mql_ulong>(y[0]) ? -1 / clip01(p[i]) : 0;
          break;
        }
        [[fallthrough]];
      case LOSS_CCE: g[i] = -y[i] / clip01(p[i]); break;
      case LOSS_KLD: g[i] = -clip01(y[i]) / clip01(p[i]); break;
      case LOSS_COSINE: {
        const double ny2 = __builtin_sqrt(yy), np = __builtin_sqrt(pp);
        g[i] = -(y[i] / (ny2 * np) - dot * p[i] / (ny2 * np * pp));
        break;
      }
      case LOSS_POISSON: g[i] = (1 - y[i] / (p[i] + kEps)) / nn; break;
      case LOSS_MSLE: g[i] = 2 * (__builtin_log1p(p[i]) - __builtin_log1p(y[i])) / ((1 + p[i]) * nn); break;
      case LOSS_BCE: {
        const double q = clip01(p[i]);
        g[i] = (-y[i] / q + (1 - y[i]) / (1 - q)) / nn;
        break;
      }
      case LOSS_HINGE: g[i] = 1 - y[i] * p[i] > 0 ? -y[i] / nn : 0; break;
      case LOSS_SQ_HINGE: g[i] = 1 - y[i] * p[i] > 0 ? -2 * y[i] * (1 - y[i] * p[i]) / nn : 0; break;
      case LOSS_CAT_HINGE: g[i] = neg - pos + 1 > 0 ? (i == top ? 1 - y[i] : 0) - y[i] : 0; break;
      case LOSS_LOG_COSH: g[i] = __builtin_tanh(e) / nn; break;
      case LOSS_HUBER: {
        const double delta = param(a, 1.0);
        g[i] = (absv(e) <= delta ? e : (e > 0 ? delta : -delta)) / nn;
        break;
      }
      default: g[i] = nan();
    }
  }
}
// docs (RegressionMetric): the metric of the predictions p against the true values y.
// MAPE and MSPE are fractions (not percent), RMSLE uses log(1 + x).
inline double regression_metric(ENUM_REGRESSION_METRIC m, const double* p, const double* y, mql_ulong n) {
  if (!n) {
    _LastError = ERR_MATRIX_NOT_INITIALIZED;
    return nan();
  }
  const double nn = static_cast<double>(n);
  double r = 0, mean = 0, tot = 0;
  switch (m) {
    case REGRESSION_MAE: for (mql_ulong i = 0; i < n; ++i) r += absv(y[i] - p[i]); return r / nn;
    case REGRESSION_MSE:
    case REGRESSION_RMSE:
      for (mql_ulong i = 0; i < n; ++i) r += (y[i] - p[i]) * (y[i] - p[i]);
      return m == REGRESSION_MSE ? r / nn : __builtin_sqrt(r / nn);
    case REGRESSION_R2:
      for (mql_ulong i = 0; i < n; ++i) mean += y[i];
      mean /= nn;
      for (mql_ulong i = 0; i < n; ++i) r += (y[i] - p[i]) * (y[i] - p[i]), tot += (y[i] - mean) * (y[i] - mean);
      return 1 - r / tot;
    case REGRESSION_MAPE: for (mql_ulong i = 0; i < n; ++i) r += absv((y[i] - p[i]) / y[i]); return r / nn;
    case REGRESSION_MSPE:
      for (mql_ulong i = 0; i < n; ++i) r += ((y[i] - p[i]) / y[i]) * ((y[i] - p[i]) / y[i]);
      return r / nn;
    case REGRESSION_RMSLE:
      for (mql_ulong i = 0; i < n; ++i) {
        const double d = __builtin_log1p(p[i]) - __builtin_log1p(y[i]);
        r += d * d;
      }
      return __builtin_sqrt(r / nn);
    default: return nan();
  }
}

// docs (LinearRegression): v[0..n) replaced by the least-squares line through (i, v[i]).
inline void linear_fit(double* v, mql_ulong n) {
  double mx = (static_cast<double>(n) - 1) / 2, my = 0, sxy = 0, sxx = 0;
  for (mql_ulong i = 0; i < n; ++i) my += v[i] / static_cast<double>(n);
  for (mql_ulong i = 0; i < n; ++i) sxy += (i - mx) * (v[i] - my), sxx += (i - mx) * (i - mx);
  const double slope = sxx > 0 ? sxy / sxx : 0;
  for (mql_ulong i = 0; i < n; ++i) v[i] = my + slope * (i - mx);
}

// The eigenvalues of the symmetric n x n matrix a (row-major, overwritten): cyclic Jacobi
// rotations. For the singular values the spectral, nuclear and P2 norms need.
inline void symmetric_eigenvalues(double* a, mql_ulong n, double* out) {
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (mql_ulong i = 0; i < n; ++i)
      for (mql_ulong j = i + 1; j < n; ++j) off += a[i * n + j] * a[i * n + j];
    if (off < 1e-30) break;
    for (mql_ulong p = 0; p < n; ++p)
      for (mql_ulong q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (absv(apq) < 1e-300) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const double t = (theta >= 0 ? 1 : -1) / (absv(theta) + __builtin_sqrt(theta * theta + 1));
        const double c = 1 / __builtin_sqrt(t * t + 1), s = t * c;
        for (mql_ulong k = 0; k < n; ++k) {  // columns p, q
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (mql_ulong k = 0; k < n; ++k) {  // rows p, q
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
      }
  }
  for (mql_ulong i = 0; i < n; ++i) out[i] = a[i * n + i];
}
}  // namespace mx

// One element of an initializer list ({1,2}, {{a,b},{c,d}}): any number, converted as an
// assignment converts it (MQL5 takes int variables there; C++'s braces would refuse narrowing).
struct init_value {
  template <class U, if_number<U> = 0>
  init_value(U u) : v(static_cast<double>(u)) {}  // NOLINT: implicit on purpose
  double v;
};

// m[r,c]: a matrix element by its two indices (the translator writes m[mql5::index2(r,c)]).
struct index2 {
  index2(long long row, long long col) : r(row), c(col) {}
  long long r, c;
};

template <class T>
class matrix_of {
  static_assert(std::is_floating_point<T>::value, "MQL5 matrices hold double or float here (no complex)");

 public:
  // A row of m[i][j]: the column is checked against Cols().
  template <class E>
  class row_ref {
   public:
    row_ref(E* row, mql_ulong cols) : row_(row), cols_(cols) {}
    template <class I>
    E& operator[](I j) const {
      static_assert(std::is_integral<I>::value || std::is_enum<I>::value, "matrix index must be an integer");
      if (static_cast<long long>(j) < 0 || static_cast<mql_ulong>(j) >= cols_) out_of_range(j, static_cast<int>(cols_));
      count_work();
      return row_[j];
    }

   private:
    E* row_;
    mql_ulong cols_;
  };

  // docs (Initialization): "matrix m;" allocates nothing; "matrix m(rows,cols);" allocates
  // "without any initialization"; ={{1,2},{3,4}} gives the rows (all of one length).
  matrix_of() = default;
  matrix_of(mql_ulong rows, mql_ulong cols) { allocate(rows, cols); }
  // docs (Initialization, Init): an initialising function called on the allocated matrix, with
  // the arguments that follow it: void F(matrix& m, ...).
  template <class F, class... A, typename std::enable_if<std::is_invocable<F, matrix_of&, A...>::value, int>::type = 0>
  matrix_of(mql_ulong rows, mql_ulong cols, F&& init, A&&... args) {
    allocate(rows, cols);
    init(*this, args...);
  }
  matrix_of(std::initializer_list<std::initializer_list<init_value>> rows) {
    const mql_ulong cols = rows.size() ? rows.begin()->size() : 0;
    allocate(rows.size(), cols);
    mql_ulong k = 0;
    for (const auto& row : rows) {
      if (row.size() != cols) critical("matrix initializer: the rows differ in length", "matrix");
      for (const init_value& v : row) data_[k++] = static_cast<T>(v.v);
    }
  }
  matrix_of(const matrix_of& other) { *this = other; }
  matrix_of(matrix_of&& other) noexcept { swap(other); }
  ~matrix_of() { release(); }
  matrix_of& operator=(const matrix_of& other) {  // matrices are assignable (docs: Assign, '=')
    if (this == &other) return *this;
    matrix_of copy(other.rows_, other.cols_);
    for (mql_ulong i = 0; i < other.size(); ++i) copy.data_[i] = other.data_[i];
    swap(copy);
    return *this;
  }
  matrix_of& operator=(matrix_of&& other) noexcept {
    swap(other);
    return *this;
  }
  // MQL5 reaches members with '.' through object pointers too; the translator writes '->'.
  matrix_of* operator->() { return this; }
  const matrix_of* operator->() const { return this; }

  mql_ulong Rows() const { return rows_; }
  mql_ulong Cols() const { return cols_; }

  template <class I>
  row_ref<T> operator[](I i) {
    return row_ref<T>(data_ + row_offset(i), cols_);
  }
  template <class I>
  row_ref<const T> operator[](I i) const {
    return row_ref<const T>(data_ + row_offset(i), cols_);
  }
  T& operator[](index2 rc) { return (*this)[rc.r][rc.c]; }
  const T& operator[](index2 rc) const { return (*this)[rc.r][rc.c]; }

  //--- Initialization
  // docs (Eye): ones on the ndiag-th diagonal (0 main, > 0 above, < 0 below), zeros elsewhere.
  static matrix_of Eye(mql_ulong rows, mql_ulong cols, long long ndiag = 0) {
    matrix_of m = Zeros(rows, cols);
    for (mql_ulong i = 0; i < rows; ++i) {
      const long long j = static_cast<long long>(i) + ndiag;
      if (j >= 0 && static_cast<mql_ulong>(j) < cols) m.data_[i * cols + j] = 1;
    }
    return m;
  }
  static matrix_of Identity(mql_ulong rows, mql_ulong cols) { return Eye(rows, cols); }  // docs (Identity)
  static matrix_of Ones(mql_ulong rows, mql_ulong cols) { return Full(rows, cols, 1); }
  static matrix_of Zeros(mql_ulong rows, mql_ulong cols) { return Full(rows, cols, 0); }
  static matrix_of Full(mql_ulong rows, mql_ulong cols, T value) {
    matrix_of m(rows, cols);
    m.Fill(value);
    return m;
  }
  // docs (Tri): ones at and below the ndiag-th diagonal, zeros above it.
  static matrix_of Tri(mql_ulong rows, mql_ulong cols, long long ndiag = 0) {
    matrix_of m(rows, cols);
    charge_work(m.size());
    for (mql_ulong i = 0; i < rows; ++i)
      for (mql_ulong j = 0; j < cols; ++j) m.data_[i * cols + j] = static_cast<long long>(j) <= static_cast<long long>(i) + ndiag;
    return m;
  }
  // docs (Init): rows x cols, the values undefined (no initialising function given).
  bool Init(mql_ulong rows, mql_ulong cols) {
    allocate(rows, cols);
    return true;
  }
  template <class F, class... A, typename std::enable_if<std::is_invocable<F, matrix_of&, A...>::value, int>::type = 0>
  bool Init(mql_ulong rows, mql_ulong cols, F&& init, A&&... args) {
    allocate(rows, cols);
    init(*this, args...);
    return true;
  }
  // docs (Fill): every element the value. The reference's prototypes of Fill, Reshape, the
  // Row/Col/Diag setters and Split with sizes say void; the MetaQuotes book's programs test their
  // result (`if(!m.Fill(0))`; their .ex5 beside them, venakaj/MQVenAkajL5), so bool here.
  bool Fill(T value) {
    charge_work(size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = value;
    return true;
  }
  // docs (Random): fills the existing matrix uniformly in [min, max] (the generator is not
  // specified; the harness's is its own, seeded the same in every run).
  void Random(T min = 0, T max = 1) {
    charge_work(size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = static_cast<T>(min + (max - min) * random_unit());
  }
  // docs (Assign): a copy of a matrix of either element type, converted.
  template <class U>
  bool Assign(const matrix_of<U>& m) {
    matrix_of copy(m.Rows(), m.Cols());
    charge_work(2 * m.size());
    for (mql_ulong i = 0; i < m.size(); ++i) copy.data_[i] = static_cast<T>(m.dll_data()[i]);
    swap(copy);
    return true;
  }
  // docs (Assign) from an array or a vector: the elements row by row; a matrix of that many
  // elements keeps its shape, any other becomes 1 x n (the reference is silent on the shape).
  template <class U, if_number<U> = 0>
  bool Assign(const array<const U>& a) {
    return assign_run(static_cast<mql_ulong>(a.size()), [&](mql_ulong i) { return static_cast<T>(a[i]); });
  }
  template <class U>
  bool Assign(const vector_of<U>& v);
  // docs (Resize): in place, row by row: the elements of the rows and columns both shapes have
  // keep their (row, column); new elements are undefined. reserve is a capacity hint.
  bool Resize(mql_ulong rows, mql_ulong cols, mql_ulong reserve = 0) {
    (void)reserve;
    if (rows == rows_ && cols == cols_) return true;
    matrix_of fresh(rows, cols);
    for (mql_ulong i = 0; i < rows && i < rows_; ++i)
      for (mql_ulong j = 0; j < cols && j < cols_; ++j) fresh.data_[i * cols + j] = data_[i * cols_ + j];
    charge_work(fresh.size());
    swap(fresh);
    return true;
  }
  // docs (Reshape): the elements keep their row-major order; new ones are undefined. The
  // reference's prototype says void; programs MetaEditor compiled test the result
  // (`if(!m.Reshape(r,c))`, venakaj/MQVenAkajL5's NeuroNetworksBook), so bool.
  bool Reshape(mql_ulong rows, mql_ulong cols) {
    matrix_of fresh(rows, cols);
    for (mql_ulong i = 0; i < fresh.size() && i < size(); ++i) fresh.data_[i] = data_[i];
    charge_work(fresh.size());
    swap(fresh);
    return true;
  }
  // docs (Copy): this becomes a copy of the source (shape and elements).
  bool Copy(const matrix_of& source) {
    *this = source;
    charge_work(2 * size());
    return true;
  }
  // docs (Swap): exchanges the contents (shape and elements) with another matrix; with a vector
  // or an array, the elements: the matrix becomes 1 x n of theirs (the reference is silent on
  // the shape), the vector or array gets the matrix's elements in row-major order. An array
  // that cannot be resized (a static one): false, ERR_INVALID_ARRAY.
  bool Swap(matrix_of& other) {
    swap(other);
    return true;
  }
  bool Swap(vector_of<T>& v);
  bool Swap(array<T>& a) {
    const mql_ulong n = static_cast<mql_ulong>(a.size());
    matrix_of mine(n ? 1 : 0, n);
    for (mql_ulong i = 0; i < n; ++i) mine.data_[i] = a[static_cast<int>(i)];
    if (a.resize(static_cast<int>(size())) < 0) return mx::fail(ERR_INVALID_ARRAY);
    for (mql_ulong i = 0; i < size(); ++i) a[static_cast<int>(i)] = data_[i];
    swap(mine);
    return true;
  }

  //--- Manipulations
  matrix_of Transpose() const {
    matrix_of t(cols_, rows_);
    charge_work(2 * size());
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong j = 0; j < cols_; ++j) t.data_[j * rows_ + i] = data_[i * cols_ + j];
    return t;
  }
  // docs (TriL, TriU): a copy with the elements above (TriL) / below (TriU) the ndiag-th diagonal zeroed.
  matrix_of TriL(long long ndiag = 0) const { return triangle(ndiag, true); }
  matrix_of TriU(long long ndiag = 0) const { return triangle(ndiag, false); }
  // docs (Tril, Triu): the reference's page spells them so; the standard library calls TriL, TriU.
  matrix_of Tril(long long ndiag = 0) const { return triangle(ndiag, true); }
  matrix_of Triu(long long ndiag = 0) const { return triangle(ndiag, false); }
  // docs (CopyRates): the series rates_mask names (ENUM_COPY_RATES), a row each in the flags'
  // order, the oldest bar first (COPY_RATES_VERTICAL: a column each); mql5_market.hpp defines them.
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, mql_ulong start, mql_ulong count);
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, datetime from, mql_ulong count);
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, datetime from, datetime to);
  // docs (Random): the static form, a new matrix; the translator spells matrix::Random(...) so
  // (an object's Random(min, max) fills it).
  static matrix_of StaticRandom(mql_ulong rows, mql_ulong cols, T min = 0, T max = 1) {
    matrix_of m(rows, cols);
    m.Random(min, max);
    return m;
  }
  // docs (Identity): the matrix, of its own size, made an identity matrix.
  void Identity() { *this = Eye(rows_, cols_); }
  // docs (ReplaceToZero): elements of absolute value <= abs_tol made 0, their number returned.
  mql_ulong ReplaceToZero(T abs_tol) {
    charge_work(size());
    mql_ulong n = 0;
    for (mql_ulong i = 0; i < size(); ++i)
      if (mx::absv(data_[i]) <= abs_tol) data_[i] = 0, ++n;
    return n;
  }
  // docs (NormalizeDouble): each element rounded as NormalizeDouble rounds a number.
  matrix_of NormalizeDouble(int digits) const {
    matrix_of r(*this);
    for (mql_ulong i = 0; i < size(); ++i) r.data_[i] = static_cast<T>(::NormalizeDouble(data_[i], digits));
    return r;
  }
  // docs (Concat): both matrices' elements in row-major order (a vector), or the matrices joined
  // along an axis (0: one under the other, 1: side by side; the other dimension must agree).
  vector_of<T> Concat(const matrix_of& b) const;
  matrix_of Concat(const matrix_of& b, int axis) const {
    const bool below = axis == 0;
    if (below ? cols_ != b.cols_ : rows_ != b.rows_) return empty(ERR_MATRIX_INCONSISTENT);
    matrix_of r(below ? rows_ + b.rows_ : rows_, below ? cols_ : cols_ + b.cols_);
    for (mql_ulong i = 0; i < r.rows_; ++i)
      for (mql_ulong j = 0; j < r.cols_; ++j)
        r.data_[i * r.cols_ + j] = below ? (i < rows_ ? data_[i * cols_ + j] : b.data_[(i - rows_) * cols_ + j])
                                         : (j < cols_ ? data_[i * cols_ + j] : b.data_[i * b.cols_ + j - cols_]);
    return r;
  }
  // docs (CompareEqual): the elements in row-major order compared up to the first that differs:
  // -1 (this one's is less), 0 (all equal), 1; NaN equals NaN and is less than any number.
  int CompareEqual(const matrix_of& b) const {
    const mql_ulong n = size() < b.size() ? size() : b.size();
    for (mql_ulong i = 0; i < n; ++i) {
      const bool an = mx::is_nan(data_[i]), bn = mx::is_nan(b.data_[i]);
      if (an && bn) continue;
      if (an != bn) return an ? -1 : 1;
      if (data_[i] != b.data_[i]) return data_[i] < b.data_[i] ? -1 : 1;
    }
    return size() == b.size() ? 0 : size() < b.size() ? -1 : 1;
  }
  //--- Classification (docs: Matrix Classification): each by the zeros its form requires.
  bool IsSymmetric() const {
    if (rows_ != cols_) return false;
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong j = 0; j < i; ++j)
        if (data_[i * cols_ + j] != data_[j * cols_ + i]) return false;
    return true;
  }
  bool IsUpperTriangular() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return i > j; }); }
  bool IsLowerTriangular() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return i < j; }); }
  bool IsTrapezoidal(bool is_upper) const {  // docs: rectangular, not square
    if (rows_ == cols_) return false;
    return is_upper ? zero_where([](long long i, long long j) { return i > j; }) : zero_where([](long long i, long long j) { return i < j; });
  }
  bool IsUpperHessenberg() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return i > j + 1; }); }
  bool IsLowerHessenberg() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return j > i + 1; }); }
  bool IsTridiagonal() const {
    return rows_ == cols_ && zero_where([](long long i, long long j) { return i > j + 1 || j > i + 1; });
  }
  bool IsUpperBidiagonal() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return i > j || j > i + 1; }); }
  bool IsLowerBidiagonal() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return j > i || i > j + 1; }); }
  bool IsDiagonal() const { return rows_ == cols_ && zero_where([](long long i, long long j) { return i != j; }); }
  bool IsScalar() const {
    if (!IsDiagonal()) return false;
    for (mql_ulong i = 1; i < rows_; ++i)
      if (data_[i * cols_ + i] != data_[0]) return false;
    return true;
  }
  // docs (Diag): the ndiag-th diagonal as a vector; the setter (void, as the reference's
  // prototype) writes a vector on it.
  vector_of<T> Diag(long long ndiag = 0) const;
  bool Diag(const vector_of<T>& v, long long ndiag = 0);
  // docs (Row, Col): a copy of the row / column; the setters write a vector of Cols() / Rows()
  // elements: another size writes nothing, returns false and sets ERR_MATRIX_INVALID_SIZE (the
  // reference is silent). The reference's prototypes say void; programs MetaEditor compiled
  // test the result (`if(!m.Row(v,i))`, venakaj/MQVenAkajL5's NeuroNetworksBook), so bool. An
  // index outside: array out of range.
  vector_of<T> Row(mql_ulong i) const;
  vector_of<T> Col(mql_ulong j) const;
  bool Row(const vector_of<T>& v, mql_ulong i);
  bool Col(const vector_of<T>& v, mql_ulong j);
  // docs (Flat): the element at a row-major index (outside: OutOfRange, a critical error).
  T Flat(mql_ulong index) const { return data_[flat_offset(index)]; }
  bool Flat(mql_ulong index, T value) {
    data_[flat_offset(index)] = value;
    return true;
  }
  // docs (Clip): in place, each element limited to [min, max].
  bool Clip(T min, T max) {
    charge_work(2 * size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = data_[i] < min ? min : data_[i] > max ? max : data_[i];
    return true;
  }
  bool SwapRows(mql_ulong a, mql_ulong b) {
    if (a >= rows_ || b >= rows_) return mx::fail(ERR_MATRIX_INVALID_SIZE);
    charge_work(4 * cols_);
    for (mql_ulong j = 0; j < cols_; ++j) exchange(data_[a * cols_ + j], data_[b * cols_ + j]);
    return true;
  }
  bool SwapCols(mql_ulong a, mql_ulong b) {
    if (a >= cols_ || b >= cols_) return mx::fail(ERR_MATRIX_INVALID_SIZE);
    charge_work(4 * rows_);
    for (mql_ulong i = 0; i < rows_; ++i) exchange(data_[i * cols_ + a], data_[i * cols_ + b]);
    return true;
  }
  // docs (Split, Hsplit, Vsplit): into pieces along the axis; the reference: Hsplit is Split
  // with axis 0, Vsplit with axis 1. Hsplit splits horizontally as NumPy's hsplit (pieces side
  // by side, the columns split), Vsplit vertically (one above the other, the rows split). Into
  // parts equal pieces (parts must divide that dimension, else false, ERR_MATRIX_INVALID_SIZE),
  // or pieces of the sizes parts[] lists (the rest, if any, a last piece; void, as the
  // reference's prototype).
  bool Split(mql_ulong parts, int axis, array<matrix_of>& out) const {
    const mql_ulong dim = axis == AXIS_HORZ ? cols_ : rows_;
    if (!parts || dim % parts || (axis != AXIS_HORZ && axis != AXIS_VERT)) return mx::fail(ERR_MATRIX_INVALID_SIZE);
    mql_ulong* sizes = new mql_ulong[parts];
    for (mql_ulong p = 0; p < parts; ++p) sizes[p] = dim / parts;
    const bool ok = split(sizes, parts, axis == AXIS_HORZ, out);
    delete[] sizes;
    return ok;
  }
  bool Split(const array<const mql_ulong>& parts, int axis, array<matrix_of>& out) const {
    const mql_ulong dim = axis == AXIS_HORZ ? cols_ : rows_;
    mql_ulong n = 0, used = 0;
    mql_ulong* sizes = new mql_ulong[static_cast<mql_ulong>(parts.size()) + 1];
    for (int p = 0; p < parts.size(); ++p) {
      if ((axis != AXIS_HORZ && axis != AXIS_VERT) || used + parts[p] > dim) {
        delete[] sizes;
        return mx::fail(ERR_MATRIX_INVALID_SIZE);
      }
      if (parts[p]) sizes[n++] = parts[p], used += parts[p];
    }
    if (used < dim) sizes[n++] = dim - used;
    const bool ok = split(sizes, n, axis == AXIS_HORZ, out);
    delete[] sizes;
    return ok;
  }
  bool Hsplit(mql_ulong parts, array<matrix_of>& out) const { return Split(parts, AXIS_HORZ, out); }
  bool Vsplit(mql_ulong parts, array<matrix_of>& out) const { return Split(parts, AXIS_VERT, out); }
  bool Hsplit(const array<const mql_ulong>& parts, array<matrix_of>& out) const { return Split(parts, AXIS_HORZ, out); }
  bool Vsplit(const array<const mql_ulong>& parts, array<matrix_of>& out) const { return Split(parts, AXIS_VERT, out); }
  // docs (Sort): in place, ascending: all elements in row-major order, or along the axis as
  // NumPy's sort (AXIS_HORZ = 0: each column, AXIS_VERT = 1: each row). ArgSort: the indices
  // (within the run) that would sort them.
  void Sort(int axis = AXIS_NONE) { sort_into(axis, this, nullptr); }
  matrix_of ArgSort(int axis = AXIS_NONE) const {
    matrix_of idx(rows_, cols_);
    sort_into(axis, nullptr, &idx);
    return idx;
  }
  // docs (Compare): the number of elements that differ by more than epsilon; CompareByDigits:
  // that differ in the first digits significant digits. Different shapes: ULONG_MAX and
  // ERR_MATRIX_INCONSISTENT (the reference is silent).
  mql_ulong Compare(const matrix_of& b, T epsilon) const {
    if (rows_ != b.rows_ || cols_ != b.cols_) return mismatch();
    charge_work(2 * size());
    mql_ulong n = 0;
    for (mql_ulong i = 0; i < size(); ++i) n += !(mx::absv(data_[i] - b.data_[i]) <= epsilon);
    return n;
  }
  mql_ulong CompareByDigits(const matrix_of& b, int digits) const {
    if (rows_ != b.rows_ || cols_ != b.cols_) return mismatch();
    charge_work(2 * size());
    mql_ulong n = 0;
    for (mql_ulong i = 0; i < size(); ++i) n += !same_digits(data_[i], b.data_[i], digits);
    return n;
  }
  // docs (HasNan): the number of NaN elements; ReplaceNan: each NaN becomes value, the count returned.
  mql_ulong HasNan() const {
    charge_work(size());
    mql_ulong n = 0;
    for (mql_ulong i = 0; i < size(); ++i) n += mx::is_nan(data_[i]);
    return n;
  }
  mql_ulong ReplaceNan(T value) {
    charge_work(2 * size());
    mql_ulong n = 0;
    for (mql_ulong i = 0; i < size(); ++i)
      if (mx::is_nan(data_[i])) data_[i] = value, ++n;
    return n;
  }

  //--- Operations: element-wise with a matrix of the same shape or a scalar (docs: Matrix and
  // vector operations); other shapes: a critical error.
  matrix_of& operator+=(const matrix_of& b) { return combine(b, [](T x, T y) { return x + y; }, "+="); }
  matrix_of& operator-=(const matrix_of& b) { return combine(b, [](T x, T y) { return x - y; }, "-="); }
  matrix_of& operator*=(const matrix_of& b) { return combine(b, [](T x, T y) { return x * y; }, "*="); }
  matrix_of& operator/=(const matrix_of& b) { return combine(b, [](T x, T y) { return x / y; }, "/="); }
  template <class S, if_number<S> = 0>
  matrix_of& operator+=(S s) { return apply([&](T x) { return static_cast<T>(x + s); }); }
  template <class S, if_number<S> = 0>
  matrix_of& operator-=(S s) { return apply([&](T x) { return static_cast<T>(x - s); }); }
  template <class S, if_number<S> = 0>
  matrix_of& operator*=(S s) { return apply([&](T x) { return static_cast<T>(x * s); }); }
  template <class S, if_number<S> = 0>
  matrix_of& operator/=(S s) { return apply([&](T x) { return static_cast<T>(x / s); }); }
  matrix_of operator-() const { return map([](T x) { return -x; }); }
  // Element-wise f over the elements (the Math* functions, the scalar operators).
  template <class F>
  matrix_of map(F f) const {
    matrix_of r(*this);
    r.apply(f);
    return r;
  }
  // Element-wise f(this, b) into this; b of another shape: a critical error.
  template <class F>
  matrix_of& zip(const matrix_of& b, F f, const char* op) {
    if (rows_ != b.rows_ || cols_ != b.cols_) critical("matrix operation on matrices of different shapes", op);
    charge_work(3 * size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = f(data_[i], b.data_[i]);
    return *this;
  }
  template <class F>
  matrix_of& apply(F f) {
    charge_work(2 * size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = static_cast<T>(f(data_[i]));
    return *this;
  }

  //--- Products
  // docs (MatMul): matrix[M][K] * matrix[K][N] = matrix[M][N]. What MQL5 does with other shapes
  // is not documented (the @ operator's page: "an exception will be triggered at runtime"):
  // here a critical error, so a script cannot come to rely on it. A built-in call the user
  // cannot stop in the middle: the work clock charges the elements it reads and writes. The
  // terminal's runs on OpenBLAS (build 5100's release notes): so does this, natively
  // (linalg::product; Eigen's product in the Windows build).
  matrix_of MatMul(const matrix_of& b) const {
    if (cols_ != b.rows_) critical("MatMul: the columns of the first matrix differ from the rows of the second", "MatMul");
    matrix_of c(rows_, b.cols_);
    charge_work(size() + b.size() + c.size());
    constexpr mql_ulong kIntMax = 0x7FFFFFFF;
    if constexpr (std::is_same<T, double>::value || std::is_same<T, float>::value) {
      if (rows_ <= kIntMax && cols_ <= kIntMax && b.cols_ <= kIntMax) {
        linalg::product(static_cast<int>(rows_), static_cast<int>(b.cols_), static_cast<int>(cols_), data_, b.data_, c.data_);
        return c;
      }
    }
    for (mql_ulong i = 0; i < c.size(); ++i) c.data_[i] = 0;
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong k = 0; k < cols_; ++k) {
        const T a_ik = data_[i * cols_ + k];
        for (mql_ulong j = 0; j < b.cols_; ++j) c.data_[i * b.cols_ + j] += a_ik * b.data_[k * b.cols_ + j];
      }
    return c;
  }
  // docs (GeMM): this = alpha * op(A) * op(B) + beta * this, op a transposition where flags has
  // TRANSP_A / TRANSP_B; TRANSP_C transposes the result. With beta 0 this takes the product's
  // shape; otherwise it must have it (else false, ERR_MATRIX_INCONSISTENT), as must A and B.
  bool GeMM(const matrix_of& a, const matrix_of& b, T alpha, T beta, mql_ulong flags = 0) {
    const matrix_of ta = flags & TRANSP_A ? a.Transpose() : a, tb = flags & TRANSP_B ? b.Transpose() : b;
    if (ta.cols_ != tb.rows_) return mx::fail(ERR_MATRIX_INCONSISTENT);
    matrix_of p = ta.MatMul(tb);
    if (flags & TRANSP_C) p = p.Transpose();
    if (beta == 0) {
      p *= alpha;
      swap(p);
      return true;
    }
    if (rows_ != p.rows_ || cols_ != p.cols_) return mx::fail(ERR_MATRIX_INCONSISTENT);
    charge_work(3 * size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = alpha * p.data_[i] + beta * data_[i];
    return true;
  }
  // docs (GeMM): two vectors, A vertical and B horizontal: this = alpha * A B' + beta * this.
  bool GeMM(const vector_of<T>& a, const vector_of<T>& b, T alpha, T beta, mql_ulong flags = 0);
  // matrix[M][K] x vector[K] = vector[M] (docs: MatMul).
  vector_of<T> MatMul(const vector_of<T>& v) const;
  // docs (Power): the square matrix multiplied by itself power times (0: the identity); a
  // negative power needs the inverse, which the harness does not offer: an empty matrix and
  // ERR_MATRIX_FUNC_NOT_ALLOWED; not square: empty, ERR_MATRIX_INVALID_SIZE.
  matrix_of Power(int power) const {
    if (rows_ != cols_) return empty(ERR_MATRIX_INVALID_SIZE);
    if (power < 0) return empty(ERR_MATRIX_FUNC_NOT_ALLOWED);
    matrix_of r = Identity(rows_, cols_), base(*this);
    for (unsigned p = static_cast<unsigned>(power); p; p >>= 1) {
      if (p & 1) r = r.MatMul(base);
      if (p > 1) base = base.MatMul(base);
    }
    return r;
  }
  // docs (Kron): the Kronecker product, (r1*r2) x (c1*c2).
  matrix_of Kron(const matrix_of& b) const {
    matrix_of k(rows_ * b.rows_, cols_ * b.cols_);
    charge_work(2 * k.size());
    for (mql_ulong i = 0; i < k.rows_; ++i)
      for (mql_ulong j = 0; j < k.cols_; ++j)
        k.data_[i * k.cols_ + j] = data_[(i / b.rows_) * cols_ + j / b.cols_] * b.data_[(i % b.rows_) * b.cols_ + j % b.cols_];
    return k;
  }
  matrix_of Kron(const vector_of<T>& b) const;
  // docs (Inner): c[i][j] = sum over k of a[i][k]*b[j][k] (the columns must agree, else an
  // empty matrix and ERR_MATRIX_INCONSISTENT).
  matrix_of Inner(const matrix_of& b) const {
    if (cols_ != b.cols_) return empty(ERR_MATRIX_INCONSISTENT);
    return MatMul(b.Transpose());
  }
  // docs (Outer): both operands flattened, c[i][j] = a[i]*b[j].
  matrix_of Outer(const matrix_of& b) const {
    matrix_of c(size(), b.size());
    charge_work(2 * c.size());
    for (mql_ulong i = 0; i < size(); ++i)
      for (mql_ulong j = 0; j < b.size(); ++j) c.data_[i * c.cols_ + j] = data_[i] * b.data_[j];
    return c;
  }
  // docs (Cov, CorrCoef): rows (rowvar true) or columns are the variables; the covariance
  // divides by n-1 (as NumPy's default).
  matrix_of Cov(bool rowvar = true, int ddof = 1) const {
    const matrix_of v = rowvar ? *this : Transpose();
    const mql_ulong k = v.rows_, n = v.cols_;
    if (static_cast<long long>(n) - ddof < 1) return empty(ERR_MATRIX_INVALID_SIZE);
    matrix_of c(k, k);
    charge_work(k * k * n);
    for (mql_ulong a = 0; a < k; ++a)
      for (mql_ulong b = 0; b < k; ++b) {
        double ma = 0, mb = 0, s = 0;
        for (mql_ulong t = 0; t < n; ++t) ma += v.data_[a * n + t], mb += v.data_[b * n + t];
        ma /= static_cast<double>(n), mb /= static_cast<double>(n);
        for (mql_ulong t = 0; t < n; ++t) s += (v.data_[a * n + t] - ma) * (v.data_[b * n + t] - mb);
        c.data_[a * k + b] = static_cast<T>(s / (static_cast<double>(n) - ddof));
      }
    return c;
  }
  matrix_of CorrCoef(bool rowvar = true) const {
    matrix_of c = Cov(rowvar);
    matrix_of r(c.rows_, c.cols_);
    for (mql_ulong a = 0; a < c.rows_; ++a)
      for (mql_ulong b = 0; b < c.cols_; ++b)
        r.data_[a * c.cols_ + b] =
            static_cast<T>(c.data_[a * c.cols_ + b] / __builtin_sqrt(static_cast<double>(c.data_[a * c.cols_ + a]) * c.data_[b * c.cols_ + b]));
    return r;
  }

  //--- Statistics: over all elements, or per axis (AXIS_HORZ = 0: one result per column, the
  // rows reduced; AXIS_VERT = 1: one per row, as the reference's examples (Std: the matrix
  // 4x3 gives 3 values for axis 0)). ArgMax/ArgMin without an axis: the row-major index.
  double Sum() const { return whole(mx::R_SUM); }
  double Prod(double initial = 1) const { return initial * whole(mx::R_PROD); }
  double Mean() const { return whole(mx::R_MEAN); }
  double Var() const { return whole(mx::R_VAR); }
  double Std() const { return whole(mx::R_STD); }
  double Median() const { return whole(mx::R_MEDIAN); }
  double Ptp() const { return whole(mx::R_PTP); }
  T Max() const { return static_cast<T>(whole(mx::R_MAX)); }
  T Min() const { return static_cast<T>(whole(mx::R_MIN)); }
  mql_ulong ArgMax() const { return arg(mx::R_ARGMAX); }
  mql_ulong ArgMin() const { return arg(mx::R_ARGMIN); }
  vector_of<T> Sum(int axis) const { return along(axis, mx::R_SUM); }
  vector_of<T> Prod(int axis, double initial = 1) const;
  vector_of<T> Mean(int axis) const { return along(axis, mx::R_MEAN); }
  vector_of<T> Var(int axis, int ddof = 0) const { return along(axis, mx::R_VAR, ddof); }
  vector_of<T> Std(int axis, int ddof = 0) const { return along(axis, mx::R_STD, ddof); }
  vector_of<T> Median(int axis) const { return along(axis, mx::R_MEDIAN); }
  vector_of<T> Ptp(int axis) const { return along(axis, mx::R_PTP); }
  vector_of<T> Max(int axis) const { return along(axis, mx::R_MAX); }
  vector_of<T> Min(int axis) const { return along(axis, mx::R_MIN); }
  vector_of<T> ArgMax(int axis) const { return along(axis, mx::R_ARGMAX); }
  vector_of<T> ArgMin(int axis) const { return along(axis, mx::R_ARGMIN); }
  // docs (Quantile, Percentile): q in [0, 1]; percent in [0, 100].
  double Quantile(double q) const { return mx::quantile(flat_copy().p, size(), q); }
  double Percentile(int percent) const { return Quantile(percent / 100.0); }
  vector_of<T> Quantile(double q, int axis) const;
  vector_of<T> Percentile(int percent, int axis) const { return Quantile(percent / 100.0, axis); }
  // docs (CumSum, CumProd): over all elements in row-major order (a vector), or along an axis
  // (a matrix of the same shape).
  vector_of<T> CumSum() const;
  vector_of<T> CumProd() const;
  matrix_of CumSum(int axis) const { return cumulate(axis, false); }
  matrix_of CumProd(int axis) const { return cumulate(axis, true); }
  // docs (Average): the mean weighted by a matrix of the same shape; per axis, by a vector of
  // the reduced dimension's length. Mismatch: NaN / empty and ERR_MATRIX_INCONSISTENT.
  double Average(const matrix_of& w) const {
    if (w.rows_ != rows_ || w.cols_ != cols_ || !size()) {
      _LastError = ERR_MATRIX_INCONSISTENT;
      return mx::nan();
    }
    charge_work(2 * size());
    double s = 0, ws = 0;
    for (mql_ulong i = 0; i < size(); ++i) s += static_cast<double>(data_[i]) * w.data_[i], ws += w.data_[i];
    return s / ws;
  }
  vector_of<T> Average(const vector_of<T>& w, int axis) const;
  vector_of<T> Average(const matrix_of& w, int axis) const;

  // docs (LinearRegression): each series replaced by its least-squares line against the index:
  // all elements in row-major order (AXIS_NONE), each column (AXIS_HORZ) or each row (AXIS_VERT).
  matrix_of LinearRegression(int axis = AXIS_NONE) const {
    const bool all = axis != AXIS_HORZ && axis != AXIS_VERT, by_cols = axis == AXIS_HORZ;
    const mql_ulong lines = all ? 1 : by_cols ? cols_ : rows_, n = all ? size() : by_cols ? rows_ : cols_;
    matrix_of r(rows_, cols_);
    mx::buffer b(n);
    charge_work(2 * size());
    for (mql_ulong l = 0; l < lines; ++l) {
      auto at = [&](mql_ulong t) -> mql_ulong { return all ? t : by_cols ? t * cols_ + l : l * cols_ + t; };
      for (mql_ulong t = 0; t < n; ++t) b[t] = data_[at(t)];
      mx::linear_fit(b.p, n);
      for (mql_ulong t = 0; t < n; ++t) r.data_[at(t)] = static_cast<T>(b[t]);
    }
    return r;
  }

  //--- Decompositions, solutions, characteristics (docs), on mql5_linalg: LAPACK natively, Eigen in
  // the Windows build; in double (a matrixf's elements converted). A method that needs a square
  // matrix given another, or an empty one, returns false / an empty result / NaN with
  // ERR_MATRIX_INVALID_SIZE (ERR_MATRIX_NOT_INITIALIZED for an empty one); a factorisation that
  // does not exist (Cholesky of a matrix that is not positive definite, Inv of a singular one)
  // returns false / an empty matrix with ERR_MATH_OVERFLOW, as Eig's note says for a complex
  // solution.
  bool SVD(matrix_of& U, matrix_of& V, vector_of<T>& singular_values) const;
  bool Eig(matrix_of& eigen_vectors, vector_of<T>& eigen_values) const;
  bool EigVals(vector_of<T>& eigen_values) const;
  bool Cholesky(matrix_of& L) const;
  bool LU(matrix_of& L, matrix_of& U) const;
  bool LUP(matrix_of& L, matrix_of& U, matrix_of& P) const;
  bool QR(matrix_of& Q, matrix_of& R) const;
  double Det() const;
  double SLogDet(int& sign) const;
  int Rank() const;
  double Cond(ENUM_MATRIX_NORM norm) const;
  vector_of<T> Spectrum() const;
  vector_of<T> Solve(const vector_of<T>& b) const;
  vector_of<T> LstSq(const vector_of<T>& b) const;
  matrix_of Inv() const;
  matrix_of PInv() const;

  //--- Features
  // docs (Trace): the sum of the main diagonal.
  double Trace() const {
    double s = 0;
    for (mql_ulong i = 0; i < rows_ && i < cols_; ++i) s += data_[i * cols_ + i];
    charge_work(rows_ < cols_ ? rows_ : cols_);
    return s;
  }
  // docs (Norm): FROBENIUS sqrt of the sum of squares; SPECTRAL / P2 the largest singular value,
  // MINUS_P2 the smallest, NUCLEAR their sum; INF / MINUS_INF the largest / smallest row sum of
  // absolute values, P1 / MINUS_P1 the same per column. Empty: NaN, ERR_MATRIX_NOT_INITIALIZED.
  double Norm(ENUM_MATRIX_NORM norm) const {
    if (!size()) {
      _LastError = ERR_MATRIX_NOT_INITIALIZED;
      return mx::nan();
    }
    charge_work(size());
    switch (norm) {
      case MATRIX_NORM_FROBENIUS: {
        double s = 0;
        for (mql_ulong i = 0; i < size(); ++i) s += static_cast<double>(data_[i]) * data_[i];
        return __builtin_sqrt(s);
      }
      case MATRIX_NORM_INF:
      case MATRIX_NORM_MINUS_INF:
      case MATRIX_NORM_P1:
      case MATRIX_NORM_MINUS_P1: {
        const bool by_rows = norm == MATRIX_NORM_INF || norm == MATRIX_NORM_MINUS_INF;
        const bool largest = norm == MATRIX_NORM_INF || norm == MATRIX_NORM_P1;
        const mql_ulong outer = by_rows ? rows_ : cols_, inner = by_rows ? cols_ : rows_;
        double best = 0;
        for (mql_ulong a = 0; a < outer; ++a) {
          double s = 0;
          for (mql_ulong b = 0; b < inner; ++b) s += mx::absv(by_rows ? data_[a * cols_ + b] : data_[b * cols_ + a]);
          if (!a || (largest ? s > best : s < best)) best = s;
        }
        return best;
      }
      case MATRIX_NORM_SPECTRAL:
      case MATRIX_NORM_NUCLEAR:
      case MATRIX_NORM_P2:
      case MATRIX_NORM_MINUS_P2: {
        const mql_ulong k = rows_ < cols_ ? rows_ : cols_, n = rows_ < cols_ ? cols_ : rows_;
        mx::buffer gram(k * k), eig(k);  // A A^T or A^T A, whichever is smaller
        for (mql_ulong a = 0; a < k; ++a)
          for (mql_ulong b = 0; b < k; ++b) {
            double s = 0;
            for (mql_ulong t = 0; t < n; ++t)
              s += rows_ < cols_ ? static_cast<double>(data_[a * cols_ + t]) * data_[b * cols_ + t]
                                 : static_cast<double>(data_[t * cols_ + a]) * data_[t * cols_ + b];
            gram[a * k + b] = s;
          }
        charge_work(k * k * n);
        mx::symmetric_eigenvalues(gram.p, k, eig.p);
        double big = 0, small = 0, sum = 0;
        for (mql_ulong i = 0; i < k; ++i) {
          const double s = __builtin_sqrt(eig[i] > 0 ? eig[i] : 0);
          sum += s;
          if (!i || s > big) big = s;
          if (!i || s < small) small = s;
        }
        return norm == MATRIX_NORM_NUCLEAR ? sum : norm == MATRIX_NORM_MINUS_P2 ? small : big;
      }
      default:
        _LastError = ERR_INVALID_PARAMETER;
        return mx::nan();
    }
  }

  //--- Machine learning
  // docs (Activation, Derivative): the function (or its derivative, at the input) of each
  // element into out (resized to this shape; out may be this matrix). The reference's matrix
  // prototypes: (out, function) and (out, function, axis, parameters...), the parameters alpha,
  // beta... as it lists them per function. AF_SOFTMAX over all elements, or per axis
  // (AXIS_HORZ: each column, AXIS_VERT: each row; as the reductions' axes).
  bool Activation(matrix_of& out, ENUM_ACTIVATION_FUNCTION af) const {
    return activation(out, af, AXIS_NONE, false, mx::nan(), mx::nan(), mx::nan());
  }
  bool Activation(matrix_of& out, ENUM_ACTIVATION_FUNCTION af, int axis, double a = mx::nan(), double b = mx::nan(),
                  double c = mx::nan()) const {
    return activation(out, af, axis, false, a, b, c);
  }
  bool Derivative(matrix_of& out, ENUM_ACTIVATION_FUNCTION af) const {
    return activation(out, af, AXIS_NONE, true, mx::nan(), mx::nan(), mx::nan());
  }
  bool Derivative(matrix_of& out, ENUM_ACTIVATION_FUNCTION af, int axis, double a = mx::nan(), double b = mx::nan(),
                  double c = mx::nan()) const {
    return activation(out, af, axis, true, a, b, c);
  }

  // docs (Loss): the loss of this matrix of predictions against the true values, each row a
  // sample (the mean of the rows' losses). Different shapes: NaN, ERR_MATRIX_INCONSISTENT.
  double Loss(const matrix_of& truth, ENUM_LOSS_FUNCTION f, double a = mx::nan()) const {
    const bool sparse = f == LOSS_SCCE && truth.cols_ == 1 && truth.rows_ == rows_;
    if (!size() || (!sparse && (truth.rows_ != rows_ || truth.cols_ != cols_))) {
      _LastError = ERR_MATRIX_INCONSISTENT;
      return mx::nan();
    }
    charge_work(size() + truth.size());
    mx::buffer p(cols_), y(truth.cols_);
    double s = 0;
    for (mql_ulong i = 0; i < rows_; ++i) {
      for (mql_ulong j = 0; j < cols_; ++j) p[j] = data_[i * cols_ + j];
      for (mql_ulong j = 0; j < truth.cols_; ++j) y[j] = truth.data_[i * truth.cols_ + j];
      s += mx::loss(f, p.p, y.p, cols_, truth.cols_, a);
    }
    return s / static_cast<double>(rows_);
  }
  // docs (LossGradient): each sample's gradient (rows are the samples; AXIS_VERT: the columns).
  matrix_of LossGradient(const matrix_of& truth, ENUM_LOSS_FUNCTION f, double a = mx::nan()) const {
    return LossGradient(truth, f, AXIS_HORZ, a);
  }
  matrix_of LossGradient(const matrix_of& truth, ENUM_LOSS_FUNCTION f, ENUM_MATRIX_AXIS axis, double a = mx::nan()) const {
    if (axis == AXIS_VERT) return Transpose().LossGradient(truth.Transpose(), f, AXIS_HORZ, a).Transpose();
    const bool sparse = f == LOSS_SCCE && truth.cols_ == 1 && truth.rows_ == rows_;
    if (!size() || (!sparse && (truth.rows_ != rows_ || truth.cols_ != cols_))) return empty(ERR_MATRIX_INCONSISTENT);
    charge_work(2 * size() + truth.size());
    matrix_of g(rows_, cols_);
    mx::buffer p(cols_), y(truth.cols_), out(cols_);
    for (mql_ulong i = 0; i < rows_; ++i) {
      for (mql_ulong j = 0; j < cols_; ++j) p[j] = data_[i * cols_ + j];
      for (mql_ulong j = 0; j < truth.cols_; ++j) y[j] = truth.data_[i * truth.cols_ + j];
      mx::loss_gradient(f, p.p, y.p, out.p, cols_, truth.cols_, a);
      for (mql_ulong j = 0; j < cols_; ++j) g.data_[i * cols_ + j] = static_cast<T>(out[j]);
    }
    return g;
  }
  // docs (RegressionMetric): over all elements; per axis, one value per column (AXIS_HORZ) or row.
  double RegressionMetric(const matrix_of& truth, ENUM_REGRESSION_METRIC m) const {
    if (truth.rows_ != rows_ || truth.cols_ != cols_) {
      _LastError = ERR_MATRIX_INCONSISTENT;
      return mx::nan();
    }
    charge_work(2 * size());
    return mx::regression_metric(m, flat_copy().p, truth.flat_copy().p, size());
  }
  vector_of<T> RegressionMetric(const matrix_of& truth, ENUM_REGRESSION_METRIC m, int axis) const;

  // What MQL5 passes to a DLL for a matrix parameter (docs: Matrix and vector types): the
  // address of the row-major elements; an empty matrix passes null.
  T* dll_data() { return data_; }
  const T* dll_data() const { return data_; }
  const void* canary() const { return data_ ? static_cast<const void*>(data_ + size()) : nullptr; }
  mql_ulong size() const { return rows_ * cols_; }

 private:
  template <class U>
  friend class matrix_of;
  friend class vector_of<T>;
  static void exchange(T& a, T& b) {
    T t = a;
    a = b;
    b = t;
  }
  static mql_ulong mismatch() {
    _LastError = ERR_MATRIX_INCONSISTENT;
    return ULONG_MAX;
  }
  static matrix_of empty(int error) {
    _LastError = error;
    return matrix_of();
  }
  static bool same_digits(double a, double b, int digits) {
    if (a == b) return true;
    const double scale = mx::absv(a) > mx::absv(b) ? mx::absv(a) : mx::absv(b);
    return mx::absv(a - b) <= scale * __builtin_pow(10.0, -digits);
  }
  template <class F>
  bool assign_run(mql_ulong n, F at) {
    if (size() != n) allocate(1, n);
    charge_work(2 * n);
    for (mql_ulong i = 0; i < n; ++i) data_[i] = at(i);
    return true;
  }
  // The pieces of Split: n of them, sizes[p] columns (by_cols) or rows each.
  bool split(const mql_ulong* sizes, mql_ulong n, bool by_cols, array<matrix_of>& out) const {
    if (out.resize(static_cast<int>(n)) < 0) return mx::fail(ERR_ARRAY_RESIZE_ERROR);
    for (mql_ulong p = 0, first = 0; p < n; first += sizes[p++]) {
      matrix_of piece(by_cols ? rows_ : sizes[p], by_cols ? sizes[p] : cols_);
      for (mql_ulong i = 0; i < piece.rows_; ++i)
        for (mql_ulong j = 0; j < piece.cols_; ++j)
          piece.data_[i * piece.cols_ + j] = by_cols ? data_[i * cols_ + first + j] : data_[(first + i) * cols_ + j];
      charge_work(2 * piece.size());
      out[static_cast<int>(p)] = piece;
    }
    return true;
  }
  template <class F>
  matrix_of& combine(const matrix_of& b, F f, const char* op) {
    return zip(b, f, op);
  }
  matrix_of triangle(long long ndiag, bool lower) const {
    matrix_of r(*this);
    charge_work(size());
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong j = 0; j < cols_; ++j) {
        const long long d = static_cast<long long>(j) - static_cast<long long>(i);
        if (lower ? d > ndiag : d < ndiag) r.data_[i * cols_ + j] = 0;
      }
    return r;
  }
  mx::buffer flat_copy() const {
    mx::buffer b(size());
    for (mql_ulong i = 0; i < size(); ++i) b[i] = data_[i];
    charge_work(size());
    return b;
  }
  double whole(mx::reduce_kind kind, int ddof = 0) const { return mx::reduce(kind, flat_copy().p, size(), ddof); }
  mql_ulong arg(mx::reduce_kind kind) const {
    if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), ULONG_MAX;
    return static_cast<mql_ulong>(whole(kind));
  }
  // The elements of column j (by_cols) or row j into b.
  void line(bool by_cols, mql_ulong j, double* b) const {
    const mql_ulong n = by_cols ? rows_ : cols_;
    for (mql_ulong t = 0; t < n; ++t) b[t] = by_cols ? data_[t * cols_ + j] : data_[j * cols_ + t];
    charge_work(n);
  }
  template <class F>
  vector_of<T> per_line(int axis, F f) const;
  vector_of<T> along(int axis, mx::reduce_kind kind, int ddof = 0) const;
  template <class F>
  bool zero_where(F outside) const {
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong j = 0; j < cols_; ++j)
        if (outside(static_cast<long long>(i), static_cast<long long>(j)) && data_[i * cols_ + j] != 0) return false;
    return true;
  }
  matrix_of cumulate(int axis, bool product) const {
    if (axis != AXIS_HORZ && axis != AXIS_VERT) return empty(ERR_INVALID_PARAMETER);
    matrix_of r(*this);
    charge_work(2 * size());
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong j = 0; j < cols_; ++j) {
        const bool first = axis == AXIS_HORZ ? i == 0 : j == 0;
        if (first) continue;
        const T prev = axis == AXIS_HORZ ? r.data_[(i - 1) * cols_ + j] : r.data_[i * cols_ + j - 1];
        r.data_[i * cols_ + j] = product ? prev * r.data_[i * cols_ + j] : prev + r.data_[i * cols_ + j];
      }
    return r;
  }
  // Sorts (to non-null) or ranks (idx non-null) all elements, each row or each column.
  void sort_into(int axis, matrix_of* to, matrix_of* idx) const {
    const bool all = axis != AXIS_HORZ && axis != AXIS_VERT;
    const mql_ulong lines = all ? 1 : axis == AXIS_VERT ? rows_ : cols_;
    const mql_ulong n = all ? size() : axis == AXIS_VERT ? cols_ : rows_;
    mx::buffer key(n);
    mql_ulong* order = new mql_ulong[n ? n : 1];
    matrix_of src(*this);
    charge_work(2 * size());
    for (mql_ulong l = 0; l < lines; ++l) {
      auto at = [&](mql_ulong t) -> mql_ulong { return all ? t : axis == AXIS_VERT ? l * cols_ + t : t * cols_ + l; };
      for (mql_ulong t = 0; t < n; ++t) key[t] = src.data_[at(t)], order[t] = t;
      mx::sort_indices(order, n, key.p);
      for (mql_ulong t = 0; t < n; ++t) {
        if (to) to->data_[at(t)] = static_cast<T>(key[order[t]]);
        if (idx) idx->data_[at(t)] = static_cast<T>(order[t]);
      }
    }
    delete[] order;
  }
  // The vector's forms (out, function, parameters...).
  bool activate_run(matrix_of& out, ENUM_ACTIVATION_FUNCTION af, bool derivative, double a, double b, double c) const {
    return activation(out, af, AXIS_NONE, derivative, a, b, c);
  }
  bool activation(matrix_of& out, ENUM_ACTIVATION_FUNCTION af, int axis, bool derivative, double a, double b,
                  double c) const {
    if (static_cast<int>(af) < AF_ELU || static_cast<int>(af) > AF_NONE) return mx::fail(ERR_INVALID_PARAMETER);
    matrix_of r(rows_, cols_);
    charge_work(2 * size());
    if (af == AF_SOFTMAX) {
      const bool all = axis != AXIS_HORZ && axis != AXIS_VERT;
      const bool by_cols = axis == AXIS_HORZ;
      const mql_ulong lines = all ? 1 : by_cols ? cols_ : rows_, n = all ? size() : by_cols ? rows_ : cols_;
      mx::buffer in(n), res(n);
      for (mql_ulong l = 0; l < lines; ++l) {
        for (mql_ulong t = 0; t < n; ++t) in[t] = data_[all ? t : by_cols ? t * cols_ + l : l * cols_ + t];
        mx::softmax(in.p, res.p, n, derivative);
        for (mql_ulong t = 0; t < n; ++t) r.data_[all ? t : by_cols ? t * cols_ + l : l * cols_ + t] = static_cast<T>(res[t]);
      }
    } else {
      for (mql_ulong i = 0; i < size(); ++i)
        r.data_[i] = static_cast<T>(derivative ? mx::derive(af, data_[i], a, b, c) : mx::activate(af, data_[i], a, b, c));
    }
    out.swap(r);
    return true;
  }
  mql_ulong flat_offset(mql_ulong index) const {
    if (index >= size()) out_of_range(static_cast<long long>(index), static_cast<int>(size()));
    count_work();
    return index;
  }
  template <class I>
  mql_ulong row_offset(I i) const {
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value, "matrix index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<mql_ulong>(i) >= rows_) out_of_range(i, static_cast<int>(rows_));
    return static_cast<mql_ulong>(i) * cols_;
  }
  void allocate(mql_ulong rows, mql_ulong cols) {
    release();
    const mql_ulong n = rows * cols;
    if (n) {
      raw_ = new unsigned char[sizeof(T) * n + kCanaryBytes + alignof(T)];
      data_ = reinterpret_cast<T*>(raw_);
      for (mql_ulong i = 0; i < n; ++i) data_[i] = static_cast<T>(__builtin_nan(""));
      fill_canary(data_ + n);
    }
    rows_ = rows;
    cols_ = cols;
  }
  void release() {
    delete[] raw_;
    raw_ = nullptr;
    data_ = nullptr;
    rows_ = cols_ = 0;
  }
  void swap(matrix_of& other) noexcept {
    unsigned char* raw = raw_;
    T* data = data_;
    mql_ulong rows = rows_, cols = cols_;
    raw_ = other.raw_, data_ = other.data_, rows_ = other.rows_, cols_ = other.cols_;
    other.raw_ = raw, other.data_ = data, other.rows_ = rows, other.cols_ = cols;
  }
  unsigned char* raw_ = nullptr;
  T* data_ = nullptr;
  mql_ulong rows_ = 0, cols_ = 0;
};

// docs (Matrix and vector types): a vector of n elements, kept here as a 1 x n matrix (the same
// checks, NaN for undefined elements, canary); passed to a DLL as the address of its elements.
template <class T>
class vector_of {
 public:
  vector_of() = default;
  explicit vector_of(mql_ulong n) : m_(1, n) {}
  template <class F, class... A, typename std::enable_if<std::is_invocable<F, vector_of&, A...>::value, int>::type = 0>
  vector_of(mql_ulong n, F&& init, A&&... args) : m_(1, n) {  // docs (Initialization): vector v(10,func)
    init(*this, args...);
  }
  vector_of(std::initializer_list<init_value> init) : m_{init} {}  // docs (Initialization): vector v={1,2,3};
  vector_of* operator->() { return this; }
  const vector_of* operator->() const { return this; }

  mql_ulong Size() const { return m_.Cols(); }
  template <class I>
  T& operator[](I i) {
    return m_[0][i];
  }
  template <class I>
  const T& operator[](I i) const {
    return m_[0][i];
  }

  //--- Initialization
  static vector_of Zeros(mql_ulong n) { return Full(n, 0); }
  static vector_of Ones(mql_ulong n) { return Full(n, 1); }
  static vector_of Full(mql_ulong n, T value) {
    vector_of v(n);
    v.Fill(value);
    return v;
  }
  bool Init(mql_ulong n) { return m_.Init(1, n); }                                      // docs (Init)
  template <class F, class... A, typename std::enable_if<std::is_invocable<F, vector_of&, A...>::value, int>::type = 0>
  bool Init(mql_ulong n, F&& init, A&&... args) {
    m_.Init(1, n);
    init(*this, args...);
    return true;
  }
  bool Resize(mql_ulong n, mql_ulong reserve = 0) { return m_.Resize(1, n, reserve); }  // docs (Resize): keeps
  bool Fill(T value) { return m_.Fill(value); }
  void Random(T min = 0, T max = 1) { m_.Random(min, max); }
  // docs (Assign): the elements of a vector (either type) or an array; the size becomes theirs.
  template <class U>
  bool Assign(const vector_of<U>& v) {
    matrix_of<T> m;
    m.Assign(v.m_);
    m_.swap(m);
    return true;
  }
  template <class U, if_number<U> = 0>
  bool Assign(const array<const U>& a) {
    m_.allocate(1, static_cast<mql_ulong>(a.size()));
    return m_.Assign(a);
  }
  bool Copy(const vector_of& source) { return m_.Copy(source.m_); }  // docs (Copy)
  bool Swap(vector_of& other) {
    m_.swap(other.m_);
    return true;
  }
  bool Swap(matrix_of<T>& m) { return m.Swap(*this); }
  bool Swap(array<T>& a) {
    const bool ok = m_.Swap(a);
    if (ok && !m_.size()) m_.rows_ = m_.cols_ = 0;
    return ok;
  }

  //--- Manipulations
  bool Clip(T min, T max) { return m_.Clip(min, max); }
  // docs (Sort, ArgSort): ascending; a descending order given as SORT_DESCENDING (the harness's
  // reading of ENUM_SORT_MODE; a compare function is not offered).
  void Sort(ENUM_SORT_MODE mode = SORT_ASCENDING) {
    m_.Sort();
    if (mode == SORT_DESCENDING) reverse(m_);
  }
  vector_of ArgSort(ENUM_SORT_MODE mode = SORT_ASCENDING) const {
    matrix_of<T> idx = m_.ArgSort();
    if (mode == SORT_DESCENDING) reverse(idx);
    return of(idx);
  }
  mql_ulong Compare(const vector_of& b, T epsilon) const { return m_.Compare(b.m_, epsilon); }
  // docs (CompareEqual): without an epsilon, -1, 0 or 1 as matrix::CompareEqual (as a ulong).
  mql_ulong Compare(const vector_of& b) const { return static_cast<mql_ulong>(static_cast<long long>(m_.CompareEqual(b.m_))); }
  // docs (Set): the element at index; false past the end.
  bool Set(mql_ulong index, T value) {
    if (index >= Size()) return mx::fail(ERR_MATRIX_INVALID_SIZE);
    m_.data_[index] = value;
    return true;
  }
  mql_ulong ReplaceToZero(T abs_tol) { return m_.ReplaceToZero(abs_tol); }            // docs (ReplaceToZero)
  vector_of NormalizeDouble(int digits) const { return of(m_.NormalizeDouble(digits)); }  // docs (NormalizeDouble)
  vector_of Concat(const vector_of& b) const { return m_.Concat(b.m_); }               // docs (Concat)
  static vector_of StaticRandom(mql_ulong n, T min = 0, T max = 1) { return of(matrix_of<T>::StaticRandom(1, n, min, max)); }
  // docs (CopyRates): one series (one flag of ENUM_COPY_RATES), the oldest bar first.
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, mql_ulong start, mql_ulong count);
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, datetime from, mql_ulong count);
  template <class S>
  bool CopyRates(const S& symbol, int period, mql_ulong rates_mask, datetime from, datetime to);
  // docs (CopyIndicatorBuffer): as CopyBuffer, the oldest first; mql5_indicators.hpp defines them.
  bool CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, mql_ulong start_pos, mql_ulong count);
  bool CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, datetime start_time, mql_ulong count);
  bool CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, datetime start_time, datetime stop_time);
  mql_ulong CompareByDigits(const vector_of& b, int digits) const { return m_.CompareByDigits(b.m_, digits); }
  mql_ulong HasNan() const { return m_.HasNan(); }
  mql_ulong ReplaceNan(T value) { return m_.ReplaceNan(value); }

  //--- Operations (docs: Matrix and vector operations; other sizes: a critical error)
  vector_of& operator+=(const vector_of& b) { return m_ += b.m_, *this; }
  vector_of& operator-=(const vector_of& b) { return m_ -= b.m_, *this; }
  vector_of& operator*=(const vector_of& b) { return m_ *= b.m_, *this; }
  vector_of& operator/=(const vector_of& b) { return m_ /= b.m_, *this; }
  template <class S, if_number<S> = 0>
  vector_of& operator+=(S s) { return m_ += s, *this; }
  template <class S, if_number<S> = 0>
  vector_of& operator-=(S s) { return m_ -= s, *this; }
  template <class S, if_number<S> = 0>
  vector_of& operator*=(S s) { return m_ *= s, *this; }
  template <class S, if_number<S> = 0>
  vector_of& operator/=(S s) { return m_ /= s, *this; }
  vector_of operator-() const { return of(-m_); }
  template <class F>
  vector_of map(F f) const {
    return of(m_.map(f));
  }

  //--- Products
  // docs (Dot): the sum of the products; different sizes: NaN and ERR_MATRIX_INCONSISTENT.
  T Dot(const vector_of& b) const {
    if (Size() != b.Size()) return static_cast<T>(mx::fail(ERR_MATRIX_INCONSISTENT)), static_cast<T>(mx::nan());
    charge_work(2 * Size());
    double s = 0;
    for (mql_ulong i = 0; i < Size(); ++i) s += static_cast<double>(m_.data_[i]) * b.m_.data_[i];
    return static_cast<T>(s);
  }
  // docs (MatMul): vector[K] x matrix[K][N] = vector[N]; vector x vector: the scalar product
  // (the lengths must agree: as for matrices, a critical error).
  vector_of MatMul(const matrix_of<T>& b) const { return of(m_.MatMul(b)); }
  // docs (GeMM): this = alpha * A op(B) + beta * this, A a horizontal vector (TRANSP_B: B
  // transposed; with beta 0 this takes the product's size).
  bool GeMM(const vector_of& a, const matrix_of<T>& b, T alpha, T beta, mql_ulong flags = 0) {
    matrix_of<T> r = m_;
    if (!r.GeMM(a.m_, b, alpha, beta, flags & TRANSP_B)) return false;
    m_.swap(r);
    return true;
  }
  // docs (GeMM): this = alpha * op(A) B + beta * this, B and this vertical vectors (TRANSP_A:
  // A transposed).
  bool GeMM(const matrix_of<T>& a, const vector_of& b, T alpha, T beta, mql_ulong flags = 0) {
    matrix_of<T> r = m_.Transpose();
    if (!r.GeMM(a, b.m_.Transpose(), alpha, beta, flags & TRANSP_A)) return false;
    matrix_of<T> row = r.Transpose();
    m_.swap(row);
    return true;
  }
  T MatMul(const vector_of& b) const {
    if (Size() != b.Size()) critical("MatMul: vectors of different lengths", "MatMul");
    return Dot(b);
  }
  matrix_of<T> Outer(const vector_of& b) const { return m_.Outer(b.m_); }
  vector_of Kron(const vector_of& b) const { return of(m_.Kron(b.m_)); }
  matrix_of<T> Kron(const matrix_of<T>& b) const { return m_.Kron(b); }
  // docs (CorrCoef, Cov): of this vector and another of the same size.
  T CorrCoef(const vector_of& b) const {
    if (Size() != b.Size()) return static_cast<T>(mx::fail(ERR_MATRIX_INCONSISTENT)), static_cast<T>(mx::nan());
    matrix_of<T> c = pair(b).CorrCoef();
    return c.size() ? c.data_[1] : static_cast<T>(mx::nan());
  }
  matrix_of<T> Cov(const vector_of& b, int ddof = 1) const {
    if (Size() != b.Size()) return matrix_of<T>::empty(ERR_MATRIX_INCONSISTENT);
    return pair(b).Cov(true, ddof);
  }
  // docs (Convolve, Correlate): NumPy's convolve / correlate (correlate: convolve with b
  // reversed) in the modes full (n+m-1), same (max(n,m)), valid (max-min+1).
  vector_of Convolve(const vector_of& b, ENUM_VECTOR_CONVOLVE mode) const { return convolve(b, mode, false); }
  vector_of Correlate(const vector_of& b, ENUM_VECTOR_CONVOLVE mode) const { return convolve(b, mode, true); }

  //--- Statistics
  double Sum() const { return m_.Sum(); }
  double Prod(double initial = 1) const { return m_.Prod(initial); }
  double Mean() const { return m_.Mean(); }
  double Var(int ddof = 0) const { return m_.whole(mx::R_VAR, ddof); }
  double Std(int ddof = 0) const { return m_.whole(mx::R_STD, ddof); }
  double Median() const { return m_.Median(); }
  double Ptp() const { return m_.Ptp(); }
  T Max() const { return m_.Max(); }
  T Min() const { return m_.Min(); }
  mql_ulong ArgMax() const { return m_.ArgMax(); }
  mql_ulong ArgMin() const { return m_.ArgMin(); }
  double Quantile(double q) const { return m_.Quantile(q); }
  double Percentile(int percent) const { return m_.Percentile(percent); }
  vector_of CumSum() const { return m_.CumSum(); }
  vector_of CumProd() const { return m_.CumProd(); }
  vector_of LinearRegression() const { return of(m_.LinearRegression()); }  // docs (LinearRegression)
  // docs (Average): weighted by a vector of the same size.
  double Average(const vector_of& w) const { return m_.Average(w.m_); }

  //--- Features
  // docs (Norm): INF max |x|, MINUS_INF min |x|, P (sum |x|^p)^(1/p) (p = 0: the count of
  // non-zero elements). Empty: NaN, ERR_MATRIX_NOT_INITIALIZED.
  double Norm(ENUM_VECTOR_NORM norm, double p = 2) const {
    if (!Size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), mx::nan();
    charge_work(Size());
    double r = 0;
    for (mql_ulong i = 0; i < Size(); ++i) {
      const double a = mx::absv(m_.data_[i]);
      if (norm == VECTOR_NORM_INF) r = !i || a > r ? a : r;
      else if (norm == VECTOR_NORM_MINUS_INF) r = !i || a < r ? a : r;
      else if (p == 0) r += a != 0;
      else r += __builtin_pow(a, p);
    }
    return norm == VECTOR_NORM_P && p != 0 ? __builtin_pow(r, 1 / p) : r;
  }

  //--- Machine learning (as the matrix's, the vector one sample)
  bool Activation(vector_of& out, ENUM_ACTIVATION_FUNCTION af, double a = mx::nan(), double b = mx::nan(),
                  double c = mx::nan()) const {
    return m_.activate_run(out.m_, af, false, a, b, c);
  }
  bool Derivative(vector_of& out, ENUM_ACTIVATION_FUNCTION af, double a = mx::nan(), double b = mx::nan(),
                  double c = mx::nan()) const {
    return m_.activate_run(out.m_, af, true, a, b, c);
  }
  double Loss(const vector_of& truth, ENUM_LOSS_FUNCTION f, double a = mx::nan()) const { return m_.Loss(truth.m_, f, a); }
  vector_of LossGradient(const vector_of& truth, ENUM_LOSS_FUNCTION f, double a = mx::nan()) const {
    if (f == LOSS_SCCE && truth.Size() == 1) {  // the class index beside a row of probabilities
      matrix_of<T> y(Size() ? 1 : 0, 1);
      if (Size()) y.data_[0] = truth.m_.data_[0];
      return of(m_.LossGradient(y, f, a));
    }
    return of(m_.LossGradient(truth.m_, f, a));
  }
  double RegressionMetric(const vector_of& truth, ENUM_REGRESSION_METRIC m) const {
    return m_.RegressionMetric(truth.m_, m);
  }
  // docs (ConfusionMatrix): this vector the predicted labels, truth the true ones; the classes
  // are the distinct labels of both in ascending order, c[i][j] the count of samples of class i
  // predicted as class j (as scikit-learn's). Different sizes: empty, ERR_MATRIX_INCONSISTENT.
  matrix_of<T> ConfusionMatrix(const vector_of& truth) const {
    const mql_ulong n = Size();
    if (truth.Size() != n || !n) return matrix_of<T>::empty(ERR_MATRIX_INCONSISTENT);
    mx::buffer all(2 * n);
    for (mql_ulong i = 0; i < n; ++i) all[i] = m_.data_[i], all[n + i] = truth.m_.data_[i];
    mql_ulong* idx = new mql_ulong[2 * n];
    for (mql_ulong i = 0; i < 2 * n; ++i) idx[i] = i;
    mx::sort_indices(idx, 2 * n, all.p);
    mx::buffer classes(2 * n);
    mql_ulong k = 0;
    for (mql_ulong i = 0; i < 2 * n; ++i)
      if (!k || all[idx[i]] != classes[k - 1]) classes[k++] = all[idx[i]];
    delete[] idx;
    auto class_of = [&](double label) {
      mql_ulong c = 0;
      while (classes[c] != label) ++c;
      return c;
    };
    matrix_of<T> c = matrix_of<T>::Zeros(k, k);
    charge_work(2 * n + k * k);
    for (mql_ulong i = 0; i < n; ++i) c.data_[class_of(truth.m_.data_[i]) * k + class_of(m_.data_[i])] += 1;
    return c;
  }
  // docs (ConfusionMatrix with a label): 2 x 2, the label the positive class: [[TN, FP], [FN, TP]].
  matrix_of<T> ConfusionMatrix(const vector_of& truth, mql_uint label) const {
    const mql_ulong n = Size();
    if (truth.Size() != n || !n) return matrix_of<T>::empty(ERR_MATRIX_INCONSISTENT);
    matrix_of<T> c = matrix_of<T>::Zeros(2, 2);
    charge_work(2 * n);
    for (mql_ulong i = 0; i < n; ++i)
      c.data_[(truth.m_.data_[i] == label) * 2 + (m_.data_[i] == label)] += 1;
    return c;
  }

  T* dll_data() { return m_.dll_data(); }
  const T* dll_data() const { return m_.dll_data(); }
  const void* canary() const { return m_.canary(); }
  mql_ulong size() const { return m_.size(); }
  const matrix_of<T>& as_row() const { return m_; }
  static vector_of of(matrix_of<T> m) {  // a 1 x n or an n x 1 (or empty) matrix as a vector
    vector_of v;
    if (m.size()) m.Reshape(1, m.size());
    v.m_.swap(m);
    return v;
  }

 private:
  template <class U>
  friend class vector_of;
  friend class matrix_of<T>;
  static void reverse(matrix_of<T>& m) {
    for (mql_ulong i = 0, j = m.size(); i + 1 < j; ++i, --j) matrix_of<T>::exchange(m.data_[i], m.data_[j - 1]);
  }
  matrix_of<T> pair(const vector_of& b) const {
    matrix_of<T> p(2, Size());
    for (mql_ulong i = 0; i < Size(); ++i) p.data_[i] = m_.data_[i], p.data_[Size() + i] = b.m_.data_[i];
    return p;
  }
  vector_of convolve(const vector_of& b, ENUM_VECTOR_CONVOLVE mode, bool correlate) const {
    const mql_ulong n = Size(), m = b.Size();
    if (!n || !m) return of(matrix_of<T>::empty(ERR_MATRIX_NOT_INITIALIZED));
    const mql_ulong full = n + m - 1, big = n > m ? n : m, small = n > m ? m : n;
    const mql_ulong len = mode == VECTOR_CONVOLVE_FULL ? full : mode == VECTOR_CONVOLVE_SAME ? big : big - small + 1;
    const mql_ulong skip = mode == VECTOR_CONVOLVE_FULL ? 0 : mode == VECTOR_CONVOLVE_SAME ? (small - 1) / 2 : small - 1;
    vector_of r(len);
    charge_work(n * m + len);
    for (mql_ulong k = 0; k < len; ++k) {
      const mql_ulong at = k + skip;
      double s = 0;
      for (mql_ulong i = 0; i < n; ++i)
        if (at >= i && at - i < m) s += static_cast<double>(m_.data_[i]) * b.m_.data_[correlate ? m - 1 - (at - i) : at - i];
      r.m_.data_[k] = static_cast<T>(s);
    }
    return r;
  }
  matrix_of<T> m_;
};

//--- matrix members that need the vector
template <class T>
template <class U>
bool matrix_of<T>::Assign(const vector_of<U>& v) {
  return assign_run(v.Size(), [&](mql_ulong i) { return static_cast<T>(v.m_.data_[i]); });
}
template <class T>
bool matrix_of<T>::Swap(vector_of<T>& v) {
  matrix_of row(*this);
  row.Reshape(size() ? 1 : 0, size());
  v.m_.swap(row);
  swap(row);
  return true;
}
template <class T>
vector_of<T> matrix_of<T>::Row(mql_ulong i) const {
  vector_of<T> v(cols_);
  const mql_ulong at = row_offset(i);
  for (mql_ulong j = 0; j < cols_; ++j) v.m_.data_[j] = data_[at + j];
  charge_work(2 * cols_);
  return v;
}
template <class T>
vector_of<T> matrix_of<T>::Col(mql_ulong j) const {
  if (j >= cols_) out_of_range(static_cast<long long>(j), static_cast<int>(cols_));
  vector_of<T> v(rows_);
  for (mql_ulong i = 0; i < rows_; ++i) v.m_.data_[i] = data_[i * cols_ + j];
  charge_work(2 * rows_);
  return v;
}
template <class T>
bool matrix_of<T>::Row(const vector_of<T>& v, mql_ulong i) {
  const mql_ulong at = row_offset(i);
  if (v.Size() != cols_) return mx::fail(ERR_MATRIX_INVALID_SIZE);
  for (mql_ulong j = 0; j < cols_; ++j) data_[at + j] = v.m_.data_[j];
  charge_work(2 * cols_);
  return true;
}
template <class T>
bool matrix_of<T>::Col(const vector_of<T>& v, mql_ulong j) {
  if (j >= cols_) out_of_range(static_cast<long long>(j), static_cast<int>(cols_));
  if (v.Size() != rows_) return mx::fail(ERR_MATRIX_INVALID_SIZE);
  for (mql_ulong i = 0; i < rows_; ++i) data_[i * cols_ + j] = v.m_.data_[i];
  charge_work(2 * rows_);
  return true;
}
template <class T>
vector_of<T> matrix_of<T>::Diag(long long ndiag) const {
  const mql_ulong r0 = ndiag < 0 ? static_cast<mql_ulong>(-ndiag) : 0, c0 = ndiag > 0 ? static_cast<mql_ulong>(ndiag) : 0;
  const mql_ulong n = r0 < rows_ && c0 < cols_ ? (rows_ - r0 < cols_ - c0 ? rows_ - r0 : cols_ - c0) : 0;
  vector_of<T> v(n);
  for (mql_ulong t = 0; t < n; ++t) v.m_.data_[t] = data_[(r0 + t) * cols_ + c0 + t];
  charge_work(2 * n);
  return v;
}
// docs (Diag, the setter): an empty matrix becomes the square diagonal matrix of v; otherwise v
// must fit the ndiag-th diagonal (else nothing is written, ERR_MATRIX_INVALID_SIZE).
template <class T>
bool matrix_of<T>::Diag(const vector_of<T>& v, long long ndiag) {
  const mql_ulong shift = static_cast<mql_ulong>(ndiag < 0 ? -ndiag : ndiag);
  if (!size()) *this = Zeros(v.Size() + shift, v.Size() + shift);
  const mql_ulong r0 = ndiag < 0 ? shift : 0, c0 = ndiag > 0 ? shift : 0;
  if (r0 + v.Size() > rows_ || c0 + v.Size() > cols_) return mx::fail(ERR_MATRIX_INVALID_SIZE);
  for (mql_ulong t = 0; t < v.Size(); ++t) data_[(r0 + t) * cols_ + c0 + t] = v.m_.data_[t];
  charge_work(2 * v.Size());
  return true;
}
template <class T>
bool matrix_of<T>::GeMM(const vector_of<T>& a, const vector_of<T>& b, T alpha, T beta, mql_ulong flags) {
  matrix_of col(a.Size(), a.Size() ? 1 : 0);
  for (mql_ulong i = 0; i < a.Size(); ++i) col.data_[i] = a.m_.data_[i];
  return GeMM(col, b.m_, alpha, beta, flags & TRANSP_C);
}
template <class T>
vector_of<T> matrix_of<T>::MatMul(const vector_of<T>& v) const {
  matrix_of col(v.Size(), v.Size() ? 1 : 0);
  for (mql_ulong i = 0; i < v.Size(); ++i) col.data_[i] = v.m_.data_[i];
  return vector_of<T>::of(MatMul(col));
}
template <class T>
matrix_of<T> matrix_of<T>::Kron(const vector_of<T>& b) const {
  return Kron(b.m_);
}
template <class T>
template <class F>
vector_of<T> matrix_of<T>::per_line(int axis, F f) const {
  if (axis != AXIS_HORZ && axis != AXIS_VERT) {
    _LastError = ERR_INVALID_PARAMETER;
    return vector_of<T>();
  }
  const bool by_cols = axis == AXIS_HORZ;
  const mql_ulong lines = by_cols ? cols_ : rows_, n = by_cols ? rows_ : cols_;
  vector_of<T> r(lines);
  mx::buffer b(n);
  for (mql_ulong l = 0; l < lines; ++l) {
    line(by_cols, l, b.p);
    r.m_.data_[l] = static_cast<T>(f(b.p, n, l));
  }
  return r;
}
template <class T>
vector_of<T> matrix_of<T>::along(int axis, mx::reduce_kind kind, int ddof) const {
  return per_line(axis, [&](const double* b, mql_ulong n, mql_ulong) { return mx::reduce(kind, b, n, ddof); });
}
template <class T>
vector_of<T> matrix_of<T>::Prod(int axis, double initial) const {
  return per_line(axis, [&](const double* b, mql_ulong n, mql_ulong) { return initial * mx::reduce(mx::R_PROD, b, n); });
}
template <class T>
vector_of<T> matrix_of<T>::Average(const matrix_of& w, int axis) const {
  if (w.rows_ != rows_ || w.cols_ != cols_) {
    _LastError = ERR_MATRIX_INCONSISTENT;
    return vector_of<T>();
  }
  const matrix_of weights = axis == AXIS_HORZ ? w.Transpose() : w;  // a line of w beside each line of this
  return per_line(axis, [&](const double* b, mql_ulong len, mql_ulong l) {
    double s = 0, ws = 0;
    for (mql_ulong t = 0; t < len; ++t) s += b[t] * weights.data_[l * len + t], ws += weights.data_[l * len + t];
    return s / ws;
  });
}
template <class T>
vector_of<T> matrix_of<T>::Concat(const matrix_of& b) const {
  vector_of<T> r(size() + b.size());
  for (mql_ulong i = 0; i < size(); ++i) r.m_.data_[i] = data_[i];
  for (mql_ulong i = 0; i < b.size(); ++i) r.m_.data_[size() + i] = b.data_[i];
  return r;
}
template <class T>
vector_of<T> matrix_of<T>::Quantile(double q, int axis) const {
  return per_line(axis, [&](const double* b, mql_ulong n, mql_ulong) { return mx::quantile(b, n, q); });
}
template <class T>
vector_of<T> matrix_of<T>::Average(const vector_of<T>& w, int axis) const {
  const mql_ulong n = axis == AXIS_HORZ ? rows_ : cols_;
  if (w.Size() != n) {
    _LastError = ERR_MATRIX_INCONSISTENT;
    return vector_of<T>();
  }
  return per_line(axis, [&](const double* b, mql_ulong len, mql_ulong) {
    double s = 0, ws = 0;
    for (mql_ulong t = 0; t < len; ++t) s += b[t] * w.m_.data_[t], ws += w.m_.data_[t];
    return s / ws;
  });
}
template <class T>
vector_of<T> matrix_of<T>::RegressionMetric(const matrix_of& truth, ENUM_REGRESSION_METRIC m, int axis) const {
  if (truth.rows_ != rows_ || truth.cols_ != cols_) {
    _LastError = ERR_MATRIX_INCONSISTENT;
    return vector_of<T>();
  }
  mx::buffer y(axis == AXIS_HORZ ? rows_ : cols_);
  return per_line(axis, [&](const double* b, mql_ulong n, mql_ulong l) {
    truth.line(axis == AXIS_HORZ, l, y.p);
    return mx::regression_metric(m, b, y.p, n);
  });
}
template <class T>
vector_of<T> matrix_of<T>::CumSum() const {
  matrix_of r(*this);
  r.Reshape(size() ? 1 : 0, size());
  return vector_of<T>::of(r.cumulate(AXIS_VERT, false));
}
template <class T>
vector_of<T> matrix_of<T>::CumProd() const {
  matrix_of r(*this);
  r.Reshape(size() ? 1 : 0, size());
  return vector_of<T>::of(r.cumulate(AXIS_VERT, true));
}

//--- The @ operator (docs: Matrix product operator @): MatMul of matrices and vectors, a vector
// on the left horizontal and on the right vertical; vector @ vector the scalar product. Its
// priority is multiplication's: the translator writes `a @ b` as `a * mql5::matmul_op * b`,
// whose left product keeps a reference to a until the right one multiplies.
struct matmul_tag {};
constexpr matmul_tag matmul_op{};
template <class L>
struct matmul_left {
  const L& a;
};
template <class T>
matmul_left<matrix_of<T>> operator*(const matrix_of<T>& a, matmul_tag) {
  return {a};
}
template <class T>
matmul_left<vector_of<T>> operator*(const vector_of<T>& a, matmul_tag) {
  return {a};
}
template <class T>
matrix_of<T> operator*(matmul_left<matrix_of<T>> l, const matrix_of<T>& b) {
  return l.a.MatMul(b);
}
template <class T>
vector_of<T> operator*(matmul_left<matrix_of<T>> l, const vector_of<T>& b) {
  return l.a.MatMul(b);
}
template <class T>
vector_of<T> operator*(matmul_left<vector_of<T>> l, const matrix_of<T>& b) {
  return l.a.MatMul(b);
}
template <class T>
T operator*(matmul_left<vector_of<T>> l, const vector_of<T>& b) {
  return l.a.MatMul(b);
}

//--- Operators between operands (docs: Matrix and vector operations): the same shape, or a scalar.
#define MQL5_MATRIX_OPERATOR(OP)                                              \
  template <class T>                                                          \
  matrix_of<T> operator OP(const matrix_of<T>& a, const matrix_of<T>& b) {    \
    matrix_of<T> r(a);                                                        \
    return r OP## = b;                                                        \
  }                                                                           \
  template <class T, class S, if_number<S> = 0>                               \
  matrix_of<T> operator OP(const matrix_of<T>& a, S s) {                      \
    matrix_of<T> r(a);                                                        \
    return r OP## = s;                                                        \
  }                                                                           \
  template <class T, class S, if_number<S> = 0>                               \
  matrix_of<T> operator OP(S s, const matrix_of<T>& a) {                      \
    return a.map([&](T x) { return static_cast<T>(s OP x); });                \
  }                                                                           \
  template <class T>                                                          \
  vector_of<T> operator OP(const vector_of<T>& a, const vector_of<T>& b) {    \
    vector_of<T> r(a);                                                        \
    return r OP## = b;                                                        \
  }                                                                           \
  template <class T, class S, if_number<S> = 0>                               \
  vector_of<T> operator OP(const vector_of<T>& a, S s) {                      \
    vector_of<T> r(a);                                                        \
    return r OP## = s;                                                        \
  }                                                                           \
  template <class T, class S, if_number<S> = 0>                               \
  vector_of<T> operator OP(S s, const vector_of<T>& a) {                      \
    return a.map([&](T x) { return static_cast<T>(s OP x); });                \
  }
MQL5_MATRIX_OPERATOR(+)
MQL5_MATRIX_OPERATOR(-)
MQL5_MATRIX_OPERATOR(*)
MQL5_MATRIX_OPERATOR(/)
#undef MQL5_MATRIX_OPERATOR

// Print(m): as the terminal prints them (the reference's examples: Ptp's "[9,8,10]", Quantile's
// "[5.5,6.5,7.5]" for a vectorf, [[1,2]\n [3,4]]): the shortest form, a double with up to 16
// significant digits, a float with up to 8 (whole numbers without a point, unlike a double
// scalar's Print).
template <class T>
string element_text(T v) {
  char buf[40];
  __builtin_snprintf(buf, sizeof buf, std::is_same<T, double>::value ? "%.16G" : "%.8G", static_cast<double>(v));
  char16_t wide[40];
  int i = 0;
  for (; buf[i]; ++i) wide[i] = static_cast<char16_t>(buf[i]);
  wide[i] = 0;
  return string(wide);
}
template <class T>
string text_of(const vector_of<T>& v) {
  string s(u"[");
  for (mql_ulong i = 0; i < v.Size(); ++i) s += (i ? string(u",") : string()) + element_text(v.dll_data()[i]);
  charge_work(v.Size());
  return s + string(u"]");
}
template <class T>
string text_of(const matrix_of<T>& m) {
  string s(u"[");
  for (mql_ulong i = 0; i < m.Rows(); ++i) {
    s += i ? string(u"\n [") : string(u"[");
    for (mql_ulong j = 0; j < m.Cols(); ++j) s += (j ? string(u",") : string()) + element_text(m.dll_data()[i * m.Cols() + j]);
    s += string(u"]");
  }
  charge_work(m.size());
  return s + string(u"]");
}
// Print and FileWrite call mql5::text_of, qualified, so only the overloads declared before them
// are found: the generic text_of(T) is specialised for the four types (a copy, as its T is by value).
template <>
inline string text_of<matrix_of<double>>(matrix_of<double> m) {
  return text_of(static_cast<const matrix_of<double>&>(m));
}
template <>
inline string text_of<matrix_of<float>>(matrix_of<float> m) {
  return text_of(static_cast<const matrix_of<float>&>(m));
}
template <>
inline string text_of<vector_of<double>>(vector_of<double> v) {
  return text_of(static_cast<const vector_of<double>&>(v));
}
template <>
inline string text_of<vector_of<float>>(vector_of<float> v) {
  return text_of(static_cast<const vector_of<float>&>(v));
}
}  // namespace mql5

// docs (Mathematical functions for matrices and vectors): the Math* functions apply to each element.
#define MQL5_ELEMENTWISE(NAME, EXPR)                                                         \
  template <class T>                                                                         \
  mql5::matrix_of<T> NAME(const mql5::matrix_of<T>& m) {                                     \
    return m.map([](T x) { return static_cast<T>(EXPR); });                                  \
  }                                                                                          \
  template <class T>                                                                         \
  mql5::vector_of<T> NAME(const mql5::vector_of<T>& v) {                                     \
    return v.map([](T x) { return static_cast<T>(EXPR); });                                  \
  }
MQL5_ELEMENTWISE(MathAbs, x < 0 ? -x : x)
MQL5_ELEMENTWISE(MathExp, __builtin_exp(x))
MQL5_ELEMENTWISE(MathLog, __builtin_log(x))
MQL5_ELEMENTWISE(MathLog10, __builtin_log10(x))
MQL5_ELEMENTWISE(MathSqrt, __builtin_sqrt(x))
MQL5_ELEMENTWISE(MathSin, __builtin_sin(x))
MQL5_ELEMENTWISE(MathCos, __builtin_cos(x))
MQL5_ELEMENTWISE(MathTan, __builtin_tan(x))
MQL5_ELEMENTWISE(MathArcsin, __builtin_asin(x))
MQL5_ELEMENTWISE(MathArccos, __builtin_acos(x))
MQL5_ELEMENTWISE(MathArctan, __builtin_atan(x))
MQL5_ELEMENTWISE(MathSinh, __builtin_sinh(x))
MQL5_ELEMENTWISE(MathCosh, __builtin_cosh(x))
MQL5_ELEMENTWISE(MathTanh, __builtin_tanh(x))
MQL5_ELEMENTWISE(MathExpm1, __builtin_expm1(x))
MQL5_ELEMENTWISE(MathLog1p, __builtin_log1p(x))
MQL5_ELEMENTWISE(MathArcsinh, __builtin_asinh(x))
MQL5_ELEMENTWISE(MathArccosh, __builtin_acosh(x))
MQL5_ELEMENTWISE(MathArctanh, __builtin_atanh(x))
MQL5_ELEMENTWISE(MathFloor, __builtin_floor(x))
MQL5_ELEMENTWISE(MathCeil, __builtin_ceil(x))
MQL5_ELEMENTWISE(MathRound, __builtin_round(x))
#undef MQL5_ELEMENTWISE
// docs (Mathematical operations): MathPow and MathMod take a scalar or an operand of the same
// shape as the second argument (another shape: a critical error, as the operators).
#define MQL5_ELEMENTWISE2(NAME, EXPR)                                                              \
  template <class T, class S, mql5::if_number<S> = 0>                                              \
  mql5::matrix_of<T> NAME(const mql5::matrix_of<T>& m, S s) {                                      \
    const double y = static_cast<double>(s);                                                       \
    return m.map([&](T x) { return static_cast<T>(EXPR); });                                       \
  }                                                                                                \
  template <class T, class S, mql5::if_number<S> = 0>                                              \
  mql5::vector_of<T> NAME(const mql5::vector_of<T>& v, S s) {                                      \
    const double y = static_cast<double>(s);                                                       \
    return v.map([&](T x) { return static_cast<T>(EXPR); });                                       \
  }                                                                                                \
  template <class T>                                                                               \
  mql5::matrix_of<T> NAME(const mql5::matrix_of<T>& m, const mql5::matrix_of<T>& e) {              \
    mql5::matrix_of<T> r(m);                                                                       \
    return r.zip(e, [](T x, T y) { return static_cast<T>(EXPR); }, #NAME);                         \
  }                                                                                                \
  template <class T>                                                                               \
  mql5::vector_of<T> NAME(const mql5::vector_of<T>& v, const mql5::vector_of<T>& e) {              \
    return mql5::vector_of<T>::of(NAME(v.as_row(), e.as_row()));                                   \
  }
MQL5_ELEMENTWISE2(MathPow, __builtin_pow(static_cast<double>(x), static_cast<double>(y)))
MQL5_ELEMENTWISE2(MathMod, __builtin_fmod(static_cast<double>(x), static_cast<double>(y)))
#undef MQL5_ELEMENTWISE2
namespace mql5 {
template <class M>
struct is_matrix_or_vector : std::false_type {};
template <class T>
struct is_matrix_or_vector<matrix_of<T>> : std::true_type {};
template <class T>
struct is_matrix_or_vector<vector_of<T>> : std::true_type {};
}  // namespace mql5
// pow, fmod: MathPow's and MathMod's C-style names (docs: "instead of MathPow() you can use
// pow()"), on a matrix or vector and a scalar or an operand of the same shape.
template <class M, class E, typename std::enable_if<mql5::is_matrix_or_vector<M>::value, int>::type = 0>
M pow(const M& m, const E& e) {
  return MathPow(m, e);
}
template <class M, class E, typename std::enable_if<mql5::is_matrix_or_vector<M>::value, int>::type = 0>
M fmod(const M& m, const E& e) {
  return MathMod(m, e);
}
// The C-style names of these functions (docs, each Math* page: "instead of MathLog10() you can
// use log10()") on matrices and vectors too, as code written for them calls them (log10(v)).
#define MQL5_ELEMENTWISE_ALIAS(name, Math)                                                    \
  template <class T>                                                                          \
  mql5::matrix_of<T> name(const mql5::matrix_of<T>& m) {                                      \
    return Math(m);                                                                           \
  }                                                                                           \
  template <class T>                                                                          \
  mql5::vector_of<T> name(const mql5::vector_of<T>& v) {                                      \
    return Math(v);                                                                           \
  }
MQL5_ELEMENTWISE_ALIAS(fabs, MathAbs)
MQL5_ELEMENTWISE_ALIAS(exp, MathExp)
MQL5_ELEMENTWISE_ALIAS(log, MathLog)
MQL5_ELEMENTWISE_ALIAS(log10, MathLog10)
MQL5_ELEMENTWISE_ALIAS(sqrt, MathSqrt)
MQL5_ELEMENTWISE_ALIAS(sin, MathSin)
MQL5_ELEMENTWISE_ALIAS(cos, MathCos)
MQL5_ELEMENTWISE_ALIAS(tan, MathTan)
MQL5_ELEMENTWISE_ALIAS(asin, MathArcsin)
MQL5_ELEMENTWISE_ALIAS(acos, MathArccos)
MQL5_ELEMENTWISE_ALIAS(atan, MathArctan)
MQL5_ELEMENTWISE_ALIAS(sinh, MathSinh)
MQL5_ELEMENTWISE_ALIAS(cosh, MathCosh)
MQL5_ELEMENTWISE_ALIAS(tanh, MathTanh)
MQL5_ELEMENTWISE_ALIAS(expm1, MathExpm1)
MQL5_ELEMENTWISE_ALIAS(log1p, MathLog1p)
MQL5_ELEMENTWISE_ALIAS(asinh, MathArcsinh)
MQL5_ELEMENTWISE_ALIAS(acosh, MathArccosh)
MQL5_ELEMENTWISE_ALIAS(atanh, MathArctanh)
MQL5_ELEMENTWISE_ALIAS(floor, MathFloor)
MQL5_ELEMENTWISE_ALIAS(ceil, MathCeil)
MQL5_ELEMENTWISE_ALIAS(round, MathRound)
#undef MQL5_ELEMENTWISE_ALIAS

//--- the decompositions and solvers (declared in matrix_of)
namespace mql5 {
namespace mx {
// A matrix's elements as row-major doubles, and back.
template <class T>
buffer doubles(const matrix_of<T>& m) {
  buffer b(m.Rows() * m.Cols());
  for (mql_ulong i = 0; i < m.Rows(); ++i)
    for (mql_ulong j = 0; j < m.Cols(); ++j) b[i * m.Cols() + j] = static_cast<double>(m[i][j]);
  return b;
}
template <class T>
void put(matrix_of<T>& m, mql_ulong rows, mql_ulong cols, const double* d) {
  m.Init(rows, cols);
  for (mql_ulong i = 0; i < rows; ++i)
    for (mql_ulong j = 0; j < cols; ++j) m[i][j] = static_cast<T>(d[i * cols + j]);
}
template <class T>
void put(vector_of<T>& v, mql_ulong n, const double* d) {
  v.Init(n);
  for (mql_ulong i = 0; i < n; ++i) v[i] = static_cast<T>(d[i]);
}
template <class T>
bool square(const matrix_of<T>& m) {
  if (!m.Rows()) return fail(ERR_MATRIX_NOT_INITIALIZED), false;
  if (m.Rows() != m.Cols()) return fail(ERR_MATRIX_INVALID_SIZE), false;
  return true;
}
}  // namespace mx

// docs (SVD): A = U diag(s) V^T, U of order m, V of order n.
template <class T>
bool matrix_of<T>::SVD(matrix_of& U, matrix_of& V, vector_of<T>& singular_values) const {
  if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), false;
  const int m = static_cast<int>(rows_), n = static_cast<int>(cols_), k = m < n ? m : n;
  mx::buffer a = mx::doubles(*this), u(rows_ * rows_), s(static_cast<mql_ulong>(k)), vt(cols_ * cols_);
  charge_work(size() * (rows_ + cols_));
  if (!linalg::svd(m, n, a.p, u.p, s.p, vt.p)) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(U, rows_, rows_, u.p);
  mx::buffer v(cols_ * cols_);
  for (mql_ulong i = 0; i < cols_; ++i)
    for (mql_ulong j = 0; j < cols_; ++j) v[i * cols_ + j] = vt[j * cols_ + i];
  mx::put(V, cols_, cols_, v.p);
  mx::put(singular_values, static_cast<mql_ulong>(k), s.p);
  return true;
}
// docs (Eig, EigVals): a complex eigenvalue stops with ERR_MATH_OVERFLOW.
template <class T>
bool matrix_of<T>::Eig(matrix_of& eigen_vectors, vector_of<T>& eigen_values) const {
  if (!mx::square(*this)) return false;
  const int n = static_cast<int>(rows_);
  mx::buffer a = mx::doubles(*this), wr(rows_), wi(rows_), v(size());
  charge_work(size() * rows_);
  if (!linalg::eig(n, a.p, wr.p, wi.p, v.p)) return mx::fail(ERR_MATH_OVERFLOW), false;
  for (int i = 0; i < n; ++i)
    if (wi[static_cast<mql_ulong>(i)] != 0) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(eigen_vectors, rows_, rows_, v.p);
  mx::put(eigen_values, rows_, wr.p);
  return true;
}
template <class T>
bool matrix_of<T>::EigVals(vector_of<T>& eigen_values) const {
  if (!mx::square(*this)) return false;
  const int n = static_cast<int>(rows_);
  mx::buffer a = mx::doubles(*this), wr(rows_), wi(rows_);
  charge_work(size() * rows_);
  if (!linalg::eig(n, a.p, wr.p, wi.p, nullptr)) return mx::fail(ERR_MATH_OVERFLOW), false;
  for (int i = 0; i < n; ++i)
    if (wi[static_cast<mql_ulong>(i)] != 0) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(eigen_values, rows_, wr.p);
  return true;
}
// docs (Cholesky): A = L L^T, L lower triangular.
template <class T>
bool matrix_of<T>::Cholesky(matrix_of& L) const {
  if (!mx::square(*this)) return false;
  mx::buffer a = mx::doubles(*this), l(size());
  charge_work(size() * rows_);
  if (!linalg::cholesky(static_cast<int>(rows_), a.p, l.p)) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(L, rows_, rows_, l.p);
  return true;
}
// docs (LU): A = L U without row exchanges (the reference's example: L's second row is A's
// second row's multiple 5); a zero pivot: false.
template <class T>
bool matrix_of<T>::LU(matrix_of& L, matrix_of& U) const {
  if (!mx::square(*this)) return false;
  const mql_ulong n = rows_;
  mx::buffer u = mx::doubles(*this), l(size());
  for (mql_ulong k = 0; k < size(); ++k) l[k] = 0;
  for (mql_ulong k = 0; k < n; ++k) {
    l[k * n + k] = 1;
    if (u[k * n + k] == 0) return mx::fail(ERR_MATH_OVERFLOW), false;
    for (mql_ulong i = k + 1; i < n; ++i) {
      const double f = u[i * n + k] / u[k * n + k];
      l[i * n + k] = f;
      for (mql_ulong j = k; j < n; ++j) u[i * n + j] -= f * u[k * n + j];
    }
  }
  charge_work(size() * n);
  mx::put(L, n, n, l.p);
  mx::put(U, n, n, u.p);
  return true;
}
// docs (LUP): P A = L U with partial pivoting.
template <class T>
bool matrix_of<T>::LUP(matrix_of& L, matrix_of& U, matrix_of& P) const {
  if (!mx::square(*this)) return false;
  const int n = static_cast<int>(rows_);
  mx::buffer a = mx::doubles(*this), l(size()), u(size()), p(size());
  int* perm = new int[rows_];
  const bool ok = linalg::lu_pivoted(n, a.p, l.p, u.p, perm);
  for (mql_ulong k = 0; k < size(); ++k) p[k] = 0;
  for (int i = 0; i < n; ++i) p[static_cast<mql_ulong>(i) * rows_ + static_cast<mql_ulong>(perm[i])] = 1;
  delete[] perm;
  charge_work(size() * rows_);
  if (!ok) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(L, rows_, rows_, l.p);
  mx::put(U, rows_, rows_, u.p);
  mx::put(P, rows_, rows_, p.p);
  return true;
}
// docs (QR): A = Q R, Q orthogonal of order m (the complete form), R upper trapezoidal m x n.
template <class T>
bool matrix_of<T>::QR(matrix_of& Q, matrix_of& R) const {
  if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), false;
  mx::buffer a = mx::doubles(*this), q(rows_ * rows_), r(size());
  charge_work(size() * rows_);
  if (!linalg::qr(static_cast<int>(rows_), static_cast<int>(cols_), a.p, q.p, r.p)) return mx::fail(ERR_MATH_OVERFLOW), false;
  mx::put(Q, rows_, rows_, q.p);
  mx::put(R, rows_, cols_, r.p);
  return true;
}
// docs (Det, SLogDet): from the pivoted LU: the product of U's diagonal, the permutation's sign.
template <class T>
double matrix_of<T>::SLogDet(int& sign) const {
  sign = 0;
  if (!mx::square(*this)) return mx::nan();
  const int n = static_cast<int>(rows_);
  mx::buffer a = mx::doubles(*this), l(size()), u(size());
  int* perm = new int[rows_];
  linalg::lu_pivoted(n, a.p, l.p, u.p, perm);
  int s = 1;
  for (int i = 0; i < n; ++i)  // the permutation's parity: its cycles
    for (int j = i + 1; j < n; ++j)
      if (perm[j] < perm[i]) s = -s;
  delete[] perm;
  double log_abs = 0;
  for (mql_ulong i = 0; i < rows_; ++i) {
    const double d = u[i * rows_ + i];
    if (d == 0) return sign = 0, -__builtin_inf();
    if (d < 0) s = -s;
    log_abs += __builtin_log(mx::absv(d));
  }
  charge_work(size() * rows_);
  sign = s;
  return log_abs;
}
template <class T>
double matrix_of<T>::Det() const {
  int sign = 0;
  const double log_abs = SLogDet(sign);
  return sign == 0 ? (mx::is_nan(log_abs) ? log_abs : 0.0) : sign * __builtin_exp(log_abs);
}
// docs (Rank): the singular values above the largest one x max(m, n) x the double's epsilon
// (NumPy's matrix_rank, which the reference's Python examples use).
template <class T>
int matrix_of<T>::Rank() const {
  if (!size()) return 0;
  matrix_of U, V;
  vector_of<T> s;
  if (!SVD(U, V, s)) return -1;
  const double eps = 2.220446049250313e-16, tol = (s.Size() ? static_cast<double>(s[0]) : 0) *
                                                   static_cast<double>(rows_ > cols_ ? rows_ : cols_) * eps;
  int r = 0;
  for (mql_ulong i = 0; i < s.Size(); ++i) r += static_cast<double>(s[i]) > tol;
  return r;
}
// docs (Cond): the norm of A times the norm of its inverse; for the 2-norms (SPECTRAL, P2,
// MINUS_P2) the ratio of the extreme singular values (NumPy's cond).
template <class T>
double matrix_of<T>::Cond(ENUM_MATRIX_NORM norm) const {
  if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), mx::nan();
  if (norm == MATRIX_NORM_SPECTRAL || norm == MATRIX_NORM_P2 || norm == MATRIX_NORM_MINUS_P2) {
    matrix_of U, V;
    vector_of<T> s;
    if (!SVD(U, V, s) || !s.Size()) return mx::nan();
    const double big = static_cast<double>(s[0]), small = static_cast<double>(s[s.Size() - 1]);
    if (norm == MATRIX_NORM_MINUS_P2) return big == 0 ? __builtin_inf() : small / big;
    return small == 0 ? __builtin_inf() : big / small;
  }
  const matrix_of inv = Inv();
  if (!inv.size()) return __builtin_inf();
  return Norm(norm) * inv.Norm(norm);
}
// docs (Spectrum): the eigenvalues of A^T A, largest first.
template <class T>
vector_of<T> matrix_of<T>::Spectrum() const {
  vector_of<T> out;
  if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), out;
  matrix_of U, V;
  vector_of<T> s;
  if (!SVD(U, V, s)) return out;
  out.Init(s.Size());
  for (mql_ulong i = 0; i < s.Size(); ++i) out[i] = s[i] * s[i];
  return out;
}
// docs (Solve): x with A x = b.
template <class T>
vector_of<T> matrix_of<T>::Solve(const vector_of<T>& b) const {
  vector_of<T> x;
  if (!mx::square(*this)) return x;
  if (b.Size() != rows_) return mx::fail(ERR_MATRIX_INVALID_SIZE), x;
  mx::buffer a = mx::doubles(*this), bb(rows_), xx(rows_);
  for (mql_ulong i = 0; i < rows_; ++i) bb[i] = static_cast<double>(b[i]);
  charge_work(size() * rows_);
  if (!linalg::solve(static_cast<int>(rows_), a.p, bb.p, xx.p)) return mx::fail(ERR_MATH_OVERFLOW), x;
  mx::put(x, rows_, xx.p);
  return x;
}
// docs (LstSq): the x that minimises |A x - b| (the smallest one where A is rank deficient).
template <class T>
vector_of<T> matrix_of<T>::LstSq(const vector_of<T>& b) const {
  vector_of<T> x;
  if (!size()) return mx::fail(ERR_MATRIX_NOT_INITIALIZED), x;
  if (b.Size() != rows_) return mx::fail(ERR_MATRIX_INVALID_SIZE), x;
  mx::buffer a = mx::doubles(*this), bb(rows_), xx(cols_);
  for (mql_ulong i = 0; i < rows_; ++i) bb[i] = static_cast<double>(b[i]);
  charge_work(size() * cols_);
  if (!linalg::least_squares(static_cast<int>(rows_), static_cast<int>(cols_), a.p, bb.p, xx.p))
    return mx::fail(ERR_MATH_OVERFLOW), x;
  mx::put(x, cols_, xx.p);
  return x;
}
// docs (Inv): the inverse; a singular matrix: an empty one.
template <class T>
matrix_of<T> matrix_of<T>::Inv() const {
  matrix_of out;
  if (!mx::square(*this)) return out;
  mx::buffer a = mx::doubles(*this), inv(size());
  charge_work(size() * rows_);
  if (!linalg::inverse(static_cast<int>(rows_), a.p, inv.p)) return mx::fail(ERR_MATH_OVERFLOW), out;
  mx::put(out, rows_, rows_, inv.p);
  return out;
}
// docs (PInv): the Moore-Penrose pseudo-inverse, V diag(1/s) U^T over the singular values above
// 1e-15 x the largest (NumPy's pinv).
template <class T>
matrix_of<T> matrix_of<T>::PInv() const {
  matrix_of out;
  matrix_of U, V;
  vector_of<T> s;
  if (!SVD(U, V, s)) return out;
  const double cut = (s.Size() ? static_cast<double>(s[0]) : 0) * 1e-15;
  mx::buffer p(cols_ * rows_);
  for (mql_ulong i = 0; i < cols_; ++i)
    for (mql_ulong j = 0; j < rows_; ++j) {
      double sum = 0;
      for (mql_ulong k = 0; k < s.Size(); ++k)
        if (static_cast<double>(s[k]) > cut) sum += static_cast<double>(V[i][k]) * static_cast<double>(U[j][k]) / static_cast<double>(s[k]);
      p[i * rows_ + j] = sum;
    }
  mx::put(out, cols_, rows_, p.p);
  return out;
}
}  // namespace mql5

// docs (Matrix and vector types): vector holds double, vectorf float; matrix<T> / vector<T> are
// the template spellings (the translator writes them mql5::matrix_of<T> / mql5::vector_of<T>).
typedef mql5::vector_of<double> vector;
typedef mql5::vector_of<float> vectorf;
typedef mql5::matrix_of<double> matrix;
typedef mql5::matrix_of<float> matrixf;
