#include "compute/matmul.hpp"

#include <algorithm>
#include <climits>

#include "compute/layout.hpp"
#include "compute/sgemm_config.hpp"

namespace mqlcl {

namespace {

enum class Shape { Element, Row, RowLocalCol, Column, Rank1, ReduceK, Tiled, Tuned };

struct StageSpec {
  int number;
  const char* name;
  Shape shape;
  bool b_colmajor;  // the stage reads B column by column (the library converts it)
  int vw;           // COLSROWS padded to a multiple of this
  bool private_row; // the row of A lives in private memory (COLSROWS <= kMaxPrivateRow)
  bool zero_c;      // the kernel accumulates into C, which must start at zero
  const char* defines;
};

// clang-format off
const StageSpec kStages[] = {
  {1,  "matr_mul_1dim",           Shape::Element,     false, 1, false, true , "-DSUM_IN_PRIVATE=0 -DB_COLMAJOR=0"},
  {2,  "matr_mul_1dim_coalesced", Shape::Element,     true,  1, false, true , "-DSUM_IN_PRIVATE=0 -DB_COLMAJOR=1"},
  {3,  "matr_mul_sum_local",      Shape::Element,     true,  1, false, false, "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=1"},
  {4,  "matr_mul_row_calc",       Shape::Row,         true,  1, false, false, "-DVW=1 -DROW_IN_PRIVATE=0 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1"},
  {5,  "matr_mul_row_in_private", Shape::Row,         true,  1, true, false,  "-DVW=1 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1"},
  {6,  "matr_mul_col_local",      Shape::RowLocalCol, true,  1, true, false,  ""},
  {7,  "matr_mul_vect",           Shape::Row,         true,  4, true, false,  "-DVW=4 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=0 -DB_COLMAJOR=1"},
  {8,  "matr_mul_vect_v2",        Shape::Row,         true,  4, true, false,  "-DVW=4 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=1 -DB_COLMAJOR=1"},
  {9,  "matr_mul_vect_v3",        Shape::Row,         true,  8, true, false,  "-DVW=8 -DROW_IN_PRIVATE=1 -DROW_AS_VECTOR=1 -DB_COLMAJOR=1"},
  {10, "sgemm_tuned",             Shape::Tuned,       false, 1, false, false, ""},
  {11, "report_MatrixMultiply0",  Shape::Row,         false, 1, false, false, "-DVW=1 -DROW_IN_PRIVATE=0 -DROW_AS_VECTOR=0 -DB_COLMAJOR=0"},
  {12, "report_MatrixMultiply1",  Shape::Column,      false, 1, false, false, ""},
  {13, "report_MatrixMultiply2",  Shape::Element,     false, 1, false, false, "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0"},
  {14, "report_MatrixMultiply3",  Shape::Rank1,       false, 1, false, true , ""},
  {15, "report_reduce_tree",      Shape::ReduceK,     false, 1, false, false, "-DREDUCE_ATOMIC=0"},
  {16, "report_reduce_atomic",    Shape::ReduceK,     false, 1, false, false, "-DREDUCE_ATOMIC=1"},
  {20, "lab_block2d",             Shape::Element,     false, 1, false, false, "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0 -DROW_DIM=1"},
  {21, "lab_unroll",              Shape::Element,     false, 1, false, false, "-DSUM_IN_PRIVATE=1 -DB_COLMAJOR=0 -DROW_DIM=1"},
  {22, "lab_tiles_square",        Shape::Tiled,       false, 1, false, false, ""},
  {23, "lab_tiles_no_load_barrier",    Shape::Tiled,  false, 1, false, false, "-DBARRIER_AFTER_LOAD=0"},
  {24, "lab_tiles_no_compute_barrier", Shape::Tiled,  false, 1, false, false, "-DBARRIER_AFTER_COMPUTE=0"},
  {25, "lab_tiles_rect",          Shape::Tiled,       false, 1, false, false, ""},
};
// clang-format on

const StageSpec& find_stage(int stage) {
  for (const auto& s : kStages)
    if (s.number == stage) return s;
  if (stage == 0)
    fail(MQLCL_ERR_STAGE, "stage 0 is the CPU reference: the caller computes it (mqlcl-host does)");
  fail(MQLCL_ERR_STAGE, "stage ", stage, " does not exist (1-16, 20-25; see docs/ABI.md)");
}

std::string sizes(int rows1, int colsrows, int cols2) {
  return str(" -DROWS1=", rows1, " -DCOLSROWS=", colsrows, " -DCOLS2=", cols2);
}

bool is_pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

// 1D stages take local0 only.
cl::NDRange local_1d(int local0, int local1, const char* name) {
  if (local1 > 1) fail(MQLCL_ERR_LOCAL_SIZE, name, " runs a 1D range: local1 must be 0 or 1, not ", local1);
  return local0 > 0 ? cl::NDRange(static_cast<size_t>(local0)) : cl::NullRange;
}

cl::NDRange local_2d(int local0, int local1, const char* name) {
  if ((local0 > 0) != (local1 > 0))
    fail(MQLCL_ERR_LOCAL_SIZE, name, ": give both local sizes or neither (got ", local0, ", ", local1, ")");
  return local0 > 0 ? cl::NDRange(static_cast<size_t>(local0), static_cast<size_t>(local1))
                    : cl::NullRange;
}

size_t global_for(size_t n, const cl::NDRange& local, size_t dim) {
  return local.dimensions() ? round_up(n, local.get()[dim]) : n;
}

}  // namespace

const char* stage_name(int stage) { return find_stage(stage).name; }

void run_matmul(Context& ctx, int stage, const MatmulShape& s, int local0, int local1, int param) {
  const StageSpec& spec = find_stage(stage);
  if (s.rows1 < 1 || s.colsrows < 1 || s.cols2 < 1)
    fail(MQLCL_ERR_ARGUMENT, "sizes must be >= 1 (rows1 = ", s.rows1, ", colsrows = ", s.colsrows,
         ", cols2 = ", s.cols2, ")");
  // Bounded before any arithmetic or kernel define uses them.
  const size_t max_wg = ctx.facts().max_work_group;
  if (local0 < 0 || local1 < 0) fail(MQLCL_ERR_LOCAL_SIZE, "local sizes must be >= 0");
  if (static_cast<size_t>(local0) > max_wg || static_cast<size_t>(local1) > max_wg)
    fail(MQLCL_ERR_LOCAL_SIZE, "local size ", std::max(local0, local1),
         " exceeds the device's CL_DEVICE_MAX_WORK_GROUP_SIZE = ", max_wg);
  if (param < 0 || param > 65536) fail(MQLCL_ERR_ARGUMENT, "param = ", param, ": it must be 0 .. 65536");
  const size_t M = static_cast<size_t>(s.rows1), K = static_cast<size_t>(s.colsrows),
               N = static_cast<size_t>(s.cols2);
  const size_t a_count = checked_mul(M, K, "rows1 * colsrows", INT_MAX);
  const size_t b_count = checked_mul(K, N, "colsrows * cols2", INT_MAX);
  const size_t c_count = checked_mul(M, N, "rows1 * cols2", INT_MAX);
  const size_t kp = round_up(K, static_cast<size_t>(spec.vw));
  if (spec.private_row && kp > static_cast<size_t>(kMaxPrivateRow))
    fail(MQLCL_ERR_SHAPE, "stage ", stage, " (", spec.name, ") keeps a row of A in private memory: colsrows = ",
         s.colsrows, " exceeds its limit of ", kMaxPrivateRow);

  cl::Buffer& a = ctx.input(MQLCL_SLOT_A, a_count, false, "matrix A");
  cl::Buffer& b = ctx.input(MQLCL_SLOT_B, b_count, false, "matrix B");
  cl::Buffer& c = ctx.output(MQLCL_SLOT_C, c_count);

  ctx.begin_op();
  // ---- layout the stage needs (timed apart as "convert") ----
  cl::Buffer a_use = a, b_use = b;
  if (spec.vw > 1 && kp != K) a_use = pad_matrix(ctx, a, M, K, M, kp, 0);
  if (spec.b_colmajor) b_use = transpose_into(ctx, b, K, N, kp, 1);
  if (spec.zero_c)
    ctx.fill(c, 0.0f, c_count);

  const std::string dims = sizes(s.rows1, static_cast<int>(kp), s.cols2);
  const char* name = spec.name;
  switch (spec.shape) {
    case Shape::Element: {
      std::string defines = spec.defines + dims;
      if (stage == 21) {
        const int unroll = param ? param : 4;
        if (unroll != 2 && unroll != 4 && unroll != 8)
          fail(MQLCL_ERR_ARGUMENT, name, ": the unroll factor (param) must be 2, 4 or 8, not ", unroll);
        defines += str(" -DUNROLL=", unroll);
      }
      cl::Kernel k = ctx.embedded("matmul/element.cl", defines, "matmul_element");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local = local_2d(local0, local1, name);
      ctx.check_local(k, local, name);
      const bool x_is_col = stage >= 20;
      const size_t d0 = x_is_col ? N : M, d1 = x_is_col ? M : N;
      ctx.launch(k, cl::NDRange(global_for(d0, local, 0), global_for(d1, local, 1)), local);
      break;
    }
    case Shape::Row:
    case Shape::Column: {
      const bool row = spec.shape == Shape::Row;
      cl::Kernel k = row ? ctx.embedded("matmul/row.cl", spec.defines + dims, "matmul_row")
                         : ctx.embedded("matmul/column.cl", dims, "matmul_column");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local = local_1d(local0, local1, name);
      ctx.check_local(k, local, name);
      ctx.launch(k, cl::NDRange(global_for(row ? M : N, local, 0)), local);
      break;
    }
    case Shape::RowLocalCol: {
      // Stage the column in chunks of at most half the local memory.
      const size_t colbuf = std::max<size_t>(1, std::min<size_t>(kp, ctx.facts().local_mem / 8));
      cl::Kernel k = ctx.embedded("matmul/row_local_col.cl", dims + str(" -DCOLBUF=", colbuf),
                                  "matmul_row_local_col");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local = local_1d(local0, local1, name);
      ctx.check_local(k, local, name);
      ctx.launch(k, cl::NDRange(global_for(M, local, 0)), local);
      break;
    }
    case Shape::Rank1: {
      cl::Kernel k = ctx.embedded("matmul/rank1_update.cl", dims, "matmul_rank1_update");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local = local_2d(local0, local1, name);
      ctx.check_local(k, local, name);
      const cl::NDRange global(global_for(M, local, 0), global_for(N, local, 1));
      for (int kk = 0; kk < s.colsrows; ++kk) {
        k.setArg(3, kk);
        ctx.launch(k, global, local);
      }
      break;
    }
    case Shape::ReduceK: {
      if (local1 > 1) fail(MQLCL_ERR_LOCAL_SIZE, name, ": one work-group per element; local1 must be 0 or 1");
      int group = local0;
      if (group == 0) {
        group = 1;
        while (group * 2 <= std::min<int>(256, static_cast<int>(ctx.facts().max_work_group)) &&
               static_cast<size_t>(group) < K)
          group *= 2;
      }
      if (stage == 15 && !is_pow2(group))
        fail(MQLCL_ERR_LOCAL_SIZE, name, ": the tree reduction needs a power-of-two local0, not ", group);
      cl::Kernel k = ctx.embedded("matmul/reduce_k.cl", spec.defines + dims + str(" -DGROUP=", group),
                                  "matmul_reduce_k");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local(static_cast<size_t>(group), 1);
      ctx.check_local(k, local, name);
      ctx.launch(k, cl::NDRange(checked_mul(N, static_cast<size_t>(group), "cols2 * local0"), M), local);
      break;
    }
    case Shape::Tiled: {
      const int bx = local0 ? local0 : 16, by = local1 ? local1 : 16;
      if ((local0 > 0) != (local1 > 0))
        fail(MQLCL_ERR_LOCAL_SIZE, name, ": give both local sizes (BLOCK_X, BLOCK_Y) or neither");
      int tile_k = bx;
      if (stage == 25) {
        tile_k = param ? param : 16;
      } else if (bx != by) {
        fail(MQLCL_ERR_LOCAL_SIZE, name, ": square tiles need local0 == local1 (got ", bx, " x ", by,
             "); stage 25 takes rectangular ones");
      }
      const size_t local_bytes = 4u * static_cast<size_t>(tile_k) * (static_cast<size_t>(bx) + static_cast<size_t>(by));
      if (local_bytes > ctx.facts().local_mem)
        fail(MQLCL_ERR_LOCAL_SIZE, name, ": tiles of ", by, "x", tile_k, " and ", tile_k, "x", bx,
             " need ", local_bytes, " bytes of local memory, the device has ",
             static_cast<unsigned long long>(ctx.facts().local_mem));
      cl::Kernel k = ctx.embedded(
          "matmul/tiled.cl",
          spec.defines + dims + str(" -DBLOCK_X=", bx, " -DBLOCK_Y=", by, " -DTILE_K=", tile_k),
          "matmul_tiled");
      k.setArg(0, a_use);
      k.setArg(1, b_use);
      k.setArg(2, c);
      const cl::NDRange local(static_cast<size_t>(bx), static_cast<size_t>(by));
      ctx.check_local(k, local, name);
      ctx.launch(k, cl::NDRange(round_up(N, bx), round_up(M, by)), local);
      break;
    }
    case Shape::Tuned: {
      if (local0 || local1)
        fail(MQLCL_ERR_LOCAL_SIZE, name, ": the work-group comes from the tuning (mqlcl_sgemm_set); pass 0, 0");
      const SgemmConfig& cfg = ctx.sgemm;
      validate(cfg, ctx.facts());
      const size_t mp = round_up(M, cfg.tsm), np = round_up(N, cfg.tsn), kq = round_up(K, cfg.tsk);
      checked_mul(mp, kq, "padded A", INT_MAX);
      checked_mul(kq, np, "padded B", INT_MAX);
      checked_mul(mp, np, "padded C", INT_MAX);
      const bool padded = mp != M || np != N || kq != K;
      cl::Buffer ap = padded ? pad_matrix(ctx, a, M, K, mp, kq, 0) : a;
      cl::Buffer bp = padded ? pad_matrix(ctx, b, K, N, kq, np, 1) : b;
      cl::Buffer cp = padded ? ctx.scratch(2, mp * np * 4) : c;
      cl::Kernel k = ctx.embedded(
          "matmul/sgemm_tuned.cl",
          str("-cl-mad-enable -DTSM=", cfg.tsm, " -DTSN=", cfg.tsn, " -DTSK=", cfg.tsk, " -DWPTM=", cfg.wptm,
              " -DWPTN=", cfg.wptn, " -DDOUBLE_BUFFER=", double_buffered(cfg, ctx.facts()) ? 1 : 0),
          "sgemm_tuned");
      k.setArg(0, static_cast<int>(mp));
      k.setArg(1, static_cast<int>(np));
      k.setArg(2, static_cast<int>(kq));
      k.setArg(3, ap);
      k.setArg(4, bp);
      k.setArg(5, cp);
      const cl::NDRange local(static_cast<size_t>(cfg.tsn / cfg.wptn), static_cast<size_t>(cfg.tsm / cfg.wptm));
      ctx.check_local(k, local, name);
      ctx.launch(k, cl::NDRange(np / cfg.wptn, mp / cfg.wptm), local);
      if (padded) unpad_matrix(ctx, cp, np, c, M, N);
      break;
    }
  }
  ctx.end_op();
}

}  // namespace mqlcl
