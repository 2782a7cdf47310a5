#include "tuning/tunable_stages.hpp"

#include <string>

#include "compute/sgemm_config.hpp"
#include "compute/stage_registry.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {

const TunableStage kTunable[] = {
    {MQLCL_STAGE_SGEMM_TUNED, kSgemmParamCount, "TSM TSN TSK WPTM WPTN", kSgemmDefaults, validate_sgemm_params},
};

std::string tunable_list() {
  std::string out;
  for (const auto& t : kTunable) out += (out.empty() ? "" : ", ") + std::to_string(t.stage);
  return out;
}

}  // namespace

size_t tunable_count() { return sizeof(kTunable) / sizeof(kTunable[0]); }

const TunableStage& tunable_at(size_t index) {
  if (index >= tunable_count()) fail(MQLCL_ERR_RANGE, "tunable stage index ", index, " is beyond ", tunable_count());
  return kTunable[index];
}

const TunableStage* find_tunable(int stage) {
  for (const auto& t : kTunable)
    if (t.stage == stage) return &t;
  return nullptr;
}

const TunableStage& tunable(int stage) {
  if (const TunableStage* t = find_tunable(stage)) return *t;
  const Stage& st = find_stage(stage);  // an unknown stage: its own message
  fail(MQLCL_ERR_STAGE, "stage ", stage, " (", st.name, ") has no tunable parameters (tunable stages: ", tunable_list(),
       ")");
}

}  // namespace mqlcl
