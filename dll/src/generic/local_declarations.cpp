#include "generic/local_declarations.hpp"

#include "generic/source_scan.hpp"

#include <cctype>
#include <set>
#include <utility>
#include <vector>

namespace mqlcl {

// A named namespace: the build compiles several sources as one unit, where another file's
// anonymous helpers of the same names would collide.
namespace local_declarations_scan {

using namespace source_scan;

// The names a declaration `__local T a[8], b[8]` declares; empty where one is a pointer (a
// private pointer to __local memory, which may stay in its block).
std::vector<std::string> declared_names(const std::string& decl) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char ch : decl) {
    depth += (ch == '(' || ch == '[') - (ch == ')' || ch == ']');
    if (ch == ',' && depth == 0) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(cur);
  std::vector<std::string> names;
  for (size_t p = 0; p < parts.size(); ++p) {
    std::string text = parts[p];
    if (text.find('*') != std::string::npos || text.find('=') != std::string::npos) return {};
    text = text.substr(0, text.find('['));
    // the last identifier of the first declarator (after its type), the only one of the others
    size_t end = text.size();
    while (end > 0 && !ident_char(text[end - 1])) --end;
    size_t start = end;
    while (start > 0 && ident_char(text[start - 1])) --start;
    if (start == end) return {};
    names.push_back(text.substr(start, end - start));
  }
  return names;
}

}  // namespace local_declarations_scan

std::string hoisted_local_declarations(const std::string& source) {
  using namespace local_declarations_scan;
  const std::string c = code_of(source);
  struct Move {
    size_t body;  // the kernel's '{'
    size_t from, to;  // the declaration, its ';' included
  };
  std::vector<Move> moves;
  std::vector<KernelDefinition> kernels;
  if (!kernel_definitions(c, kernels)) return "";
  for (const KernelDefinition& kernel : kernels) {
    const size_t body = kernel.body, body_end = kernel.body_end;
    std::set<std::string> names;
    int depth = 0;
    char last = '{';  // the last code character before the current statement
    for (size_t k = body; k <= body_end; ++k) {
      const char ch = c[k];
      if (ch == '#') return "";  // a preprocessor line inside a kernel: its branches could move
      if (depth >= 2 && (last == '{' || last == ';' || last == '}') && (word_at(c, k, "__local") || word_at(c, k, "local"))) {
        size_t end = k;
        int inner = 0;
        while (end < body_end && !(c[end] == ';' && inner == 0)) {
          inner += (c[end] == '(' || c[end] == '[' || c[end] == '{') - (c[end] == ')' || c[end] == ']' || c[end] == '}');
          ++end;
        }
        const std::vector<std::string> declared = declared_names(c.substr(k, end - k));
        if (!declared.empty()) {
          for (const std::string& n : declared)
            if (!names.insert(n).second) return "";  // two with one name: moving them would collide
          moves.push_back({body, k, end + 1});
          k = end;
          last = ';';
          continue;
        }
      }
      if (ch == '{') ++depth;
      else if (ch == '}') --depth;
      if (!std::isspace(static_cast<unsigned char>(ch))) last = ch;
    }
  }
  if (moves.empty()) return "";
  std::string out = source;
  // From the end, so that earlier offsets stay right: blank each declaration (its newlines kept),
  // then write the kernel's declarations after its '{' on that line.
  std::vector<std::pair<size_t, std::string>> inserts;
  for (const Move& m : moves) {
    std::string decl = c.substr(m.from, m.to - m.from);  // its comments blanked
    for (char& ch : decl)
      if (ch == '\n' || ch == '\r') ch = ' ';
    if (!inserts.empty() && inserts.back().first == m.body + 1) inserts.back().second += " " + decl;
    else inserts.emplace_back(m.body + 1, " " + decl);
    for (size_t k = m.from; k < m.to; ++k)
      if (out[k] != '\n' && out[k] != '\r') out[k] = ' ';
  }
  for (auto it = inserts.rbegin(); it != inserts.rend(); ++it) out.insert(it->first, it->second);
  return out;
}

}  // namespace mqlcl
