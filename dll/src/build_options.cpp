#include "build_options.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace mqlcl {

std::vector<std::string> build_option_words(const std::string& options) {
  std::vector<std::string> words;
  for (size_t at = 0; at < options.size();) {
    const size_t start = options.find_first_not_of(" \t\r\n", at);
    if (start == std::string::npos) break;
    const size_t end = std::min(options.find_first_of(" \t\r\n", start), options.size());
    words.push_back(options.substr(start, end - start));
    at = end;
  }
  return words;
}

void check_build_options(const std::string& options) {
  const std::vector<std::string> tokens = build_option_words(options);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if ((t == "-D" || t == "-I") && i + 1 == tokens.size())
      fail(MQLCL_ERR_BUILD, "build options \"", options, "\": ", t, " needs ",
           t == "-D" ? "a macro name" : "a folder", " after it");
    if (t.size() > 2 && t.compare(0, 2, "-D") == 0 && (t[2] == '=' || t[2] == '-'))
      fail(MQLCL_ERR_BUILD, "build options \"", options, "\": ", t, " has no macro name");
  }
}

}  // namespace mqlcl
