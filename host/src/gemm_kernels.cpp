#include "gemm_kernels.hpp"

#include <algorithm>

#include "library.hpp"

namespace host {

std::vector<int> gemm_kernels() {
  std::vector<int> out;
  const int count = check(lib().mqlcl_gemm_kernel_count(), "mqlcl_gemm_kernel_count");
  for (int i = 0; i < count; ++i) out.push_back(check(lib().mqlcl_gemm_kernel_at(i), "mqlcl_gemm_kernel_at"));
  return out;
}

std::string gemm_kernel_name(int kernel) {
  std::u16string name(64, u'\0');
  const int n = check(lib().mqlcl_gemm_kernel_name(kernel, reinterpret_cast<mqlcl_char*>(&name[0]), 64),
                      "mqlcl_gemm_kernel_name");
  name.resize(static_cast<size_t>(std::min(n, 63)));
  return to_utf8(name);
}

long long gemm_kernel_info(int kernel, int what) {
  const long long v = lib().mqlcl_gemm_kernel_info(kernel, what);
  if (v < 0) check(static_cast<int>(v), "mqlcl_gemm_kernel_info");
  return v;
}

int gemm_kernel_of_stage(int stage) {
  if (stage <= 0) return 0;  // the kernels of no stage say 0
  for (int kernel : gemm_kernels())
    if (gemm_kernel_info(kernel, MQLCL_GEMM_KERNEL_INFO_STAGE) == stage) return kernel;
  return 0;
}

int gemm_kernel_named(const std::string& name) {
  for (int kernel : gemm_kernels())
    if (gemm_kernel_name(kernel) == name) return kernel;
  return 0;
}

}  // namespace host
