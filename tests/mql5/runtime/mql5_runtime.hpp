// MQL5 runtime for the MQL5-on-C++ harness (tests/mql5): what the project's MQL5 code uses,
// with MQL5's semantics, and nothing else. The translator (tests/mql5/translate.py) turns a
// script into one C++ file that includes this header; anything MQL5 offers that is not
// declared here is a compile error, never a silent stub.
//
// This header includes no C library header on purpose: the C functions (rand, sqrt, printf,
// abs...) must not leak into the translated code's global namespace, where an MQL5 name like
// rand() would silently bind to libc's with other semantics. The implementation that needs
// libc lives in mql5_runtime.cpp, compiled once per target.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <new>
#include <type_traits>

#include "mql5_constants.hpp"

// docs (Integer Types: datetime): seconds since 1970-01-01 in 8 bytes, a type of its own: overloads tell
// it from long, and text shows it as "YYYY.MM.DD hh:mi:ss" (MQL5 book: Date and Time: (string) of a
// datetime is TimeToString(TIME_DATE|TIME_SECONDS)); in arithmetic and comparisons it is its integer.
class datetime {
 public:
  datetime() = default;  // trivial: an 8-byte integer in structures, arrays and a DLL's arguments
  constexpr datetime(long long seconds) : v_(seconds) {}  // NOLINT: integers convert implicitly
  constexpr operator long long() const { return v_; }
  datetime& operator+=(long long d) { v_ += d; return *this; }
  datetime& operator-=(long long d) { v_ -= d; return *this; }
  datetime& operator*=(long long d) { v_ *= d; return *this; }
  datetime& operator/=(long long d) { v_ /= d; return *this; }
  datetime& operator%=(long long d) { v_ %= d; return *this; }
  datetime& operator++() { ++v_; return *this; }
  datetime& operator--() { --v_; return *this; }
  datetime operator++(int) { return datetime(v_++); }
  datetime operator--(int) { return datetime(v_--); }

 private:
  long long v_;
};
static_assert(sizeof(datetime) == 8 && std::is_trivially_copyable<datetime>::value, "datetime is MQL5's 8 bytes");
static_assert(sizeof(color) == 4 && std::is_trivially_copyable<color>::value, "color is MQL5's 4 bytes");
namespace mql5 {
// The numbers of MQL5: C++'s arithmetic types, datetime and color.
template <class T>
struct is_number : std::integral_constant<bool, std::is_arithmetic<T>::value || std::is_same<T, datetime>::value ||
                                                    std::is_same<T, color>::value> {};
}  // namespace mql5
// datetime/color + a number: their integer's sum. Exact matches, so that a literal 0 is not taken
// for a string (the "text"+number operators below).
template <class U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
constexpr auto operator+(datetime a, U b) { return static_cast<long long>(a) + b; }
template <class U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
constexpr auto operator+(U a, datetime b) { return a + static_cast<long long>(b); }
template <class U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
constexpr auto operator+(color a, U b) { return static_cast<mql_uint>(a) + b; }
template <class U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
constexpr auto operator+(U a, color b) { return a + static_cast<mql_uint>(b); }

namespace mql5 {
// A critical runtime error: the terminal prints the reason and stops the program.
[[noreturn]] void critical(const char* what, const char* detail);
[[noreturn]] void out_of_range(long long index, int size);
// A function of the reference the harness refuses (tests/mql5/reference.py: why), called: the
// reason printed, the program stopped.
[[noreturn]] void refused(const char* name, const char* why);
template <class R>
R refuse(const char* name, const char* why) {
  refused(name, why);
}
struct refused_value {  // what a refused function of a type the runtime lacks returns
  template <class T>
  operator T() const {
    return T();
  }
};
}  // namespace mql5

//---------------------------------------------------------------------------------------------
// string: UTF-16 code units, as MQL5 stores them; passed to a DLL as const char16_t*.
class string {
 public:
  string() = default;
  string(const char16_t* text);  // NOLINT: literals are written string(u"...") by the translator
  string(const char16_t* text, int length);
  string(const string& other);
  string(string&& other) noexcept;
  ~string();
  string& operator=(const string& other);
  string& operator=(string&& other) noexcept;
  string& operator+=(const string& other);
  // (string)number or enumeration and (number)text (docs: Typecasting: a number's text as Print shows it; text
  // read as StringToDouble / StringToInteger read it). Explicit: no implicit conversions.
  template <class T, typename std::enable_if<std::is_arithmetic<T>::value || std::is_enum<T>::value, int>::type = 0>
  explicit string(T v);
  template <class T, typename std::enable_if<std::is_arithmetic<T>::value && !std::is_same<T, bool>::value, int>::type = 0>
  explicit operator T() const;
  explicit string(datetime v);
  explicit string(color v);
  explicit operator datetime() const;  // docs (Typecasting): as StringToTime reads the text

  int length() const { return length_; }
  const char16_t* c_str() const { return data_ ? data_ : u""; }
  // s[i]: the i-th UTF-16 unit, read only, as StringGetCharacter reads it (the standard library's
  // Generic/Internal/HashFunction.mqh hashes strings so); an index past the end stops the program.
  template <class I>
  mql_ushort operator[](I i) const {
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value, "string index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<long long>(i) >= length_) mql5::out_of_range(i, length_);
    return static_cast<mql_ushort>(data_[i]);
  }

 private:
  void assign(const char16_t* text, int length);
  char16_t* data_ = nullptr;
  int length_ = 0;
};

bool operator==(const string& a, const string& b);
namespace mql5 {
// (T)NULL: T's null value, a NULL string for a string (translate.py enum_nulls).
template <class T>
T null_of() {
  return T();
}
}  // namespace mql5
inline bool operator!=(const string& a, const string& b) { return !(a == b); }
bool operator<(const string& a, const string& b);
inline bool operator>(const string& a, const string& b) { return b < a; }
inline bool operator<=(const string& a, const string& b) { return !(b < a); }
inline bool operator>=(const string& a, const string& b) { return !(a < b); }
string operator+(const string& a, const string& b);

namespace mql5 {
// Numbers in text the way Print() and string concatenation show them (docs: Print: double with
// up to 16 significant digits, as %.16g (the example's exponent is lower-case); float with 5
// digits after the point; bool as true/false; integers in decimal).
string text_of(double v);
string text_of(float v);
string text_of(bool v);
string text_of(long long v);
string text_of(unsigned long long v);
inline const string& text_of(const string& v) { return v; }
string text_of(datetime v);
string text_of(color v);
template <class T>
string text_of(T v) {
  // An enumeration's value prints as its number (docs: Enumerations; EnumToString gives the name).
  static_assert(std::is_integral<T>::value || std::is_enum<T>::value,
                "MQL5 converts only numbers, enumerations, bool and strings to text");
  if constexpr (std::is_enum<T>::value)  // MQL5's enumerations are 4-byte ints
    return text_of(static_cast<long long>(static_cast<int>(v)));
  else if constexpr (std::is_signed<T>::value)
    return text_of(static_cast<long long>(v));
  else
    return text_of(static_cast<unsigned long long>(v));
}
template <class T>
using if_number = typename std::enable_if<is_number<T>::value, int>::type;
template <class T>
using if_enum = typename std::enable_if<std::is_enum<T>::value, int>::type;
// docs (EnumToString): a value that names no member of its enumeration gives "TYPE::value".
string enum_unknown(const char16_t* type, long long value);
}  // namespace mql5

namespace mql5 {
double text_to_real(const string& text);
long long text_to_integer(const string& text);
}  // namespace mql5
template <class T, typename std::enable_if<std::is_arithmetic<T>::value || std::is_enum<T>::value, int>::type>
string::string(T v) : string(mql5::text_of(v)) {}
inline string::string(datetime v) : string(mql5::text_of(v)) {}
inline string::string(color v) : string(mql5::text_of(v)) {}
template <class T, typename std::enable_if<std::is_arithmetic<T>::value && !std::is_same<T, bool>::value, int>::type>
string::operator T() const {
  if constexpr (std::is_floating_point<T>::value) return static_cast<T>(mql5::text_to_real(*this));
  else return static_cast<T>(mql5::text_to_integer(*this));
}

// "text"+number: MQL5 converts the number to text (docs: Typecasting, string type).
template <class T, mql5::if_number<T> = 0>
string operator+(const string& a, T b) {
  return a + mql5::text_of(b);
}
template <class T, mql5::if_number<T> = 0>
string operator+(T a, const string& b) {
  return mql5::text_of(a) + b;
}
// "text"+enumeration: its number (docs: Enumerations, Typecasting).
template <class T, mql5::if_enum<T> = 0>
string operator+(const string& a, T b) {
  return a + mql5::text_of(b);
}
template <class T, mql5::if_enum<T> = 0>
string operator+(T a, const string& b) {
  return mql5::text_of(a) + b;
}

//---------------------------------------------------------------------------------------------
// Arrays. array<T> is what a parameter `T &a[]` receives: a dynamic or a static array.
// Every index is checked ("array out of range" is a critical error in MQL5). Storage ends in a
// canary, so a DLL that writes past the elements it was given is caught after the call.
namespace mql5 {
constexpr int kCanaryBytes = 64;
constexpr unsigned char kCanary = 0xC5;
void fill_canary(void* at);
bool canary_intact(const void* at);
[[noreturn]] void out_of_range(long long index, int size);
// The work clock: array element accesses, the unit of a script's CPU loops. --stop-at-work=W
// stops the script (IsStopped() true) at its W-th access, as a user pressing stop at that moment;
// from then on it has a fixed budget of accesses to return, as the terminal gives it 3 s.
extern unsigned long long work_done, work_alarm;
void work_alarm_reached();
inline void count_work() {
  if (++work_done == work_alarm) work_alarm_reached();
}

template <class T>
struct elements_per {
  static constexpr int value = 1;
};
template <class T>
struct elements_per<const T> : elements_per<T> {};

// Whether S is an integer of T's size and the other signedness, whose bits MQL5 reads as a T (an
// array given to `const T &a[]`, a variable given to `T &v`); sizeof asked only of integers.
template <class S, class T>
struct same_size : std::integral_constant<bool, sizeof(S) == sizeof(T)> {};
template <class S, class T>
struct integer_view
    : std::conjunction<std::is_integral<S>, std::is_integral<T>, std::negation<std::is_same<S, bool>>,
                       std::negation<std::is_same<T, bool>>, std::negation<std::is_same<S, T>>, same_size<S, T>> {};

// array<const T> is what a parameter `const T &a[]` receives: any array of T, its elements read
// only. It is the base of array<T>, so a const parameter takes every array of T, and a template
// `T &a[]` given a const array deduces T as const T, as MQL5 does (see const_elements).
template <class T>
class array;
template <class T>
class array<const T> {
 public:
  array(const array&) = delete;
  array& operator=(const array&) = delete;  // MQL5 arrays are not assignable: ArrayCopy
  // A `const uint &a[]` parameter takes an int array too, any integer array of the same size
  // and the other signedness, its elements read as the parameter's type (the terminal's
  // COpenCL::Execute(..., const uint &work_offset[], ...) is given `int off_set[]` in published
  // neural-network code): a read-only view of the same storage.
  // (The test is a trait of S: an array of a structure only declared so far is declared as MQL5
  // compiles the file whole, the structure defined further down.)
  template <class S, typename std::enable_if<integer_view<S, T>::value, int>::type = 0>
  array(const array<const S>& other)  // NOLINT: implicit, as the terminal converts it
      : data_(reinterpret_cast<T*>(const_cast<S*>(other.dll_data()))), size_(other.size()), static_(true) {
    series_ = other.is_series();
  }
  virtual ~array() = default;

  template <class I>
  const T& operator[](I i) const {
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value, "array index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<long long>(i) >= size_) out_of_range(i, size_);
    count_work();
    return data_[series_ ? size_ - 1 - static_cast<long long>(i) : static_cast<long long>(i)];
  }
  int size() const { return size_; }
  bool is_static() const { return static_; }
  // docs (ArraySetAsSeries): a dynamic array indexed from its end; the storage (what a DLL
  // gets) keeps its order.
  bool is_series() const { return series_; }
  void set_series(bool on) { series_ = on; }
  // A timeseries (OnCalculate's time[], close[] ...): not resizable, yet its indexing direction is
  // the program's to set (docs: ArraySetAsSeries, Timeseries and Indicators Access).
  bool is_timeseries() const { return timeseries_; }
  // What MQL5 passes to a DLL for `const T &a[]`: the address of the first element.
  const T* dll_data() const { return data_; }
  const void* canary() const { return data_ ? static_cast<const void*>(data_ + size_) : nullptr; }

 protected:
  array(T* data, int size, bool is_static) : data_(data), size_(size), static_(is_static) {}
  T* data_;
  int size_;
  bool static_;
  bool series_ = false;
  bool timeseries_ = false;
};

template <class T>
class array : public array<const T> {
 public:
  using array<const T>::operator[];
  template <class I>
  T& operator[](I i) {
    static_assert(std::is_integral<I>::value || std::is_enum<I>::value, "array index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<long long>(i) >= this->size_) out_of_range(i, this->size_);
    count_work();
    return this->data_[this->series_ ? this->size_ - 1 - static_cast<long long>(i) : static_cast<long long>(i)];
  }
  using array<const T>::dll_data;
  T* dll_data() { return this->data_; }
  virtual int resize(int n) = 0;  // -1 where MQL5's ArrayResize fails
  virtual void free_all() {}
  virtual bool swap_with(array&) { return false; }  // ArraySwap: dynamic arrays only

 protected:
  array(T* data, int size, bool is_static) : array<const T>(data, size, is_static) {}
};

// A read-only view of n elements the runtime holds (the series OnCalculate receives).
template <class T>
class array_view final : public array<const T> {
 public:
  array_view(const T* data, int n) : array<const T>(const_cast<T*>(data), n, true) { this->timeseries_ = true; }
};
template <class T>
array_view<T> const_view(const T* data, int n) {
  return array_view<T>(data, n);
}

// A const array (a `const T &a[]` parameter, a const array object) given to a template's
// `T &a[]`: MQL5 deduces T as const T. The translator adds to each such template an overload
// taking `const array<T>&`, which calls the template with const T on this view of the array.
template <class T>
array<const T>& const_elements(const array<T>& a) {
  return const_cast<array<const T>&>(static_cast<const array<const T>&>(a));
}

// Moves the value of `from` into `to` (what ArrayResize does to the elements it keeps): a class
// the translator gave mql5_take takes its members one by one (its arrays are not copyable, as in
// MQL5), a dynamic array swaps its storage, anything else is assigned.
template <class T>
void take(T& to, T& from);
// Whether T is a class or structure of the program (the translator gives each mql5_take).
template <class T, class = void>
struct has_take : std::false_type {};
template <class T>
struct has_take<T, decltype(std::declval<T&>().mql5_take(std::declval<T&>()), void())> : std::true_type {};

// T a[]: the elements past the old size are not initialised by MQL5; here they hold a value no
// correct program reads (NaN, or a byte pattern), so a read of one shows in the results.
template <class T>
class dynarray final : public array<T> {
 public:
  dynarray() : array<T>(nullptr, 0, false) {}
  ~dynarray() override { release(); }
  int resize(int n) override {
    if (n < 0) return -1;
    if (n == this->size_) return n;
    unsigned char* raw =
        new (std::nothrow) unsigned char[sizeof(T) * static_cast<unsigned long long>(n) + kCanaryBytes + alignof(T)];
    if (!raw) return -1;  // MQL5: the array keeps its size
    T* fresh = reinterpret_cast<T*>(raw);
    const int keep = n < this->size_ ? n : this->size_;
    if constexpr (std::is_copy_constructible<T>::value && !has_take<T>::value) {
      for (int i = 0; i < n; ++i) new (fresh + i) T(i < keep ? this->data_[i] : unset());
    } else {  // a class or structure of the program: made anew, the kept elements' members taken
              // over (a member may be an array, or a class with a const member, neither copyable)
      for (int i = 0; i < n; ++i) new (fresh + i) T();
      for (int i = 0; i < keep; ++i) take(fresh[i], this->data_[i]);
    }
    release();
    raw_ = raw;
    this->data_ = fresh;
    this->size_ = n;
    fill_canary(fresh + n);
    return n;
  }
  void free_all() override { release(); }
  bool swap_with(array<T>& other) override {
    dynarray* o = dynamic_cast<dynarray*>(&other);
    if (!o) return false;
    T* d = this->data_;
    this->data_ = o->data_;
    o->data_ = d;
    int n = this->size_;
    this->size_ = o->size_;
    o->size_ = n;
    unsigned char* r = raw_;
    raw_ = o->raw_;
    o->raw_ = r;
    return true;
  }

 private:
  static T unset() {
    if constexpr (std::is_floating_point<T>::value) return static_cast<T>(__builtin_nan(""));
    if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) return static_cast<T>(0xA5A5A5A5A5A5A5A5ull);
    return T();
  }
  void release() {
    for (int i = 0; i < this->size_; ++i) this->data_[i].~T();
    delete[] raw_;
    raw_ = nullptr;
    this->data_ = nullptr;
    this->size_ = 0;
  }
  unsigned char* raw_ = nullptr;
};

// T a[N]: zero-initialised (a global one is in MQL5; a local one is not, and no code of the
// project reads one before writing it), initialiser lists shorter than N fill the rest with 0.
template <class T, int N>
class sarray;
template <class U>
void put(U& to, const U& from) {
  to = from;
}
template <class U, int M>
void put(sarray<U, M>& to, const sarray<U, M>& from) {
  to.copy_from(from);
}

template <class T, int N>
class sarray final : public array<T> {
  static_assert(N > 0, "static array size must be positive");

 public:
  sarray() : array<T>(storage_, N, true), storage_() { fill_canary(canary_); }
  sarray(std::initializer_list<T> init) : sarray() {
    if (static_cast<int>(init.size()) > N) critical("too many initializers", "static array");
    int i = 0;
    for (const T& v : init) put(storage_[i++], v);
  }
  sarray(const sarray& other) : sarray() { copy_from(other); }  // for nested initialiser lists only
  void copy_from(const sarray& other) {
    for (int i = 0; i < N; ++i) put(storage_[i], other.storage_[i]);
  }
  int resize(int) override { return -1; }  // docs: ArrayResize applies to dynamic arrays only

 private:
  T storage_[N];
  unsigned char canary_[kCanaryBytes];
};

// An integer variable given to a reference parameter of the other signedness and the same size
// (translate.py integer_references): the same bits as the parameter's type.
template <class T, class U>
T& same_bits(U& v) {
  static_assert(integer_view<U, T>::value, "an integer of the other signedness and the same size");
  return *reinterpret_cast<T*>(&v);
}

// A structure's array member in the structure's assignment: the elements copied, a dynamic array
// resized to the source's size, a static one given as many as it holds.
template <class T>
void copy_array(array<T>& to, const array<const T>& from) {
  to.resize(from.size());
  const int n = to.size() < from.size() ? to.size() : from.size();
  T* d = to.dll_data();
  const T* s = from.dll_data();
  for (int i = 0; i < n; ++i) put(d[i], s[i]);
}

template <class T>
void take(T& to, T& from) {
  if constexpr (has_take<T>::value)
    to.mql5_take(from);
  else
    to = from;
}
template <class T>
void take(dynarray<T>& to, dynarray<T>& from) {
  to.swap_with(from);
}
template <class T, int N>
void take(sarray<T, N>& to, sarray<T, N>& from) {
  for (int i = 0; i < N; ++i) take(to[i], from[i]);
}

// #resource "file" as T name[]: the file's bytes (a literal of N * sizeof(T) of them) as the
// elements (translate.py: resource()).
template <class T, int N>
sarray<T, N> resource_elements(const char (&bytes)[N * sizeof(T) + 1]) {
  sarray<T, N> a;
  __builtin_memcpy(a.dll_data(), bytes, sizeof(T) * N);
  return a;
}

template <class T, int N>
struct elements_per<sarray<T, N>> {
  static constexpr int value = N * elements_per<T>::value;
};
}  // namespace mql5

template <class T>
int ArraySize(const mql5::array<T>& a) {
  return a.size() * mql5::elements_per<T>::value;
}
// docs (ArrayResize): -1 on failure, the array unchanged; ERR_ARRAY_RESIZE_ERROR is "not enough
// memory for the relocation of an array, or an attempt to change the size of a static array".
// A negative size is a wrong parameter (the harness's reading: the documentation names none).
template <class T>
int ArrayResize(mql5::array<T>& a, int new_size, int reserve_size = 0) {
  (void)reserve_size;
  if (new_size < 0) {
    _LastError = ERR_INVALID_PARAMETER;
    return -1;
  }
  if (a.resize(new_size) < 0) {
    _LastError = ERR_ARRAY_RESIZE_ERROR;
    return -1;
  }
  return ArraySize(a);
}
template <class T>
void ArrayFree(mql5::array<T>& a) {
  a.free_all();
}
template <class T, class V, mql5::if_number<T> = 0>
int ArrayInitialize(mql5::array<T>& a, V value) {
  static_assert(mql5::is_number<V>::value, "ArrayInitialize takes a number");
  for (int i = 0; i < a.size(); ++i) a[i] = static_cast<T>(value);
  return a.size();
}
// docs (ArraySort): a numeric array in ascending order.
template <class T, mql5::if_number<T> = 0>
bool ArraySort(mql5::array<T>& a) {
  for (int i = 1; i < a.size(); ++i)  // insertion sort: no <algorithm> in this header
    for (int j = i; j > 0 && a[j] < a[j - 1]; --j) {
      const T t = a[j];
      a[j] = a[j - 1];
      a[j - 1] = t;
    }
  return true;
}
// A multi-dimensional static array: every element (docs: ArrayInitialize).
template <class T, int M, class V>
int ArrayInitialize(mql5::array<mql5::sarray<T, M>>& a, V value) {
  int n = 0;
  for (int i = 0; i < a.size(); ++i) n += ArrayInitialize(a[i], value);
  return n;
}
template <class T, class V>
void ArrayFill(mql5::array<T>& a, int start, int count, V value) {
  if (start < 0 || count < 0) mql5::out_of_range(start < 0 ? start : count, a.size());
  if (!a.is_static() && start + count > a.size()) a.resize(start + count);
  for (int i = start; i < start + count; ++i) a[i] = static_cast<T>(value);
}
namespace mql5 {
// docs (ArrayCopy): how many elements a copy moves; a dynamic destination grows to take them, a
// static one takes what fits.
template <class D, class S>
int copy_count(array<D>& dst, const array<const S>& src, int dst_start, int src_start, int count) {
  if (src_start < 0 || dst_start < 0 || src_start > src.size()) return 0;
  int n = count < 0 || src_start + count > src.size() ? src.size() - src_start : count;
  if (dst_start + n > dst.size()) {
    if (dst.is_static())
      n = dst.size() - dst_start;
    else
      dst.resize(dst_start + n);
  }
  return n < 0 ? 0 : n;
}
}  // namespace mql5
template <class T>
int ArrayCopy(mql5::array<T>& dst, const mql5::array<const T>& src, int dst_start = 0, int src_start = 0,
              int count = WHOLE_ARRAY) {
  const int n = mql5::copy_count(dst, src, dst_start, src_start, count);
  // within one array, as memmove: the standard library's CArrayList::Insert shifts its elements
  // right with ArrayCopy(m_items, m_items, index + 1, index, ...) (its TestArrayList checks them)
  if (dst_start > src_start)
    for (int i = n - 1; i >= 0; --i) dst[dst_start + i] = src[src_start + i];
  else
    for (int i = 0; i < n; ++i) dst[dst_start + i] = src[src_start + i];
  return n;
}

// docs (ArrayIsDynamic, ArraySetAsSeries, ArrayGetAsSeries, ArrayIsSeries): the AS_SERIES flag
// applies to dynamic arrays and timeseries (OnCalculate's arrays) only; ArrayIsSeries is true
// for timeseries.
template <class T>
bool ArrayIsDynamic(const mql5::array<T>& a) {
  return !a.is_static();
}
template <class T>
bool ArraySetAsSeries(const mql5::array<T>& a, bool flag) {
  if (a.is_static() && !a.is_timeseries()) return false;
  const_cast<mql5::array<T>&>(a).set_series(flag);
  return true;
}
template <class T>
bool ArrayGetAsSeries(const mql5::array<T>& a) {
  return a.is_series();
}
template <class T>
bool ArrayIsSeries(const mql5::array<T>& a) {
  return a.is_timeseries();
}
namespace mql5 {
template <class T>
struct element_of {
  typedef void type;
};
template <class T>
struct element_of<dynarray<T>> {
  typedef T type;
};
template <class T, int N>
struct element_of<sarray<T, N>> {
  typedef T type;
};
template <class T>
struct element_of<array<T>> {
  typedef T type;
};
template <class T>
struct dims_of {
  static int size(int) { return 0; }
};
template <class T, int N>
struct dims_of<sarray<T, N>> {
  static int size(int dim) { return dim == 0 ? N : dims_of<T>::size(dim - 1); }
};
// [start, start + count) of a, WHOLE_ARRAY (or a count past the end) to the end; false if empty
// or outside the array.
template <class T>
bool span(const array<const T>& a, int start, int& count) {
  if (start < 0 || start >= a.size()) return false;
  if (count < 0 || count > a.size() - start) count = a.size() - start;
  return count > 0;
}
}  // namespace mql5
// docs (ArrayRange): the number of elements in the given dimension.
template <class T>
int ArrayRange(const mql5::array<T>& a, int dim) {
  if (dim == 0) return a.size();
  const int n = mql5::dims_of<typename std::remove_const<T>::type>::size(dim - 1);
  if (n == 0) _LastError = ERR_INVALID_PARAMETER;
  return n == 0 ? -1 : n;
}
// docs (ArrayMaximum, ArrayMinimum): the index of the largest (smallest) element of
// [start, start+count), the first one of equal values; -1 on an empty range.
template <class T, mql5::if_number<typename std::remove_const<T>::type> = 0>
int ArrayMaximum(const mql5::array<T>& a, int start = 0, int count = WHOLE_ARRAY) {
  if (!mql5::span<typename std::remove_const<T>::type>(a, start, count)) return -1;
  int best = start;
  for (int i = start + 1; i < start + count; ++i)
    if (a[i] > a[best]) best = i;
  return best;
}
template <class T, mql5::if_number<typename std::remove_const<T>::type> = 0>
int ArrayMinimum(const mql5::array<T>& a, int start = 0, int count = WHOLE_ARRAY) {
  if (!mql5::span<typename std::remove_const<T>::type>(a, start, count)) return -1;
  int best = start;
  for (int i = start + 1; i < start + count; ++i)
    if (a[i] < a[best]) best = i;
  return best;
}
// docs (ArrayBsearch): in an array sorted ascending, the index of value; where it is absent,
// the index of the element nearest to it in value.
template <class T, class V, mql5::if_number<typename std::remove_const<T>::type> = 0>
int ArrayBsearch(const mql5::array<T>& a, V value) {
  const int n = a.size();
  if (n == 0) return -1;
  int lo = 0, hi = n - 1;
  while (lo < hi) {  // the first element not below value, or the last one
    const int mid = lo + (hi - lo) / 2;
    if (a[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && value < a[lo]) {  // between a[lo - 1] and a[lo]: the nearer one
    const double below = static_cast<double>(value) - static_cast<double>(a[lo - 1]);
    const double above = static_cast<double>(a[lo]) - static_cast<double>(value);
    if (below < above) return lo - 1;
  }
  return lo;
}
// docs (ArrayReverse): reverses count elements from start; false for an empty or wrong range.
// Its start and count are a parameter pack, so a program's own template of the name (the standard
// library's Generic/Internal/ArrayFunction.mqh has one) is the more specialised one and is called.
template <class T, class... Range>
bool ArrayReverse(mql5::array<T>& a, Range... range) {
  static_assert(sizeof...(Range) <= 2 && (true && ... && std::is_integral<Range>::value),
                "ArrayReverse(array[], int start=0, int count=WHOLE_ARRAY)");
  int given[] = {0, WHOLE_ARRAY};  // start, count
  int k = 0;
  ((given[k++] = static_cast<int>(range)), ...);
  const int start = given[0];
  int count = given[1];
  if (!mql5::span<T>(a, start, count)) return false;
  for (int i = start, j = start + count - 1; i < j; ++i, --j) {
    T t = a[i];
    mql5::put(a[i], a[j]);
    mql5::put(a[j], t);
  }
  return true;
}
// docs (ArrayRemove): removes count elements from start; a static array keeps its size (its tail
// is moved down, its last elements stay as they were).
template <class T>
bool ArrayRemove(mql5::array<T>& a, int start, int count = WHOLE_ARRAY) {
  if (!mql5::span<T>(a, start, count)) {
    _LastError = ERR_INVALID_PARAMETER;
    return false;
  }
  for (int i = start; i + count < a.size(); ++i) mql5::put(a[i], a[i + count]);
  if (!a.is_static()) a.resize(a.size() - count);
  return true;
}
// docs (ArrayInsert): inserts count elements of src from src_start at dst_start of dst; a static
// dst keeps its size (its last elements fall off). Arrays of the same type only.
template <class T>
bool ArrayInsert(mql5::array<T>& dst, const mql5::array<const T>& src, int dst_start, int src_start = 0,
                 int count = WHOLE_ARRAY) {
  if (dst_start < 0 || dst_start > dst.size() || !mql5::span<T>(src, src_start, count) ||
      static_cast<const void*>(&dst) == static_cast<const void*>(&src)) {
    _LastError = ERR_INVALID_PARAMETER;
    return false;
  }
  const int old = dst.size();
  if (!dst.is_static() && dst.resize(old + count) < 0) {
    _LastError = ERR_ARRAY_RESIZE_ERROR;
    return false;
  }
  const int n = dst.size();
  for (int i = n - 1; i >= dst_start + count; --i) mql5::put(dst[i], dst[i - count]);
  for (int i = 0; i < count && dst_start + i < n; ++i) mql5::put(dst[dst_start + i], src[src_start + i]);
  return true;
}
// docs (ArrayCompare): -1, 0 or 1 as array1's range is less than, equal to or greater than
// array2's, element by element; a range that ends first is the smaller.
template <class T>
int ArrayCompare(const mql5::array<const T>& a, const mql5::array<const T>& b, int start1 = 0, int start2 = 0,
                 int count = WHOLE_ARRAY) {
  if (start1 < 0 || start2 < 0 || start1 > a.size() || start2 > b.size()) return -2;
  int na = a.size() - start1, nb = b.size() - start2;
  if (count >= 0) {
    na = na < count ? na : count;
    nb = nb < count ? nb : count;
  }
  for (int i = 0; i < na && i < nb; ++i) {
    if (a[start1 + i] < b[start2 + i]) return -1;
    if (b[start2 + i] < a[start1 + i]) return 1;
  }
  return na == nb ? 0 : na < nb ? -1 : 1;
}
// docs (ArraySwap): swaps the contents of two dynamic arrays of the same type.
template <class T>
bool ArraySwap(mql5::array<T>& a, mql5::array<T>& b) {
  if (a.is_static() || b.is_static()) {
    _LastError = ERR_INVALID_ARRAY;
    return false;
  }
  return a.swap_with(b);
}
// docs (ZeroMemory): a variable, an array's elements (its size kept), a structure's members.
template <class T>
void ZeroMemory(T& v) {
  if constexpr (std::is_base_of<mql5::array<const typename mql5::element_of<T>::type>, T>::value) {
    for (int i = 0; i < v.size(); ++i) ZeroMemory(v[i]);
  } else {
    v = T();
  }
}

// docs (ArrayCopy): "If the arrays are of different types, during copying it tries to transform
// each element of a source array into the type of the destination array": numbers to numbers.
template <class D, class S,
          typename std::enable_if<mql5::is_number<D>::value && mql5::is_number<S>::value && !std::is_same<D, S>::value,
                                  int>::type = 0>
int ArrayCopy(mql5::array<D>& dst, const mql5::array<const S>& src, int dst_start = 0, int src_start = 0,
              int count = WHOLE_ARRAY) {
  const int n = mql5::copy_count(dst, src, dst_start, src_start, count);
  for (int i = 0; i < n; ++i) dst[dst_start + i] = static_cast<D>(src[src_start + i]);
  return n;
}

//---------------------------------------------------------------------------------------------
// Output: one line in the Experts log per call (stdout here).
namespace mql5 {
void print_line(const string& line);
struct format_arg {
  enum Kind { Signed, Unsigned, Real, Text } kind;
  long long i;
  unsigned long long u;
  double d;
  const string* s;
  int bytes;  // an integer's size: %x/%o/%u show an int's 32 bits, as MQL5 does
};
template <class T>
format_arg format_arg_of(const T& v) {
  if constexpr (std::is_same<T, string>::value) return {format_arg::Text, 0, 0, 0, &v, 0};
  else if constexpr (std::is_floating_point<T>::value) return {format_arg::Real, 0, 0, static_cast<double>(v), nullptr, 8};
  else if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) return {format_arg::Signed, v, 0, 0, nullptr, sizeof(T)};
  else if constexpr (std::is_integral<T>::value) return {format_arg::Unsigned, 0, v, 0, nullptr, sizeof(T)};
  else if constexpr (std::is_enum<T>::value) return {format_arg::Signed, static_cast<long long>(v), 0, 0, nullptr, 4};
  else if constexpr (std::is_same<T, datetime>::value) return {format_arg::Signed, static_cast<long long>(v), 0, 0, nullptr, 8};
  else if constexpr (std::is_same<T, color>::value) return {format_arg::Unsigned, 0, static_cast<mql_uint>(v), 0, nullptr, 4};
  // an object's pointer is its descriptor, 8 bytes (docs: Object Pointers), a number to %d and %x
  else if constexpr (std::is_pointer<T>::value)
    return {format_arg::Unsigned, 0, static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(v)), 0, nullptr, 8};
  else static_assert(sizeof(T) == 0, "StringFormat/PrintFormat take simple types only");
}
string format(const string& spec, const format_arg* args, int count);
}  // namespace mql5

template <class... A>
void Print(const A&... args) {
  string line;
  ((line += mql5::text_of(args)), ...);
  mql5::print_line(line);
}
template <class... A>
string StringFormat(const string& spec, const A&... args) {
  const mql5::format_arg packed[] = {mql5::format_arg_of(args)..., {mql5::format_arg::Signed, 0, 0, 0, nullptr, 0}};
  return mql5::format(spec, packed, static_cast<int>(sizeof...(A)));
}
template <class... A>
void PrintFormat(const string& spec, const A&... args) {
  mql5::print_line(StringFormat(spec, args...));
}

//---------------------------------------------------------------------------------------------
// Conversion and string functions.
string IntegerToString(mql_long number, int str_len = 0, mql_ushort fill_symbol = u' ');
string DoubleToString(double value, int digits = 8);
string ShortArrayToString(const mql5::array<const mql_ushort>& array, int start = 0, int count = -1);
int StringToShortArray(const string& text, mql5::array<mql_ushort>& array, int start = 0, int count = -1);
int StringLen(const string& text);
string StringSubstr(const string& text, int start, int length = -1);
int StringFind(const string& text, const string& match, int start = 0);
// docs (StringSplit): the parts between separators into result (resized); 0 for an empty string.
int StringSplit(const string& text, mql_ushort separator, mql5::array<string>& result);
mql_long StringToInteger(const string& text);
double StringToDouble(const string& text);
// docs (String Functions): the string is changed in place; the result as each page says.
int StringReplace(string& str, const string& find, const string& replacement);
bool StringToLower(string& str);
bool StringToUpper(string& str);
int StringTrimLeft(string& str);
int StringTrimRight(string& str);
bool StringAdd(string& str, const string& add);
int StringCompare(const string& a, const string& b, bool case_sensitive = true);
mql_ushort StringGetCharacter(const string& str, int pos);
bool StringSetCharacter(string& str, int pos, mql_ushort character);
bool StringInit(string& str, int new_len = 0, mql_ushort character = 0);
bool StringFill(string& str, mql_ushort character);
string CharToString(mql_uchar char_code);
string ShortToString(mql_ushort symbol_code);
int StringToCharArray(const string& text, mql5::array<mql_uchar>& array, int start = 0, int count = -1,
                      mql_uint codepage = CP_ACP);
// into a char array too (JAson's CJAVal::Deserialize, compiled into StepanSukovyc/mql5's
// HourlyHistoryDownloader.ex5): the same bytes
int StringToCharArray(const string& text, mql5::array<mql_char>& array, int start = 0, int count = -1,
                      mql_uint codepage = CP_ACP);
string CharArrayToString(const mql5::array<const mql_uchar>& array, int start = 0, int count = -1,
                         mql_uint codepage = CP_ACP);
// docs (StringConcatenate): the arguments as Print joins them, into str; its length.
template <class... A>
int StringConcatenate(string& str, const A&... args) {
  static_assert(sizeof...(A) >= 2 && sizeof...(A) <= 63, "StringConcatenate takes 2 to 63 values to join");
  string line;
  ((line += mql5::text_of(args)), ...);
  str = line;
  return str.length();
}
string TimeToString(datetime value, int mode = TIME_DATE | TIME_MINUTES);
// docs (ColorToString, StringToColor; MQL5 book: Color): "R,G,B", or a web colour's name when asked
// and the value is one; the text's first "R,G,B" or a clr* name, else 0 (clrBlack).
string ColorToString(color value, bool color_name = false);
color StringToColor(const string& text);
datetime StringToTime(const string& text);
// docs (StructToCharArray, CharArrayToStruct): a simple structure's bytes into a uchar array from
// start_pos (a dynamic array grows to hold them), and back; false where they do not fit.
template <class S>
bool StructToCharArray(const S& object, mql5::array<mql_uchar>& bytes, mql_uint start_pos = 0) {
  static_assert(std::is_trivially_copyable<S>::value, "StructToCharArray: a simple structure");
  const long long end = static_cast<long long>(start_pos) + static_cast<long long>(sizeof(S));
  if (end > bytes.size() && (bytes.is_static() || bytes.resize(static_cast<int>(end)) < 0)) return false;
  const unsigned char* from = reinterpret_cast<const unsigned char*>(&object);
  for (unsigned i = 0; i < sizeof(S); ++i) bytes[start_pos + i] = from[i];
  return true;
}
template <class S>
bool CharArrayToStruct(S& object, const mql5::array<const mql_uchar>& bytes, mql_uint start_pos = 0) {
  static_assert(std::is_trivially_copyable<S>::value, "CharArrayToStruct: a simple structure");
  if (static_cast<long long>(start_pos) + static_cast<long long>(sizeof(S)) > bytes.size()) return false;
  unsigned char* to = reinterpret_cast<unsigned char*>(&object);
  for (unsigned i = 0; i < sizeof(S); ++i) to[i] = bytes[start_pos + i];
  return true;
}
// docs (NormalizeDouble): rounded to digits (0..8) after the point.
double NormalizeDouble(double value, int digits);
// docs (ArrayPrint; the MQL5 book's "Logging arrays" gives the default flags): the elements of a
// one-dimensional array of a simple type on one line, reals with digits after the point, joined
// by separator (a space by default), with ARRAYPRINT_ALIGN each right-aligned to the widest.
namespace mql5 {
void array_print_line(const string* items, int count, const string& separator, bool align);
}
template <class T>
void ArrayPrint(const mql5::array<T>& a, mql_uint digits = _Digits, const string& separator = string(),
                mql_ulong start = 0, mql_ulong count = WHOLE_ARRAY,
                mql_ulong flags = ARRAYPRINT_HEADER | ARRAYPRINT_INDEX | ARRAYPRINT_LIMIT | ARRAYPRINT_DATE |
                                  ARRAYPRINT_SECONDS) {
  typedef typename std::remove_const<T>::type E;
  static_assert(mql5::is_number<E>::value || std::is_same<E, string>::value,
                "the harness's ArrayPrint takes one-dimensional arrays of numbers or strings");
  const long long first = static_cast<long long>(start);
  long long n = static_cast<long long>(count);
  if (first >= a.size()) return;
  if (n < 0 || first + n > a.size()) n = a.size() - first;
  mql5::dynarray<string> items;
  items.resize(static_cast<int>(n));
  for (long long i = 0; i < n; ++i) {
    const E& v = a[first + i];
    if constexpr (std::is_floating_point<E>::value) items[i] = DoubleToString(static_cast<double>(v), static_cast<int>(digits));
    else if constexpr (std::is_same<E, string>::value) items[i] = string(u"\"") + v + string(u"\"");
    else items[i] = mql5::text_of(v);
  }
  mql5::array_print_line(items.dll_data(), static_cast<int>(n), separator.length() ? separator : string(u" "),
                         (flags & ARRAYPRINT_ALIGN) != 0);
}

//---------------------------------------------------------------------------------------------
// Math: MQL5's MathAbs/MathMin/MathMax keep the (larger) type of their arguments.
template <class T, mql5::if_number<T> = 0>
T MathAbs(T v) {
  return v < 0 ? -v : v;
}
namespace mql5 {
// The type of MathMin/MathMax of two numbers: the type both have, else the usual arithmetic
// conversions of their integers (datetime is a long, color a uint: MathMax(0, time) is a long).
template <class T>
struct integer_of { typedef T type; };
template <>
struct integer_of<datetime> { typedef long long type; };
template <>
struct integer_of<color> { typedef mql_uint type; };
template <class A, class B>
struct common_number {
  typedef typename std::conditional<std::is_same<A, B>::value, A,
                                    typename std::common_type<typename integer_of<A>::type,
                                                              typename integer_of<B>::type>::type>::type type;
};
}  // namespace mql5
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0>
typename mql5::common_number<A, B>::type MathMin(A a, B b) {
  typedef typename mql5::common_number<A, B>::type R;
  return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0>
typename mql5::common_number<A, B>::type MathMax(A a, B b) {
  typedef typename mql5::common_number<A, B>::type R;
  return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}
double MathSqrt(double v);
double MathFloor(double v);
double MathCeil(double v);
double MathRound(double v);
double MathPow(double base, double exponent);
double MathCos(double v);
double MathSin(double v);
double MathLog(double v);
double MathExp(double v);
int MathRand();
void MathSrand(int seed);
// docs (Math Functions): each as the C library's function of that name.
double MathArccos(double v);
double MathArcsin(double v);
double MathArctan(double v);
double MathTan(double v);
double MathLog10(double v);
double MathMod(double value, double value2);
double MathExpm1(double v);
double MathLog1p(double v);
double MathCosh(double v);
double MathSinh(double v);
double MathTanh(double v);
double MathArccosh(double v);
double MathArcsinh(double v);
double MathArctanh(double v);
// docs (MathIsValidNumber): false for NaN and the infinities.
bool MathIsValidNumber(double v);
// MathArctan2 is newer than the standard library's Math/Stat/Math.mqh, which defines its own
// MathArctan2(double,double): a template here, so that a program's own function wins as in MQL5.
template <class Y, class X, mql5::if_number<Y> = 0, mql5::if_number<X> = 0>
double MathArctan2(Y y, X x) {
  return __builtin_atan2(static_cast<double>(y), static_cast<double>(x));
}
// docs (MathArctan2): "instead of MathArctan2() you can use atan2()".
template <class Y, class X, mql5::if_number<Y> = 0, mql5::if_number<X> = 0>
double atan2(Y y, X x) {
  return __builtin_atan2(static_cast<double>(y), static_cast<double>(x));
}
// docs (MathSwap): the bytes of a ushort, uint or ulong in reverse order.
inline mql_ushort MathSwap(mql_ushort v) { return __builtin_bswap16(v); }
inline mql_uint MathSwap(mql_uint v) { return __builtin_bswap32(v); }
inline mql_ulong MathSwap(mql_ulong v) { return __builtin_bswap64(v); }

// The C-style names MQL5 accepts for its math functions (docs, each page's note: "Instead of
// MathSqrt() you can use sqrt()", and so on): the same functions, MQL5's semantics (rand() is
// MathRand's generator). Templates, so that they are overloads beside the C library's in the
// runtime's own sources, never in the way of std::. Each ends in an empty parameter pack, so a
// program's own template of the same name and parameters is the more specialised one and is
// called (NN code bases define `template<typename T1,typename T2> T2 pow(T1 a,T2 b)`).
#define MQL5_REAL_ALIAS(name, Math) \
  template <class T, mql5::if_number<T> = 0, class... Later> \
  double name(T v, Later...) { \
    return Math(static_cast<double>(v)); \
  }
MQL5_REAL_ALIAS(sqrt, MathSqrt)
MQL5_REAL_ALIAS(exp, MathExp)
MQL5_REAL_ALIAS(log, MathLog)
MQL5_REAL_ALIAS(log10, MathLog10)
MQL5_REAL_ALIAS(sin, MathSin)
MQL5_REAL_ALIAS(cos, MathCos)
MQL5_REAL_ALIAS(tan, MathTan)
MQL5_REAL_ALIAS(asin, MathArcsin)
MQL5_REAL_ALIAS(acos, MathArccos)
MQL5_REAL_ALIAS(atan, MathArctan)
MQL5_REAL_ALIAS(ceil, MathCeil)
MQL5_REAL_ALIAS(floor, MathFloor)
MQL5_REAL_ALIAS(round, MathRound)
MQL5_REAL_ALIAS(expm1, MathExpm1)
MQL5_REAL_ALIAS(log1p, MathLog1p)
MQL5_REAL_ALIAS(cosh, MathCosh)
MQL5_REAL_ALIAS(sinh, MathSinh)
MQL5_REAL_ALIAS(tanh, MathTanh)
MQL5_REAL_ALIAS(acosh, MathArccosh)
MQL5_REAL_ALIAS(asinh, MathArcsinh)
MQL5_REAL_ALIAS(atanh, MathArctanh)
#undef MQL5_REAL_ALIAS
template <class T, mql5::if_number<T> = 0, class... Later>
T fabs(T v, Later...) {
  return MathAbs(v);
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0, class... Later>
typename std::common_type<A, B>::type fmax(A a, B b, Later...) {
  return MathMax(a, b);
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0, class... Later>
typename std::common_type<A, B>::type fmin(A a, B b, Later...) {
  return MathMin(a, b);
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0, class... Later>
double fmod(A a, B b, Later...) {
  return MathMod(static_cast<double>(a), static_cast<double>(b));
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0, class... Later>
double pow(A a, B b, Later...) {
  return MathPow(static_cast<double>(a), static_cast<double>(b));
}
template <class T = void>
int rand() {
  return MathRand();
}
template <class T, mql5::if_number<T> = 0>
void srand(T seed) {
  MathSrand(static_cast<int>(seed));
}
// printf: PrintFormat under its C name (docs: PrintFormat; the standard library and programs
// call printf).
template <class... A>
void printf(const string& spec, const A&... args) {
  PrintFormat(spec, args...);
}

//---------------------------------------------------------------------------------------------
// Terminal services.
mql_uint GetTickCount();
mql_ulong GetTickCount64();
// docs (TimeCurrent, TimeGMT, TimeTradeServer): the harness has no trade server; all three are
// the computer's clock in UTC (TimeLocal its local time), optionally split into an MqlDateTime.
struct MqlDateTime;
datetime TimeCurrent();
datetime TimeCurrent(MqlDateTime& dt);
datetime TimeGMT();
datetime TimeGMT(MqlDateTime& dt);
datetime TimeTradeServer();
datetime TimeTradeServer(MqlDateTime& dt);
// Pauses the program for ms milliseconds (docs: Sleep).
void Sleep(int ms);
datetime TimeLocal();
// Text files in the sandbox folder MQL5/Files below the working directory (docs: FileOpen):
// FILE_WRITE|FILE_TXT with FILE_ANSI or FILE_UNICODE; FileWrite writes its arguments
// separated by tabs and ends the line with \r\n. Other modes are refused (INVALID_HANDLE).
#define FILE_READ 1
#define FILE_WRITE 2
#define FILE_BIN 4
#define FILE_CSV 8
#define FILE_TXT 16
#define FILE_ANSI 32
#define FILE_UNICODE 64
#define FILE_SHARE_READ 128
#define FILE_SHARE_WRITE 256
#define FILE_REWRITE 512
#define FILE_COMMON 4096
int FileOpen(const string& name, int flags, mql_ushort delimiter = '\t', mql_uint codepage = 0);
int FileOpen(const string& name, int flags, const string& delimiter, mql_uint codepage = 0);
void FileClose(int handle);
namespace mql5 {
mql_uint file_write_line(int handle, const string& line);
}
namespace mql5 {
char16_t file_delimiter(int handle);  // FILE_CSV: FileOpen's delimiter (0: none); FILE_TXT: a tab
string file_read_field(int handle);
}  // namespace mql5
// docs (FileWrite): the values separated by the file's delimiter, then "\r\n".
template <class... A>
mql_uint FileWrite(int handle, const A&... args) {
  const char16_t d = mql5::file_delimiter(handle);
  const string sep = d ? string(&d, 1) : string();
  string line;
  int i = 0;
  ((line += (i++ ? sep : string()) + mql5::text_of(args)), ...);
  return mql5::file_write_line(handle, line);
}
double FileReadNumber(int handle);
bool FileReadBool(int handle);
bool FileIsLineEnding(int handle);
// Binary files (docs: File Functions): FileOpen(name, FILE_BIN|FILE_READ and/or FILE_WRITE).
mql_uint FileWriteInteger(int handle, int value, int size = INT_VALUE);
int FileReadInteger(int handle, int size = INT_VALUE);
mql_uint FileWriteLong(int handle, mql_long value);
mql_long FileReadLong(int handle);
mql_uint FileWriteDouble(int handle, double value);
double FileReadDouble(int handle);
mql_uint FileWriteFloat(int handle, float value);
float FileReadFloat(int handle);
mql_uint FileWriteString(int handle, const string& text, int length = -1);
string FileReadString(int handle, int length = -1);
bool FileIsEnding(int handle);
mql_ulong FileTell(int handle);
mql_ulong FileSize(int handle);
bool FileSeek(int handle, mql_long offset, int origin);
void FileFlush(int handle);
bool FileIsExist(const string& name, int common_flag = 0);
bool FileDelete(const string& name, int common_flag = 0);
enum ENUM_FILE_PROPERTY_INTEGER {
  FILE_EXISTS, FILE_CREATE_DATE, FILE_MODIFY_DATE, FILE_ACCESS_DATE, FILE_SIZE, FILE_POSITION, FILE_END, FILE_LINE_END,
  FILE_IS_COMMON, FILE_IS_TEXT, FILE_IS_BINARY, FILE_IS_CSV, FILE_IS_ANSI, FILE_IS_READABLE, FILE_IS_WRITABLE
};
mql_long FileGetInteger(int handle, ENUM_FILE_PROPERTY_INTEGER property);
mql_long FileGetInteger(const string& name, ENUM_FILE_PROPERTY_INTEGER property, bool common_folder = false);
datetime FileReadDatetime(int handle);
// docs (FileLoad, FileSave): a whole file as an array of numbers or simple structures; FileLoad
// gives the number of elements read (-1: none), a partial last element left out.
namespace mql5 {
// the file's size (-1: none); its first `capacity` bytes into dst
long long file_load(const string& name, int common_flag, void* dst, long long capacity);
bool file_save(const string& name, int common_flag, const void* data, mql_ulong size);
}  // namespace mql5
template <class T>
mql_long FileLoad(const string& name, mql5::array<T>& buffer, int common_flag = 0) {
  static_assert(std::is_trivially_copyable<T>::value, "FileLoad: arrays of numbers or simple structures");
  const long long size = mql5::file_load(name, common_flag, nullptr, 0);
  if (size < 0) return -1;
  const int n = static_cast<int>(size / static_cast<long long>(sizeof(T)));
  if (buffer.resize(n) < 0) return -1;
  if (n && mql5::file_load(name, common_flag, buffer.dll_data(), n * static_cast<long long>(sizeof(T))) < 0) return -1;
  return n;
}
template <class T>
bool FileSave(const string& name, const mql5::array<T>& buffer, int common_flag = 0) {
  using E = typename std::remove_const<T>::type;
  static_assert(std::is_trivially_copyable<E>::value, "FileSave: arrays of numbers or simple structures");
  return mql5::file_save(name, common_flag, buffer.size() ? static_cast<const void*>(&buffer[0]) : nullptr,
                         static_cast<mql_ulong>(buffer.size()) * sizeof(E));
}
// docs (FileCopy, FileMove): the source in the sandbox common_flag names (FILE_COMMON), the
// destination in the one mode_flags names; an existing destination only with FILE_REWRITE.
bool FileCopy(const string& src_name, int common_flag, const string& dst_name, int mode_flags);
bool FileMove(const string& src_name, int common_flag, const string& dst_name, int mode_flags);
// docs (FolderCreate, FolderDelete, FolderClean): folders of the sandbox; FolderDelete removes an
// empty folder only, FolderClean removes everything in a folder and keeps it.
bool FolderCreate(const string& folder_name, int common_flag = 0);
bool FolderDelete(const string& folder_name, int common_flag = 0);
bool FolderClean(const string& folder_name, int common_flag = 0);
// docs (FileFindFirst, FileFindNext, FileFindClose): the names a filter (* and ?, in a folder of
// the sandbox) matches, one by one, in name order here; a folder's name ends in a backslash.
mql_long FileFindFirst(const string& file_filter, string& returned_filename, int common_flag = 0);
bool FileFindNext(mql_long search_handle, string& returned_filename);
void FileFindClose(mql_long search_handle);
namespace mql5 {
mql_uint file_write_text(int handle, const string& text);
mql_uint file_write_bytes(int handle, const void* bytes, mql_uint size);
mql_uint file_read_bytes(int handle, void* bytes, mql_uint size);
}  // namespace mql5
// docs (FileWriteArray, FileReadArray): the elements of a numeric or simple-structure array in
// a FILE_BIN file, as their bytes; the number of elements written or read. FileReadArray grows a
// dynamic array to what it reads (count WHOLE_ARRAY: up to the end of the file).
template <class T>
mql_uint FileWriteArray(int handle, const mql5::array<T>& a, int start = 0, int count = WHOLE_ARRAY) {
  typedef typename std::remove_const<T>::type E;
  static_assert(std::is_trivially_copyable<E>::value, "FileWriteArray: arrays of numbers or simple structures");
  if (start < 0 || start > a.size()) return 0;
  const int n = count < 0 || count > a.size() - start ? a.size() - start : count;
  mql_uint written = 0;
  for (int i = 0; i < n; ++i) {
    const E v = a[start + i];
    if (mql5::file_write_bytes(handle, &v, sizeof(E)) != sizeof(E)) break;
    ++written;
  }
  return written;
}
template <class T>
mql_uint FileReadArray(int handle, mql5::array<T>& a, int start = 0, int count = WHOLE_ARRAY) {
  static_assert(std::is_trivially_copyable<T>::value, "FileReadArray: arrays of numbers or simple structures");
  if (start < 0) return 0;
  int n = count;
  if (n < 0) n = static_cast<int>((FileSize(handle) - FileTell(handle)) / sizeof(T));
  if (!a.is_static() && start + n > a.size()) a.resize(start + n);
  mql_uint got = 0;
  for (int i = 0; i < n && start + i < a.size(); ++i) {
    T v;
    if (mql5::file_read_bytes(handle, &v, sizeof(T)) != sizeof(T)) break;
    a[start + i] = v;
    ++got;
  }
  return got;
}
// docs (FileWriteStruct, FileReadStruct): a simple structure's bytes (size -1: all of them) in a
// FILE_BIN file; the number of bytes written or read.
template <class T>
mql_uint FileWriteStruct(int handle, const T& data, int size = -1) {
  static_assert(std::is_trivially_copyable<T>::value, "FileWriteStruct: simple structures only");
  const mql_uint n = size < 0 || size > static_cast<int>(sizeof(T)) ? sizeof(T) : static_cast<mql_uint>(size);
  return mql5::file_write_bytes(handle, &data, n);
}
template <class T>
mql_uint FileReadStruct(int handle, T& data, int size = -1) {
  static_assert(std::is_trivially_copyable<T>::value, "FileReadStruct: simple structures only");
  const mql_uint n = size < 0 || size > static_cast<int>(sizeof(T)) ? sizeof(T) : static_cast<mql_uint>(size);
  return mql5::file_read_bytes(handle, &data, n);
}
mql_ulong GetMicrosecondCount();
bool IsStopped();
namespace mql5 {
// Whether the user has stopped the program, asked by the harness itself (not counted as one of the
// program's IsStopped() calls): a stopped Expert Advisor gets no more ticks or events.
bool stop_requested();
}  // namespace mql5

//---------------------------------------------------------------------------------------------
// Date and time (docs: TimeToStruct, StructToTime, MqlDateTime); datetime is UTC-less seconds.
struct MqlDateTime {
  int year, mon, day, hour, min, sec;
  int day_of_week;  // 0 Sunday
  int day_of_year;  // 0 on January 1st
  MqlDateTime* operator->() { return this; }
  const MqlDateTime* operator->() const { return this; }
};
bool TimeToStruct(datetime value, MqlDateTime& dt);
datetime StructToTime(const MqlDateTime& dt);
// The structures of the documentation's Data Structures a program may declare and fill (the
// harness has no quotes to put in them).
struct MqlRates {
  datetime time;
  double open, high, low, close;
  mql_long tick_volume;
  int spread;
  mql_long real_volume;
  MqlRates* operator->() { return this; }
  const MqlRates* operator->() const { return this; }
};
struct MqlTick {
  datetime time;
  double bid, ask, last;
  mql_ulong volume;
  mql_long time_msc;
  mql_uint flags;
  double volume_real;
  MqlTick* operator->() { return this; }
  const MqlTick* operator->() const { return this; }
};
struct MqlParam {
  ENUM_DATATYPE type;
  mql_long integer_value;
  double double_value;
  string string_value;
  MqlParam* operator->() { return this; }
  const MqlParam* operator->() const { return this; }
};

//---------------------------------------------------------------------------------------------
// The terminal's dialogs and chart: Alert writes "Alert: text" to the log as the terminal's
// journal does; Comment writes on the chart (stderr here, never the Experts log); MessageBox
// logs its text and answers IDOK (docs: Alert, Comment, MessageBox).
namespace mql5 {
void alert_line(const string& text);
void comment_line(const string& text);
}  // namespace mql5
template <class... A>
void Alert(const A&... args) {
  string line;
  ((line += mql5::text_of(args)), ...);
  mql5::alert_line(line);
}
template <class... A>
void Comment(const A&... args) {
  string line;
  ((line += mql5::text_of(args)), ...);
  mql5::comment_line(line);
}
int MessageBox(const string& text, const string& caption = string(), int flags = 0);
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id);
// docs (DebugBreak): a breakpoint for the debugger; ignored in a program that is not debugged.
inline void DebugBreak() {}
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id);
string MQLInfoString(ENUM_MQL_INFO_STRING property_id);

namespace mql5 {
//---------------------------------------------------------------------------------------------
// input variables: the default of the declaration, or --name=value from the command line.
const char* input_text(const char* name);  // the command line's value, or null
long long parse_integer(const char* name, const char* text);
double parse_real(const char* name, const char* text);
bool parse_bool(const char* name, const char* text);
string parse_text(const char* text);
template <class T>
T input_value(const char* name, const T& fallback) {
  const char* text = input_text(name);
  if (!text) return fallback;
  if constexpr (std::is_same<T, string>::value) return parse_text(text);
  else if constexpr (std::is_same<T, bool>::value) return parse_bool(name, text);
  else if constexpr (std::is_floating_point<T>::value) return static_cast<T>(parse_real(name, text));
  else return static_cast<T>(parse_integer(name, text));
}

// #property lines, kept as the program's metadata (--properties prints them).
struct property {
  property(const char* name, const char* value);
};

//---------------------------------------------------------------------------------------------
// #import: the DLL is loaded by name at run time and each function bound by name.
void* import_bind(const char* dll, const char* function, const char* declared_at);
[[noreturn]] void dll_overrun(const char* function, const char* parameter, const char* declared_at, long long size);
template <class Elements>
struct dll_guard {  // after the call: did the DLL stay inside the array (or matrix) it was given?
  const Elements& a;
  const char* function;
  const char* parameter;
  const char* declared_at;
  ~dll_guard() {
    if (!canary_intact(a.canary())) dll_overrun(function, parameter, declared_at, static_cast<long long>(a.size()));
  }
};

// The ABI check of the import block against mqlcl.h: the same function type once char16_t
// (the header's mqlcl_char) is spelled as MQL5's ushort.
template <class T>
struct abi_type {
  typedef T type;
};
template <>
struct abi_type<char16_t*> {
  typedef mql_ushort* type;
};
template <>
struct abi_type<const char16_t*> {
  typedef const mql_ushort* type;
};
// A datetime is the C side's 8-byte integer.
template <>
struct abi_type<datetime> {
  typedef long long type;
};
template <>
struct abi_type<datetime*> {
  typedef long long* type;
};
template <>
struct abi_type<const datetime*> {
  typedef const long long* type;
};
// A color is the C side's 4-byte unsigned integer.
template <>
struct abi_type<color> {
  typedef mql_uint type;
};
template <>
struct abi_type<color*> {
  typedef mql_uint* type;
};
template <>
struct abi_type<const color*> {
  typedef const mql_uint* type;
};
// One parameter: the same type, or the header's void* (an array of any element type, its
// size passed beside it) declared in MQL5 as an array of a numeric type.
template <class H, class M>
struct same_param : std::is_same<typename abi_type<H>::type, typename abi_type<M>::type> {};
template <class M>
struct same_param<const void*, const M*> : is_number<M> {};
template <class M>
struct same_param<void*, M*> : std::integral_constant<bool, is_number<M>::value && !std::is_const<M>::value> {};
template <class H, class M>
struct same_abi : std::false_type {};
template <class R, class... H, class... M>
struct same_abi<R (*)(H...), R (*)(M...)>
    : std::integral_constant<bool, sizeof...(H) == sizeof...(M) && (true && ... && same_param<H, M>::value)> {};
// An imported function's datetime is the header's 8-byte integer, its color the 4-byte one.
static_assert(same_param<long long, datetime>::value && same_param<mql_uint, color>::value &&
                  same_param<long long*, datetime*>::value && same_param<void*, color*>::value &&
                  !same_param<int, datetime>::value && !same_param<long long, color>::value,
              "datetime and color reach a DLL as long and uint");
}  // namespace mql5

#include "mql5_matrix.hpp"
#include "mql5_objects.hpp"
#include "mql5_market.hpp"
#include "mql5_indicators.hpp"
#include "mql5_chart.hpp"
#include "mql5_terminal.hpp"
#include "mql5_macros.hpp"

// EnumToString of the runtime's own enumerations (docs: EnumToString); the translator writes one
// for each enumeration a program declares.
namespace mql5 {
// names[k] is the member whose value is first + k.
string enum_name(long long value, const char16_t* type, long long first, std::initializer_list<const char16_t*> names);
struct enum_member {
  long long value;
  const char16_t* name;
};
string enum_name(long long value, const char16_t* type, std::initializer_list<enum_member> members);
}  // namespace mql5
inline string EnumToString(ENUM_TIMEFRAMES v) {
  return mql5::enum_name(v, u"ENUM_TIMEFRAMES",
                         {{PERIOD_CURRENT, u"PERIOD_CURRENT"}, {PERIOD_M1, u"PERIOD_M1"}, {PERIOD_M2, u"PERIOD_M2"},
                          {PERIOD_M3, u"PERIOD_M3"}, {PERIOD_M4, u"PERIOD_M4"}, {PERIOD_M5, u"PERIOD_M5"},
                          {PERIOD_M6, u"PERIOD_M6"}, {PERIOD_M10, u"PERIOD_M10"}, {PERIOD_M12, u"PERIOD_M12"},
                          {PERIOD_M15, u"PERIOD_M15"}, {PERIOD_M20, u"PERIOD_M20"}, {PERIOD_M30, u"PERIOD_M30"},
                          {PERIOD_H1, u"PERIOD_H1"}, {PERIOD_H2, u"PERIOD_H2"}, {PERIOD_H3, u"PERIOD_H3"},
                          {PERIOD_H4, u"PERIOD_H4"}, {PERIOD_H6, u"PERIOD_H6"}, {PERIOD_H8, u"PERIOD_H8"},
                          {PERIOD_H12, u"PERIOD_H12"}, {PERIOD_D1, u"PERIOD_D1"}, {PERIOD_W1, u"PERIOD_W1"},
                          {PERIOD_MN1, u"PERIOD_MN1"}});
}
inline string EnumToString(ENUM_MA_METHOD v) {
  return mql5::enum_name(v, u"ENUM_MA_METHOD", 0, {u"MODE_SMA", u"MODE_EMA", u"MODE_SMMA", u"MODE_LWMA"});
}
inline string EnumToString(ENUM_APPLIED_PRICE v) {
  return mql5::enum_name(v, u"ENUM_APPLIED_PRICE", 1,
                         {u"PRICE_CLOSE", u"PRICE_OPEN", u"PRICE_HIGH", u"PRICE_LOW", u"PRICE_MEDIAN", u"PRICE_TYPICAL",
                          u"PRICE_WEIGHTED"});
}
inline string EnumToString(ENUM_ORDER_TYPE v) {
  return mql5::enum_name(v, u"ENUM_ORDER_TYPE", 0,
                         {u"ORDER_TYPE_BUY", u"ORDER_TYPE_SELL", u"ORDER_TYPE_BUY_LIMIT", u"ORDER_TYPE_SELL_LIMIT",
                          u"ORDER_TYPE_BUY_STOP", u"ORDER_TYPE_SELL_STOP", u"ORDER_TYPE_BUY_STOP_LIMIT",
                          u"ORDER_TYPE_SELL_STOP_LIMIT", u"ORDER_TYPE_CLOSE_BY"});
}
inline string EnumToString(ENUM_POSITION_TYPE v) {
  return mql5::enum_name(v, u"ENUM_POSITION_TYPE", 0, {u"POSITION_TYPE_BUY", u"POSITION_TYPE_SELL"});
}
inline string EnumToString(ENUM_POINTER_TYPE v) {
  return mql5::enum_name(v, u"ENUM_POINTER_TYPE", 0, {u"POINTER_INVALID", u"POINTER_DYNAMIC", u"POINTER_AUTOMATIC"});
}
inline string EnumToString(ENUM_DATATYPE v) {
  return mql5::enum_name(v, u"ENUM_DATATYPE", 1,
                         {u"TYPE_BOOL", u"TYPE_CHAR", u"TYPE_UCHAR", u"TYPE_SHORT", u"TYPE_USHORT", u"TYPE_COLOR",
                          u"TYPE_INT", u"TYPE_UINT", u"TYPE_DATETIME", u"TYPE_LONG", u"TYPE_ULONG", u"TYPE_FLOAT",
                          u"TYPE_DOUBLE", u"TYPE_STRING"});
}
inline string EnumToString(ENUM_ACTIVATION_FUNCTION v) {
  return mql5::enum_name(v, u"ENUM_ACTIVATION_FUNCTION", 0,
                         {u"AF_ELU", u"AF_EXP", u"AF_GELU", u"AF_HARD_SIGMOID", u"AF_LINEAR", u"AF_LRELU", u"AF_RELU",
                          u"AF_SELU", u"AF_SIGMOID", u"AF_SOFTMAX", u"AF_SOFTPLUS", u"AF_SOFTSIGN", u"AF_SWISH",
                          u"AF_TANH", u"AF_TRELU", u"AF_NONE"});
}
inline string EnumToString(ENUM_LOSS_FUNCTION v) {
  return mql5::enum_name(v, u"ENUM_LOSS_FUNCTION", 0,
                         {u"LOSS_MSE", u"LOSS_MAE", u"LOSS_CCE", u"LOSS_SCCE", u"LOSS_KLD", u"LOSS_COSINE",
                          u"LOSS_POISSON", u"LOSS_MSLE", u"LOSS_BCE", u"LOSS_HINGE", u"LOSS_CAT_HINGE",
                          u"LOSS_SQ_HINGE", u"LOSS_LOG_COSH", u"LOSS_HUBER"});
}
inline string EnumToString(ENUM_VECTOR_NORM v) {
  return mql5::enum_name(v, u"ENUM_VECTOR_NORM", 0, {u"VECTOR_NORM_INF", u"VECTOR_NORM_MINUS_INF", u"VECTOR_NORM_P"});
}
inline string EnumToString(ENUM_MATRIX_NORM v) {
  return mql5::enum_name(v, u"ENUM_MATRIX_NORM", 0,
                         {u"MATRIX_NORM_FROBENIUS", u"MATRIX_NORM_SPECTRAL", u"MATRIX_NORM_NUCLEAR", u"MATRIX_NORM_INF",
                          u"MATRIX_NORM_MINUS_INF", u"MATRIX_NORM_P1", u"MATRIX_NORM_MINUS_P1", u"MATRIX_NORM_P2",
                          u"MATRIX_NORM_MINUS_P2"});
}
inline string EnumToString(ENUM_SORT_MODE v) {
  return mql5::enum_name(v, u"ENUM_SORT_MODE", 0, {u"SORT_ASCENDING", u"SORT_DESCENDING"});
}
inline string EnumToString(ENUM_VECTOR_CONVOLVE v) {
  return mql5::enum_name(v, u"ENUM_VECTOR_CONVOLVE", 0,
                         {u"VECTOR_CONVOLVE_FULL", u"VECTOR_CONVOLVE_SAME", u"VECTOR_CONVOLVE_VALID"});
}
inline string EnumToString(ENUM_REGRESSION_METRIC v) {
  return mql5::enum_name(v, u"ENUM_REGRESSION_METRIC", 0,
                         {u"REGRESSION_MAE", u"REGRESSION_MSE", u"REGRESSION_RMSE", u"REGRESSION_R2", u"REGRESSION_MAPE",
                          u"REGRESSION_MSPE", u"REGRESSION_RMSLE"});
}
inline string EnumToString(ENUM_PROGRAM_TYPE v) {
  return mql5::enum_name(v, u"ENUM_PROGRAM_TYPE", 0, {u"PROGRAM_EXPERT", u"PROGRAM_SCRIPT", u"PROGRAM_INDICATOR", u"PROGRAM_SERVICE"});
}
inline string EnumToString(ENUM_MATRIX_AXIS v) {
  return mql5::enum_name(v, u"ENUM_MATRIX_AXIS", -1, {u"AXIS_NONE", u"AXIS_HORZ", u"AXIS_VERT"});
}
