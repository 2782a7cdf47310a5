#include "ladder/stages.hpp"

#include <algorithm>
#include <array>

#include "core/error.hpp"

namespace mqlcl {

namespace {

constexpr int kFp32 = MQLCL_PRECISION_FP32;
constexpr ParamRule kNoParam{};
constexpr ParamRule kUnroll{2, 8, 4, true, "UNROLL"};
constexpr ParamRule kTileK{1, 4096, 16, false, "TILE_K"};

// clang-format off
const Stage kTeachingStages[] = {
// number name                          file                     entry                  defines                                                          family               x_is_col local                  param     b_cm  vw priv   zero_c prec   wrong  unavailable
  {1,  "matr_mul_1dim",                 "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=0 -DB_COLMAJOR=0",                             Family::Element,     false, LocalRule::Free2D,      kNoParam, false, 1, false, true,  kFp32, false, nullptr},
  {2,  "matr_mul_1dim_coalesced",       "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=0 -DB_COLMAJOR=1",                             Family::Element,     false, LocalRule::Free2D,      kNoParam, true,  1, false, true,  kFp32, false, nullptr},
  {3,  "matr_mul_sum_local",            "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=1",                             Family::Element,     false, LocalRule::Free2D,      kNoParam, true,  1, false, false, kFp32, false, nullptr},
  {4,  "matr_mul_row_calc",             "matmul/row.cl",         "matmul_row",          "-DVW=1 -DROW_IN_PRIVATE=0 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1",    Family::Row,         false, LocalRule::Free1D,      kNoParam, true,  1, false, false, kFp32, false, nullptr},
  {5,  "matr_mul_row_in_private",       "matmul/row.cl",         "matmul_row",          "-DVW=1 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1",    Family::Row,         false, LocalRule::Free1D,      kNoParam, true,  1, true,  false, kFp32, false, nullptr},
  {6,  "matr_mul_col_local",            "matmul/row_local_col.cl", "matmul_row_local_col", "",                                                           Family::RowLocalCol, false, LocalRule::Free1D,      kNoParam, true,  1, true,  false, kFp32, false, nullptr},
  {7,  "matr_mul_vect",                 "matmul/row.cl",         "matmul_row",          "-DVW=4 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1",    Family::Row,         false, LocalRule::Free1D,      kNoParam, true,  4, true,  false, kFp32, false, nullptr},
  {8,  "matr_mul_vect_v2",              "matmul/row.cl",         "matmul_row",          "-DVW=4 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=1 -DB_COLMAJOR=1",    Family::Row,         false, LocalRule::Free1D,      kNoParam, true,  4, true,  false, kFp32, false, nullptr},
  {9,  "matr_mul_vect_v3",              "matmul/row.cl",         "matmul_row",          "-DVW=8 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=1 -DB_COLMAJOR=1",    Family::Row,         false, LocalRule::Free1D,      kNoParam, true,  8, true,  false, kFp32, false, nullptr},
  {11, "report_MatrixMultiply0",        "matmul/row.cl",         "matmul_row",          "-DVW=1 -DROW_IN_PRIVATE=0 -DROW_AS_VECTOR=0 -DB_COLMAJOR=0",    Family::Row,         false, LocalRule::Free1D,      kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {12, "report_MatrixMultiply1",        "matmul/column.cl",      "matmul_column",       "",                                                              Family::Column,      false, LocalRule::Free1D,      kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {13, "report_MatrixMultiply2",        "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0",                             Family::Element,     false, LocalRule::Free2D,      kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {14, "report_MatrixMultiply3",        "matmul/rank1_update.cl", "matmul_rank1_update", "",                                                             Family::Rank1,       false, LocalRule::Free2D,      kNoParam, false, 1, false, true,  kFp32, false, nullptr},
  {15, "report_reduce_tree",            "matmul/reduce_k.cl",    "matmul_reduce_k",     "-DREDUCE_ATOMIC=0",                                             Family::ReduceK,     true,  LocalRule::GroupPow2,   kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {16, "report_reduce_atomic",          "matmul/reduce_k.cl",    "matmul_reduce_k",     "-DREDUCE_ATOMIC=1",                                             Family::ReduceK,     true,  LocalRule::Group,       kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {20, "lab_block2d",                   "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0 -DROW_DIM=1",                 Family::Element,     true,  LocalRule::Free2D,      kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {21, "lab_unroll",                    "matmul/element.cl",     "matmul_element",      "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0 -DROW_DIM=1",                 Family::Element,     true,  LocalRule::Free2D,      kUnroll,  false, 1, false, false, kFp32, false, nullptr},
  {22, "lab_tiles_square",              "matmul/tiled.cl",       "matmul_tiled",        "",                                                              Family::Tiled,       true,  LocalRule::SquareTiles, kNoParam, false, 1, false, false, kFp32, false, nullptr},
  {23, "lab_tiles_no_load_barrier",     "matmul/tiled.cl",       "matmul_tiled",        "-DBARRIER_AFTER_LOAD=0",                                        Family::Tiled,       true,  LocalRule::SquareTiles, kNoParam, false, 1, false, false, kFp32, true,  nullptr},
  {24, "lab_tiles_no_compute_barrier",  "matmul/tiled.cl",       "matmul_tiled",        "-DBARRIER_AFTER_COMPUTE=0",                                     Family::Tiled,       true,  LocalRule::SquareTiles, kNoParam, false, 1, false, false, kFp32, true,  nullptr},
  {25, "lab_tiles_rect",                "matmul/tiled.cl",       "matmul_tiled",        "",                                                              Family::Tiled,       true,  LocalRule::RectTiles,   kTileK,   false, 1, false, false, kFp32, false, nullptr},
};
// clang-format on
constexpr size_t kTeaching = sizeof(kTeachingStages) / sizeof(kTeachingStages[0]);
constexpr size_t kMost = kTeaching + kMaxGemmStages;

// Both tables in number order: made once (pointers only, nothing to destroy).
struct Ladder {
  std::array<const Stage*, kMost> rows{};
  size_t count = 0;
};
const Ladder& ladder() {
  static const Ladder made = [] {
    Ladder l;
    for (const Stage& s : kTeachingStages) l.rows[l.count++] = &s;
    for (size_t i = 0; i < gemm_stage_count(); ++i) l.rows[l.count++] = &gemm_stage_at(i);
    std::sort(l.rows.begin(), l.rows.begin() + static_cast<std::ptrdiff_t>(l.count),
              [](const Stage* a, const Stage* b) { return a->number < b->number; });
    return l;
  }();
  return made;
}

}  // namespace

size_t stage_count() { return ladder().count; }

const Stage& stage_at(size_t index) {
  if (index >= stage_count()) fail(MQLCL_ERR_RANGE, "stage index ", index, " is beyond the ", stage_count(), " stages");
  return *ladder().rows[index];
}

std::string stage_ranges() {
  std::string out;
  for (size_t i = 0; i < stage_count();) {
    size_t j = i;
    while (j + 1 < stage_count() && stage_at(j + 1).number == stage_at(j).number + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(stage_at(i).number);
    if (j > i) out += "-" + std::to_string(stage_at(j).number);
    i = j + 1;
  }
  return out;
}

const Stage& find_stage(int number) {
  for (size_t i = 0; i < stage_count(); ++i)
    if (stage_at(i).number == number) return stage_at(i);
  if (number == 0)
    fail(MQLCL_ERR_STAGE, "stage 0 is the CPU reference: the caller computes it (mqlcl-host does)");
  fail(MQLCL_ERR_STAGE, "stage ", number, " does not exist (the stages: ", stage_ranges(), "; see docs/ABI.md)");
}

}  // namespace mqlcl
