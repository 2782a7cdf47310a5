#include "generic/merged_kernel.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "generic/source_scan.hpp"

namespace mqlcl {

namespace merged_kernel_scan {

using namespace source_scan;

bool is_space(char ch) { return std::isspace(static_cast<unsigned char>(ch)) != 0; }

std::string trimmed(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && is_space(s[a])) ++a;
  while (b > a && is_space(s[b - 1])) --b;
  return s.substr(a, b - a);
}

// The identifiers of a text, in order.
std::vector<std::string> words(const std::string& c) {
  std::vector<std::string> w;
  for (size_t i = 0; i < c.size();) {
    if (ident_char(c[i]) && !std::isdigit(static_cast<unsigned char>(c[i]))) {
      const size_t start = i;
      while (i < c.size() && ident_char(c[i])) ++i;
      w.push_back(c.substr(start, i - start));
    } else if (ident_char(c[i])) {
      while (i < c.size() && ident_char(c[i])) ++i;  // a number
    } else {
      ++i;
    }
  }
  return w;
}

// Whether the declaration ending before `at` (back to the last ; { } or preprocessor line) says
// __kernel.
bool kernel_before(const std::string& c, size_t at) {
  size_t from = at;
  while (from > 0 && c[from - 1] != ';' && c[from - 1] != '{' && c[from - 1] != '}' && c[from - 1] != '#') --from;
  for (const std::string& w : words(c.substr(from, at - from)))
    if (w == "__kernel" || w == "kernel") return true;
  return false;
}

// The work-item functions a merged kernel answers as one process's launch.
const char* const kItemFunctions[] = {"get_global_id", "get_local_id", "get_group_id", "get_global_size",
                                      "get_local_size", "get_num_groups", "get_work_dim"};

bool work_group_word(const std::string& w) {
  static const std::set<std::string> named = {"barrier", "get_local_id", "get_local_size", "get_group_id",
                                              "get_num_groups", "__local", "local", "mem_fence", "read_mem_fence",
                                              "write_mem_fence", "async_work_group_copy",
                                              "async_work_group_strided_copy", "wait_group_events",
                                              "get_enqueued_local_size"};
  return named.count(w) || w.compare(0, 11, "work_group_") == 0 || w.compare(0, 10, "sub_group_") == 0 ||
         w.compare(0, 13, "get_sub_group") == 0;
}

// The code with every kernel but the one whose body starts at `body` blanked (its declaration
// too: a __local parameter is its own); the rest of the code where a bracket does not close.
std::string without_other_kernels(const std::string& c, size_t body) {
  std::string out = c;
  std::vector<KernelDefinition> kernels;
  kernel_definitions(c, kernels);
  for (const KernelDefinition& k : kernels)
    if (k.body + 1 != body) std::fill(out.begin() + static_cast<std::ptrdiff_t>(k.at),
                                      out.begin() + static_cast<std::ptrdiff_t>(k.body_end) + 1, ' ');
  return out;
}

}  // namespace merged_kernel_scan

MergeableKernel read_mergeable(const std::string& source, const std::string& name) {
  using namespace merged_kernel_scan;
  MergeableKernel k;
  k.kernel_name = name;
  k.source = source;
  const std::string c = code_of(source);
  for (const std::string& w : words(c))
    if (w == "get_global_offset") {
      k.why = "its program asks for the global offset (get_global_offset)";
      return k;
    }
  for (size_t at = c.find("define"); at != std::string::npos; at = c.find("define", at + 1)) {
    size_t name_at = at + 6;
    while (name_at < c.size() && (c[name_at] == ' ' || c[name_at] == '\t')) ++name_at;
    for (const char* f : kItemFunctions)
      if (word_at(c, name_at, f)) {
        k.why = std::string("its program defines ") + f + " as a macro";
        return k;
      }
  }
  int definitions = 0;
  for (size_t at = 0; (at = c.find(name, at)) != std::string::npos; at += name.size()) {
    if (!word_at(c, at, name.c_str())) continue;
    size_t open = at + name.size();
    while (open < c.size() && is_space(c[open])) ++open;
    if (open >= c.size() || c[open] != '(' || !kernel_before(c, at)) continue;
    const size_t close = closing(c, open);
    if (close == std::string::npos) break;
    size_t brace = close + 1;
    while (brace < c.size() && is_space(c[brace])) ++brace;
    if (brace >= c.size() || c[brace] != '{') continue;  // a declaration without a body
    if (++definitions > 1) break;
    k.params_begin = open + 1;
    k.params_end = close;
    k.body = brace + 1;
  }
  if (definitions != 1) {
    k.why = definitions == 0 ? "its definition is not in the source as written (a macro makes it)"
                             : "it is defined more than once in the source (under conditions of the preprocessor)";
    return k;
  }
  // Work-group functions: in this kernel or a function it may call, not in the program's other
  // kernels (a kernel calls no kernel).
  const std::string others = without_other_kernels(c, k.body);
  for (const std::string& w : words(others))
    if (work_group_word(w)) k.any_work_group = true;
  const std::string list = c.substr(k.params_begin, k.params_end - k.params_begin);
  if (trimmed(list).empty() || trimmed(list) == "void") return k;
  size_t from = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && (list[i] == '(' || list[i] == '[')) {
      const size_t end = closing(list, i);
      if (end == std::string::npos) break;
      i = end;
      continue;
    }
    if (i < list.size() && list[i] != ',') continue;
    const std::string decl = trimmed(list.substr(from, i - from));
    from = i + 1;
    const std::vector<std::string> w = words(decl);
    if (w.empty() || decl.size() < w.back().size() || decl.compare(decl.size() - w.back().size(), std::string::npos, w.back()) != 0) {
      k.why = "parameter \"" + decl + "\" does not end with its name";
      return k;
    }
    MergeableKernel::Param p;
    p.name = w.back();
    p.type = trimmed(decl.substr(0, decl.size() - p.name.size()));
    if (p.type.empty()) {
      k.why = "parameter \"" + decl + "\" does not end with its name";
      return k;
    }
    for (const std::string& t : w) {
      if (t.find("image") == 0 || t == "sampler_t" || t == "read_only" || t == "write_only" || t == "__read_only" ||
          t == "__write_only" || t == "read_write" || t == "__read_write") {
        k.why = "parameter \"" + p.name + "\" is an image or a sampler";
        return k;
      }
      if (t == "__local" || t == "local") p.shared = true;
    }
    k.params.push_back(p);
  }
  return k;
}

unsigned merged_used_index(const MergeableKernel& k, int slots) { return merged_arg_index(k, k.params.size(), 0, slots); }

unsigned merged_arg_index(const MergeableKernel& k, size_t param, int slot, int slots) {
  unsigned index = 0;
  for (size_t p = 0; p < param; ++p) index += k.params[p].shared ? 1u : static_cast<unsigned>(slots);
  return index + (param < k.params.size() && !k.params[param].shared ? static_cast<unsigned>(slot) : 0u);
}

std::string merged_source(const MergeableKernel& k, int dims, int slots) {
  const std::string d = std::to_string(dims);
  std::string s;
  // The work-item functions as in one process's launch, defined before the caller's source so
  // that every function of it (helpers too) sees them.
  s += "size_t mqlcl_merged_slot(void) { return get_global_id(" + d + "); }\n";
  for (const char* f : {"global_id", "local_id", "group_id"})
    s += std::string("size_t mqlcl_merged_") + f + "(uint d) { return d < " + d + " ? get_" + f + "(d) : 0; }\n";
  for (const char* f : {"global_size", "local_size", "num_groups"})
    s += std::string("size_t mqlcl_merged_") + f + "(uint d) { return d < " + d + " ? get_" + f + "(d) : 1; }\n";
  for (const char* f : {"global_id", "local_id", "group_id", "global_size", "local_size", "num_groups"})
    s += std::string("#define get_") + f + "(d) mqlcl_merged_" + f + "(d)\n";
  s += "#define get_work_dim() ((uint)" + d + ")\n#line 1\n";
  s += k.source.substr(0, k.params_begin);
  std::string list, chosen = "\n  const uint mqlcl_slot = (uint)mqlcl_merged_slot(); if (((mqlcl_used >> mqlcl_slot) & 1u) == 0u) return;";
  for (const MergeableKernel::Param& p : k.params) {
    if (p.shared) {
      list += (list.empty() ? "" : ", ") + p.type + " " + p.name;
      continue;
    }
    std::string pick;
    for (int slot = 0; slot < slots; ++slot) {
      const std::string slot_name = p.name + "_mqlcl" + std::to_string(slot);
      list += (list.empty() ? "" : ", ") + p.type + " " + slot_name;
      pick += slot + 1 < slots ? "mqlcl_slot == " + std::to_string(slot) + " ? " + slot_name + " : " : slot_name;
    }
    chosen += " " + p.type + " " + p.name + " = " + pick + ";";
  }
  // The parameter list and the choice on the lines where the caller wrote them: a build log's
  // line numbers still point at the caller's text.
  list += std::string(list.empty() ? "" : ", ") + "uint mqlcl_used";
  for (size_t i = k.params_begin; i < k.params_end; ++i)
    if (k.source[i] == '\n') list += '\n';
  s += list + k.source.substr(k.params_end, k.body - k.params_end);
  for (char& ch : chosen)
    if (ch == '\n') ch = ' ';
  s += chosen + k.source.substr(k.body);
  return s;
}

}  // namespace mqlcl
