// UTF-16 <-> UTF-8, the one conversion of the project: the library's (core/text.cpp: MQL5's
// strings and OpenCL's), the host's, the tests' and the MQL5 harness's runtime. Header-only.
// Anything ill-formed (a lone surrogate, a bad UTF-8 sequence) becomes U+FFFD instead of a
// wrong character.
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

// One U+FFFD per maximal subpart of an ill-formed sequence (Unicode 15, section 3.9, "U+FFFD
// Substitution of Maximal Subparts", as Python's and the WHATWG decoders do): a lead byte and the
// continuation bytes that Table 3-7 allows after it so far make one U+FFFD where the sequence
// then breaks; a byte that starts no well-formed sequence makes one of its own.
inline std::u16string from_utf8(const std::string& s) {
  std::u16string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    // The sequence's length and the range its second byte must be in (Table 3-7); 0: b starts none.
    int len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b < 0x80) len = 1;
    else if (b >= 0xC2 && b <= 0xDF) len = 2;
    else if (b >= 0xE0 && b <= 0xEF) len = 3, lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    else if (b >= 0xF0 && b <= 0xF4) len = 4, lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    size_t taken = 1;  // the bytes of this sequence, or of its maximal subpart where it breaks
    bool ok = len > 0;
    while (ok && taken < static_cast<size_t>(len)) {
      const unsigned char next = i + taken < s.size() ? static_cast<unsigned char>(s[i + taken]) : 0;
      if (i + taken >= s.size() || next < (taken == 1 ? lo : 0x80) || next > (taken == 1 ? hi : 0xBF)) {
        ok = false;
      } else {
        c = (c << 6) | (next & 0x3F);
        ++taken;
      }
    }
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
