// Technical indicators (docs: Technical Indicators) on the market's bars (mql5_market.hpp), by
// handle and CopyBuffer, each by its documented formula; the values before an indicator's first
// full period are 0, as the terminal's own example indicators write them. And the custom
// indicator's side (docs: Custom Indicators): SetIndexBuffer binds the program's arrays, which the
// harness sizes to rates_total before each OnCalculate; the plot and indicator properties are kept.
#pragma once

enum ENUM_MA_METHOD { MODE_SMA, MODE_EMA, MODE_SMMA, MODE_LWMA };
enum ENUM_APPLIED_PRICE { PRICE_CLOSE = 1, PRICE_OPEN, PRICE_HIGH, PRICE_LOW, PRICE_MEDIAN, PRICE_TYPICAL, PRICE_WEIGHTED };
enum ENUM_APPLIED_VOLUME { VOLUME_TICK, VOLUME_REAL };
enum ENUM_STO_PRICE { STO_LOWHIGH, STO_CLOSECLOSE };
// docs (Indicator Lines): buffer numbers of the indicators with several.
constexpr int MAIN_LINE = 0, SIGNAL_LINE = 1, BASE_LINE = 0, UPPER_BAND = 1, LOWER_BAND = 2, UPPER_LINE = 0,
              LOWER_LINE = 1, PLUSDI_LINE = 1, MINUSDI_LINE = 2, UPPER_HISTOGRAM = 0, LOWER_HISTOGRAM = 2, GATORJAW_LINE = 0,
              GATORTEETH_LINE = 1, GATORLIPS_LINE = 2, TENKANSEN_LINE = 0, KIJUNSEN_LINE = 1, SENKOUSPANA_LINE = 2,
              SENKOUSPANB_LINE = 3, CHIKOUSPAN_LINE = 4;

namespace mql5 {
int indicator_create(const char* kind, std::initializer_list<double> params);  // INVALID_HANDLE on a wrong parameter
template <class S>
int indicator_of(const S& symbol, int timeframe, const char* kind, std::initializer_list<double> params) {
  if (!is_own(symbol) || !own_period(timeframe)) {
    _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
    return INVALID_HANDLE;
  }
  return indicator_create(kind, params);
}
}  // namespace mql5

template <class S>
int iMA(const S& symbol, int period, int ma_period, int ma_shift, int ma_method, int applied_price) {
  return mql5::indicator_of(symbol, period, "MA", {double(ma_period), double(ma_shift), double(ma_method), double(applied_price)});
}
template <class S>
int iRSI(const S& symbol, int period, int ma_period, int applied_price) {
  return mql5::indicator_of(symbol, period, "RSI", {double(ma_period), double(applied_price)});
}
template <class S>
int iATR(const S& symbol, int period, int ma_period) {
  return mql5::indicator_of(symbol, period, "ATR", {double(ma_period)});
}
template <class S>
int iMACD(const S& symbol, int period, int fast_ema_period, int slow_ema_period, int signal_period, int applied_price) {
  return mql5::indicator_of(symbol, period, "MACD",
                            {double(fast_ema_period), double(slow_ema_period), double(signal_period), double(applied_price)});
}
template <class S>
int iBands(const S& symbol, int period, int bands_period, int bands_shift, double deviation, int applied_price) {
  return mql5::indicator_of(symbol, period, "Bands", {double(bands_period), double(bands_shift), deviation, double(applied_price)});
}
template <class S>
int iStdDev(const S& symbol, int period, int ma_period, int ma_shift, int ma_method, int applied_price) {
  return mql5::indicator_of(symbol, period, "StdDev", {double(ma_period), double(ma_shift), double(ma_method), double(applied_price)});
}
template <class S>
int iCCI(const S& symbol, int period, int ma_period, int applied_price) {
  return mql5::indicator_of(symbol, period, "CCI", {double(ma_period), double(applied_price)});
}
template <class S>
int iMomentum(const S& symbol, int period, int mom_period, int applied_price) {
  return mql5::indicator_of(symbol, period, "Momentum", {double(mom_period), double(applied_price)});
}
template <class S>
int iStochastic(const S& symbol, int period, int Kperiod, int Dperiod, int slowing, int ma_method, int price_field) {
  return mql5::indicator_of(symbol, period, "Stochastic",
                            {double(Kperiod), double(Dperiod), double(slowing), double(ma_method), double(price_field)});
}
template <class S>
int iWPR(const S& symbol, int period, int calc_period) {
  return mql5::indicator_of(symbol, period, "WPR", {double(calc_period)});
}
template <class S>
int iMFI(const S& symbol, int period, int ma_period, int applied_volume) {
  return mql5::indicator_of(symbol, period, "MFI", {double(ma_period), double(applied_volume)});
}
template <class S>
int iOBV(const S& symbol, int period, int applied_volume) {
  return mql5::indicator_of(symbol, period, "OBV", {double(applied_volume)});
}
template <class S>
int iAO(const S& symbol, int period) {
  return mql5::indicator_of(symbol, period, "AO", {});
}
template <class S>
int iADX(const S& symbol, int period, int adx_period) {
  return mql5::indicator_of(symbol, period, "ADX", {double(adx_period)});
}

#define MQL5_INDICATOR(NAME, KIND, PARAMS, VALUES)                       \
  template <class S>                                                     \
  int NAME(const S& symbol, int period PARAMS) {                         \
    return mql5::indicator_of(symbol, period, KIND, {VALUES});           \
  }
#define MQL5_P(...) , __VA_ARGS__
MQL5_INDICATOR(iAC, "AC", , )
MQL5_INDICATOR(iAD, "AD", MQL5_P(int applied_volume), double(applied_volume))
MQL5_INDICATOR(iBearsPower, "BearsPower", MQL5_P(int ma_period), double(ma_period))
MQL5_INDICATOR(iBullsPower, "BullsPower", MQL5_P(int ma_period), double(ma_period))
MQL5_INDICATOR(iChaikin, "Chaikin", MQL5_P(int fast_ma_period, int slow_ma_period, int ma_method, int applied_volume),
               double(fast_ma_period) MQL5_P(double(slow_ma_period), double(ma_method), double(applied_volume)))
MQL5_INDICATOR(iDEMA, "DEMA", MQL5_P(int ma_period, int ma_shift, int applied_price),
               double(ma_period) MQL5_P(double(ma_shift), double(applied_price)))
MQL5_INDICATOR(iTEMA, "TEMA", MQL5_P(int ma_period, int ma_shift, int applied_price),
               double(ma_period) MQL5_P(double(ma_shift), double(applied_price)))
MQL5_INDICATOR(iTriX, "TriX", MQL5_P(int ma_period, int applied_price), double(ma_period) MQL5_P(double(applied_price)))
MQL5_INDICATOR(iDeMarker, "DeMarker", MQL5_P(int ma_period), double(ma_period))
MQL5_INDICATOR(iEnvelopes, "Envelopes", MQL5_P(int ma_period, int ma_shift, int ma_method, int applied_price, double deviation),
               double(ma_period) MQL5_P(double(ma_shift), double(ma_method), double(applied_price), deviation))
MQL5_INDICATOR(iForce, "Force", MQL5_P(int ma_period, int ma_method, int applied_volume),
               double(ma_period) MQL5_P(double(ma_method), double(applied_volume)))
MQL5_INDICATOR(iFractals, "Fractals", , )
MQL5_INDICATOR(iAlligator, "Alligator",
               MQL5_P(int jaw_period, int jaw_shift, int teeth_period, int teeth_shift, int lips_period, int lips_shift,
                      int ma_method, int applied_price),
               double(jaw_period) MQL5_P(double(jaw_shift), double(teeth_period), double(teeth_shift), double(lips_period),
                                         double(lips_shift), double(ma_method), double(applied_price)))
MQL5_INDICATOR(iGator, "Gator",
               MQL5_P(int jaw_period, int jaw_shift, int teeth_period, int teeth_shift, int lips_period, int lips_shift,
                      int ma_method, int applied_price),
               double(jaw_period) MQL5_P(double(jaw_shift), double(teeth_period), double(teeth_shift), double(lips_period),
                                         double(lips_shift), double(ma_method), double(applied_price)))
MQL5_INDICATOR(iIchimoku, "Ichimoku", MQL5_P(int tenkan_sen, int kijun_sen, int senkou_span_b),
               double(tenkan_sen) MQL5_P(double(kijun_sen), double(senkou_span_b)))
MQL5_INDICATOR(iBWMFI, "BWMFI", MQL5_P(int applied_volume), double(applied_volume))
MQL5_INDICATOR(iOsMA, "OsMA", MQL5_P(int fast_ema_period, int slow_ema_period, int signal_period, int applied_price),
               double(fast_ema_period) MQL5_P(double(slow_ema_period), double(signal_period), double(applied_price)))
MQL5_INDICATOR(iSAR, "SAR", MQL5_P(double step, double maximum), step MQL5_P(maximum))
MQL5_INDICATOR(iRVI, "RVI", MQL5_P(int ma_period), double(ma_period))
MQL5_INDICATOR(iVolumes, "Volumes", MQL5_P(int applied_volume), double(applied_volume))
MQL5_INDICATOR(iADXWilder, "ADXWilder", MQL5_P(int adx_period), double(adx_period))
MQL5_INDICATOR(iAMA, "AMA", MQL5_P(int ama_period, int fast_ma_period, int slow_ma_period, int ama_shift, int applied_price),
               double(ama_period) MQL5_P(double(fast_ma_period), double(slow_ma_period), double(ama_shift), double(applied_price)))
MQL5_INDICATOR(iFrAMA, "FrAMA", MQL5_P(int ma_period, int ma_shift, int applied_price),
               double(ma_period) MQL5_P(double(ma_shift), double(applied_price)))
MQL5_INDICATOR(iVIDyA, "VIDyA", MQL5_P(int cmo_period, int ema_period, int ma_shift, int applied_price),
               double(cmo_period) MQL5_P(double(ema_period), double(ma_shift), double(applied_price)))
#undef MQL5_P
#undef MQL5_INDICATOR

// docs (IndicatorCreate, ENUM_INDICATOR): a built-in indicator by its type, the parameters in the
// order of its function's (the standard library's CiMA ... create theirs so); IND_CUSTOM a custom
// indicator as iCustom, its name the first parameter.
enum ENUM_INDICATOR {
  IND_AC, IND_AD, IND_ADX, IND_ADXW, IND_ALLIGATOR, IND_AMA, IND_AO, IND_ATR, IND_BANDS, IND_BEARS, IND_BULLS, IND_BWMFI, IND_CCI,
  IND_CHAIKIN, IND_CUSTOM, IND_DEMA, IND_DEMARKER, IND_ENVELOPES, IND_FORCE, IND_FRACTALS, IND_FRAMA, IND_GATOR, IND_ICHIMOKU,
  IND_MA, IND_MACD, IND_MFI, IND_MOMENTUM, IND_OBV, IND_OSMA, IND_RSI, IND_RVI, IND_SAR, IND_STDDEV, IND_STOCHASTIC, IND_TEMA,
  IND_TRIX, IND_VIDYA, IND_VOLUMES, IND_WPR
};
int IndicatorCreate(const string& symbol, int period, ENUM_INDICATOR indicator_type, int parameters_cnt,
                    const mql5::array<const MqlParam>& parameters);
int IndicatorCreate(const string& symbol, int period, ENUM_INDICATOR indicator_type, int parameters_cnt = 0);
template <class S, typename std::enable_if<!std::is_same<S, string>::value, int>::type = 0>
int IndicatorCreate(const S&, int period, ENUM_INDICATOR indicator_type, int parameters_cnt,
                    const mql5::array<const MqlParam>& parameters) {
  return IndicatorCreate(_Symbol, period, indicator_type, parameters_cnt, parameters);
}
template <class S, typename std::enable_if<!std::is_same<S, string>::value, int>::type = 0>
int IndicatorCreate(const S&, int period, ENUM_INDICATOR indicator_type, int parameters_cnt = 0) {
  return IndicatorCreate(_Symbol, period, indicator_type, parameters_cnt);
}

// docs (iCustom): a custom indicator, its inputs in the order it declares them. The harness runs
// the indicator's own program (compiled with this one from its source: run_scripts.py) once over
// every bar of the file, its inputs given by position; CopyBuffer shows the part the current bar
// has reached, as of the built-ins. An indicator that redraws past bars (a zigzag) shows their
// last values where the terminal would show those of that moment.
namespace mql5 {
string custom_input_text(double v);  // as the indicator's command line reads it back
string custom_input_text(bool v);
string custom_input_text(long long v);
template <class T>
string custom_input(const T& v) {
  if constexpr (std::is_same<T, bool>::value) return custom_input_text(v);
  else if constexpr (std::is_floating_point<T>::value) return custom_input_text(static_cast<double>(v));
  else if constexpr (std::is_enum<T>::value || is_number<T>::value) return custom_input_text(static_cast<long long>(v));
  else return string(v);
}
int custom_indicator(const string& name, std::initializer_list<string> inputs);
}  // namespace mql5
template <class S, class N, class... A>
int iCustom(const S& symbol, int period, const N& name, const A&... inputs) {
  if (!mql5::is_own(symbol) || !mql5::own_period(period)) {
    _LastError = ERR_MARKET_UNKNOWN_SYMBOL;
    return INVALID_HANDLE;
  }
  return mql5::custom_indicator(string(name), {mql5::custom_input(inputs)...});
}

int CopyBuffer(int indicator_handle, int buffer_num, int start_pos, int count, mql5::array<double>& buffer);
int CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, int count, mql5::array<double>& buffer);
int CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, datetime stop_time, mql5::array<double>& buffer);
int BarsCalculated(int indicator_handle);
bool IndicatorRelease(int indicator_handle);

// The custom indicator's side.
enum ENUM_INDEXBUFFER_TYPE { INDICATOR_DATA, INDICATOR_COLOR_INDEX, INDICATOR_CALCULATIONS };
enum ENUM_CUSTOMIND_PROPERTY_INTEGER {
  INDICATOR_DIGITS, INDICATOR_HEIGHT, INDICATOR_LEVELS, INDICATOR_LEVELCOLOR, INDICATOR_LEVELSTYLE, INDICATOR_LEVELWIDTH,
  INDICATOR_FIXED_MINIMUM, INDICATOR_FIXED_MAXIMUM
};
enum ENUM_CUSTOMIND_PROPERTY_DOUBLE { INDICATOR_MINIMUM, INDICATOR_MAXIMUM, INDICATOR_LEVELVALUE };
enum ENUM_CUSTOMIND_PROPERTY_STRING { INDICATOR_SHORTNAME, INDICATOR_LEVELTEXT };
enum ENUM_PLOT_PROPERTY_INTEGER {
  PLOT_ARROW, PLOT_ARROW_SHIFT, PLOT_DRAW_BEGIN, PLOT_DRAW_TYPE, PLOT_SHOW_DATA, PLOT_SHIFT, PLOT_LINE_STYLE, PLOT_LINE_WIDTH,
  PLOT_COLOR_INDEXES, PLOT_LINE_COLOR
};
enum ENUM_PLOT_PROPERTY_DOUBLE { PLOT_EMPTY_VALUE };
enum ENUM_PLOT_PROPERTY_STRING { PLOT_LABEL };
enum ENUM_DRAW_TYPE {
  DRAW_NONE, DRAW_LINE, DRAW_SECTION, DRAW_HISTOGRAM, DRAW_HISTOGRAM2, DRAW_ARROW, DRAW_ZIGZAG, DRAW_FILLING, DRAW_BARS,
  DRAW_CANDLES, DRAW_COLOR_LINE, DRAW_COLOR_SECTION, DRAW_COLOR_HISTOGRAM, DRAW_COLOR_HISTOGRAM2, DRAW_COLOR_ARROW,
  DRAW_COLOR_ZIGZAG, DRAW_COLOR_BARS, DRAW_COLOR_CANDLES
};
enum ENUM_LINE_STYLE { STYLE_SOLID, STYLE_DASH, STYLE_DOT, STYLE_DASHDOT, STYLE_DASHDOTDOT };
bool SetIndexBuffer(int index, mql5::array<double>& buffer, ENUM_INDEXBUFFER_TYPE data_type = INDICATOR_DATA);
bool IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER prop_id, mql_long prop_value);
bool IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER prop_id, int prop_modifier, mql_long prop_value);
bool IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE prop_id, double prop_value);
bool IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE prop_id, int prop_modifier, double prop_value);
bool IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING prop_id, const string& prop_value);
bool IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING prop_id, int prop_modifier, const string& prop_value);
bool PlotIndexSetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, mql_long prop_value);
bool PlotIndexSetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, int prop_modifier, mql_long prop_value);
bool PlotIndexSetDouble(int plot_index, ENUM_PLOT_PROPERTY_DOUBLE prop_id, double prop_value);
bool PlotIndexSetString(int plot_index, ENUM_PLOT_PROPERTY_STRING prop_id, const string& prop_value);
mql_long PlotIndexGetInteger(int plot_index, ENUM_PLOT_PROPERTY_INTEGER prop_id, int prop_modifier = 0);
// docs: the property is an int (a program writes the enumeration's names or numbers)
inline bool IndicatorSetInteger(int prop_id, mql_long v) { return IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER(prop_id), v); }
inline bool IndicatorSetInteger(int prop_id, int m, mql_long v) {
  return IndicatorSetInteger(ENUM_CUSTOMIND_PROPERTY_INTEGER(prop_id), m, v);
}
inline bool IndicatorSetDouble(int prop_id, double v) { return IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE(prop_id), v); }
inline bool IndicatorSetDouble(int prop_id, int m, double v) {
  return IndicatorSetDouble(ENUM_CUSTOMIND_PROPERTY_DOUBLE(prop_id), m, v);
}
inline bool IndicatorSetString(int prop_id, const string& v) { return IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING(prop_id), v); }
inline bool IndicatorSetString(int prop_id, int m, const string& v) {
  return IndicatorSetString(ENUM_CUSTOMIND_PROPERTY_STRING(prop_id), m, v);
}
inline bool PlotIndexSetInteger(int plot, int prop_id, mql_long v) {
  return PlotIndexSetInteger(plot, ENUM_PLOT_PROPERTY_INTEGER(prop_id), v);
}
inline bool PlotIndexSetInteger(int plot, int prop_id, int m, mql_long v) {
  return PlotIndexSetInteger(plot, ENUM_PLOT_PROPERTY_INTEGER(prop_id), m, v);
}
inline bool PlotIndexSetDouble(int plot, int prop_id, double v) { return PlotIndexSetDouble(plot, ENUM_PLOT_PROPERTY_DOUBLE(prop_id), v); }
inline bool PlotIndexSetString(int plot, int prop_id, const string& v) {
  return PlotIndexSetString(plot, ENUM_PLOT_PROPERTY_STRING(prop_id), v);
}
inline mql_long PlotIndexGetInteger(int plot, int prop_id, int m = 0) {
  return PlotIndexGetInteger(plot, ENUM_PLOT_PROPERTY_INTEGER(prop_id), m);
}

namespace mql5 {
void resize_indicator_buffers(int rates_total);  // before each OnCalculate
void report_indicator_buffers();                 // after the last: each bound buffer's last values, on stderr
// The bound buffers over every bar, for the program that runs this one by iCustom (--buffers-out=FILE):
// int32 count of buffers, int32 bars, then each: int32 index, the doubles, the oldest first.
bool write_indicator_buffers(const char* path);
// iCustom's side: the file run_scripts.py writes ("key<TAB>executable" a line, --indicators=FILE)
// and the market's options the program was given (each custom indicator gets them, one a line).
void set_custom_indicators(const char* map_file, const char* market_options);
}  // namespace mql5

// vector::CopyIndicatorBuffer (docs): CopyBuffer into a vector, the oldest value first.
namespace mql5 {
template <class T>
bool copy_indicator_buffer(vector_of<T>& v, int copied, dynarray<double>& values) {
  if (copied <= 0) return false;
  v.Assign(values);
  return true;
}
}  // namespace mql5
template <class T>
bool mql5::vector_of<T>::CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, mql_ulong start_pos, mql_ulong count) {
  dynarray<double> values;
  return copy_indicator_buffer(*this, CopyBuffer(int(handle), int(buffer_index), int(start_pos), int(count), values), values);
}
template <class T>
bool mql5::vector_of<T>::CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, datetime start_time, mql_ulong count) {
  dynarray<double> values;
  return copy_indicator_buffer(*this, CopyBuffer(int(handle), int(buffer_index), start_time, int(count), values), values);
}
template <class T>
bool mql5::vector_of<T>::CopyIndicatorBuffer(long long handle, mql_ulong buffer_index, datetime start_time, datetime stop_time) {
  dynarray<double> values;
  return copy_indicator_buffer(*this, CopyBuffer(int(handle), int(buffer_index), start_time, stop_time, values), values);
}
