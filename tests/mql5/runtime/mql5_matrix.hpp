// MQL5's matrix types for the harness runtime (included by mql5_runtime.hpp): matrix (double)
// and matrixf (float), with the methods the project's MQL5 code uses and MQL5's semantics
// (docs: Matrix and Vector Methods, https://www.mql5.com/en/docs/matrix). Like the arrays, every
// element access is checked and counted on the work clock, elements MQL5 leaves undefined hold
// NaN here, and the storage ends in a canary, so a DLL that writes past the elements of a matrix
// it was given is caught after the call (mql5::dll_guard).
#pragma once

namespace mql5 {
double random_unit();  // uniform in [0, 1): the generator of matrix::Random (mql5_runtime.cpp)
void charge_work(unsigned long long accesses);  // a built-in method's element accesses on the work clock

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
      static_assert(std::is_integral<I>::value, "matrix index must be an integer");
      if (static_cast<long long>(j) < 0 || static_cast<mql_ulong>(j) >= cols_) out_of_range(j, static_cast<int>(cols_));
      count_work();
      return row_[j];
    }

   private:
    E* row_;
    mql_ulong cols_;
  };

  // docs (Initialization): "matrix m;" allocates nothing; "matrix m(rows,cols);" allocates
  // "without any initialization".
  // MQL5's '.' is translated to '->' (objects and pointers alike): a matrix gives itself.
  matrix_of* operator->() { return this; }
  const matrix_of* operator->() const { return this; }
  matrix_of() = default;
  matrix_of(mql_ulong rows, mql_ulong cols) { allocate(rows, cols); }
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

  // docs (Init): rows x cols, the values undefined (no initialising function given).
  bool Init(mql_ulong rows, mql_ulong cols) {
    allocate(rows, cols);
    return true;
  }
  // docs (Resize): in place, row by row: the elements of the rows and columns both shapes have
  // keep their (row, column); new elements are undefined. reserve is a capacity hint.
  bool Resize(mql_ulong rows, mql_ulong cols, mql_ulong reserve = 0) {
    (void)reserve;
    if (rows == rows_ && cols == cols_) return true;
    matrix_of fresh(rows, cols);
    for (mql_ulong i = 0; i < rows && i < rows_; ++i)
      for (mql_ulong j = 0; j < cols && j < cols_; ++j) fresh.data_[i * cols + j] = data_[i * cols_ + j];
    swap(fresh);
    return true;
  }
  // docs (Fill): every element the value.
  void Fill(T value) {
    charge_work(size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = value;
  }
  // docs (Random): fills the existing matrix uniformly in [min, max] (the generator is not
  // specified; the harness's is its own, seeded the same in every run).
  void Random(T min = 0, T max = 1) {
    charge_work(size());
    for (mql_ulong i = 0; i < size(); ++i) data_[i] = static_cast<T>(min + (max - min) * random_unit());
  }
  // docs (MatMul): matrix[M][K] * matrix[K][N] = matrix[M][N]. What MQL5 does with other shapes
  // is not documented (the @ operator's page: "an exception will be triggered at runtime"):
  // here a critical error, so a script cannot come to rely on it. A built-in call the user
  // cannot stop in the middle: the work clock charges the elements it reads and writes.
  matrix_of MatMul(const matrix_of& b) const {
    if (cols_ != b.rows_) critical("MatMul: the columns of the first matrix differ from the rows of the second", "MatMul");
    matrix_of c(rows_, b.cols_);
    charge_work(size() + b.size() + c.size());
    for (mql_ulong i = 0; i < c.size(); ++i) c.data_[i] = 0;
    for (mql_ulong i = 0; i < rows_; ++i)
      for (mql_ulong k = 0; k < cols_; ++k) {
        const T a_ik = data_[i * cols_ + k];
        for (mql_ulong j = 0; j < b.cols_; ++j) c.data_[i * b.cols_ + j] += a_ik * b.data_[k * b.cols_ + j];
      }
    return c;
  }

  // What MQL5 passes to a DLL for a matrix parameter (docs: Matrix and vector types): the
  // address of the row-major elements; an empty matrix passes null.
  T* dll_data() { return data_; }
  const T* dll_data() const { return data_; }
  const void* canary() const { return data_ ? static_cast<const void*>(data_ + size()) : nullptr; }
  mql_ulong size() const { return rows_ * cols_; }

 private:
  template <class I>
  mql_ulong row_offset(I i) const {
    static_assert(std::is_integral<I>::value, "matrix index must be an integer");
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
}  // namespace mql5

namespace mql5 {
// docs (Matrix and vector types): a vector of n elements, kept here as a 1 x n matrix (the same
// checks, NaN for undefined elements, canary); passed to a DLL as the address of its elements.
template <class T>
class vector_of {
 public:
  vector_of* operator->() { return this; }
  const vector_of* operator->() const { return this; }
  vector_of() = default;
  explicit vector_of(mql_ulong n) : m_(1, n) {}
  mql_ulong Size() const { return m_.Cols(); }
  bool Init(mql_ulong n) { return m_.Init(1, n); }                                      // docs (Init)
  bool Resize(mql_ulong n, mql_ulong reserve = 0) { return m_.Resize(1, n, reserve); }  // docs (Resize): keeps
  void Fill(T value) { m_.Fill(value); }
  template <class I>
  T& operator[](I i) {
    return m_[0][i];
  }
  template <class I>
  const T& operator[](I i) const {
    return m_[0][i];
  }
  T* dll_data() { return m_.dll_data(); }
  const T* dll_data() const { return m_.dll_data(); }
  const void* canary() const { return m_.canary(); }
  mql_ulong size() const { return m_.size(); }

 private:
  matrix_of<T> m_;
};
}  // namespace mql5

// docs (Matrix and vector types): vector holds double, vectorf float.
typedef mql5::vector_of<double> vector;
typedef mql5::vector_of<float> vectorf;

// docs (Matrix and vector types): matrix holds double, matrixf float. (The template spelling
// matrix<float> is not translated: use matrixf.)
typedef mql5::matrix_of<double> matrix;
typedef mql5::matrix_of<float> matrixf;
