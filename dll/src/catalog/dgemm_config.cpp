#include "catalog/dgemm_config.hpp"

#include "device/tensor_decision.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {
void check_range(const int* p, int count, const char* what) {
  for (int i = 0; i < count; ++i)
    if (p[i] < 1 || p[i] > 512) fail(MQLCL_ERR_ARGUMENT, what, " parameter ", p[i], " is outside 1 .. 512");
}
}  // namespace

// 8 x 8 outputs per work-item on CPUs: PoCL runs a work-group as loops, where the larger
// register block halves the loads per FMA (docs/results-cpu.md); GPUs keep 4 x 4, which leaves
// more work-items per group.
void dgemm_defaults(const DeviceFacts& f, int* out) {
  const int w = is_cpu(f) ? 8 : 4;
  const int d[kDgemmParamCount] = {64, 64, 16, w, w};
  for (int i = 0; i < kDgemmParamCount; ++i) out[i] = d[i];
}

TileProduct dgemm_simt_product(const int* p) {
  TileProduct d;
  d.bm = p[0], d.bn = p[1], d.bk = p[2];
  d.local0 = static_cast<size_t>(p[1] / p[4]), d.local1 = static_cast<size_t>(p[0] / p[3]);
  d.local_bytes = 8ull * p[2] * (p[0] + p[1]);
  d.defines = str("-DTSM=", p[0], " -DTSN=", p[1], " -DTSK=", p[2], " -DWPTM=", p[3], " -DWPTN=", p[4]);
  return d;
}

void validate_dgemm_params(const int* p, const DeviceFacts& f) {
  check_range(p, kDgemmParamCount, "DGEMM");
  const int tsm = p[0], tsn = p[1], tsk = p[2], wptm = p[3], wptn = p[4];
  if (tsm % wptm || tsn % wptn) fail(MQLCL_ERR_ARGUMENT, "DGEMM: WPTM must divide TSM and WPTN TSN");
  const int threads = (tsm / wptm) * (tsn / wptn);
  if ((tsm * tsk) % threads || (tsk * tsn) % threads)
    fail(MQLCL_ERR_ARGUMENT, "DGEMM: the ", tsm, "x", tsk, " and ", tsk, "x", tsn, " tiles must split evenly over the ",
         threads, " work-items");
  if (wptm * wptn > 64) fail(MQLCL_ERR_ARGUMENT, "DGEMM: WPTM x WPTN = ", wptm * wptn, " accumulators exceed 64");
  if (static_cast<size_t>(threads) > f.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, "DGEMM: ", threads, " work-items per group exceed the device's ", f.max_work_group);
  const TileProduct d = dgemm_simt_product(p);
  if (d.local_bytes > f.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, "DGEMM: tiles need ", d.local_bytes, " bytes of __local memory; the device has ",
         static_cast<unsigned long long>(f.local_mem));
}

// 128 x 64 blocks of 4 warps of 64 x 32 (each fragment read from __local feeds 4 / 2 mma),
// 2 stages of BK 16 (48 KiB); the fastest measured on the H200 (docs/results-h200.md "DGEMM").
void dgemm_tensor_defaults(const DeviceFacts& f, int* out) {
  const int d[kDgemmTensorParamCount] = {128, 64, 16, 64, 32, 2, dgemm_tensor_shape(f), 8};
  for (int i = 0; i < kDgemmTensorParamCount; ++i) out[i] = d[i];
}

TileProduct dgemm_tensor_product(const int* p) {
  TileProduct d;
  d.bm = p[0], d.bn = p[1], d.bk = p[2];
  d.local0 = static_cast<size_t>(32 * (p[0] / p[3]) * (p[1] / p[4]));
  d.local1 = 1;
  d.local_bytes = 8ull * p[5] * (p[0] + p[1]) * p[2];
  d.defines = str("-DBM=", p[0], " -DBN=", p[1], " -DBK=", p[2], " -DWM=", p[3], " -DWN=", p[4], " -DSTAGES=", p[5],
                  " -DSHAPE=", p[6], " -DGROUP_M=", p[7]);
  return d;
}

void validate_dgemm_tensor_params(const int* p, const DeviceFacts& f) {
  const int bm = p[0], bn = p[1], bk = p[2], wm = p[3], wn = p[4], stages = p[5], shape = p[6], group_m = p[7];
  const int ranged[7] = {bm, bn, bk, wm, wn, stages, group_m};
  check_range(ranged, 7, "FP64 tensor DGEMM");
  if (!find_dmma_shape(shape))
    fail(MQLCL_ERR_ARGUMENT, "FP64 tensor DGEMM: SHAPE ", shape, " is not one of 884, 1684, 1688, 16816");
  if (!dmma_shape_in(shape, f.has_cc ? f.cc_major : 0))
    fail(MQLCL_ERR_ARGUMENT, "FP64 tensor DGEMM: SHAPE ", shape, " needs compute capability >= 9.0 (884 runs from 8.0)");
  const int kch = shape == 16816 ? 2 : 1;
  if (bk % (8 * kch) || wm % 16 || wn % 8 || bm % wm || bn % wn)
    fail(MQLCL_ERR_ARGUMENT,
         "FP64 tensor DGEMM: BK must be a multiple of 8 (16 for SHAPE 16816); WM of 16 dividing BM; WN of 8 dividing BN");
  const int threads = 32 * (bm / wm) * (bn / wn), pairs = bk / 2;
  if ((bm * pairs) % threads || (bn * pairs) % threads || threads % pairs)
    fail(MQLCL_ERR_ARGUMENT, "FP64 tensor DGEMM: the A and B tiles must split evenly into 16-byte chunks over the ",
         threads, " work-items");
  if (stages < 2 || stages > 4) fail(MQLCL_ERR_ARGUMENT, "FP64 tensor DGEMM: STAGES must be 2 .. 4, not ", stages);
  if (static_cast<size_t>(threads) > f.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, "FP64 tensor DGEMM: ", threads, " work-items per group exceed the device's ",
         f.max_work_group);
  const TileProduct d = dgemm_tensor_product(p);
  if (d.local_bytes > f.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, "FP64 tensor DGEMM: ", stages, " stages of tiles need ", d.local_bytes,
         " bytes of __local memory; the device has ", static_cast<unsigned long long>(f.local_mem));
}

namespace {
// The defaults (GPU, CPU) and their neighbours first.
constexpr TileVector kDgemmCandidates[] = {{64, 64, 16, 4, 4},   {64, 64, 16, 8, 8}, {128, 64, 16, 8, 4},
                                           {64, 128, 16, 4, 8},  {128, 128, 16, 8, 8}, {64, 64, 8, 4, 4},
                                           {32, 32, 16, 4, 4}};
// The default and its neighbours first, then other shapes (884 from compute capability 8.0,
// 16816 with BK 16).
constexpr TileVector kDgemmTensorCandidates[] = {
    {128, 64, 16, 64, 32, 2, 1688, 8}, {128, 128, 8, 64, 32, 3, 1688, 8}, {128, 128, 8, 32, 64, 3, 1688, 8},
    {128, 64, 8, 64, 32, 4, 1688, 8},  {64, 128, 8, 32, 64, 4, 1688, 8},  {128, 128, 8, 64, 32, 3, 1688, 4},
    {64, 64, 16, 32, 32, 3, 1688, 8},  {128, 64, 16, 64, 32, 2, 884, 8},  {64, 64, 16, 32, 32, 2, 1688, 8},
    {128, 64, 16, 64, 32, 2, 1688, 4}, {64, 128, 16, 32, 64, 2, 1688, 8}, {128, 64, 16, 64, 32, 2, 16816, 8}};
}  // namespace

const TileRule kDgemmTiles = {kDgemmParamCount,
                              "TSM TSN TSK WPTM WPTN",
                              dgemm_defaults,
                              validate_dgemm_params,
                              kDgemmCandidates,
                              sizeof(kDgemmCandidates) / sizeof(kDgemmCandidates[0]),
                              dgemm_simt_product};
const TileRule kDgemmTensorTiles = {kDgemmTensorParamCount,
                                    "BM BN BK WM WN STAGES SHAPE GROUP_M",
                                    dgemm_tensor_defaults,
                                    validate_dgemm_tensor_params,
                                    kDgemmTensorCandidates,
                                    sizeof(kDgemmTensorCandidates) / sizeof(kDgemmTensorCandidates[0]),
                                    dgemm_tensor_product};

}  // namespace mqlcl
