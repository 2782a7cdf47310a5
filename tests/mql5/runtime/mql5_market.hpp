// The market a program sees, as the strategy tester shows it without visualisation: one symbol's
// bars read from a file (--bars FILE, the terminal's export of a symbol's bars), the current bar
// moving one bar a tick; the timeseries and the symbol's properties those bars imply (docs:
// Timeseries and Indicators Access, Market Info); the tester's account (a deposit, no position);
// trade requests answered as the terminal answers them with automated trading disabled (docs:
// OrderSend, return codes); the events of Expert Advisors and indicators (docs: Event Handling).
// Without --bars the market has no bars: the series functions answer as for a symbol without
// history, and _Symbol/_Point/_Digits are EURUSD's.
#pragma once

// docs (Chart Timeframes): the terminal's values.
enum ENUM_TIMEFRAMES {
  PERIOD_CURRENT = 0, PERIOD_M1 = 1, PERIOD_M2 = 2, PERIOD_M3 = 3, PERIOD_M4 = 4, PERIOD_M5 = 5, PERIOD_M6 = 6,
  PERIOD_M10 = 10, PERIOD_M12 = 12, PERIOD_M15 = 15, PERIOD_M20 = 20, PERIOD_M30 = 30, PERIOD_H1 = 0x4001,
  PERIOD_H2 = 0x4002, PERIOD_H3 = 0x4003, PERIOD_H4 = 0x4004, PERIOD_H6 = 0x4006, PERIOD_H8 = 0x4008,
  PERIOD_H12 = 0x400C, PERIOD_D1 = 0x4018, PERIOD_W1 = 0x8001, PERIOD_MN1 = 0xC001
};
enum ENUM_SERIES_INFO_INTEGER {
  SERIES_BARS_COUNT, SERIES_FIRSTDATE, SERIES_LASTBAR_DATE, SERIES_SERVER_FIRSTDATE, SERIES_TERMINAL_FIRSTDATE,
  SERIES_SYNCHRONIZED
};
enum ENUM_SYMBOL_INFO_INTEGER {
  SYMBOL_SELECT, SYMBOL_VISIBLE, SYMBOL_DIGITS, SYMBOL_SPREAD, SYMBOL_SPREAD_FLOAT, SYMBOL_TRADE_STOPS_LEVEL,
  SYMBOL_TRADE_FREEZE_LEVEL, SYMBOL_TRADE_MODE, SYMBOL_TRADE_EXEMODE, SYMBOL_TIME, SYMBOL_FILLING_MODE,
  SYMBOL_EXPIRATION_MODE, SYMBOL_ORDER_MODE, SYMBOL_TRADE_CALC_MODE, SYMBOL_SWAP_MODE, SYMBOL_SWAP_ROLLOVER3DAYS,
  SYMBOL_VOLUME, SYMBOL_VOLUMEHIGH, SYMBOL_VOLUMELOW, SYMBOL_CUSTOM, SYMBOL_EXIST, SYMBOL_SECTOR, SYMBOL_INDUSTRY,
  SYMBOL_BACKGROUND_COLOR, SYMBOL_CHART_MODE, SYMBOL_SESSION_DEALS, SYMBOL_SESSION_BUY_ORDERS,
  SYMBOL_SESSION_SELL_ORDERS, SYMBOL_TIME_MSC, SYMBOL_TICKS_BOOKDEPTH, SYMBOL_START_TIME, SYMBOL_EXPIRATION_TIME,
  SYMBOL_MARGIN_HEDGED_USE_LEG, SYMBOL_ORDER_GTC_MODE, SYMBOL_OPTION_MODE, SYMBOL_OPTION_RIGHT
};
enum ENUM_SYMBOL_INFO_DOUBLE {
  SYMBOL_BID, SYMBOL_BIDHIGH, SYMBOL_BIDLOW, SYMBOL_ASK, SYMBOL_ASKHIGH, SYMBOL_ASKLOW, SYMBOL_LAST, SYMBOL_POINT,
  SYMBOL_TRADE_TICK_VALUE, SYMBOL_TRADE_TICK_VALUE_PROFIT, SYMBOL_TRADE_TICK_VALUE_LOSS, SYMBOL_TRADE_TICK_SIZE,
  SYMBOL_TRADE_CONTRACT_SIZE, SYMBOL_VOLUME_MIN, SYMBOL_VOLUME_MAX, SYMBOL_VOLUME_STEP, SYMBOL_VOLUME_LIMIT,
  SYMBOL_SWAP_LONG, SYMBOL_SWAP_SHORT, SYMBOL_MARGIN_INITIAL, SYMBOL_MARGIN_MAINTENANCE, SYMBOL_MARGIN_LONG,
  SYMBOL_MARGIN_SHORT, SYMBOL_MARGIN_LIMIT, SYMBOL_MARGIN_STOP, SYMBOL_MARGIN_STOPLIMIT, SYMBOL_MARGIN_HEDGED,
  SYMBOL_SESSION_VOLUME, SYMBOL_SESSION_TURNOVER, SYMBOL_SESSION_INTEREST, SYMBOL_SESSION_BUY_ORDERS_VOLUME,
  SYMBOL_SESSION_SELL_ORDERS_VOLUME, SYMBOL_SESSION_OPEN, SYMBOL_SESSION_CLOSE, SYMBOL_SESSION_AW,
  SYMBOL_SESSION_PRICE_SETTLEMENT, SYMBOL_SESSION_PRICE_LIMIT_MIN, SYMBOL_SESSION_PRICE_LIMIT_MAX, SYMBOL_LASTHIGH,
  SYMBOL_LASTLOW, SYMBOL_VOLUME_REAL, SYMBOL_VOLUMEHIGH_REAL, SYMBOL_VOLUMELOW_REAL, SYMBOL_OPTION_STRIKE,
  SYMBOL_TRADE_ACCRUED_INTEREST, SYMBOL_TRADE_FACE_VALUE, SYMBOL_TRADE_LIQUIDITY_RATE, SYMBOL_PRICE_CHANGE,
  SYMBOL_PRICE_VOLATILITY, SYMBOL_PRICE_THEORETICAL, SYMBOL_PRICE_DELTA, SYMBOL_PRICE_THETA, SYMBOL_PRICE_GAMMA,
  SYMBOL_PRICE_VEGA, SYMBOL_PRICE_RHO, SYMBOL_PRICE_OMEGA, SYMBOL_PRICE_SENSITIVITY, SYMBOL_SWAP_SUNDAY,
  SYMBOL_SWAP_MONDAY, SYMBOL_SWAP_TUESDAY, SYMBOL_SWAP_WEDNESDAY, SYMBOL_SWAP_THURSDAY, SYMBOL_SWAP_FRIDAY,
  SYMBOL_SWAP_SATURDAY
};
enum ENUM_SYMBOL_CALC_MODE {
  SYMBOL_CALC_MODE_FOREX, SYMBOL_CALC_MODE_FOREX_NO_LEVERAGE, SYMBOL_CALC_MODE_FUTURES, SYMBOL_CALC_MODE_CFD,
  SYMBOL_CALC_MODE_CFDINDEX, SYMBOL_CALC_MODE_CFDLEVERAGE, SYMBOL_CALC_MODE_EXCH_STOCKS, SYMBOL_CALC_MODE_EXCH_FUTURES,
  SYMBOL_CALC_MODE_EXCH_FUTURES_FORTS, SYMBOL_CALC_MODE_EXCH_BONDS, SYMBOL_CALC_MODE_EXCH_STOCKS_MOEX,
  SYMBOL_CALC_MODE_EXCH_BONDS_MOEX, SYMBOL_CALC_MODE_SERV_COLLATERAL, SYMBOL_CALC_MODE_EXCH_OPTIONS,
  SYMBOL_CALC_MODE_EXCH_OPTIONS_MARGIN
};
enum ENUM_SYMBOL_TRADE_MODE {
  SYMBOL_TRADE_MODE_DISABLED, SYMBOL_TRADE_MODE_LONGONLY, SYMBOL_TRADE_MODE_SHORTONLY, SYMBOL_TRADE_MODE_CLOSEONLY,
  SYMBOL_TRADE_MODE_FULL
};
enum ENUM_SYMBOL_TRADE_EXECUTION {
  SYMBOL_TRADE_EXECUTION_REQUEST, SYMBOL_TRADE_EXECUTION_INSTANT, SYMBOL_TRADE_EXECUTION_MARKET,
  SYMBOL_TRADE_EXECUTION_EXCHANGE
};
enum ENUM_SYMBOL_SWAP_MODE {
  SYMBOL_SWAP_MODE_DISABLED, SYMBOL_SWAP_MODE_POINTS, SYMBOL_SWAP_MODE_CURRENCY_SYMBOL, SYMBOL_SWAP_MODE_CURRENCY_MARGIN,
  SYMBOL_SWAP_MODE_CURRENCY_DEPOSIT, SYMBOL_SWAP_MODE_INTEREST_CURRENT, SYMBOL_SWAP_MODE_INTEREST_OPEN,
  SYMBOL_SWAP_MODE_REOPEN_CURRENT, SYMBOL_SWAP_MODE_REOPEN_BID
};
enum ENUM_SYMBOL_INFO_STRING {
  SYMBOL_BASIS, SYMBOL_CURRENCY_BASE, SYMBOL_CURRENCY_PROFIT, SYMBOL_CURRENCY_MARGIN, SYMBOL_DESCRIPTION, SYMBOL_PATH,
  SYMBOL_BANK, SYMBOL_CATEGORY, SYMBOL_COUNTRY, SYMBOL_SECTOR_NAME, SYMBOL_INDUSTRY_NAME, SYMBOL_EXCHANGE,
  SYMBOL_FORMULA, SYMBOL_ISIN, SYMBOL_PAGE
};
enum ENUM_ACCOUNT_INFO_INTEGER {
  ACCOUNT_LOGIN, ACCOUNT_TRADE_MODE, ACCOUNT_LEVERAGE, ACCOUNT_LIMIT_ORDERS, ACCOUNT_MARGIN_SO_MODE, ACCOUNT_TRADE_ALLOWED,
  ACCOUNT_TRADE_EXPERT, ACCOUNT_MARGIN_MODE, ACCOUNT_CURRENCY_DIGITS, ACCOUNT_FIFO_CLOSE, ACCOUNT_HEDGE_ALLOWED
};
enum ENUM_ACCOUNT_INFO_DOUBLE {
  ACCOUNT_BALANCE, ACCOUNT_CREDIT, ACCOUNT_PROFIT, ACCOUNT_EQUITY, ACCOUNT_MARGIN, ACCOUNT_MARGIN_FREE, ACCOUNT_MARGIN_LEVEL,
  ACCOUNT_MARGIN_SO_CALL, ACCOUNT_MARGIN_SO_SO, ACCOUNT_MARGIN_INITIAL, ACCOUNT_MARGIN_MAINTENANCE, ACCOUNT_ASSETS,
  ACCOUNT_LIABILITIES, ACCOUNT_COMMISSION_BLOCKED
};
// the first name of ACCOUNT_MARGIN_FREE: the standard library's Trade/Trade.mqh asks it
constexpr ENUM_ACCOUNT_INFO_DOUBLE ACCOUNT_FREEMARGIN = ACCOUNT_MARGIN_FREE;
enum ENUM_ACCOUNT_INFO_STRING { ACCOUNT_NAME, ACCOUNT_SERVER, ACCOUNT_CURRENCY, ACCOUNT_COMPANY };
enum ENUM_ACCOUNT_TRADE_MODE { ACCOUNT_TRADE_MODE_DEMO, ACCOUNT_TRADE_MODE_CONTEST, ACCOUNT_TRADE_MODE_REAL };
enum ENUM_ACCOUNT_STOPOUT_MODE { ACCOUNT_STOPOUT_MODE_PERCENT, ACCOUNT_STOPOUT_MODE_MONEY };
enum ENUM_ACCOUNT_MARGIN_MODE {
  ACCOUNT_MARGIN_MODE_RETAIL_NETTING, ACCOUNT_MARGIN_MODE_EXCHANGE, ACCOUNT_MARGIN_MODE_RETAIL_HEDGING
};
// docs (Symbol Properties): the flags of SYMBOL_EXPIRATION_MODE, SYMBOL_FILLING_MODE, SYMBOL_ORDER_MODE.
constexpr int SYMBOL_EXPIRATION_GTC = 1, SYMBOL_EXPIRATION_DAY = 2, SYMBOL_EXPIRATION_SPECIFIED = 4,
              SYMBOL_EXPIRATION_SPECIFIED_DAY = 8;
constexpr int SYMBOL_FILLING_FOK = 1, SYMBOL_FILLING_IOC = 2, SYMBOL_FILLING_BOC = 4;
constexpr int SYMBOL_ORDER_MARKET = 1, SYMBOL_ORDER_LIMIT = 2, SYMBOL_ORDER_STOP = 4, SYMBOL_ORDER_STOP_LIMIT = 8,
              SYMBOL_ORDER_SL = 16, SYMBOL_ORDER_TP = 32, SYMBOL_ORDER_CLOSEBY = 64;

// docs (Trade Operation Types, Order Properties, Position Properties, Deal Properties, Trade
// Server Return Codes): what a trade request and its answer hold.
enum ENUM_TRADE_REQUEST_ACTIONS {
  TRADE_ACTION_DEAL = 1, TRADE_ACTION_PENDING = 5, TRADE_ACTION_SLTP = 6, TRADE_ACTION_MODIFY = 7, TRADE_ACTION_REMOVE = 8,
  TRADE_ACTION_CLOSE_BY = 10
};
enum ENUM_ORDER_TYPE {
  ORDER_TYPE_BUY, ORDER_TYPE_SELL, ORDER_TYPE_BUY_LIMIT, ORDER_TYPE_SELL_LIMIT, ORDER_TYPE_BUY_STOP, ORDER_TYPE_SELL_STOP,
  ORDER_TYPE_BUY_STOP_LIMIT, ORDER_TYPE_SELL_STOP_LIMIT, ORDER_TYPE_CLOSE_BY
};
enum ENUM_ORDER_TYPE_FILLING { ORDER_FILLING_FOK, ORDER_FILLING_IOC, ORDER_FILLING_RETURN, ORDER_FILLING_BOC };
enum ENUM_ORDER_TYPE_TIME { ORDER_TIME_GTC, ORDER_TIME_DAY, ORDER_TIME_SPECIFIED, ORDER_TIME_SPECIFIED_DAY };
enum ENUM_POSITION_TYPE { POSITION_TYPE_BUY, POSITION_TYPE_SELL };
enum ENUM_POSITION_PROPERTY_INTEGER {
  POSITION_TICKET, POSITION_TIME, POSITION_TIME_MSC, POSITION_TIME_UPDATE, POSITION_TIME_UPDATE_MSC, POSITION_TYPE,
  POSITION_MAGIC, POSITION_IDENTIFIER, POSITION_REASON
};
enum ENUM_POSITION_PROPERTY_DOUBLE {
  POSITION_VOLUME, POSITION_PRICE_OPEN, POSITION_SL, POSITION_TP, POSITION_PRICE_CURRENT, POSITION_SWAP, POSITION_PROFIT,
  POSITION_COMMISSION
};
enum ENUM_POSITION_PROPERTY_STRING { POSITION_SYMBOL, POSITION_COMMENT, POSITION_EXTERNAL_ID };
enum ENUM_ORDER_PROPERTY_INTEGER {
  ORDER_TICKET, ORDER_TIME_SETUP, ORDER_TYPE, ORDER_STATE, ORDER_TIME_EXPIRATION, ORDER_TIME_DONE, ORDER_TIME_SETUP_MSC,
  ORDER_TIME_DONE_MSC, ORDER_TYPE_FILLING, ORDER_TYPE_TIME, ORDER_MAGIC, ORDER_REASON, ORDER_POSITION_ID, ORDER_POSITION_BY_ID
};
enum ENUM_ORDER_PROPERTY_DOUBLE {
  ORDER_VOLUME_INITIAL, ORDER_VOLUME_CURRENT, ORDER_PRICE_OPEN, ORDER_SL, ORDER_TP, ORDER_PRICE_CURRENT, ORDER_PRICE_STOPLIMIT
};
enum ENUM_ORDER_PROPERTY_STRING { ORDER_SYMBOL, ORDER_COMMENT, ORDER_EXTERNAL_ID };
enum ENUM_DEAL_PROPERTY_INTEGER {
  DEAL_TICKET, DEAL_ORDER, DEAL_TIME, DEAL_TIME_MSC, DEAL_TYPE, DEAL_ENTRY, DEAL_MAGIC, DEAL_REASON, DEAL_POSITION_ID
};
enum ENUM_DEAL_PROPERTY_DOUBLE { DEAL_VOLUME, DEAL_PRICE, DEAL_COMMISSION, DEAL_SWAP, DEAL_PROFIT, DEAL_FEE, DEAL_SL, DEAL_TP };
enum ENUM_DEAL_PROPERTY_STRING { DEAL_SYMBOL, DEAL_COMMENT, DEAL_EXTERNAL_ID };
enum ENUM_DEAL_TYPE {
  DEAL_TYPE_BUY, DEAL_TYPE_SELL, DEAL_TYPE_BALANCE, DEAL_TYPE_CREDIT, DEAL_TYPE_CHARGE, DEAL_TYPE_CORRECTION,
  DEAL_TYPE_BONUS, DEAL_TYPE_COMMISSION, DEAL_TYPE_COMMISSION_DAILY, DEAL_TYPE_COMMISSION_MONTHLY,
  DEAL_TYPE_COMMISSION_AGENT_DAILY, DEAL_TYPE_COMMISSION_AGENT_MONTHLY, DEAL_TYPE_INTEREST, DEAL_TYPE_BUY_CANCELED,
  DEAL_TYPE_SELL_CANCELED, DEAL_DIVIDEND, DEAL_DIVIDEND_FRANKED, DEAL_TAX
};
enum ENUM_DEAL_ENTRY { DEAL_ENTRY_IN, DEAL_ENTRY_OUT, DEAL_ENTRY_INOUT, DEAL_ENTRY_OUT_BY, DEAL_ENTRY_STATE };
// docs (Trade Server Return Codes); the harness answers TRADE_RETCODE_CLIENT_DISABLES_AT, "Autotrading
// disabled by client terminal" (a tester without automated trading)
constexpr mql_uint TRADE_RETCODE_REQUOTE = 10004, TRADE_RETCODE_REJECT = 10006, TRADE_RETCODE_CANCEL = 10007,
                   TRADE_RETCODE_PLACED = 10008, TRADE_RETCODE_DONE = 10009, TRADE_RETCODE_DONE_PARTIAL = 10010,
                   TRADE_RETCODE_ERROR = 10011, TRADE_RETCODE_TIMEOUT = 10012, TRADE_RETCODE_INVALID = 10013,
                   TRADE_RETCODE_INVALID_VOLUME = 10014, TRADE_RETCODE_INVALID_PRICE = 10015,
                   TRADE_RETCODE_INVALID_STOPS = 10016, TRADE_RETCODE_TRADE_DISABLED = 10017,
                   TRADE_RETCODE_MARKET_CLOSED = 10018, TRADE_RETCODE_NO_MONEY = 10019,
                   TRADE_RETCODE_PRICE_CHANGED = 10020, TRADE_RETCODE_PRICE_OFF = 10021,
                   TRADE_RETCODE_INVALID_EXPIRATION = 10022, TRADE_RETCODE_ORDER_CHANGED = 10023,
                   TRADE_RETCODE_TOO_MANY_REQUESTS = 10024, TRADE_RETCODE_NO_CHANGES = 10025,
                   TRADE_RETCODE_SERVER_DISABLES_AT = 10026, TRADE_RETCODE_CLIENT_DISABLES_AT = 10027,
                   TRADE_RETCODE_LOCKED = 10028, TRADE_RETCODE_FROZEN = 10029, TRADE_RETCODE_INVALID_FILL = 10030,
                   TRADE_RETCODE_CONNECTION = 10031, TRADE_RETCODE_ONLY_REAL = 10032,
                   TRADE_RETCODE_LIMIT_ORDERS = 10033, TRADE_RETCODE_LIMIT_VOLUME = 10034,
                   TRADE_RETCODE_INVALID_ORDER = 10035, TRADE_RETCODE_POSITION_CLOSED = 10036,
                   TRADE_RETCODE_INVALID_CLOSE_VOLUME = 10038, TRADE_RETCODE_CLOSE_ORDER_EXIST = 10039,
                   TRADE_RETCODE_LIMIT_POSITIONS = 10040, TRADE_RETCODE_REJECT_CANCEL = 10041,
                   TRADE_RETCODE_LONG_ONLY = 10042, TRADE_RETCODE_SHORT_ONLY = 10043,
                   TRADE_RETCODE_CLOSE_ONLY = 10044, TRADE_RETCODE_FIFO_CLOSE = 10045,
                   TRADE_RETCODE_HEDGE_PROHIBITED = 10046;
constexpr int ERR_TRADE_DISABLED = 4752;                      // "Trading by Expert Advisors prohibited"

struct MqlTradeRequest {
  ENUM_TRADE_REQUEST_ACTIONS action;
  mql_ulong magic, order;
  string symbol;
  double volume, price, stoplimit, sl, tp;
  mql_ulong deviation;
  ENUM_ORDER_TYPE type;
  ENUM_ORDER_TYPE_FILLING type_filling;
  ENUM_ORDER_TYPE_TIME type_time;
  datetime expiration;
  string comment;
  mql_ulong position, position_by;
  MqlTradeRequest* operator->() { return this; }
  const MqlTradeRequest* operator->() const { return this; }
};
struct MqlTradeResult {
  mql_uint retcode;
  mql_ulong deal, order;
  double volume, price, bid, ask;
  string comment;
  mql_uint request_id;
  int retcode_external;
  MqlTradeResult* operator->() { return this; }
  const MqlTradeResult* operator->() const { return this; }
};
// docs (MqlTradeTransaction, OnTradeTransaction): the harness sends none (it never trades).
enum ENUM_TRADE_TRANSACTION_TYPE {
  TRADE_TRANSACTION_ORDER_ADD, TRADE_TRANSACTION_ORDER_UPDATE, TRADE_TRANSACTION_ORDER_DELETE, TRADE_TRANSACTION_DEAL_ADD,
  TRADE_TRANSACTION_DEAL_UPDATE, TRADE_TRANSACTION_DEAL_DELETE, TRADE_TRANSACTION_HISTORY_ADD,
  TRADE_TRANSACTION_HISTORY_UPDATE, TRADE_TRANSACTION_HISTORY_DELETE, TRADE_TRANSACTION_POSITION, TRADE_TRANSACTION_REQUEST
};
enum ENUM_ORDER_STATE {
  ORDER_STATE_STARTED, ORDER_STATE_PLACED, ORDER_STATE_CANCELED, ORDER_STATE_PARTIAL, ORDER_STATE_FILLED, ORDER_STATE_REJECTED,
  ORDER_STATE_EXPIRED, ORDER_STATE_REQUEST_ADD, ORDER_STATE_REQUEST_MODIFY, ORDER_STATE_REQUEST_CANCEL
};
struct MqlTradeTransaction {
  mql_ulong deal, order;
  string symbol;
  ENUM_TRADE_TRANSACTION_TYPE type;
  ENUM_ORDER_TYPE order_type;
  ENUM_ORDER_STATE order_state;
  ENUM_DEAL_TYPE deal_type;
  ENUM_ORDER_TYPE_TIME time_type;
  datetime time_expiration;
  double price, price_trigger, price_sl, price_tp, volume;
  mql_ulong position, position_by;
  MqlTradeTransaction* operator->() { return this; }
  const MqlTradeTransaction* operator->() const { return this; }
};
struct MqlTradeCheckResult {
  mql_uint retcode;
  double balance, equity, profit, margin, margin_free, margin_level;
  string comment;
  MqlTradeCheckResult* operator->() { return this; }
  const MqlTradeCheckResult* operator->() const { return this; }
};

// The chart's symbol and period: the bars' (--symbol, --period, or the file's name: EURUSD_H1.csv).
extern string _Symbol;
extern ENUM_TIMEFRAMES _Period;
extern int _UninitReason;
extern bool _StopFlag;
extern int _AppliedTo;
constexpr int _IsX64 = 1;  // docs (_IsX64): the terminal is 64-bit
string Symbol();
ENUM_TIMEFRAMES Period();
double Point();
int Digits();
int PeriodSeconds(ENUM_TIMEFRAMES period = PERIOD_CURRENT);
int PeriodSeconds(int period);

namespace mql5 {
// The symbol a series function asks for: NULL, "" and _Symbol are the chart's.
bool own_symbol(const string& symbol);
bool own_period(int period);
// Bars visible now (the current bar and those before it), oldest first.
int visible_bars();
int total_bars();                // every bar of the file, the ones still to come too
const MqlRates& bar(int index);  // index from the oldest bar
template <class S>
bool is_own(const S& s) {
  if constexpr (std::is_same<S, string>::value) return own_symbol(s);
  else return true;  // NULL (a number) names the chart's symbol
}
bool is_indicator_buffer(const void* array);  // bound by SetIndexBuffer (mql5_indicators.cpp)
// get(k): the value at bar k (from the oldest)
template <class T, class Get>
int copy_series(int start_pos, int count, mql5::array<T>& out, Get get) {
  const int n = visible_bars();
  if (start_pos < 0 || count <= 0 || start_pos >= n) return -1;
  if (start_pos + count > n) count = n - start_pos;
  if (is_indicator_buffer(&out)) {
    // docs (CopyBuffer): into an indicator buffer "partial copying is allowed": its size kept, the
    // values at its end, the newest last (the terminal's Awesome_Oscillator and MACD rely on it)
    const int size = out.size();
    if (count > size) count = size;
    for (int i = 0; i < count; ++i) out.dll_data()[size - count + i] = get(n - start_pos - count + i);
    return count;
  }
  if (out.is_static() && out.size() < count) count = out.size();
  else if (!out.is_static() && out.resize(count) < 0) return -1;
  // element 0 is the oldest copied; a series array (ArraySetAsSeries) shows it last
  const int first = n - start_pos - count;
  for (int i = 0; i < count; ++i) out.dll_data()[i] = get(first + i);
  return count;
}
int shift_of(datetime time, bool exact);  // the bar's shift (from the current one) at a time
int copy_range(datetime start, datetime stop, int& start_pos);  // count; start_pos set
}  // namespace mql5

int Bars(const string& symbol, int timeframe);
int Bars(const string& symbol, int timeframe, datetime start_time, datetime stop_time);
template <class S>
int Bars(const S&, int timeframe) {
  return Bars(_Symbol, timeframe);
}
template <class S>
int iBars(const S& symbol, int timeframe) {
  return mql5::is_own(symbol) && mql5::own_period(timeframe) ? mql5::visible_bars() : 0;
}
mql_long SeriesInfoInteger(const string& symbol, int timeframe, ENUM_SERIES_INFO_INTEGER prop);
bool SeriesInfoInteger(const string& symbol, int timeframe, ENUM_SERIES_INFO_INTEGER prop, mql_long& value);
// into a datetime too: the standard library's Indicators/Series.mqh asks SERIES_FIRSTDATE so
inline bool SeriesInfoInteger(const string& symbol, int timeframe, ENUM_SERIES_INFO_INTEGER prop, datetime& value) {
  mql_long v = 0;
  const bool ok = SeriesInfoInteger(symbol, timeframe, prop, v);
  value = v;
  return ok;
}

// iTime ... iVolume (docs): the bar `shift` bars before the current one; 0 where there is none.
#define MQL5_SERIES_AT(NAME, TYPE, EXPR)                                                              \
  template <class S>                                                                                  \
  TYPE NAME(const S& symbol, int timeframe, int shift) {                                              \
    const int n = mql5::visible_bars();                                                               \
    if (!mql5::is_own(symbol) || !mql5::own_period(timeframe) || shift < 0 || shift >= n) return TYPE(); \
    const MqlRates& r = mql5::bar(n - 1 - shift);                                                     \
    return EXPR;                                                                                      \
  }
MQL5_SERIES_AT(iTime, datetime, r.time)
MQL5_SERIES_AT(iOpen, double, r.open)
MQL5_SERIES_AT(iHigh, double, r.high)
MQL5_SERIES_AT(iLow, double, r.low)
MQL5_SERIES_AT(iClose, double, r.close)
MQL5_SERIES_AT(iTickVolume, mql_long, r.tick_volume)
MQL5_SERIES_AT(iVolume, mql_long, r.tick_volume)
MQL5_SERIES_AT(iRealVolume, mql_long, r.real_volume)
MQL5_SERIES_AT(iSpread, mql_long, static_cast<mql_long>(r.spread))
#undef MQL5_SERIES_AT
template <class S>
int iBarShift(const S& symbol, int timeframe, datetime time, bool exact = false) {
  return mql5::is_own(symbol) && mql5::own_period(timeframe) ? mql5::shift_of(time, exact) : -1;
}
enum ENUM_SERIESMODE { MODE_OPEN, MODE_LOW, MODE_HIGH, MODE_CLOSE, MODE_VOLUME, MODE_REAL_VOLUME, MODE_SPREAD, MODE_TIME };
namespace mql5 {
double series_value(const MqlRates& r, int mode);
int extreme(int mode, int count, int start, bool highest);
}  // namespace mql5
template <class S>
int iHighest(const S& symbol, int timeframe, int type, int count = WHOLE_ARRAY, int start = 0) {
  return mql5::is_own(symbol) && mql5::own_period(timeframe) ? mql5::extreme(type, count, start, true) : -1;
}
template <class S>
int iLowest(const S& symbol, int timeframe, int type, int count = WHOLE_ARRAY, int start = 0) {
  return mql5::is_own(symbol) && mql5::own_period(timeframe) ? mql5::extreme(type, count, start, false) : -1;
}

// CopyRates ... CopySpread (docs): by start position and count, by start time and count, by
// start and stop time. -1 for another symbol or period, or where no bar is there.
#define MQL5_COPY(NAME, TYPE, EXPR)                                                                          \
  template <class S>                                                                                         \
  int NAME(const S& symbol, int timeframe, int start_pos, int count, mql5::array<TYPE>& out) {               \
    if (!mql5::is_own(symbol) || !mql5::own_period(timeframe)) return -1;                                    \
    return mql5::copy_series(start_pos, count, out, [](int k) { const MqlRates& r = mql5::bar(k); return static_cast<TYPE>(EXPR); }); \
  }                                                                                                          \
  template <class S>                                                                                         \
  int NAME(const S& symbol, int timeframe, datetime start_time, int count, mql5::array<TYPE>& out) {         \
    if (!mql5::is_own(symbol) || !mql5::own_period(timeframe)) return -1;                                    \
    const int pos = mql5::shift_of(start_time, false);                                                       \
    return pos < 0 ? -1 : NAME(symbol, timeframe, pos, count, out);                                         \
  }                                                                                                          \
  template <class S>                                                                                         \
  int NAME(const S& symbol, int timeframe, datetime start_time, datetime stop_time, mql5::array<TYPE>& out) { \
    if (!mql5::is_own(symbol) || !mql5::own_period(timeframe)) return -1;                                    \
    int pos = 0;                                                                                             \
    const int count = mql5::copy_range(start_time, stop_time, pos);                                          \
    return count <= 0 ? -1 : NAME(symbol, timeframe, pos, count, out);                                       \
  }
MQL5_COPY(CopyRates, MqlRates, r)
MQL5_COPY(CopyTime, datetime, r.time)
// into a long array too: the standard library's Indicators/TimeSeries.mqh (CTimeBuffer, compiled
// into the terminal's sample Expert Advisors) copies the last bar's time into `long array[1]`
MQL5_COPY(CopyTime, mql_long, r.time)
MQL5_COPY(CopyOpen, double, r.open)
MQL5_COPY(CopyHigh, double, r.high)
MQL5_COPY(CopyLow, double, r.low)
MQL5_COPY(CopyClose, double, r.close)
MQL5_COPY(CopyTickVolume, mql_long, r.tick_volume)
MQL5_COPY(CopyRealVolume, mql_long, r.real_volume)
MQL5_COPY(CopySpread, int, r.spread)
#undef MQL5_COPY

// matrix::CopyRates, vector::CopyRates (docs): the bars' window as CopyRates finds it.
enum ENUM_COPY_RATES {
  COPY_RATES_OPEN = 1, COPY_RATES_HIGH = 2, COPY_RATES_LOW = 4, COPY_RATES_CLOSE = 8, COPY_RATES_TIME = 16,
  COPY_RATES_VOLUME_TICK = 32, COPY_RATES_VOLUME_REAL = 64, COPY_RATES_SPREAD = 128, COPY_RATES_OHLC = 15,
  COPY_RATES_OHLCT = 31, COPY_RATES_VERTICAL = 32768
};
namespace mql5 {
// [first, first + count) from the oldest bar; false (ERR_HISTORY_NOT_FOUND) where no bar is there.
bool rates_window(long long start, long long count, int& first, int& n);
bool rates_window(datetime from, long long count, int& first, int& n);
bool rates_window(datetime from, datetime to, int& first, int& n);
double rates_value(int bar, mql_ulong flag);
template <class T, class S, class A, class B>
bool copy_rates(matrix_of<T>& m, const S& symbol, int period, mql_ulong mask, A a, B b, bool one_series) {
  int first = 0, n = 0;
  mql_ulong flags[8], k = 0;
  for (mql_ulong f = 1; f <= COPY_RATES_SPREAD; f <<= 1)
    if (mask & f) flags[k++] = f;
  if (!k || (one_series && k != 1) || (mask & ~mql_ulong(COPY_RATES_VERTICAL | 255))) {
    _LastError = ERR_INVALID_PARAMETER;
    return false;
  }
  if (!is_own(symbol) || !own_period(period) || !rates_window(a, b, first, n)) return false;
  const bool vertical = !one_series && (mask & COPY_RATES_VERTICAL);
  matrix_of<T> r(vertical ? mql_ulong(n) : k, vertical ? k : mql_ulong(n));
  for (mql_ulong s = 0; s < k; ++s)
    for (int i = 0; i < n; ++i)
      r.dll_data()[vertical ? i * k + s : s * n + i] = static_cast<T>(rates_value(first + i, flags[s]));
  m = r;
  return true;
}
}  // namespace mql5
template <class T>
template <class S>
bool mql5::matrix_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, mql_ulong start, mql_ulong count) {
  return copy_rates(*this, symbol, period, mask, (long long)start, (long long)count, false);
}
template <class T>
template <class S>
bool mql5::matrix_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, datetime from, mql_ulong count) {
  return copy_rates(*this, symbol, period, mask, from, (long long)count, false);
}
template <class T>
template <class S>
bool mql5::matrix_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, datetime from, datetime to) {
  return copy_rates(*this, symbol, period, mask, from, to, false);
}
template <class T>
template <class S>
bool mql5::vector_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, mql_ulong start, mql_ulong count) {
  return copy_rates(m_, symbol, period, mask, (long long)start, (long long)count, true);
}
template <class T>
template <class S>
bool mql5::vector_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, datetime from, mql_ulong count) {
  return copy_rates(m_, symbol, period, mask, from, (long long)count, true);
}
template <class T>
template <class S>
bool mql5::vector_of<T>::CopyRates(const S& symbol, int period, mql_ulong mask, datetime from, datetime to) {
  return copy_rates(m_, symbol, period, mask, from, to, true);
}

// Market info (docs): the chart's symbol only; its bid is the current bar's close, its ask the
// bid plus the bar's spread in points.
double SymbolInfoDouble(const string& name, ENUM_SYMBOL_INFO_DOUBLE prop);
bool SymbolInfoDouble(const string& name, ENUM_SYMBOL_INFO_DOUBLE prop, double& value);
mql_long SymbolInfoInteger(const string& name, ENUM_SYMBOL_INFO_INTEGER prop);
bool SymbolInfoInteger(const string& name, ENUM_SYMBOL_INFO_INTEGER prop, mql_long& value);
string SymbolInfoString(const string& name, ENUM_SYMBOL_INFO_STRING prop);
bool SymbolInfoString(const string& name, ENUM_SYMBOL_INFO_STRING prop, string& value);
bool SymbolInfoTick(const string& symbol, MqlTick& tick);
bool SymbolSelect(const string& name, bool select);
bool SymbolExist(const string& name, bool& is_custom);
int SymbolsTotal(bool selected);
string SymbolName(int pos, bool selected);
bool SymbolIsSynchronized(const string& name);

// The tester's account: --deposit (10000) in USD, leverage 1:100, no position, automated trading
// disabled (so no trade changes it).
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE prop);
mql_long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER prop);
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING prop);

// Trade requests: refused as with automated trading disabled (retcode 10027, _LastError 4752),
// said once in the log; no position, order or deal ever exists.
bool OrderSend(const MqlTradeRequest& request, MqlTradeResult& result);
bool OrderSendAsync(const MqlTradeRequest& request, MqlTradeResult& result);
bool OrderCheck(const MqlTradeRequest& request, MqlTradeCheckResult& result);
bool OrderCalcMargin(ENUM_ORDER_TYPE action, const string& symbol, double volume, double price, double& margin);
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string& symbol, double volume, double price_open, double price_close,
                     double& profit);
int PositionsTotal();
string PositionGetSymbol(int index);
mql_ulong PositionGetTicket(int index);
bool PositionSelect(const string& symbol);
bool PositionSelectByTicket(mql_ulong ticket);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE prop);
bool PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE prop, double& value);
mql_long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER prop);
bool PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER prop, mql_long& value);
string PositionGetString(ENUM_POSITION_PROPERTY_STRING prop);
bool PositionGetString(ENUM_POSITION_PROPERTY_STRING prop, string& value);
int OrdersTotal();
mql_ulong OrderGetTicket(int index);
bool OrderSelect(mql_ulong ticket);
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE prop);
mql_long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER prop);
string OrderGetString(ENUM_ORDER_PROPERTY_STRING prop);
bool HistorySelect(datetime from_date, datetime to_date);
bool HistorySelectByPosition(mql_long position_id);
int HistoryDealsTotal();
mql_ulong HistoryDealGetTicket(int index);
bool HistoryDealSelect(mql_ulong ticket);
double HistoryDealGetDouble(mql_ulong ticket, ENUM_DEAL_PROPERTY_DOUBLE prop);
mql_long HistoryDealGetInteger(mql_ulong ticket, ENUM_DEAL_PROPERTY_INTEGER prop);
string HistoryDealGetString(mql_ulong ticket, ENUM_DEAL_PROPERTY_STRING prop);
int HistoryOrdersTotal();
mql_ulong HistoryOrderGetTicket(int index);
bool OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE prop, double& value);
bool OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER prop, mql_long& value);
bool OrderGetString(ENUM_ORDER_PROPERTY_STRING prop, string& value);
bool HistoryDealGetDouble(mql_ulong ticket, ENUM_DEAL_PROPERTY_DOUBLE prop, double& value);
bool HistoryDealGetInteger(mql_ulong ticket, ENUM_DEAL_PROPERTY_INTEGER prop, mql_long& value);
bool HistoryDealGetString(mql_ulong ticket, ENUM_DEAL_PROPERTY_STRING prop, string& value);
bool HistoryOrderSelect(mql_ulong ticket);
double HistoryOrderGetDouble(mql_ulong ticket, ENUM_ORDER_PROPERTY_DOUBLE prop);
bool HistoryOrderGetDouble(mql_ulong ticket, ENUM_ORDER_PROPERTY_DOUBLE prop, double& value);
mql_long HistoryOrderGetInteger(mql_ulong ticket, ENUM_ORDER_PROPERTY_INTEGER prop);
bool HistoryOrderGetInteger(mql_ulong ticket, ENUM_ORDER_PROPERTY_INTEGER prop, mql_long& value);
string HistoryOrderGetString(mql_ulong ticket, ENUM_ORDER_PROPERTY_STRING prop);
bool HistoryOrderGetString(mql_ulong ticket, ENUM_ORDER_PROPERTY_STRING prop, string& value);
// docs (SymbolInfoMarginRate, SymbolInfoSessionQuote/Trade): the tester's symbol trades around the
// clock (one session a day, 00:00 to 24:00) at a margin rate of 1.
enum ENUM_DAY_OF_WEEK { SUNDAY, MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY };
bool SymbolInfoMarginRate(const string& name, ENUM_ORDER_TYPE order_type, double& initial_margin_rate,
                          double& maintenance_margin_rate);
bool SymbolInfoSessionQuote(const string& name, ENUM_DAY_OF_WEEK day_of_week, mql_uint session_index, datetime& from, datetime& to);
bool SymbolInfoSessionTrade(const string& name, ENUM_DAY_OF_WEEK day_of_week, mql_uint session_index, datetime& from, datetime& to);
// docs (CopyTicks, CopyTicksRange): the tester's ticks of "open prices only": one a bar, its
// close at its time. COPY_TICKS_* choose nothing more here.
constexpr mql_uint COPY_TICKS_ALL = 0xFFFFFFFF, COPY_TICKS_INFO = 1, COPY_TICKS_TRADE = 2;
int CopyTicks(const string& symbol_name, mql5::array<MqlTick>& ticks_array, mql_uint flags = COPY_TICKS_ALL, mql_ulong from = 0,
              mql_uint count = 0);
int CopyTicksRange(const string& symbol_name, mql5::array<MqlTick>& ticks_array, mql_uint flags = COPY_TICKS_ALL,
                   mql_ulong from_msc = 0, mql_ulong to_msc = 0);

// Events (docs: EventSetTimer, ExpertRemove): the timer's period in the bars' time; ExpertRemove
// ends the test after the current event (OnDeinit with REASON_PROGRAM).
bool EventSetTimer(int seconds);
bool EventSetMillisecondTimer(int milliseconds);
void EventKillTimer();
void ExpertRemove();
int UninitializeReason();
constexpr int REASON_PROGRAM = 0, REASON_REMOVE = 1, REASON_RECOMPILE = 2, REASON_CHARTCHANGE = 3, REASON_CHARTCLOSE = 4,
              REASON_PARAMETERS = 5, REASON_ACCOUNT = 6, REASON_TEMPLATE = 7, REASON_INITFAILED = 8, REASON_CLOSE = 9;
constexpr int INIT_SUCCEEDED = 0, INIT_FAILED = 1, INIT_PARAMETERS_INCORRECT = 32767, INIT_AGENT_NOT_SUITABLE = 32766;

namespace mql5 {
// The program's event handlers, as the translator found them (each null where the program has none).
struct series_arrays;
struct program_events {
  void (*on_start)();
  int (*on_init)();
  void (*on_deinit)(int reason);
  void (*on_tick)();
  void (*on_timer)();
  double (*on_tester)();
  int (*on_calculate)(int rates_total, int prev_calculated, const series_arrays& s);
  int (*on_calculate_price)(int rates_total, int prev_calculated, int begin, const mql5::array<const double>& price);
  void (*on_chart_event)(int id, const mql_long& lparam, const double& dparam, const string& sparam);
};
// The series OnCalculate receives: views of the visible bars (oldest first).
struct series_arrays {
  const mql5::array<const datetime>& time;
  const mql5::array<const double>& open;
  const mql5::array<const double>& high;
  const mql5::array<const double>& low;
  const mql5::array<const double>& close;
  const mql5::array<const mql_long>& tick_volume;
  const mql5::array<const mql_long>& volume;
  const mql5::array<const int>& spread;
};
extern const program_events the_program;  // translate.py writes it
bool market_open();     // bars are loaded
datetime market_time();  // the current bar's time
int run_program();  // the program's events as the terminal (a script) or the tester (an EA, an indicator) sends them
}  // namespace mql5
