// The technical indicators and the custom indicator's side of mql5_indicators.hpp. Each built-in
// is computed once over every bar of the file (its value at a bar depends on that bar and the ones
// before it only), CopyBuffer shows the part the current bar has reached.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "mql5_runtime.hpp"
#include "utf16.hpp"

using namespace mql5;

namespace {
constexpr int kFirstHandle = 10;  // above the ENUM_APPLIED_PRICE values: a handle may stand for a price

struct Indicator {
  std::string kind;
  std::vector<double> params;
  std::vector<std::vector<double>> buffers;
  bool computed = false, released = false;
};
std::vector<Indicator>& indicators() {
  static std::vector<Indicator>* v = new std::vector<Indicator>;  // never destroyed: handles live to the end
  return *v;
}
Indicator* indicator(int handle) {
  const int k = handle - kFirstHandle;
  if (k < 0 || k >= static_cast<int>(indicators().size()) || indicators()[static_cast<size_t>(k)].released) return nullptr;
  return &indicators()[static_cast<size_t>(k)];
}
const std::vector<double>& values(int handle, int buffer);

// A price of ENUM_APPLIED_PRICE at every bar, or the first buffer of the indicator a handle names.
std::vector<double> prices(int applied, int n) {
  if (applied >= kFirstHandle) {
    std::vector<double> v = values(applied, 0);
    v.resize(static_cast<size_t>(n), 0.0);
    return v;
  }
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const MqlRates& r = bar(i);
    switch (applied) {
      case PRICE_OPEN: v[i] = r.open; break;
      case PRICE_HIGH: v[i] = r.high; break;
      case PRICE_LOW: v[i] = r.low; break;
      case PRICE_MEDIAN: v[i] = (r.high + r.low) / 2; break;
      case PRICE_TYPICAL: v[i] = (r.high + r.low + r.close) / 3; break;
      case PRICE_WEIGHTED: v[i] = (r.high + r.low + 2 * r.close) / 4; break;
      default: v[i] = r.close;
    }
  }
  return v;
}

// A moving average of p over `period` (docs: Moving Average: SMA, EMA with 2/(N+1), SMMA, LWMA with
// weights 1..N); 0 where the first full period is not reached (EMA: from the first price on).
std::vector<double> moving_average(const std::vector<double>& p, int period, int method, int begin = 0) {
  const int n = static_cast<int>(p.size());
  std::vector<double> out(static_cast<size_t>(n), 0.0);
  if (period <= 0 || n <= begin) return out;
  if (method == MODE_EMA) {
    const double k = 2.0 / (period + 1.0);
    out[begin] = p[begin];
    for (int i = begin + 1; i < n; ++i) out[i] = p[i] * k + out[i - 1] * (1 - k);
    return out;
  }
  const int first = begin + period - 1;
  if (first >= n) return out;
  if (method == MODE_LWMA) {
    const double weight = period * (period + 1) / 2.0;
    for (int i = first; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < period; ++j) sum += p[i - j] * (period - j);
      out[i] = sum / weight;
    }
    return out;
  }
  double sum = 0;
  for (int i = begin; i <= first; ++i) sum += p[i];
  out[first] = sum / period;
  for (int i = first + 1; i < n; ++i)
    out[i] = method == MODE_SMMA ? (out[i - 1] * (period - 1) + p[i]) / period : out[i - 1] + (p[i] - p[i - period]) / period;
  return out;
}

std::vector<double> shifted(const std::vector<double>& v, int shift) {
  if (shift <= 0) return v;
  std::vector<double> out(v.size(), 0.0);
  for (size_t i = static_cast<size_t>(shift); i < v.size(); ++i) out[i] = v[i - static_cast<size_t>(shift)];
  return out;
}

void compute(Indicator& ind) {
  const int n = static_cast<int>(total_bars());
  const std::vector<double>& q = ind.params;
  auto P = [&](size_t k) { return static_cast<int>(q[k]); };
  std::vector<std::vector<double>>& b = ind.buffers;
  auto zeros = [&]() { return std::vector<double>(static_cast<size_t>(n), 0.0); };
  if (ind.kind == "MA") {
    b = {shifted(moving_average(prices(P(3), n), P(0), P(2)), P(1))};
  } else if (ind.kind == "RSI") {  // docs (RSI): Wilder's averages of the gains and losses over N
    const int N = P(0);
    const std::vector<double> p = prices(P(1), n);
    std::vector<double> rsi = zeros();
    double up = 0, down = 0;
    for (int i = 1; i < n; ++i) {
      const double d = p[i] - p[i - 1], gain = d > 0 ? d : 0, loss = d < 0 ? -d : 0;
      if (i <= N) {
        up += gain / N, down += loss / N;
        if (i < N) continue;
      } else {
        up = (up * (N - 1) + gain) / N, down = (down * (N - 1) + loss) / N;
      }
      rsi[i] = down != 0 ? 100 - 100 / (1 + up / down) : (up != 0 ? 100 : 50);
    }
    b = {rsi};
  } else if (ind.kind == "ATR") {  // docs (ATR): the average of the true range over N
    const int N = P(0);
    std::vector<double> tr = zeros(), atr = zeros();
    for (int i = 1; i < n; ++i) tr[i] = std::max(bar(i).high, bar(i - 1).close) - std::min(bar(i).low, bar(i - 1).close);
    for (int i = N; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < N; ++j) sum += tr[i - j];
      atr[i] = sum / N;
    }
    b = {atr};
  } else if (ind.kind == "MACD") {  // docs (MACD): EMA(fast) - EMA(slow); signal: its SMA
    const std::vector<double> p = prices(P(3), n);
    const std::vector<double> fast = moving_average(p, P(0), MODE_EMA), slow = moving_average(p, P(1), MODE_EMA);
    std::vector<double> main = zeros();
    for (int i = 0; i < n; ++i) main[i] = fast[i] - slow[i];
    b = {main, moving_average(main, P(2), MODE_SMA)};
  } else if (ind.kind == "Bands" || ind.kind == "StdDev") {  // the population standard deviation around the average
    const bool bands = ind.kind == "Bands";
    const int N = P(0);
    const std::vector<double> p = prices(P(3), n);
    const std::vector<double> ma = moving_average(p, N, bands ? MODE_SMA : P(2));
    std::vector<double> sd = zeros(), upper = zeros(), lower = zeros();
    for (int i = N - 1; i < n; ++i) {
      double s = 0;
      for (int j = 0; j < N; ++j) s += (p[i - j] - ma[i]) * (p[i - j] - ma[i]);
      sd[i] = std::sqrt(s / N);
      upper[i] = ma[i] + q[2] * sd[i], lower[i] = ma[i] - q[2] * sd[i];
    }
    b = bands ? std::vector<std::vector<double>>{shifted(ma, P(1)), shifted(upper, P(1)), shifted(lower, P(1))}
              : std::vector<std::vector<double>>{shifted(sd, P(1))};
  } else if (ind.kind == "CCI") {  // docs (CCI): (price - SMA) / (0.015 * mean absolute deviation)
    const int N = P(0);
    const std::vector<double> p = prices(P(1), n), ma = moving_average(p, N, MODE_SMA);
    std::vector<double> cci = zeros();
    for (int i = N - 1; i < n; ++i) {
      double dev = 0;
      for (int j = 0; j < N; ++j) dev += std::fabs(p[i - j] - ma[i]);
      dev *= 0.015 / N;
      cci[i] = dev != 0 ? (p[i] - ma[i]) / dev : 0;
    }
    b = {cci};
  } else if (ind.kind == "Momentum") {  // docs (Momentum): price / price N bars ago * 100
    const int N = P(0);
    const std::vector<double> p = prices(P(1), n);
    std::vector<double> m = zeros();
    for (int i = N; i < n; ++i) m[i] = p[i - N] != 0 ? p[i] * 100 / p[i - N] : 0;
    b = {m};
  } else if (ind.kind == "Stochastic") {  // docs (Stochastic): %K over K bars slowed by `slowing`, %D its average
    const int K = P(0), D = P(1), S = P(2);
    const bool closes = P(4) == STO_CLOSECLOSE;
    std::vector<double> lows = zeros(), highs = zeros(), main = zeros();
    for (int i = K - 1; i < n; ++i) {
      double lo = 1e300, hi = -1e300;
      for (int j = i - K + 1; j <= i; ++j) {
        lo = std::min(lo, closes ? bar(j).close : bar(j).low);
        hi = std::max(hi, closes ? bar(j).close : bar(j).high);
      }
      lows[i] = lo, highs[i] = hi;
    }
    for (int i = K - 1 + S - 1; i < n; ++i) {
      double num = 0, den = 0;
      for (int j = i - S + 1; j <= i; ++j) num += bar(j).close - lows[j], den += highs[j] - lows[j];
      main[i] = den == 0 ? 100 : num / den * 100;
    }
    b = {main, moving_average(main, D, P(3), K - 1 + S - 1)};
  } else if (ind.kind == "WPR") {  // docs (Williams' Percent Range): -100 (highest - close) / (highest - lowest)
    const int N = P(0);
    std::vector<double> w = zeros();
    for (int i = N - 1; i < n; ++i) {
      double lo = 1e300, hi = -1e300;
      for (int j = i - N + 1; j <= i; ++j) lo = std::min(lo, bar(j).low), hi = std::max(hi, bar(j).high);
      w[i] = hi != lo ? -100 * (hi - bar(i).close) / (hi - lo) : 0;
    }
    b = {w};
  } else if (ind.kind == "MFI") {  // docs (MFI): 100 - 100 / (1 + positive money flow / negative money flow)
    const int N = P(0);
    std::vector<double> tp = prices(PRICE_TYPICAL, n), mfi = zeros();
    for (int i = N; i < n; ++i) {
      double pos = 0, neg = 0;
      for (int j = i - N + 1; j <= i; ++j) {
        const double flow = tp[j] * static_cast<double>(P(1) == VOLUME_REAL ? bar(j).real_volume : bar(j).tick_volume);
        if (tp[j] > tp[j - 1]) pos += flow;
        else if (tp[j] < tp[j - 1]) neg += flow;
      }
      mfi[i] = neg != 0 ? 100 - 100 / (1 + pos / neg) : 100;
    }
    b = {mfi};
  } else if (ind.kind == "OBV") {  // docs (OBV): the volume added on a rise, taken on a fall
    std::vector<double> obv = zeros();
    for (int i = 0; i < n; ++i) {
      const double v = static_cast<double>(P(0) == VOLUME_REAL ? bar(i).real_volume : bar(i).tick_volume);
      obv[i] = i == 0 ? v : obv[i - 1] + (bar(i).close > bar(i - 1).close ? v : bar(i).close < bar(i - 1).close ? -v : 0);
    }
    b = {obv};
  } else if (ind.kind == "AO") {  // docs (Awesome Oscillator): SMA(median, 5) - SMA(median, 34)
    const std::vector<double> m = prices(PRICE_MEDIAN, n), s5 = moving_average(m, 5, MODE_SMA), s34 = moving_average(m, 34, MODE_SMA);
    std::vector<double> ao = zeros();
    for (int i = 33; i < n; ++i) ao[i] = s5[i] - s34[i];
    b = {ao};
  } else if (ind.kind == "ADX") {  // docs (ADX): +DI, -DI from the directional movements over the true range, ADX their smoothed index
    const int N = P(0);
    std::vector<double> pdm = zeros(), mdm = zeros(), tr = zeros();
    for (int i = 1; i < n; ++i) {
      const double up = bar(i).high - bar(i - 1).high, down = bar(i - 1).low - bar(i).low;
      pdm[i] = up > down && up > 0 ? up : 0;
      mdm[i] = down > up && down > 0 ? down : 0;
      tr[i] = std::max(bar(i).high, bar(i - 1).close) - std::min(bar(i).low, bar(i - 1).close);
    }
    std::vector<double> pdi = zeros(), mdi = zeros(), dx = zeros();
    for (int i = 1; i < n; ++i) {
      pdi[i] = tr[i] != 0 ? 100 * pdm[i] / tr[i] : 0;
      mdi[i] = tr[i] != 0 ? 100 * mdm[i] / tr[i] : 0;
    }
    pdi = moving_average(pdi, N, MODE_EMA, 1);
    mdi = moving_average(mdi, N, MODE_EMA, 1);
    for (int i = 1; i < n; ++i) dx[i] = pdi[i] + mdi[i] != 0 ? 100 * std::fabs(pdi[i] - mdi[i]) / (pdi[i] + mdi[i]) : 0;
    b = {moving_average(dx, N, MODE_EMA, 1), pdi, mdi};
  }
  ind.computed = true;
}

const std::vector<double>& values(int handle, int buffer) {
  static const std::vector<double> none;
  Indicator* ind = indicator(handle);
  if (!ind) return none;
  if (!ind->computed) compute(*ind);
  return buffer >= 0 && buffer < static_cast<int>(ind->buffers.size()) ? ind->buffers[static_cast<size_t>(buffer)] : none;
}

// The custom indicator's bound buffers and properties.
struct Bound {
  mql5::array<double>* buffer;
  ENUM_INDEXBUFFER_TYPE type;
};
std::map<int, Bound>& bound() {
  static std::map<int, Bound>* m = new std::map<int, Bound>;
  return *m;
}
std::map<std::pair<int, int>, long long>& plot_integers() {
  static std::map<std::pair<int, int>, long long>* m = new std::map<std::pair<int, int>, long long>;
  return *m;
}
std::map<int, std::string>& plot_labels() {
  static std::map<int, std::string>* m = new std::map<int, std::string>;
  return *m;
}
}  // namespace

namespace mql5 {
int indicator_create(const char* kind, std::initializer_list<double> params) {
  // a period below 1 is a wrong parameter (docs: the indicators' period parameters)
  if (params.size() && *params.begin() < 1 && std::string(kind) != "OBV") {
    _LastError = ERR_INVALID_PARAMETER;
    return INVALID_HANDLE;
  }
  indicators().push_back(Indicator{kind, std::vector<double>(params), {}, false, false});
  return kFirstHandle + static_cast<int>(indicators().size()) - 1;
}

void resize_indicator_buffers(int rates_total) {
  for (auto& [index, b] : bound()) {
    const int old = b.buffer->size();
    if (b.buffer->is_static() || b.buffer->resize(rates_total) < 0) continue;
    const bool series = b.buffer->is_series();
    b.buffer->set_series(false);
    for (int i = old; i < rates_total; ++i) (*b.buffer)[i] = 0.0;  // a new bar's element
    b.buffer->set_series(series);
  }
}

void report_indicator_buffers() {
  for (auto& [index, b] : bound()) {
    if (b.type != INDICATOR_DATA) continue;
    const int n = b.buffer->size();
    std::string line = "harness: indicator buffer " + std::to_string(index);
    auto label = plot_labels().find(index);
    if (label != plot_labels().end()) line += " (" + label->second + ")";
    line += ", " + std::to_string(n) + " bars, the last ones:";
    const bool series = b.buffer->is_series();
    for (int k = std::max(0, n - 3); k < n; ++k) {
      char v[64];
      std::snprintf(v, sizeof v, " %.10g", (*b.buffer)[series ? n - 1 - k : k]);
      line += v;
    }
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}
}  // namespace mql5

int CopyBuffer(int indicator_handle, int buffer_num, int start_pos, int count, mql5::array<double>& buffer) {
  Indicator* ind = indicator(indicator_handle);
  if (!ind) {
    _LastError = ERR_INDICATOR_WRONG_HANDLE;
    return -1;
  }
  const std::vector<double>& v = values(indicator_handle, buffer_num);
  if (v.empty()) {
    _LastError = ERR_INDICATOR_WRONG_PARAMETERS;
    return -1;
  }
  return copy_series(start_pos, count, buffer, [&v](int k) { return v[static_cast<size_t>(k)]; });
}
int CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, int count, mql5::array<double>& buffer) {
  const int pos = shift_of(start_time, false);
  return pos < 0 ? -1 : CopyBuffer(indicator_handle, buffer_num, pos, count, buffer);
}
int CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, datetime stop_time, mql5::array<double>& buffer) {
  int pos = 0;
  const int count = copy_range(start_time, stop_time, pos);
  return count <= 0 ? -1 : CopyBuffer(indicator_handle, buffer_num, pos, count, buffer);
}
int BarsCalculated(int indicator_handle) { return indicator(indicator_handle) ? visible_bars() : -1; }
bool IndicatorRelease(int indicator_handle) {
  Indicator* ind = indicator(indicator_handle);
  if (!ind) return false;
  ind->released = true;
  return true;
}

bool SetIndexBuffer(int index, mql5::array<double>& buffer, ENUM_INDEXBUFFER_TYPE data_type) {
  if (index < 0) return false;
  bound()[index] = Bound{&buffer, data_type};
  return true;
}
bool IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER, mql_long) { return true; }
bool IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER, int, mql_long) { return true; }
bool IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE, double) { return true; }
bool IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE, int, double) { return true; }
bool IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING, const string&) { return true; }
bool IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING, int, const string&) { return true; }
bool PlotIndexSetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, mql_long prop_value) {
  plot_integers()[{plot_index, prop_id}] = prop_value;
  return true;
}
bool PlotIndexSetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, int, mql_long prop_value) {
  return PlotIndexSetInteger(plot_index, prop_id, prop_value);
}
bool PlotIndexSetDouble(int, ENUM_PLOT_PROPERTY_DOUBLE, double) { return true; }
bool PlotIndexSetString(int plot_index, ENUM_PLOT_PROPERTY_STRING, const string& prop_value) {
  plot_labels()[plot_index] = utf16::to_utf8(std::u16string(prop_value.c_str(), static_cast<size_t>(prop_value.length())));
  return true;
}
mql_long PlotIndexGetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, int) {
  auto it = plot_integers().find({plot_index, prop_id});
  return it == plot_integers().end() ? 0 : it->second;
}
