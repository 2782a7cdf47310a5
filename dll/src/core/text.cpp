#include "core/text.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace mqlcl {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool is_high_surrogate(char32_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool is_low_surrogate(char32_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

void put_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Decodes the UTF-8 sequence at s[i] into cp and returns its length in bytes. Anything that is
// not well-formed UTF-8 (a stray or missing continuation byte, a sequence cut by the end, an
// overlong form, an encoded surrogate, a value past U+10FFFF: driver build logs may hold any
// bytes) gives U+FFFD for its first byte, so every result is a scalar value UTF-16 can pair.
size_t decode_utf8(const std::string& s, size_t i, char32_t& cp) {
  const unsigned char lead = static_cast<unsigned char>(s[i]);
  cp = kReplacement;
  if (lead < 0x80) {
    cp = lead;
    return 1;
  }
  size_t len = 0;
  char32_t value = 0;
  char32_t smallest = 0;  // below it, the form is overlong
  if ((lead & 0xE0) == 0xC0) {
    len = 2;
    value = lead & 0x1F;
    smallest = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    len = 3;
    value = lead & 0x0F;
    smallest = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    len = 4;
    value = lead & 0x07;
    smallest = 0x10000;
  } else {
    return 1;  // a continuation byte, or F8..FF
  }
  if (len > s.size() - i) return 1;
  for (size_t k = 1; k < len; ++k) {
    const unsigned char c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return 1;
    value = (value << 6) | (c & 0x3F);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 1;
  cp = value;
  return len;
}

}  // namespace

std::string utf16_to_utf8(const mqlcl_char* s) {
  std::string out;
  for (size_t i = 0; s[i] != 0; ++i) {
    char32_t u = s[i];
    if (is_high_surrogate(u) && is_low_surrogate(s[i + 1])) {  // s[i + 1] is at worst the 0
      u = 0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      ++i;
    } else if (is_high_surrogate(u) || is_low_surrogate(u)) {
      u = kReplacement;
    }
    put_utf8(out, u);
  }
  return out;
}

std::u16string utf8_to_utf16(const std::string& s) {
  std::u16string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    i += decode_utf8(s, i, cp);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (cp >> 10));
      out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
  }
  return out;
}

int copy_out(const std::string& utf8, mqlcl_char* buf, int cap) {
  if (buf == nullptr) fail(MQLCL_ERR_ARGUMENT, "buf is a null pointer");
  if (cap < 1) fail(MQLCL_ERR_ARGUMENT, "cap = ", cap, ": the buffer must hold at least 1 unit");
  const std::u16string text = utf8_to_utf16(utf8);
  size_t n = std::min(text.size(), static_cast<size_t>(cap - 1));
  // Cut before a pair rather than through it: half a pair is not text.
  if (n > 0 && n < text.size() && is_high_surrogate(text[n - 1])) --n;
  std::copy_n(text.data(), n, buf);
  buf[n] = 0;
  return static_cast<int>(text.size());
}

}  // namespace mqlcl
