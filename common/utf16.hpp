// UTF-16 <-> UTF-8 for the programs around the library (mqlcl-host, the tests): the ABI's
// texts are UTF-16, theirs UTF-8. Header-only, shared by both; the library keeps its own
// conversions (dll/src/core/text.cpp). Anything ill-formed (a lone surrogate, a bad UTF-8
// sequence) becomes U+FFFD instead of a wrong character.
#pragma once
#include <string>

namespace utf16 {

constexpr char32_t kReplacement = 0xFFFD;

inline void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

inline bool is_high(char32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
inline bool is_low(char32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

inline std::string to_utf8(const std::u16string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    if (is_high(c) && i + 1 < s.size() && is_low(s[i + 1])) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
    } else if (is_high(c) || is_low(c)) {
      c = kReplacement;  // a surrogate without its partner
    }
    append_utf8(out, c);
  }
  return out;
}

inline std::u16string from_utf8(const std::string& s) {
  std::u16string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    // Length and smallest value of the sequence that b starts (0: b cannot start one).
    const int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    size_t taken = 1;  // bytes consumed: on a bad sequence, the lead and its valid continuations
    bool ok = len > 0;
    while (ok && taken < static_cast<size_t>(len)) {
      if (i + taken >= s.size() || (static_cast<unsigned char>(s[i + taken]) & 0xC0) != 0x80) {
        ok = false;
      } else {
        c = (c << 6) | (static_cast<unsigned char>(s[i + taken]) & 0x3F);
        ++taken;
      }
    }
    ok = ok && c >= least[len] && c <= 0x10FFFF && !is_high(c) && !is_low(c);  // overlong, too large, surrogate
    if (!ok) c = kReplacement;
    if (c >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(c);
    }
    i += taken;
  }
  return out;
}

}  // namespace utf16
