// The packed path (GemmOperands::Packed): op(B) once and each panel's op(A) copied into the
// product's padded layout (gemm/gemm_pack), the product into a padded scratch C, the epilogue
// into the caller's C. Its launcher is the row's `launch`: a matmul stage's family launcher
// (gemm/stage_launchers), or the row's own kernel built from its tunable's tiles (its tile
// rule's `product`, catalog/tile_rule: a 2D grid or one work-group per block).
#include <climits>

#include "catalog/stage_registry.hpp"
#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "gemm/gemm_pack.hpp"
#include "gemm/gemm_path.hpp"
#include "gemm/gemm_state.hpp"
#include "gemm/stage_launchers.hpp"

namespace mqlcl {

namespace {

template <class T>
class PackedPath final : public GemmPath<T> {
 public:
  PackedPath(Context& ctx, const GemmKernel& k) : ctx_(ctx), k_(k) {}

  bool prepare(const GemmShape& whole, const GemmOperand& b) override {
    if (k_.launch == GemmLaunch::Stage)
      prepare_stage(whole);
    else
      prepare_tiles(whole);
    cl::Buffer& pb = gemm_scratch(ctx_, GemmScratch::PackB, checked_mul(checked_mul(kp_, np_, "k x n"), sizeof(T), "k x n bytes"));
    // op(B) as kp x np, or np x kp (op(B) transposed) for a kernel reading B by columns.
    if (b_transposed_)
      gemm_pack<T>(ctx_, b, whole.ldb, !whole.trans_b, whole.n, whole.k, pb, kp_, np_);
    else
      gemm_pack<T>(ctx_, b, whole.ldb, whole.trans_b, whole.k, whole.n, pb, np_, kp_);
    return true;
  }

  bool rows(const GemmShape& p, T alpha, const GemmOperand& a, T beta, const GemmOperand& c) override {
    const size_t mp = round_up(p.m, bm_);
    cl::Buffer& pa = gemm_scratch(ctx_, GemmScratch::PackA, mp * kp_ * sizeof(T));
    cl::Buffer& ab = gemm_scratch(ctx_, GemmScratch::Product, mp * np_ * sizeof(T));
    const cl::Buffer& pb = gemm_scratch(ctx_, GemmScratch::PackB, kp_ * np_ * sizeof(T));
    gemm_pack<T>(ctx_, a, p.lda, p.trans_a, p.m, p.k, pa, kp_, mp);
    if (k_.launch == GemmLaunch::Stage)
      launch_stage(p, pa, pb, ab);
    else
      launch_tiles(mp, pa, pb, ab);
    gemm_epilogue<T>(ctx_, p, ab, np_, alpha, beta, c);
    return true;
  }

 private:
  // A matmul stage reads K padded to its vector width, and B by rows or by columns.
  void prepare_stage(const GemmShape& whole) {
    if (sizeof(T) != 4) fail(MQLCL_ERR_INTERNAL, k_.name, ": a matmul stage takes float operands");
    stage_ = &gemm_stage(k_.stage);
    kp_ = round_up(whole.k, static_cast<size_t>(stage_->vw));
    np_ = whole.n;
    b_transposed_ = stage_->b_colmajor;
    if (stage_->private_row && kp_ > static_cast<size_t>(kMaxPrivateRow))
      fail(MQLCL_ERR_SHAPE, "k = ", whole.k, " exceeds the ", kMaxPrivateRow, " of stage ", stage_->number, " (",
           stage_->name, ")");
    // The stages index with int: the packed operands and the product stay below 2^31 elements.
    checked_mul(whole.m, kp_, "m x k", INT_MAX);
    checked_mul(kp_, whole.n, "k x n", INT_MAX);
    checked_mul(whole.m, whole.n, "m x n", INT_MAX);
  }

  void launch_stage(const GemmShape& p, const cl::Buffer& pa, const cl::Buffer& pb, cl::Buffer& ab) {
    if (stage_->zero_c) ctx_.fill(ab, 0.0f, p.m * p.n);
    MatmulJob job{ctx_, *stage_, p.m, p.k, p.n, kp_, pa, pb, ab, 0, 0, stage_->param.none() ? 0 : stage_->param.fallback};
    launch_gemm_stage(job);
  }

  // The row's kernel pads M, N, K to its block; a block kernel reads B transposed.
  void prepare_tiles(const GemmShape& whole) {
    const int* params = ctx_.tuning().params(k_.tunable);
    if (k_.tiles == nullptr || k_.tiles->product == nullptr)
      fail(MQLCL_ERR_INTERNAL, k_.name, ": its tile rule does not say how its kernel is launched");
    tiles_ = k_.tiles->product(params);
    if (k_.mma) tiles_.defines += ctx_.ptx_defines();
    bm_ = static_cast<size_t>(tiles_.bm);
    np_ = round_up(whole.n, static_cast<size_t>(tiles_.bn));
    kp_ = round_up(whole.k, static_cast<size_t>(tiles_.bk));
    // On a processor, rows a multiple of 4 KiB apart fall into the same few sets of its caches:
    // a chunk of B's columns or A's rows then does not stay in the first-level cache (a sixth to
    // a quarter slower at 1024 and 2048, docs/results-cpu.md); one more block (of B's columns,
    // of A's k: zeros, at least a cache line) moves them apart.
    if (is_cpu(ctx_.facts())) {
      if (np_ * sizeof(T) % 4096 == 0) np_ += static_cast<size_t>(tiles_.bn);
      if (kp_ * sizeof(T) % 4096 == 0) kp_ += round_up(64 / sizeof(T), static_cast<size_t>(tiles_.bk));
    }
    b_transposed_ = k_.launch == GemmLaunch::Blocks;
    const size_t mp = round_up(whole.m, bm_);
    // The kernels take M, N, K as int and the layout kernels pitches as uint.
    if (mp > INT_MAX || np_ > INT_MAX || kp_ > INT_MAX)
      fail(MQLCL_ERR_RANGE, k_.name, ": m, n or k padded exceeds 2^31 - 1");
    checked_mul(checked_mul(mp, kp_, "m x k"), sizeof(T), "m x k bytes");
    checked_mul(checked_mul(mp, np_, "m x n"), sizeof(T), "m x n bytes");
    kernel_ = ctx_.embedded(k_.file, tiles_.defines, k_.entry);
    local_ = tiles_.local1 > 1 ? cl::NDRange(tiles_.local0, tiles_.local1) : cl::NDRange(tiles_.local0);
    if (k_.launch == GemmLaunch::Blocks)
      ctx_.check_tiled_work_group(kernel_, tiles_.local0, k_.entry);
    else
      ctx_.check_local(kernel_, local_, k_.entry);
  }

  void launch_tiles(size_t mp, const cl::Buffer& pa, const cl::Buffer& pb, const cl::Buffer& ab) {
    kernel_.setArg(0, static_cast<cl_int>(mp));
    kernel_.setArg(1, static_cast<cl_int>(np_));
    kernel_.setArg(2, static_cast<cl_int>(kp_));
    kernel_.setArg(3, pa);
    kernel_.setArg(4, pb);
    kernel_.setArg(5, ab);
    const size_t bm = static_cast<size_t>(tiles_.bm), bn = static_cast<size_t>(tiles_.bn);
    if (k_.launch == GemmLaunch::Blocks)
      ctx_.launch(kernel_, cl::NDRange((mp / bm) * (np_ / bn) * tiles_.local0), local_);
    else
      ctx_.launch(kernel_, cl::NDRange(np_ / bn * tiles_.local0, mp / bm * tiles_.local1), local_);
  }

  Context& ctx_;
  const GemmKernel& k_;
  const Stage* stage_ = nullptr;  // GemmLaunch::Stage
  TileProduct tiles_;             // GemmLaunch::Grid and ::Blocks
  cl::Kernel kernel_;
  cl::NDRange local_;
  size_t bm_ = 1, np_ = 0, kp_ = 0;
  bool b_transposed_ = false;
};

}  // namespace

template <class T>
std::unique_ptr<GemmPath<T>> packed_path(Context& ctx, const GemmKernel& k) {
  return std::make_unique<PackedPath<T>>(ctx, k);
}

template std::unique_ptr<GemmPath<float>> packed_path<float>(Context&, const GemmKernel&);
template std::unique_ptr<GemmPath<double>> packed_path<double>(Context&, const GemmKernel&);

}  // namespace mqlcl
