#include "tuning/tunables.hpp"

#include <string>

#include "catalog/gemm_kernels.hpp"
#include "catalog/transfer_params.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {

// The tunables that are not a GEMM kernel's tiles.
const Tunable kOtherTunables[] = {
    {MQLCL_TUNABLE_TRANSFER, "transfer", kTransferParamCount, "CHUNK_KIB THREADS", transfer_defaults,
     validate_transfer_params},
    {MQLCL_TUNABLE_EFFICIENCY, "efficiency", kEfficiencyParamCount, kEfficiencyNames.text, efficiency_defaults,
     validate_efficiency_params},
    {MQLCL_TUNABLE_PREPARATION, "preparation", kPreparationParamCount, kPreparationNames, preparation_defaults,
     validate_preparation_params},
};
constexpr size_t kOtherCount = sizeof(kOtherTunables) / sizeof(kOtherTunables[0]);

struct TunableTable {
  Tunable rows[kGemmKernelCount + kOtherCount];
  size_t count = 0;
};

// Each GEMM kernel's tiles (its tunable, named as the kernel, made of its tile rule) in the
// kernel table's order, a tunable shared by two kernels once; then the others.
TunableTable make_table() {
  TunableTable t{};
  for (const GemmKernel& k : kGemmKernels) {
    if (k.tiles == nullptr) continue;
    bool seen = false;
    for (size_t i = 0; i < t.count; ++i) seen = seen || t.rows[i].id == k.tunable;
    if (seen) continue;
    const TileRule& r = *k.tiles;
    t.rows[t.count++] = Tunable{k.tunable, k.name, r.count, r.names, r.defaults, r.validate, &r};
  }
  for (const Tunable& o : kOtherTunables) t.rows[t.count++] = o;
  return t;
}

// Built on first use; plain data, nothing to destroy.
const TunableTable& tunables_table() {
  static const TunableTable t = make_table();
  return t;
}

}  // namespace

size_t tunable_count() { return tunables_table().count; }

std::string tunable_list() {
  std::string out;
  for (size_t i = 0; i < tunable_count(); ++i)
    out += str(out.empty() ? "" : ", ", tunable_at(i).id, " ", tunable_at(i).name);
  return out;
}

const Tunable& tunable_at(size_t index) {
  if (index >= tunable_count()) fail(MQLCL_ERR_RANGE, "tunable index ", index, " is beyond ", tunable_count());
  return tunables_table().rows[index];
}

const Tunable* find_tunable(int id) {
  for (size_t i = 0; i < tunable_count(); ++i)
    if (tunables_table().rows[i].id == id) return &tunables_table().rows[i];
  return nullptr;
}

const Tunable& tunable(int id) {
  if (const Tunable* t = find_tunable(id)) return *t;
  fail(MQLCL_ERR_STAGE, "tunable ", id, " does not exist (the tunables: ", tunable_list(), ")");
}

}  // namespace mqlcl
