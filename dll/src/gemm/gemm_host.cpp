#include <chrono>

#include "gemm/gemm.hpp"
#include "gemm/gemm_panels.hpp"
#include "gemm/gemm_plan.hpp"
#include "gemm/gemm_routine.hpp"
#include "gemm/self_tuning.hpp"
#include "gemm/gemm_state.hpp"
#include "timing.hpp"

namespace mqlcl {

namespace {

// The stored (rows, cols) of A and B.
struct StoredSizes {
  size_t a_rows, a_cols, b_rows, b_cols;
};
StoredSizes stored_sizes(const GemmShape& s) {
  return {s.trans_a ? s.k : s.m, s.trans_a ? s.m : s.k, s.trans_b ? s.n : s.k, s.trans_b ? s.k : s.n};
}

// The host-array GEMM: the caller's used rows of B copied once, then by panels of rows of
// op(A) and C (gemm/gemm_panels): a panel's rows of A (and of C when beta reads it) go up
// on the upload queue, its product runs on the context's queue once they are there, and its
// rows of C come back on the download queue once its product is done; the upload workers run
// ahead through every panel, so the three overlap. Copies enqueued directly (without staging)
// are ordered by events, on the device: the call waits on the host once, at its end. On the
// device each matrix is dense (ld = its columns); a panel of op(A) is dense by itself: m_p x k,
// or k x m_p when A is stored transposed (its columns are the panel's rows). The caller's
// arrays are only read (RowCopy's pointer serves both directions) but for C's used elements.
}  // namespace

template <class T>
void gemm_host(Context& ctx, const GemmShape& s, T alpha, const T* a, const T* b, T beta, T* c) {
  const int kernel = kernel_for_call(ctx, s);  // refused before any transfer when none runs
  const bool c_up = beta != T(0);
  const PanelPlan plan = plan_panels(ctx, s, kernel, c_up, sizeof(T));
  const StoredSizes z = stored_sizes(s);
  cl::Buffer& da = gemm_scratch(ctx, GemmScratch::RawA, s.m * s.k * sizeof(T));
  cl::Buffer& db = gemm_scratch(ctx, GemmScratch::RawB, s.k * s.n * sizeof(T));
  cl::Buffer& dc = gemm_scratch(ctx, GemmScratch::C, s.m * s.n * sizeof(T));
  GemmShape whole = s;
  whole.ldb = z.b_cols, whole.ldc = s.n;
  whole.b_need = s.k * s.n, whole.c_need = s.m * s.n;

  ctx.data_written();
  TransferStream up(ctx.uploads()), down(ctx.downloads());
  const RowCopy b_copy{const_cast<T*>(b), z.b_rows, z.b_cols * sizeof(T), s.ldb * sizeof(T), &db};
  up.submit(&b_copy, 1);
  for (size_t row = 0; row < s.m; row += plan.rows) {
    const size_t rows = std::min(plan.rows, s.m - row);
    RowCopy copies[2] = {
        s.trans_a ? RowCopy{const_cast<T*>(a) + row, s.k, rows * sizeof(T), s.lda * sizeof(T), &da, row * s.k * sizeof(T)}
                  : RowCopy{const_cast<T*>(a) + row * s.lda, rows, s.k * sizeof(T), s.lda * sizeof(T), &da,
                            row * s.k * sizeof(T)},
        RowCopy{c + row * s.ldc, rows, s.n * sizeof(T), s.ldc * sizeof(T), &dc, row * s.n * sizeof(T)}};
    up.submit(copies, c_up ? 2 : 1);
  }

  ctx.begin_op();
  up.order_before(0, ctx.queue());
  GemmRows<T> product(ctx, kernel, whole, GemmOperand{db, 0});
  size_t batch = 1;
  for (size_t row = 0; row < s.m; row += plan.rows, ++batch) {
    GemmShape p = whole;
    p.m = std::min(plan.rows, s.m - row);
    p.lda = s.trans_a ? p.m : s.k;
    p.a_need = p.m * s.k, p.c_need = p.m * s.n;
    up.order_before(batch, ctx.queue());
    product.rows(p, alpha, GemmOperand{da, row * s.k}, beta, GemmOperand{dc, row * s.n});
    cl::Event computed;
    ctx.queue().enqueueMarkerWithWaitList(nullptr, &computed);
    ctx.queue().flush();
    const RowCopy c_copy{c + row * s.ldc, p.m, s.n * sizeof(T), s.ldc * sizeof(T), &dc, row * s.n * sizeof(T)};
    down.submit(&c_copy, 1, &computed);
  }
  up.finish();
  down.finish();
  ctx.end_op();
  ctx.product_by(product.product());
  ctx.panels_took(static_cast<int>(batch - 1));
  ctx.transfers_took(up.busy_ms(), down.busy_ms());
  ctx.data_read();
}

template void gemm_host<float>(Context&, const GemmShape&, float, const float*, const float*, float, float*);
template void gemm_host<double>(Context&, const GemmShape&, double, const double*, const double*, double, double*);

}  // namespace mqlcl
