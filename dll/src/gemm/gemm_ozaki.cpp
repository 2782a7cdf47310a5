#include "gemm/gemm_ozaki.hpp"

#include <climits>
#include <string>

#include "catalog/gemm_kernels.hpp"
#include "catalog/ozaki_moduli.hpp"
#include "catalog/tensor_tiles.hpp"
#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "gemm/gemm_path.hpp"
#include "gemm/half_operands.hpp"
#include "scratch_buffers.hpp"

namespace mqlcl {

// The scheme's buffers: its lines' statistics and scale exponents, the checks' results
// (BadLines), the operands' residues, the products' residues, the inner positions' statistics.
enum class OzakiScratch : int { StatsA, StatsB, ExpsA, ExpsB, BadLines, A, B, Products, KStatsA, KStatsB };

namespace {

const char* kOzakiFile = "gemm/ozaki.cl";

struct OzakiState {
  ScratchBuffers<OzakiScratch> buffers{"an Ozaki scheme buffer"};
};

// A plane starts on a page: every line's 16-byte chunks stay aligned.
size_t plane_bytes(size_t bytes) { return round_up(bytes, size_t{4096}); }

}  // namespace

template <class T>
cl::Buffer& OzakiRows<T>::scratch(OzakiScratch use, size_t bytes) {
  return ctx_.state<OzakiState>().buffers.get(ctx_, use, bytes);
}

template <class T>
OzakiRows<T>::OzakiRows(Context& ctx, int kernel, const GemmShape& whole, const GemmOperand& b)
    : ctx_(ctx), kernel_(kernel) {
  const GemmKernel& g = gemm_kernel(kernel);
  const OzakiPlan plan = ozaki_plan(ozaki_significand(g), static_cast<long long>(whole.k));
  if (!plan.moduli) return;  // k beyond the scheme: the caller's native kernel
  moduli_ = plan.moduli, bits_ = plan.bits;
  tiles_ = tensor_tiles(ctx.tuning().params(kernel));
  k_ = whole.k, n_ = whole.n;
  pitch_ = round_up(whole.k, static_cast<size_t>(4 * tiles_.bk));  // bytes a line: whole k-tiles
  np_ = round_up(whole.n, static_cast<size_t>(tiles_.bn));
  if (np_ > INT_MAX || pitch_ > INT_MAX || whole.ldb > UINT_MAX || whole.ldc > UINT_MAX)
    fail(MQLCL_ERR_RANGE, g.name, ": n, k or a leading dimension exceeds 2^31 - 1");
  const std::string moduli_defines = ozaki_defines(moduli_);
  defines_ = std::string(sizeof(T) == 8 ? "-DLINE_DOUBLE" : "") + " -DK_STATS" + moduli_defines;
  product_defines_ = "-DRESIDUES" + tiles_.defines() + moduli_defines + ctx.ptx_defines();
  // op(B)'s lines are its columns: B's rows when B is stored transposed.
  const HalfSource op_b{b.buffer, b.offset, whole.ldb, whole.trans_b};
  cl::Buffer& status = clear_status();
  scan(op_b, whole.n, OzakiScratch::StatsB, OzakiScratch::ExpsB, OzakiScratch::KStatsB);
  cl_int bad_lines = 0;
  ctx.queue().enqueueReadBuffer(status, CL_TRUE, 0, sizeof bad_lines, &bad_lines);
  if (bad_lines) return;
  b_plane_ = plane_bytes(checked_mul(np_, pitch_, "padded B"));
  cl::Buffer& rb = scratch(OzakiScratch::B, checked_mul(b_plane_, static_cast<size_t>(moduli_), "B's residues"));
  cut(op_b, whole.n, OzakiScratch::ExpsB, rb, np_, b_plane_);
  ready_ = true;
}

template <class T>
cl::Buffer& OzakiRows<T>::clear_status() {
  cl::Buffer& status = scratch(OzakiScratch::BadLines, 4 * sizeof(cl_int));
  ctx_.fill(status, 0.0f, 4);
  return status;
}

template <class T>
void OzakiRows<T>::scan(const HalfSource& src, size_t lines, OzakiScratch stats_id, OzakiScratch exps_id, OzakiScratch k_stats_id) {
  cl::Buffer& stats = scratch(stats_id, checked_mul(lines, 8, "line statistics"));
  cl::Buffer& exps = scratch(exps_id, checked_mul(lines, 4, "line scales"));
  cl::Buffer& k_stats = scratch(k_stats_id, checked_mul(k_, 4, "position statistics"));
  cl::Buffer& status = scratch(OzakiScratch::BadLines, 4 * sizeof(cl_int));
  ctx_.fill(stats, 0.0f, 2 * lines);
  ctx_.fill(k_stats, 0.0f, k_);
  const size_t src_rows = src.lines_are_rows ? lines : k_, src_cols = src.lines_are_rows ? k_ : lines;
  cl::Kernel s = ctx_.embedded(kOzakiFile, defines_, "line_stats");
  set_line_source(s, src, lines, k_);
  s.setArg(6, stats);
  s.setArg(7, k_stats);
  ctx_.launch_convert(s, cl::NDRange(round_up(src_cols, size_t{32}), round_up(src_rows, size_t{32}) / 4), cl::NDRange(32, 8));
  cl::Kernel e = ctx_.embedded(kOzakiFile, defines_, "ozaki_line_scales");
  e.setArg(0, stats);
  e.setArg(1, static_cast<cl_uint>(lines));
  e.setArg(2, static_cast<cl_int>(bits_));
  e.setArg(3, exps);
  e.setArg(4, status);
  ctx_.launch_convert(e, cl::NDRange(round_up(lines, size_t{64})), cl::NullRange);
}

template <class T>
void OzakiRows<T>::cut(const HalfSource& src, size_t lines, OzakiScratch exps_id, const cl::Buffer& dst, size_t lines_padded,
                       size_t plane) {
  cl::Kernel r = ctx_.embedded(kOzakiFile, defines_, "ozaki_residues");
  set_line_source(r, src, lines, k_);
  r.setArg(6, scratch(exps_id, lines * 4));
  r.setArg(7, dst);
  r.setArg(8, static_cast<cl_uint>(pitch_));
  r.setArg(9, static_cast<cl_uint>(lines_padded));
  r.setArg(10, static_cast<cl_ulong>(plane));
  ctx_.launch_convert(r, cl::NDRange(round_up(pitch_, size_t{32}), round_up(lines_padded, size_t{32}) / 4), cl::NDRange(32, 8));
}

template <class T>
bool OzakiRows<T>::rows(const GemmShape& p, T alpha, const GemmOperand& a, T beta, const GemmOperand& c) {
  const TensorTiles& tiles = tiles_;
  const size_t mp = round_up(p.m, static_cast<size_t>(tiles.bm));
  if (mp > INT_MAX || p.lda > UINT_MAX) fail(MQLCL_ERR_RANGE, gemm_kernel(kernel_).name, ": m padded exceeds 2^31 - 1");
  // op(A)'s lines are its rows: A's columns when A is stored transposed.
  const HalfSource op_a{a.buffer, a.offset, p.lda, !p.trans_a};
  cl::Buffer& status = clear_status();
  scan(op_a, p.m, OzakiScratch::StatsA, OzakiScratch::ExpsA, OzakiScratch::KStatsA);
  cl::Kernel spread = ctx_.embedded(kOzakiFile, defines_, "ozaki_inner_spread");
  spread.setArg(0, scratch(OzakiScratch::KStatsA, k_ * 4));
  spread.setArg(1, scratch(OzakiScratch::KStatsB, k_ * 4));
  spread.setArg(2, static_cast<cl_uint>(k_));
  spread.setArg(3, status);
  ctx_.launch_convert(spread, cl::NDRange(round_up(k_, size_t{64})), cl::NullRange);
  cl_int check[4] = {};  // bad lines; the largest exponents of op(A)'s columns, op(B)'s rows, their sum
  ctx_.queue().enqueueReadBuffer(status, CL_TRUE, 0, sizeof check, check);
  const int inner_spread = check[3] ? check[1] + check[2] - check[3] : 0;
  if (check[0] || inner_spread > kOzakiInnerSpreadBits) return false;
  const size_t a_plane = plane_bytes(checked_mul(mp, pitch_, "padded A"));
  const size_t moduli = static_cast<size_t>(moduli_);
  cl::Buffer& ra = scratch(OzakiScratch::A, checked_mul(a_plane, moduli, "A's residues"));
  cut(op_a, p.m, OzakiScratch::ExpsA, ra, mp, a_plane);

  // One INT8 product per modulus in one launch (its second dimension), each into its plane
  // of residues of A'B'.
  const size_t c_plane = plane_bytes(checked_mul(p.m, n_, "m x n"));
  cl::Buffer& products = scratch(OzakiScratch::Products, checked_mul(c_plane, moduli, "the products' residues"));
  cl::Kernel product = ctx_.embedded("gemm/igemm_tensor.cl", product_defines_, "igemm_tensor");
  const size_t threads = static_cast<size_t>(tiles.threads());
  ctx_.check_tiled_work_group(product, threads, gemm_kernel(kernel_).name);
  const size_t blocks = checked_mul(mp / tiles.bm, np_ / tiles.bn, "blocks", INT_MAX);
  product.setArg(0, static_cast<cl_int>(p.m));
  product.setArg(1, static_cast<cl_int>(n_));
  product.setArg(2, static_cast<cl_int>(pitch_ / (4 * static_cast<size_t>(tiles.bk))));
  product.setArg(3, ra);
  product.setArg(4, scratch(OzakiScratch::B, b_plane_ * moduli));
  product.setArg(5, static_cast<cl_int>(pitch_ / 16));
  product.setArg(6, products);
  product.setArg(7, static_cast<cl_int>(n_));
  product.setArg(8, static_cast<cl_ulong>(a_plane / 16));
  product.setArg(9, static_cast<cl_ulong>(b_plane_ / 16));
  product.setArg(10, static_cast<cl_ulong>(c_plane));
  ctx_.launch(product, cl::NDRange(checked_mul(blocks, threads, "work-items"), moduli), cl::NDRange(threads, 1));

  cl::Kernel r = ctx_.embedded(kOzakiFile, defines_, "ozaki_reconstruct");
  r.setArg(0, products);
  r.setArg(1, static_cast<cl_ulong>(c_plane));
  r.setArg(2, static_cast<cl_uint>(p.m));
  r.setArg(3, static_cast<cl_uint>(n_));
  r.setArg(4, scratch(OzakiScratch::ExpsA, p.m * 4));
  r.setArg(5, scratch(OzakiScratch::ExpsB, n_ * 4));
  r.setArg(6, alpha);
  r.setArg(7, beta);
  r.setArg(8, c.buffer);
  r.setArg(9, static_cast<cl_ulong>(c.offset));
  r.setArg(10, static_cast<cl_uint>(p.ldc));
  ctx_.launch_convert(r, cl::NDRange(round_up(n_, size_t{16}), round_up(p.m, size_t{16})), cl::NDRange(16, 16));
  return true;
}

template class OzakiRows<float>;
template class OzakiRows<double>;

namespace {

// The Ozaki kernels' path (GemmOperands::Residues): op(B) represented when the path is
// prepared, each panel by OzakiRows.
template <class T>
class OzakiPath final : public GemmPath<T> {
 public:
  OzakiPath(Context& ctx, const GemmKernel& k) : ctx_(ctx), kernel_(k.id) {}
  bool prepare(const GemmShape& whole, const GemmOperand& b) override {
    rows_ = std::make_unique<OzakiRows<T>>(ctx_, kernel_, whole, b);
    return rows_->ready();
  }
  bool rows(const GemmShape& p, T alpha, const GemmOperand& a, T beta, const GemmOperand& c) override {
    return rows_->rows(p, alpha, a, beta, c);
  }

 private:
  Context& ctx_;
  int kernel_;
  std::unique_ptr<OzakiRows<T>> rows_;
};

}  // namespace

template <class T>
std::unique_ptr<GemmPath<T>> ozaki_path(Context& ctx, const GemmKernel& k) {
  return std::make_unique<OzakiPath<T>>(ctx, k);
}

template std::unique_ptr<GemmPath<float>> ozaki_path<float>(Context&, const GemmKernel&);
template std::unique_ptr<GemmPath<double>> ozaki_path<double>(Context&, const GemmKernel&);

}  // namespace mqlcl
