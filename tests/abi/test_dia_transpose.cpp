// DIA SpMV steps 1-5 and the transpose variants against double references, on the shapes
// where such kernels break: diagonals at +-(rows-1), a single diagonal, more diagonals than
// a work-group, rows not a multiple of 4, non-square and non-multiple-of-tile matrices.
#include <cmath>
#include <set>

#include "support.hpp"

namespace {

struct Dia {
  int rows;
  std::vector<int> offsets;
  std::vector<float> values, x;
};

Dia make(int rows, std::vector<int> offsets, unsigned seed) {
  Dia d{rows, std::move(offsets), {}, t::random_floats(static_cast<size_t>(rows), seed)};
  d.values = t::random_floats(d.offsets.size() * static_cast<size_t>(rows), seed + 1);
  // Entries outside the matrix hold junk: every step must ignore them.
  for (size_t k = 0; k < d.offsets.size(); ++k)
    for (int r = 0; r < rows; ++r) {
      const int col = r + d.offsets[k];
      if (col < 0 || col >= rows) d.values[k * static_cast<size_t>(rows) + static_cast<size_t>(r)] = 1e30f;
    }
  return d;
}

void expect_spmv(const Dia& d, int step, int local) {
  t::Ctx ctx;
  const int nd = static_cast<int>(d.offsets.size());
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_DIA_VALUES, d.values.data(), static_cast<int>(d.values.size())),
            static_cast<int>(d.values.size()));
  ASSERT_EQ(mqlcl_upload_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, d.offsets.data(), nd), nd);
  ASSERT_EQ(mqlcl_upload(ctx.h, MQLCL_SLOT_X, d.x.data(), d.rows), d.rows);
  const int rc = mqlcl_dia_spmv(ctx.h, step, d.rows, nd, local);
  if (step == 5 && mqlcl_device_info(t::device(), MQLCL_INFO_IMAGE_SUPPORT) != 1) {
    EXPECT_EQ(rc, MQLCL_ERR_UNSUPPORTED);
    return;
  }
  ASSERT_EQ(rc, MQLCL_OK) << t::message(ctx.h);
  std::vector<float> y(static_cast<size_t>(d.rows), -7.0f);
  ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_Y, y.data(), d.rows), d.rows);
  int bad = 0;
  for (int r = 0; r < d.rows && bad < 5; ++r) {
    double exact = 0, scale = 0;
    for (int k = 0; k < nd; ++k) {
      const int col = r + d.offsets[static_cast<size_t>(k)];
      if (col < 0 || col >= d.rows) continue;
      const double p = static_cast<double>(d.values[static_cast<size_t>(k) * d.rows + r]) * d.x[static_cast<size_t>(col)];
      exact += p;
      scale += std::fabs(p);
    }
    const auto ok = t::close_to(exact, scale, y[static_cast<size_t>(r)], nd);
    if (!ok) {
      ++bad;
      ADD_FAILURE() << "step " << step << ", " << d.rows << " rows, " << nd << " diagonals, row " << r << ": " << ok.message();
    }
  }
}

class DiaStep : public ::testing::TestWithParam<int> {};

TEST_P(DiaStep, ExtremeDiagonals) {
  for (int rows : {1, 2, 5, 37}) {
    std::vector<int> offs{0};
    if (rows > 1) offs = {-(rows - 1), -1, 0, 1, rows - 1};
    expect_spmv(make(rows, offs, 3), GetParam(), 0);
  }
}

TEST_P(DiaStep, OneDiagonalOffCentre) {
  expect_spmv(make(50, {7}, 5), GetParam(), 0);
  expect_spmv(make(50, {-13}, 6), GetParam(), 8);
}

TEST_P(DiaStep, MoreDiagonalsThanTheWorkGroup) {
  std::set<int> offs;
  for (int o = -60; o <= 60; o += 1) offs.insert(o);  // 121 diagonals, work-groups of 16
  expect_spmv(make(203, std::vector<int>(offs.begin(), offs.end()), 7), GetParam(), 16);
}

TEST_P(DiaStep, Laplacian2D) {
  const int g = 9;  // 81 rows: not a multiple of 4
  expect_spmv(make(g * g, {-g, -1, 0, 1, g}, 9), GetParam(), 0);
}

INSTANTIATE_TEST_SUITE_P(Steps, DiaStep, ::testing::Values(1, 2, 3, 4, 5), [](const auto& i) {
  return "step" + std::to_string(i.param);
});

TEST(Dia, Errors) {
  t::Ctx ctx;
  const Dia d = make(10, {-1, 0, 1}, 1);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_DIA_VALUES, d.values.data(), 30), 0);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 10, 3, 0), MQLCL_ERR_NO_DATA);  // offsets missing
  const int bad_offsets[3] = {-1, 0, 10};                            // 10 is outside -(9) .. 9
  ASSERT_GT(mqlcl_upload_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, bad_offsets, 3), 0);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_X, d.x.data(), 10), 0);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 10, 3, 0), MQLCL_ERR_RANGE);
  EXPECT_NE(t::message(ctx.h).find("offset of diagonal 2 is 10"), std::string::npos) << t::message(ctx.h);
  ASSERT_GT(mqlcl_upload_int(ctx.h, MQLCL_SLOT_DIA_OFFSETS, d.offsets.data(), 3), 0);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 6, 10, 3, 0), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 0, 10, 3, 0), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 11, 3, 0), MQLCL_ERR_NO_DATA);  // values hold 30, not 33
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 10, 3, -2), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 0, 3, 0), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_dia_spmv(ctx.h, 1, 10, 3, 0), MQLCL_OK) << t::message(ctx.h);
}

void expect_transpose(int rows, int cols, int variant, int tile) {
  t::Ctx ctx;
  const auto a = t::random_floats(static_cast<size_t>(rows) * cols, static_cast<unsigned>(rows * 31 + cols));
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), rows * cols), 0);
  ASSERT_EQ(mqlcl_transpose(ctx.h, variant, rows, cols, tile), MQLCL_OK) << t::message(ctx.h);
  std::vector<float> b(a.size(), -1.0f);
  ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, b.data(), rows * cols), rows * cols);
  long long bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) bad += b[static_cast<size_t>(c) * rows + r] != a[static_cast<size_t>(r) * cols + c];
  EXPECT_EQ(bad, 0) << "variant " << variant << ", " << rows << " x " << cols << ", tile " << tile;
}

TEST(Transpose, NonSquareAndNonMultipleOfTile) {
  for (int variant : {1, 2, 3})
    for (auto [r, c] : std::vector<std::pair<int, int>>{{1, 1}, {1, 37}, {37, 1}, {17, 33}, {64, 48}, {100, 3}})
      for (int tile : {0, 4, 8}) expect_transpose(r, c, variant, tile);
}

// Tiles 40, 48 and 80 returned 0 but left rows of C unwritten: each work-item moved
// tile / ly rows with ly not dividing the tile. Every tile the library accepts must give an
// exact transpose; the ones it refuses say why (local memory, work-group size). Each tile is a
// program build (about a second on PoCL): the tiles are every value of the rows per work-group
// (transpose_rows_per_group: 1 to 8) at its smallest and largest tile up to 64 (most with
// tiles between), each side of the powers of two, and the tiles that failed.
TEST(Transpose, EveryAcceptedTileIsExact) {
  t::Ctx ctx;
  const int rows = 131, cols = 97;  // no multiple of any tile > 1
  const auto a = t::random_floats(static_cast<size_t>(rows) * cols, 77);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), rows * cols), 0);
  const std::vector<int> tiles = {
      1, 17, 31, 61,           // one row per work-group
      2, 62, 80, 96, 100, 128, // two
      3, 33, 63,               // three
      4, 48, 64,               // four
      5, 15, 40, 50,           // five
      6, 42, 7, 35,            // six, seven
      8, 16, 32,               // eight
  };
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  for (int variant : {2, 3})
    for (int tile : tiles) {
      std::vector<float> poison(a.size(), -1.0f);
      ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_C, poison.data(), rows * cols), 0);
      const int rc = mqlcl_transpose(ctx.h, variant, rows, cols, tile);
      if (static_cast<long long>(tile) * (tile + variant - 2) * 4 > local_mem) {
        EXPECT_EQ(rc, MQLCL_ERR_LOCAL_SIZE) << tile;
        continue;
      }
      if (rc == MQLCL_ERR_LOCAL_SIZE) {  // a work-group the device or kernel cannot take
        EXPECT_TRUE(t::message(ctx.h).find("work-") != std::string::npos) << t::message(ctx.h);
        continue;
      }
      ASSERT_EQ(rc, MQLCL_OK) << "variant " << variant << ", tile " << tile << ": " << t::message(ctx.h);
      std::vector<float> b(a.size(), 0.0f);
      ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, b.data(), rows * cols), rows * cols);
      long long bad = 0;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) bad += b[static_cast<size_t>(c) * rows + r] != a[static_cast<size_t>(r) * cols + c];
      EXPECT_EQ(bad, 0) << "variant " << variant << ", tile " << tile;
    }
}

// The naive variant uses no __local memory: a tile that no tiled variant can hold (its
// tile x tile floats exceed the device's local memory: 48 KiB on NVIDIA GPUs, 1 or 2 MiB on
// PoCL as the CPU's cache goes) only rounds its range. It once built the tiled kernel too, which NVIDIA's compiler
// refused, and returned that build log instead of the transpose.
TEST(Transpose, NaiveVariantTakesTilesTheTiledOnesCannotHold) {
  t::Ctx ctx;
  const int rows = 45, cols = 67;
  const auto a = t::random_floats(static_cast<size_t>(rows) * cols, 45);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), rows * cols), 0);
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  // The smallest tile the local memory cannot hold, and larger ones up to the largest allowed.
  int smallest = static_cast<int>(std::sqrt(static_cast<double>(local_mem) / 4));
  while (4LL * smallest * smallest <= local_mem) ++smallest;
  constexpr int kMaxTile = 1024;
  if (smallest > kMaxTile) GTEST_SKIP() << "this device's local memory (" << local_mem << " bytes) holds every tile up to 1024";
  for (int tile : {kMaxTile, (smallest + kMaxTile) / 2, smallest}) {
    ASSERT_GT(4LL * tile * tile, local_mem) << "tile " << tile << " fits this device's local memory";
    for (int variant : {2, 3}) {
      EXPECT_EQ(mqlcl_transpose(ctx.h, variant, rows, cols, tile), MQLCL_ERR_LOCAL_SIZE) << tile;
      EXPECT_TRUE(t::mentions(ctx.h, "local memory"));
    }
    std::vector<float> poison(a.size(), -1.0f);
    ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_C, poison.data(), rows * cols), 0);
    ASSERT_EQ(mqlcl_transpose(ctx.h, 1, rows, cols, tile), MQLCL_OK) << "tile " << tile << ": " << t::message(ctx.h);
    std::vector<float> b(a.size(), 0.0f);
    ASSERT_EQ(mqlcl_read(ctx.h, MQLCL_SLOT_C, b.data(), rows * cols), rows * cols);
    long long bad = 0;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) bad += b[static_cast<size_t>(c) * rows + r] != a[static_cast<size_t>(r) * cols + c];
    EXPECT_EQ(bad, 0) << "tile " << tile;
  }
}

TEST(Transpose, Errors) {
  t::Ctx ctx;
  const auto a = t::random_floats(12, 1);
  ASSERT_GT(mqlcl_upload(ctx.h, MQLCL_SLOT_A, a.data(), 12), 0);
  EXPECT_EQ(mqlcl_transpose(ctx.h, 4, 3, 4, 0), MQLCL_ERR_STAGE);
  EXPECT_EQ(mqlcl_transpose(ctx.h, 1, 3, 5, 0), MQLCL_ERR_NO_DATA);
  EXPECT_EQ(mqlcl_transpose(ctx.h, 2, 3, 4, -1), MQLCL_ERR_ARGUMENT);
  // A tile whose (tile + 1) x tile floats exceed the device's local memory.
  const long long local_mem = mqlcl_device_info(t::device(), MQLCL_INFO_LOCAL_MEM_SIZE);
  const int too_big = (static_cast<int>(std::sqrt(local_mem / 4.0)) / 8 + 1) * 8;
  EXPECT_EQ(mqlcl_transpose(ctx.h, 3, 3, 4, too_big), MQLCL_ERR_LOCAL_SIZE);
  EXPECT_NE(t::message(ctx.h).find("local memory"), std::string::npos) << t::message(ctx.h);
}

}  // namespace
