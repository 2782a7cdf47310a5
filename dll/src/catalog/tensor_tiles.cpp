#include "catalog/tensor_tiles.hpp"

#include "device/tensor_decision.hpp"
#include "core/error.hpp"

namespace mqlcl {

// 128 x 128 blocks of 4 warps of 64 x 64, BK 16, 3 cp.async stages: 48 KiB of __local, what
// OpenCL gives a work-group on NVIDIA GPUs (docs/results/h200/tensor/README.md).
void tensor_defaults(const DeviceFacts&, int* out) {
  const int d[kTensorParamCount] = {128, 128, 16, 64, 64, 3, 8};
  for (int i = 0; i < kTensorParamCount; ++i) out[i] = d[i];
}

// The FP16 kernels: the same blocks and warps (BK 16: 64 bytes of a line per k-tile), the
// fastest of `tune --what sgemm_tensor_fp16 / _3xfp16` on the H200 (docs/results-h200.md).
void half_tensor_defaults(const DeviceFacts&, int* out) {
  const int d[kTensorParamCount] = {128, 128, 16, 64, 64, 3, 8};
  for (int i = 0; i < kTensorParamCount; ++i) out[i] = d[i];
}

TensorTiles tensor_tiles(const int* p) { return TensorTiles{p[0], p[1], p[2], p[3], p[4], p[5], p[6]}; }

std::string TensorTiles::defines() const {
  return str(" -DBM=", bm, " -DBN=", bn, " -DBK=", bk, " -DWM=", wm, " -DWN=", wn, " -DSTAGES=", stages,
             " -DGROUP_M=", group_m);
}

namespace {

void check_range(const TensorTiles& t) {
  const int v[kTensorParamCount] = {t.bm, t.bn, t.bk, t.wm, t.wn, t.stages, t.group_m};
  for (int x : v)
    if (x < 1 || x > 512) fail(MQLCL_ERR_ARGUMENT, "tensor SGEMM parameter ", x, " is outside 1 .. 512");
}

void check_device(const TensorTiles& t, const DeviceFacts& f) {
  if (static_cast<size_t>(t.threads()) > f.max_work_group)
    fail(MQLCL_ERR_LOCAL_SIZE, "tensor SGEMM: ", t.threads(), " work-items per group exceed the device's ", f.max_work_group);
  if (t.local_bytes() > f.local_mem)
    fail(MQLCL_ERR_LOCAL_SIZE, "tensor SGEMM: ", t.stages, " pipeline stages of ", t.bm, "x", t.bk, " and ", t.bk, "x", t.bn,
         " tiles need ", t.local_bytes(), " bytes of __local memory; the device has ",
         static_cast<unsigned long long>(f.local_mem));
}

}  // namespace

void validate_tensor_params(const int* params, const DeviceFacts& f) {
  const TensorTiles t = tensor_tiles(params);
  check_range(t);
  if (t.bk != 16 && t.bk != 32) fail(MQLCL_ERR_ARGUMENT, "tensor SGEMM: BK must be 16 or 32, not ", t.bk);
  if (t.wm % 16 || t.wn % 32 || t.bm % t.wm || t.bn % t.wn)
    fail(MQLCL_ERR_ARGUMENT, "tensor SGEMM: WM must divide BM and be a multiple of 16; WN must divide BN and be a multiple of 32");
  if (t.stages < 2 || t.stages > 5) fail(MQLCL_ERR_ARGUMENT, "tensor SGEMM: STAGES must be 2 .. 5, not ", t.stages);
  const int threads = t.threads();
  if ((t.bm * t.bk / 4) % threads || (t.bk * t.bn / 4) % threads || threads % (t.bk / 4) || threads % (t.bn / 4))
    fail(MQLCL_ERR_ARGUMENT, "tensor SGEMM: the A and B tiles must split evenly into 16-byte chunks over the ", threads,
         " work-items, whole rows per pass");
  check_device(t, f);
}

namespace {
void validate_half(const int* params, const DeviceFacts& f, bool split) {
  const TensorTiles t = tensor_tiles(params);
  check_range(t);
  if ((t.bk != 8 || split) && t.bk != 16 && t.bk != 32)
    fail(MQLCL_ERR_ARGUMENT, "FP16 and INT8 tensor GEMM: BK must be ", split ? "" : "8, ", "16 or 32 (",
         split ? "" : "32, ", "64 or 128 bytes of a line per k-tile), not ", t.bk);
  if (t.wm % 16 || t.wn % 16 || t.bm % t.wm || t.bn % t.wn)
    fail(MQLCL_ERR_ARGUMENT, "FP16 and INT8 tensor GEMM: WM and WN must be multiples of 16 dividing BM and BN");
  if (t.stages < 2 || t.stages > 5) fail(MQLCL_ERR_ARGUMENT, "FP16 and INT8 tensor GEMM: STAGES must be 2 .. 5, not ", t.stages);
  if ((t.bm * t.bk / 4) % t.threads() || (t.bn * t.bk / 4) % t.threads())
    fail(MQLCL_ERR_ARGUMENT, "FP16 and INT8 tensor GEMM: the A and B tiles must split evenly into 16-byte chunks over the ",
         t.threads(), " work-items");
  check_device(t, f);
}
}  // namespace

void validate_half_tensor_params(const int* params, const DeviceFacts& f) { validate_half(params, f, false); }
void validate_split_half_tensor_params(const int* params, const DeviceFacts& f) { validate_half(params, f, true); }

std::string tensor_unavailable(const DeviceFacts& f) {
  int p[kTensorParamCount];
  tensor_defaults(f, p);
  return tensor_support(f, tensor_tiles(p).local_bytes()).reason;
}

namespace {
constexpr const char* kTensorParamNames = "BM BN BK WM WN STAGES GROUP_M";

// The TF32 kernels' {BM BN BK WM WN STAGES GROUP_M}: 64 x 64 warps (one fragment set), 64 x 32
// and 32 x 32 (two), pipelines as deep as 48 KiB of __local allows.
constexpr TileVector kTf32Candidates[] = {{128, 128, 16, 64, 64, 3, 8}, {128, 128, 16, 64, 32, 3, 8},
                                          {128, 128, 16, 32, 64, 3, 8}, {128, 64, 16, 64, 32, 4, 8},
                                          {64, 128, 16, 32, 64, 4, 8},  {128, 64, 16, 32, 32, 4, 8},
                                          {128, 128, 16, 64, 64, 2, 8}, {128, 128, 16, 64, 64, 3, 4},
                                          {64, 64, 16, 32, 32, 5, 8}};
// The FP16 kernels: k-tiles of 32 (BK 8), 64 (16) or 128 (32) bytes a line, as many in
// flight as 48 KiB of __local holds; 256-wide blocks halve the bytes per flop from L2. The
// Ozaki kernels' INT8 products read the same lines (BK 16: k64 a k-tile).
constexpr TileVector kHalfCandidates[] = {
    {128, 128, 16, 64, 64, 3, 8}, {128, 128, 8, 64, 64, 5, 8},  {128, 128, 8, 64, 64, 4, 8},
    {256, 128, 8, 64, 64, 4, 8},  {128, 256, 8, 64, 64, 4, 8},  {256, 128, 16, 64, 64, 2, 8},
    {128, 256, 16, 64, 64, 2, 8}, {128, 64, 32, 64, 32, 2, 8},  {128, 128, 16, 64, 32, 3, 8},
    {64, 128, 16, 32, 64, 4, 8},  {256, 128, 8, 64, 64, 4, 16}, {128, 128, 8, 64, 64, 5, 4}};
// Split FP16 (no BK 8).
constexpr TileVector kSplitHalfCandidates[] = {
    {128, 128, 16, 64, 32, 3, 8}, {128, 128, 16, 32, 32, 3, 8}, {128, 128, 16, 32, 64, 3, 8},
    {128, 64, 16, 32, 32, 4, 8},  {64, 128, 16, 32, 32, 4, 8},  {128, 128, 16, 64, 64, 3, 8},
    {256, 128, 16, 64, 32, 2, 8}, {128, 64, 32, 32, 32, 2, 8},  {128, 128, 16, 64, 32, 2, 8}};
}  // namespace

const TileRule kTf32Tiles = {kTensorParamCount, kTensorParamNames, tensor_defaults, validate_tensor_params,
                             kTf32Candidates,   sizeof(kTf32Candidates) / sizeof(kTf32Candidates[0])};
const TileRule kHalfTiles = {kTensorParamCount, kTensorParamNames, half_tensor_defaults, validate_half_tensor_params,
                             kHalfCandidates,   sizeof(kHalfCandidates) / sizeof(kHalfCandidates[0])};
const TileRule kSplitHalfTiles = {kTensorParamCount,
                                  kTensorParamNames,
                                  half_tensor_defaults,
                                  validate_split_half_tensor_params,
                                  kSplitHalfCandidates,
                                  sizeof(kSplitHalfCandidates) / sizeof(kSplitHalfCandidates[0])};

}  // namespace mqlcl
