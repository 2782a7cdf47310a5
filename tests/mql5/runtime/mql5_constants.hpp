// MQL5's predefined constants and its last-error state, for the harness runtime (included by
// mql5_runtime.hpp). MQL5 values, as the documentation lists them:
//   Numerical Type Constants  https://www.mql5.com/en/docs/constants/namedconstants/typeconstants
//   Mathematical Constants    https://www.mql5.com/en/docs/constants/namedconstants/mathsconstants
//   Other Constants           https://www.mql5.com/en/docs/constants/namedconstants/otherconstants
//   Runtime Errors            https://www.mql5.com/en/docs/constants/errorswarnings/errorcodes
// In MQL5 these are built-in constants, not macros (`#ifdef M_PI` is false in MetaEditor, and a
// program may #define the name itself), so here they are typed C++ constants, not #defines: an
// include that #defines one of the names (OpenCLBuiltins.mqh: INVALID_HANDLE) shadows it
// without a "redefined" warning. Where the C library has a macro of the same name
// (<climits>, <cfloat>, <cmath>), it is #undef'd first, and MQL5's value wins: MQL5's long is
// 64-bit where C's LONG_MAX may be 32-bit (Windows).
#pragma once

#include <type_traits>

// MQL5's integer types (docs: Language Basics / Data Types / Integer Types). The translator
// maps the MQL5 keywords to these names, so MQL5's 64-bit `long` stays 64-bit on Windows too.
typedef signed char mql_char;
typedef unsigned char mql_uchar;
typedef unsigned short mql_ushort;
typedef unsigned int mql_uint;
typedef long long mql_long;
typedef unsigned long long mql_ulong;

//---------------------------------------------------------------------------------------------
// Numerical Type Constants: each of the type it bounds.
#undef CHAR_MIN
#undef CHAR_MAX
#undef UCHAR_MAX
#undef SHORT_MIN
#undef SHORT_MAX
#undef USHORT_MAX
#undef INT_MIN
#undef INT_MAX
#undef UINT_MAX
#undef LONG_MIN
#undef LONG_MAX
#undef ULONG_MAX
constexpr mql_char CHAR_MIN = -128;
constexpr mql_char CHAR_MAX = 127;
constexpr mql_uchar UCHAR_MAX = 255;
constexpr short SHORT_MIN = -32768;
constexpr short SHORT_MAX = 32767;
constexpr mql_ushort USHORT_MAX = 65535;
constexpr int INT_MIN = -2147483647 - 1;
constexpr int INT_MAX = 2147483647;
constexpr mql_uint UINT_MAX = 4294967295u;
constexpr mql_long LONG_MIN = -9223372036854775807ll - 1;
constexpr mql_long LONG_MAX = 9223372036854775807ll;
constexpr mql_ulong ULONG_MAX = 18446744073709551615ull;

#undef DBL_MIN
#undef DBL_MAX
#undef DBL_EPSILON
#undef DBL_DIG
#undef DBL_MANT_DIG
#undef DBL_MAX_10_EXP
#undef DBL_MAX_EXP
#undef DBL_MIN_10_EXP
#undef DBL_MIN_EXP
constexpr double DBL_MIN = 2.2250738585072014e-308;
constexpr double DBL_MAX = 1.7976931348623158e+308;
constexpr double DBL_EPSILON = 2.2204460492503131e-016;
constexpr int DBL_DIG = 15;
constexpr int DBL_MANT_DIG = 53;
constexpr int DBL_MAX_10_EXP = 308;
constexpr int DBL_MAX_EXP = 1024;
constexpr int DBL_MIN_10_EXP = -307;
constexpr int DBL_MIN_EXP = -1021;

#undef FLT_MIN
#undef FLT_MAX
#undef FLT_EPSILON
#undef FLT_DIG
#undef FLT_MANT_DIG
#undef FLT_MAX_10_EXP
#undef FLT_MAX_EXP
#undef FLT_MIN_10_EXP
#undef FLT_MIN_EXP
constexpr float FLT_MIN = 1.175494351e-38f;
constexpr float FLT_MAX = 3.402823466e+38f;
constexpr float FLT_EPSILON = 1.192092896e-07f;
constexpr int FLT_DIG = 6;
constexpr int FLT_MANT_DIG = 24;
constexpr int FLT_MAX_10_EXP = 38;
constexpr int FLT_MAX_EXP = 128;
constexpr int FLT_MIN_10_EXP = -37;
constexpr int FLT_MIN_EXP = -125;

//---------------------------------------------------------------------------------------------
// Mathematical Constants (double), with the digits the documentation gives.
#undef M_E
#undef M_LOG2E
#undef M_LOG10E
#undef M_LN2
#undef M_LN10
#undef M_PI
#undef M_PI_2
#undef M_PI_4
#undef M_1_PI
#undef M_2_PI
#undef M_2_SQRTPI
#undef M_SQRT2
#undef M_SQRT1_2
constexpr double M_E = 2.71828182845904523536;
constexpr double M_LOG2E = 1.44269504088896340736;
constexpr double M_LOG10E = 0.434294481903251827651;
constexpr double M_LN2 = 0.693147180559945309417;
constexpr double M_LN10 = 2.30258509299404568402;
constexpr double M_PI = 3.14159265358979323846;
constexpr double M_PI_2 = 1.57079632679489661923;
constexpr double M_PI_4 = 0.785398163397448309616;
constexpr double M_1_PI = 0.318309886183790671538;
constexpr double M_2_PI = 0.636619772367581343076;
constexpr double M_2_SQRTPI = 1.12837916709551257390;
constexpr double M_SQRT2 = 1.41421356237309504880;
constexpr double M_SQRT1_2 = 0.707106781186547524401;

//---------------------------------------------------------------------------------------------
// docs (Integer Types: color; MQL5 book: Color): 0x00BBGGRR in 4 bytes, a type of its own whose
// text is a web colour's name or "R,G,B" (ColorToString(value, true)); an integer in arithmetic.
class color {
 public:
  color() = default;  // trivial: a 4-byte integer in structures, arrays and a DLL's arguments
  constexpr color(mql_uint bgr) : v_(bgr) {}  // NOLINT: integers convert implicitly
  constexpr operator mql_uint() const { return v_; }

 private:
  mql_uint v_;
};
// docs (Web Colors): the clr* constants, 0x00BBGGRR.
constexpr color
    clrBlack = 0x000000, clrDarkGreen = 0x006400, clrDarkSlateGray = 0x4F4F2F, clrOlive = 0x008080,
    clrGreen = 0x008000, clrTeal = 0x808000, clrNavy = 0x800000, clrPurple = 0x800080, clrMaroon = 0x000080,
    clrIndigo = 0x82004B, clrMidnightBlue = 0x701919, clrDarkBlue = 0x8B0000, clrDarkOliveGreen = 0x2F6B55,
    clrSaddleBrown = 0x13458B, clrForestGreen = 0x228B22, clrOliveDrab = 0x238E6B, clrSeaGreen = 0x578B2E,
    clrDarkGoldenrod = 0x0B86B8, clrDarkSlateBlue = 0x8B3D48, clrSienna = 0x2D52A0, clrMediumBlue = 0xCD0000,
    clrBrown = 0x2A2AA5, clrDarkTurquoise = 0xD1CE00, clrDimGray = 0x696969, clrLightSeaGreen = 0xAAB220,
    clrDarkViolet = 0xD30094, clrFireBrick = 0x2222B2, clrMediumVioletRed = 0x8515C7, clrMediumSeaGreen = 0x71B33C,
    clrChocolate = 0x1E69D2, clrCrimson = 0x3C14DC, clrSteelBlue = 0xB48246, clrGoldenrod = 0x20A5DA,
    clrMediumSpringGreen = 0x9AFA00, clrLawnGreen = 0x00FC7C, clrCadetBlue = 0xA09E5F, clrDarkOrchid = 0xCC3299,
    clrYellowGreen = 0x32CD9A, clrLimeGreen = 0x32CD32, clrOrangeRed = 0x0045FF, clrDarkOrange = 0x008CFF,
    clrOrange = 0x00A5FF, clrGold = 0x00D7FF, clrYellow = 0x00FFFF, clrChartreuse = 0x00FF7F, clrLime = 0x00FF00,
    clrSpringGreen = 0x7FFF00, clrAqua = 0xFFFF00, clrDeepSkyBlue = 0xFFBF00, clrBlue = 0xFF0000,
    clrMagenta = 0xFF00FF, clrRed = 0x0000FF, clrGray = 0x808080, clrSlateGray = 0x908070, clrPeru = 0x3F85CD,
    clrBlueViolet = 0xE22B8A, clrLightSlateGray = 0x998877, clrDeepPink = 0x9314FF, clrMediumTurquoise = 0xCCD148,
    clrDodgerBlue = 0xFF901E, clrTurquoise = 0xD0E040, clrRoyalBlue = 0xE16941, clrSlateBlue = 0xCD5A6A,
    clrDarkKhaki = 0x6BB7BD, clrIndianRed = 0x5C5CCD, clrMediumOrchid = 0xD355BA, clrGreenYellow = 0x2FFFAD,
    clrMediumAquamarine = 0xAACD66, clrDarkSeaGreen = 0x8FBC8F, clrTomato = 0x4763FF, clrRosyBrown = 0x8F8FBC,
    clrOrchid = 0xD670DA, clrMediumPurple = 0xDB7093, clrPaleVioletRed = 0x9370DB, clrCoral = 0x507FFF,
    clrCornflowerBlue = 0xED9564, clrDarkGray = 0xA9A9A9, clrSandyBrown = 0x60A4F4, clrMediumSlateBlue = 0xEE687B,
    clrTan = 0x8CB4D2, clrDarkSalmon = 0x7A96E9, clrBurlyWood = 0x87B8DE, clrHotPink = 0xB469FF,
    clrSalmon = 0x7280FA, clrViolet = 0xEE82EE, clrLightCoral = 0x8080F0, clrSkyBlue = 0xEBCE87,
    clrLightSalmon = 0x7AA0FF, clrPlum = 0xDDA0DD, clrKhaki = 0x8CE6F0, clrLightGreen = 0x90EE90,
    clrAquamarine = 0xD4FF7F, clrSilver = 0xC0C0C0, clrLightSkyBlue = 0xFACE87, clrLightSteelBlue = 0xDEC4B0,
    clrLightBlue = 0xE6D8AD, clrPaleGreen = 0x98FB98, clrThistle = 0xD8BFD8, clrPowderBlue = 0xE6E0B0,
    clrPaleGoldenrod = 0xAAE8EE, clrPaleTurquoise = 0xEEEEAF, clrLightGray = 0xD3D3D3, clrWheat = 0xB3DEF5,
    clrNavajoWhite = 0xADDEFF, clrMoccasin = 0xB5E4FF, clrLightPink = 0xC1B6FF, clrGainsboro = 0xDCDCDC,
    clrPeachPuff = 0xB9DAFF, clrPink = 0xCBC0FF, clrBisque = 0xC4E4FF, clrBlanchedAlmond = 0xCDEBFF,
    clrLemonChiffon = 0xCDFAFF, clrBeige = 0xDCF5F5, clrAntiqueWhite = 0xD7EBFA, clrPapayaWhip = 0xD5EFFF,
    clrCornsilk = 0xDCF8FF, clrLightYellow = 0xE0FFFF, clrLightCyan = 0xFFFFE0, clrLinen = 0xE6F0FA,
    clrLavender = 0xFAE6E6, clrMistyRose = 0xE1E4FF, clrOldLace = 0xE6F5FD, clrWhiteSmoke = 0xF5F5F5,
    clrSeashell = 0xEEF5FF, clrIvory = 0xF0FFFF, clrHoneydew = 0xF0FFF0, clrAliceBlue = 0xFFF8F0,
    clrLavenderBlush = 0xF5F0FF, clrMintCream = 0xFAFFF5, clrSnow = 0xFAFAFF, clrWhite = 0xFFFFFF;
// Other Constants. clrNONE is a color, 0xFFFFFFFF (an int compares equal to it at -1). NULL stays the C++ one.
constexpr int CHARTS_MAX = 100;
constexpr color clrNONE = 0xFFFFFFFFu;
constexpr color CLR_NONE = 0xFFFFFFFFu;
constexpr double EMPTY_VALUE = DBL_MAX;
constexpr int INVALID_HANDLE = -1;
constexpr bool IS_DEBUG_MODE = false;    // the harness runs the release build of a program
constexpr bool IS_PROFILE_MODE = false;
constexpr int WHOLE_ARRAY = -1;
namespace mql5 {
// WRONG_VALUE: -1 that converts implicitly to any enumeration (docs), which an int does not in C++.
struct wrong_value {
  constexpr operator int() const { return -1; }
  template <class E, typename std::enable_if<std::is_enum<E>::value, int>::type = 0>
  operator E() const {  // through the underlying type: -1 may lie outside an enumeration's values
    return static_cast<E>(static_cast<typename std::underlying_type<E>::type>(-1));
  }
};
// A number given for an enumeration parameter (translate.py enum_int_overloads writes the
// overload taking it): any number or enumerator, but not WRONG_VALUE, which converts to the
// enumeration itself (the standard library's CExpert::Init calls TimeframeAdd(WRONG_VALUE)).
struct enum_number {
  template <class I, typename std::enable_if<std::is_arithmetic<I>::value || std::is_enum<I>::value, int>::type = 0>
  constexpr enum_number(I x) : v(static_cast<int>(x)) {}  // NOLINT: implicit, as MetaEditor converts it
  constexpr operator int() const { return v; }
  int v;
};
}  // namespace mql5
constexpr mql5::wrong_value WRONG_VALUE{};

//---------------------------------------------------------------------------------------------
// Runtime Errors: the groups of the built-ins this runtime has (general, files, strings,
// arrays, OpenCL, matrices) and the user's range.
constexpr int ERR_SUCCESS = 0;
constexpr int ERR_INTERNAL_ERROR = 4001;
constexpr int ERR_WRONG_INTERNAL_PARAMETER = 4002;
constexpr int ERR_INVALID_PARAMETER = 4003;
constexpr int ERR_NOT_ENOUGH_MEMORY = 4004;
constexpr int ERR_STRUCT_WITHOBJECTS_ORCLASS = 4005;
constexpr int ERR_INVALID_ARRAY = 4006;
constexpr int ERR_ARRAY_RESIZE_ERROR = 4007;
constexpr int ERR_STRING_RESIZE_ERROR = 4008;
constexpr int ERR_NOTINITIALIZED_STRING = 4009;
constexpr int ERR_INVALID_DATETIME = 4010;
// market information, history, trade, indicators (mql5_market.hpp, mql5_indicators.hpp)
constexpr int ERR_MARKET_UNKNOWN_SYMBOL = 4301;
constexpr int ERR_HISTORY_NOT_FOUND = 4401;
constexpr int ERR_INDICATOR_CANNOT_CREATE = 4802;
constexpr int ERR_INDICATOR_WRONG_HANDLE = 4807;
constexpr int ERR_INDICATOR_WRONG_PARAMETERS = 4808;
constexpr int ERR_ARRAY_BAD_SIZE = 4011;
constexpr int ERR_INVALID_POINTER = 4012;
constexpr int ERR_INVALID_POINTER_TYPE = 4013;
constexpr int ERR_FUNCTION_NOT_ALLOWED = 4014;
constexpr int ERR_RESOURCE_NAME_DUPLICATED = 4015;
constexpr int ERR_RESOURCE_NOT_FOUND = 4016;
constexpr int ERR_RESOURCE_UNSUPPORTED_TYPE = 4017;
constexpr int ERR_RESOURCE_NAME_IS_TOO_LONG = 4018;
constexpr int ERR_MATH_OVERFLOW = 4019;
constexpr int ERR_SLEEP_ERROR = 4020;
constexpr int ERR_PROGRAM_STOPPED = 4022;
constexpr int ERR_INVALID_TYPE = 4023;
constexpr int ERR_INVALID_HANDLE = 4024;
constexpr int ERR_TOO_MANY_OBJECTS = 4025;
// File Operations
constexpr int ERR_TOO_MANY_FILES = 5001;
constexpr int ERR_WRONG_FILENAME = 5002;
constexpr int ERR_TOO_LONG_FILENAME = 5003;
constexpr int ERR_CANNOT_OPEN_FILE = 5004;
constexpr int ERR_FILE_CACHEBUFFER_ERROR = 5005;
constexpr int ERR_CANNOT_DELETE_FILE = 5006;
constexpr int ERR_INVALID_FILEHANDLE = 5007;
constexpr int ERR_WRONG_FILEHANDLE = 5008;
constexpr int ERR_FILE_NOTTOWRITE = 5009;
constexpr int ERR_FILE_NOTTOREAD = 5010;
constexpr int ERR_FILE_NOTBIN = 5011;
constexpr int ERR_FILE_NOTTXT = 5012;
constexpr int ERR_FILE_NOTTXTORCSV = 5013;
constexpr int ERR_FILE_NOTCSV = 5014;
constexpr int ERR_FILE_READERROR = 5015;
constexpr int ERR_FILE_BINSTRINGSIZE = 5016;
constexpr int ERR_INCOMPATIBLE_FILE = 5017;
constexpr int ERR_FILE_IS_DIRECTORY = 5018;
constexpr int ERR_FILE_NOT_EXIST = 5019;
constexpr int ERR_FILE_CANNOT_REWRITE = 5020;
constexpr int ERR_WRONG_DIRECTORYNAME = 5021;
constexpr int ERR_DIRECTORY_NOT_EXIST = 5022;
constexpr int ERR_FILE_ISNOT_DIRECTORY = 5023;
constexpr int ERR_CANNOT_DELETE_DIRECTORY = 5024;
constexpr int ERR_CANNOT_CLEAN_DIRECTORY = 5025;
constexpr int ERR_FILE_WRITEERROR = 5026;
constexpr int ERR_FILE_ENDOFFILE = 5027;
// String Casting
constexpr int ERR_NO_STRING_DATE = 5030;
constexpr int ERR_WRONG_STRING_DATE = 5031;
constexpr int ERR_WRONG_STRING_TIME = 5032;
constexpr int ERR_STRING_TIME_ERROR = 5033;
constexpr int ERR_STRING_OUT_OF_MEMORY = 5034;
constexpr int ERR_STRING_SMALL_LEN = 5035;
constexpr int ERR_STRING_TOO_BIGNUMBER = 5036;
constexpr int ERR_WRONG_FORMATSTRING = 5037;
constexpr int ERR_TOO_MANY_FORMATTERS = 5038;
constexpr int ERR_TOO_MANY_PARAMETERS = 5039;
constexpr int ERR_WRONG_STRING_PARAMETER = 5040;
constexpr int ERR_STRINGPOS_OUTOFRANGE = 5041;
constexpr int ERR_STRING_ZEROADDED = 5042;
constexpr int ERR_STRING_UNKNOWNTYPE = 5043;
constexpr int ERR_WRONG_STRING_OBJECT = 5044;
// Operations with Arrays
constexpr int ERR_INCOMPATIBLE_ARRAYS = 5050;
constexpr int ERR_SMALL_ASSERIES_ARRAY = 5051;
constexpr int ERR_SMALL_ARRAY = 5052;
constexpr int ERR_ZEROSIZE_ARRAY = 5053;
constexpr int ERR_NUMBER_ARRAYS_ONLY = 5054;
constexpr int ERR_ONEDIM_ARRAYS_ONLY = 5055;
constexpr int ERR_SERIES_ARRAY = 5056;
constexpr int ERR_DOUBLE_ARRAY_ONLY = 5057;
constexpr int ERR_FLOAT_ARRAY_ONLY = 5058;
constexpr int ERR_LONG_ARRAY_ONLY = 5059;
constexpr int ERR_INT_ARRAY_ONLY = 5060;
constexpr int ERR_SHORT_ARRAY_ONLY = 5061;
constexpr int ERR_CHAR_ARRAY_ONLY = 5062;
constexpr int ERR_STRING_ARRAY_ONLY = 5063;
// Operations with OpenCL (also docs/mql5-opencl-api.md, 1.6)
constexpr int ERR_OPENCL_NOT_SUPPORTED = 5100;
constexpr int ERR_OPENCL_INTERNAL = 5101;
constexpr int ERR_OPENCL_INVALID_HANDLE = 5102;
constexpr int ERR_OPENCL_CONTEXT_CREATE = 5103;
constexpr int ERR_OPENCL_QUEUE_CREATE = 5104;
constexpr int ERR_OPENCL_PROGRAM_CREATE = 5105;
constexpr int ERR_OPENCL_TOO_LONG_KERNEL_NAME = 5106;
constexpr int ERR_OPENCL_KERNEL_CREATE = 5107;
constexpr int ERR_OPENCL_SET_KERNEL_PARAMETER = 5108;
constexpr int ERR_OPENCL_EXECUTE = 5109;
constexpr int ERR_OPENCL_WRONG_BUFFER_SIZE = 5110;
constexpr int ERR_OPENCL_WRONG_BUFFER_OFFSET = 5111;
constexpr int ERR_OPENCL_BUFFER_CREATE = 5112;
constexpr int ERR_OPENCL_TOO_MANY_OBJECTS = 5113;
constexpr int ERR_OPENCL_SELECTDEVICE = 5114;
// Matrix and Vector Methods
constexpr int ERR_MATRIX_INTERNAL = 5700;
constexpr int ERR_MATRIX_NOT_INITIALIZED = 5701;
constexpr int ERR_MATRIX_INCONSISTENT = 5702;
constexpr int ERR_MATRIX_INVALID_SIZE = 5703;
constexpr int ERR_MATRIX_INVALID_TYPE = 5704;
constexpr int ERR_MATRIX_FUNC_NOT_ALLOWED = 5705;
constexpr int ERR_MATRIX_CONTAINS_NAN = 5706;
// User errors: SetUserError(code) sets ERR_USER_ERROR_FIRST + code, code a ushort; the table
// names only the first, the standard library's ErrorDescription() tests code < ERR_USER_ERROR_LAST.
constexpr int ERR_USER_ERROR_FIRST = 65536;
constexpr int ERR_USER_ERROR_LAST = 131072;

// The predefined variable _LastError and its functions (docs: _LastError, GetLastError,
// ResetLastError, SetUserError). Real objects, not macros: an include may #define the names to
// its own functions, which call these (mql5/Include/mqlcl/OpenCLBuiltins.mqh does).
// GetLastError() does not reset it (MQL5; MQL4's did); a successful call leaves it as it was.
extern int _LastError;
extern mql_uint _RandomSeed;
int GetLastError();
void ResetLastError();
void SetUserError(mql_ushort user_error);

//---------------------------------------------------------------------------------------------
// Code pages of the string conversions (docs: Use of a Codepage).
constexpr mql_uint CP_ACP = 0;
constexpr mql_uint CP_OEMCP = 1;
constexpr mql_uint CP_MACCP = 2;
constexpr mql_uint CP_THREAD_ACP = 3;
constexpr mql_uint CP_SYMBOL = 42;
constexpr mql_uint CP_UTF7 = 65000;
constexpr mql_uint CP_UTF8 = 65001;
// TimeToString's mode (docs: TimeToString).
constexpr int TIME_DATE = 1;
constexpr int TIME_MINUTES = 2;
constexpr int TIME_SECONDS = 4;
// docs (ENUM_DATATYPE: Constants for MqlParam and the standard library's Type() values).
enum ENUM_DATATYPE {
  TYPE_BOOL = 1, TYPE_CHAR, TYPE_UCHAR, TYPE_SHORT, TYPE_USHORT, TYPE_COLOR, TYPE_INT, TYPE_UINT,
  TYPE_DATETIME, TYPE_LONG, TYPE_ULONG, TYPE_FLOAT, TYPE_DOUBLE, TYPE_STRING
};
// The sizes FileWriteInteger/FileReadInteger take (docs: FileWriteInteger).
constexpr int CHAR_VALUE = 1;
constexpr int SHORT_VALUE = 2;
constexpr int INT_VALUE = 4;
constexpr int LONG_VALUE = 8;
// MessageBox's flags and answers (docs: MessageBox Dialog Window Constants): the harness has
// no dialog; MessageBox logs its text and answers IDOK.
constexpr int MB_OK = 0x00000000;
constexpr int MB_OKCANCEL = 0x00000001;
constexpr int MB_YESNO = 0x00000004;
constexpr int MB_ICONERROR = 0x00000010;
constexpr int MB_ICONQUESTION = 0x00000020;
constexpr int MB_ICONWARNING = 0x00000030;
constexpr int MB_ICONINFORMATION = 0x00000040;
constexpr int IDOK = 1;
constexpr int IDCANCEL = 2;
constexpr int IDYES = 6;
constexpr int IDNO = 7;
// What MQLInfoInteger / TerminalInfoInteger answer in the harness (docs: MQLInfoInteger,
// TerminalInfoInteger): a script, outside the tester, with DLLs allowed.
enum ENUM_PROGRAM_TYPE { PROGRAM_EXPERT, PROGRAM_SCRIPT, PROGRAM_INDICATOR, PROGRAM_SERVICE };
enum ENUM_MQL_INFO_INTEGER {
  MQL_PROGRAM_TYPE, MQL_DLLS_ALLOWED, MQL_TRADE_ALLOWED, MQL_SIGNALS_ALLOWED, MQL_DEBUG, MQL_PROFILER,
  MQL_TESTER, MQL_FORWARD, MQL_OPTIMIZATION, MQL_VISUAL_MODE, MQL_FRAME_MODE
};
enum ENUM_TERMINAL_INFO_INTEGER {
  TERMINAL_BUILD, TERMINAL_CPU_CORES, TERMINAL_DLLS_ALLOWED, TERMINAL_X64, TERMINAL_OPENCL_SUPPORT, TERMINAL_CONNECTED,
  TERMINAL_TRADE_ALLOWED, TERMINAL_MAXBARS, TERMINAL_CODEPAGE, TERMINAL_MEMORY_PHYSICAL, TERMINAL_MEMORY_TOTAL,
  TERMINAL_MEMORY_AVAILABLE, TERMINAL_MEMORY_USED, TERMINAL_DISK_SPACE, TERMINAL_SCREEN_DPI, TERMINAL_PING_LAST,
  TERMINAL_COMMUNITY_ACCOUNT, TERMINAL_COMMUNITY_CONNECTION, TERMINAL_EMAIL_ENABLED, TERMINAL_FTP_ENABLED,
  TERMINAL_NOTIFICATIONS_ENABLED, TERMINAL_MQID
};
// MQLInfoString: the program's name (its file without the extension) and its path.
enum ENUM_MQL_INFO_STRING { MQL_PROGRAM_NAME, MQL_PROGRAM_PATH };
// The compiler build the harness answers for __MQLBUILD__ and TERMINAL_BUILD: a build with
// matrices, vectors and OpenCL as this runtime has them.
constexpr int MQL5_HARNESS_BUILD = 4620;
// ArrayPrint's flags (docs: ArrayPrint).
constexpr mql_ulong ARRAYPRINT_HEADER = 1;
constexpr mql_ulong ARRAYPRINT_INDEX = 2;
constexpr mql_ulong ARRAYPRINT_LIMIT = 4;
constexpr mql_ulong ARRAYPRINT_ALIGN = 8;
constexpr mql_ulong ARRAYPRINT_DATE = 16;
constexpr mql_ulong ARRAYPRINT_MINUTES = 32;
constexpr mql_ulong ARRAYPRINT_SECONDS = 64;
// The chart's symbol's digits and point (docs: _Digits, _Point): those the bars imply
// (mql5_market.hpp), EURUSD's 5 and 0.00001 without bars.
extern int _Digits;
extern double _Point;
// FileSeek's origin (docs: ENUM_FILE_POSITION); the C library's macros have the same values.
#undef SEEK_SET
#undef SEEK_CUR
#undef SEEK_END
enum ENUM_FILE_POSITION { SEEK_SET = 0, SEEK_CUR = 1, SEEK_END = 2 };
