#include "catalog/sgemm_config.hpp"

#include "core/error.hpp"

namespace mqlcl {

namespace {
// Bytes of one copy of the A tile (TSK x (TSM + 4), padded) and the B tile (TSK x TSN).
size_t tile_bytes(const SgemmConfig& c) { return 4u * static_cast<size_t>(c.tsk) * (c.tsm + 4 + c.tsn); }
// The tuning candidates reach 64 accumulators, 2048 unrolled mads and 8 loads: twice that headroom.
constexpr int kMaxAccumulators = 64;
constexpr int kMaxUnrolledMads = 4096;
constexpr int kMaxLoads = 64;
}  // namespace

void validate(const SgemmConfig& c, const DeviceFacts& f) {
  const int v[5] = {c.tsm, c.tsn, c.tsk, c.wptm, c.wptn};
  for (int x : v)
    if (x < 1 || x > 512) fail(MQLCL_ERR_ARGUMENT, "SGEMM parameter ", x, " is outside 1 .. 512");
  if (c.wptm % 4 || c.wptn % 4)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: WPTM and WPTN must be multiples of 4 (float4 register groups)");
  if (c.tsm % c.wptm || c.tsn % c.wptn)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: TSM must be a multiple of WPTM and TSN of WPTN");
  if (c.tsk % 4)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: TSK must be a multiple of 4 (float4 loads)");
  // Bounds on what one work-item unrolls: the kernel keeps WPTM x WPTN accumulators in
  // registers and unrolls TSK steps of WPTM x WPTN multiply-adds; beyond these a compiler
  // spills or takes minutes ({512, 512, 4, 512, 512} compiled for 179 s on PoCL).
  if (c.wptm * c.wptn > kMaxAccumulators)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: WPTM x WPTN = ", c.wptm * c.wptn, " accumulators per work-item exceed ",
         kMaxAccumulators);
  if (c.tsk * c.wptm * c.wptn > kMaxUnrolledMads)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: TSK x WPTM x WPTN = ", c.tsk * c.wptm * c.wptn,
         " unrolled multiply-adds per work-item exceed ", kMaxUnrolledMads);
  const int threads = (c.tsm / c.wptm) * (c.tsn / c.wptn);
  const int loads = (c.tsm * c.tsk / 4 + c.tsk * c.tsn / 4) / threads;
  if (loads > kMaxLoads)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: ", loads, " unrolled float4 tile loads per work-item exceed ", kMaxLoads,
         " (the tiles are too large for ", threads, " work-items)");
  if ((c.tsm * c.tsk / 4) % threads || (c.tsk * c.tsn / 4) % threads)
    fail(MQLCL_ERR_ARGUMENT, "SGEMM: the ", threads, " work-items must share the float4 loads of both tiles evenly (",
         c.tsm * c.tsk / 4, " and ", c.tsk * c.tsn / 4, " of them)");
  if (static_cast<size_t>(threads) > f.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, "SGEMM: ", threads, " work-items per group exceed the device's ",
         f.max_work_group);
  const size_t local_bytes = tile_bytes(c);
  if (local_bytes > f.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, "SGEMM: tiles need ", local_bytes, " bytes of local memory, the device has ",
         static_cast<unsigned long long>(f.local_mem));
}

bool double_buffered(const SgemmConfig& c, const DeviceFacts& f) { return 2 * tile_bytes(c) <= f.local_mem; }

namespace {
// 4 x 4 per work-item in 256-item groups: fits any device's registers, and a CPU's work-group
// on its thread's stack.
constexpr SgemmConfig kPlain{64, 64, 16, 4, 4};
size_t blocks(const SgemmConfig& c, size_t m, size_t n) {
  return ((m + c.tsm - 1) / c.tsm) * ((n + c.tsn - 1) / c.tsn);
}
}  // namespace

SgemmConfig sgemm_for_product(const SgemmConfig& c, const DeviceFacts& f, size_t m, size_t n) {
  const size_t few = blocks(c, m, n);
  if (4 * few >= f.units || blocks(kPlain, m, n) <= few) return c;
  try {
    validate(kPlain, f);
  } catch (const Error&) {
    return c;  // the plain tiles do not fit this device: the configured ones
  }
  return kPlain;
}

void sgemm_defaults(const DeviceFacts& f, int* out) {
  SgemmConfig c = kPlain;
  // 8 x 8 per work-item in 128-item groups: the fastest of the tiles on NVIDIA's GPUs,
  // double-buffered. It needs about 160 registers a work-item: what a GPU that states a
  // compute capability (NVIDIA's, 255 a thread) gives; others keep the tiles above.
  const SgemmConfig wide{64, 128, 8, 8, 8};
  if (!is_cpu(f) && f.has_cc && f.max_work_group >= 128 && double_buffered(wide, f)) c = wide;
  const int d[kSgemmParamCount] = {c.tsm, c.tsn, c.tsk, c.wptm, c.wptn};
  for (int i = 0; i < kSgemmParamCount; ++i) out[i] = d[i];
}

SgemmConfig sgemm_from(const int* p) { return SgemmConfig{p[0], p[1], p[2], p[3], p[4]}; }

void validate_sgemm_params(const int* params, const DeviceFacts& f) { validate(sgemm_from(params), f); }

namespace {
// Best first, in the order the GPU runs in docs/results/ ranked them: a short budget still finds
// a good one.
constexpr TileVector kSgemmCandidates[] = {
    {64, 128, 8, 8, 8},   {128, 128, 8, 8, 8},  {64, 128, 16, 8, 8},  {128, 64, 8, 8, 8},  {128, 64, 16, 8, 8},
    {64, 64, 8, 8, 8},    {128, 64, 16, 8, 4},  {64, 128, 16, 4, 8},  {64, 64, 16, 4, 4},  {128, 128, 32, 8, 8},
    {64, 128, 32, 8, 8},  {64, 64, 16, 8, 8},   {128, 128, 16, 8, 8}, {128, 256, 8, 8, 8}, {256, 128, 8, 8, 8},
    {128, 128, 16, 8, 4}, {128, 128, 16, 4, 8}, {64, 64, 32, 4, 4},   {32, 128, 16, 4, 8}, {32, 32, 16, 4, 4}};
}  // namespace

const TileRule kSgemmTiles = {kSgemmParamCount,       "TSM TSN TSK WPTM WPTN",
                              sgemm_defaults,         validate_sgemm_params,
                              kSgemmCandidates,       sizeof(kSgemmCandidates) / sizeof(kSgemmCandidates[0])};

}  // namespace mqlcl
