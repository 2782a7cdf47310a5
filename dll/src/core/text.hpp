// UTF-16 (MQL5 strings) <-> UTF-8 (OpenCL's strings), and copying text out into a
// caller-sized buffer.
#pragma once
#include <string>

#include "mqlcl.h"

namespace mqlcl {

// Decodes a 0-terminated UTF-16 string; unpaired surrogates become U+FFFD (common/utf16.hpp).
std::string utf16_to_utf8(const mqlcl_char* s);
std::u16string utf8_to_utf16(const std::string& s);

// Writes at most cap-1 units and a 0 (cap >= 1), never half a surrogate pair; returns the
// full length in UTF-16 units. Ill-formed UTF-8 becomes U+FFFD.
int copy_out(const std::string& utf8, mqlcl_char* buf, int cap);

}  // namespace mqlcl
