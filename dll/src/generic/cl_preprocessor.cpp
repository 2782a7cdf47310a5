#include "generic/cl_preprocessor.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace mqlcl {

namespace {

// Bounds that keep hostile input finite in time and memory: the source's length, the work of
// expansion (tokens moved or made; what is held at once is less), the tokens of the result,
// the nesting of macro arguments and of #if expressions.
constexpr size_t kMaxSourceBytes = size_t{1} << 20;
constexpr size_t kMaxSourceTokens = 300000;
constexpr long long kBaseWork = 1000000;  // plus 4 per token of the source, to kMaxWork
constexpr long long kMaxWork = 3000000;
constexpr size_t kMaxResult = 500000;
constexpr int kMaxArgumentDepth = 64;
constexpr size_t kMaxParameters = 1024;  // of one macro
constexpr int kMaxExpressionDepth = 256;

// Names of the macros that hid a token from further expansion (C99 6.10.3.4), sorted ids.
using HideSet = std::shared_ptr<const std::vector<int>>;

struct Tok {
  PpToken::Kind kind = PpToken::Other;
  std::string text;
  bool space = false;        // whitespace before it
  bool bol = false;          // first token of a logical line
  bool uncertain = false;    // see PpToken::uncertain
  bool placemarker = false;  // an empty argument beside ## (removed after substitution)
  int line = 0;
  HideSet hide;
};

bool is(const Tok& t, std::string_view punct) { return t.kind == PpToken::Punct && t.text == punct; }

bool ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Punctuators, longest first.
constexpr std::string_view kPuncts[] = {"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
                                        "&&",  "||",  "*=",  "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##"};

// Lines continued with a backslash joined, CR LF and lone CR made LF; `splices` are the
// positions in the result where a line break was removed (for __LINE__).
std::string splice_lines(const std::string& s, std::vector<size_t>& splices) {
  std::string t;
  t.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\r') {
      if (i + 1 < s.size() && s[i + 1] == '\n') continue;
      c = '\n';
    }
    if (c == '\\') {
      size_t j = i + 1;
      while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;  // clang: a splice, with a warning
      if (j < s.size() && s[j] == '\r') ++j;
      if (j < s.size() && s[j] == '\n') {
        splices.push_back(t.size());
        i = j;
        continue;
      }
    }
    t += c;
  }
  return t;
}

// Tokens of spliced text; false (and `why`) on a comment that never ends.
bool lex(const std::string& t, const std::vector<size_t>& splices, std::vector<Tok>& out, std::string& why) {
  size_t i = 0, sp = 0;
  int newlines = 0;
  bool bol = true, space = false;
  const size_t n = t.size();
  while (i < n) {
    const char c = t[i];
    if (c == '\n') {
      ++newlines;
      bol = true;
      space = false;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      space = true;
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && t[i + 1] == '/') {
      while (i < n && t[i] != '\n') ++i;
      space = true;
      continue;
    }
    if (c == '/' && i + 1 < n && t[i + 1] == '*') {
      const size_t end = t.find("*/", i + 2);
      if (end == std::string::npos) {
        why = "a /* comment that never ends";
        return false;
      }
      newlines += static_cast<int>(std::count(t.begin() + static_cast<std::ptrdiff_t>(i), t.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
      i = end + 2;
      space = true;
      continue;
    }
    while (sp < splices.size() && splices[sp] <= i) ++sp;
    Tok tok;
    tok.space = space;
    tok.bol = bol;
    tok.line = 1 + newlines + static_cast<int>(sp);
    bol = space = false;
    const size_t start = i;
    auto literal = [&](size_t from, char quote) {  // true: a literal ends on this line
      size_t j = from + 1;
      while (j < n && t[j] != quote && t[j] != '\n') j += t[j] == '\\' && j + 1 < n && t[j + 1] != '\n' ? 2 : 1;
      if (j >= n || t[j] != quote) return false;
      i = j + 1;
      tok.kind = quote == '"' ? PpToken::String : PpToken::Char;
      return true;
    };
    if (ident_start(c)) {
      size_t j = i + 1;
      while (j < n && ident_char(t[j])) ++j;
      const std::string_view word(t.data() + i, j - i);
      const bool prefix = word == "L" || word == "u" || word == "U" || word == "u8";
      if (!(prefix && j < n && (t[j] == '"' || t[j] == '\'') && literal(j, t[j]))) {
        i = j;
        tok.kind = PpToken::Identifier;
      }
    } else if (digit(c) || (c == '.' && i + 1 < n && digit(t[i + 1]))) {
      size_t j = i + 1;
      while (j < n) {
        if ((t[j] == '+' || t[j] == '-') && (t[j - 1] == 'e' || t[j - 1] == 'E' || t[j - 1] == 'p' || t[j - 1] == 'P')) {
          ++j;
        } else if (ident_char(t[j]) || t[j] == '.') {
          ++j;
        } else {
          break;
        }
      }
      i = j;
      tok.kind = PpToken::Number;
    } else if ((c == '"' || c == '\'') && literal(i, c)) {
      // i moved past the literal
    } else {
      size_t len = 1;
      tok.kind = PpToken::Other;
      for (std::string_view p : kPuncts)
        if (t.compare(i, p.size(), p) == 0) {
          len = p.size();
          tok.kind = PpToken::Punct;
          break;
        }
      if (tok.kind == PpToken::Other && std::string_view("[](){}.&*+-~!/%<>^|?:;=,#").find(c) != std::string_view::npos)
        tok.kind = PpToken::Punct;
      i += len;  // an unterminated quote is one Other token: clang skips such text in #if 0 too
    }
    tok.text.assign(t, start, i - start);
    out.push_back(std::move(tok));
  }
  return true;
}

HideSet merged(const HideSet& a, const HideSet& b) {
  if (!a || a->empty()) return b;
  if (!b || b->empty() || a == b) return a;
  auto m = std::make_shared<std::vector<int>>();
  std::set_union(a->begin(), a->end(), b->begin(), b->end(), std::back_inserter(*m));
  return m;
}

HideSet common(const HideSet& a, const HideSet& b) {
  if (!a || !b) return nullptr;
  if (a == b) return a;
  auto m = std::make_shared<std::vector<int>>();
  std::set_intersection(a->begin(), a->end(), b->begin(), b->end(), std::back_inserter(*m));
  return m;
}

HideSet with(const HideSet& a, int id) { return merged(a, std::make_shared<std::vector<int>>(1, id)); }

long long set_size(const HideSet& h) { return h ? static_cast<long long>(h->size()) : 0; }

bool hidden(const HideSet& h, int id) { return h && std::binary_search(h->begin(), h->end(), id); }

struct Macro {
  bool function = false, variadic = false;
  std::vector<std::string> params;  // __VA_ARGS__ last when variadic
  std::vector<Tok> body;
  std::vector<int> param_at;  // per body token: its parameter's index, or -1
};

// A value of an #if expression: intmax_t or uintmax_t (C99 6.10.1).
struct Value {
  uint64_t v = 0;
  bool is_unsigned = false;
};

class Preprocessor {
 public:
  explicit Preprocessor(const PpSetup& setup) : setup_(setup) {}

  PpResult run(const std::string& source) {
    PpResult r;
    if (source.size() > kMaxSourceBytes) return fail_result("the source is longer than 1 MiB");
    std::vector<Tok> toks;
    {
      std::vector<size_t> splices;
      const bool bom = source.compare(0, 3, "\xEF\xBB\xBF") == 0;  // UTF-8's mark, skipped as clang does
      const std::string text = splice_lines(bom ? source.substr(3) : source, splices);
      if (!lex(text, splices, toks, why_)) return fail_result(why_);
    }
    if (toks.size() > kMaxSourceTokens) return fail_result("the source holds more than 300000 tokens");
    work_ = std::min(kBaseWork + 4 * static_cast<long long>(toks.size()), kMaxWork);
    for (const std::string& name : setup_.undefined) user_names_.insert(name);
    for (const std::string& name : setup_.unknown) unknown_.insert(name);
    // The setup's lines, then the names the source owns: a test of one before its #define
    // is certainly false, whatever the driver defines.
    for (const std::string& line : setup_.lines) {
      std::vector<Tok> lt;
      std::vector<size_t> none;
      std::string why;
      if (!lex(line, none, lt, why) || lt.empty() || !is(lt[0], "#")) return fail_result("a build option could not be read");
      lt[0].bol = true;
      if (lt.size() > 2 && lt[2].kind == PpToken::Identifier) user_names_.insert(lt[2].text);
      if (!directive(lt, 0, lt.size()) || failed_) return fail_result(failed_ ? why_ : "a build option could not be read");
    }
    for (const std::string& name : setup_.defined_unknown_value) {
      Macro m;
      Tok zero;
      zero.kind = PpToken::Number;
      zero.text = "0";
      zero.uncertain = true;
      m.body.push_back(zero);
      m.param_at.push_back(-1);
      macros_[name] = std::move(m);
    }
    for (size_t i = 0; i + 2 < toks.size(); ++i)
      if (toks[i].bol && is(toks[i], "#") && !toks[i + 1].bol && !toks[i + 2].bol &&
          (toks[i + 1].text == "define" || toks[i + 1].text == "undef") && toks[i + 2].kind == PpToken::Identifier)
        user_names_.insert(toks[i + 2].text);

    std::vector<Tok> pending;
    size_t s = 0;
    while (s < toks.size() && !failed_) {
      size_t e = s + 1;
      while (e < toks.size() && !toks[e].bol) ++e;
      if (is(toks[s], "#")) {
        flush(pending, r.tokens);
        if (!failed_) directive(toks, s, e);
      } else if (active_) {
        for (size_t i = s; i < e; ++i) pending.push_back(std::move(toks[i]));
      }
      s = e;
    }
    flush(pending, r.tokens);
    if (!failed_ && !conds_.empty()) give_up("#if without #endif");
    if (!failed_ && depth_ != 0) give_up("unbalanced braces");
    if (failed_) return fail_result(why_);
    r.ok = true;
    return r;
  }

 private:
  struct Cond {
    bool parent_active, taken, in_else;
  };

  PpResult fail_result(const std::string& why) {
    PpResult r;
    r.why = why;
    return r;
  }

  bool give_up(const std::string& why) {
    if (!failed_) {
      failed_ = true;
      why_ = why;
    }
    return false;
  }

  bool spend(long long n) { return (work_ -= n) >= 0 || give_up("macros expand beyond the preprocessor's bound"); }

  int id(const std::string& name) {
    auto it = ids_.find(name);
    if (it != ids_.end()) return it->second;
    const int n = static_cast<int>(ids_.size());
    ids_.emplace(name, n);
    return n;
  }

  // Names that depend on the driver: reserved ones and the headers' (FLT_MAX, CLK_...).
  bool unknown_name(const std::string& n) const {
    if (user_names_.count(n)) return false;
    if (unknown_.count(n)) return true;
    if (n.size() >= 2 && n[0] == '_' && (n[1] == '_' || (n[1] >= 'A' && n[1] <= 'Z'))) return true;
    for (const std::string& p : setup_.unknown_prefixes)
      if (n.compare(0, p.size(), p) == 0) return true;
    return false;
  }

  static bool dynamic(const std::string& n) {
    return n == "__LINE__" || n == "__FILE__" || n == "__DATE__" || n == "__TIME__" || n == "__COUNTER__" ||
           n == "__BASE_FILE__" || n == "__INCLUDE_LEVEL__" || n == "__TIMESTAMP__";
  }

  // Whether `name` is defined; false with failed_ set where it depends on the driver.
  bool defined(const std::string& name, bool& result) {
    result = macros_.count(name) != 0 || dynamic(name);
    if (!result && unknown_name(name)) return give_up("it tests " + name + ", which depends on the driver");
    return true;
  }

  // The text before the next directive, expanded, kept where it says something about
  // declarations: tokens outside braces, and the braces.
  void flush(std::vector<Tok>& pending, std::vector<PpToken>& out) {
    if (pending.empty() || failed_) return;
    std::vector<Tok> expanded;
    top_out_ = &out;
    expand(std::move(pending), expanded, 0);
    top_out_ = nullptr;
    pending.clear();
  }

  void emit_top(Tok&& t) {
    const bool open = is(t, "{"), close = is(t, "}");
    if (close && --depth_ < 0) {
      give_up("unbalanced braces");
      return;
    }
    if (setup_.whole || depth_ == 0 || open || close) {
      if (top_out_->size() >= kMaxResult) {
        give_up("the source holds more than 500000 tokens outside functions");
        return;
      }
      PpToken p;
      p.kind = t.kind;
      p.text = std::move(t.text);
      p.space_before = t.space;
      p.uncertain = t.uncertain;
      top_out_->push_back(std::move(p));
    }
    if (open) ++depth_;
  }

  void put(std::vector<Tok>& out, Tok&& t, int depth) {
    if (depth == 0 && top_out_ != nullptr) {
      emit_top(std::move(t));
    } else {
      out.push_back(std::move(t));
    }
  }

  // Expands `in` (C99 6.10.3.4, with hide sets): into `out`, or at depth 0 of the text into
  // the result. False when it gave up.
  bool expand(std::vector<Tok> in, std::vector<Tok>& out, int depth) {
    if (depth > kMaxArgumentDepth) return give_up("macro arguments nest too deeply");
    std::reverse(in.begin(), in.end());
    std::vector<Tok>& st = in;  // the next token at the back
    while (!st.empty()) {
      if (failed_ || !spend(1)) return false;
      Tok t = std::move(st.back());
      st.pop_back();
      if (t.kind != PpToken::Identifier) {
        put(out, std::move(t), depth);
        continue;
      }
      auto it = macros_.find(t.text);
      if (it == macros_.end()) {
        if (dynamic(t.text)) {
          const bool line = t.text == "__LINE__";
          t.kind = line ? PpToken::Number : PpToken::String;
          t.text = line ? std::to_string(t.line) : std::string("\"\"");
          t.uncertain = !line || lines_uncertain_;
        }
        put(out, std::move(t), depth);
        continue;
      }
      const int mid = id(t.text);
      if (hidden(t.hide, mid)) {
        put(out, std::move(t), depth);
        continue;
      }
      const Macro& m = it->second;
      std::vector<std::vector<Tok>> args;
      HideSet hide;
      if (m.function) {
        if (st.empty() || !is(st.back(), "(")) {  // a function-like macro's name alone
          put(out, std::move(t), depth);
          continue;
        }
        st.pop_back();
        args.emplace_back();
        int nest = 0;
        bool closed = false;
        while (!st.empty()) {
          if (!spend(1)) return false;
          Tok a = std::move(st.back());
          st.pop_back();
          if (is(a, "(")) {
            ++nest;
          } else if (is(a, ")")) {
            if (nest == 0) {
              closed = true;
              if (!spend(set_size(t.hide) + set_size(a.hide))) return false;
              hide = with(common(t.hide, a.hide), mid);
              break;
            }
            --nest;
          } else if (is(a, ",") && nest == 0 && !(m.variadic && args.size() == m.params.size())) {
            args.emplace_back();
            continue;
          }
          args.back().push_back(std::move(a));
        }
        if (!closed) return give_up("the call of macro " + t.text + " has no closing parenthesis");
        if (m.params.empty() && args.size() == 1 && args[0].empty()) args.clear();
        if (m.variadic && args.size() + 1 == m.params.size()) args.emplace_back();
        if (args.size() != m.params.size()) return give_up("macro " + t.text + " called with a wrong number of arguments");
      } else {
        if (!spend(set_size(t.hide))) return false;  // a chain of macros costs its hide sets
        hide = with(t.hide, mid);
      }
      std::vector<Tok> body;
      if (!substitute(m, args, hide, body, depth)) return false;  // charges the work of `body`
      if (!body.empty()) body[0].space = t.space;
      for (auto b = body.rbegin(); b != body.rend(); ++b) {
        b->line = t.line;
        st.push_back(std::move(*b));
      }
    }
    return true;
  }

  Tok stringized(const std::vector<Tok>& arg) {
    Tok s;
    s.kind = PpToken::String;
    s.text = "\"";
    for (size_t k = 0; k < arg.size(); ++k) {
      if (k > 0 && arg[k].space) s.text += ' ';
      const bool literal = arg[k].kind == PpToken::String || arg[k].kind == PpToken::Char;
      for (char c : arg[k].text) {
        if (literal && (c == '"' || c == '\\')) s.text += '\\';
        s.text += c;
      }
      s.uncertain = s.uncertain || arg[k].uncertain;
    }
    s.text += '"';
    return s;
  }

  bool paste(Tok& left, const Tok& right) {
    if (left.placemarker) {
      left = right;
      return true;
    }
    if (right.placemarker) return true;
    std::vector<Tok> t;
    std::vector<size_t> none;
    std::string why;
    const std::string text = left.text + right.text;
    if (!lex(text, none, t, why) || t.size() != 1 || t[0].text != text)
      return give_up("## of " + left.text + " and " + right.text + " makes no single token");
    left.kind = t[0].kind;
    left.text = text;
    left.uncertain = left.uncertain || right.uncertain;
    left.hide = nullptr;  // the macro's own hide set is added after substitution
    return true;
  }

  bool substitute(const Macro& m, std::vector<std::vector<Tok>>& args, const HideSet& hide, std::vector<Tok>& out,
                  int depth) {
    std::vector<std::vector<Tok>> expanded(args.size());
    std::vector<bool> done(args.size(), false);
    auto placemarker = [] {
      Tok p;
      p.placemarker = true;
      return p;
    };
    const std::vector<Tok>& b = m.body;
    for (size_t i = 0; i < b.size(); ++i) {
      if (failed_) return false;
      const int p = m.param_at[i];
      if (m.function && is(b[i], "#")) {  // checked at #define: a parameter follows
        if (!spend(static_cast<long long>(args[static_cast<size_t>(m.param_at[i + 1])].size()) + 1)) return false;
        Tok s = stringized(args[static_cast<size_t>(m.param_at[i + 1])]);
        s.space = b[i].space;
        out.push_back(std::move(s));
        ++i;
        continue;
      }
      if (is(b[i], "##")) {  // checked at #define: not first or last
        ++i;
        const int q = m.param_at[i];
        std::vector<Tok> right;
        if (m.function && is(b[i], "#")) return give_up("# after ## in macro");
        if (q >= 0) {
          right = args[static_cast<size_t>(q)];
          const bool va = m.variadic && static_cast<size_t>(q) + 1 == m.params.size();
          if (va && !out.empty() && is(out.back(), ",")) {  // , ## __VA_ARGS__: no comma when empty
            if (right.empty()) out.pop_back();
            if (!spend(static_cast<long long>(right.size()))) return false;
            out.insert(out.end(), right.begin(), right.end());
            continue;
          }
          if (right.empty()) right.push_back(placemarker());
        } else {
          right.push_back(b[i]);
        }
        if (!spend(static_cast<long long>(right.size()))) return false;
        if (out.empty()) out.push_back(placemarker());
        if (!paste(out.back(), right[0])) return false;
        for (size_t k = 1; k < right.size(); ++k) out.push_back(right[k]);
        continue;
      }
      if (p >= 0) {
        const size_t a = static_cast<size_t>(p);
        const size_t first = out.size();
        if (i + 1 < b.size() && is(b[i + 1], "##")) {
          if (!spend(static_cast<long long>(args[a].size()) + 1)) return false;
          if (args[a].empty()) out.push_back(placemarker());
          out.insert(out.end(), args[a].begin(), args[a].end());
        } else {
          if (!done[a]) {
            std::vector<Tok> copy = args[a];
            if (!expand(std::move(copy), expanded[a], depth + 1)) return false;
            done[a] = true;
          }
          if (!spend(static_cast<long long>(expanded[a].size()))) return false;
          out.insert(out.end(), expanded[a].begin(), expanded[a].end());
        }
        if (out.size() > first) out[first].space = b[i].space;
        continue;
      }
      if (!spend(1)) return false;
      out.push_back(b[i]);
    }
    out.erase(std::remove_if(out.begin(), out.end(), [](const Tok& t) { return t.placemarker; }), out.end());
    HideSet from, to;  // the last merge: tokens of one expansion share their hide set
    for (Tok& t : out) {
      if (!t.hide || t.hide == hide) {
        t.hide = hide;
        continue;
      }
      if (t.hide != from) {
        if (!spend(set_size(t.hide) + set_size(hide))) return false;
        from = t.hide;
        to = merged(t.hide, hide);
      }
      t.hide = to;
    }
    return true;
  }

  // ---- directives ----

  bool directive(std::vector<Tok>& line, size_t s, size_t e) {
    if (e - s < 2) return true;  // "#" alone
    const Tok& d = line[s + 1];
    const std::string& name = d.text;
    const bool conditional = name == "if" || name == "ifdef" || name == "ifndef" || name == "elif" || name == "else" ||
                             name == "endif";
    if (d.kind == PpToken::Identifier && conditional) return conditional_directive(line, s, e);
    if (!active_) return true;
    if (d.kind == PpToken::Number) {  // "# 12 "file"": a GNU line marker
      lines_uncertain_ = true;
      return true;
    }
    if (d.kind != PpToken::Identifier) return give_up("a directive # " + d.text);
    if (name == "define") return define(line, s + 2, e);
    if (name == "undef") {
      if (e - s < 3 || line[s + 2].kind != PpToken::Identifier) return give_up("#undef without a name");
      macros_.erase(line[s + 2].text);
      return true;
    }
    if (name == "pragma" || name == "warning" || name == "ident" || name == "sccs") return true;
    if (name == "line") {
      lines_uncertain_ = true;
      return true;
    }
    if (name == "include" || name == "include_next" || name == "import") return give_up("#" + name);
    if (name == "error") return give_up("#error on the active path");
    return give_up("#" + name);
  }

  bool conditional_directive(std::vector<Tok>& line, size_t s, size_t e) {
    const std::string& name = line[s + 1].text;
    if (name == "if" || name == "ifdef" || name == "ifndef") {
      bool value = false;
      if (active_) {
        if (name == "if") {
          if (!condition(line, s + 2, e, value)) return false;
        } else {
          if (e - s < 3 || line[s + 2].kind != PpToken::Identifier) return give_up("#" + name + " without a name");
          if (!defined(line[s + 2].text, value)) return false;
          if (name == "ifndef") value = !value;
        }
      }
      conds_.push_back({active_, !active_ || value, false});
      active_ = active_ && value;
      return true;
    }
    if (conds_.empty()) return give_up("#" + name + " without #if");
    Cond& c = conds_.back();
    if (name == "endif") {
      active_ = c.parent_active;
      conds_.pop_back();
      return true;
    }
    if (c.in_else) return give_up("#" + name + " after #else");
    if (name == "else") {
      c.in_else = true;
      active_ = c.parent_active && !c.taken;
      c.taken = true;
      return true;
    }
    // #elif: evaluated only where no group of its chain was taken yet
    if (!c.parent_active || c.taken) {
      active_ = false;
      return true;
    }
    bool value = false;
    if (!condition(line, s + 2, e, value)) return false;
    c.taken = value;
    active_ = value;
    return true;
  }

  bool define(const std::vector<Tok>& line, size_t i, size_t e) {
    if (i >= e || line[i].kind != PpToken::Identifier) return give_up("#define without a name");
    const std::string& name = line[i].text;
    if (name == "defined" || name == "__VA_ARGS__") return give_up("#define " + name);
    Macro m;
    std::unordered_map<std::string, int> index;  // parameter -> position
    ++i;
    if (i < e && is(line[i], "(") && !line[i].space) {
      m.function = true;
      ++i;
      bool closed = false;
      while (i < e) {
        if (is(line[i], ")") && m.params.empty() && !m.variadic) {
          closed = true;
          ++i;
          break;
        }
        const std::string p = is(line[i], "...") ? "__VA_ARGS__" : line[i].text;
        m.variadic = is(line[i], "...");
        if ((!m.variadic && (line[i].kind != PpToken::Identifier || p == "__VA_ARGS__")) || index.count(p) ||
            m.params.size() >= kMaxParameters)
          return give_up("the parameters of macro " + name);
        index.emplace(p, static_cast<int>(m.params.size()));
        m.params.push_back(p);
        ++i;
        if (i < e && is(line[i], ")")) {
          closed = true;
          ++i;
          break;
        }
        if (m.variadic || i >= e || !is(line[i], ",")) return give_up("the parameters of macro " + name);
        ++i;
      }
      if (!closed) return give_up("the parameters of macro " + name);
    }
    m.body.assign(line.begin() + static_cast<std::ptrdiff_t>(i), line.begin() + static_cast<std::ptrdiff_t>(e));
    if (!m.body.empty()) m.body[0].space = false;
    for (Tok& t : m.body) {
      t.bol = false;
      const auto p = t.kind == PpToken::Identifier ? index.find(t.text) : index.end();
      m.param_at.push_back(p != index.end() ? p->second : -1);
      if (t.kind == PpToken::Identifier && (t.text == "__VA_ARGS__" || t.text == "__VA_OPT__") && !m.variadic)
        return give_up("__VA_ARGS__ outside a variadic macro");
      if (t.text == "__VA_OPT__") return give_up("__VA_OPT__");
    }
    const size_t n = m.body.size();
    if (n > 0 && (is(m.body[0], "##") || is(m.body[n - 1], "##"))) return give_up("## at an end of macro " + name);
    if (m.function)
      for (size_t k = 0; k < n; ++k)
        if (is(m.body[k], "#") && (k + 1 >= n || m.param_at[k + 1] < 0)) return give_up("# without a parameter in macro " + name);
    macros_[name] = std::move(m);
    return true;
  }

  // ---- #if expressions ----

  bool condition(const std::vector<Tok>& line, size_t i, size_t e, bool& value) {
    std::vector<Tok> toks;
    for (; i < e; ++i) {
      if (line[i].kind == PpToken::Identifier && line[i].text == "defined") {
        size_t k = i + 1;
        const bool paren = k < e && is(line[k], "(");
        if (paren) ++k;
        if (k >= e || line[k].kind != PpToken::Identifier) return give_up("defined without a name");
        if (paren && (k + 1 >= e || !is(line[k + 1], ")"))) return give_up("defined( without )");
        bool d = false;
        if (!defined(line[k].text, d)) return false;
        Tok v;
        v.kind = PpToken::Number;
        v.text = d ? "1" : "0";
        toks.push_back(v);
        i = paren ? k + 1 : k;
        continue;
      }
      toks.push_back(line[i]);
    }
    std::vector<Tok> x;
    if (!expand(std::move(toks), x, 1)) return false;
    for (Tok& t : x) {
      if (t.uncertain) return give_up("#if uses a value that the driver sets");
      if (t.kind != PpToken::Identifier) continue;
      if (t.text == "defined") return give_up("defined made by a macro");
      if (unknown_name(t.text) || t.text == "true" || t.text == "false")
        return give_up("#if uses " + t.text + ", which depends on the driver");
      t.kind = PpToken::Number;
      t.text = "0";
    }
    if (x.empty()) return give_up("#if without an expression");
    expr_ = &x;
    at_ = 0;
    Value v;
    if (!ternary(v, true, 0)) return false;
    if (at_ != x.size()) return give_up("#if expression: " + x[at_].text);
    value = v.v != 0;
    return true;
  }

  bool next_is(std::string_view p) const { return at_ < expr_->size() && is((*expr_)[at_], p); }

  static Value signed_value(bool b) { return {b ? 1u : 0u, false}; }

  bool number(const std::string& s, Value& v) {
    size_t i = 0;
    int base = 10;
    if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      base = 16;
      i = 2;
    } else if (s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
      base = 2;
      i = 2;
    } else if (s[0] == '0') {
      base = 8;
    }
    const size_t digits_from = i;
    uint64_t x = 0;
    for (; i < s.size(); ++i) {
      const char c = s[i];
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      if (d < 0 || d >= base) break;
      if (x > (UINT64_MAX - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) return give_up("#if: " + s + " is too large");
      x = x * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
    }
    if (i == digits_from && base != 8) return give_up("#if: the number " + s);
    std::string suffix = s.substr(i);
    for (char& c : suffix) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    const bool u = suffix == "u" || suffix == "ul" || suffix == "lu" || suffix == "ull" || suffix == "llu";
    if (!u && !suffix.empty() && suffix != "l" && suffix != "ll") return give_up("#if: the number " + s);
    v.v = x;
    v.is_unsigned = u || x > static_cast<uint64_t>(INT64_MAX);
    return true;
  }

  bool character(const std::string& s, Value& v) {
    // 'a', '\n', '\x41', '\101': one character of at most 127
    if (s.size() < 3 || s[0] != '\'' || s.back() != '\'') return give_up("#if: the character " + s);
    const std::string body = s.substr(1, s.size() - 2);
    uint64_t x = 0;
    if (body.size() == 1 && body[0] != '\\') {
      x = static_cast<unsigned char>(body[0]);
    } else if (body.size() >= 2 && body[0] == '\\') {
      const char c = body[1];
      static constexpr std::string_view simple = "ntrvfab\\'\"?";
      static constexpr char values[] = {'\n', '\t', '\r', '\v', '\f', '\a', '\b', '\\', '\'', '"', '?'};
      const size_t k = simple.find(c);
      if (k != std::string_view::npos && body.size() == 2) {
        x = static_cast<unsigned char>(values[k]);
      } else if (c == 'x' && body.size() > 2 && body.size() <= 4) {
        for (size_t j = 2; j < body.size(); ++j) {
          const char h = body[j];
          const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
          if (d < 0) return give_up("#if: the character " + s);
          x = x * 16 + static_cast<uint64_t>(d);
        }
      } else if (c >= '0' && c <= '7' && body.size() <= 4) {
        for (size_t j = 1; j < body.size(); ++j) {
          if (body[j] < '0' || body[j] > '7') return give_up("#if: the character " + s);
          x = x * 8 + static_cast<uint64_t>(body[j] - '0');
        }
      } else {
        return give_up("#if: the character " + s);
      }
    } else {
      return give_up("#if: the character " + s);
    }
    if (x > 127) return give_up("#if: the character " + s);  // its sign depends on char's
    v = {x, false};
    return true;
  }

  bool primary(Value& v, bool live, int depth) {
    if (depth > kMaxExpressionDepth) return give_up("#if expression nests too deeply");
    if (at_ >= expr_->size()) return give_up("#if expression ends early");
    const Tok& t = (*expr_)[at_];
    if (is(t, "(")) {
      ++at_;
      if (!ternary(v, live, depth + 1)) return false;
      if (!next_is(")")) return give_up("#if expression without )");
      ++at_;
      return true;
    }
    if (is(t, "+") || is(t, "-") || is(t, "!") || is(t, "~")) {
      ++at_;
      if (!primary(v, live, depth + 1)) return false;
      if (t.text == "-") {
        if (live && !v.is_unsigned && v.v == static_cast<uint64_t>(INT64_MIN)) return give_up("#if: signed overflow");
        v.v = ~v.v + 1;
      } else if (t.text == "!") {
        v = signed_value(v.v == 0);
      } else if (t.text == "~") {
        v.v = ~v.v;
      }
      return true;
    }
    ++at_;
    if (t.kind == PpToken::Number) return number(t.text, v);
    if (t.kind == PpToken::Char) return character(t.text, v);
    return give_up("#if expression: " + t.text);
  }

  static int precedence(const Tok& t) {
    if (t.kind != PpToken::Punct) return -1;
    static const std::pair<std::string_view, int> table[] = {
        {"||", 1}, {"&&", 2}, {"|", 3},  {"^", 4},  {"&", 5},  {"==", 6}, {"!=", 6}, {"<", 7}, {">", 7},
        {"<=", 7}, {">=", 7}, {"<<", 8}, {">>", 8}, {"+", 9},  {"-", 9},  {"*", 10}, {"/", 10}, {"%", 10}};
    for (const auto& [op, p] : table)
      if (t.text == op) return p;
    return -1;
  }

  bool apply(const std::string& op, Value a, Value b, Value& r, bool live) {
    const bool u = a.is_unsigned || b.is_unsigned;
    const int64_t sa = static_cast<int64_t>(a.v), sb = static_cast<int64_t>(b.v);
    if (op == "==") r = signed_value(a.v == b.v);
    else if (op == "!=") r = signed_value(a.v != b.v);
    else if (op == "<") r = signed_value(u ? a.v < b.v : sa < sb);
    else if (op == ">") r = signed_value(u ? a.v > b.v : sa > sb);
    else if (op == "<=") r = signed_value(u ? a.v <= b.v : sa <= sb);
    else if (op == ">=") r = signed_value(u ? a.v >= b.v : sa >= sb);
    else if (op == "&") r = {a.v & b.v, u};
    else if (op == "|") r = {a.v | b.v, u};
    else if (op == "^") r = {a.v ^ b.v, u};
    else if (op == "+") r = {a.v + b.v, u};
    else if (op == "-") r = {a.v - b.v, u};
    else if (op == "*") r = {a.v * b.v, u};
    else if (op == "/" || op == "%") {
      if (b.v == 0 || (!u && sa == INT64_MIN && sb == -1)) {
        if (live) return give_up("#if: division by zero or overflow");
        r = {0, u};
        return true;
      }
      if (op == "/") r = {u ? a.v / b.v : static_cast<uint64_t>(sa / sb), u};
      else r = {u ? a.v % b.v : static_cast<uint64_t>(sa % sb), u};
    } else if (op == "<<" || op == ">>") {
      const bool negative = !b.is_unsigned && sb < 0;
      if (negative || b.v >= 64) {
        if (live) return give_up("#if: a shift by " + std::to_string(sb));
        r = {0, a.is_unsigned};
        return true;
      }
      if (op == "<<") r = {a.v << b.v, a.is_unsigned};
      else r = {a.is_unsigned ? a.v >> b.v : static_cast<uint64_t>(sa >> b.v), a.is_unsigned};
    }
    return true;
  }

  // Binary operators of precedence >= min (left-associative), && and || short-circuited.
  bool binary(Value& v, bool live, int min, int depth) {
    if (!primary(v, live, depth)) return false;
    while (at_ < expr_->size()) {
      const Tok& t = (*expr_)[at_];
      const int p = precedence(t);
      if (p < min) break;
      const std::string op = t.text;
      ++at_;
      Value rhs;
      if (op == "&&" || op == "||") {
        const bool rhs_live = live && (op == "&&" ? v.v != 0 : v.v == 0);
        if (!binary(rhs, rhs_live, p + 1, depth + 1)) return false;
        v = signed_value(op == "&&" ? (v.v != 0 && rhs.v != 0) : (v.v != 0 || rhs.v != 0));
        continue;
      }
      if (!binary(rhs, live, p + 1, depth + 1)) return false;
      Value r;
      if (!apply(op, v, rhs, r, live)) return false;
      v = r;
    }
    return true;
  }

  bool ternary(Value& v, bool live, int depth) {
    if (depth > kMaxExpressionDepth) return give_up("#if expression nests too deeply");
    if (!binary(v, live, 1, depth + 1)) return false;
    if (!next_is("?")) return true;
    ++at_;
    Value a, b;
    const bool c = v.v != 0;
    if (!ternary(a, live && c, depth + 1)) return false;
    if (!next_is(":")) return give_up("#if: ? without :");
    ++at_;
    if (!ternary(b, live && !c, depth + 1)) return false;
    v = c ? a : b;
    v.is_unsigned = a.is_unsigned || b.is_unsigned;
    return true;
  }

  const PpSetup& setup_;
  std::unordered_map<std::string, Macro> macros_;
  std::unordered_map<std::string, int> ids_;
  std::unordered_set<std::string> user_names_, unknown_;
  std::vector<Cond> conds_;
  bool active_ = true, failed_ = false, lines_uncertain_ = false;
  std::string why_;
  long long work_ = kBaseWork;
  std::vector<PpToken>* top_out_ = nullptr;
  int depth_ = 0;  // braces of the result
  const std::vector<Tok>* expr_ = nullptr;
  size_t at_ = 0;
};

}  // namespace

PpResult preprocess(const std::string& source, const PpSetup& setup) { return Preprocessor(setup).run(source); }

std::string spelled(const std::vector<PpToken>& tokens) {
  std::string s;
  for (const PpToken& t : tokens) {
    if (!s.empty() && t.space_before) s += ' ';
    s += t.text;
  }
  return s;
}

}  // namespace mqlcl
