// The engine's operands as lines (util/mma_engine.cl's companion, included after it): A as
// rows and B as columns, each a run of 16-byte chunks `pitch_quads` long, padded with zeros to
// whole blocks and k-tiles (no guards); a k-tile is ROW_QUADS = BK / 4 chunks of each line,
// a slice 32 bytes of it (PARTS slices' worth of column pairs per engine slice: 1, or 2 where a
// kernel reads two parts together, the FP16 kernel's hi and lo). 16-bit and 8-bit elements
// alike: ldmatrix reads 16-byte rows whatever they hold.
// The kernel defines BM, BN, BK, WM, WN, THREADS, PARTS, and has in scope tid, lane, wm0,
// wn0, bm0, bn0, tiles, tiles_addr; LINE_OPERANDS(A, B, pitch_quads) declares the copies'
// sources and the fragment registers.
//
// __local tile rows are ROW_QUADS 16-byte chunks, chunk c of row r stored at c ^ swizzle(r):
// the eight rows an ldmatrix phase reads (one chunk each) then fall on eight distinct 16-byte
// bank groups (2 chunks a row: four rows share the 128 bytes of banks, swizzle (r >> 2) & 1;
// 4 chunks: (r >> 1) & 3; 8 chunks: r & 7).
#define MT (WM / 16)  // m16 tiles per warp
#define NP (WN / 16)  // pairs of n8 tiles per warp (one ldmatrix.x4 each)
#define ROW_QUADS (BK / 4)
#define A_QUADS (BM * ROW_QUADS)
#define B_QUADS (BN * ROW_QUADS)
#define STAGE_QUADS (A_QUADS + B_QUADS)
#define ROWS_PER_PASS (THREADS / ROW_QUADS)

#if WM % 16 || WN % 16 || BM % WM || BN % WN
#error "WM and WN must be multiples of 16 dividing BM and BN"
#endif
#if A_QUADS % THREADS || B_QUADS % THREADS
#error "the A and B tiles must split evenly into 16-byte chunks per work-item"
#endif

// Quad index of chunk c of row r inside a tile.
int swizzled(int r, int c) {
#if ROW_QUADS == 2
  return r * 2 + (c ^ ((r >> 2) & 1));
#elif ROW_QUADS == 4
  return r * 4 + (c ^ ((r >> 1) & 3));
#elif ROW_QUADS == 8
  return r * 8 + (c ^ (r & 7));
#else
#error "BK must be 8, 16 or 32 (2, 4 or 8 chunks of 16 bytes a line per k-tile)"
#endif
}

// Work-item tid copies chunk tid % ROW_QUADS of rows tid / ROW_QUADS + i * ROWS_PER_PASS; the
// fragments of a slice sit in register set 0 or 1, per part, per m16 tile (A) or pair of n8
// tiles (B).
#define LINE_OPERANDS(A, B, pitch_quads)                                                              \
  const int line_pitch_ = (pitch_quads);                                                              \
  __global const uint4* a_src = (A) + (size_t)(bm0 + tid / ROW_QUADS) * line_pitch_ + tid % ROW_QUADS; \
  __global const uint4* b_src = (B) + (size_t)(bn0 + tid / ROW_QUADS) * line_pitch_ + tid % ROW_QUADS; \
  uint fa[2][PARTS][MT][4], fb[2][PARTS][NP][4];
#define LOAD_TILE(stage, kt)                                                                               \
  {                                                                                                        \
    const int base_ = (stage) * STAGE_QUADS;                                                               \
    _Pragma("unroll") for (int i = 0; i < A_QUADS / THREADS; ++i)                                          \
        copy16(tiles_addr, tiles, base_ + swizzled(tid / ROW_QUADS + i * ROWS_PER_PASS, tid % ROW_QUADS), \
               a_src + (size_t)i * ROWS_PER_PASS * line_pitch_ + ROW_QUADS * (kt), 16u);                  \
    _Pragma("unroll") for (int i = 0; i < B_QUADS / THREADS; ++i)                                          \
        copy16(tiles_addr, tiles,                                                                          \
               base_ + A_QUADS + swizzled(tid / ROW_QUADS + i * ROWS_PER_PASS, tid % ROW_QUADS),          \
               b_src + (size_t)i * ROWS_PER_PASS * line_pitch_ + ROW_QUADS * (kt), 16u);                  \
  }

// Row rho of 8x8 matrix q of an ldmatrix.x4 at 32-byte column pair cp_ of a stage: A (m16
// tile i_): (rows 0-7, first 16 bytes), (rows 8-15, first), (rows 0-7, second), (rows 8-15,
// second) = a0..a3 of the mma; B (n8 tiles 2p_, 2p_+1): (tile 2p_, first), (2p_, second),
// (2p_+1, first), (2p_+1, second) = b0, b1 of each.
#define A_AT(q, rho) (sb_ + swizzled(wm0 + 16 * i_ + 8 * ((q) & 1) + (rho), 2 * cp_ + ((q) >> 1)))
#define B_AT(q, rho) (sb_ + A_QUADS + swizzled(wn0 + 16 * p_ + 8 * ((q) >> 1) + (rho), 2 * cp_ + ((q) & 1)))
// Slice sl's fragments: column pairs PARTS sl + part.
#define LOAD_FRAGMENTS(set, stage, sl)                                                    \
  {                                                                                       \
    const int sb_ = (stage) * STAGE_QUADS;                                                \
    _Pragma("unroll") for (int part = 0; part < PARTS; ++part) {                          \
      const int cp_ = PARTS * (sl) + part;                                                \
      _Pragma("unroll") for (int i_ = 0; i_ < MT; ++i_) LDSM_X4(fa[set][part][i_], A_AT); \
      _Pragma("unroll") for (int p_ = 0; p_ < NP; ++p_) LDSM_X4(fb[set][part][p_], B_AT); \
    }                                                                                     \
  }
#define COPY_SET(to, from)                                                                          \
  _Pragma("unroll") for (int part = 0; part < PARTS; ++part) {                                      \
    _Pragma("unroll") for (int i = 0; i < MT; ++i) _Pragma("unroll") for (int r = 0; r < 4; ++r)    \
        fa[to][part][i][r] = fa[from][part][i][r];                                                  \
    _Pragma("unroll") for (int p = 0; p < NP; ++p) _Pragma("unroll") for (int r = 0; r < 4; ++r)    \
        fb[to][part][p][r] = fb[from][part][p][r];                                                  \
  }
// n8 tile j's b0, b1: registers 2 (j % 2), 2 (j % 2) + 1 of its pair's ldmatrix.
#define B0(set, part, j) fb[set][part][(j) / 2][2 * ((j) % 2)]
#define B1(set, part, j) fb[set][part][(j) / 2][2 * ((j) % 2) + 1]

// The accumulators' way out: lane (g, t) holds, of n8 tile j of m16 tile i, columns 2t and
// 2t + 1 of rows g (r 0, 1) and g + 8 (r 2, 3); STORE(m, n, i, j, r) for those inside M x N.
#define LINE_EPILOGUE(STORE)                                                 \
  _Pragma("unroll") for (int i = 0; i < MT; ++i) {                           \
    _Pragma("unroll") for (int h = 0; h < 2; ++h) {                          \
      const int m = bm0 + wm0 + 16 * i + 8 * h + g;                          \
      if (m >= M) continue;                                                  \
      _Pragma("unroll") for (int j = 0; j < 2 * NP; ++j) {                   \
        const int n = bn0 + wn0 + 8 * j + 2 * t;                             \
        if (n < N) STORE(m, n, i, j, 2 * h);                                 \
        if (n + 1 < N) STORE(m, n + 1, i, j, 2 * h + 1);                     \
      }                                                                      \
    }                                                                        \
  }
