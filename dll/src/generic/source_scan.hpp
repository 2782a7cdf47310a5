// What the readers of an OpenCL C source (generic/local_declarations, generic/merged_kernel)
// share: the source with its comments and literals blanked, each character where it was, so that
// a position found in the blanked text is the same in the caller's.
#pragma once
#include <string>

namespace mqlcl {
namespace source_scan {

// The source with comments and literals blanked (newlines kept): what the scans read.
std::string code_of(const std::string& s);
bool ident_char(char ch);
// Whether the whole word `w` stands at i.
bool word_at(const std::string& c, size_t i, const char* w);
// The index of the bracket closing the one at i (npos where none does).
size_t closing(const std::string& c, size_t i);

}  // namespace source_scan
}  // namespace mqlcl
