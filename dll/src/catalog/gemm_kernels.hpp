// The GEMM kernels: one table, the one owner of each kernel's identity (number, name,
// precision class, the ceiling that bounds it, its tunable, what it needs and what its
// preparation costs, its default efficiency). The planner, the tunables, the exports
// (mqlcl_gemm_kernel_*) and through them the host, the tests and the MQL5 scripts read it.
// The GEMM routine (gemm/gemm_routine) runs a kernel by its row's operands and launch columns.
// A new GEMM kernel is its kernel file, one row here, its tile rule and its tests
// (docs/ARCHITECTURE.md, "How to add").
#pragma once
#include <cstddef>
#include <string>

#include "catalog/cpu_tiles.hpp"
#include "catalog/dgemm_config.hpp"
#include "catalog/sgemm_config.hpp"
#include "catalog/tensor_tiles.hpp"
#include "catalog/tile_rule.hpp"
#include "device/device_facts.hpp"
#include "mqlcl.h"

namespace mqlcl {

// What the GEMM routine (gemm/gemm_routine) makes of a kernel's operands: of op(B) once a
// call, of op(A) once a panel of rows; where they cannot be made, the row's fallback runs.
enum class GemmOperands {
  Packed,      // copied into the product's padded layout (gemm/gemm_packed)
  ScaledHalf,  // scaled per line into FP16 (gemm/half_operands); the product is the stage's
  Residues,    // cut into INT8 residues per modulus (gemm/gemm_ozaki), the products and reconstruction its own
};
// What launches the product on packed operands (gemm/gemm_packed): the stage's own launcher,
// or the row's kernel with its tiles from the tunable (a 2D grid of work-items each holding a
// WPTM x WPTN piece of C, or one work-group per BM x BN block).
enum class GemmLaunch { Stage, Grid, Blocks, None };
// The devices the planner offers a kernel on (a pin runs it wherever it can run): a processor's
// OpenCL runs the SIMT kernels at a tenth of the CPU kernels' rate, a GPU the CPU kernels at a
// few per cent of its own (docs/results-cpu.md), so neither is a candidate there, and a device
// keeps one candidate per precision where it has no tensor cores (no profile to measure).
enum class GemmDevices { Any, NotCpus, Cpus };

struct GemmKernel {
  int id;              // MQLCL_GEMM_KERNEL_*
  const char* name;    // also its tunable's name
  int precision;       // MQLCL_PRECISION_* of its results
  int ceiling;         // the MQLCL_PROFILE_* rate that bounds it
  double passes;       // products per output multiply-add (3xTF32: 3)
  bool mma, fp64;      // needs mma.sync / cl_khr_fp64
  int stage;           // the matmul stage whose code it runs, or 0
  int tunable;         // the tunable of its tiles
  // What it costs beyond the FP32 pack every SGEMM kernel has: bytes moved per operand element
  // and launches (with a wait) before the product (the FP16 kernels' scans and packs).
  // 1 + prep_launches is the default of its fixed cost (MQLCL_TUNABLE_PREPARATION), which
  // `tune --what planner` fits on the device.
  double prep_bytes;
  int prep_launches;
  // The kernel that runs instead where its operands cannot be represented (the FP16 kernels'
  // unscalable lines), or 0.
  int fallback;
  // Its share of its ceiling at large sizes, per mille, until `tune --what planner`
  // measures it on the device: on GPUs (docs/results-h200.md), and on CPUs (docs/results-cpu.md:
  // the CPU kernels against the others, of the profile's ceilings measured with vectors).
  int efficiency_gpu, efficiency_cpu;
  // How the routine runs it: its operands' preparation, its launcher, and for Grid and Blocks
  // the kernels/<file> and __kernel it builds (a stage's are the stage registry's).
  GemmOperands operands;
  GemmLaunch launch;
  const char* file;
  const char* entry;
  // The rule of its tiles (vector, default, check, search space): its tunable's row is made of
  // it (tuning/tunables.cpp).
  const TileRule* tiles;
  GemmDevices devices = GemmDevices::Any;
};

// clang-format off
inline constexpr GemmKernel kGemmKernels[] = {
//  id                                name                   precision                    ceiling                 passes mma    fp64   stage tunable                      prep: bytes launches  fallback  efficiency: gpu cpu  operands                   launch             file                    entry  tiles  devices
  // On processors the SIMT kernels run at a tenth of the FP32 and FP64 ceilings or less
  // (their __local tiles and barriers are memory and loop splits there), the CPU kernels at
  // half or more (docs/results-cpu.md, "GEMM kernels for processors"); on GPUs the CPU
  // kernels' one work-item per group leaves the SIMT lanes idle.
  {MQLCL_GEMM_KERNEL_SGEMM_TUNED,   "sgemm_tuned",         MQLCL_PRECISION_FP32,        MQLCL_PROFILE_FP32,     1,     false, false, 10,   MQLCL_STAGE_SGEMM_TUNED,     0, 0,                 0,                               650, 100, GemmOperands::Packed,     GemmLaunch::Stage,  nullptr,                nullptr, &kSgemmTiles, GemmDevices::NotCpus},
  {MQLCL_GEMM_KERNEL_SGEMM_CPU,     "sgemm_cpu",           MQLCL_PRECISION_FP32,        MQLCL_PROFILE_FP32,     1,     false, false, 0,    MQLCL_GEMM_KERNEL_SGEMM_CPU, 0, 0,                 0,                               5,   800, GemmOperands::Packed,     GemmLaunch::Grid,   "gemm/gemm_cpu.cl",     "gemm_cpu", &kSgemmCpuTiles, GemmDevices::Cpus},
  {MQLCL_GEMM_KERNEL_TENSOR_TF32,   "sgemm_tensor_tf32",   MQLCL_PRECISION_TF32,        MQLCL_PROFILE_MMA_TF32, 1,     true,  false, 30,   MQLCL_STAGE_TENSOR_TF32,     0, 0,                 0,                               420, 500, GemmOperands::Packed,     GemmLaunch::Stage,  nullptr,                nullptr, &kTf32Tiles},
  {MQLCL_GEMM_KERNEL_TENSOR_3XTF32, "sgemm_tensor_3xtf32", MQLCL_PRECISION_FP32_TENSOR, MQLCL_PROFILE_MMA_TF32, 3,     true,  false, 31,   MQLCL_STAGE_TENSOR_3XTF32,   0, 0,                 0,                               570, 500, GemmOperands::Packed,     GemmLaunch::Stage,  nullptr,                nullptr, &kTf32Tiles},
  // Scans (read 4 bytes) and packs (read 4, write 2 or 4) instead of the FP32 pack (read 4,
  // write 4); the scans' counts read back before the packs.
  {MQLCL_GEMM_KERNEL_TENSOR_FP16,   "sgemm_tensor_fp16",   MQLCL_PRECISION_TF32,        MQLCL_PROFILE_MMA_FP16, 1,     true,  false, 32,   MQLCL_STAGE_TENSOR_FP16,     2, 5,                 MQLCL_GEMM_KERNEL_TENSOR_TF32,   370, 500, GemmOperands::ScaledHalf, GemmLaunch::None,   nullptr,                nullptr, &kHalfTiles},
  {MQLCL_GEMM_KERNEL_TENSOR_3XFP16, "sgemm_tensor_3xfp16", MQLCL_PRECISION_FP32_TENSOR, MQLCL_PROFILE_MMA_FP16, 3,     true,  false, 33,   MQLCL_STAGE_TENSOR_3XFP16,   4, 5,                 MQLCL_GEMM_KERNEL_TENSOR_3XTF32, 410, 500, GemmOperands::ScaledHalf, GemmLaunch::None,   nullptr,                nullptr, &kSplitHalfTiles},
  // Ozaki scheme II: passes = its moduli (ozaki_plan: from the precision and k; 8 and 15 at
  // every k); scans (read 4 or 8 bytes), residues (read, write one byte per modulus) of each operand,
  // the reconstruction's reads (a byte per modulus per element of C) counted with them;
  // launches: per operand its fills, two scans and the residues, a read-back with a wait (op(A):
  // the inner spread's too), one launch of the products, the reconstruction; counted twice, as
  // launches without a wait still cost (`tune --what planner` measures the device's). No
  // fixed fallback: the planner's fastest native kernel runs instead.
  {MQLCL_GEMM_KERNEL_OZAKI_FP32,    "sgemm_ozaki_int8",    MQLCL_PRECISION_FP32_TENSOR, MQLCL_PROFILE_MMA_INT8, 8,     true,  true,  0,    MQLCL_GEMM_KERNEL_OZAKI_FP32, 22, 20,               0,                               350, 500, GemmOperands::Residues,   GemmLaunch::None,   nullptr,                nullptr, &kHalfTiles},
  // The FP64-unit kernel's 300 is an estimate (no GPU measurement behind it yet).
  {MQLCL_GEMM_KERNEL_DGEMM,         "dgemm",               MQLCL_PRECISION_FP64,        MQLCL_PROFILE_FP64,     1,     false, true,  0,    MQLCL_TUNABLE_DGEMM,         0, 0,                 0,                               300, 60,  GemmOperands::Packed,     GemmLaunch::Grid,   "gemm/dgemm.cl",        "dgemm", &kDgemmTiles, GemmDevices::NotCpus},
  {MQLCL_GEMM_KERNEL_DGEMM_TENSOR,  "dgemm_tensor",        MQLCL_PRECISION_FP64,        MQLCL_PROFILE_MMA_FP64, 1,     true,  true,  0,    MQLCL_TUNABLE_DGEMM_TENSOR,  0, 0,                 0,                               680, 500, GemmOperands::Packed,     GemmLaunch::Blocks, "gemm/dgemm_tensor.cl", "dgemm_tensor", &kDgemmTensorTiles},
  {MQLCL_GEMM_KERNEL_OZAKI_FP64,    "dgemm_ozaki_int8",    MQLCL_PRECISION_FP64,        MQLCL_PROFILE_MMA_INT8, 15,    true,  true,  0,    MQLCL_GEMM_KERNEL_OZAKI_FP64, 46, 20,               0,                               350, 500, GemmOperands::Residues,   GemmLaunch::None,   nullptr,                nullptr, &kHalfTiles},
  {MQLCL_GEMM_KERNEL_DGEMM_CPU,     "dgemm_cpu",           MQLCL_PRECISION_FP64,        MQLCL_PROFILE_FP64,     1,     false, true,  0,    MQLCL_GEMM_KERNEL_DGEMM_CPU, 0, 0,                 0,                               5,   500, GemmOperands::Packed,     GemmLaunch::Grid,   "gemm/gemm_cpu.cl",     "gemm_cpu", &kDgemmCpuTiles, GemmDevices::Cpus},
};
// clang-format on
inline constexpr size_t kGemmKernelCount = sizeof(kGemmKernels) / sizeof(kGemmKernels[0]);

// The Ozaki scheme's kernels (catalog/ozaki_moduli.hpp): those bounded by the INT8 tensor
// cores; the significand their results keep (53: FP64 class, 24: FP32 class).
constexpr bool is_ozaki(const GemmKernel& k) { return k.ceiling == MQLCL_PROFILE_MMA_INT8; }
constexpr int ozaki_significand(const GemmKernel& k) { return k.precision == MQLCL_PRECISION_FP64 ? 53 : 24; }
// Products per multiply-add of C at this k: the table's passes, or an Ozaki kernel's moduli
// (0: k beyond the scheme, it cannot run).
double passes_at(const GemmKernel& k, long long kk);

// The row of a kernel number; MQLCL_ERR_ARGUMENT naming the kernels when none.
const GemmKernel& gemm_kernel(int id);
// Whether the planner offers it on a device of these facts (its `devices`).
bool offered_on(const GemmKernel& k, const DeviceFacts& f);
// Its index in the table (the efficiency tunable's order).
size_t gemm_kernel_index(const GemmKernel& k);
// "10 sgemm_tuned, 30 sgemm_tensor_tf32, ...": for messages.
std::string gemm_kernel_list();
// The bytes of one element of its operands: 8 for an FP64-class kernel (mqlcl_dgemm), else 4.
inline int element_bytes(const GemmKernel& k) { return k.precision == MQLCL_PRECISION_FP64 ? 8 : 4; }

// The flags' precision field (MQLCL_GEMM_EXACT / _FAST / _FP64) <-> precision classes: the one
// mapping. What a field promises: the least accurate class it may run (EXACT: FP32, FAST:
// TF32, FP64: FP64); MQLCL_ERR_ARGUMENT for another field.
int field_precision(int precision_field);
// The field that runs a kernel of this class: EXACT for FP32 and FP32_TENSOR, FAST for TF32.
int precision_field(int precision);
// Whether a kernel's results meet a field: its class is at least as accurate as the field
// promises, and of the same arithmetic (FP64 only for the FP64 field).
bool meets(const GemmKernel& k, int precision_field);

// The efficiency tunable (MQLCL_TUNABLE_EFFICIENCY): per mille of each kernel's ceiling, in
// the table's order; its parameter names "K10 K30 ...".
inline constexpr int kEfficiencyParamCount = static_cast<int>(kGemmKernelCount);
struct EfficiencyNames {
  char text[kGemmKernelCount * 6 + 1];
};
constexpr EfficiencyNames efficiency_names() {
  EfficiencyNames n{};
  size_t p = 0;
  for (const GemmKernel& k : kGemmKernels) {
    if (p) n.text[p++] = ' ';
    n.text[p++] = 'K';
    char digits[8] = {};
    int d = 0;
    for (int id = k.id; id > 0; id /= 10) digits[d++] = static_cast<char>('0' + id % 10);
    while (d > 0) n.text[p++] = digits[--d];
  }
  return n;
}
inline constexpr EfficiencyNames kEfficiencyNames = efficiency_names();
void efficiency_defaults(const DeviceFacts& f, int* out);
void validate_efficiency_params(const int* params, const DeviceFacts& f);

// The preparation tunable (MQLCL_TUNABLE_PREPARATION): each kernel's fixed cost of a call (its
// product's and preparation's launches, the waits and read-backs between them) in hundredths
// of the profile's launch-and-wait time (integer params; a unit of the device's own, so a fit
// holds whatever its launch cost), in the table's order; the same parameter names as the
// efficiency tunable ("K10 K30 ...": one per kernel). Its defaults are the table's launches,
// 1 + prep_launches, until `tune --what planner` measures the device's.
inline constexpr int kPreparationParamCount = static_cast<int>(kGemmKernelCount);
inline constexpr const char* kPreparationNames = kEfficiencyNames.text;
inline constexpr int kPreparationMax = 100000;  // 1000 launches and waits: beyond any preparation
inline int preparation_default(const GemmKernel& k) { return (1 + k.prep_launches) * 100; }
void preparation_defaults(const DeviceFacts& f, int* out);
void validate_preparation_params(const int* params, const DeviceFacts& f);

}  // namespace mqlcl
