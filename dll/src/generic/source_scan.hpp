// What the readers of an OpenCL C source (generic/local_declarations, generic/merged_kernel)
// share: the source with its comments and literals blanked, each character where it was, so that
// a position found in the blanked text is the same in the caller's.
#pragma once
#include <string>
#include <vector>

namespace mqlcl {
namespace source_scan {

// The source with comments and literals blanked (newlines kept): what the scans read.
std::string code_of(const std::string& s);
bool ident_char(char ch);
// Whether the whole word `w` stands at i.
bool word_at(const std::string& c, size_t i, const char* w);
// The index of the bracket closing the one at i (npos where none does).
size_t closing(const std::string& c, size_t i);

// A __kernel (or kernel) definition in blanked code: where the word stands, the first '(' after it
// and its ')', the body's '{' and '}'. A declaration without a body is passed over.
struct KernelDefinition {
  size_t at, paren, paren_end, body, body_end;
};
// Every definition, in order; false where a bracket after the word does not close (the code is
// not understood, `out` then holds those before).
bool kernel_definitions(const std::string& c, std::vector<KernelDefinition>& out);

}  // namespace source_scan
}  // namespace mqlcl
