// MQL5's predefined macro substitutions (docs: Predefined Macro Substitutions) as MQL5 values:
// __FUNCTION__, __FUNCSIG__ and __FILE__ are strings, __DATE__ and __DATETIME__ datetimes.
// __FILE__ and __DATE__ are C++'s own macros: redefining them is warned about unless the
// header is a system header, so this one is (it holds nothing but these definitions).
#pragma once
#pragma GCC system_header

namespace mql5 {
string macro_function(const char* pretty);   // "int CFoo<T>::Bar(int)" -> "CFoo::Bar"
string macro_signature(const char* pretty);  // as written by the C++ compiler
string macro_file(const char* path);         // the name of the file, no folder
string macro_path(const char* path);         // the file's absolute path
mql_ulong macro_random(unsigned long long line);
// "Mmm dd yyyy" and "hh:mm:ss" (C++'s __DATE__ and __TIME__) as a datetime.
constexpr datetime compile_time(const char* d, const char* t) {
  const char* months = "JanFebMarAprMayJunJulAugSepOctNovDec";
  int m = 0;
  while (m < 12 && !(months[3 * m] == d[0] && months[3 * m + 1] == d[1] && months[3 * m + 2] == d[2])) ++m;
  const int day = (d[4] == ' ' ? 0 : d[4] - '0') * 10 + (d[5] - '0');
  const int year = (d[7] - '0') * 1000 + (d[8] - '0') * 100 + (d[9] - '0') * 10 + (d[10] - '0');
  // days since 1970-01-01 of a proleptic Gregorian date (civil-from-days inverted)
  const int y = year - (m < 2);
  const int era = y / 400;
  const int yoe = y - era * 400;
  const int mp = (m + 9) % 12;
  const int doy = (153 * mp + 2) / 5 + day - 1;
  const long long days = era * 146097LL + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
  const int secs = t ? ((t[0] - '0') * 10 + (t[1] - '0')) * 3600 + ((t[3] - '0') * 10 + (t[4] - '0')) * 60 +
                           (t[6] - '0') * 10 + (t[7] - '0')
                     : 0;
  return days * 86400 + secs;
}
constexpr datetime kCompileDate = compile_time(__DATE__, nullptr);
constexpr datetime kCompileDateTime = compile_time(__DATE__, __TIME__);
}  // namespace mql5

#undef __FILE__
#define __FILE__ (::mql5::macro_file(__builtin_FILE()))
#undef __DATE__
#define __DATE__ (::mql5::kCompileDate)
#define __DATETIME__ (::mql5::kCompileDateTime)
#define __PATH__ (::mql5::macro_path(__builtin_FILE()))
#define __RANDOM__ (::mql5::macro_random(__LINE__))
// docs (Predefined Macro Substitutions): the instruction set the .ex5 was compiled for
#define __CPU_ARCHITECTURE__ (string(u"X64"))
#define __FUNCTION__ (::mql5::macro_function(__PRETTY_FUNCTION__))
#define __FUNCSIG__ (::mql5::macro_signature(__PRETTY_FUNCTION__))
#define __MQLBUILD__ MQL5_HARNESS_BUILD
#define __MQL5BUILD__ MQL5_HARNESS_BUILD
// defined for #ifdef, as in MetaEditor: an MQL5 program, the release build
#define __MQL5__ 1
#define __MQL__ 1
#define _RELEASE 1
