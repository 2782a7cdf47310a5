// The library's GEMM kernels as the host sees them: its table (mqlcl_gemm_kernel_count / _at /
// _name / _info) read rather than copied, so that a kernel added there reaches `tune`, the
// ceilings and the help texts without a change here.
#pragma once
#include <string>
#include <vector>

namespace host {

// The kernel numbers, in the table's order (ascending).
std::vector<int> gemm_kernels();
// Its name ("sgemm_tuned"): also its tunable's name and what `tune --what` takes.
std::string gemm_kernel_name(int kernel);
// A fact of the kernel (MQLCL_GEMM_KERNEL_INFO_*); throws AbiError for an unknown kernel.
long long gemm_kernel_info(int kernel, int what);
// The kernel whose code a matmul stage runs (MQLCL_GEMM_KERNEL_INFO_STAGE), or 0 for a stage
// that is no GEMM kernel's (the article's, the report's, the lab's).
int gemm_kernel_of_stage(int stage);
// The kernel of that name, or 0.
int gemm_kernel_named(const std::string& name);

}  // namespace host
