#include "core/text.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "utf16.hpp"

namespace mqlcl {

std::string utf16_to_utf8(const mqlcl_char* s) { return utf16::to_utf8(std::u16string(s)); }

std::u16string utf8_to_utf16(const std::string& s) { return utf16::from_utf8(s); }

int copy_out(const std::string& utf8, mqlcl_char* buf, int cap) {
  if (buf == nullptr) fail(MQLCL_ERR_ARGUMENT, "buf is a null pointer");
  if (cap < 1) fail(MQLCL_ERR_ARGUMENT, "cap = ", cap, ": the buffer must hold at least 1 unit");
  const std::u16string text = utf8_to_utf16(utf8);
  size_t n = std::min(text.size(), static_cast<size_t>(cap - 1));
  // Cut before a pair rather than through it: half a pair is not text.
  if (n > 0 && n < text.size() && utf16::is_high(text[n - 1])) --n;
  std::copy_n(text.data(), n, buf);
  buf[n] = 0;
  return static_cast<int>(text.size());
}

}  // namespace mqlcl
