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

typedef long long datetime;  // docs: seconds since 1970-01-01

namespace mql5 {
// A critical runtime error: the terminal prints the reason and stops the program.
[[noreturn]] void critical(const char* what, const char* detail);
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

  int length() const { return length_; }
  const char16_t* c_str() const { return data_ ? data_ : u""; }

 private:
  void assign(const char16_t* text, int length);
  char16_t* data_ = nullptr;
  int length_ = 0;
};

bool operator==(const string& a, const string& b);
inline bool operator!=(const string& a, const string& b) { return !(a == b); }
bool operator<(const string& a, const string& b);
inline bool operator>(const string& a, const string& b) { return b < a; }
string operator+(const string& a, const string& b);

namespace mql5 {
// Numbers in text the way Print() and string concatenation show them (docs: Print: double with
// up to 16 significant digits, as %.16G; float with 5 digits after the point; bool as
// true/false; integers in decimal).
string text_of(double v);
string text_of(float v);
string text_of(bool v);
string text_of(long long v);
string text_of(unsigned long long v);
inline const string& text_of(const string& v) { return v; }
template <class T>
string text_of(T v) {
  static_assert(std::is_integral<T>::value, "MQL5 converts only numbers, bool and strings to text");
  if constexpr (std::is_signed<T>::value)
    return text_of(static_cast<long long>(v));
  else
    return text_of(static_cast<unsigned long long>(v));
}
template <class T>
using if_number = typename std::enable_if<std::is_arithmetic<T>::value, int>::type;
}  // namespace mql5

// "text"+number: MQL5 converts the number to text (docs: Typecasting, string type).
template <class T, mql5::if_number<T> = 0>
string operator+(const string& a, T b) {
  return a + mql5::text_of(b);
}
template <class T, mql5::if_number<T> = 0>
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

  template <class I>
  const T& operator[](I i) const {
    static_assert(std::is_integral<I>::value, "array index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<long long>(i) >= size_) out_of_range(i, size_);
    count_work();
    return data_[i];
  }
  int size() const { return size_; }
  bool is_static() const { return static_; }
  // What MQL5 passes to a DLL for `const T &a[]`: the address of the first element.
  const T* dll_data() const { return data_; }
  const void* canary() const { return data_ ? static_cast<const void*>(data_ + size_) : nullptr; }

 protected:
  array(T* data, int size, bool is_static) : data_(data), size_(size), static_(is_static) {}
  virtual ~array() = default;
  T* data_;
  int size_;
  bool static_;
};

template <class T>
class array : public array<const T> {
 public:
  using array<const T>::operator[];
  template <class I>
  T& operator[](I i) {
    static_assert(std::is_integral<I>::value, "array index must be an integer");
    if (static_cast<long long>(i) < 0 || static_cast<long long>(i) >= this->size_) out_of_range(i, this->size_);
    count_work();
    return this->data_[i];
  }
  using array<const T>::dll_data;
  T* dll_data() { return this->data_; }
  virtual int resize(int n) = 0;  // -1 where MQL5's ArrayResize fails
  virtual void free_all() {}

 protected:
  array(T* data, int size, bool is_static) : array<const T>(data, size, is_static) {}
};

// A const array (a `const T &a[]` parameter, a const array object) given to a template's
// `T &a[]`: MQL5 deduces T as const T. The translator adds to each such template an overload
// taking `const array<T>&`, which calls the template with const T on this view of the array.
template <class T>
array<const T>& const_elements(const array<T>& a) {
  return const_cast<array<const T>&>(static_cast<const array<const T>&>(a));
}

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
    for (int i = 0; i < n; ++i) new (fresh + i) T(i < keep ? this->data_[i] : unset());
    release();
    raw_ = raw;
    this->data_ = fresh;
    this->size_ = n;
    fill_canary(fresh + n);
    return n;
  }
  void free_all() override { release(); }

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
  static_assert(std::is_arithmetic<V>::value, "ArrayInitialize takes a number");
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
template <class T>
int ArrayCopy(mql5::array<T>& dst, const mql5::array<const T>& src, int dst_start = 0, int src_start = 0,
              int count = WHOLE_ARRAY) {
  if (src_start < 0 || dst_start < 0 || src_start > src.size()) return 0;
  int n = count < 0 || src_start + count > src.size() ? src.size() - src_start : count;
  if (dst_start + n > dst.size()) {
    if (dst.is_static())
      n = dst.size() - dst_start;
    else
      dst.resize(dst_start + n);
  }
  for (int i = 0; i < n; ++i) dst[dst_start + i] = src[src_start + i];
  return n < 0 ? 0 : n;
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
};
template <class T>
format_arg format_arg_of(const T& v) {
  if constexpr (std::is_same<T, string>::value) return {format_arg::Text, 0, 0, 0, &v};
  else if constexpr (std::is_floating_point<T>::value) return {format_arg::Real, 0, 0, static_cast<double>(v), nullptr};
  else if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) return {format_arg::Signed, v, 0, 0, nullptr};
  else if constexpr (std::is_integral<T>::value) return {format_arg::Unsigned, 0, v, 0, nullptr};
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
  const mql5::format_arg packed[] = {mql5::format_arg_of(args)..., {mql5::format_arg::Signed, 0, 0, 0, nullptr}};
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

//---------------------------------------------------------------------------------------------
// Math: MQL5's MathAbs/MathMin/MathMax keep the (larger) type of their arguments.
template <class T, mql5::if_number<T> = 0>
T MathAbs(T v) {
  return v < 0 ? -v : v;
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0>
typename std::common_type<A, B>::type MathMin(A a, B b) {
  typedef typename std::common_type<A, B>::type R;
  return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}
template <class A, class B, mql5::if_number<A> = 0, mql5::if_number<B> = 0>
typename std::common_type<A, B>::type MathMax(A a, B b) {
  typedef typename std::common_type<A, B>::type R;
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

//---------------------------------------------------------------------------------------------
// Terminal services.
mql_uint GetTickCount();
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
int FileOpen(const string& name, int flags, mql_ushort delimiter = '\t', mql_uint codepage = 0);
void FileClose(int handle);
namespace mql5 {
mql_uint file_write_line(int handle, const string& line);
}
template <class... A>
mql_uint FileWrite(int handle, const A&... args) {
  string line;
  int i = 0;
  ((line += (i++ ? string(u"\t") : string()) + mql5::text_of(args)), ...);
  return mql5::file_write_line(handle, line);
}
mql_ulong GetMicrosecondCount();
bool IsStopped();

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
// One parameter: the same type, or the header's void* (an array of any element type, its
// size passed beside it) declared in MQL5 as an array of a numeric type.
template <class H, class M>
struct same_param : std::is_same<typename abi_type<H>::type, typename abi_type<M>::type> {};
template <class M>
struct same_param<const void*, const M*> : std::is_arithmetic<M> {};
template <class M>
struct same_param<void*, M*> : std::integral_constant<bool, std::is_arithmetic<M>::value && !std::is_const<M>::value> {};
template <class H, class M>
struct same_abi : std::false_type {};
template <class R, class... H, class... M>
struct same_abi<R (*)(H...), R (*)(M...)>
    : std::integral_constant<bool, sizeof...(H) == sizeof...(M) && (true && ... && same_param<H, M>::value)> {};
}  // namespace mql5

#include "mql5_matrix.hpp"
#include "mql5_objects.hpp"
