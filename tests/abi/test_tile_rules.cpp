// The tile rules' search spaces on made-up devices (a rule is plain data and functions of a
// device's facts): what `tune` is offered on the GPUs the lists were written for, and what a
// smaller device is spared. On the test device itself: test_tuning.cpp (mqlcl_tunable_candidate).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/gemm_kernels.hpp"
#include "catalog/stage_registry.hpp"
#include "catalog/tensor_tiles.hpp"
#include "catalog/tile_rule.hpp"
#include "core/embedded_kernels.hpp"

namespace {

// An NVIDIA GPU of compute capability 9.0 as OpenCL reports it: 48 KiB of __local a work-group.
mqlcl::DeviceFacts hopper() {
  mqlcl::DeviceFacts f;
  f.name = "NVIDIA Made-Up";
  f.vendor = "NVIDIA Corporation";
  f.extensions = "cl_khr_fp64 cl_nv_device_attribute_query cl_nv_compiler_options";
  f.type = CL_DEVICE_TYPE_GPU;
  f.has_cc = true;
  f.cc_major = 9;
  f.fp64 = true;
  f.local_mem = 49152;
  f.local_mem_dedicated = true;
  f.max_work_group = 1024;
  f.max_item_sizes = {1024, 1024, 64};
  return f;
}

std::vector<int> vector_of(const mqlcl::TileVector& t, int count) { return std::vector<int>(t.v, t.v + count); }

std::vector<std::vector<int>> offered(const mqlcl::TileRule& r, const mqlcl::DeviceFacts& f) {
  std::vector<std::vector<int>> out;
  for (const mqlcl::TileVector* t : mqlcl::fitting_candidates(r, f)) out.push_back(vector_of(*t, r.count));
  return out;
}

}  // namespace

// Every kernel names a rule, and its default on the device is among what `tune` tries there.
TEST(TileTunables, EveryKernelsDefaultIsAmongItsCandidatesOnAnH200ClassGpu) {
  const mqlcl::DeviceFacts f = hopper();
  for (const mqlcl::GemmKernel& k : mqlcl::kGemmKernels) {
    ASSERT_NE(k.tiles, nullptr) << k.name;
    const mqlcl::TileRule& r = *k.tiles;
    ASSERT_LE(r.count, mqlcl::kMaxTileParams) << k.name;
    std::vector<int> def(static_cast<size_t>(r.count));
    r.defaults(f, def.data());
    const auto candidates = offered(r, f);
    EXPECT_NE(std::find(candidates.begin(), candidates.end(), def), candidates.end()) << k.name;
  }
}

// The tensor-core and DGEMM lists were written for 48 KiB of __local and compute capability
// 9.0: each of their vectors runs there. (Stage 10's list also holds vectors for other devices.)
TEST(TileTunables, TheTensorAndDgemmListsAllFitTheGpusTheyWereWrittenFor) {
  const mqlcl::DeviceFacts f = hopper();
  for (const mqlcl::GemmKernel& k : mqlcl::kGemmKernels) {
    if (k.id == MQLCL_GEMM_KERNEL_SGEMM_TUNED) continue;
    EXPECT_EQ(mqlcl::fitting_candidates(*k.tiles, f).size(), k.tiles->candidate_count) << k.name;
  }
}

// A device with 32 KiB of __local and 256 work-items a group is offered exactly the TF32 tiles
// whose pipeline and work-group fit it, counted here from the tiles themselves.
TEST(TileTunables, ASmallerDeviceIsOfferedOnlyTheTilesThatFitIt) {
  mqlcl::DeviceFacts f = hopper();
  f.local_mem = 32768;
  f.max_work_group = 256;
  const mqlcl::TileRule& r = mqlcl::kTf32Tiles;
  std::vector<std::vector<int>> expected;
  for (size_t i = 0; i < r.candidate_count; ++i) {
    const mqlcl::TensorTiles t = mqlcl::tensor_tiles(r.candidates[i].v);
    if (t.local_bytes() <= f.local_mem && t.threads() <= 256) expected.push_back(vector_of(r.candidates[i], r.count));
  }
  EXPECT_LT(expected.size(), r.candidate_count);  // the device is small enough to matter
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(offered(r, f), expected);
}

// A kernel's tiles have one home, its rule: the kernel file (with the files it includes, as the
// library embeds it) defines none of the rule's parameters, so a default can never differ from
// the rule's and a build that forgets one fails (#error) instead of running other tiles.
TEST(TileTunables, NoKernelFileDefaultsATileOfItsRule) {
  for (const mqlcl::GemmKernel& k : mqlcl::kGemmKernels) {
    if (k.tiles == nullptr) continue;
    // A stage's kernel is the stage registry's; the Ozaki kernels' tiles are their INT8 products'
    // (gemm/gemm_ozaki.cpp builds gemm/igemm_tensor.cl with them).
    const char* file = k.file != nullptr ? k.file
                       : k.stage > 0     ? mqlcl::gemm_stage(k.stage).file
                       : k.operands == mqlcl::GemmOperands::Residues ? "gemm/igemm_tensor.cl"
                                                                      : nullptr;
    ASSERT_NE(file, nullptr) << k.name << ": no kernel file";
    const char* source = mqlcl::embedded_kernel(file);
    ASSERT_NE(source, nullptr) << file;
    std::istringstream names(k.tiles->names);
    for (std::string name; names >> name;) {
      const std::regex defined("#\\s*define\\s+" + name + "\\b");
      EXPECT_FALSE(std::regex_search(source, defined)) << k.name << ": " << file << " defines " << name;
    }
  }
}
