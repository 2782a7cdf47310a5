#include "generic/kernel_source_args.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "build_options.hpp"
#include "generic/cl_preprocessor.hpp"

namespace mqlcl {

namespace {

// ---- the compiler's macros and the build options ----

// "OpenCL 3.0 CUDA" -> 300; 0 when not of that form.
int version_number(const std::string& s, size_t at) {
  if (at + 3 > s.size() || s[at] < '1' || s[at] > '9' || s[at + 1] != '.' || s[at + 2] < '0' || s[at + 2] > '9') return 0;
  return (s[at] - '0') * 100 + (s[at + 2] - '0') * 10;
}

bool identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

// Macros every OpenCL C compiler's headers define (OpenCL C 1.2, 6.12.2 and 6.12.3): a
// source may test them; their values differ by driver.
const char* const kHeaderMacros[] = {
    "FLT_DIG", "FLT_MANT_DIG", "FLT_MAX_10_EXP", "FLT_MAX_EXP", "FLT_MIN_10_EXP", "FLT_MIN_EXP", "FLT_RADIX",
    "FLT_MAX", "FLT_MIN", "FLT_EPSILON", "CHAR_BIT", "CHAR_MAX", "CHAR_MIN", "INT_MAX", "INT_MIN", "LONG_MAX",
    "LONG_MIN", "SCHAR_MAX", "SCHAR_MIN", "SHRT_MAX", "SHRT_MIN", "UCHAR_MAX", "USHRT_MAX", "UINT_MAX",
    "ULONG_MAX", "M_E_F", "M_LOG2E_F", "M_LOG10E_F", "M_LN2_F", "M_LN10_F", "M_PI_F", "M_PI_2_F", "M_PI_4_F",
    "M_1_PI_F", "M_2_PI_F", "M_2_SQRTPI_F", "M_SQRT2_F", "M_SQRT1_2_F", "MAXFLOAT", "HUGE_VALF", "INFINITY",
    "NAN", "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE"};
// Prefixes of the headers' other names (DBL_ and M_PI without _F only with doubles, ...):
// whether one is defined depends on the driver.
const char* const kHeaderPrefixes[] = {"FLT_",  "DBL_",   "HALF_", "M_",    "CLK_",     "CHAR_",    "SCHAR_",
                                       "UCHAR_", "SHRT_", "USHRT_", "INT_", "UINT_",    "LONG_",    "ULONG_",
                                       "FP_",   "HUGE_VAL", "MAXFLOAT", "INFINITY", "NAN", "NULL"};

// The compiler's own macros (as measured on NVIDIA's and PoCL's compilers: CL_VERSION_* up to
// the device's version, __OPENCL_VERSION__ and __OPENCL_C_VERSION__ the device's version
// unless -cl-std says otherwise), then the options' -D and -U. False on an option that
// could change what the compiler sees in ways not followed here.
bool setup_for(const std::string& options, const SourceFacts& f, PpSetup& s, std::string& why) {
  const size_t at = f.device_version.find("OpenCL ");
  const int device = at == std::string::npos ? 0 : version_number(f.device_version, at + 7);
  int std_version = 0;
  bool fast = false;
  const std::vector<std::string> words = build_option_words(options);
  std::vector<std::string> user;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "-D" || w == "-U" || w == "-I") {
      if (i + 1 >= words.size()) {
        why = "the option " + w + " without an argument";
        return false;
      }
    }
    if (w.compare(0, 2, "-D") == 0 || w.compare(0, 2, "-U") == 0) {
      const std::string arg = w.size() > 2 ? w.substr(2) : words[++i];
      if (arg.find_first_of("\"'\\") != std::string::npos) {
        why = "the option " + w + " quotes";
        return false;
      }
      if (w[1] == 'U') {
        user.push_back("#undef " + arg);
        continue;
      }
      const size_t eq = arg.find('=');
      user.push_back("#define " + arg.substr(0, eq) + " " + (eq == std::string::npos ? "1" : arg.substr(eq + 1)));
      continue;
    }
    if (w == "-I") {
      ++i;
      continue;
    }
    if (w.compare(0, 2, "-I") == 0) continue;
    if (w.compare(0, 8, "-cl-std=") == 0) {
      std_version = w.compare(8, 2, "CL") == 0 && w.size() == 13 ? version_number(w, 10) : 0;
      if (std_version == 0) {
        why = "the option " + w;
        return false;
      }
      continue;
    }
    if (w == "-cl-fast-relaxed-math") {
      fast = true;
      continue;
    }
    if (w[0] != '-' || w == "-x" || w.compare(0, 5, "-std=") == 0 || w == "-include" || w == "-imacros" || w == "-E") {
      why = "the option " + w;
      return false;
    }
  }
  const int versions[] = {100, 110, 120, 200, 300};
  for (int v : versions) {
    const std::string name = "CL_VERSION_" + std::to_string(v / 100) + "_" + std::to_string(v / 10 % 10);
    if (v <= std::max(device, 120)) {
      s.lines.push_back("#define " + name + " " + std::to_string(v));
    } else {
      s.unknown.push_back(name);
    }
  }
  const int c_version = std_version ? std_version : device;
  const int cl_version = std_version == 0 || std_version == device ? device : 0;
  if (c_version) {
    s.lines.push_back("#define __OPENCL_C_VERSION__ " + std::to_string(c_version));
  } else {
    s.defined_unknown_value.push_back("__OPENCL_C_VERSION__");
  }
  if (cl_version) {
    s.lines.push_back("#define __OPENCL_VERSION__ " + std::to_string(cl_version));
  } else {
    s.defined_unknown_value.push_back("__OPENCL_VERSION__");
  }
  auto flag = [&](const char* name, bool on) {
    if (on) {
      s.lines.push_back(std::string("#define ") + name + " 1");
    } else {
      s.undefined.push_back(name);
    }
  };
  flag("__ENDIAN_LITTLE__", f.little_endian);
  flag("__IMAGE_SUPPORT__", f.images);
  flag("__FAST_RELAXED_MATH__", fast);
  flag("__EMBEDDED_PROFILE__", f.embedded_profile);
  s.undefined.push_back("__cplusplus");  // OpenCL C, not C++ for OpenCL (-cl-std=CLC++ gives up)
  s.lines.push_back(
      "#define __kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) "
      "__attribute__((vec_type_hint(typen)))");
  s.lines.push_back("#define kernel_exec(X, typen) __kernel_exec(X, typen)");
  for (size_t i = 0; i < f.extensions.size();) {
    const size_t b = f.extensions.find_first_not_of(' ', i);
    if (b == std::string::npos) break;
    const size_t e = std::min(f.extensions.find(' ', b), f.extensions.size());
    const std::string ext = f.extensions.substr(b, e - b);
    if (identifier(ext)) s.lines.push_back("#define " + ext + " 1");
    i = e;
  }
  for (const char* m : kHeaderMacros) s.defined_unknown_value.push_back(m);
  for (const char* p : kHeaderPrefixes) s.unknown_prefixes.push_back(p);
  s.lines.insert(s.lines.end(), user.begin(), user.end());
  return true;
}

// ---- declarations ----

using Toks = std::vector<PpToken>;

bool is(const PpToken& t, const char* text) { return t.kind != PpToken::String && t.kind != PpToken::Char && t.text == text; }

// What a declaration's specifiers and declarator say of a type.
struct Type {
  std::string spelled;  // the value's type as drivers spell it (a pointer's: the pointee's)
  std::string builtin;  // the built-in type it stands for; empty for struct, union, enum
  bool pointer = false;
  bool usable = true;  // false: a typedef this parser does not follow (arrays, pointers to pointers)
  cl_kernel_arg_address_qualifier space = 0;  // written on the value (pointee); 0: none
  bool is_const = false, is_volatile = false, restricted = false;
  cl_kernel_arg_access_qualifier access = 0;  // written on an image; 0: none
};

bool image_type(const std::string& t) {
  static const char* const kImages[] = {"image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t",
                                        "image2d_array_t", "image3d_t", "image2d_depth_t", "image2d_array_depth_t",
                                        "image2d_msaa_t", "image2d_array_msaa_t", "image2d_msaa_depth_t",
                                        "image2d_array_msaa_depth_t"};
  for (const char* i : kImages)
    if (t == i) return true;
  return false;
}

// One-word built-in types: OpenCL's unsigned names, vectors, opaque types.
bool word_type(const std::string& t) {
  static const char* const kWords[] = {"uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t", "intptr_t",
                                       "uintptr_t", "sampler_t", "event_t"};
  for (const char* w : kWords)
    if (t == w) return true;
  if (image_type(t)) return true;
  static const char* const kBases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                       "ulong", "float", "double", "half"};
  for (const char* b : kBases) {
    const size_t n = std::strlen(b);
    if (t.size() <= n || t.compare(0, n, b) != 0) continue;
    const std::string width = t.substr(n);
    if (width == "2" || width == "3" || width == "4" || width == "8" || width == "16") return true;
  }
  return false;
}

bool c_type_word(const std::string& w) {
  static const char* const kWords[] = {"signed", "unsigned", "char", "short", "int", "long",
                                       "float", "double", "half", "bool", "void"};
  for (const char* k : kWords)
    if (w == k) return true;
  return false;
}

cl_kernel_arg_address_qualifier address_word(const std::string& w) {
  if (w == "__global" || w == "global") return CL_KERNEL_ARG_ADDRESS_GLOBAL;
  if (w == "__local" || w == "local") return CL_KERNEL_ARG_ADDRESS_LOCAL;
  if (w == "__constant" || w == "constant") return CL_KERNEL_ARG_ADDRESS_CONSTANT;
  if (w == "__private" || w == "private") return CL_KERNEL_ARG_ADDRESS_PRIVATE;
  return 0;
}

cl_kernel_arg_access_qualifier access_word(const std::string& w) {
  if (w == "__read_only" || w == "read_only") return CL_KERNEL_ARG_ACCESS_READ_ONLY;
  if (w == "__write_only" || w == "write_only") return CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
  if (w == "__read_write" || w == "read_write") return CL_KERNEL_ARG_ACCESS_READ_WRITE;
  return 0;  // not an access qualifier (CL_KERNEL_ARG_ACCESS_NONE is not 0)
}

bool restrict_word(const std::string& w) { return w == "restrict" || w == "__restrict" || w == "__restrict__"; }

// "unsigned int" -> "uint", "long int" -> "long", "signed char" -> "char", as clang spells them;
// empty for combinations that are not OpenCL C types (long long).
std::string c_type(const std::vector<std::string>& words) {
  int n_signed = 0, n_unsigned = 0, n_char = 0, n_short = 0, n_int = 0, n_long = 0;
  std::string alone;
  for (const std::string& w : words) {
    if (w == "signed") ++n_signed;
    else if (w == "unsigned") ++n_unsigned;
    else if (w == "char") ++n_char;
    else if (w == "short") ++n_short;
    else if (w == "int") ++n_int;
    else if (w == "long") ++n_long;
    else if (alone.empty()) alone = w;
    else return {};
  }
  if (!alone.empty()) return words.size() == 1 ? alone : std::string();
  if (n_signed + n_unsigned > 1 || n_char + n_short + n_long > 1 || n_int > 1 || (n_char && n_int)) return {};
  const std::string base = n_char ? "char" : n_short ? "short" : n_long ? "long" : "int";
  return n_unsigned ? "u" + base : base;
}

class Reader {
 public:
  SourceArgs read(Toks toks) {
    SourceArgs r;
    strip_pragmas(toks);
    size_t start = 0;
    int nest = 0;
    for (size_t i = 0; i < toks.size() && ok_; ++i) {
      const PpToken& t = toks[i];
      if (is(t, "(") || is(t, "[")) {
        ++nest;
      } else if (is(t, ")") || is(t, "]")) {
        if (--nest < 0) fail("unbalanced parentheses");
      } else if (is(t, "{")) {
        const size_t close = matching_brace(toks, i);
        if (close == toks.size()) {
          fail("unbalanced braces");
          break;
        }
        if (nest == 0 && i > start && is(toks[i - 1], ")")) {  // a function's body
          item(Toks(toks.begin() + static_cast<std::ptrdiff_t>(start), toks.begin() + static_cast<std::ptrdiff_t>(i)), true);
          start = close + 1;
        }
        i = close;
      } else if (is(t, ";") && nest == 0) {
        item(Toks(toks.begin() + static_cast<std::ptrdiff_t>(start), toks.begin() + static_cast<std::ptrdiff_t>(i)), false);
        start = i + 1;
      }
    }
    if (ok_ && (nest != 0 || start < toks.size())) fail("a declaration without its end");
    if (!ok_) {
      r.why = why_;
      return r;
    }
    r.known = true;
    for (auto& [name, k] : kernels_) r.kernels[name] = std::move(k.args);
    return r;
  }

 private:
  struct Kernel {
    std::vector<ArgDeclaration> args;
    bool defined = false;
  };

  bool fail(const std::string& why) {
    if (ok_) why_ = why;
    ok_ = false;
    return false;
  }

  static size_t matching_brace(const Toks& t, size_t open) {
    int depth = 0;
    for (size_t i = open; i < t.size(); ++i) {
      if (is(t[i], "{")) ++depth;
      if (is(t[i], "}") && --depth == 0) return i;
    }
    return t.size();
  }

  // _Pragma("...") says nothing of declarations.
  static void strip_pragmas(Toks& t) {
    Toks out;
    out.reserve(t.size());
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].kind == PpToken::Identifier && t[i].text == "_Pragma" && i + 3 < t.size() && is(t[i + 1], "(") &&
          t[i + 2].kind == PpToken::String && is(t[i + 3], ")")) {
        i += 3;
        continue;
      }
      out.push_back(std::move(t[i]));
    }
    t.swap(out);
  }

  // Without __attribute__((...)): reqd_work_group_size and the like say nothing of arguments.
  bool strip_attributes(Toks& t) {
    Toks out;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].kind == PpToken::Identifier && (t[i].text == "__attribute__" || t[i].text == "__attribute")) {
        size_t j = i + 1;
        if (j >= t.size() || !is(t[j], "(")) return fail("__attribute__ without (");
        int depth = 0;
        for (; j < t.size(); ++j) {
          if (is(t[j], "(")) ++depth;
          if (is(t[j], ")") && --depth == 0) break;
        }
        if (j >= t.size()) return fail("__attribute__ without )");
        i = j;
        continue;
      }
      if (is(t[i], "[") && i + 1 < t.size() && is(t[i + 1], "[")) return fail("[[attributes]]");
      out.push_back(std::move(t[i]));
    }
    t.swap(out);
    return true;
  }

  void item(Toks t, bool body) {
    if (t.empty() || !strip_attributes(t)) return;
    if (t[0].kind == PpToken::Identifier && t[0].text == "typedef") {
      typedef_item(t);
      return;
    }
    int nest = 0;
    for (const PpToken& k : t) {
      if (is(k, "(")) ++nest;
      if (is(k, ")")) --nest;
      if (nest == 0 && k.kind == PpToken::Identifier && (k.text == "__kernel" || k.text == "kernel")) {
        kernel_item(t, body);
        return;
      }
    }
  }

  // Specifiers and qualifiers from t[i]: the base type into `ty`; i stops at the declarator.
  bool specifiers(const Toks& t, size_t& i, size_t e, Type& ty, bool in_typedef) {
    std::vector<std::string> words;
    std::string named;
    const Type* base = nullptr;
    for (; i < e; ++i) {
      const PpToken& k = t[i];
      if (k.kind != PpToken::Identifier) break;
      const std::string& w = k.text;
      if (const cl_kernel_arg_address_qualifier a = address_word(w)) {
        if (ty.space && ty.space != a) return fail("two address spaces");
        ty.space = a;
      } else if (w == "const") {
        ty.is_const = true;
      } else if (w == "volatile") {
        ty.is_volatile = true;
      } else if (restrict_word(w)) {
        ty.restricted = true;
      } else if (const cl_kernel_arg_access_qualifier a = access_word(w)) {
        ty.access = a;
      } else if (!named.empty() || base) {
        break;  // the declarator's name
      } else if (c_type_word(w)) {
        words.push_back(w);
      } else if (!words.empty()) {
        break;
      } else if (w == "struct" || w == "union" || w == "enum") {
        if (i + 1 < e && t[i + 1].kind == PpToken::Identifier) {
          named = w + " " + t[++i].text;
        } else {
          named = w;  // anonymous: the typedef names it
        }
        if (i + 1 < e && is(t[i + 1], "{")) {
          if (!in_typedef) return fail("a struct defined in a kernel's parameters");
          const size_t close = matching_brace(t, i + 1);
          if (close >= e) return fail("unbalanced braces");
          i = close;
        }
      } else if (auto td = typedefs_.find(w); td != typedefs_.end()) {
        if (!td->second.usable) return fail("the type " + w + " (a typedef of arrays or pointers to pointers)");
        base = &td->second;
        named = w;
      } else if (word_type(w)) {
        named = w;
      } else {
        return fail("the type " + w);
      }
    }
    if (!words.empty()) {
      named = c_type(words);
      if (named.empty()) return fail("the type " + words[0] + " ...");
    }
    if (named.empty()) return fail("a declaration without a type");
    if (base) {  // a typedef: its qualifiers, and what it stands for
      Type merged = *base;
      if (ty.space && merged.space && ty.space != merged.space) return fail("two address spaces");
      merged.space = ty.space ? ty.space : merged.space;
      merged.is_const = merged.is_const || ty.is_const;
      merged.is_volatile = merged.is_volatile || ty.is_volatile;
      merged.restricted = merged.restricted || ty.restricted;
      merged.access = ty.access ? ty.access : merged.access;
      ty = merged;
    } else {
      ty.spelled = named;
      ty.builtin = named.compare(0, 7, "struct ") == 0 || named.compare(0, 6, "union ") == 0 || named.compare(0, 5, "enum ") == 0 ||
                           named == "struct" || named == "union" || named == "enum"
                       ? std::string()
                       : named;
    }
    return true;
  }

  // The declarator from t[i] to e: pointers (and their own qualifiers), a name, array bounds.
  struct Declarator {
    int pointers = 0, arrays = 0;
    bool restricted = false;  // restrict on the pointer itself
    std::string name;
  };
  bool declarator(const Toks& t, size_t i, size_t e, Declarator& d) {
    for (; i < e && is(t[i], "*"); ++i) {
      ++d.pointers;
      while (i + 1 < e && t[i + 1].kind == PpToken::Identifier &&
             (t[i + 1].text == "const" || t[i + 1].text == "volatile" || restrict_word(t[i + 1].text))) {
        d.restricted = d.restricted || restrict_word(t[++i].text);
      }
    }
    if (i < e && t[i].kind == PpToken::Identifier) d.name = t[i++].text;
    while (i < e && is(t[i], "[")) {
      int depth = 0;
      for (; i < e; ++i) {
        if (is(t[i], "[")) ++depth;
        if (is(t[i], "]") && --depth == 0) break;
      }
      if (i >= e) return fail("unbalanced [");
      ++i;
      ++d.arrays;
    }
    if (i != e) return fail("the declarator " + t[i].text);
    return true;
  }

  void typedef_item(const Toks& t) {
    Type base;
    size_t i = 1;
    bool uncertain = false;  // a value only the driver knows (an array's bound): usable only if never used
    for (const PpToken& k : t) uncertain = uncertain || k.uncertain;
    if (!specifiers(t, i, t.size(), base, true)) return;
    while (ok_ && i < t.size()) {
      size_t e = i;
      int depth = 0;
      for (; e < t.size(); ++e) {
        if (is(t[e], "(") || is(t[e], "[")) ++depth;
        if (is(t[e], ")") || is(t[e], "]")) --depth;
        if (depth == 0 && is(t[e], ",")) break;
      }
      Declarator d;
      if (!declarator(t, i, e, d)) return;
      if (d.name.empty()) {
        fail("a typedef without a name");
        return;
      }
      Type td = base;
      if (base.spelled == "struct" || base.spelled == "union" || base.spelled == "enum") td.spelled = d.name;
      if (d.arrays || d.pointers + (base.pointer ? 1 : 0) > 1) {
        td.usable = false;
      } else if (d.pointers == 1) {  // a pointer: the pointee keeps its own name
        td.pointer = true;
        td.restricted = d.restricted;
      } else if (!base.pointer) {
        td.spelled = d.name;  // clang names a typedef'd value by the typedef
      }
      td.usable = td.usable && !uncertain;
      typedefs_[d.name] = td;
      i = e + 1;
    }
  }

  bool parameter(const Toks& t, size_t i, size_t e, ArgDeclaration& a) {
    Type ty;
    if (!specifiers(t, i, e, ty, false)) return false;
    Declarator d;
    if (!declarator(t, i, e, d)) return false;
    a.name = d.name;
    const int levels = d.pointers + d.arrays + (ty.pointer ? 1 : 0);
    if (levels > 1) return fail("a pointer to a pointer");
    if (levels == 1) {
      if (ty.access) return fail("an access qualifier on a pointer");
      a.address = ty.space ? ty.space : CL_KERNEL_ARG_ADDRESS_PRIVATE;
      a.type = ty.spelled + "*";
      if (ty.is_const || a.address == CL_KERNEL_ARG_ADDRESS_CONSTANT) a.qualifiers |= CL_KERNEL_ARG_TYPE_CONST;
      if (ty.is_volatile) a.qualifiers |= CL_KERNEL_ARG_TYPE_VOLATILE;
      if (d.restricted || (ty.pointer && ty.restricted)) a.qualifiers |= CL_KERNEL_ARG_TYPE_RESTRICT;
      return true;
    }
    // A value: clang reports no const or volatile on it; images are __global objects.
    a.type = ty.spelled;
    if (ty.builtin != ty.spelled) a.builtin = ty.builtin;
    if (image_type(ty.builtin)) {
      a.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
      a.access = ty.access ? ty.access : CL_KERNEL_ARG_ACCESS_READ_ONLY;
      return true;
    }
    if (ty.access) return fail("an access qualifier on " + ty.spelled);
    if (ty.space && ty.space != CL_KERNEL_ARG_ADDRESS_PRIVATE) return fail("an address space on the value " + a.name);
    if (ty.spelled == "void") return fail("a void parameter");
    a.address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    return true;
  }

  void kernel_item(const Toks& t, bool body) {
    for (const PpToken& k : t)
      if (k.uncertain) {
        fail("a kernel's declaration uses a value that the driver sets");
        return;
      }
    size_t open = 0;
    while (open < t.size() && !is(t[open], "(")) ++open;
    if (open == 0 || open >= t.size() || t[open - 1].kind != PpToken::Identifier || !is(t.back(), ")")) {
      fail("a __kernel declaration");
      return;
    }
    int kernels = 0, voids = 0;
    for (size_t i = 0; i + 1 < open; ++i) {
      const std::string& w = t[i].text;
      if (w == "__kernel" || w == "kernel") ++kernels;
      else if (w == "void") ++voids;
      else {
        fail("a __kernel declaration with " + w);
        return;
      }
    }
    if (voids != 1 || kernels < 1) {
      fail("a __kernel declaration");
      return;
    }
    const std::string name = t[open - 1].text;
    std::vector<ArgDeclaration> args;
    const size_t close = t.size() - 1;
    const bool no_args = close == open + 1 || (close == open + 2 && t[open + 1].text == "void");
    for (size_t i = open + 1; i < close && !no_args;) {
      size_t e = i;
      int depth = 0;
      for (; e < close; ++e) {
        if (is(t[e], "(") || is(t[e], "[")) ++depth;
        if (is(t[e], ")") || is(t[e], "]")) --depth;
        if (depth < 0) {
          fail("the parameters of " + name);
          return;
        }
        if (depth == 0 && is(t[e], ",")) break;
      }
      ArgDeclaration a;
      if (!parameter(t, i, e, a)) return;
      args.push_back(std::move(a));
      i = e + 1;
      if (e + 1 == close) {  // a trailing comma
        fail("the parameters of " + name);
        return;
      }
    }
    Kernel& k = kernels_[name];
    if (k.defined && body) {
      fail("kernel " + name + " defined twice");
      return;
    }
    if (!k.defined) {  // a definition's names win over a prototype's
      k.args = std::move(args);
      k.defined = body;
    }
  }

  std::map<std::string, Type> typedefs_;
  std::map<std::string, Kernel> kernels_;
  bool ok_ = true;
  std::string why_;
};

}  // namespace

SourceArgs read_source_args(const std::string& source, const std::string& options, const SourceFacts& facts) {
  PpSetup setup;
  SourceArgs r;
  if (!setup_for(options, facts, setup, r.why)) return r;
  PpResult pp = preprocess(source, setup);
  if (!pp.ok) {
    r.why = pp.why;
    return r;
  }
  return Reader().read(std::move(pp.tokens));
}

const SourceArgs& ProgramSource::args() {
  if (!args_) {
    args_ = read_source_args(source_, options_, facts_);
    std::string().swap(source_);  // read once
  }
  return *args_;
}

const std::vector<ArgDeclaration>* ProgramSource::kernel(const std::string& name) {
  const SourceArgs& a = args();
  const auto it = a.kernels.find(name);
  return a.known && it != a.kernels.end() ? &it->second : nullptr;
}

}  // namespace mqlcl
