// The parts of the MQL5 runtime that need the C library (kept out of the header, see there),
// and main(): read the inputs, run OnStart(), as the terminal runs a script.
// The C and C++ library first: the runtime header then declares MQL5's own names beside them
// (its templates sqrt, rand, printf... stay out of namespace std, which <cmath> fills from ::).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <chrono>
#include <ctime>
#include <thread>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mql5_runtime.hpp"
#include "mql5_platform.hpp"
#include "utf16.hpp"

using namespace mql5;

// docs (_RandomSeed): the state of MathRand's generator (x = _RandomSeed * 214013 + 2531011).
mql_uint _RandomSeed = 1;

namespace {
// The MQL5 string's UTF-16 as UTF-8 for the terminal's log, and back (common/utf16.hpp: one
// conversion for the host, the tests and this runtime).
std::string utf8_of(const char16_t* s, int n) { return utf16::to_utf8(std::u16string(s, static_cast<size_t>(n))); }
std::string utf8_of(const string& s) { return utf8_of(s.c_str(), s.length()); }
std::u16string utf16_of(const std::string& s) { return utf16::from_utf8(s); }
string text16(const std::string& utf8) {
  std::u16string u = utf16_of(utf8);
  return string(u.data(), static_cast<int>(u.size()));
}
std::string printf_text(const char* spec, ...) __attribute__((format(printf, 1, 2)));
std::string printf_text(const char* spec, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, spec);
  int n = std::vsnprintf(buf, sizeof buf, spec, ap);
  va_end(ap);
  if (n < static_cast<int>(sizeof buf)) return std::string(buf, n < 0 ? 0 : n);
  std::string big(n + 1, '\0');
  va_start(ap, spec);
  std::vsnprintf(&big[0], big.size(), spec, ap);
  va_end(ap);
  big.resize(n);
  return big;
}

// Numbers in text as the terminal's C runtime writes them: an exponent of at least three digits
// (docs: Real Types: DoubleToString(c1,-16) gives 1.1212351499999999e-025), the infinities and
// NaN the same on every target (inf, -inf, nan, -nan(ind) for the NaN of an invalid operation).
std::string msvc_exponent(std::string s) {
  const size_t e = s.find_first_of("eE");
  if (e == std::string::npos || e + 2 >= s.size() || (s[e + 1] != '+' && s[e + 1] != '-')) return s;
  size_t digits = s.size() - (e + 2);
  while (digits < 3) {
    s.insert(e + 2, "0");
    ++digits;
  }
  return s;
}
bool special_text(double v, std::string& out) {
  if (std::isinf(v)) out = v > 0 ? "inf" : "-inf";
  else if (std::isnan(v)) out = std::signbit(v) ? "-nan(ind)" : "nan";
  else return false;
  return true;
}
std::string real_text(const char* spec, double v) {
  std::string s;
  if (special_text(v, s)) return s;
  return msvc_exponent(printf_text(spec, v));
}

// The command line: read where static initialisation of the inputs can reach it.
const std::vector<std::string>& command_line() {
  static const std::vector<std::string> args = platform::arguments();
  return args;
}
std::set<std::string>& input_names() {
  static std::set<std::string> names;
  return names;
}
std::vector<std::string>& input_order() {  // as declared: iCustom gives an indicator its inputs by position
  static std::vector<std::string> names;
  return names;
}
std::vector<std::pair<std::string, std::string>>& properties() {
  static std::vector<std::pair<std::string, std::string>> p;
  return p;
}
volatile std::sig_atomic_t g_stopped = 0;
extern "C" void on_stop_signal(int) { g_stopped = 1; }
// --stop-after=K: the user's stop, deterministic: IsStopped() is true from its K-th call on
// (0: never). Counted, never timed, so a test of "the script stops cleanly" cannot flake.
long long g_stop_after = 0;
long long g_is_stopped_calls = 0;
bool g_stopped_by_work = false;
// Element accesses a stopped script may still make: ~0.1 s of this runtime's checked accesses,
// far inside the terminal's 3 s, yet far more than a script that returns at its next check needs.
constexpr unsigned long long kStopBudget = 100000000ull;
// The DLLs the #import blocks loaded, by their MQL5 name.
std::map<std::string, void*>& modules() {
  static std::map<std::string, void*> m;
  return m;
}
const auto g_start = std::chrono::steady_clock::now();
}  // namespace

//---------------------------------------------------------------------------------------------
namespace mql5 {
void critical(const char* what, const char* detail) {
  std::fflush(stdout);
  std::printf("critical error: %s (%s); the program is stopped\n", what, detail);
  std::fflush(stdout);
  std::_Exit(3);
}
void refused(const char* name, const char* why) {
  std::string d = printf_text("%s: %s", name, why);
  critical("a function the harness refuses", d.c_str());
}
void out_of_range(long long index, int size) {
  std::string d = printf_text("index %lld, size %d", index, size);
  critical("array out of range", d.c_str());
}
void dll_overrun(const char* function, const char* parameter, const char* declared_at, long long size) {
  std::string d = printf_text("%s wrote past the %lld elements of '%s' (imported at %s)", function, size, parameter, declared_at);
  critical("DLL wrote past the end of an array", d.c_str());
}
unsigned long long work_done = 0, work_alarm = ~0ull;
void work_alarm_reached() {
  if (!g_stopped_by_work) {
    g_stopped_by_work = true;
    work_alarm = work_done + kStopBudget;
    return;
  }
  std::string d = printf_text("%llu array element accesses after the user stopped it at access %llu; the terminal "
                              "kills a stopped script after 3 s", kStopBudget, work_done - kStopBudget);
  critical("the script does not stop", d.c_str());
}
void charge_work(unsigned long long accesses) {
  for (unsigned long long i = 0; i < accesses; ++i) count_work();  // each one can be the alarm's
}
// matrix::Random's generator: its own state (MathSrand does not reach it), the same sequence in
// every run; splitmix64, 53 bits into [0, 1).
double random_unit() {
  static unsigned long long state = 0x6d716c636c000001ull;
  unsigned long long z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<double>((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
}
void fill_canary(void* at) { std::memset(at, kCanary, kCanaryBytes); }
bool canary_intact(const void* at) {
  if (!at) return true;  // an empty dynamic array: the DLL got a null pointer
  const unsigned char* p = static_cast<const unsigned char*>(at);
  for (int i = 0; i < kCanaryBytes; ++i)
    if (p[i] != kCanary) return false;
  return true;
}
}  // namespace mql5

//---------------------------------------------------------------------------------------------
// docs (Runtime Errors): _LastError is 0 when the program starts; built-ins set it on failure.
int _LastError = 0;
int GetLastError() { return _LastError; }
void ResetLastError() { _LastError = 0; }
void SetUserError(mql_ushort user_error) { _LastError = ERR_USER_ERROR_FIRST + user_error; }

//---------------------------------------------------------------------------------------------
string::string(const char16_t* text) {
  int n = 0;
  while (text && text[n]) ++n;
  assign(text, n);
}
string::string(const char16_t* text, int length) { assign(text, length); }
string::string(const string& other) { assign(other.data_, other.length_); }
string::string(string&& other) noexcept : data_(other.data_), length_(other.length_) {
  other.data_ = nullptr;
  other.length_ = 0;
}
string::~string() { delete[] data_; }
string& string::operator=(const string& other) {
  if (this != &other) assign(other.data_, other.length_);
  return *this;
}
string& string::operator=(string&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(length_, other.length_);
  return *this;
}
void string::assign(const char16_t* text, int length) {
  char16_t* fresh = new char16_t[length + 1];
  for (int i = 0; i < length; ++i) fresh[i] = text[i];
  fresh[length] = 0;
  delete[] data_;
  data_ = fresh;
  length_ = length;
}
string& string::operator+=(const string& other) { return *this = *this + other; }
string operator+(const string& a, const string& b) {
  std::u16string s(a.c_str(), a.length());
  s.append(b.c_str(), b.length());
  return string(s.data(), static_cast<int>(s.size()));
}
bool operator==(const string& a, const string& b) {
  return std::u16string(a.c_str(), a.length()) == std::u16string(b.c_str(), b.length());
}
bool operator<(const string& a, const string& b) {
  return std::u16string(a.c_str(), a.length()) < std::u16string(b.c_str(), b.length());
}

namespace mql5 {
// docs (Print): "equivalent to PrintFormat(%.16G,...)", yet its example shows a lower-case
// exponent: Print(DBL_MAX) gives 1.797693134862316e+308.
string text_of(double v) { return text16(real_text("%.16g", v)); }
string text_of(float v) { return text16(real_text("%.5f", static_cast<double>(v))); }
string text_of(bool v) { return string(v ? u"true" : u"false"); }
string text_of(long long v) { return text16(printf_text("%lld", v)); }
string text_of(unsigned long long v) { return text16(printf_text("%llu", v)); }

void print_line(const string& line) {
  std::string s = utf8_of(line);
  s += '\n';
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

// printf-style formatting with MQL5's rules: each specification takes the next argument, whose
// type must fit it (docs: PrintFormat: "the number, order and type of parameters must exactly
// match"); a mismatch is reported instead of printing garbage.
string format(const string& spec16, const format_arg* args, int count) {
  const std::string spec = utf8_of(spec16);
  std::string out;
  int next = 0;
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] != '%') {
      out += spec[i];
      continue;
    }
    if (i + 1 < spec.size() && spec[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    size_t j = i + 1;
    std::string flags, width, precision;
    // '*': the width or precision is the next argument, an integer (docs: PrintFormat)
    auto star = [&](std::string& to) {
      if (next >= count || (args[next].kind != format_arg::Signed && args[next].kind != format_arg::Unsigned))
        critical("StringFormat: '*' without an integer argument", spec.c_str());
      const long long n = args[next].kind == format_arg::Signed ? args[next].i : static_cast<long long>(args[next].u);
      ++next;
      ++j;
      if (&to == &width && n < 0) {
        flags += '-';
        to += std::to_string(-n);
      } else {
        to += std::to_string(n < 0 ? 0 : n);
      }
    };
    while (j < spec.size() && std::strchr("-+ #0", spec[j])) flags += spec[j++];
    if (j < spec.size() && spec[j] == '*') star(width);
    while (j < spec.size() && std::isdigit(static_cast<unsigned char>(spec[j]))) width += spec[j++];
    if (j < spec.size() && spec[j] == '.') {
      precision = ".";
      ++j;
      if (j < spec.size() && spec[j] == '*') star(precision);
      while (j < spec.size() && std::isdigit(static_cast<unsigned char>(spec[j]))) precision += spec[j++];
    }
    while (j < spec.size() && std::strchr("hlI6432", spec[j])) ++j;  // h, l, ll, I64, I32: size prefixes
    if (j >= spec.size()) critical("StringFormat: incomplete format specification", spec.c_str());
    const char type = spec[j];
    if (next >= count) critical("StringFormat: fewer arguments than format specifications", spec.c_str());
    format_arg a = args[next++];
    const std::string head = "%" + flags + width + precision;
    // docs (PrintFormat): an argument of another type than its specification gives an undefined
    // print, not a stop: the harness prints it converted and says so once per specification.
    const bool real_spec = std::strchr("eEfgGaA", type) != nullptr, int_spec = std::strchr("diuoxX", type) != nullptr;
    if ((real_spec && (a.kind == format_arg::Signed || a.kind == format_arg::Unsigned)) || (int_spec && a.kind == format_arg::Real)) {
      static std::set<std::string> noted;
      if (noted.insert(spec).second)
        std::fprintf(stderr, "harness: StringFormat: '%s' given %s (the terminal's print is undefined): printed converted\n",
                     spec.c_str(), real_spec ? "an integer" : "a real number");
      if (real_spec)
        a = format_arg{format_arg::Real, 0, 0, a.kind == format_arg::Signed ? static_cast<double>(a.i) : static_cast<double>(a.u),
                       nullptr, 8};
      else
        a = format_arg{format_arg::Signed, static_cast<long long>(a.d), 0, 0, nullptr, 8};
    }
    const bool integer = a.kind == format_arg::Signed || a.kind == format_arg::Unsigned;
    std::string piece;
    switch (type) {
      case 'd':
      case 'i':
      case 'u':
      case 'o':
      case 'x':
      case 'X':
        if (!integer) critical("StringFormat: an integer specification got a non-integer argument", spec.c_str());
        if (type == 'd' || type == 'i') {  // an unsigned argument read as the signed type of its size
          long long v = a.i;
          if (a.kind == format_arg::Unsigned)
            v = a.bytes == 4 ? static_cast<int>(static_cast<unsigned>(a.u)) : static_cast<long long>(a.u);
          piece = printf_text((head + "lld").c_str(), v);
        } else {  // unsigned conversions see the argument's own bits: an int's 32 (-1 is ffffffff)
          unsigned long long bits = a.kind == format_arg::Signed ? static_cast<unsigned long long>(a.i) : a.u;
          if (a.bytes > 0 && a.bytes < 8) bits &= (1ull << (8 * a.bytes)) - 1;
          piece = printf_text((head + "ll" + (type == 'i' ? 'd' : type)).c_str(), bits);
        }
        break;
      case 'e':
      case 'E':
      case 'f':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        if (a.kind != format_arg::Real) critical("StringFormat: a real-number specification got a non-real argument", spec.c_str());
        if (special_text(a.d, piece)) {
          const int pad = std::atoi(width.c_str()) - static_cast<int>(piece.size());
          if (pad > 0) piece = flags.find('-') != std::string::npos ? piece + std::string(pad, ' ') : std::string(pad, ' ') + piece;
        } else {
          piece = printf_text((head + type).c_str(), a.d);
          if (type != 'a' && type != 'A') {  // the longer exponent takes padding spaces first
            std::string wide = msvc_exponent(piece);
            size_t extra = wide.size() - piece.size();
            while (extra > 0 && !wide.empty() && wide[0] == ' ') {
              wide.erase(0, 1);
              --extra;
            }
            piece = wide;
          }
        }
        break;
      case 'c':
      case 'C': {
        if (!integer) critical("StringFormat: %c got a non-integer argument", spec.c_str());
        char16_t c = static_cast<char16_t>(a.kind == format_arg::Signed ? a.i : static_cast<long long>(a.u));
        piece = utf8_of(&c, 1);
        break;
      }
      case 's':
      case 'S': {
        if (a.kind != format_arg::Text) critical("StringFormat: %s got a non-string argument", spec.c_str());
        std::u16string s(a.s->c_str(), a.s->length());
        if (precision.size() > 1 && std::atoi(precision.c_str() + 1) < static_cast<int>(s.size()))
          s.resize(std::atoi(precision.c_str() + 1));
        const int pad = std::atoi(width.c_str()) - static_cast<int>(s.size());
        piece = utf8_of(s.data(), static_cast<int>(s.size()));
        if (pad > 0) piece = flags.find('-') != std::string::npos ? piece + std::string(pad, ' ') : std::string(pad, ' ') + piece;
        break;
      }
      default:
        critical("StringFormat: unknown format type", spec.c_str());
    }
    out += piece;
    i = j;
  }
  if (next != count) critical("StringFormat: more arguments than format specifications", spec.c_str());
  return text16(out);
}

const char* input_text(const char* name) {
  if (input_names().insert(name).second) input_order().push_back(name);
  const std::string key = std::string("--") + name + "=";
  // --#K=value: the K-th input as declared (0 first), as iCustom passes an indicator's inputs
  const std::string position = "--#" + std::to_string(input_order().size() - 1) + "=";
  const char* by_position = nullptr;
  for (const std::string& a : command_line()) {
    if (a.compare(0, key.size(), key) == 0) return a.c_str() + key.size();
    if (a.compare(0, position.size(), position) == 0) by_position = a.c_str() + position.size();
  }
  return by_position;
}
long long parse_integer(const char* name, const char* text) {
  char* end = nullptr;
  long long v = std::strtoll(text, &end, 10);
  if (!*text || *end) critical("input is not an integer", name);
  return v;
}
double parse_real(const char* name, const char* text) {
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (!*text || *end) critical("input is not a number", name);
  return v;
}
bool parse_bool(const char* name, const char* text) {
  if (!std::strcmp(text, "true") || !std::strcmp(text, "1")) return true;
  if (!std::strcmp(text, "false") || !std::strcmp(text, "0")) return false;
  critical("input is not true/false", name);
}
string parse_text(const char* text) { return text16(text); }

property::property(const char* name, const char* value) { properties().emplace_back(name, value); }

void* import_bind(const char* dll, const char* function, const char* declared_at) {
  void*& module = modules()[dll];
  if (!module) {
    std::string why;
    module = platform::load_library(dll, why);
    if (!module) {
      std::printf("cannot load '%s' [%s]\n", dll, why.c_str());
      critical("unresolved import function call", function);
    }
  }
  void* f = platform::find_symbol(module, function);
  if (!f) {
    std::printf("cannot find '%s' in '%s' (imported at %s)\n", function, dll, declared_at);
    critical("unresolved import function call", function);
  }
  return f;
}
}  // namespace mql5

namespace mql5 {
string enum_unknown(const char16_t* type, long long value) {
  return string(type) + string(u"::") + text_of(value);
}
string enum_name(long long value, const char16_t* type, long long first, std::initializer_list<const char16_t*> names) {
  if (value >= first && value - first < static_cast<long long>(names.size())) return string(names.begin()[value - first]);
  return enum_unknown(type, value);
}
string enum_name(long long value, const char16_t* type, std::initializer_list<enum_member> members) {
  for (const enum_member& m : members)
    if (m.value == value) return string(m.name);
  return enum_unknown(type, value);
}
}  // namespace mql5

//---------------------------------------------------------------------------------------------
string IntegerToString(mql_long number, int str_len, mql_ushort fill_symbol) {
  std::u16string s = utf16_of(printf_text("%lld", number));
  if (str_len > static_cast<int>(s.size())) s.insert(0, str_len - s.size(), static_cast<char16_t>(fill_symbol));
  return string(s.data(), static_cast<int>(s.size()));
}
// docs: digits 0..16: that many digits after the point; -1..-16: scientific with that many;
// anything else: 8 digits.
string DoubleToString(double value, int digits) {
  std::string s;
  if (special_text(value, s)) return text16(s);
  if (digits >= 0 && digits <= 16) return text16(printf_text("%.*f", digits, value));
  if (digits <= -1 && digits >= -16) return text16(msvc_exponent(printf_text("%.*e", -digits, value)));
  return text16(printf_text("%.8f", value));
}
string ShortArrayToString(const mql5::array<const mql_ushort>& array, int start, int count) {
  std::u16string s;
  for (int i = start; i >= 0 && i < array.size() && (count < 0 || i < start + count) && array[i] != 0; ++i)
    s += static_cast<char16_t>(array[i]);
  return string(s.data(), static_cast<int>(s.size()));
}
int StringToShortArray(const string& text, mql5::array<mql_ushort>& array, int start, int count) {
  const int n = count < 0 ? text.length() + 1 : count;
  if (!array.is_static() && start + n > array.size()) array.resize(start + n);
  int copied = 0;
  for (; copied < n && start + copied < array.size(); ++copied)
    array[start + copied] = copied < text.length() ? text.c_str()[copied] : 0;
  return copied;
}
int StringLen(const string& text) { return text.length(); }
string StringSubstr(const string& text, int start, int length) {
  if (start < 0 || start >= text.length()) return string();
  int n = length < 0 || start + length > text.length() ? text.length() - start : length;
  return string(text.c_str() + start, n);
}
int StringFind(const string& text, const string& match, int start) {
  std::u16string s(text.c_str(), text.length());
  size_t at = s.find(std::u16string(match.c_str(), match.length()), start < 0 ? 0 : start);
  return at == std::u16string::npos ? -1 : static_cast<int>(at);
}
int StringSplit(const string& text, mql_ushort separator, mql5::array<string>& result) {
  if (text.length() == 0) {
    ArrayResize(result, 0);
    return 0;
  }
  std::vector<string> parts;
  int begin = 0;
  for (int i = 0; i <= text.length(); ++i)
    if (i == text.length() || text.c_str()[i] == separator) {
      parts.push_back(string(text.c_str() + begin, i - begin));
      begin = i + 1;
    }
  if (ArrayResize(result, static_cast<int>(parts.size())) < 0) return -1;
  for (size_t i = 0; i < parts.size(); ++i) result[static_cast<int>(i)] = parts[i];
  return static_cast<int>(parts.size());
}
// docs (StringToInteger; Typecasting): decimal, or hexadecimal after "0x".
mql_long StringToInteger(const string& text) {
  const std::string s = utf8_of(text);
  size_t at = s.find_first_not_of(" \t");
  if (at == std::string::npos) return 0;
  const bool minus = s[at] == '-';
  if (s[at] == '-' || s[at] == '+') ++at;
  if (s.compare(at, 2, "0x") == 0 || s.compare(at, 2, "0X") == 0) {
    const long long v = static_cast<long long>(std::strtoull(s.c_str() + at + 2, nullptr, 16));
    return minus ? -v : v;
  }
  return std::strtoll(s.c_str(), nullptr, 10);
}
double StringToDouble(const string& text) { return std::strtod(utf8_of(text).c_str(), nullptr); }
namespace mql5 {
double text_to_real(const string& text) { return StringToDouble(text); }
long long text_to_integer(const string& text) { return StringToInteger(text); }
}  // namespace mql5

//---------------------------------------------------------------------------------------------
namespace {
std::u16string u16(const string& s) { return std::u16string(s.c_str(), s.length()); }
string of16(const std::u16string& s) { return string(s.data(), static_cast<int>(s.size())); }
// Case mapping of the Latin-1 and basic Cyrillic letters besides ASCII (the terminal maps the
// letters of the Windows locale; these are the ones of the code pages the project's texts use).
char16_t lower16(char16_t c) {
  if ((c >= u'A' && c <= u'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7)) return c + 32;
  if (c >= 0x410 && c <= 0x42F) return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  return c;
}
char16_t upper16(char16_t c) {
  if ((c >= u'a' && c <= u'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7)) return c - 32;
  if (c >= 0x430 && c <= 0x44F) return c - 32;
  if (c >= 0x450 && c <= 0x45F) return c - 80;
  return c;
}
// docs (StringTrimLeft): spaces, tabs and line feeds.
bool blank16(char16_t c) { return c == u' ' || c == u'\t' || c == u'\n' || c == u'\r'; }
}  // namespace

// docs (StringReplace): the number of replacements, -1 on an error (an empty find).
int StringReplace(string& str, const string& find, const string& replacement) {
  if (find.length() == 0) {
    _LastError = ERR_WRONG_STRING_PARAMETER;
    return -1;
  }
  const std::u16string s = u16(str), f = u16(find), r = u16(replacement);
  std::u16string out;
  int n = 0;
  size_t at = 0;
  for (size_t hit; (hit = s.find(f, at)) != std::u16string::npos; at = hit + f.size(), ++n) out += s.substr(at, hit - at) + r;
  out += s.substr(at);
  str = of16(out);
  return n;
}
bool StringToLower(string& str) {
  std::u16string s = u16(str);
  for (char16_t& c : s) c = lower16(c);
  str = of16(s);
  return true;
}
bool StringToUpper(string& str) {
  std::u16string s = u16(str);
  for (char16_t& c : s) c = upper16(c);
  str = of16(s);
  return true;
}
// docs (StringTrimLeft, StringTrimRight): the number of characters cut.
int StringTrimLeft(string& str) {
  const std::u16string s = u16(str);
  size_t k = 0;
  while (k < s.size() && blank16(s[k])) ++k;
  str = of16(s.substr(k));
  return static_cast<int>(k);
}
int StringTrimRight(string& str) {
  const std::u16string s = u16(str);
  size_t k = s.size();
  while (k > 0 && blank16(s[k - 1])) --k;
  str = of16(s.substr(0, k));
  return static_cast<int>(s.size() - k);
}
bool StringAdd(string& str, const string& add) {
  str += add;
  return true;
}
// docs (StringCompare): -1, 0 or 1 as a is less than, equal to or greater than b, in alphabetical
// order ("Apple" < "home"); case sensitive, "A" > "a" where the strings differ only in case,
// else "A" = "a".
int StringCompare(const string& a, const string& b, bool case_sensitive) {
  std::u16string x = u16(a), y = u16(b), fx = x, fy = y;
  for (char16_t& c : fx) c = lower16(c);
  for (char16_t& c : fy) c = lower16(c);
  if (fx != fy) return fx < fy ? -1 : 1;
  if (!case_sensitive) return 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] != y[i]) return lower16(x[i]) == x[i] ? -1 : 1;  // the lower-case letter first
  return 0;
}
// docs (StringGetCharacter): 0 and an error for a position outside the string.
mql_ushort StringGetCharacter(const string& str, int pos) {
  if (pos < 0 || pos >= str.length()) {
    _LastError = ERR_STRINGPOS_OUTOFRANGE;
    return 0;
  }
  return str.c_str()[pos];
}
// docs (StringSetCharacter): pos == length appends the character; the character 0 cuts the
// string at pos.
bool StringSetCharacter(string& str, int pos, mql_ushort character) {
  if (pos < 0 || pos > str.length()) {
    _LastError = ERR_STRINGPOS_OUTOFRANGE;
    return false;
  }
  std::u16string s = u16(str);
  if (character == 0) s.resize(pos);
  else if (pos == static_cast<int>(s.size())) s += static_cast<char16_t>(character);
  else s[pos] = static_cast<char16_t>(character);
  str = of16(s);
  return true;
}
// docs (StringInit): new_len characters of character; with character 0 the string is empty.
bool StringInit(string& str, int new_len, mql_ushort character) {
  if (new_len < 0) {
    _LastError = ERR_INVALID_PARAMETER;
    return false;
  }
  str = character == 0 ? string() : of16(std::u16string(static_cast<size_t>(new_len), static_cast<char16_t>(character)));
  return true;
}
bool StringFill(string& str, mql_ushort character) {
  str = of16(std::u16string(static_cast<size_t>(str.length()), static_cast<char16_t>(character)));
  return true;
}
// docs (CharToString): the character of the code; in the ANSI code page of the harness (Latin-1).
string CharToString(mql_uchar char_code) {
  const char16_t c = char_code;
  return string(&c, 1);
}
string ShortToString(mql_ushort symbol_code) {
  const char16_t c = symbol_code;
  return string(&c, 1);
}
namespace {
// The bytes of text in a code page: UTF-8, or the ANSI code page (Latin-1 here: '?' for what it
// cannot hold).
std::string bytes_of(const std::u16string& s, mql_uint codepage) {
  if (codepage == CP_UTF8) return utf16::to_utf8(s);
  std::string out;
  for (char16_t c : s) out += c < 256 ? static_cast<char>(c) : '?';
  return out;
}
std::u16string text_of_bytes(const std::string& b, mql_uint codepage) {
  if (codepage == CP_UTF8) return utf16::from_utf8(b);
  std::u16string out;
  for (char c : b) out += static_cast<char16_t>(static_cast<unsigned char>(c));
  return out;
}
}  // namespace
// docs (StringToCharArray): the text's bytes and its terminating 0 (count -1: the whole text) from
// start; the number of bytes copied.
namespace {
template <class C>
int string_to_bytes(const string& text, mql5::array<C>& array, int start, int count, mql_uint codepage) {
  std::string b = bytes_of(u16(text), codepage);
  b += '\0';
  const int n = count < 0 || count > static_cast<int>(b.size()) ? static_cast<int>(b.size()) : count;
  if (start < 0) return 0;
  if (!array.is_static() && start + n > array.size()) array.resize(start + n);
  int copied = 0;
  for (; copied < n && start + copied < array.size(); ++copied) array[start + copied] = static_cast<C>(b[copied]);
  return copied;
}
}  // namespace
int StringToCharArray(const string& text, mql5::array<mql_uchar>& array, int start, int count, mql_uint codepage) {
  return string_to_bytes(text, array, start, count, codepage);
}
int StringToCharArray(const string& text, mql5::array<mql_char>& array, int start, int count, mql_uint codepage) {
  return string_to_bytes(text, array, start, count, codepage);
}
// docs (CharArrayToString): the bytes from start up to count or a 0 byte as text.
string CharArrayToString(const mql5::array<const mql_uchar>& array, int start, int count, mql_uint codepage) {
  std::string b;
  for (int i = start; i >= 0 && i < array.size() && (count < 0 || i < start + count) && array[i] != 0; ++i)
    b += static_cast<char>(array[i]);
  return of16(text_of_bytes(b, codepage));
}

// docs (NormalizeDouble): digits 0..8 (others are clamped), rounded half away from zero.
double NormalizeDouble(double value, int digits) {
  if (!std::isfinite(value)) return value;
  digits = digits < 0 ? 0 : digits > 8 ? 8 : digits;
  const double scale = std::pow(10.0, digits);
  return std::round(value * scale) / scale;
}

//---------------------------------------------------------------------------------------------
// docs (TimeToStruct, StructToTime, TimeToString, StringToTime): datetime counts seconds from
// 1970.01.01 00:00; text as "yyyy.mm.dd hh:mi[:ss]".
namespace {
long long days_from_civil(long long y, int m, int d) {  // m 1..12
  y -= m <= 2;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const long long yoe = y - era * 400;
  const long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}
void civil_from_days(long long z, int& y, int& m, int& d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = static_cast<int>(yoe + era * 400 + (m <= 2));
}
}  // namespace
bool TimeToStruct(datetime value, MqlDateTime& dt) {
  long long days = value / 86400, secs = value % 86400;
  if (secs < 0) {
    secs += 86400;
    --days;
  }
  civil_from_days(days, dt.year, dt.mon, dt.day);
  dt.hour = static_cast<int>(secs / 3600);
  dt.min = static_cast<int>(secs / 60 % 60);
  dt.sec = static_cast<int>(secs % 60);
  dt.day_of_week = static_cast<int>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday
  dt.day_of_year = static_cast<int>(days - days_from_civil(dt.year, 1, 1));
  return true;
}
datetime StructToTime(const MqlDateTime& dt) {
  return days_from_civil(dt.year, dt.mon, dt.day) * 86400 + dt.hour * 3600LL + dt.min * 60LL + dt.sec;
}
string TimeToString(datetime value, int mode) {
  MqlDateTime t;
  TimeToStruct(value, t);
  std::string s;
  if (mode & TIME_DATE) s = printf_text("%04d.%02d.%02d", t.year, t.mon, t.day);
  if (mode & (TIME_MINUTES | TIME_SECONDS)) {
    if (!s.empty()) s += ' ';
    s += (mode & TIME_SECONDS) ? printf_text("%02d:%02d:%02d", t.hour, t.min, t.sec) : printf_text("%02d:%02d", t.hour, t.min);
  }
  return text16(s);
}
// "yyyy.mm.dd [hh:mi[:ss]]", or "hh:mi[:ss]" alone on 1970.01.01 (the harness has no current
// day of a trade server); 0 and ERR_WRONG_STRING_DATE otherwise.
datetime StringToTime(const string& text) {
  const std::string s = utf8_of(text);
  int y = 1970, mo = 1, d = 1, h = 0, mi = 0, se = 0, used = 0;
  const char* p = s.c_str();
  while (*p == ' ') ++p;
  if (std::sscanf(p, "%4d.%2d.%2d%n", &y, &mo, &d, &used) == 3) {
    p += used;
    while (*p == ' ') ++p;
  }
  if (*p) {
    int n = std::sscanf(p, "%2d:%2d%n:%2d", &h, &mi, &used, &se);
    if (n < 2) {
      _LastError = ERR_WRONG_STRING_DATE;
      return 0;
    }
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) {
    _LastError = ERR_WRONG_STRING_DATE;
    return 0;
  }
  return days_from_civil(y, mo, d) * 86400 + h * 3600LL + mi * 60LL + se;
}
// MQL5 book (Date and Time): (string) of a datetime is TimeToString(TIME_DATE|TIME_SECONDS); Print and
// "text"+datetime show it so too (docs: Typecasting).
string mql5::text_of(datetime v) { return TimeToString(v, TIME_DATE | TIME_SECONDS); }
string::operator datetime() const { return StringToTime(*this); }

namespace {
struct WebColor {
  const char16_t* name;
  color value;
};
// docs (Web Colors)
const WebColor kWebColors[] = {
    {u"clrBlack", clrBlack}, {u"clrDarkGreen", clrDarkGreen}, {u"clrDarkSlateGray", clrDarkSlateGray},
    {u"clrOlive", clrOlive}, {u"clrGreen", clrGreen}, {u"clrTeal", clrTeal}, {u"clrNavy", clrNavy},
    {u"clrPurple", clrPurple}, {u"clrMaroon", clrMaroon}, {u"clrIndigo", clrIndigo},
    {u"clrMidnightBlue", clrMidnightBlue}, {u"clrDarkBlue", clrDarkBlue},
    {u"clrDarkOliveGreen", clrDarkOliveGreen}, {u"clrSaddleBrown", clrSaddleBrown},
    {u"clrForestGreen", clrForestGreen}, {u"clrOliveDrab", clrOliveDrab}, {u"clrSeaGreen", clrSeaGreen},
    {u"clrDarkGoldenrod", clrDarkGoldenrod}, {u"clrDarkSlateBlue", clrDarkSlateBlue}, {u"clrSienna", clrSienna},
    {u"clrMediumBlue", clrMediumBlue}, {u"clrBrown", clrBrown}, {u"clrDarkTurquoise", clrDarkTurquoise},
    {u"clrDimGray", clrDimGray}, {u"clrLightSeaGreen", clrLightSeaGreen}, {u"clrDarkViolet", clrDarkViolet},
    {u"clrFireBrick", clrFireBrick}, {u"clrMediumVioletRed", clrMediumVioletRed},
    {u"clrMediumSeaGreen", clrMediumSeaGreen}, {u"clrChocolate", clrChocolate}, {u"clrCrimson", clrCrimson},
    {u"clrSteelBlue", clrSteelBlue}, {u"clrGoldenrod", clrGoldenrod},
    {u"clrMediumSpringGreen", clrMediumSpringGreen}, {u"clrLawnGreen", clrLawnGreen},
    {u"clrCadetBlue", clrCadetBlue}, {u"clrDarkOrchid", clrDarkOrchid}, {u"clrYellowGreen", clrYellowGreen},
    {u"clrLimeGreen", clrLimeGreen}, {u"clrOrangeRed", clrOrangeRed}, {u"clrDarkOrange", clrDarkOrange},
    {u"clrOrange", clrOrange}, {u"clrGold", clrGold}, {u"clrYellow", clrYellow}, {u"clrChartreuse", clrChartreuse},
    {u"clrLime", clrLime}, {u"clrSpringGreen", clrSpringGreen}, {u"clrAqua", clrAqua},
    {u"clrDeepSkyBlue", clrDeepSkyBlue}, {u"clrBlue", clrBlue}, {u"clrMagenta", clrMagenta}, {u"clrRed", clrRed},
    {u"clrGray", clrGray}, {u"clrSlateGray", clrSlateGray}, {u"clrPeru", clrPeru},
    {u"clrBlueViolet", clrBlueViolet}, {u"clrLightSlateGray", clrLightSlateGray}, {u"clrDeepPink", clrDeepPink},
    {u"clrMediumTurquoise", clrMediumTurquoise}, {u"clrDodgerBlue", clrDodgerBlue},
    {u"clrTurquoise", clrTurquoise}, {u"clrRoyalBlue", clrRoyalBlue}, {u"clrSlateBlue", clrSlateBlue},
    {u"clrDarkKhaki", clrDarkKhaki}, {u"clrIndianRed", clrIndianRed}, {u"clrMediumOrchid", clrMediumOrchid},
    {u"clrGreenYellow", clrGreenYellow}, {u"clrMediumAquamarine", clrMediumAquamarine},
    {u"clrDarkSeaGreen", clrDarkSeaGreen}, {u"clrTomato", clrTomato}, {u"clrRosyBrown", clrRosyBrown},
    {u"clrOrchid", clrOrchid}, {u"clrMediumPurple", clrMediumPurple}, {u"clrPaleVioletRed", clrPaleVioletRed},
    {u"clrCoral", clrCoral}, {u"clrCornflowerBlue", clrCornflowerBlue}, {u"clrDarkGray", clrDarkGray},
    {u"clrSandyBrown", clrSandyBrown}, {u"clrMediumSlateBlue", clrMediumSlateBlue}, {u"clrTan", clrTan},
    {u"clrDarkSalmon", clrDarkSalmon}, {u"clrBurlyWood", clrBurlyWood}, {u"clrHotPink", clrHotPink},
    {u"clrSalmon", clrSalmon}, {u"clrViolet", clrViolet}, {u"clrLightCoral", clrLightCoral},
    {u"clrSkyBlue", clrSkyBlue}, {u"clrLightSalmon", clrLightSalmon}, {u"clrPlum", clrPlum},
    {u"clrKhaki", clrKhaki}, {u"clrLightGreen", clrLightGreen}, {u"clrAquamarine", clrAquamarine},
    {u"clrSilver", clrSilver}, {u"clrLightSkyBlue", clrLightSkyBlue}, {u"clrLightSteelBlue", clrLightSteelBlue},
    {u"clrLightBlue", clrLightBlue}, {u"clrPaleGreen", clrPaleGreen}, {u"clrThistle", clrThistle},
    {u"clrPowderBlue", clrPowderBlue}, {u"clrPaleGoldenrod", clrPaleGoldenrod},
    {u"clrPaleTurquoise", clrPaleTurquoise}, {u"clrLightGray", clrLightGray}, {u"clrWheat", clrWheat},
    {u"clrNavajoWhite", clrNavajoWhite}, {u"clrMoccasin", clrMoccasin}, {u"clrLightPink", clrLightPink},
    {u"clrGainsboro", clrGainsboro}, {u"clrPeachPuff", clrPeachPuff}, {u"clrPink", clrPink},
    {u"clrBisque", clrBisque}, {u"clrBlanchedAlmond", clrBlanchedAlmond}, {u"clrLemonChiffon", clrLemonChiffon},
    {u"clrBeige", clrBeige}, {u"clrAntiqueWhite", clrAntiqueWhite}, {u"clrPapayaWhip", clrPapayaWhip},
    {u"clrCornsilk", clrCornsilk}, {u"clrLightYellow", clrLightYellow}, {u"clrLightCyan", clrLightCyan},
    {u"clrLinen", clrLinen}, {u"clrLavender", clrLavender}, {u"clrMistyRose", clrMistyRose},
    {u"clrOldLace", clrOldLace}, {u"clrWhiteSmoke", clrWhiteSmoke}, {u"clrSeashell", clrSeashell},
    {u"clrIvory", clrIvory}, {u"clrHoneydew", clrHoneydew}, {u"clrAliceBlue", clrAliceBlue},
    {u"clrLavenderBlush", clrLavenderBlush}, {u"clrMintCream", clrMintCream}, {u"clrSnow", clrSnow},
    {u"clrWhite", clrWhite},
};
}  // namespace
string ColorToString(color value, bool color_name) {
  const mql_uint v = value;
  if (color_name)
    for (const WebColor& w : kWebColors)
      if (static_cast<mql_uint>(w.value) == v) return string(w.name);
  return text16(printf_text("%u,%u,%u", v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF));
}
color StringToColor(const string& text) {
  for (const WebColor& w : kWebColors)
    if (text == string(w.name)) return w.value;
  const std::string s = utf8_of(text);
  for (size_t i = 0; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i])) || (i && std::isdigit(static_cast<unsigned char>(s[i - 1])))) continue;
    unsigned r, g, b;
    if (std::sscanf(s.c_str() + i, "%u,%u,%u", &r, &g, &b) == 3) return (r & 0xFF) | (g & 0xFF) << 8 | (b & 0xFF) << 16;
  }
  return 0;
}
// MQL5 book (Color): Print shows a color as ColorToString(value, true) does.
string mql5::text_of(color v) { return ColorToString(v, true); }

//---------------------------------------------------------------------------------------------
namespace mql5 {
string macro_function(const char* pretty) {
  // "R Cls<T>::f(params) const [with T = int]": the name before the parameters' '(' at depth 0,
  // its template arguments dropped (MQL5 names the class, not an instance of it)
  const std::string s(pretty);
  int depth = 0;
  size_t open = std::string::npos, start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (c == ' ' && depth == 0) start = i + 1;
    else if (c == '(' && depth == 0) {
      open = i;
      break;
    }
  }
  std::string name;
  depth = 0;
  for (char c : s.substr(start, open == std::string::npos ? std::string::npos : open - start)) {
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (depth == 0) name += c;
  }
  if (name.compare(0, 2, "::") == 0) name.erase(0, 2);
  return text16(name);
}
string macro_signature(const char* pretty) { return text16(pretty); }
string macro_path(const char* path) { return text16(std::filesystem::absolute(path).string()); }
// __RANDOM__: a random ulong for each use, the same in every build of the program (a test must not
// depend on the build): the use's line, mixed (splitmix64).
mql_ulong macro_random(unsigned long long line) {
  mql_ulong z = line + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
string macro_file(const char* path) {
  const char* base = path;
  for (const char* p = path; *p; ++p)
    if (*p == '/' || *p == '\\') base = p + 1;
  return text16(base);
}
void array_print_line(const string* items, int count, const string& separator, bool align) {
  int width = 0;
  for (int i = 0; align && i < count; ++i) width = items[i].length() > width ? items[i].length() : width;
  std::u16string line;
  for (int i = 0; i < count; ++i) {
    if (i) line += u16(separator);
    line.append(static_cast<size_t>(width - items[i].length() > 0 ? width - items[i].length() : 0), u' ');
    line += u16(items[i]);
  }
  print_line(of16(line));
}
void alert_line(const string& text) { print_line(string(u"Alert: ") + text); }
void comment_line(const string& text) {
  std::fprintf(stderr, "chart comment: %s\n", utf8_of(text).c_str());
}
}  // namespace mql5
int MessageBox(const string& text, const string& caption, int flags) {
  (void)flags;
  mql5::print_line(string(u"MessageBox: ") + (caption.length() ? caption + string(u": ") : string()) + text);
  return IDOK;
}
string MQLInfoString(ENUM_MQL_INFO_STRING property_id) {
  std::string path = mql5::platform::program_path();
  if (property_id == MQL_PROGRAM_PATH) return text16(path);
  const size_t slash = path.find_last_of("/\\");
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".exe") == 0) name.resize(name.size() - 4);
  return text16(name);
}
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id) {
  switch (property_id) {
    case MQL_PROGRAM_TYPE:  // what the program's events make it (docs: Program Running)
      return the_program.on_start ? PROGRAM_SCRIPT
             : the_program.on_calculate || the_program.on_calculate_price ? PROGRAM_INDICATOR : PROGRAM_EXPERT;
    case MQL_DLLS_ALLOWED: return 1;
    default: return 0;  // no trading, signals, debugger, profiler, tester, optimization, frames
  }
}
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id) {
  switch (property_id) {
    case TERMINAL_BUILD: return MQL5_HARNESS_BUILD;
    case TERMINAL_CPU_CORES: return static_cast<int>(std::thread::hardware_concurrency());
    case TERMINAL_DLLS_ALLOWED: return 1;
    case TERMINAL_X64: return 1;
    // docs (Client Terminal Properties): the OpenCL version as 0x00010002 = 1.2; mqlcl gives the
    // program OpenCL 1.2's API whatever the devices support.
    case TERMINAL_OPENCL_SUPPORT: return 0x00010002;
    case TERMINAL_CONNECTED: return 0;      // no trade server behind a script here
    case TERMINAL_TRADE_ALLOWED: return 0;
    case TERMINAL_MAXBARS: return 100000;  // the terminal's default of Options, Charts, Max bars in chart
    default: break;  // the community, mail, memory, screen: none here
  }
  return 0;
}

// docs (FileOpen, MQL5 book: Opening and closing files): the delimiter may be given as a string; the
// harness takes a one-character one (the form programs use) and refuses others.
int FileOpen(const string& name, int flags, const string& delimiter, mql_uint codepage) {
  if (delimiter.length() != 1) {
    std::fprintf(stderr, "harness: FileOpen takes a delimiter string of one character\n");
    _LastError = ERR_CANNOT_OPEN_FILE;
    return INVALID_HANDLE;
  }
  return FileOpen(name, flags, static_cast<mql_ushort>(delimiter.c_str()[0]), codepage);
}
double MathArccos(double v) { return std::acos(v); }
double MathArcsin(double v) { return std::asin(v); }
double MathArctan(double v) { return std::atan(v); }
double MathTan(double v) { return std::tan(v); }
double MathLog10(double v) { return std::log10(v); }
double MathMod(double value, double value2) { return std::fmod(value, value2); }
double MathExpm1(double v) { return std::expm1(v); }
double MathLog1p(double v) { return std::log1p(v); }
double MathCosh(double v) { return std::cosh(v); }
double MathSinh(double v) { return std::sinh(v); }
double MathTanh(double v) { return std::tanh(v); }
double MathArccosh(double v) { return std::acosh(v); }
double MathArcsinh(double v) { return std::asinh(v); }
double MathArctanh(double v) { return std::atanh(v); }
bool MathIsValidNumber(double v) { return std::isfinite(v); }

double MathSqrt(double v) { return std::sqrt(v); }
double MathFloor(double v) { return std::floor(v); }
double MathCeil(double v) { return std::ceil(v); }
double MathRound(double v) { return std::round(v); }
double MathPow(double base, double exponent) { return std::pow(base, exponent); }
double MathCos(double v) { return std::cos(v); }
double MathSin(double v) { return std::sin(v); }
double MathLog(double v) { return std::log(v); }
double MathExp(double v) { return std::exp(v); }
// docs: MathRand returns 0..32767; the terminal's generator is the MSVC C runtime's.
int MathRand() {
  _RandomSeed = _RandomSeed * 214013u + 2531011u;
  return static_cast<int>((_RandomSeed >> 16) & 0x7FFF);
}
void MathSrand(int seed) { _RandomSeed = static_cast<unsigned>(seed); }

mql_uint GetTickCount() { return mql5::platform::tick_ms(); }
mql_ulong GetTickCount64() {
  return static_cast<mql_ulong>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::steady_clock::now().time_since_epoch()).count());
}
// With bars, the time of the current bar, as in the strategy tester; else the machine's clock.
datetime TimeCurrent() { return market_open() ? market_time() : static_cast<datetime>(std::time(nullptr)); }
datetime TimeCurrent(MqlDateTime& dt) {
  const datetime t = TimeCurrent();
  TimeToStruct(t, dt);
  return t;
}
datetime TimeGMT() { return TimeCurrent(); }
datetime TimeGMT(MqlDateTime& dt) { return TimeCurrent(dt); }
datetime TimeTradeServer() { return TimeCurrent(); }
datetime TimeTradeServer(MqlDateTime& dt) { return TimeCurrent(dt); }
void Sleep(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms > 0 ? ms : 0)); }
datetime TimeLocal() { return static_cast<datetime>(std::time(nullptr)); }

namespace {
struct OpenFile {
  std::FILE* f = nullptr;
  bool ansi = true;
  bool bin = false;
  bool read = false;
  bool write = false;
  bool csv = false;
  char16_t delimiter = u'\t';
  std::u16string text;     // a text file open to read: its whole content, decoded
  size_t at = 0;           // the next character of text to read
  bool line_end = false;   // the last read ended at a line end (docs: FileIsLineEnding)
  bool common = false;     // opened with FILE_COMMON
};
OpenFile g_files[64];  // handle = index + 1
// The sandbox path of a name: MQL5/Files, or with FILE_COMMON the terminals' common folder
// (Common/Files here); "" for a name outside the sandbox.
std::string sandbox_path(const string& name, bool common) {
  std::string n = utf8_of(name);
  for (char& c : n)
    if (c == '\\') c = '/';
  if (n.empty() || n.find("..") != std::string::npos || n[0] == '/' || n.find(':') != std::string::npos) return "";
  return (common ? "Common/Files/" : "MQL5/Files/") + n;
}
OpenFile* open_file(int handle) {
  if (handle < 1 || handle > 64 || !g_files[handle - 1].f) {
    _LastError = ERR_INVALID_FILEHANDLE;
    return nullptr;
  }
  return &g_files[handle - 1];
}
}  // namespace

// docs (FileOpen): INVALID_HANDLE on failure, the reason in GetLastError() (Runtime Errors, File
// Operations: at most 64 open files, an invalid name, an opening error). The harness opens
// FILE_TXT and FILE_CSV files to read or to write (ANSI, read and written as UTF-8, or UNICODE)
// and FILE_BIN files to read, write or both: FILE_WRITE alone empties the file,
// FILE_READ|FILE_WRITE keeps it (and creates it if missing).
int FileOpen(const string& name, int flags, mql_ushort delimiter, mql_uint codepage) {
  (void)codepage;
  const bool bin = (flags & FILE_BIN) != 0, read = (flags & FILE_READ) != 0, write = (flags & FILE_WRITE) != 0;
  const bool text = !bin && (flags & (FILE_TXT | FILE_CSV)) != 0;
  const bool text_one_way = text && read != write;
  const bool bin_any = bin && (read || write) && (flags & (FILE_TXT | FILE_CSV)) == 0;
  if (!text_one_way && !bin_any) {
    std::fprintf(stderr, "harness: FileOpen supports FILE_TXT or FILE_CSV to read or to write, and FILE_BIN\n");
    _LastError = ERR_CANNOT_OPEN_FILE;
    return INVALID_HANDLE;
  }
  const std::string path = sandbox_path(name, (flags & FILE_COMMON) != 0);
  if (path.empty()) {
    _LastError = ERR_WRONG_FILENAME;
    return INVALID_HANDLE;
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  for (int i = 0; i < 64; ++i)
    if (!g_files[i].f) {
      const char* mode = !read ? "wb" : !write ? "rb" : std::filesystem::exists(path, ec) ? "r+b" : "w+b";
      g_files[i].f = std::fopen(path.c_str(), mode);
      if (!g_files[i].f) {
        _LastError = ERR_CANNOT_OPEN_FILE;
        return INVALID_HANDLE;
      }
      OpenFile& of = g_files[i];
      of.ansi = (flags & FILE_UNICODE) == 0 && (!bin || (flags & FILE_ANSI) != 0);
      of.bin = bin;
      of.read = read;
      of.write = write;
      of.csv = (flags & FILE_CSV) != 0;
      of.common = (flags & FILE_COMMON) != 0;
      of.delimiter = of.csv ? static_cast<char16_t>(delimiter) : u'\t';
      of.text.clear();
      of.at = 0;
      of.line_end = false;
      if (text && read) {  // the whole text, decoded: UTF-16LE after its byte order mark, or UTF-8
        std::string bytes;
        char buf[65536];
        for (size_t n; (n = std::fread(buf, 1, sizeof buf, of.f)) > 0;) bytes.append(buf, n);
        if (!of.ansi || (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFF &&
                         static_cast<unsigned char>(bytes[1]) == 0xFE)) {
          const size_t skip = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFF ? 2 : 0;
          for (size_t k = skip; k + 1 < bytes.size(); k += 2)
            of.text += static_cast<char16_t>(static_cast<unsigned char>(bytes[k]) | (static_cast<unsigned char>(bytes[k + 1]) << 8));
        } else {
          of.text = utf16_of(bytes);
        }
      }
      return i + 1;
    }
  _LastError = ERR_TOO_MANY_FILES;
  return INVALID_HANDLE;
}

void FileClose(int handle) {
  if (handle < 1 || handle > 64 || !g_files[handle - 1].f) {
    _LastError = ERR_INVALID_FILEHANDLE;
    return;
  }
  std::fclose(g_files[handle - 1].f);
  g_files[handle - 1].f = nullptr;
}

namespace mql5 {
mql_uint file_write_text(int handle, const string& text) {
  if (handle < 1 || handle > 64 || !g_files[handle - 1].f) {
    _LastError = ERR_INVALID_FILEHANDLE;
    return 0;
  }
  OpenFile& of = g_files[handle - 1];
  if (of.bin || !of.write) {
    _LastError = of.bin ? ERR_FILE_NOTTXT : ERR_FILE_NOTTOWRITE;
    return 0;
  }
  if (of.ansi) {
    const std::string bytes = utf8_of(text);
    return static_cast<mql_uint>(std::fwrite(bytes.data(), 1, bytes.size(), of.f));
  }
  return static_cast<mql_uint>(std::fwrite(text.c_str(), 2, static_cast<size_t>(text.length()), of.f) * 2);
}
mql_uint file_write_line(int handle, const string& line) { return file_write_text(handle, line + string(u"\r\n")); }
}  // namespace mql5
namespace mql5 {
// docs (FileWriteInteger & co.): the value's bytes, little-endian as on the terminal's x86-64;
// the number of bytes written (0 and the error for a file not open to write in FILE_BIN).
mql_uint file_write_bytes(int handle, const void* bytes, mql_uint size) {
  OpenFile* of = open_file(handle);
  if (!of) return 0;
  if (!of->bin || !of->write) {
    _LastError = of->bin ? ERR_FILE_NOTTOWRITE : ERR_FILE_NOTBIN;
    return 0;
  }
  std::fseek(of->f, 0, SEEK_CUR);  // a write after a read needs a positioning call in C
  const size_t n = size ? std::fwrite(bytes, 1, size, of->f) : 0;
  if (n != size) _LastError = ERR_FILE_WRITEERROR;
  return static_cast<mql_uint>(n);
}
mql_uint file_read_bytes(int handle, void* bytes, mql_uint size) {
  OpenFile* of = open_file(handle);
  if (!of) return 0;
  if (!of->bin || !of->read) {
    _LastError = of->bin ? ERR_FILE_NOTTOREAD : ERR_FILE_NOTBIN;
    return 0;
  }
  std::fseek(of->f, 0, SEEK_CUR);
  const size_t n = size ? std::fread(bytes, 1, size, of->f) : 0;
  if (n != size) {
    std::memset(static_cast<char*>(bytes) + n, 0, size - n);
    _LastError = ERR_FILE_READERROR;
  }
  return static_cast<mql_uint>(n);
}
}  // namespace mql5
mql_uint FileWriteInteger(int handle, int value, int size) {
  if (size != CHAR_VALUE && size != SHORT_VALUE && size != INT_VALUE) {
    _LastError = ERR_INVALID_PARAMETER;
    return 0;
  }
  unsigned char b[4];
  for (int i = 0; i < 4; ++i) b[i] = static_cast<unsigned char>(static_cast<unsigned>(value) >> (8 * i));
  return mql5::file_write_bytes(handle, b, static_cast<mql_uint>(size));
}
// docs (FileReadInteger): CHAR_VALUE and SHORT_VALUE come back as their bytes; the caller casts
// to char or short.
int FileReadInteger(int handle, int size) {
  if (size != CHAR_VALUE && size != SHORT_VALUE && size != INT_VALUE) {
    _LastError = ERR_INVALID_PARAMETER;
    return 0;
  }
  unsigned char b[4] = {0, 0, 0, 0};
  mql5::file_read_bytes(handle, b, static_cast<mql_uint>(size));
  unsigned v = 0;
  for (int i = 0; i < size; ++i) v |= static_cast<unsigned>(b[i]) << (8 * i);
  return static_cast<int>(v);
}
mql_uint FileWriteLong(int handle, mql_long value) { return mql5::file_write_bytes(handle, &value, 8); }
mql_long FileReadLong(int handle) {
  mql_long v = 0;
  mql5::file_read_bytes(handle, &v, 8);
  return v;
}
mql_uint FileWriteDouble(int handle, double value) { return mql5::file_write_bytes(handle, &value, 8); }
double FileReadDouble(int handle) {
  double v = 0;
  mql5::file_read_bytes(handle, &v, 8);
  return v;
}
mql_uint FileWriteFloat(int handle, float value) { return mql5::file_write_bytes(handle, &value, 4); }
float FileReadFloat(int handle) {
  float v = 0;
  mql5::file_read_bytes(handle, &v, 4);
  return v;
}
// docs (FileWriteString, FileReadString): in a FILE_BIN file, length characters (the whole string
// for -1) without a terminator, in UTF-16 or, with FILE_ANSI, one byte each.
mql_uint FileWriteString(int handle, const string& text, int length) {
  OpenFile* of = open_file(handle);
  if (!of) return 0;
  if (!of->bin) return mql5::file_write_text(handle, text);  // a text file: the string as it is, no line end
  const int n = length < 0 || length > text.length() ? text.length() : length;
  if (of->ansi) {
    std::string b = bytes_of(std::u16string(text.c_str(), static_cast<size_t>(n)), CP_ACP);
    return mql5::file_write_bytes(handle, b.data(), static_cast<mql_uint>(b.size()));
  }
  return mql5::file_write_bytes(handle, text.c_str(), static_cast<mql_uint>(2 * n));
}
string FileReadString(int handle, int length) {
  OpenFile* of = open_file(handle);
  if (!of) return string();
  if (!of->bin) return mql5::file_read_field(handle);
  if (length < 0) {
    _LastError = of->bin ? ERR_INVALID_PARAMETER : ERR_FILE_NOTBIN;
    return string();
  }
  if (of->ansi) {
    std::string b(static_cast<size_t>(length), '\0');
    b.resize(mql5::file_read_bytes(handle, &b[0], static_cast<mql_uint>(length)));
    std::u16string s = text_of_bytes(b, CP_ACP);
    return string(s.data(), static_cast<int>(s.size()));
  }
  std::u16string s(static_cast<size_t>(length), u'\0');
  s.resize(mql5::file_read_bytes(handle, &s[0], static_cast<mql_uint>(2 * length)) / 2);
  return string(s.data(), static_cast<int>(s.size()));
}
bool FileIsEnding(int handle) {
  OpenFile* of = open_file(handle);
  if (!of) return false;
  if (!of->bin && of->read) return of->at >= of->text.size();
  const long at = std::ftell(of->f);
  std::fseek(of->f, 0, SEEK_END);
  const long end = std::ftell(of->f);
  std::fseek(of->f, at, SEEK_SET);
  return at >= end;
}
mql_ulong FileTell(int handle) {
  OpenFile* of = open_file(handle);
  return of ? static_cast<mql_ulong>(std::ftell(of->f)) : 0;
}
mql_ulong FileSize(int handle) {
  OpenFile* of = open_file(handle);
  if (!of) return 0;
  if (of->write) std::fflush(of->f);  // not a read-only stream: the Windows C runtime drops its buffer
  const long at = std::ftell(of->f);
  std::fseek(of->f, 0, SEEK_END);
  const long end = std::ftell(of->f);
  std::fseek(of->f, at, SEEK_SET);
  return static_cast<mql_ulong>(end);
}
bool FileSeek(int handle, mql_long offset, int origin) {
  OpenFile* of = open_file(handle);
  if (!of) return false;
  const int whence = origin == SEEK_SET ? SEEK_SET : origin == SEEK_CUR ? SEEK_CUR : SEEK_END;
  return std::fseek(of->f, static_cast<long>(offset), whence) == 0;
}
void FileFlush(int handle) {
  OpenFile* of = open_file(handle);
  if (of && of->write) std::fflush(of->f);
}
namespace mql5 {
// A text file's next piece (docs: FileReadString, FileReadNumber, FileIsLineEnding): in FILE_TXT
// the rest of the line, in FILE_CSV up to the delimiter or the line end (a field in double quotes
// may hold either; "" is a quote in it); the line end ("\r\n" or "\n") is passed over.
string file_read_field(int handle) {
  OpenFile* of = open_file(handle);
  if (!of) return string();
  if (of->bin || !of->read) {
    _LastError = of->bin ? ERR_FILE_NOTTXTORCSV : ERR_FILE_NOTTOREAD;
    return string();
  }
  const std::u16string& s = of->text;
  size_t& k = of->at;
  if (k >= s.size()) {
    _LastError = ERR_FILE_ENDOFFILE;
    of->line_end = true;
    return string();
  }
  std::u16string field;
  bool quoted = of->csv && s[k] == u'"';
  if (quoted) ++k;
  for (; k < s.size(); ++k) {
    const char16_t c = s[k];
    if (quoted) {
      if (c != u'"') field += c;
      else if (k + 1 < s.size() && s[k + 1] == u'"') field += s[++k];
      else quoted = false;
      continue;
    }
    if (c == u'\n' || c == u'\r' || (of->csv && of->delimiter && c == of->delimiter)) break;
    field += c;
  }
  of->line_end = k >= s.size() || s[k] == u'\n' || s[k] == u'\r';
  if (k < s.size() && s[k] == u'\r') ++k;
  if (k < s.size() && (s[k] == u'\n' || (!of->line_end && s[k] == of->delimiter))) ++k;
  return string(field.data(), static_cast<int>(field.size()));
}
char16_t file_delimiter(int handle) {
  OpenFile* of = open_file(handle);
  return of ? of->delimiter : u'\t';
}
}  // namespace mql5
double FileReadNumber(int handle) { return StringToDouble(mql5::file_read_field(handle)); }
bool FileReadBool(int handle) {
  const string f = mql5::file_read_field(handle);
  return f == string(u"true") || StringToDouble(f) != 0;
}
bool FileIsLineEnding(int handle) {
  OpenFile* of = open_file(handle);
  return of && (of->line_end || (!of->bin && of->at >= of->text.size()));
}
bool FileIsExist(const string& name, int common_flag) {
  const std::string path = sandbox_path(name, (common_flag & FILE_COMMON) != 0);
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_regular_file(path, ec)) {
    _LastError = ERR_FILE_NOT_EXIST;
    return false;
  }
  return true;
}
// docs (FileGetInteger): by name, existence, dates and size only (others: -1, ERR_INVALID_PARAMETER).
namespace {
mql_long file_property(const std::string& path, ENUM_FILE_PROPERTY_INTEGER property) {
  struct stat st;
  const bool exists = !path.empty() && stat(path.c_str(), &st) == 0;
  if (property == FILE_EXISTS) return exists;
  if (!exists) {
    _LastError = ERR_FILE_NOT_EXIST;
    return -1;
  }
  switch (property) {
    case FILE_CREATE_DATE: return static_cast<mql_long>(st.st_ctime);
    case FILE_MODIFY_DATE: return static_cast<mql_long>(st.st_mtime);
    case FILE_ACCESS_DATE: return static_cast<mql_long>(st.st_atime);
    case FILE_SIZE: return static_cast<mql_long>(st.st_size);
    default: _LastError = ERR_INVALID_PARAMETER; return -1;
  }
}
}  // namespace
mql_long FileGetInteger(const string& name, ENUM_FILE_PROPERTY_INTEGER property, bool common_folder) {
  return file_property(sandbox_path(name, common_folder), property);
}
mql_long FileGetInteger(int handle, ENUM_FILE_PROPERTY_INTEGER property) {
  OpenFile* of = open_file(handle);
  if (!of) {
    _LastError = ERR_INVALID_FILEHANDLE;
    return -1;
  }
  switch (property) {
    case FILE_EXISTS: return 1;
    case FILE_SIZE: return static_cast<mql_long>(FileSize(handle));
    case FILE_POSITION: return static_cast<mql_long>(FileTell(handle));
    case FILE_END: return FileIsEnding(handle);
    case FILE_LINE_END: return FileIsLineEnding(handle);
    case FILE_IS_COMMON: return of->common;
    case FILE_IS_TEXT: return !of->bin;
    case FILE_IS_BINARY: return of->bin;
    case FILE_IS_CSV: return of->csv;
    case FILE_IS_ANSI: return of->ansi;
    case FILE_IS_READABLE: return of->read;
    case FILE_IS_WRITABLE: return of->write;
    default: {  // the dates: of the file it was opened as
      if (of->write) std::fflush(of->f);
      return -1;
    }
  }
}
// docs (FileReadDatetime): a CSV field "YYYY.MM.DD HH:MI:SS", "YYYY.MM.DD" or "HH:MI:SS" as a datetime.
datetime FileReadDatetime(int handle) { return StringToTime(FileReadString(handle)); }
namespace mql5 {
long long file_load(const string& name, int common_flag, void* dst, long long capacity) {
  const std::string path = sandbox_path(name, (common_flag & FILE_COMMON) != 0);
  std::FILE* f = path.empty() ? nullptr : std::fopen(path.c_str(), "rb");
  if (!f) {
    _LastError = path.empty() ? ERR_WRONG_FILENAME : ERR_FILE_NOT_EXIST;
    return -1;
  }
  std::fseek(f, 0, SEEK_END);
  const long long size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  const bool ok = capacity <= 0 || std::fread(dst, 1, static_cast<size_t>(capacity), f) == static_cast<size_t>(capacity);
  std::fclose(f);
  return ok ? size : -1;
}
bool file_save(const string& name, int common_flag, const void* data, mql_ulong size) {
  const std::string path = sandbox_path(name, (common_flag & FILE_COMMON) != 0);
  std::error_code ec;
  if (!path.empty()) std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::FILE* f = path.empty() ? nullptr : std::fopen(path.c_str(), "wb");
  if (!f) {
    _LastError = path.empty() ? ERR_WRONG_FILENAME : ERR_CANNOT_OPEN_FILE;
    return false;
  }
  const bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}
}  // namespace mql5
bool FileDelete(const string& name, int common_flag) {
  const std::string path = sandbox_path(name, (common_flag & FILE_COMMON) != 0);
  std::error_code ec;
  if (path.empty() || !std::filesystem::remove(path, ec)) {
    _LastError = ERR_CANNOT_DELETE_FILE;
    return false;
  }
  return true;
}

namespace {
bool copy_or_move(const string& src_name, int common_flag, const string& dst_name, int mode_flags, bool move) {
  const std::string src = sandbox_path(src_name, (common_flag & FILE_COMMON) != 0);
  const std::string dst = sandbox_path(dst_name, (mode_flags & FILE_COMMON) != 0);
  std::error_code ec;
  if (src.empty() || dst.empty()) {
    _LastError = ERR_WRONG_FILENAME;
    return false;
  }
  if (!std::filesystem::is_regular_file(src, ec)) {
    _LastError = ERR_FILE_NOT_EXIST;
    return false;
  }
  if (std::filesystem::exists(dst, ec)) {
    if (!(mode_flags & FILE_REWRITE) || std::filesystem::is_directory(dst, ec)) {
      _LastError = ERR_FILE_CANNOT_REWRITE;
      return false;
    }
    std::filesystem::remove(dst, ec);  // the Windows build's copy_file does not replace a file
  }
  std::filesystem::create_directories(std::filesystem::path(dst).parent_path(), ec);
  ec.clear();
  if (move) {
    std::filesystem::rename(src, dst, ec);
  } else {
    std::filesystem::copy_file(src, dst, ec);
  }
  if (ec) {
    _LastError = ERR_CANNOT_OPEN_FILE;
    return false;
  }
  return true;
}
// The folder of the sandbox a name gives ("" for none); a trailing separator is allowed.
std::string sandbox_folder(const string& name, int common_flag) {
  std::string path = sandbox_path(name, (common_flag & FILE_COMMON) != 0);
  while (!path.empty() && path.back() == '/') path.pop_back();
  return path;
}
bool wildcard(const char* pattern, const char* text) {
  if (!*pattern) return !*text;
  if (*pattern == '*') return wildcard(pattern + 1, text) || (*text && wildcard(pattern, text + 1));
  if (*text && (*pattern == '?' || std::tolower(static_cast<unsigned char>(*pattern)) ==
                                       std::tolower(static_cast<unsigned char>(*text))))
    return wildcard(pattern + 1, text + 1);
  return false;
}
std::map<mql_long, std::pair<std::vector<std::string>, size_t>> g_searches;
mql_long g_next_search = 1;
}  // namespace

bool FileCopy(const string& src_name, int common_flag, const string& dst_name, int mode_flags) {
  return copy_or_move(src_name, common_flag, dst_name, mode_flags, false);
}
bool FileMove(const string& src_name, int common_flag, const string& dst_name, int mode_flags) {
  return copy_or_move(src_name, common_flag, dst_name, mode_flags, true);
}
bool FolderCreate(const string& folder_name, int common_flag) {
  const std::string path = sandbox_folder(folder_name, common_flag);
  std::error_code ec;
  if (path.empty()) {
    _LastError = ERR_WRONG_FILENAME;
    return false;
  }
  std::filesystem::create_directories(path, ec);
  if (!std::filesystem::is_directory(path, ec)) {
    _LastError = ERR_FILE_ISNOT_DIRECTORY;
    return false;
  }
  return true;
}
bool FolderDelete(const string& folder_name, int common_flag) {
  const std::string path = sandbox_folder(folder_name, common_flag);
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_directory(path, ec)) {
    _LastError = ERR_DIRECTORY_NOT_EXIST;
    return false;
  }
  if (!std::filesystem::remove(path, ec)) {  // a folder with something in it stays
    _LastError = ERR_CANNOT_DELETE_DIRECTORY;
    return false;
  }
  return true;
}
bool FolderClean(const string& folder_name, int common_flag) {
  const std::string path = sandbox_folder(folder_name, common_flag);
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_directory(path, ec)) {
    _LastError = ERR_DIRECTORY_NOT_EXIST;
    return false;
  }
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) std::filesystem::remove_all(entry.path(), ec);
  if (ec) {
    _LastError = ERR_CANNOT_CLEAN_DIRECTORY;
    return false;
  }
  return true;
}
mql_long FileFindFirst(const string& file_filter, string& returned_filename, int common_flag) {
  const std::string filter = sandbox_path(file_filter, (common_flag & FILE_COMMON) != 0);
  if (filter.empty()) {
    _LastError = ERR_WRONG_FILENAME;
    return INVALID_HANDLE;
  }
  const size_t slash = filter.rfind('/');
  const std::string folder = filter.substr(0, slash), pattern = filter.substr(slash + 1);
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (wildcard(pattern.c_str(), name.c_str())) names.push_back(name + (entry.is_directory(ec) ? "\\" : ""));
  }
  if (names.empty()) {
    _LastError = ERR_FILE_NOT_EXIST;
    return INVALID_HANDLE;
  }
  std::sort(names.begin(), names.end());
  const mql_long handle = g_next_search++;
  returned_filename = string(utf16_of(names[0]).c_str());
  g_searches[handle] = {names, 1};
  return handle;
}
bool FileFindNext(mql_long search_handle, string& returned_filename) {
  auto it = g_searches.find(search_handle);
  if (it == g_searches.end() || it->second.second >= it->second.first.size()) return false;
  returned_filename = string(utf16_of(it->second.first[it->second.second++]).c_str());
  return true;
}
void FileFindClose(mql_long search_handle) { g_searches.erase(search_handle); }

mql_ulong GetMicrosecondCount() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - g_start).count();
}
bool mql5::stop_requested() {
  return g_stopped != 0 || g_stopped_by_work || (g_stop_after > 0 && g_is_stopped_calls >= g_stop_after);
}
bool IsStopped() {
  ++g_is_stopped_calls;
  return mql5::stop_requested();
}

namespace {
// After the program: what the test needs to see beyond the log, on stderr (not the Experts log):
// how often the script asked IsStopped(), and the live handles of mqlcl.dll, so a context the
// script did not free is visible. mqlcl_handle_count is bound by name as #import binds, but
// only here: it is not part of any script's import block. The count is taken at exit, after the
// program's global objects are destroyed (the terminal destroys them when it unloads the
// program: a network held in a global object frees its OpenCL context in its destructor).
typedef int (*handle_count_t)();
enum class mqlcl_state { unknown, never_loaded, no_count, loaded };
mqlcl_state g_mqlcl_state = mqlcl_state::unknown;
handle_count_t g_handle_count = nullptr;

void epilogue() {
  if (g_mqlcl_state == mqlcl_state::unknown) return;  // left through another exit (a critical error)
  std::fprintf(stderr, "harness: IsStopped() calls: %lld\n", g_is_stopped_calls);
  if (g_mqlcl_state == mqlcl_state::never_loaded) std::fprintf(stderr, "harness: mqlcl.dll never loaded\n");
  else if (g_mqlcl_state == mqlcl_state::no_count) std::fprintf(stderr, "harness: mqlcl.dll has no mqlcl_handle_count\n");
  else std::fprintf(stderr, "harness: mqlcl.dll live handles at exit: %d\n", g_handle_count());
  std::fflush(stderr);
}

// Before the program's global objects are constructed (a lower init_priority), so that the
// epilogue, registered here, runs after their destructors.
struct epilogue_at_exit {
  epilogue_at_exit() { std::atexit(epilogue); }
};
__attribute__((init_priority(101))) epilogue_at_exit g_epilogue_at_exit;

// What the epilogue will report, resolved while the module table still exists.
void prepare_epilogue() {
  auto m = modules().find("mqlcl.dll");
  if (m == modules().end() || !m->second) {
    g_mqlcl_state = mqlcl_state::never_loaded;
    return;
  }
  g_handle_count = reinterpret_cast<handle_count_t>(platform::find_symbol(m->second, "mqlcl_handle_count"));
  g_mqlcl_state = g_handle_count ? mqlcl_state::loaded : mqlcl_state::no_count;
}
}  // namespace

namespace mql5 {
// mql5_market.cpp: reads --bars/--symbol/--period/--history/--deposit from the command line (the
// arguments it took are erased); returns an error text or "".
std::string market_arguments(std::vector<std::string>& args);
}  // namespace mql5

//---------------------------------------------------------------------------------------------
int main() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  std::vector<std::string> args = command_line();
  const std::string market_error = market_arguments(args);  // --bars=FILE and the market's other options
  if (!market_error.empty()) {
    std::fprintf(stderr, "harness: %s\n", market_error.c_str());
    return 2;
  }
  for (const std::string& a : args) {
    if (a == "--properties") {
      for (const auto& p : properties()) std::printf("#property %s %s\n", p.first.c_str(), p.second.c_str());
      return 0;
    }
    if (a.compare(0, 13, "--stop-after=") == 0) {  // not an input name: MQL5 names have no '-'
      g_stop_after = parse_integer("--stop-after", a.c_str() + 13);
      continue;
    }
    if (a.compare(0, 15, "--stop-at-work=") == 0) {
      const long long w = parse_integer("--stop-at-work", a.c_str() + 15);
      if (w > 0) work_alarm = static_cast<unsigned long long>(w);
      continue;
    }
    if (a == "--kind") {  // what the terminal would run: a script, an Expert Advisor or an indicator
      const program_events& e = the_program;
      std::printf("%s\n", e.on_start ? "script" : e.on_calculate || e.on_calculate_price ? "indicator"
                              : e.on_tick || e.on_init || e.on_timer || e.on_chart_event ? "expert" : "none");
      return 0;
    }
    if (a == "--inputs") {
      for (const std::string& n : input_order()) std::printf("--%s=\n", n.c_str());
      std::printf("(%zu inputs)\n", input_order().size());  // the end: a whole answer, even with none
      return 0;
    }
    const size_t eq = a.find('=');
    if (a.compare(0, 3, "--#") == 0 && eq != std::string::npos) {  // an input by position (input_text)
      const long long k = parse_integer("--#", a.substr(3, eq - 3).c_str());
      if (k >= static_cast<long long>(input_order().size()))
        std::fprintf(stderr, "harness: %s: ignored, the program has %zu inputs\n", a.c_str(), input_order().size());
      if (k >= 0) continue;
    }
    if (a.compare(0, 2, "--") != 0 || eq == std::string::npos || !input_names().count(a.substr(2, eq - 2))) {
      std::fprintf(stderr, "unknown argument '%s': the script's inputs are (--inputs lists them) --NAME=VALUE\n", a.c_str());
      return 2;
    }
  }
  const int rc = run_program();
  std::fflush(stdout);
  prepare_epilogue();
  return rc ? rc : return_error();
}
