// The terminal's environment of mql5_terminal.hpp.
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "mql5_runtime.hpp"
#include "utf16.hpp"

using namespace mql5;

namespace {
std::string utf8(const string& s) { return utf16::to_utf8(std::u16string(s.c_str(), static_cast<size_t>(s.length()))); }
string text16(const std::string& t) {
  const std::u16string u = utf16::from_utf8(t);
  return string(u.data(), static_cast<int>(u.size()));
}
struct Global {
  double value;
  long long time;
};
std::map<std::string, Global>& globals() {
  static std::map<std::string, Global>* g = new std::map<std::string, Global>;  // never destroyed
  return *g;
}
int g_return_error = 0;
}  // namespace

double TerminalInfoDouble(int) { return 0; }
string TerminalInfoString(int property_id) {
  switch (property_id) {
    case TERMINAL_LANGUAGE: return string(u"English");
    case TERMINAL_COMPANY: return string(u"mqlcl harness");
    case TERMINAL_NAME: return string(u"MetaTrader 5");
    default: return string(u".");  // the folders: the program's working folder
  }
}

bool GlobalVariableCheck(const string& name) { return globals().count(utf8(name)) > 0; }
datetime GlobalVariableTime(const string& name) {
  auto it = globals().find(utf8(name));
  return it == globals().end() ? datetime(0) : datetime(it->second.time);
}
bool GlobalVariableDel(const string& name) { return globals().erase(utf8(name)) > 0; }
bool GlobalVariableGet(const string& name, double& double_var) {
  auto it = globals().find(utf8(name));
  if (it == globals().end()) {
    _LastError = 4501;  // ERR_GLOBALVARIABLE_NOT_FOUND
    return false;
  }
  double_var = it->second.value;
  return true;
}
double GlobalVariableGet(const string& name) {
  double v = 0;
  GlobalVariableGet(name, v);
  return v;
}
string GlobalVariableName(int index) {
  for (auto& [k, v] : globals())
    if (index-- == 0) return text16(k);
  return string();
}
datetime GlobalVariableSet(const string& name, double value) {
  const long long now = TimeCurrent();
  globals()[utf8(name)] = Global{value, now};
  return datetime(now);
}
void GlobalVariablesFlush() {}
bool GlobalVariableTemp(const string& name) {
  if (!GlobalVariableCheck(name)) GlobalVariableSet(name, 0);
  return true;
}
bool GlobalVariableSetOnCondition(const string& name, double value, double check_value) {
  auto it = globals().find(utf8(name));
  if (it == globals().end() || it->second.value != check_value) return false;
  GlobalVariableSet(name, value);
  return true;
}
int GlobalVariablesDeleteAll(const string& prefix_name, datetime limit_data) {
  const std::string p = utf8(prefix_name);
  int n = 0;
  for (auto it = globals().begin(); it != globals().end();) {
    if (it->first.compare(0, p.size(), p) == 0 && (limit_data == 0 || it->second.time < limit_data)) {
      it = globals().erase(it);
      ++n;
    } else {
      ++it;
    }
  }
  return n;
}
int GlobalVariablesTotal() { return static_cast<int>(globals().size()); }

double TesterStatistics(ENUM_STATISTICS statistic_id) {
  switch (statistic_id) {
    case STAT_INITIAL_DEPOSIT: return AccountInfoDouble(ACCOUNT_BALANCE);
    case STAT_BALANCEMIN: case STAT_EQUITYMIN: return AccountInfoDouble(ACCOUNT_BALANCE);
    default: return 0;
  }
}
void TesterStop() { ExpertRemove(); }
bool TesterDeposit(double money) {
  if (money <= 0) return false;
  account_add(money);
  return true;
}
bool TesterWithdrawal(double money) {
  if (money <= 0 || money > AccountInfoDouble(ACCOUNT_BALANCE)) return false;
  account_add(-money);
  return true;
}
void TesterHideIndicators(bool) {}
void SetReturnError(int ret_code) { g_return_error = ret_code; }
namespace mql5 {
int return_error() { return g_return_error; }
}  // namespace mql5

datetime TimeLocal(MqlDateTime& dt_struct) {
  const datetime t = TimeLocal();
  TimeToStruct(t, dt_struct);
  return t;
}
int TimeDaylightSavings() { return 0; }
int TimeGMTOffset() { return 0; }

mql_uint ColorToPRGB(color clr, mql_uchar alpha) {
  const mql_uint c = static_cast<mql_uint>(clr);
  auto scale = [&](mql_uint v) { return (v * alpha + 127) / 255; };
  return static_cast<mql_uint>(alpha) << 24 | scale(c & 0xFF) << 16 | scale(c >> 8 & 0xFF) << 8 | scale(c >> 16 & 0xFF);
}
int StringBufferLen(const string& string_var) { return string_var.length(); }
bool StringSetLength(string& string_var, mql_uint new_length) {
  if (new_length > static_cast<mql_uint>(string_var.length())) return false;  // docs: shortens only
  string_var = string(string_var.c_str(), static_cast<int>(new_length));
  return true;
}
bool StringReserve(string&, mql_uint) { return true; }
