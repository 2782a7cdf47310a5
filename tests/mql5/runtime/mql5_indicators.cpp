// The technical indicators and the custom indicator's side of mql5_indicators.hpp. Each built-in
// is computed once over every bar of the file (its value at a bar depends on that bar and the ones
// before it only), CopyBuffer shows the part the current bar has reached.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "mql5_platform.hpp"
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
  int computed_for = 0;  // the bars it was computed over
};
// Those whose value at a bar needs bars after it (a fractal: two more; Ichimoku's lagging span):
// computed over the bars the program has reached, again as more are.
bool looks_ahead(const std::string& kind) { return kind == "Fractals" || kind == "Ichimoku"; }
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

// The highest high / lowest low of the N bars up to i (false before the first N).
double highest(int i, int N) {
  double v = -1e300;
  for (int j = i - N + 1; j <= i; ++j) v = std::max(v, bar(j).high);
  return v;
}
double lowest(int i, int N) {
  double v = 1e300;
  for (int j = i - N + 1; j <= i; ++j) v = std::min(v, bar(j).low);
  return v;
}
std::vector<double> volumes(int applied_volume, int n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[i] = static_cast<double>(applied_volume == VOLUME_REAL ? bar(i).real_volume : bar(i).tick_volume);
  return v;
}
// Wilder's smoothing (the SMMA) of v from `begin`: the first value the mean of N.
std::vector<double> wilder(const std::vector<double>& v, int N, int begin) { return moving_average(v, N, MODE_SMMA, begin); }

void compute_more(Indicator& ind, int n);

void compute(Indicator& ind) {
  const int n = looks_ahead(ind.kind) ? visible_bars() : static_cast<int>(total_bars());
  ind.computed_for = n;
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
  } else {
    compute_more(ind, n);
  }
  ind.computed = true;
}

// The indicators of the second half of the reference's list, each by its page's formula.
void compute_more(Indicator& ind, int n) {
  const std::vector<double>& q = ind.params;
  auto P = [&](size_t k) { return static_cast<int>(q[k]); };
  std::vector<std::vector<double>>& b = ind.buffers;
  auto zeros = [&]() { return std::vector<double>(static_cast<size_t>(n), 0.0); };
  const std::string& k = ind.kind;
  if (k == "AC") {  // docs (Accelerator Oscillator): AO - SMA(AO, 5)
    const std::vector<double> m = prices(PRICE_MEDIAN, n), s5 = moving_average(m, 5, MODE_SMA), s34 = moving_average(m, 34, MODE_SMA);
    std::vector<double> ao = zeros(), ac = zeros();
    for (int i = 33; i < n; ++i) ao[i] = s5[i] - s34[i];
    const std::vector<double> sma = moving_average(ao, 5, MODE_SMA, 33);
    for (int i = 37; i < n; ++i) ac[i] = ao[i] - sma[i];
    b = {ac, zeros()};
  } else if (k == "AD" || k == "Chaikin") {  // docs (Accumulation/Distribution): + ((C-L)-(H-C))/(H-L) * volume
    const std::vector<double> vol = volumes(P(k == "AD" ? 0 : 3), n);
    std::vector<double> ad = zeros();
    for (int i = 0; i < n; ++i) {
      const MqlRates& r = bar(i);
      const double range = r.high - r.low;
      ad[i] = (i ? ad[i - 1] : 0) + (range != 0 ? ((r.close - r.low) - (r.high - r.close)) / range * vol[i] : 0);
    }
    if (k == "AD") {
      b = {ad};
    } else {  // docs (Chaikin Oscillator): MA(AD, fast) - MA(AD, slow)
      const std::vector<double> fast = moving_average(ad, P(0), P(2)), slow = moving_average(ad, P(1), P(2));
      std::vector<double> c = zeros();
      for (int i = std::max(P(0), P(1)) - 1; i < n; ++i) c[i] = fast[i] - slow[i];
      b = {c};
    }
  } else if (k == "BearsPower" || k == "BullsPower") {  // docs: LOW - EMA(CLOSE, N), HIGH - EMA(CLOSE, N)
    const std::vector<double> ema = moving_average(prices(PRICE_CLOSE, n), P(0), MODE_EMA);
    std::vector<double> v = zeros();
    for (int i = 0; i < n; ++i) v[i] = (k == "BearsPower" ? bar(i).low : bar(i).high) - ema[i];
    b = {v};
  } else if (k == "DEMA" || k == "TEMA" || k == "TriX") {
    // docs: DEMA = 2 EMA - EMA(EMA); TEMA = 3 EMA - 3 EMA(EMA) + EMA(EMA(EMA));
    // TRIX = (EMA3(i) - EMA3(i-1)) / EMA3(i-1), EMA3 the triple EMA
    const int N = P(0);
    const std::vector<double> p = prices(P(k == "TriX" ? 1 : 2), n);
    const std::vector<double> e1 = moving_average(p, N, MODE_EMA), e2 = moving_average(e1, N, MODE_EMA),
                              e3 = moving_average(e2, N, MODE_EMA);
    std::vector<double> v = zeros();
    for (int i = 0; i < n; ++i) {
      if (k == "DEMA") v[i] = 2 * e1[i] - e2[i];
      else if (k == "TEMA") v[i] = 3 * e1[i] - 3 * e2[i] + e3[i];
      else v[i] = i && e3[i - 1] != 0 ? (e3[i] - e3[i - 1]) / e3[i - 1] : 0;
    }
    b = {k == "TriX" ? v : shifted(v, P(1))};
  } else if (k == "DeMarker") {  // docs: SMA(DeMax, N) / (SMA(DeMax, N) + SMA(DeMin, N))
    const int N = P(0);
    std::vector<double> up = zeros(), down = zeros(), dem = zeros();
    for (int i = 1; i < n; ++i) {
      up[i] = std::max(bar(i).high - bar(i - 1).high, 0.0);
      down[i] = std::max(bar(i - 1).low - bar(i).low, 0.0);
    }
    const std::vector<double> su = moving_average(up, N, MODE_SMA, 1), sd = moving_average(down, N, MODE_SMA, 1);
    for (int i = N; i < n; ++i) dem[i] = su[i] + sd[i] != 0 ? su[i] / (su[i] + sd[i]) : 0;
    b = {dem};
  } else if (k == "Envelopes") {  // docs: MA * (1 + deviation / 100), MA * (1 - deviation / 100)
    const std::vector<double> ma = moving_average(prices(P(3), n), P(0), P(2));
    std::vector<double> up = zeros(), down = zeros();
    for (int i = P(0) - 1; i < n; ++i) up[i] = ma[i] * (1 + q[4] / 100), down[i] = ma[i] * (1 - q[4] / 100);
    b = {shifted(up, P(1)), shifted(down, P(1))};
  } else if (k == "Force") {  // docs (Force Index): VOLUME(i) * (MA(CLOSE, N, i) - MA(CLOSE, N, i-1))
    const std::vector<double> ma = moving_average(prices(PRICE_CLOSE, n), P(0), P(1)), vol = volumes(P(2), n);
    std::vector<double> f = zeros();
    for (int i = P(0); i < n; ++i) f[i] = vol[i] * (ma[i] - ma[i - 1]);
    b = {f};
  } else if (k == "Fractals") {  // docs: a high above the two highs on each side (a low below the lows); EMPTY_VALUE elsewhere
    std::vector<double> up(static_cast<size_t>(n), EMPTY_VALUE), down(static_cast<size_t>(n), EMPTY_VALUE);
    for (int i = 2; i + 2 < n; ++i) {
      const double h = bar(i).high, l = bar(i).low;
      if (h > bar(i - 1).high && h > bar(i - 2).high && h > bar(i + 1).high && h > bar(i + 2).high) up[i] = h;
      if (l < bar(i - 1).low && l < bar(i - 2).low && l < bar(i + 1).low && l < bar(i + 2).low) down[i] = l;
    }
    b = {up, down};
  } else if (k == "Alligator" || k == "Gator") {
    // docs: the jaw, teeth and lips, moving averages of the price shifted forward; Gator:
    // |jaw - teeth| above, -|teeth - lips| below
    const std::vector<double> p = prices(P(7), n);
    const std::vector<double> jaw = shifted(moving_average(p, P(0), P(6)), P(1)), teeth = shifted(moving_average(p, P(2), P(6)), P(3)),
                              lips = shifted(moving_average(p, P(4), P(6)), P(5));
    if (k == "Alligator") {
      b = {jaw, teeth, lips};
    } else {
      std::vector<double> up = zeros(), down = zeros();
      for (int i = 0; i < n; ++i) up[i] = std::fabs(jaw[i] - teeth[i]), down[i] = -std::fabs(teeth[i] - lips[i]);
      b = {up, zeros(), down, zeros()};
    }
  } else if (k == "Ichimoku") {
    // docs (Ichimoku Kinko Hyo): Tenkan-sen, Kijun-sen: the middle of the highest high and lowest low
    // of their periods; Senkou Span A: their mean, Senkou Span B: the middle over the third period,
    // both kijun bars ahead; Chikou Span: the close kijun bars back
    const int T = P(0), K = P(1), S = P(2);
    std::vector<double> tenkan = zeros(), kijun = zeros(), a = zeros(), bb = zeros(), chikou = zeros();
    for (int i = 0; i < n; ++i) {
      if (i >= T - 1) tenkan[i] = (highest(i, T) + lowest(i, T)) / 2;
      if (i >= K - 1) kijun[i] = (highest(i, K) + lowest(i, K)) / 2;
      if (i >= S - 1) bb[i] = (highest(i, S) + lowest(i, S)) / 2;
      a[i] = (tenkan[i] + kijun[i]) / 2;
      if (i + K < n) chikou[i] = bar(i + K).close;
    }
    b = {tenkan, kijun, shifted(a, K), shifted(bb, K), chikou};
  } else if (k == "BWMFI") {  // docs (Market Facilitation Index): (HIGH - LOW) / VOLUME
    const std::vector<double> vol = volumes(P(0), n);
    std::vector<double> m = zeros();
    for (int i = 0; i < n; ++i) m[i] = vol[i] != 0 ? (bar(i).high - bar(i).low) / vol[i] : 0;
    b = {m, zeros()};
  } else if (k == "OsMA") {  // docs (Moving Average of Oscillator): MACD - its signal line
    const std::vector<double> p = prices(P(3), n);
    const std::vector<double> fast = moving_average(p, P(0), MODE_EMA), slow = moving_average(p, P(1), MODE_EMA);
    std::vector<double> macd = zeros(), osma = zeros();
    for (int i = 0; i < n; ++i) macd[i] = fast[i] - slow[i];
    const std::vector<double> signal = moving_average(macd, P(2), MODE_SMA);
    for (int i = P(2) - 1; i < n; ++i) osma[i] = macd[i] - signal[i];
    b = {osma};
  } else if (k == "SAR") {
    // docs (Parabolic SAR): SAR(i) = SAR(i-1) + ACCELERATION * (EP - SAR(i-1)), the acceleration
    // growing by `step` at each new extreme up to `maximum`, the trend turned where price crosses it
    const double step = q[0], maximum = q[1];
    std::vector<double> sar = zeros();
    if (n >= 2) {
      bool up = bar(1).close >= bar(0).close;
      double af = step, ep = up ? std::max(bar(0).high, bar(1).high) : std::min(bar(0).low, bar(1).low);
      sar[1] = up ? std::min(bar(0).low, bar(1).low) : std::max(bar(0).high, bar(1).high);
      for (int i = 2; i < n; ++i) {
        double s = sar[i - 1] + af * (ep - sar[i - 1]);
        if (up) {
          s = std::min({s, bar(i - 1).low, bar(i - 2).low});
          if (bar(i).low < s) {
            up = false, s = ep, ep = bar(i).low, af = step;
          } else if (bar(i).high > ep) {
            ep = bar(i).high, af = std::min(af + step, maximum);
          }
        } else {
          s = std::max({s, bar(i - 1).high, bar(i - 2).high});
          if (bar(i).high > s) {
            up = true, s = ep, ep = bar(i).high, af = step;
          } else if (bar(i).low < ep) {
            ep = bar(i).low, af = std::min(af + step, maximum);
          }
        }
        sar[i] = s;
      }
    }
    b = {sar};
  } else if (k == "RVI") {
    // docs (Relative Vigor Index): the sums over N of (CLOSE-OPEN) over (HIGH-LOW), each weighted
    // 1,2,2,1 over four bars; the signal line the same weighting of RVI
    const int N = P(0);
    std::vector<double> num = zeros(), den = zeros(), rvi = zeros(), signal = zeros();
    for (int i = 3; i < n; ++i) {
      auto w = [&](auto f) { return (f(i) + 2 * f(i - 1) + 2 * f(i - 2) + f(i - 3)) / 6; };
      num[i] = w([](int j) { return bar(j).close - bar(j).open; });
      den[i] = w([](int j) { return bar(j).high - bar(j).low; });
    }
    for (int i = N + 2; i < n; ++i) {
      double sn = 0, sd = 0;
      for (int j = i - N + 1; j <= i; ++j) sn += num[j], sd += den[j];
      rvi[i] = sd != 0 ? sn / sd : 0;
    }
    for (int i = N + 5; i < n; ++i) signal[i] = (rvi[i] + 2 * rvi[i - 1] + 2 * rvi[i - 2] + rvi[i - 3]) / 6;
    b = {rvi, signal};
  } else if (k == "Volumes") {
    b = {volumes(P(0), n), zeros()};
  } else if (k == "ADXWilder") {
    // docs (Average Directional Movement Index Wilder): +DM, -DM and the true range each by
    // Wilder's smoothing over N; +DI, -DI their ratios; ADX the smoothing of DX
    const int N = P(0);
    std::vector<double> pdm = zeros(), mdm = zeros(), tr = zeros(), pdi = zeros(), mdi = zeros(), dx = zeros();
    for (int i = 1; i < n; ++i) {
      const double up = bar(i).high - bar(i - 1).high, down = bar(i - 1).low - bar(i).low;
      pdm[i] = up > down && up > 0 ? up : 0;
      mdm[i] = down > up && down > 0 ? down : 0;
      tr[i] = std::max(bar(i).high, bar(i - 1).close) - std::min(bar(i).low, bar(i - 1).close);
    }
    const std::vector<double> sp = wilder(pdm, N, 1), sm = wilder(mdm, N, 1), st = wilder(tr, N, 1);
    for (int i = N; i < n; ++i) {
      pdi[i] = st[i] != 0 ? 100 * sp[i] / st[i] : 0;
      mdi[i] = st[i] != 0 ? 100 * sm[i] / st[i] : 0;
      dx[i] = pdi[i] + mdi[i] != 0 ? 100 * std::fabs(pdi[i] - mdi[i]) / (pdi[i] + mdi[i]) : 0;
    }
    b = {wilder(dx, N, N), pdi, mdi};
  } else if (k == "AMA") {
    // docs (Adaptive Moving Average): ER = |p(i) - p(i-N)| / sum |p(j) - p(j-1)|, SSC = ER (fast -
    // slow) + slow (fast, slow: 2 / (period + 1)), AMA(i) = AMA(i-1) + SSC^2 (p(i) - AMA(i-1))
    const int N = P(0);
    const double fast = 2.0 / (P(1) + 1), slow = 2.0 / (P(2) + 1);
    const std::vector<double> p = prices(P(4), n);
    std::vector<double> ama = zeros();
    if (N < n) ama[N - 1] = p[N - 1];
    for (int i = N; i < n; ++i) {
      double noise = 0;
      for (int j = i - N + 1; j <= i; ++j) noise += std::fabs(p[j] - p[j - 1]);
      const double er = noise != 0 ? std::fabs(p[i] - p[i - N]) / noise : 0, ssc = er * (fast - slow) + slow;
      ama[i] = ama[i - 1] + ssc * ssc * (p[i] - ama[i - 1]);
    }
    b = {shifted(ama, P(3))};
  } else if (k == "FrAMA") {
    // docs (Fractal Adaptive Moving Average): D = (log(N1 + N2) - log(N3)) / log(2) of the ranges
    // over the two halves and the whole of 2N bars (each divided by its length); alpha =
    // exp(-4.6 (D - 1)); FRAMA(i) = alpha p(i) + (1 - alpha) FRAMA(i-1)
    const int N = P(0);
    const std::vector<double> p = prices(P(2), n);
    std::vector<double> f = zeros();
    for (int i = 0; i < n; ++i) {
      if (i < 2 * N - 1) {
        f[i] = p[i];
        continue;
      }
      const double n1 = (highest(i - N, N) - lowest(i - N, N)) / N, n2 = (highest(i, N) - lowest(i, N)) / N,
                   n3 = (highest(i, 2 * N) - lowest(i, 2 * N)) / (2 * N);
      const double d = n1 + n2 > 0 && n3 > 0 ? (std::log(n1 + n2) - std::log(n3)) / std::log(2.0) : 1;
      const double alpha = std::min(1.0, std::max(0.01, std::exp(-4.6 * (d - 1))));
      f[i] = alpha * p[i] + (1 - alpha) * f[i - 1];
    }
    for (int i = 0; i < std::min(n, 2 * N - 1); ++i) f[i] = 0;
    b = {shifted(f, P(1))};
  } else if (k == "VIDyA") {
    // docs (Variable Index Dynamic Average): VIDYA(i) = p(i) F |CMO(i)| + VIDYA(i-1) (1 - F |CMO(i)|),
    // F = 2 / (EMA period + 1), CMO the Chande Momentum Oscillator over its period
    const int C = P(0);
    const double F = 2.0 / (P(1) + 1);
    const std::vector<double> p = prices(P(3), n);
    std::vector<double> v = zeros();
    if (C < n) v[C - 1] = p[C - 1];
    for (int i = C; i < n; ++i) {
      double up = 0, down = 0;
      for (int j = i - C + 1; j <= i; ++j) {
        const double d = p[j] - p[j - 1];
        (d > 0 ? up : down) += std::fabs(d);
      }
      const double cmo = up + down != 0 ? std::fabs((up - down) / (up + down)) : 0;
      v[i] = p[i] * F * cmo + v[i - 1] * (1 - F * cmo);
    }
    b = {shifted(v, P(2))};
  }
}

const std::vector<double>& values(int handle, int buffer) {
  static const std::vector<double> none;
  Indicator* ind = indicator(handle);
  if (!ind) return none;
  if (!ind->computed || (looks_ahead(ind->kind) && ind->computed_for != visible_bars())) compute(*ind);
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

namespace {
int create(const std::string& k, const std::vector<double>& params) {
  // a period below 1 is a wrong parameter (docs: the indicators' period parameters)
  if (params.size() && params[0] < 1 && k != "OBV" && k != "AD" && k != "BWMFI" && k != "Volumes" && k != "SAR") {
    _LastError = ERR_INVALID_PARAMETER;
    return INVALID_HANDLE;
  }
  indicators().push_back(Indicator{k, params, {}, false, false});
  return kFirstHandle + static_cast<int>(indicators().size()) - 1;
}
}  // namespace

namespace mql5 {
bool is_indicator_buffer(const void* array) {
  for (auto& [index, b] : bound())
    if (static_cast<const void*>(b.buffer) == array) return true;
  return false;
}
int indicator_create(const char* kind, std::initializer_list<double> params) { return create(kind, std::vector<double>(params)); }

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

namespace {
struct CustomIndicators {
  std::string map_file;
  std::vector<std::string> market_options;
  std::map<std::string, std::vector<std::vector<double>>> computed;  // by name and inputs: run once
};
CustomIndicators& custom() {
  static CustomIndicators* c = new CustomIndicators;
  return *c;
}
std::string utf8_of(const string& s) { return utf16::to_utf8(std::u16string(s.c_str(), static_cast<size_t>(s.length()))); }
string text16(const std::string& utf8) {
  const std::u16string u = utf16::from_utf8(utf8);
  return string(u.data(), static_cast<int>(u.size()));
}
// The name as translate.py's indicator_key writes it: "::" kept for a resource, backslashes, no
// leading one, no ".ex5", lower case (Windows' file names ignore case).
std::string custom_key(std::string name) {
  const bool resource = name.compare(0, 2, "::") == 0;
  if (resource) name = name.substr(2);
  for (char& c : name) c = c == '/' ? '\\' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  name.erase(0, name.find_first_not_of('\\') == std::string::npos ? name.size() : name.find_first_not_of('\\'));
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".ex5") == 0) name.resize(name.size() - 4);
  return (resource ? "::" : "") + name;
}
std::string executable_of(const std::string& key) {
  FILE* f = custom().map_file.empty() ? nullptr : std::fopen(custom().map_file.c_str(), "rb");
  std::string line, found;
  for (int c = 0; f && c != EOF;) {
    c = std::fgetc(f);
    if (c != '\n' && c != EOF) {
      line += static_cast<char>(c);
      continue;
    }
    const size_t tab = line.find('\t');
    if (tab != std::string::npos && line.substr(0, tab) == key) found = line.substr(tab + 1);
    line.clear();
  }
  if (f) std::fclose(f);
  return found;
}
std::string folder_of(const std::string& path) {
  const size_t at = path.find_last_of("/\\");
  return at == std::string::npos ? std::string() : path.substr(0, at + 1);
}
bool read_buffers(const std::string& path, std::vector<std::vector<double>>& buffers) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  int32_t count = 0, bars = 0;
  bool ok = std::fread(&count, 4, 1, f) == 1 && std::fread(&bars, 4, 1, f) == 1 && count >= 0 && bars >= 0;
  for (int k = 0; ok && k < count; ++k) {
    int32_t index = -1;
    ok = std::fread(&index, 4, 1, f) == 1 && index >= 0 && index < 512;
    if (!ok) break;
    if (buffers.size() <= static_cast<size_t>(index)) buffers.resize(static_cast<size_t>(index) + 1);
    buffers[static_cast<size_t>(index)].resize(static_cast<size_t>(bars));
    ok = std::fread(buffers[static_cast<size_t>(index)].data(), sizeof(double), static_cast<size_t>(bars), f) ==
         static_cast<size_t>(bars);
  }
  std::fclose(f);
  return ok;
}
}  // namespace

namespace {
int custom_indicator(const string& name, const std::vector<std::string>& inputs);
}  // namespace

namespace mql5 {
string custom_input_text(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text16(text);
}
string custom_input_text(bool v) { return text16(v ? "true" : "false"); }
string custom_input_text(long long v) { return text16(std::to_string(v)); }

void set_custom_indicators(const char* map_file, const char* market_options) {
  custom().map_file = map_file;
  custom().market_options.clear();
  for (const char* at = market_options; *at;) {
    const char* end = std::strchr(at, '\n');
    custom().market_options.emplace_back(at, end ? end : at + std::strlen(at));
    at = end ? end + 1 : at + std::strlen(at);
  }
}

int custom_indicator(const string& name, std::initializer_list<string> inputs) {
  std::vector<std::string> texts;
  for (const string& i : inputs) texts.push_back(utf8_of(i));
  return ::custom_indicator(name, texts);
}
}  // namespace mql5

namespace {
int custom_indicator(const string& name, const std::vector<std::string>& inputs) {
  const std::string shown = utf8_of(name), key = custom_key(shown);
  std::string memo = key;
  for (const std::string& i : inputs) memo += '\n' + i;
  auto done = custom().computed.find(memo);
  if (done == custom().computed.end()) {
    const std::string exe = executable_of(key);
    if (exe.empty()) {
      std::fprintf(stderr, "harness: iCustom(\"%s\"): no such indicator was compiled with the program (the harness "
                   "compiles those named by a string literal, or by a #resource of an .ex5, from their source)\n",
                   shown.c_str());
      _LastError = ERR_INDICATOR_CANNOT_CREATE;
      return INVALID_HANDLE;
    }
    const std::string here = folder_of(platform::program_path());
    const std::string out = here + "icustom-" + std::to_string(custom().computed.size()) + "-" +
                            platform::program_path().substr(here.size()) + ".buffers";
    std::vector<std::string> args = custom().market_options;
    for (size_t k = 0; k < inputs.size(); ++k) args.push_back("--#" + std::to_string(k) + "=" + inputs[k]);
    args.push_back("--buffers-out=" + out);
    std::fflush(stdout);
    std::string why;
    const int rc = platform::run_and_wait(here + exe, args, why);
    std::vector<std::vector<double>> buffers;
    const bool read = rc == 0 && read_buffers(out, buffers);
    std::remove(out.c_str());
    if (!read) {
      std::fprintf(stderr, "harness: iCustom(\"%s\"): the indicator %s\n", shown.c_str(),
                   rc < 0 ? ("could not be started: " + why).c_str()
                          : rc ? ("stopped with exit code " + std::to_string(rc)).c_str() : "left no buffers");
      _LastError = ERR_INDICATOR_CANNOT_CREATE;
      return INVALID_HANDLE;
    }
    done = custom().computed.emplace(memo, std::move(buffers)).first;
  }
  indicators().push_back(Indicator{"Custom", {}, done->second, true, false});
  indicators().back().computed_for = visible_bars();
  return kFirstHandle + static_cast<int>(indicators().size()) - 1;
}
}  // namespace

namespace mql5 {
bool write_indicator_buffers(const char* path) {
  FILE* f = std::fopen(path, "wb");
  if (!f) return false;
  const int32_t count = static_cast<int32_t>(bound().size());
  int32_t bars = 0;
  for (auto& [index, b] : bound()) bars = std::max<int32_t>(bars, b.buffer->size());
  bool ok = std::fwrite(&count, 4, 1, f) == 1 && std::fwrite(&bars, 4, 1, f) == 1;
  std::vector<double> values;
  for (auto& [index, b] : bound()) {
    const int n = b.buffer->size();
    const bool series = b.buffer->is_series();
    values.assign(static_cast<size_t>(bars), 0.0);
    for (int k = 0; k < n; ++k) values[static_cast<size_t>(bars - n + k)] = (*b.buffer)[series ? n - 1 - k : k];
    const int32_t i = index;
    ok = ok && std::fwrite(&i, 4, 1, f) == 1 &&
         std::fwrite(values.data(), sizeof(double), values.size(), f) == values.size();
  }
  return std::fclose(f) == 0 && ok;
}
}  // namespace mql5

int IndicatorCreate(const string& symbol, int period, ENUM_INDICATOR type, int parameters_cnt,
                    const mql5::array<const MqlParam>& parameters) {
  static const char* const kinds[] = {
      "AC", "AD", "ADX", "ADXWilder", "Alligator", "AMA", "AO", "ATR", "Bands", "BearsPower", "BullsPower", "BWMFI", "CCI",
      "Chaikin", nullptr, "DEMA", "DeMarker", "Envelopes", "Force", "Fractals", "FrAMA", "Gator", "Ichimoku", "MA", "MACD", "MFI",
      "Momentum", "OBV", "OsMA", "RSI", "RVI", "SAR", "StdDev", "Stochastic", "TEMA", "TriX", "VIDyA", "Volumes", "WPR"};
  if (type == IND_CUSTOM) {  // docs (IndicatorCreate): the first parameter the indicator's name, a string
    if (parameters_cnt < 1 || parameters_cnt > parameters.size() || parameters[0].type != TYPE_STRING) {
      _LastError = ERR_INVALID_PARAMETER;
      return INVALID_HANDLE;
    }
    if (!is_own(symbol) || !own_period(period)) {
      _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
      return INVALID_HANDLE;
    }
    std::vector<std::string> inputs;
    for (int i = 1; i < parameters_cnt; ++i) {
      const MqlParam& p = parameters[i];
      inputs.push_back(utf8_of(p.type == TYPE_STRING                             ? p.string_value
                               : p.type == TYPE_DOUBLE || p.type == TYPE_FLOAT ? mql5::custom_input_text(p.double_value)
                               : p.type == TYPE_BOOL ? mql5::custom_input_text(p.integer_value != 0)
                                                     : mql5::custom_input_text(static_cast<long long>(p.integer_value))));
    }
    return custom_indicator(parameters[0].string_value, inputs);
  }
  if (type < 0 || type > IND_WPR || parameters_cnt < 0 || parameters_cnt > parameters.size()) {
    _LastError = ERR_INVALID_PARAMETER;
    return INVALID_HANDLE;
  }
  std::vector<double> values;
  for (int i = 0; i < parameters_cnt; ++i) {
    const MqlParam& p = parameters[i];
    values.push_back(p.type == TYPE_DOUBLE || p.type == TYPE_FLOAT ? p.double_value : static_cast<double>(p.integer_value));
  }
  if (!is_own(symbol) || !own_period(period)) {
    _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
    return INVALID_HANDLE;
  }
  // the parameters left out take the defaults of the indicator's page (docs: IndicatorCreate)
  static const std::map<std::string, std::vector<double>> defaults = {
      {"MA", {14, 0, MODE_SMA, PRICE_CLOSE}}, {"RSI", {14, PRICE_CLOSE}}, {"ATR", {14}}, {"ADX", {14}}, {"ADXWilder", {14}},
      {"CCI", {14, PRICE_TYPICAL}}, {"Momentum", {14, PRICE_CLOSE}}, {"WPR", {14}}, {"MFI", {14, VOLUME_TICK}},
      {"OBV", {VOLUME_TICK}}, {"AD", {VOLUME_TICK}}, {"BWMFI", {VOLUME_TICK}}, {"Volumes", {VOLUME_TICK}},
      {"MACD", {12, 26, 9, PRICE_CLOSE}}, {"OsMA", {12, 26, 9, PRICE_CLOSE}}, {"Bands", {20, 0, 2, PRICE_CLOSE}},
      {"StdDev", {20, 0, MODE_SMA, PRICE_CLOSE}}, {"Stochastic", {5, 3, 3, MODE_SMA, STO_LOWHIGH}},
      {"BearsPower", {13}}, {"BullsPower", {13}}, {"DeMarker", {14}}, {"RVI", {10}}, {"SAR", {0.02, 0.2}},
      {"Chaikin", {3, 10, MODE_EMA, VOLUME_TICK}}, {"DEMA", {14, 0, PRICE_CLOSE}}, {"TEMA", {14, 0, PRICE_CLOSE}},
      {"TriX", {14, PRICE_CLOSE}}, {"Envelopes", {14, 0, MODE_SMA, PRICE_CLOSE, 0.1}}, {"Force", {13, MODE_SMA, VOLUME_TICK}},
      {"Alligator", {13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN}}, {"Gator", {13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN}},
      {"Ichimoku", {9, 26, 52}}, {"AMA", {9, 2, 30, 0, PRICE_CLOSE}}, {"FrAMA", {14, 0, PRICE_CLOSE}},
      {"VIDyA", {9, 12, 0, PRICE_CLOSE}}};
  const std::string kind = kinds[type];
  auto d = defaults.find(kind);
  if (d != defaults.end())
    for (size_t i = values.size(); i < d->second.size(); ++i) values.push_back(d->second[i]);
  return create(kind, values);
}

int IndicatorCreate(const string& symbol, int period, ENUM_INDICATOR type, int parameters_cnt) {
  mql5::dynarray<MqlParam> none;
  return IndicatorCreate(symbol, period, type, parameters_cnt, none);
}
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
