// The chart of mql5_chart.hpp: objects and images kept, never drawn.
#include <cstdio>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "mql5_runtime.hpp"
#include "utf16.hpp"

using namespace mql5;

namespace {
std::string utf8(const string& s) { return utf16::to_utf8(std::u16string(s.c_str(), static_cast<size_t>(s.length()))); }

void no_chart(const char* what) {
  static bool said = false;
  if (said) return;
  said = true;
  std::fprintf(stderr, "harness: %s and the other chart functions: the harness has no chart (the strategy tester without "
                       "visualisation): objects and images are kept, nothing is drawn\n", what);
}

struct Object {
  ENUM_OBJECT type;
  int window;
  std::map<std::pair<int, int>, long long> integers;  // (property, modifier)
  std::map<std::pair<int, int>, double> doubles;
  std::map<std::pair<int, int>, string> strings;
  long long created;
};
struct Chart {
  std::map<std::string, Object> objects;  // by name, in the order of their names (as ObjectName lists them)
  std::map<std::string, std::vector<mql_uint>> images;
  std::map<std::string, std::pair<mql_uint, mql_uint>> image_sizes;
  std::map<int, long long> integers;
  int font_size = 10;
  std::deque<std::tuple<int, mql_long, double, string>> events;
};
Chart& chart() {
  static Chart* c = new Chart;  // never destroyed: a program may use it to its end
  return *c;
}
Object* find_object(const string& name) {
  auto it = chart().objects.find(utf8(name));
  return it == chart().objects.end() ? nullptr : &it->second;
}
bool type_matches(const Object& o, int window, int type) {
  return (window < 0 || o.window == window) && (type < 0 || o.type == type);
}
}  // namespace

mql_long ChartID() { return 0; }
void ChartRedraw(mql_long) { no_chart("ChartRedraw"); }
bool ChartScreenShot(mql_long, const string&, int, int, ENUM_ALIGN_MODE) {
  no_chart("ChartScreenShot");
  _LastError = ERR_CHART_SCREENSHOT_FAILED;
  return false;
}
bool ChartGetInteger(mql_long, ENUM_CHART_PROPERTY_INTEGER prop_id, int, mql_long& value) {
  no_chart("ChartGetInteger");
  auto it = chart().integers.find(prop_id);
  if (it != chart().integers.end()) {
    value = it->second;
    return true;
  }
  switch (prop_id) {
    case CHART_WIDTH_IN_PIXELS: value = 1000; break;
    case CHART_HEIGHT_IN_PIXELS: value = 600; break;
    case CHART_VISIBLE_BARS: case CHART_WIDTH_IN_BARS: value = std::min(100, visible_bars()); break;
    case CHART_FIRST_VISIBLE_BAR: value = std::min(100, visible_bars()) - 1; break;
    case CHART_WINDOWS_TOTAL: case CHART_SHOW: case CHART_WINDOW_IS_VISIBLE: value = 1; break;
    case CHART_COLOR_BACKGROUND: value = 0; break;
    case CHART_COLOR_FOREGROUND: value = 0xFFFFFF; break;
    default: value = 0;
  }
  return true;
}
mql_long ChartGetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window) {
  mql_long v = 0;
  ChartGetInteger(chart_id, prop_id, sub_window, v);
  return v;
}
bool ChartGetDouble(mql_long, ENUM_CHART_PROPERTY_DOUBLE prop_id, int, double& value) {
  no_chart("ChartGetDouble");
  const int n = std::min(100, visible_bars());
  double lo = 0, hi = 0;
  for (int i = visible_bars() - n; i < visible_bars(); ++i) {
    lo = i == visible_bars() - n ? bar(i).low : std::min(lo, bar(i).low);
    hi = i == visible_bars() - n ? bar(i).high : std::max(hi, bar(i).high);
  }
  value = prop_id == CHART_PRICE_MIN ? lo : prop_id == CHART_PRICE_MAX ? hi : 0;
  return true;
}
double ChartGetDouble(mql_long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, int sub_window) {
  double v = 0;
  ChartGetDouble(chart_id, prop_id, sub_window, v);
  return v;
}
string ChartGetString(mql_long, ENUM_CHART_PROPERTY_STRING) { return string(); }
bool ChartSetInteger(mql_long, ENUM_CHART_PROPERTY_INTEGER prop_id, mql_long value) {
  no_chart("ChartSetInteger");
  chart().integers[prop_id] = value;
  return true;
}
bool ChartSetInteger(mql_long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int, mql_long value) {
  return ChartSetInteger(chart_id, prop_id, value);
}
bool ChartSetDouble(mql_long, ENUM_CHART_PROPERTY_DOUBLE, double) { return true; }
bool ChartSetString(mql_long, ENUM_CHART_PROPERTY_STRING, const string&) { return true; }
string ChartSymbol(mql_long) { return _Symbol; }
ENUM_TIMEFRAMES ChartPeriod(mql_long) { return _Period; }
bool ChartSetSymbolPeriod(mql_long, const string& symbol, int period) { return own_symbol(symbol) && own_period(period); }
int ChartWindowFind() { return 0; }
int ChartWindowFind(mql_long, const string&) { return 0; }
bool ChartIndicatorAdd(mql_long, int, int) { return true; }
bool ChartIndicatorDelete(mql_long, int, const string&) { return true; }
bool ChartNavigate(mql_long, int, int) { return true; }
bool ChartTimePriceToXY(mql_long, int, datetime, double, int& x, int& y) {
  x = y = 0;
  return true;
}
bool ChartXYToTimePrice(mql_long, int, int, int& sub_window, datetime& time, double& price) {
  sub_window = 0;
  time = visible_bars() ? bar(visible_bars() - 1).time : datetime(0);
  price = 0;
  return true;
}

bool ObjectCreate(mql_long, const string& name, ENUM_OBJECT type, int sub_window, datetime time1, double price1, datetime time2,
                  double price2, datetime time3, double price3) {
  no_chart("ObjectCreate");
  if (find_object(name)) return false;  // docs: an object of that name exists: false
  Object o{type, sub_window, {}, {}, {}, static_cast<long long>(TimeCurrent())};
  const datetime times[] = {time1, time2, time3};
  const double prices[] = {price1, price2, price3};
  for (int k = 0; k < 3; ++k) {
    o.integers[{OBJPROP_TIME, k}] = times[k];
    o.doubles[{OBJPROP_PRICE, k}] = prices[k];
  }
  chart().objects[utf8(name)] = o;
  return true;
}
bool ObjectDelete(mql_long, const string& name) { return chart().objects.erase(utf8(name)) > 0; }
int ObjectsDeleteAll(mql_long, int sub_window, int type) {
  int n = 0;
  for (auto it = chart().objects.begin(); it != chart().objects.end();)
    if (type_matches(it->second, sub_window, type)) it = chart().objects.erase(it), ++n;
    else ++it;
  return n;
}
int ObjectsDeleteAll(mql_long, const string& prefix, int sub_window, int type) {
  const std::string p = utf8(prefix);
  int n = 0;
  for (auto it = chart().objects.begin(); it != chart().objects.end();)
    if (it->first.compare(0, p.size(), p) == 0 && type_matches(it->second, sub_window, type)) it = chart().objects.erase(it), ++n;
    else ++it;
  return n;
}
int ObjectFind(mql_long, const string& name) {
  const Object* o = find_object(name);
  return o ? o->window : -1;
}
int ObjectsTotal(mql_long, int sub_window, int type) {
  int n = 0;
  for (auto& [k, o] : chart().objects) n += type_matches(o, sub_window, type);
  return n;
}
string ObjectName(mql_long, int pos, int sub_window, int type) {
  for (auto& [k, o] : chart().objects)
    if (type_matches(o, sub_window, type) && pos-- == 0) {
      const std::u16string u = utf16::from_utf8(k);
      return string(u.data(), static_cast<int>(u.size()));
    }
  return string();
}
bool ObjectMove(mql_long, const string& name, int point_index, datetime time, double price) {
  Object* o = find_object(name);
  if (!o) return false;
  o->integers[{OBJPROP_TIME, point_index}] = time;
  o->doubles[{OBJPROP_PRICE, point_index}] = price;
  return true;
}
bool ObjectSetInteger(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, mql_long prop_value) {
  return ObjectSetInteger(c, name, prop_id, 0, prop_value);
}
bool ObjectSetInteger(mql_long, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier, mql_long prop_value) {
  Object* o = find_object(name);
  if (!o) return false;
  o->integers[{prop_id, prop_modifier}] = prop_value;
  return true;
}
bool ObjectSetDouble(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, double prop_value) {
  return ObjectSetDouble(c, name, prop_id, 0, prop_value);
}
bool ObjectSetDouble(mql_long, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier, double prop_value) {
  Object* o = find_object(name);
  if (!o) return false;
  o->doubles[{prop_id, prop_modifier}] = prop_value;
  return true;
}
bool ObjectSetString(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, const string& prop_value) {
  return ObjectSetString(c, name, prop_id, 0, prop_value);
}
bool ObjectSetString(mql_long, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier,
                     const string& prop_value) {
  Object* o = find_object(name);
  if (!o) return false;
  o->strings[{prop_id, prop_modifier}] = prop_value;
  return true;
}
bool ObjectGetInteger(mql_long, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier, mql_long& value) {
  const Object* o = find_object(name);
  if (!o) return false;
  if (prop_id == OBJPROP_TYPE) value = o->type;
  else if (prop_id == OBJPROP_CREATETIME) value = o->created;
  else {
    auto it = o->integers.find({prop_id, prop_modifier});
    value = it == o->integers.end() ? 0 : it->second;
  }
  return true;
}
mql_long ObjectGetInteger(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier) {
  mql_long v = 0;
  ObjectGetInteger(c, name, prop_id, prop_modifier, v);
  return v;
}
bool ObjectGetDouble(mql_long, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier, double& value) {
  const Object* o = find_object(name);
  if (!o) return false;
  auto it = o->doubles.find({prop_id, prop_modifier});
  value = it == o->doubles.end() ? 0 : it->second;
  return true;
}
double ObjectGetDouble(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier) {
  double v = 0;
  ObjectGetDouble(c, name, prop_id, prop_modifier, v);
  return v;
}
bool ObjectGetString(mql_long, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier, string& value) {
  const Object* o = find_object(name);
  if (!o) return false;
  if (prop_id == OBJPROP_NAME) {
    value = name;
    return true;
  }
  auto it = o->strings.find({prop_id, prop_modifier});
  value = it == o->strings.end() ? string() : it->second;
  return true;
}
string ObjectGetString(mql_long c, const string& name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier) {
  string v;
  ObjectGetString(c, name, prop_id, prop_modifier, v);
  return v;
}

bool ResourceCreate(const string& resource_name, const mql5::array<const mql_uint>& data, mql_uint img_width,
                    mql_uint img_height, mql_uint data_xoffset, mql_uint data_yoffset, mql_uint data_width,
                    ENUM_COLOR_FORMAT) {
  no_chart("ResourceCreate");
  if (img_width == 0 || img_height == 0) return false;
  std::vector<mql_uint> image(static_cast<size_t>(img_width) * img_height);
  const mql_uint stride = data_width ? data_width : img_width;
  for (mql_uint y = 0; y < img_height; ++y)
    for (mql_uint x = 0; x < img_width; ++x) {
      const long long k = static_cast<long long>(y + data_yoffset) * stride + x + data_xoffset;
      if (k < data.size()) image[static_cast<size_t>(y) * img_width + x] = data[static_cast<int>(k)];
    }
  chart().images[utf8(resource_name)] = image;
  chart().image_sizes[utf8(resource_name)] = {img_width, img_height};
  return true;
}
bool ResourceCreate(const string&, const string&) { return true; }
void ResourceFree(const string& resource_name) {
  chart().images.erase(utf8(resource_name));
  chart().image_sizes.erase(utf8(resource_name));
}
bool ResourceReadImage(const string& resource_name, mql5::array<mql_uint>& data, mql_uint& width, mql_uint& height) {
  auto it = chart().images.find(utf8(resource_name));
  if (it == chart().images.end() || data.resize(static_cast<int>(it->second.size())) < 0) return false;
  for (size_t k = 0; k < it->second.size(); ++k) data[static_cast<int>(k)] = it->second[k];
  width = chart().image_sizes[utf8(resource_name)].first;
  height = chart().image_sizes[utf8(resource_name)].second;
  return true;
}
// docs (TextSetFont): a negative size is in tenths of a point.
bool TextSetFont(const string&, int size, mql_uint, int) {
  chart().font_size = size < 0 ? -size / 10 : size;
  return true;
}
bool TextOut(const string&, int, int, mql_uint, mql5::array<mql_uint>&, mql_uint, mql_uint, mql_uint, ENUM_COLOR_FORMAT) {
  no_chart("TextOut");
  return true;
}
// A size as a 96-dpi screen shows the font's characters: 0.6 of its height wide each.
bool TextGetSize(const string& text, mql_uint& width, mql_uint& height) {
  height = static_cast<mql_uint>(chart().font_size * 96 / 72);
  width = static_cast<mql_uint>(text.length() * height * 6 / 10);
  return true;
}
mql_uint ColorToARGB(color clr, mql_uchar alpha) {
  const mql_uint c = static_cast<mql_uint>(clr);  // 0x00BBGGRR
  return static_cast<mql_uint>(alpha) << 24 | (c & 0xFF) << 16 | (c & 0xFF00) | (c >> 16 & 0xFF);
}

bool EventChartCustom(mql_long, mql_ushort custom_event_id, mql_long lparam, double dparam, const string& sparam) {
  chart().events.emplace_back(CHARTEVENT_CUSTOM + custom_event_id, lparam, dparam, sparam);
  return true;
}
namespace mql5 {
bool next_chart_event(int& id, mql_long& lparam, double& dparam, string& sparam) {
  if (chart().events.empty()) return false;
  std::tie(id, lparam, dparam, sparam) = chart().events.front();
  chart().events.pop_front();
  return true;
}
}  // namespace mql5

bool ChartGetString(mql_long chart_id, ENUM_CHART_PROPERTY_STRING prop_id, string& string_var) {
  string_var = ChartGetString(chart_id, prop_id);
  return true;
}
mql_long ChartFirst() { return 0; }
mql_long ChartNext(mql_long) { return -1; }
int ChartIndicatorGet(mql_long, int, const string&) { return INVALID_HANDLE; }
string ChartIndicatorName(mql_long, int, int) { return string(); }
int ChartIndicatorsTotal(mql_long, int) { return 0; }
int ChartWindowOnDropped() { return 0; }
double ChartPriceOnDropped() { return visible_bars() ? bar(visible_bars() - 1).close : 0; }
datetime ChartTimeOnDropped() { return visible_bars() ? bar(visible_bars() - 1).time : datetime(0); }
int ChartXOnDropped() { return 0; }
int ChartYOnDropped() { return 0; }
// A trend line's value at a time and the time of a value, from its first two anchor points.
double ObjectGetValueByTime(mql_long chart_id, const string& name, datetime time, int) {
  const double t1 = static_cast<double>(ObjectGetInteger(chart_id, name, OBJPROP_TIME, 0)),
               t2 = static_cast<double>(ObjectGetInteger(chart_id, name, OBJPROP_TIME, 1));
  const double p1 = ObjectGetDouble(chart_id, name, OBJPROP_PRICE, 0), p2 = ObjectGetDouble(chart_id, name, OBJPROP_PRICE, 1);
  if (ObjectFind(chart_id, name) < 0) return 0;
  return t2 == t1 ? p1 : p1 + (p2 - p1) * (static_cast<double>(time) - t1) / (t2 - t1);
}
datetime ObjectGetTimeByValue(mql_long chart_id, const string& name, double value, int) {
  const double t1 = static_cast<double>(ObjectGetInteger(chart_id, name, OBJPROP_TIME, 0)),
               t2 = static_cast<double>(ObjectGetInteger(chart_id, name, OBJPROP_TIME, 1));
  const double p1 = ObjectGetDouble(chart_id, name, OBJPROP_PRICE, 0), p2 = ObjectGetDouble(chart_id, name, OBJPROP_PRICE, 1);
  if (ObjectFind(chart_id, name) < 0 || p2 == p1) return 0;
  return datetime(static_cast<long long>(t1 + (t2 - t1) * (value - p1) / (p2 - p1)));
}
