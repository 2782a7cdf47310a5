// The chart as the strategy tester has it without visualisation: graphical objects are kept with
// their properties and found again, images made by ResourceCreate kept, chart properties answered
// as for a chart of 1000 x 600 pixels, and nothing is drawn; the first use of these says so once in
// the log (docs: Chart Operations, Object Functions, ResourceCreate, TextOut). Custom chart events
// (EventChartCustom) reach OnChartEvent after the handler that sent them, as in the terminal's queue.
#pragma once

enum ENUM_OBJECT {
  OBJ_VLINE, OBJ_HLINE, OBJ_TREND, OBJ_TRENDBYANGLE, OBJ_CYCLES, OBJ_ARROWED_LINE, OBJ_CHANNEL, OBJ_STDDEVCHANNEL,
  OBJ_REGRESSION, OBJ_PITCHFORK, OBJ_GANNLINE, OBJ_GANNFAN, OBJ_GANNGRID, OBJ_FIBO, OBJ_FIBOTIMES, OBJ_FIBOFAN, OBJ_FIBOARC,
  OBJ_FIBOCHANNEL, OBJ_EXPANSION, OBJ_ELLIOTWAVE5, OBJ_ELLIOTWAVE3, OBJ_RECTANGLE, OBJ_TRIANGLE, OBJ_ELLIPSE,
  OBJ_ARROW_THUMB_UP, OBJ_ARROW_THUMB_DOWN, OBJ_ARROW_UP, OBJ_ARROW_DOWN, OBJ_ARROW_STOP, OBJ_ARROW_CHECK,
  OBJ_ARROW_LEFT_PRICE, OBJ_ARROW_RIGHT_PRICE, OBJ_ARROW_BUY, OBJ_ARROW_SELL, OBJ_ARROW, OBJ_TEXT, OBJ_LABEL, OBJ_BUTTON,
  OBJ_CHART, OBJ_BITMAP, OBJ_BITMAP_LABEL, OBJ_EDIT, OBJ_EVENT, OBJ_RECTANGLE_LABEL
};
enum ENUM_OBJECT_PROPERTY_INTEGER {
  OBJPROP_COLOR, OBJPROP_STYLE, OBJPROP_WIDTH, OBJPROP_BACK, OBJPROP_ZORDER, OBJPROP_FILL, OBJPROP_HIDDEN, OBJPROP_SELECTED,
  OBJPROP_READONLY, OBJPROP_TYPE, OBJPROP_TIME, OBJPROP_SELECTABLE, OBJPROP_CREATETIME, OBJPROP_LEVELS, OBJPROP_LEVELCOLOR,
  OBJPROP_LEVELSTYLE, OBJPROP_LEVELWIDTH, OBJPROP_ALIGN, OBJPROP_FONTSIZE, OBJPROP_RAY_LEFT, OBJPROP_RAY_RIGHT, OBJPROP_RAY,
  OBJPROP_ELLIPSE, OBJPROP_ARROWCODE, OBJPROP_TIMEFRAMES, OBJPROP_ANCHOR, OBJPROP_XDISTANCE, OBJPROP_YDISTANCE,
  OBJPROP_DIRECTION, OBJPROP_DEGREE, OBJPROP_DRAWLINES, OBJPROP_STATE, OBJPROP_CHART_ID, OBJPROP_XSIZE, OBJPROP_YSIZE,
  OBJPROP_XOFFSET, OBJPROP_YOFFSET, OBJPROP_PERIOD, OBJPROP_DATE_SCALE, OBJPROP_PRICE_SCALE, OBJPROP_CHART_SCALE,
  OBJPROP_BGCOLOR, OBJPROP_CORNER, OBJPROP_BORDER_TYPE, OBJPROP_BORDER_COLOR
};
enum ENUM_OBJECT_PROPERTY_DOUBLE { OBJPROP_PRICE = 100, OBJPROP_LEVELVALUE, OBJPROP_SCALE, OBJPROP_ANGLE, OBJPROP_DEVIATION };
enum ENUM_OBJECT_PROPERTY_STRING {
  OBJPROP_NAME = 200, OBJPROP_TEXT, OBJPROP_TOOLTIP, OBJPROP_LEVELTEXT, OBJPROP_FONT, OBJPROP_BMPFILE, OBJPROP_SYMBOL
};
enum ENUM_BORDER_TYPE { BORDER_FLAT, BORDER_RAISED, BORDER_SUNKEN };
enum ENUM_ALIGN_MODE { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT };
enum ENUM_BASE_CORNER { CORNER_LEFT_UPPER, CORNER_LEFT_LOWER, CORNER_RIGHT_LOWER, CORNER_RIGHT_UPPER };
enum ENUM_ANCHOR_POINT {
  ANCHOR_LEFT_UPPER, ANCHOR_LEFT, ANCHOR_LEFT_LOWER, ANCHOR_LOWER, ANCHOR_RIGHT_LOWER, ANCHOR_RIGHT, ANCHOR_RIGHT_UPPER,
  ANCHOR_UPPER, ANCHOR_CENTER
};
enum ENUM_ARROW_ANCHOR { ANCHOR_TOP, ANCHOR_BOTTOM };
// docs (Visibility of Objects): OBJPROP_TIMEFRAMES flags.
constexpr int OBJ_NO_PERIODS = 0, OBJ_ALL_PERIODS = 0x1FFFFF,  // one bit a timeframe, M1 the lowest
   OBJ_PERIOD_M1 = 0x1, OBJ_PERIOD_M2 = 0x2, OBJ_PERIOD_M3 = 0x4, OBJ_PERIOD_M4 = 0x8, OBJ_PERIOD_M5 = 0x10,
   OBJ_PERIOD_M6 = 0x20, OBJ_PERIOD_M10 = 0x40, OBJ_PERIOD_M12 = 0x80, OBJ_PERIOD_M15 = 0x100,
   OBJ_PERIOD_M20 = 0x200, OBJ_PERIOD_M30 = 0x400, OBJ_PERIOD_H1 = 0x800, OBJ_PERIOD_H2 = 0x1000,
   OBJ_PERIOD_H3 = 0x2000, OBJ_PERIOD_H4 = 0x4000, OBJ_PERIOD_H6 = 0x8000, OBJ_PERIOD_H8 = 0x10000,
   OBJ_PERIOD_H12 = 0x20000, OBJ_PERIOD_D1 = 0x40000, OBJ_PERIOD_W1 = 0x80000, OBJ_PERIOD_MN1 = 0x100000;
enum ENUM_CHART_PROPERTY_INTEGER {
  CHART_SHOW, CHART_IS_OBJECT, CHART_BRING_TO_TOP, CHART_CONTEXT_MENU, CHART_CROSSHAIR_TOOL, CHART_MOUSE_SCROLL,
  CHART_EVENT_MOUSE_WHEEL, CHART_EVENT_MOUSE_MOVE, CHART_EVENT_OBJECT_CREATE, CHART_EVENT_OBJECT_DELETE, CHART_MODE,
  CHART_FOREGROUND, CHART_SHIFT, CHART_AUTOSCROLL, CHART_KEYBOARD_CONTROL, CHART_QUICK_NAVIGATION, CHART_SCALE,
  CHART_SCALEFIX, CHART_SCALEFIX_11, CHART_SCALE_PT_PER_BAR, CHART_SHOW_TICKER, CHART_SHOW_OHLC, CHART_SHOW_BID_LINE,
  CHART_SHOW_ASK_LINE, CHART_SHOW_LAST_LINE, CHART_SHOW_PERIOD_SEP, CHART_SHOW_GRID, CHART_SHOW_VOLUMES,
  CHART_SHOW_OBJECT_DESCR, CHART_SHOW_TRADE_HISTORY, CHART_VISIBLE_BARS, CHART_WINDOWS_TOTAL, CHART_WINDOW_IS_VISIBLE,
  CHART_WINDOW_HANDLE, CHART_WINDOW_YDISTANCE, CHART_FIRST_VISIBLE_BAR, CHART_WIDTH_IN_BARS, CHART_WIDTH_IN_PIXELS,
  CHART_HEIGHT_IN_PIXELS, CHART_COLOR_BACKGROUND, CHART_COLOR_FOREGROUND, CHART_COLOR_GRID, CHART_COLOR_VOLUME,
  CHART_COLOR_CHART_UP, CHART_COLOR_CHART_DOWN, CHART_COLOR_CHART_LINE, CHART_COLOR_CANDLE_BULL, CHART_COLOR_CANDLE_BEAR,
  CHART_COLOR_BID, CHART_COLOR_ASK, CHART_COLOR_LAST, CHART_COLOR_STOP_LEVEL, CHART_SHOW_TRADE_LEVELS,
  CHART_DRAG_TRADE_LEVELS, CHART_SHOW_DATE_SCALE, CHART_SHOW_PRICE_SCALE, CHART_SHOW_ONE_CLICK, CHART_IS_MAXIMIZED,
  CHART_IS_MINIMIZED, CHART_IS_DOCKED, CHART_FLOAT_LEFT, CHART_FLOAT_TOP, CHART_FLOAT_RIGHT, CHART_FLOAT_BOTTOM
};
enum ENUM_CHART_PROPERTY_DOUBLE {
  CHART_SHIFT_SIZE = 100, CHART_FIXED_POSITION, CHART_FIXED_MAX, CHART_FIXED_MIN, CHART_POINTS_PER_BAR, CHART_PRICE_MIN,
  CHART_PRICE_MAX
};
enum ENUM_CHART_PROPERTY_STRING { CHART_COMMENT = 200, CHART_EXPERT_NAME, CHART_SCRIPT_NAME };
enum ENUM_CHART_MODE { CHART_BARS, CHART_CANDLES, CHART_LINE };
// docs (Chart Properties): CHART_SHOW_VOLUMES takes these (the standard library's CChart::ShowVolumes).
enum ENUM_CHART_VOLUME_MODE { CHART_VOLUME_HIDE, CHART_VOLUME_TICK, CHART_VOLUME_REAL };
// docs (Types of Chart Events): the custom ones are CHARTEVENT_CUSTOM + the id EventChartCustom gives.
enum ENUM_CHART_EVENT {
  CHARTEVENT_KEYDOWN = 0, CHARTEVENT_OBJECT_CLICK = 1, CHARTEVENT_OBJECT_DRAG = 2, CHARTEVENT_OBJECT_ENDEDIT = 3,
  CHARTEVENT_CLICK = 4, CHARTEVENT_OBJECT_DELETE = 6, CHARTEVENT_OBJECT_CREATE = 7, CHARTEVENT_OBJECT_CHANGE = 8,
  CHARTEVENT_CHART_CHANGE = 9, CHARTEVENT_MOUSE_MOVE = 10, CHARTEVENT_MOUSE_WHEEL = 11, CHARTEVENT_KEYUP = 12,
  CHARTEVENT_CUSTOM = 1000, CHARTEVENT_CUSTOM_LAST = 66534
};
enum ENUM_COLOR_FORMAT { COLOR_FORMAT_XRGB_NOALPHA, COLOR_FORMAT_ARGB_RAW, COLOR_FORMAT_ARGB_NORMALIZE };
// docs (TextSetFont, TextOut): flags and anchors.
constexpr mql_uint FONT_ITALIC = 1, FONT_UNDERLINE = 2, FONT_STRIKEOUT = 4;
constexpr mql_uint FW_DONTCARE = 0, FW_THIN = 100, FW_EXTRALIGHT = 200, FW_ULTRALIGHT = 200, FW_LIGHT = 300,
                   FW_NORMAL = 400, FW_REGULAR = 400, FW_MEDIUM = 500, FW_SEMIBOLD = 600, FW_DEMIBOLD = 600, FW_BOLD = 700,
                   FW_EXTRABOLD = 800, FW_ULTRABOLD = 800, FW_HEAVY = 900, FW_BLACK = 900;
constexpr mql_uint TA_LEFT = 0, TA_CENTER = 2, TA_RIGHT = 4, TA_TOP = 0, TA_VCENTER = 8, TA_BOTTOM = 16;

mql_long ChartID();
void ChartRedraw(mql_long chart_id = 0);
// docs (ChartScreenShot): false where no screenshot is made, as in the tester without
// visualisation: the harness draws nothing (ERR_CHART_SCREENSHOT_FAILED, docs: Runtime Errors).
constexpr int ERR_CHART_SCREENSHOT_FAILED = 4110;
bool ChartScreenShot(mql_long chart_id, const string& filename, int width, int height,
                     ENUM_ALIGN_MODE align_mode = ALIGN_RIGHT);
mql_long ChartGetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window = 0);
bool ChartGetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window, mql_long& value);
double ChartGetDouble(mql_long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, int sub_window = 0);
bool ChartGetDouble(mql_long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, int sub_window, double& value);
string ChartGetString(mql_long chart_id, ENUM_CHART_PROPERTY_STRING prop_id);
bool ChartSetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, mql_long value);
bool ChartSetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window, mql_long value);
bool ChartSetDouble(mql_long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, double value);
bool ChartSetString(mql_long chart_id, ENUM_CHART_PROPERTY_STRING prop_id, const string& value);
string ChartSymbol(mql_long chart_id = 0);
ENUM_TIMEFRAMES ChartPeriod(mql_long chart_id = 0);
bool ChartSetSymbolPeriod(mql_long chart_id, const string& symbol, int period);
int ChartWindowFind();
int ChartWindowFind(mql_long chart_id, const string& indicator_shortname);
bool ChartIndicatorAdd(mql_long chart_id, int sub_window, int indicator_handle);
bool ChartIndicatorDelete(mql_long chart_id, int sub_window, const string& indicator_shortname);
enum ENUM_CHART_POSITION { CHART_BEGIN, CHART_CURRENT_POS, CHART_END };
bool ChartNavigate(mql_long chart_id, int position, int shift = 0);
bool ChartGetString(mql_long chart_id, ENUM_CHART_PROPERTY_STRING prop_id, string& string_var);
mql_long ChartFirst();
mql_long ChartNext(mql_long chart_id);
int ChartIndicatorGet(mql_long chart_id, int sub_window, const string& indicator_shortname);
string ChartIndicatorName(mql_long chart_id, int sub_window, int index);
int ChartIndicatorsTotal(mql_long chart_id, int sub_window);
// docs (ChartWindowOnDropped ...): where the program was dropped on the chart: the harness's
// program is not dropped, so its first window at the current bar's close.
int ChartWindowOnDropped();
double ChartPriceOnDropped();
datetime ChartTimeOnDropped();
int ChartXOnDropped();
int ChartYOnDropped();
datetime ObjectGetTimeByValue(mql_long chart_id, const string& name, double value, int line_id = 0);
double ObjectGetValueByTime(mql_long chart_id, const string& name, datetime time, int line_id = 0);
bool ChartTimePriceToXY(mql_long chart_id, int sub_window, datetime time, double price, int& x, int& y);
bool ChartXYToTimePrice(mql_long chart_id, int x, int y, int& sub_window, datetime& time, double& price);

bool ObjectCreate(mql_long chart_id, const string& name, ENUM_OBJECT type, int sub_window, datetime time1, double price1,
                  datetime time2 = 0, double price2 = 0, datetime time3 = 0, double price3 = 0);
bool ObjectDelete(mql_long chart_id, const string& name);
int ObjectsDeleteAll(mql_long chart_id, int sub_window = -1, int type = -1);
int ObjectsDeleteAll(mql_long chart_id, const string& prefix, int sub_window = -1, int type = -1);
int ObjectFind(mql_long chart_id, const string& name);
int ObjectsTotal(mql_long chart_id, int sub_window = -1, int type = -1);
string ObjectName(mql_long chart_id, int pos, int sub_window = -1, int type = -1);
bool ObjectMove(mql_long chart_id, const string& name, int point_index, datetime time, double price);
bool ObjectSetInteger(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, mql_long prop_value);
bool ObjectSetInteger(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier,
                      mql_long prop_value);
bool ObjectSetDouble(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, double prop_value);
bool ObjectSetDouble(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier,
                     double prop_value);
bool ObjectSetString(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, const string& prop_value);
bool ObjectSetString(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier,
                     const string& prop_value);
mql_long ObjectGetInteger(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier = 0);
bool ObjectGetInteger(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier,
                      mql_long& value);
double ObjectGetDouble(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier = 0);
bool ObjectGetDouble(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier,
                     double& value);
string ObjectGetString(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier = 0);
bool ObjectGetString(mql_long chart_id, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier,
                     string& value);

bool ResourceCreate(const string& resource_name, const mql5::array<const mql_uint>& data, mql_uint img_width,
                    mql_uint img_height, mql_uint data_xoffset, mql_uint data_yoffset, mql_uint data_width,
                    ENUM_COLOR_FORMAT color_format);
bool ResourceCreate(const string& resource_name, const string& path);
void ResourceFree(const string& resource_name);
bool ResourceReadImage(const string& resource_name, mql5::array<mql_uint>& data, mql_uint& width, mql_uint& height);
inline bool ResourceReadImage(const string& resource_name, mql5::array<mql_uint>& data, int& width, int& height) {
  return ResourceReadImage(resource_name, data, reinterpret_cast<mql_uint&>(width), reinterpret_cast<mql_uint&>(height));
}
bool TextSetFont(const string& name, int size, mql_uint flags = 0, int orientation = 0);
bool TextOut(const string& text, int x, int y, mql_uint anchor, mql5::array<mql_uint>& data, mql_uint width, mql_uint height,
             mql_uint color, ENUM_COLOR_FORMAT color_format);
bool TextGetSize(const string& text, mql_uint& width, mql_uint& height);
// MQL5 gives an int variable to a uint& parameter of the same size (the terminal's Canvas.mqh does)
inline bool TextGetSize(const string& text, int& width, int& height) {
  return TextGetSize(text, reinterpret_cast<mql_uint&>(width), reinterpret_cast<mql_uint&>(height));
}
mql_uint ColorToARGB(color clr, mql_uchar alpha = 255);

bool EventChartCustom(mql_long chart_id, mql_ushort custom_event_id, mql_long lparam, double dparam, const string& sparam);
namespace mql5 {
// The custom events sent and not yet delivered: run_program gives each to OnChartEvent.
bool next_chart_event(int& id, mql_long& lparam, double& dparam, string& sparam);
}  // namespace mql5
