// Checks of build options before they reach the driver.
#pragma once
#include <string>
#include <vector>

namespace mqlcl {

// The options' words, as a driver splits them: runs of characters between blanks.
std::vector<std::string> build_option_words(const std::string& options);

// Some drivers crash on an option that lacks its argument (PoCL 3.1 dereferences null on a
// trailing "-D" or "-I"): such options are refused with MQLCL_ERR_BUILD.
void check_build_options(const std::string& options);

}  // namespace mqlcl
