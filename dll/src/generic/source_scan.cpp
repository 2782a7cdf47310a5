#include "generic/source_scan.hpp"

#include <cctype>

namespace mqlcl {
namespace source_scan {

std::string code_of(const std::string& s) {
  std::string c = s;
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') c[i++] = ' ';
    } else if (s.compare(i, 2, "/*") == 0) {
      const size_t end = s.find("*/", i + 2);
      const size_t stop = end == std::string::npos ? s.size() : end + 2;
      for (; i < stop; ++i)
        if (s[i] != '\n') c[i] = ' ';
    } else if (s[i] == '"' || s[i] == '\'') {
      const char q = s[i];
      c[i++] = ' ';
      while (i < s.size() && s[i] != q && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size()) c[i++] = ' ';
        c[i++] = ' ';
      }
      if (i < s.size() && s[i] == q) c[i++] = ' ';
    } else {
      ++i;
    }
  }
  return c;
}

bool ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

bool word_at(const std::string& c, size_t i, const char* w) {
  const size_t n = std::char_traits<char>::length(w);
  return c.compare(i, n, w) == 0 && (i == 0 || !ident_char(c[i - 1])) && (i + n >= c.size() || !ident_char(c[i + n]));
}

size_t closing(const std::string& c, size_t i) {
  const char open = c[i], close = open == '(' ? ')' : open == '[' ? ']' : '}';
  int depth = 0;
  for (size_t k = i; k < c.size(); ++k) {
    if (c[k] == open) ++depth;
    else if (c[k] == close && --depth == 0) return k;
  }
  return std::string::npos;
}

bool kernel_definitions(const std::string& c, std::vector<KernelDefinition>& out) {
  for (size_t i = 0; i < c.size(); ++i) {
    if (!(word_at(c, i, "__kernel") || word_at(c, i, "kernel"))) continue;
    const size_t paren = c.find('(', i);
    const size_t paren_end = paren == std::string::npos ? paren : closing(c, paren);
    if (paren_end == std::string::npos) return false;
    size_t body = paren_end + 1;
    while (body < c.size() && std::isspace(static_cast<unsigned char>(c[body]))) ++body;
    if (body >= c.size() || c[body] != '{') continue;  // a declaration, no body
    const size_t body_end = closing(c, body);
    if (body_end == std::string::npos) return false;
    out.push_back({i, paren, paren_end, body, body_end});
    i = body_end;
  }
  return true;
}

}  // namespace source_scan
}  // namespace mqlcl
