#include "gemm/half_operands.hpp"

#include <climits>
#include <string>

#include "catalog/gemm_kernels.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "gemm/gemm_pack.hpp"
#include "gemm/gemm_path.hpp"
#include "gemm/gemm_state.hpp"
#include "scratch_buffers.hpp"

namespace mqlcl {

namespace {

// The FP16 operands' buffers: the scaled operands, their lines' statistics and scale
// exponents, the count of lines that cannot be scaled.
enum class HalfScratch { A, B, StatsA, StatsB, ExpsA, ExpsB, BadLines };

struct HalfOperandsState {
  ScratchBuffers<HalfScratch> buffers{"an FP16 operand buffer"};
};

cl::Buffer& half_scratch(Context& ctx, HalfScratch use, size_t bytes) {
  return ctx.state<HalfOperandsState>().buffers.get(ctx, use, bytes);
}

const char* kOperandsFile = "gemm/half_operands.cl";



// Per line of the operand: its scale exponent into `exps`; the unrepresentable lines counted
// into `bad` (zeroed by the caller).
void scan(Context& ctx, const std::string& defines, const HalfSource& src, size_t lines, size_t len, HalfScratch stats_id,
          HalfScratch exps_id, cl::Buffer& bad) {
  cl::Buffer& stats = half_scratch(ctx, stats_id, checked_mul(lines, 8, "line statistics"));
  cl::Buffer& exps = half_scratch(ctx, exps_id, checked_mul(lines, 4, "line scales"));
  ctx.fill(stats, 0.0f, 2 * lines);
  const size_t src_rows = src.lines_are_rows ? lines : len, src_cols = src.lines_are_rows ? len : lines;
  cl::Kernel s = ctx.embedded(kOperandsFile, defines, "line_stats");
  set_line_source(s, src, lines, len);
  s.setArg(6, stats);
  ctx.launch_convert(s, cl::NDRange(round_up(src_cols, 32), round_up(src_rows, 32) / 4), cl::NDRange(32, 8));
  cl::Kernel e = ctx.embedded(kOperandsFile, defines, "half_line_scales");
  e.setArg(0, stats);
  e.setArg(1, static_cast<cl_uint>(lines));
  e.setArg(2, exps);
  e.setArg(3, bad);
  ctx.launch_convert(e, cl::NDRange(round_up(lines, 64)), cl::NullRange);
}

// The scaled FP16 operand: lines_padded lines of `pitch` halves.
void pack(Context& ctx, const std::string& defines, const HalfSource& src, size_t lines, size_t len, HalfScratch exps_id,
          cl::Buffer& dst, size_t pitch, size_t lines_padded, size_t kcols) {
  cl::Kernel p = ctx.embedded(kOperandsFile, defines, "half_pack");
  set_line_source(p, src, lines, len);
  p.setArg(6, half_scratch(ctx, exps_id, lines * 4));
  p.setArg(7, dst);
  p.setArg(8, static_cast<cl_uint>(pitch));
  p.setArg(9, static_cast<cl_uint>(lines_padded));
  ctx.launch_convert(p, cl::NDRange(round_up(kcols, 32), round_up(lines_padded, 32) / 4), cl::NDRange(32, 8));
}

}  // namespace

void set_line_source(cl::Kernel& k, const HalfSource& src, size_t lines, size_t len) {
  k.setArg(0, src.buffer);
  k.setArg(1, static_cast<cl_ulong>(src.offset));
  k.setArg(2, static_cast<cl_uint>(src.ld));
  k.setArg(3, static_cast<cl_int>(src.lines_are_rows ? 1 : 0));
  k.setArg(4, static_cast<cl_uint>(lines));
  k.setArg(5, static_cast<cl_uint>(len));
}

bool is_half_stage(const Stage& st) { return st.family == Family::TensorHalf; }

int half_fallback(int stage) { return gemm_kernel(stage).fallback; }

namespace {

// The operands' common layout: tiles, and the k-tiles of a line (4 BK bytes: BK / 16 chunks of
// 64 bytes, each 32 k, or 16 k of hi and 16 of lo).
struct HalfLayout {
  bool split;
  TensorTiles tiles;
  size_t kcols, pitch;
  std::string defines;
};
HalfLayout half_layout(Context& ctx, const Stage& st, size_t k) {
  HalfLayout l{st.number == MQLCL_STAGE_TENSOR_3XFP16, tensor_tiles(ctx.tuning().params(st.number)), 0, 0, ""};
  const size_t tile_k = static_cast<size_t>(l.split ? l.tiles.bk : 2 * l.tiles.bk);  // k of a k-tile
  l.kcols = round_up(k, tile_k), l.pitch = l.split ? 2 * l.kcols : l.kcols;
  l.defines = l.split ? "-DSPLIT=1" : "-DSPLIT=0";
  return l;
}

// The scale exponents of an operand's lines; false when some line cannot be scaled (the one
// read-back of the path).
bool scan_lines(Context& ctx, const HalfLayout& l, const HalfSource& src, size_t lines, size_t k, HalfScratch stats_id,
                HalfScratch exps_id) {
  cl::Buffer& bad = half_scratch(ctx, HalfScratch::BadLines, 4);
  ctx.fill(bad, 0.0f, 1);
  scan(ctx, l.defines, src, lines, k, stats_id, exps_id, bad);
  cl_uint bad_lines = 0;
  ctx.queue().enqueueReadBuffer(bad, CL_TRUE, 0, 4, &bad_lines);
  return bad_lines == 0;
}

}  // namespace

bool half_prepare_b(Context& ctx, const Stage& st, const HalfSource& b, size_t n, size_t k) {
  const HalfLayout l = half_layout(ctx, st, k);
  const size_t np = round_up(n, static_cast<size_t>(l.tiles.bn));
  // The kernels take sizes as int and uint, and index lines of pitch halves with size_t.
  if (np > INT_MAX || l.pitch > INT_MAX || b.ld > UINT_MAX)
    fail(MQLCL_ERR_RANGE, st.name, ": n or k padded exceeds 2^31 - 1");
  const size_t b_bytes = checked_mul(checked_mul(np, l.pitch, "padded B"), 2, "padded B bytes");
  if (!scan_lines(ctx, l, b, n, k, HalfScratch::StatsB, HalfScratch::ExpsB)) return false;
  pack(ctx, l.defines, b, n, k, HalfScratch::ExpsB, half_scratch(ctx, HalfScratch::B, b_bytes), l.pitch, np, l.kcols);
  return true;
}

bool half_rows(Context& ctx, const Stage& st, const HalfSource& a, size_t m, size_t n, size_t k, const cl::Buffer& c,
               size_t ldc) {
  const HalfLayout l = half_layout(ctx, st, k);
  const TensorTiles& tiles = l.tiles;
  const size_t mp = round_up(m, static_cast<size_t>(tiles.bm)), np = round_up(n, static_cast<size_t>(tiles.bn));
  if (mp > INT_MAX || ldc > INT_MAX || a.ld > UINT_MAX) fail(MQLCL_ERR_RANGE, st.name, ": m padded exceeds 2^31 - 1");
  const size_t a_bytes = checked_mul(checked_mul(mp, l.pitch, "padded A"), 2, "padded A bytes");
  if (!scan_lines(ctx, l, a, m, k, HalfScratch::StatsA, HalfScratch::ExpsA)) return false;
  cl::Buffer& ha = half_scratch(ctx, HalfScratch::A, a_bytes);
  pack(ctx, l.defines, a, m, k, HalfScratch::ExpsA, ha, l.pitch, mp, l.kcols);

  cl::Kernel p = ctx.embedded(st.file, st.defines + tiles.defines() + ctx.ptx_defines(), st.entry);
  p.setArg(0, static_cast<cl_int>(m));
  p.setArg(1, static_cast<cl_int>(n));
  p.setArg(2, static_cast<cl_int>(l.pitch / (2 * static_cast<size_t>(tiles.bk))));  // k-tiles of 4 BK bytes
  p.setArg(3, ha);
  p.setArg(4, half_scratch(ctx, HalfScratch::B, np * l.pitch * 2));
  p.setArg(5, static_cast<cl_int>(l.pitch / 8));
  p.setArg(6, half_scratch(ctx, HalfScratch::ExpsA, m * 4));
  p.setArg(7, half_scratch(ctx, HalfScratch::ExpsB, n * 4));
  p.setArg(8, c);
  p.setArg(9, static_cast<cl_int>(ldc));
  const size_t threads = static_cast<size_t>(tiles.threads());
  ctx.check_tiled_work_group(p, threads, st.name);
  const size_t blocks = checked_mul(mp / tiles.bm, np / tiles.bn, "blocks", INT_MAX);
  ctx.launch(p, cl::NDRange(checked_mul(blocks, threads, "work-items")), cl::NDRange(threads));
  return true;
}

namespace {

// The FP16 kernels' path (GemmOperands::ScaledHalf): op(B) scanned and packed once, each
// panel's op(A) the same, the stage's product into a scratch C, the epilogue into the caller's.
class HalfPath final : public GemmPath<float> {
 public:
  HalfPath(Context& ctx, const GemmKernel& k) : ctx_(ctx), stage_(gemm_stage(k.stage)) {}
  bool prepare(const GemmShape& whole, const GemmOperand& b) override {
    // op(B)'s lines are its columns: B's rows when B is stored transposed.
    return half_prepare_b(ctx_, stage_, HalfSource{b.buffer, b.offset, whole.ldb, whole.trans_b}, whole.n, whole.k);
  }
  bool rows(const GemmShape& p, float alpha, const GemmOperand& a, float beta, const GemmOperand& c) override {
    cl::Buffer& ab = gemm_scratch(ctx_, GemmScratch::Product, p.m * p.n * 4);
    if (!half_rows(ctx_, stage_, HalfSource{a.buffer, a.offset, p.lda, !p.trans_a}, p.m, p.n, p.k, ab, p.n)) return false;
    gemm_epilogue<float>(ctx_, p, ab, p.n, alpha, beta, c);
    return true;
  }

 private:
  Context& ctx_;
  const Stage& stage_;
};

}  // namespace

std::unique_ptr<GemmPath<float>> half_path(Context& ctx, const GemmKernel& k) { return std::make_unique<HalfPath>(ctx, k); }

}  // namespace mqlcl
