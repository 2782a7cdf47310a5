// A small C preprocessor for OpenCL C sources, enough to read their kernels' declarations
// (generic/kernel_source_args) as the driver's compiler sees them: comments, line
// continuations, object- and function-like macros (#, ##, __VA_ARGS__), conditional groups
// with integer constant expressions. What it does not understand (#include, #error on the
// active path, a test of a macro whose presence depends on the driver, a malformed directive)
// makes it give up rather than guess: the caller then keeps the checks it had without it.
#pragma once
#include <string>
#include <vector>

namespace mqlcl {

// One preprocessing token.
struct PpToken {
  enum Kind { Identifier, Number, String, Char, Punct, Other };
  Kind kind = Other;
  std::string text;
  bool space_before = false;  // whitespace before it (a line break too)
  // Comes from a macro whose value the driver's compiler sets and this preprocessor does not
  // know (__OPENCL_VERSION__ where drivers differ, a header's FLT_MAX): a declaration that
  // holds one cannot be read.
  bool uncertain = false;
};

// What the driver's compiler has defined when the source begins.
struct PpSetup {
  // "#define NAME VALUE" and "#undef NAME" lines run before the source: the compiler's own
  // macros, then the build options' -D and -U in their order.
  std::vector<std::string> lines;
  // Defined by the compiler, value not known here: testing them is fine, their value is not.
  std::vector<std::string> defined_unknown_value;
  // The compiler may or may not define these: testing them gives up. So does testing a name
  // that starts with one of `unknown_prefixes`, with "__", or with "_" and a capital, unless
  // it is in `undefined` or the source or options define or undefine it somewhere.
  std::vector<std::string> unknown, unknown_prefixes;
  std::vector<std::string> undefined;  // reserved names the compiler certainly leaves undefined
  bool whole = false;  // keep the text inside braces too (tests of the expansion)
};

struct PpResult {
  bool ok = false;
  std::string why;  // when not ok: what was not understood, e.g. "#include"
  // The active text with its macros expanded, directives gone. Inside braces only the braces
  // are kept: function bodies and initializers say nothing about declarations.
  std::vector<PpToken> tokens;
};

// Any input, however hostile, returns (ok = false where it is not understood or exceeds the
// bounds on expansion, nesting and length); nothing throws but std::bad_alloc.
PpResult preprocess(const std::string& source, const PpSetup& setup);

// The tokens' text, one space where the source had space: "__global float * x".
std::string spelled(const std::vector<PpToken>& tokens);

}  // namespace mqlcl
