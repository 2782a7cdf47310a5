// The kernel derived from a caller's source to run several processes' launches as one
// (dll/src/generic/merged_kernel): what the reader takes and refuses, on strings (no device).
// That a derived kernel computes each launch's own bits is test_launch_merging's.
#include <gtest/gtest.h>

#include "generic/merged_kernel.hpp"

// Named: the unity build compiles several test files as one.
namespace merged_kernel_test {

using mqlcl::MergeableKernel;
using mqlcl::merged_arg_index;
using mqlcl::merged_source;
using mqlcl::merged_used_index;
using mqlcl::read_mergeable;

const char* const kProgram =
    "// a comment with __kernel void scale(__global float* nothing)\n"
    "float twice(float v) { return 2.0f * v; }\n"
    "__kernel void scale(__global const float* restrict x,\n"
    "                    __global float *y, const int n, __local float* tile) {\n"
    "  y[get_global_id(0)] = twice(x[get_global_id(0)]) * n;\n"
    "}\n"
    "__kernel void reduce(__global float* y, __local float* t) {\n"
    "  t[get_local_id(0)] = y[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "}\n"
    "__kernel void plain(__global float* y) { y[get_global_id(0)] = twice(1.0f); }\n";

TEST(MergedKernel, TheParametersAreReadAsWritten) {
  const MergeableKernel k = read_mergeable(kProgram, "scale");
  ASSERT_EQ(k.why, "");
  ASSERT_EQ(k.params.size(), 4u);
  EXPECT_EQ(k.params[0].type, "__global const float* restrict");
  EXPECT_EQ(k.params[0].name, "x");
  EXPECT_EQ(k.params[1].type, "__global float *");
  EXPECT_EQ(k.params[2].type, "const int");
  EXPECT_EQ(k.params[2].name, "n");
  EXPECT_TRUE(k.params[3].shared) << "a __local parameter is one for all";
  EXPECT_FALSE(k.params[0].shared);
  EXPECT_TRUE(k.any_work_group) << "its __local parameter";
  EXPECT_TRUE(read_mergeable(kProgram, "reduce").any_work_group);
  EXPECT_FALSE(read_mergeable(kProgram, "plain").any_work_group) << "the other kernels' barrier and __local are theirs";
}

TEST(MergedKernel, TheDerivedKernelChoosesEachSlotsArguments) {
  const MergeableKernel k = read_mergeable(kProgram, "scale");
  const std::string s = merged_source(k, 1, 4);
  // Each process's parameters, one per slot; the __local one once; the slots used last.
  EXPECT_NE(s.find("__global const float* restrict x_mqlcl0, __global const float* restrict x_mqlcl1"), std::string::npos)
      << s;
  EXPECT_NE(s.find("const int n_mqlcl3, __local float* tile, uint mqlcl_used"), std::string::npos) << s;
  EXPECT_NE(s.find("const int n = mqlcl_slot == 0 ? n_mqlcl0 : mqlcl_slot == 1 ? n_mqlcl1 : mqlcl_slot == 2 ? n_mqlcl2 : "
                   "n_mqlcl3;"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("#define get_work_dim() ((uint)1)"), std::string::npos);
  EXPECT_NE(s.find("return d < 1 ? get_global_size(d) : 1;"), std::string::npos);
  EXPECT_EQ(merged_arg_index(k, 0, 2, 4), 2u);
  EXPECT_EQ(merged_arg_index(k, 1, 0, 4), 4u);
  EXPECT_EQ(merged_arg_index(k, 3, 3, 4), 12u) << "the __local parameter: one index for every slot";
  EXPECT_EQ(merged_used_index(k, 4), 13u);
  // The caller's lines keep their numbers after "#line 1": the parameter list spans two lines.
  const size_t line1 = s.find("#line 1\n");
  ASSERT_NE(line1, std::string::npos);
  const std::string after = s.substr(line1 + 8);
  size_t lines_to_body = 0;
  for (size_t i = 0; i < after.find("y[get_global_id(0)]"); ++i) lines_to_body += after[i] == '\n';
  EXPECT_EQ(lines_to_body, 4u) << "the body's line is the caller's line 5";
}

TEST(MergedKernel, WhatCannotBeDerivedSaysWhy) {
  EXPECT_EQ(read_mergeable("__kernel void f(__read_only image2d_t i, __global float* y) { }", "f").why,
            "parameter \"i\" is an image or a sampler");
  EXPECT_EQ(read_mergeable("__kernel void f(__global float* y) { y[get_global_offset(0)] = 1; }", "f").why,
            "its program asks for the global offset (get_global_offset)");
  EXPECT_EQ(read_mergeable("#define NAME f\n__kernel void NAME(__global float* y) { }", "f").why,
            "its definition is not in the source as written (a macro makes it)");
  EXPECT_EQ(read_mergeable("#ifdef A\n__kernel void f(__global float* y) { }\n#else\n__kernel void f(__global int* y) { }\n#endif\n",
                           "f")
                .why,
            "it is defined more than once in the source (under conditions of the preprocessor)");
  EXPECT_EQ(read_mergeable("#define get_global_id(d) 0\n__kernel void f(__global float* y) { }", "f").why,
            "its program defines get_global_id as a macro");
  EXPECT_EQ(read_mergeable("__kernel void f(__global float* y, int) { }", "f").why.substr(0, 10), "parameter ");
  const MergeableKernel none = read_mergeable("__kernel void f(void) { }", "f");
  EXPECT_EQ(none.why, "");
  EXPECT_TRUE(none.params.empty());
  EXPECT_EQ(read_mergeable("kernel void f(global float* y) { y[0] = 1; }", "f").why, "") << "the spellings without __";
}

}  // namespace merged_kernel_test
