// The terminal's environment a program asks about, as the harness answers: the checkup functions
// given a number for their property (docs: TerminalInfoInteger ... take int), the terminal's
// global variables (kept for the run: no other program shares them), the strategy tester's own
// functions (TesterStatistics of a test without trades, TesterStop, TesterDeposit), the local
// time's offsets (the harness's clock is UTC), and a few leftovers of their families.
#pragma once

enum ENUM_TERMINAL_INFO_DOUBLE { TERMINAL_COMMUNITY_BALANCE, TERMINAL_RETRANSMISSION };
enum ENUM_TERMINAL_INFO_STRING { TERMINAL_LANGUAGE, TERMINAL_COMPANY, TERMINAL_NAME, TERMINAL_PATH, TERMINAL_DATA_PATH,
                                 TERMINAL_COMMONDATA_PATH };
inline int MQLInfoInteger(int property_id) { return MQLInfoInteger(static_cast<ENUM_MQL_INFO_INTEGER>(property_id)); }
// The first names of MQLInfoInteger and its property, which the terminal still compiles: the
// standard library's Indicators/Series.mqh (in its sample Expert Advisors' .ex5) calls them.
inline int MQL5InfoInteger(int property_id) { return MQLInfoInteger(property_id); }
constexpr ENUM_MQL_INFO_INTEGER MQL5_PROGRAM_TYPE = MQL_PROGRAM_TYPE, MQL5_DLLS_ALLOWED = MQL_DLLS_ALLOWED,
                                MQL5_TRADE_ALLOWED = MQL_TRADE_ALLOWED, MQL5_DEBUG = MQL_DEBUG,
                                MQL5_PROFILER = MQL_PROFILER, MQL5_TESTING = MQL_TESTER,
                                MQL5_OPTIMIZATION = MQL_OPTIMIZATION, MQL5_VISUAL_MODE = MQL_VISUAL_MODE,
                                MQL5_FRAME_MODE = MQL_FRAME_MODE;
inline int TerminalInfoInteger(int property_id) {
  return TerminalInfoInteger(static_cast<ENUM_TERMINAL_INFO_INTEGER>(property_id));
}
inline string MQLInfoString(int property_id) { return MQLInfoString(static_cast<ENUM_MQL_INFO_STRING>(property_id)); }
double TerminalInfoDouble(int property_id);
string TerminalInfoString(int property_id);

// docs (Global Variables of the Terminal): a name's double value and the time it was last set.
bool GlobalVariableCheck(const string& name);
datetime GlobalVariableTime(const string& name);
bool GlobalVariableDel(const string& name);
double GlobalVariableGet(const string& name);
bool GlobalVariableGet(const string& name, double& double_var);
string GlobalVariableName(int index);
datetime GlobalVariableSet(const string& name, double value);
void GlobalVariablesFlush();
bool GlobalVariableTemp(const string& name);
bool GlobalVariableSetOnCondition(const string& name, double value, double check_value);
int GlobalVariablesDeleteAll(const string& prefix_name = string(), datetime limit_data = 0);
int GlobalVariablesTotal();

// docs (TesterStatistics: ENUM_STATISTICS): the harness trades nothing, so every figure of the
// test's trades is 0; the deposit is the initial one and the balance and equity the account's.
enum ENUM_STATISTICS {
  STAT_INITIAL_DEPOSIT, STAT_WITHDRAWAL, STAT_PROFIT, STAT_GROSS_PROFIT, STAT_GROSS_LOSS, STAT_MAX_PROFITTRADE,
  STAT_MAX_LOSSTRADE, STAT_CONPROFITMAX, STAT_CONPROFITMAX_TRADES, STAT_MAX_CONWINS, STAT_MAX_CONPROFIT_TRADES,
  STAT_CONLOSSMAX, STAT_CONLOSSMAX_TRADES, STAT_MAX_CONLOSSES, STAT_MAX_CONLOSS_TRADES, STAT_BALANCEMIN,
  STAT_BALANCE_DD, STAT_BALANCEDD_PERCENT, STAT_BALANCE_DDREL_PERCENT, STAT_BALANCE_DD_RELATIVE, STAT_EQUITYMIN,
  STAT_EQUITY_DD, STAT_EQUITYDD_PERCENT, STAT_EQUITY_DDREL_PERCENT, STAT_EQUITY_DD_RELATIVE, STAT_EXPECTED_PAYOFF,
  STAT_PROFIT_FACTOR, STAT_RECOVERY_FACTOR, STAT_SHARPE_RATIO, STAT_MIN_MARGINLEVEL, STAT_CUSTOM_ONTESTER, STAT_DEALS,
  STAT_TRADES, STAT_PROFIT_TRADES, STAT_LOSS_TRADES, STAT_SHORT_TRADES, STAT_LONG_TRADES, STAT_PROFIT_SHORTTRADES,
  STAT_PROFIT_LONGTRADES, STAT_PROFITTRADES_AVGCON, STAT_LOSSTRADES_AVGCON, STAT_COMPLEX_CRITERION
};
double TesterStatistics(ENUM_STATISTICS statistic_id);
void TesterStop();
bool TesterDeposit(double money);
bool TesterWithdrawal(double money);
void TesterHideIndicators(bool hide);
// docs (SetReturnError): a script's exit code for the terminal's command line.
void SetReturnError(int ret_code);

datetime TimeLocal(MqlDateTime& dt_struct);
int TimeDaylightSavings();
int TimeGMTOffset();

// docs (MathClassify, ENUM_FP_CLASS). C's <math.h> has names of its own for these (the runtime's
// sources include it; a program never sees it): there, MQL5's are left out.
#if !defined(FP_NAN)
enum ENUM_FP_CLASS { FP_SUBNORMAL, FP_INFINITE, FP_NAN, FP_ZERO, FP_NORMAL };
inline ENUM_FP_CLASS MathClassify(double value) {
  if (value != value) return FP_NAN;
  if (__builtin_isinf(value)) return FP_INFINITE;
  if (value == 0) return FP_ZERO;
  return (value < 0 ? -value : value) < 2.2250738585072014e-308 ? FP_SUBNORMAL : FP_NORMAL;
}
#endif
// docs (ColorToPRGB): ARGB with the colour's components premultiplied by alpha.
mql_uint ColorToPRGB(color clr, mql_uchar alpha = 255);
// docs (StringBufferLen, StringSetLength, StringReserve).
int StringBufferLen(const string& string_var);
bool StringSetLength(string& string_var, mql_uint new_length);
bool StringReserve(string& string_var, mql_uint new_capacity);

namespace mql5 {
int return_error();  // what SetReturnError set (0: none): the script's exit code
void account_add(double money);  // TesterDeposit / TesterWithdrawal (mql5_market.cpp)
}  // namespace mql5
