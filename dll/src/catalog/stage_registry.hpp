// What a matmul stage is (kernel, defines, launch geometry, local-size rule, param, layout
// needs, precision, availability), and the rows of the stages that are the product's GEMM
// kernels (the tuned SGEMM, the tensor-core stages: GemmKernel::stage names them). The teaching
// stages' rows and the whole ladder the exports enumerate (mqlcl_stage_*) are the lab's
// (ladder/stages.hpp). Adding a stage = one row (here for a product kernel's, else the lab's)
// + its kernel file (+ a launcher if it is a new family).
#pragma once
#include <cstddef>
#include <string>

#include "device/device_facts.hpp"

namespace mqlcl {

// Kernel families: stages of one family share a kernel file and a launcher (the teaching
// families': ladder/teaching_launchers.cpp; Tuned, Tensor, TensorHalf: gemm/stage_launchers.cpp).
enum class Family { Element, Row, RowLocalCol, Column, Rank1, ReduceK, Tiled, Tuned, Tensor, TensorHalf };

// How the caller's local0/local1 become the work-group.
enum class LocalRule {
  Free2D,       // 2D: both sizes or neither (0, 0: the driver chooses)
  Free1D,       // 1D: local0 only (local1 0 or 1)
  Group,        // one work-group per element of C: local0 = its size (0: up to 256)
  GroupPow2,    // as Group, a power of two (tree reduction)
  SquareTiles,  // __local tiles: local0 = local1 = TILE (0, 0: 16 x 16)
  RectTiles,    // __local tiles BLOCK_X = local0, BLOCK_Y = local1 (0, 0: 16 x 16)
  FromTuning,   // the work-group comes from the stage's own configuration: 0, 0 only
  FromKernel,   // the kernel's reqd_work_group_size: 0, 0 only
};

// The stage's `param`: none (min = max = 0: a non-zero param is refused), or a range with
// a default for 0, passed to the kernel as -D<define>=value.
struct ParamRule {
  int min = 0, max = 0, fallback = 0;
  bool pow2 = false;            // only powers of two within the range
  const char* define = nullptr;  // the kernel's macro (UNROLL, TILE_K)
  bool none() const { return max == 0; }
};

struct Stage {
  int number;
  const char* name;    // the script or kernel it reproduces (article, report, lab)
  const char* file;    // kernels/<file>
  const char* entry;   // the __kernel function
  const char* defines;
  Family family;
  bool x_is_col;       // 2D range: dimension 0 runs over the columns of C (CUDA's x)
  LocalRule local;
  ParamRule param;
  bool b_colmajor;     // reads B column by column (the library converts it, timed as convert)
  int vw;              // COLSROWS padded with zeros to a multiple of this
  bool private_row;    // keeps a row of A (COLSROWS floats) in each work-item's private memory
  bool zero_c;         // accumulates into C, which the library zeroes first
  int precision;       // MQLCL_PRECISION_*
  bool wrong_on_purpose;  // a lesson in what goes wrong (a race): results may differ
  // nullptr: runs on every device; else the reason it cannot run on this one (empty: it can).
  std::string (*unavailable)(const DeviceFacts&);
};

// Largest COLSROWS the private-row stages accept: the row lives in each work-item's
// private memory.
constexpr int kMaxPrivateRow = 8192;

// The product's stages, by number (at most kMaxGemmStages).
constexpr size_t kMaxGemmStages = 8;
size_t gemm_stage_count();
const Stage& gemm_stage_at(size_t index);
// The product's row of stage `number`; MQLCL_ERR_INTERNAL where the GEMM kernel table names
// a stage that is not one.
const Stage& gemm_stage(int number);
// Why the stage cannot run on the device with its default tiles ("stage 30 (name) cannot run
// here: ..."), or empty. On a context, ladder/matmul asks the GEMM planner's availability
// (tuned tiles, a set profile).
std::string stage_unavailable(const Stage& st, const DeviceFacts& facts);

}  // namespace mqlcl
