#include "ladder/teaching_launchers.hpp"

#include <algorithm>
#include <string>

#include "core/checked_math.hpp"

namespace mqlcl {

namespace {

bool is_pow2(size_t v) { return v > 0 && (v & (v - 1)) == 0; }

std::string sizes(const MatmulJob& j) {
  return str(" -DROWS1=", j.M, " -DCOLSROWS=", j.kp, " -DCOLS2=", j.N);
}

// The stage's kernel with `extra` defines, its arguments 0..2 set to A, B, C.
cl::Kernel abc_kernel(MatmulJob& j, const std::string& extra = "") {
  const Stage& st = j.stage;
  cl::Kernel k = j.ctx.embedded(st.file, st.defines + sizes(j) + extra, st.entry);
  k.setArg(0, j.a);
  k.setArg(1, j.b);
  k.setArg(2, j.c);
  return k;
}

size_t global_for(size_t n, const cl::NDRange& local, size_t dim) {
  return local.dimensions() ? round_up(n, local.get()[dim]) : n;
}

// LocalRule::Free1D: local0 only. Stages with a private row: the work-group also bounded by
// the private memory the device can hold per group (a driver's own choice is replaced by one
// that fits where the driver could pick a group that does not).
cl::NDRange local_1d(MatmulJob& j, const cl::Kernel& k, size_t private_bytes) {
  if (j.local1 > 1)
    fail(MQLCL_ERR_LOCAL_SIZE, j.stage.name, " runs a 1D range: local1 must be 0 or 1, not ", j.local1);
  if (j.local0 > 0) return cl::NDRange(static_cast<size_t>(j.local0));
  const size_t fit = j.ctx.private_fit(k, private_bytes);
  return fit ? cl::NDRange(fit) : cl::NullRange;
}

// LocalRule::Free2D: both sizes or neither.
cl::NDRange local_2d(const MatmulJob& j) {
  if ((j.local0 > 0) != (j.local1 > 0))
    fail(MQLCL_ERR_LOCAL_SIZE, j.stage.name, ": give both local sizes or neither (got ", j.local0, ", ", j.local1, ")");
  return j.local0 > 0 ? cl::NDRange(static_cast<size_t>(j.local0), static_cast<size_t>(j.local1)) : cl::NullRange;
}

// Element: one work-item per element of C; the row says which dimension runs over columns.
void launch_element(MatmulJob& j) {
  cl::Kernel k = abc_kernel(j, j.stage.param.none() ? "" : str(" -D", j.stage.param.define, "=", j.param));
  const cl::NDRange local = local_2d(j);
  j.ctx.check_local(k, local, j.stage.name);
  const size_t d0 = j.stage.x_is_col ? j.N : j.M, d1 = j.stage.x_is_col ? j.M : j.N;
  j.ctx.launch(k, cl::NDRange(global_for(d0, local, 0), global_for(d1, local, 1)), local);
}

// Row / Column / RowLocalCol: one work-item per row (column) of C, a 1D range.
void launch_lines(MatmulJob& j) {
  const Stage& st = j.stage;
  std::string extra;
  if (st.family == Family::RowLocalCol)  // the column staged in chunks of at most half the local memory
    extra = str(" -DCOLBUF=", std::max<size_t>(1, std::min<size_t>(j.kp, j.ctx.facts().local_mem / 8)));
  cl::Kernel k = abc_kernel(j, extra);
  const size_t private_bytes = st.private_row ? j.kp * 4 : 0;
  const cl::NDRange local = local_1d(j, k, private_bytes);
  j.ctx.check_local(k, local, st.name, private_bytes);
  j.ctx.launch(k, cl::NDRange(global_for(st.family == Family::Column ? j.N : j.M, local, 0)), local);
}

// Rank1: one launch per k adds a[:,k] * b[k,:] into C.
void launch_rank1(MatmulJob& j) {
  cl::Kernel k = abc_kernel(j);
  const cl::NDRange local = local_2d(j);
  j.ctx.check_local(k, local, j.stage.name);
  const cl::NDRange global(global_for(j.M, local, 0), global_for(j.N, local, 1));
  for (size_t kk = 0; kk < j.K; ++kk) {
    k.setArg(3, static_cast<int>(kk));
    j.ctx.launch(k, global, local);
  }
}

// ReduceK: one work-group per element of C, its work-items split the k-sum.
void launch_reduce(MatmulJob& j) {
  const Stage& st = j.stage;
  if (j.local1 > 1) fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": one work-group per element; local1 must be 0 or 1");
  size_t group = static_cast<size_t>(j.local0);
  if (group == 0) {
    group = 1;
    while (group * 2 <= std::min<size_t>(256, j.ctx.facts().max_work_group) && group < j.K) group *= 2;
  }
  if (st.local == LocalRule::GroupPow2 && !is_pow2(group))
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": the tree reduction needs a power-of-two local0, not ", group);
  cl::Kernel k = abc_kernel(j, str(" -DGROUP=", group));
  const cl::NDRange local(group, 1);
  j.ctx.check_local(k, local, st.name);
  j.ctx.launch(k, cl::NDRange(checked_mul(j.N, group, "cols2 * local0"), j.M), local);
}

// Tiled: BLOCK_X x BLOCK_Y work-groups staging tiles of A and B in __local memory.
void launch_tiled(MatmulJob& j) {
  const Stage& st = j.stage;
  if ((j.local0 > 0) != (j.local1 > 0))
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": give both local sizes (BLOCK_X, BLOCK_Y) or neither");
  const int bx = j.local0 ? j.local0 : 16, by = j.local1 ? j.local1 : 16;
  int tile_k = bx;
  if (st.local == LocalRule::RectTiles)
    tile_k = j.param;
  else if (bx != by)
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": square tiles need local0 == local1 (got ", bx, " x ", by,
         "); stage ", MQLCL_STAGE_LAB_TILES_RECT, " takes rectangular ones");
  const size_t local_bytes = 4u * static_cast<size_t>(tile_k) * (static_cast<size_t>(bx) + static_cast<size_t>(by));
  if (local_bytes > j.ctx.facts().local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, st.name, ": tiles of ", by, "x", tile_k, " and ", tile_k, "x", bx, " need ", local_bytes,
         " bytes of local memory, the device has ", static_cast<unsigned long long>(j.ctx.facts().local_mem));
  cl::Kernel k = abc_kernel(j, str(" -DBLOCK_X=", bx, " -DBLOCK_Y=", by, " -DTILE_K=", tile_k));
  const cl::NDRange local(static_cast<size_t>(bx), static_cast<size_t>(by));
  j.ctx.check_local(k, local, st.name);
  j.ctx.launch(k, cl::NDRange(round_up(j.N, bx), round_up(j.M, by)), local);
}

}  // namespace

void launch_matmul_stage(MatmulJob& job) {
  const Family f = job.stage.family;
  if (f == Family::Tuned || f == Family::Tensor || f == Family::TensorHalf) return launch_gemm_stage(job);
  job.ctx.product_by(job.stage.number);
  switch (f) {
    case Family::Element: return launch_element(job);
    case Family::Row:
    case Family::Column:
    case Family::RowLocalCol: return launch_lines(job);
    case Family::Rank1: return launch_rank1(job);
    case Family::ReduceK: return launch_reduce(job);
    case Family::Tiled: return launch_tiled(job);
    default: break;
  }
  fail(MQLCL_ERR_INTERNAL, "stage ", job.stage.number, " has no launcher for its family");
}

}  // namespace mqlcl
