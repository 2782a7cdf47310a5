// The market of mql5_market.hpp: the bars file, the series, the symbol, the tester's account, the
// refused trade requests, and the events of a script, an Expert Advisor and an indicator.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mql5_runtime.hpp"
#include "utf16.hpp"

using namespace mql5;

string _Symbol;
ENUM_TIMEFRAMES _Period = PERIOD_H1;
double _Point = 0.00001;
int _Digits = 5;
int _UninitReason = -1;
bool _StopFlag = false;
int _AppliedTo = 0;

namespace {
string text16(const std::string& utf8) {
  const std::u16string u = utf16::from_utf8(utf8);
  return string(u.data(), static_cast<int>(u.size()));
}
std::string utf8(const string& s) { return utf16::to_utf8(std::u16string(s.c_str(), static_cast<size_t>(s.length()))); }

struct Market {
  std::vector<MqlRates> bars;  // oldest first
  int current = -1;            // the index of the current bar (-1: no bars)
  std::string symbol = "EURUSD";
  int history = -1;            // bars before the first tick (--history; -1: half of them)
  double deposit = 10000;
  long long timer_seconds = 0, next_timer = 0;
  bool removed = false;        // ExpertRemove()
  bool trade_noted = false;
  std::string buffers_out;     // --buffers-out: an indicator run by another program's iCustom
};
Market& market() {
  static Market* m = new Market;  // never destroyed: the program may ask at exit
  return *m;
}

struct Timeframe {
  const char* name;
  ENUM_TIMEFRAMES value;
  int seconds;
};
const Timeframe kPeriods[] = {{"M1", PERIOD_M1, 60},        {"M2", PERIOD_M2, 120},     {"M3", PERIOD_M3, 180},
                           {"M4", PERIOD_M4, 240},       {"M5", PERIOD_M5, 300},     {"M6", PERIOD_M6, 360},
                           {"M10", PERIOD_M10, 600},     {"M12", PERIOD_M12, 720},   {"M15", PERIOD_M15, 900},
                           {"M20", PERIOD_M20, 1200},    {"M30", PERIOD_M30, 1800},  {"H1", PERIOD_H1, 3600},
                           {"H2", PERIOD_H2, 7200},      {"H3", PERIOD_H3, 10800},   {"H4", PERIOD_H4, 14400},
                           {"H6", PERIOD_H6, 21600},     {"H8", PERIOD_H8, 28800},   {"H12", PERIOD_H12, 43200},
                           {"D1", PERIOD_D1, 86400},     {"W1", PERIOD_W1, 604800},  {"MN1", PERIOD_MN1, 2592000}};

const Timeframe* period_named(const std::string& name) {
  for (const Timeframe& p : kPeriods)
    if (name == p.name) return &p;
  return nullptr;
}

// A date and a time as the terminal's export writes them: 2024.01.02 and 13:00[:00].
bool parse_time(const std::string& date, const std::string& time, long long& out) {
  int y, mo, d, h = 0, mi = 0, s = 0;
  if (std::sscanf(date.c_str(), "%d.%d.%d", &y, &mo, &d) != 3 && std::sscanf(date.c_str(), "%d-%d-%d", &y, &mo, &d) != 3)
    return false;
  if (!time.empty() && std::sscanf(time.c_str(), "%d:%d:%d", &h, &mi, &s) < 2) return false;
  MqlDateTime dt{y, mo, d, h, mi, s, 0, 0};
  out = StructToTime(dt);
  return true;
}

// The terminal's export of bars (File > Save of the symbol's bars; the same as the History
// Center's): a header line <DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>,
// then a bar a line, separated by tabs (or commas or semicolons), oldest first. The time column
// may be absent (daily bars). Digits: the most decimals a price is written with.
std::string load_bars(const std::string& path, Market& m) {
  std::ifstream in(path);
  if (!in) return "cannot read the bars file '" + path + "'";
  std::string line;
  std::vector<std::string> head;
  int digits = 0, number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    for (char& c : line)
      if (c == ',' || c == ';') c = '\t';
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) f.push_back(cell);
    if (head.empty()) {
      for (std::string& h : f) {
        std::string u;
        for (char c : h)
          if (c != '<' && c != '>') u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        head.push_back(u);
      }
      continue;
    }
    auto col = [&](const char* name) -> std::string {
      for (size_t i = 0; i < head.size() && i < f.size(); ++i)
        if (head[i] == name) return f[i];
      return "";
    };
    MqlRates r{};
    long long t;
    if (!parse_time(col("DATE"), col("TIME"), t))
      return path + ":" + std::to_string(number) + ": no <DATE> (and <TIME>) the harness reads (2024.01.02 13:00)";
    r.time = t;
    const char* prices[] = {"OPEN", "HIGH", "LOW", "CLOSE"};
    double* fields[] = {&r.open, &r.high, &r.low, &r.close};
    for (int k = 0; k < 4; ++k) {
      const std::string v = col(prices[k]);
      char* end = nullptr;
      *fields[k] = std::strtod(v.c_str(), &end);
      if (v.empty() || *end) return path + ":" + std::to_string(number) + ": <" + prices[k] + "> is not a number";
      const size_t dot = v.find('.');
      if (dot != std::string::npos) digits = std::max(digits, static_cast<int>(v.size() - dot - 1));
    }
    r.tick_volume = std::atoll(col("TICKVOL").c_str());
    r.real_volume = std::atoll(col("VOL").c_str());
    r.spread = std::atoi(col("SPREAD").c_str());
    if (!m.bars.empty() && r.time <= m.bars.back().time)
      return path + ":" + std::to_string(number) + ": the bars are not in time order";
    m.bars.push_back(r);
  }
  if (m.bars.empty()) return "the bars file '" + path + "' has no bar";
  _Digits = digits;
  _Point = std::pow(10.0, -digits);
  return "";
}

const Timeframe* current_period() {
  for (const Timeframe& p : kPeriods)
    if (p.value == _Period) return &p;
  return &kPeriods[11];
}
}  // namespace

string Symbol() { return _Symbol; }
ENUM_TIMEFRAMES Period() { return _Period; }
double Point() { return _Point; }
int Digits() { return _Digits; }
int PeriodSeconds(ENUM_TIMEFRAMES period) { return PeriodSeconds(static_cast<int>(period)); }
int PeriodSeconds(int period) {
  if (period == PERIOD_CURRENT) return current_period()->seconds;
  for (const Timeframe& p : kPeriods)
    if (p.value == period) return p.seconds;
  return 0;
}

namespace mql5 {
bool own_symbol(const string& symbol) { return symbol.length() == 0 || symbol == _Symbol; }
bool own_period(int period) { return period == PERIOD_CURRENT || period == _Period; }
int visible_bars() { return market().current + 1; }
int total_bars() { return static_cast<int>(market().bars.size()); }
const MqlRates& bar(int index) { return market().bars[static_cast<size_t>(index)]; }
int shift_of(datetime time, bool exact) {
  const int n = visible_bars();
  for (int i = n - 1; i >= 0; --i) {  // the bar that holds the time
    if (bar(i).time <= time) {
      if (exact && bar(i).time != time) return -1;
      return n - 1 - i;
    }
  }
  return exact || n == 0 ? -1 : n - 1;
}
bool rates_window(long long start, long long count, int& first, int& n) {
  const int bars = visible_bars();
  if (start < 0 || count <= 0 || start >= bars) {
    _LastError = ERR_HISTORY_NOT_FOUND;
    return false;
  }
  n = static_cast<int>(count < bars - start ? count : bars - start);
  first = bars - static_cast<int>(start) - n;
  return true;
}
bool rates_window(datetime from, long long count, int& first, int& n) {
  const int pos = shift_of(from, false);
  return pos < 0 ? (_LastError = ERR_HISTORY_NOT_FOUND, false) : rates_window(pos, count, first, n);
}
bool rates_window(datetime from, datetime to, int& first, int& n) {
  int pos = 0;
  const int count = copy_range(from, to, pos);
  return count <= 0 ? (_LastError = ERR_HISTORY_NOT_FOUND, false) : rates_window(pos, count, first, n);
}
double rates_value(int k, mql_ulong flag) {
  const MqlRates& r = bar(k);
  switch (flag) {
    case COPY_RATES_OPEN: return r.open;
    case COPY_RATES_HIGH: return r.high;
    case COPY_RATES_LOW: return r.low;
    case COPY_RATES_CLOSE: return r.close;
    case COPY_RATES_TIME: return static_cast<double>(static_cast<mql_long>(r.time));
    case COPY_RATES_VOLUME_TICK: return static_cast<double>(r.tick_volume);
    case COPY_RATES_VOLUME_REAL: return static_cast<double>(r.real_volume);
    default: return r.spread;
  }
}
int copy_range(datetime start, datetime stop, int& start_pos) {
  const int n = visible_bars();
  int first = -1, last = -1;
  for (int i = 0; i < n; ++i) {
    if (bar(i).time >= start && bar(i).time <= stop) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return 0;
  start_pos = n - 1 - last;
  return last - first + 1;
}
double series_value(const MqlRates& r, int mode) {
  switch (mode) {
    case MODE_OPEN: return r.open;
    case MODE_LOW: return r.low;
    case MODE_HIGH: return r.high;
    case MODE_CLOSE: return r.close;
    case MODE_VOLUME: return static_cast<double>(r.tick_volume);
    case MODE_REAL_VOLUME: return static_cast<double>(r.real_volume);
    case MODE_SPREAD: return r.spread;
    case MODE_TIME: return static_cast<double>(static_cast<long long>(r.time));
    default: return 0;
  }
}
int extreme(int mode, int count, int start, bool highest) {
  const int n = visible_bars();
  if (start < 0 || start >= n) return -1;
  if (count == WHOLE_ARRAY || start + count > n) count = n - start;
  int best = -1;
  for (int s = start; s < start + count; ++s) {
    const double v = series_value(bar(n - 1 - s), mode);
    if (best < 0 || (highest ? v > series_value(bar(n - 1 - best), mode) : v < series_value(bar(n - 1 - best), mode)))
      best = s;
  }
  return best;
}
}  // namespace mql5

int Bars(const string& symbol, int timeframe) {
  return own_symbol(symbol) && own_period(timeframe) ? visible_bars() : 0;
}
int Bars(const string& symbol, int timeframe, datetime start_time, datetime stop_time) {
  int pos = 0;
  return own_symbol(symbol) && own_period(timeframe) ? copy_range(start_time, stop_time, pos) : 0;
}
mql_long SeriesInfoInteger(const string& symbol, int timeframe, ENUM_SERIES_INFO_INTEGER prop) {
  mql_long v = 0;
  SeriesInfoInteger(symbol, timeframe, prop, v);
  return v;
}
bool SeriesInfoInteger(const string& symbol, int timeframe, ENUM_SERIES_INFO_INTEGER prop, mql_long& value) {
  if (!own_symbol(symbol) || !own_period(timeframe)) {
    _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
    return false;
  }
  const int n = visible_bars();
  switch (prop) {
    case SERIES_BARS_COUNT: value = n; break;
    case SERIES_FIRSTDATE:
    case SERIES_SERVER_FIRSTDATE:
    case SERIES_TERMINAL_FIRSTDATE: value = n ? static_cast<long long>(bar(0).time) : 0; break;
    case SERIES_LASTBAR_DATE: value = n ? static_cast<long long>(bar(n - 1).time) : 0; break;
    case SERIES_SYNCHRONIZED: value = 1; break;
  }
  return true;
}

namespace {
double bid() { return visible_bars() ? bar(visible_bars() - 1).close : 0; }
double ask() { return visible_bars() ? bid() + bar(visible_bars() - 1).spread * _Point : 0; }
bool known(const string& name) {
  if (own_symbol(name)) return true;
  _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
  return false;
}
}  // namespace

bool SymbolInfoDouble(const string& name, ENUM_SYMBOL_INFO_DOUBLE prop, double& value) {
  if (!known(name)) return false;
  switch (prop) {
    case SYMBOL_BID: case SYMBOL_LAST: value = bid(); break;
    case SYMBOL_ASK: value = ask(); break;
    case SYMBOL_BIDHIGH: case SYMBOL_ASKHIGH: value = visible_bars() ? bar(visible_bars() - 1).high : 0; break;
    case SYMBOL_BIDLOW: case SYMBOL_ASKLOW: value = visible_bars() ? bar(visible_bars() - 1).low : 0; break;
    case SYMBOL_POINT: case SYMBOL_TRADE_TICK_SIZE: value = _Point; break;
    // a forex symbol of the tester quoted in the deposit's currency: one lot is 100000 units
    case SYMBOL_TRADE_CONTRACT_SIZE: value = 100000; break;
    case SYMBOL_TRADE_TICK_VALUE: case SYMBOL_TRADE_TICK_VALUE_PROFIT: case SYMBOL_TRADE_TICK_VALUE_LOSS:
      value = 100000 * _Point; break;
    case SYMBOL_VOLUME_MIN: case SYMBOL_VOLUME_STEP: value = 0.01; break;
    case SYMBOL_VOLUME_MAX: value = 100; break;
    default: value = 0;
  }
  return true;
}
double SymbolInfoDouble(const string& name, ENUM_SYMBOL_INFO_DOUBLE prop) {
  double v = 0;
  SymbolInfoDouble(name, prop, v);
  return v;
}
bool SymbolInfoInteger(const string& name, ENUM_SYMBOL_INFO_INTEGER prop, mql_long& value) {
  if (!known(name)) return false;
  switch (prop) {
    case SYMBOL_DIGITS: value = _Digits; break;
    case SYMBOL_SPREAD: value = visible_bars() ? bar(visible_bars() - 1).spread : 0; break;
    case SYMBOL_SELECT: case SYMBOL_VISIBLE: case SYMBOL_EXIST: value = 1; break;
    case SYMBOL_TIME: value = visible_bars() ? static_cast<long long>(bar(visible_bars() - 1).time) : 0; break;
    case SYMBOL_TRADE_MODE: value = 4; break;    // SYMBOL_TRADE_MODE_FULL
    case SYMBOL_FILLING_MODE: value = 3; break;  // FOK and IOC
    default: value = 0;
  }
  return true;
}
mql_long SymbolInfoInteger(const string& name, ENUM_SYMBOL_INFO_INTEGER prop) {
  mql_long v = 0;
  SymbolInfoInteger(name, prop, v);
  return v;
}
bool SymbolInfoString(const string& name, ENUM_SYMBOL_INFO_STRING prop, string& value) {
  if (!known(name)) return false;
  const std::string s = utf8(_Symbol);
  switch (prop) {
    case SYMBOL_CURRENCY_BASE: value = text16(s.size() >= 6 ? s.substr(0, 3) : s); break;
    case SYMBOL_CURRENCY_PROFIT: case SYMBOL_CURRENCY_MARGIN: value = text16(s.size() >= 6 ? s.substr(3, 3) : "USD"); break;
    case SYMBOL_DESCRIPTION: case SYMBOL_PATH: case SYMBOL_BASIS: value = _Symbol; break;
  }
  return true;
}
string SymbolInfoString(const string& name, ENUM_SYMBOL_INFO_STRING prop) {
  string v;
  SymbolInfoString(name, prop, v);
  return v;
}
bool SymbolInfoTick(const string& symbol, MqlTick& tick) {
  if (!known(symbol) || !visible_bars()) return false;
  const MqlRates& r = bar(visible_bars() - 1);
  tick = MqlTick{r.time, bid(), ask(), bid(), static_cast<mql_ulong>(r.tick_volume), r.time * 1000LL, 0, 0};
  return true;
}
bool SymbolSelect(const string& name, bool) { return known(name); }
bool SymbolExist(const string& name, bool& is_custom) {
  is_custom = false;
  return own_symbol(name);
}
int SymbolsTotal(bool) { return 1; }
string SymbolName(int pos, bool) { return pos == 0 ? _Symbol : string(); }
bool SymbolIsSynchronized(const string& name) { return own_symbol(name); }

double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE prop) {
  switch (prop) {
    case ACCOUNT_BALANCE: case ACCOUNT_EQUITY: case ACCOUNT_MARGIN_FREE: case ACCOUNT_ASSETS: return market().deposit;
    case ACCOUNT_MARGIN_SO_CALL: return 50;
    case ACCOUNT_MARGIN_SO_SO: return 30;
    default: return 0;
  }
}
mql_long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER prop) {
  switch (prop) {
    case ACCOUNT_LOGIN: return 1;
    case ACCOUNT_LEVERAGE: return 100;
    case ACCOUNT_CURRENCY_DIGITS: return 2;
    case ACCOUNT_HEDGE_ALLOWED: return 1;
    case ACCOUNT_MARGIN_MODE: return 2;  // ACCOUNT_MARGIN_MODE_RETAIL_HEDGING
    case ACCOUNT_TRADE_ALLOWED: return 1;
    case ACCOUNT_TRADE_EXPERT: return 0;  // automated trading disabled
    default: return 0;
  }
}
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING prop) {
  switch (prop) {
    case ACCOUNT_CURRENCY: return string(u"USD");
    case ACCOUNT_NAME: return string(u"Tester");
    case ACCOUNT_SERVER: return string(u"MetaTester");
    default: return string(u"mqlcl harness");
  }
}

namespace {
bool refuse_trade(const char* what) {
  Market& m = market();
  if (!m.trade_noted) {
    m.trade_noted = true;
    std::printf("automated trading is disabled: %s refused (retcode %u, error %d); the harness never trades\n", what,
                TRADE_RETCODE_CLIENT_DISABLES_AT, ERR_TRADE_DISABLED);
  }
  _LastError = ERR_TRADE_DISABLED;
  return false;
}
}  // namespace
bool OrderSend(const MqlTradeRequest&, MqlTradeResult& result) {
  result = MqlTradeResult{};
  result.retcode = TRADE_RETCODE_CLIENT_DISABLES_AT;
  result.comment = string(u"AutoTrading disabled by client");
  return refuse_trade("OrderSend");
}
bool OrderSendAsync(const MqlTradeRequest& request, MqlTradeResult& result) { return OrderSend(request, result); }
bool OrderCheck(const MqlTradeRequest&, MqlTradeCheckResult& result) {
  result = MqlTradeCheckResult{};
  result.retcode = TRADE_RETCODE_CLIENT_DISABLES_AT;
  result.balance = result.equity = result.margin_free = market().deposit;
  return refuse_trade("OrderCheck");
}
bool OrderCalcMargin(ENUM_ORDER_TYPE, const string& symbol, double volume, double price, double& margin) {
  if (!known(symbol)) return false;
  margin = volume * 100000 * price / 100;  // leverage 1:100
  return true;
}
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string& symbol, double volume, double price_open, double price_close,
                     double& profit) {
  if (!known(symbol)) return false;
  profit = (action == ORDER_TYPE_BUY ? price_close - price_open : price_open - price_close) * volume * 100000;
  return true;
}
int PositionsTotal() { return 0; }
string PositionGetSymbol(int) { return string(); }
mql_ulong PositionGetTicket(int) { return 0; }
bool PositionSelect(const string&) { return false; }
bool PositionSelectByTicket(mql_ulong) { return false; }
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE) { return 0; }
bool PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE, double&) { return false; }
mql_long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER) { return 0; }
bool PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER, mql_long&) { return false; }
string PositionGetString(ENUM_POSITION_PROPERTY_STRING) { return string(); }
bool PositionGetString(ENUM_POSITION_PROPERTY_STRING, string&) { return false; }
int OrdersTotal() { return 0; }
mql_ulong OrderGetTicket(int) { return 0; }
bool OrderSelect(mql_ulong) { return false; }
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE) { return 0; }
mql_long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER) { return 0; }
string OrderGetString(ENUM_ORDER_PROPERTY_STRING) { return string(); }
bool HistorySelect(datetime, datetime) { return true; }
bool HistorySelectByPosition(mql_long) { return true; }
int HistoryDealsTotal() { return 0; }
mql_ulong HistoryDealGetTicket(int) { return 0; }
bool HistoryDealSelect(mql_ulong) { return false; }
double HistoryDealGetDouble(mql_ulong, ENUM_DEAL_PROPERTY_DOUBLE) { return 0; }
mql_long HistoryDealGetInteger(mql_ulong, ENUM_DEAL_PROPERTY_INTEGER) { return 0; }
string HistoryDealGetString(mql_ulong, ENUM_DEAL_PROPERTY_STRING) { return string(); }
int HistoryOrdersTotal() { return 0; }
mql_ulong HistoryOrderGetTicket(int) { return 0; }

bool OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE, double&) { return false; }
bool OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER, mql_long&) { return false; }
bool OrderGetString(ENUM_ORDER_PROPERTY_STRING, string&) { return false; }
bool HistoryDealGetDouble(mql_ulong, ENUM_DEAL_PROPERTY_DOUBLE, double&) { return false; }
bool HistoryDealGetInteger(mql_ulong, ENUM_DEAL_PROPERTY_INTEGER, mql_long&) { return false; }
bool HistoryDealGetString(mql_ulong, ENUM_DEAL_PROPERTY_STRING, string&) { return false; }
bool HistoryOrderSelect(mql_ulong) { return false; }
double HistoryOrderGetDouble(mql_ulong, ENUM_ORDER_PROPERTY_DOUBLE) { return 0; }
bool HistoryOrderGetDouble(mql_ulong, ENUM_ORDER_PROPERTY_DOUBLE, double&) { return false; }
mql_long HistoryOrderGetInteger(mql_ulong, ENUM_ORDER_PROPERTY_INTEGER) { return 0; }
bool HistoryOrderGetInteger(mql_ulong, ENUM_ORDER_PROPERTY_INTEGER, mql_long&) { return false; }
string HistoryOrderGetString(mql_ulong, ENUM_ORDER_PROPERTY_STRING) { return string(); }
bool HistoryOrderGetString(mql_ulong, ENUM_ORDER_PROPERTY_STRING, string&) { return false; }
bool SymbolInfoMarginRate(const string& name, ENUM_ORDER_TYPE, double& initial_margin_rate, double& maintenance_margin_rate) {
  if (!known(name)) return false;
  initial_margin_rate = maintenance_margin_rate = 1;
  return true;
}
bool SymbolInfoSessionQuote(const string& name, ENUM_DAY_OF_WEEK, mql_uint session_index, datetime& from, datetime& to) {
  if (!known(name) || session_index != 0) return false;
  from = 0, to = 86400;
  return true;
}
bool SymbolInfoSessionTrade(const string& name, ENUM_DAY_OF_WEEK day, mql_uint session_index, datetime& from, datetime& to) {
  return SymbolInfoSessionQuote(name, day, session_index, from, to);
}
int CopyTicks(const string& symbol_name, mql5::array<MqlTick>& ticks_array, mql_uint, mql_ulong from, mql_uint count) {
  if (!known(symbol_name)) return -1;
  std::vector<MqlTick> ticks;
  for (int i = 0; i < visible_bars(); ++i) {
    const MqlRates& r = bar(i);
    if (static_cast<mql_ulong>(r.time) * 1000 < from) continue;
    ticks.push_back(MqlTick{r.time, r.close, r.close + r.spread * _Point, r.close, static_cast<mql_ulong>(r.tick_volume),
                            r.time * 1000LL, 6, 0});
  }
  if (count == 0 || count > 2000 || (from == 0 && count)) {  // docs: from 0 and count: the last count ticks
    const size_t n = count ? count : (ticks.size() < 2000 ? ticks.size() : 2000);
    if (ticks.size() > n) ticks.erase(ticks.begin(), ticks.end() - static_cast<long>(n));
  } else if (ticks.size() > count) {
    ticks.resize(count);
  }
  if (ticks_array.resize(static_cast<int>(ticks.size())) < 0) return -1;
  for (size_t k = 0; k < ticks.size(); ++k) ticks_array.dll_data()[k] = ticks[k];
  return static_cast<int>(ticks.size());
}
int CopyTicksRange(const string& symbol_name, mql5::array<MqlTick>& ticks_array, mql_uint flags, mql_ulong from_msc,
                   mql_ulong to_msc) {
  const int n = CopyTicks(symbol_name, ticks_array, flags, from_msc, 0x7FFFFFFF);
  if (n <= 0 || to_msc == 0) return n;
  int keep = 0;
  while (keep < n && static_cast<mql_ulong>(ticks_array[keep].time_msc) <= to_msc) ++keep;
  ticks_array.resize(keep);
  return keep;
}

bool EventSetTimer(int seconds) { return EventSetMillisecondTimer(seconds * 1000); }
bool EventSetMillisecondTimer(int milliseconds) {
  if (milliseconds <= 0) return false;
  Market& m = market();
  m.timer_seconds = std::max(1, milliseconds / 1000);  // the bars' time has seconds
  m.next_timer = (visible_bars() ? static_cast<long long>(bar(visible_bars() - 1).time) : 0) + m.timer_seconds;
  return true;
}
void EventKillTimer() { market().timer_seconds = 0; }
void ExpertRemove() { market().removed = true; }
namespace mql5 {
void account_add(double money) { market().deposit += money; }
}  // namespace mql5
int UninitializeReason() { return _UninitReason; }

namespace mql5 {
datetime market_time() { return visible_bars() ? bar(visible_bars() - 1).time : datetime(0); }
bool market_open() { return market().current >= 0; }

std::string market_arguments(std::vector<std::string>& args) {
  Market& m = market();
  std::string bars, symbol, period, indicators, buffers_out;
  std::vector<std::string> options;  // those a custom indicator runs with (iCustom)
  for (auto it = args.begin(); it != args.end();) {
    const std::string& a = *it;
    auto take = [&](const char* option, std::string& into) {
      const size_t n = std::strlen(option);
      if (a.compare(0, n, option) != 0) return false;
      into = a.substr(n);
      return true;
    };
    std::string history, deposit;
    if (take("--indicators=", indicators) || take("--buffers-out=", buffers_out)) {
      it = args.erase(it);
      continue;
    }
    if (take("--bars=", bars) || take("--symbol=", symbol) || take("--period=", period) || take("--history=", history) ||
        take("--deposit=", deposit)) {
      options.push_back(a);
      if (!history.empty()) m.history = std::atoi(history.c_str());
      if (!deposit.empty()) m.deposit = std::atof(deposit.c_str());
      it = args.erase(it);
    } else {
      ++it;
    }
  }
  // the file's name says the symbol and period, as the terminal names its exports (EURUSD_H1.csv)
  const std::string base = bars.substr(bars.find_last_of("/\\") + 1);
  const size_t us = base.find('_'), dot = base.find('.', us == std::string::npos ? 0 : us);
  if (symbol.empty() && us != std::string::npos) symbol = base.substr(0, us);
  if (period.empty() && us != std::string::npos && dot != std::string::npos) {
    const std::string p = base.substr(us + 1, dot - us - 1);
    if (period_named(p)) period = p;
  }
  if (!symbol.empty()) m.symbol = symbol;
  _Symbol = text16(m.symbol);
  if (!period.empty()) {
    const Timeframe* p = period_named(period);
    if (!p) return "--period=" + period + ": a timeframe is M1 ... MN1";
    _Period = p->value;
  }
  if (!bars.empty()) {
    const std::string error = load_bars(bars, m);
    if (!error.empty()) return error;
  }
  std::string lines;
  for (const std::string& o : options) lines += o + '\n';
  set_custom_indicators(indicators.c_str(), lines.c_str());
  m.buffers_out = buffers_out;
  return "";
}

namespace {
// The custom chart events sent so far, each to OnChartEvent (which may send more).
void deliver_chart_events(const program_events& p) {
  int id;
  mql_long lparam;
  double dparam;
  string sparam;
  while (!market().removed && !stop_requested() && next_chart_event(id, lparam, dparam, sparam))
    if (p.on_chart_event) p.on_chart_event(id, lparam, dparam, sparam);
}
}  // namespace

int run_program() {
  Market& m = market();
  const program_events& p = the_program;
  const int total = static_cast<int>(m.bars.size());
  if (p.on_start) {  // a script: every bar visible (its series functions read them)
    m.current = total - 1;
    p.on_start();
    return 0;
  }
  // An Expert Advisor of OnInit alone (or of its timer and chart events) still runs: the tester
  // calls OnInit, passes the bars, calls OnDeinit (EA31337-classes' tests are such Expert
  // Advisors, run in the strategy tester by its CI).
  if (!p.on_tick && !p.on_calculate && !p.on_calculate_price && !p.on_init && !p.on_timer && !p.on_chart_event) {
    std::fprintf(stderr, "harness: the program has no OnStart, OnInit, OnTick or OnCalculate: nothing for the terminal "
                         "to run\n");
    return 2;
  }
  if (total == 0) {
    std::fprintf(stderr, "harness: an Expert Advisor or an indicator runs on bars: --bars=FILE (the terminal's export of "
                         "a symbol's bars)\n");
    return 2;
  }
  // The tester loads history before the first tick: --history bars (default half of them).
  const int history = m.history < 0 ? std::max(1, total / 2) : std::min(std::max(1, m.history), total);
  m.current = history - 1;
  const int init = p.on_init ? p.on_init() : INIT_SUCCEEDED;
  if (init != INIT_SUCCEEDED) {
    std::printf("harness: OnInit returned %d: the program is not run\n", init);
    _UninitReason = REASON_INITFAILED;
    if (p.on_deinit) p.on_deinit(REASON_INITFAILED);
    return 0;
  }
  deliver_chart_events(p);
  std::vector<datetime> time;
  std::vector<double> open, high, low, close;
  std::vector<mql_long> tick_volume, volume;
  std::vector<int> spread;
  int prev_calculated = 0;
  for (int i = history - 1; i < total && !m.removed && !stop_requested(); ++i) {
    m.current = i;
    const long long now = m.bars[static_cast<size_t>(i)].time;
    if (p.on_timer && m.timer_seconds > 0 && now >= m.next_timer) {
      m.next_timer = now + m.timer_seconds;
      p.on_timer();
      deliver_chart_events(p);
    }
    if (p.on_tick) p.on_tick();
    deliver_chart_events(p);
    if (p.on_calculate || p.on_calculate_price) {
      const MqlRates& r = m.bars[static_cast<size_t>(i)];
      time.push_back(r.time), open.push_back(r.open), high.push_back(r.high), low.push_back(r.low), close.push_back(r.close);
      tick_volume.push_back(r.tick_volume), volume.push_back(r.real_volume), spread.push_back(r.spread);
      if (time.size() == 1) {  // the history first: one call with every bar up to the current one
        time.clear(), open.clear(), high.clear(), low.clear(), close.clear(), tick_volume.clear(), volume.clear(), spread.clear();
        for (int k = 0; k <= i; ++k) {
          const MqlRates& h = m.bars[static_cast<size_t>(k)];
          time.push_back(h.time), open.push_back(h.open), high.push_back(h.high), low.push_back(h.low);
          close.push_back(h.close), tick_volume.push_back(h.tick_volume), volume.push_back(h.real_volume);
          spread.push_back(h.spread);
        }
      }
      const int n = i + 1;
      resize_indicator_buffers(n);
      const int result = p.on_calculate
                             ? p.on_calculate(n, prev_calculated,
                                              series_arrays{const_view(time.data(), n), const_view(open.data(), n),
                                                            const_view(high.data(), n), const_view(low.data(), n),
                                                            const_view(close.data(), n), const_view(tick_volume.data(), n),
                                                            const_view(volume.data(), n), const_view(spread.data(), n)})
                             : p.on_calculate_price(n, prev_calculated, 0, const_view(close.data(), n));
      prev_calculated = result;
    }
  }
  if (p.on_tester) std::printf("harness: OnTester() returned %.10g\n", p.on_tester());
  _UninitReason = m.removed ? REASON_PROGRAM : REASON_REMOVE;
  if (p.on_deinit) p.on_deinit(_UninitReason);
  report_indicator_buffers();
  if (!m.buffers_out.empty() && !write_indicator_buffers(m.buffers_out.c_str())) {
    std::fprintf(stderr, "harness: --buffers-out=%s: cannot be written\n", m.buffers_out.c_str());
    return 2;
  }
  return 0;
}
}  // namespace mql5
