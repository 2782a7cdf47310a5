// Exports of the tuning: a context's per-stage parameter vectors, where they came from, and
// storing one in the tuning file (tuning/ owns the rules, the file and the lookup).
#include "api/local_exports.hpp"
#include "api/with_handle.hpp"
#include "ladder/stages.hpp"
#include "core/text.hpp"
#include "device/devices.hpp"
#include "tuning/placement.hpp"
#include "tuning/context_tuning.hpp"
#include "tuning/tunables.hpp"
#include "tuning/tuning_file.hpp"

using namespace mqlcl;

namespace {

// The tunable `id`; a stage of the ladder without parameters is named as one (the ladder is
// the lab's: the tuning part does not know its stages).
const Tunable& tunable_or_stage(int id) {
  if (const Tunable* t = find_tunable(id)) return *t;
  for (size_t i = 0; i < stage_count(); ++i)
    if (stage_at(i).number == id)
      fail(MQLCL_ERR_STAGE, "stage ", id, " (", stage_at(i).name, ") has no tunable parameters (the tunables: ",
           tunable_list(), ")");
  return tunable(id);
}

// The stage's rule, after checking the caller's array holds its whole vector.
const Tunable& checked(int stage, const void* params, int count) {
  const Tunable& t = tunable_or_stage(stage);
  const std::string need = str(t.name, "'s {", t.names, "}");
  check_array_holds(params, "params", count, "count", static_cast<unsigned long long>(t.count), need.c_str(), "ints");
  return t;
}

int params_get(int ctx, int stage, int* params, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    const Tunable& t = checked(stage, params, count);
    const int* v = c.tuning().params(stage);
    for (int i = 0; i < t.count; ++i) params[i] = v[i];
    return t.count;
  });
}

int params_set(int ctx, int stage, const int* params, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    const Tunable& t = checked(stage, params, count);
    c.tuning().set(stage, params, c.facts());
    return t.count;
  });
}

int ok_or_error(int r) { return r < 0 ? r : MQLCL_OK; }

// The tunable's search space on the device: its tile rule's candidates that fit the device's
// facts; none for a tunable without a search space.
std::vector<const TileVector*> candidates_on(int device, int id) {
  const Tunable& t = tunable_or_stage(id);
  const DeviceFacts& facts = device_at(resolved_device(device)).facts;
  if (t.tiles == nullptr) return {};
  return fitting_candidates(*t.tiles, facts);
}

}  // namespace

int mqlcl::local::mqlcl_tunable_get(int ctx, int id, int* params, int count) {
  return params_get(ctx, id, params, count);
}

int mqlcl::local::mqlcl_tunable_set(int ctx, int id, const int* params, int count) {
  return params_set(ctx, id, params, count);
}

// The names before 2.8 (mqlcl.h: aliases).
int mqlcl::local::mqlcl_stage_params_get(int ctx, int stage, int* params, int count) {
  return params_get(ctx, stage, params, count);
}

int mqlcl::local::mqlcl_stage_params_set(int ctx, int stage, const int* params, int count) {
  return params_set(ctx, stage, params, count);
}

int mqlcl::local::mqlcl_sgemm_get(int ctx, int* params, int count) {
  return ok_or_error(params_get(ctx, MQLCL_TUNABLE_SGEMM_TUNED, params, count));
}

int mqlcl::local::mqlcl_sgemm_set(int ctx, const int* params, int count) {
  return ok_or_error(params_set(ctx, MQLCL_TUNABLE_SGEMM_TUNED, params, count));
}

int mqlcl::local::mqlcl_tuning_store(int ctx, int id, const int* params, int count) {
  return with_handle<Context>(ctx, [&](Context& c) {
    checked(id, params, count);
    store_tuning(c.tuning().key(), c.facts(), id, params);
    return MQLCL_OK;
  });
}

int mqlcl::local::mqlcl_tuning_source(int ctx, int id) {
  return with_handle<Context>(ctx, [&](Context& c) {
    tunable_or_stage(id);
    return c.tuning().get(id).source;
  });
}

int mqlcl::local::mqlcl_tuning_text(int ctx, int id, mqlcl_char* buf, int cap) {
  return with_handle<Context>(ctx, [&](Context& c) {
    tunable_or_stage(id);
    return copy_out(c.tuning().get(id).origin, buf, cap);
  });
}

MQLCL_API int mqlcl_tunable_count(void) {
  return guard(0, [] { return static_cast<int>(tunable_count()); });
}

MQLCL_API int mqlcl_tunable_at(int index) {
  return guard(0, [&] {
    if (index < 0) fail(MQLCL_ERR_RANGE, "index = ", index, ": it must be >= 0");
    return tunable_at(static_cast<size_t>(index)).id;
  });
}

MQLCL_API int mqlcl_tunable_text(int id, int what, mqlcl_char* buf, int cap) {
  return guard(0, [&] {
    if (buf == nullptr || cap < 1) fail(MQLCL_ERR_ARGUMENT, "buf must be non-null with cap >= 1");
    const Tunable& t = tunable_or_stage(id);
    if (what == MQLCL_TUNABLE_TEXT_NAME) return copy_out(t.name, buf, cap);
    if (what == MQLCL_TUNABLE_TEXT_PARAMS) return copy_out(t.names, buf, cap);
    fail(MQLCL_ERR_ARGUMENT, "what = ", what, ": MQLCL_TUNABLE_TEXT_NAME (1) or MQLCL_TUNABLE_TEXT_PARAMS (2)");
  });
}

MQLCL_API int mqlcl_tunable_candidate_count(int device, int id) {
  return guard(0, [&] { return static_cast<int>(candidates_on(device, id).size()); });
}

MQLCL_API int mqlcl_tunable_candidate(int device, int id, int index, int* params, int count) {
  return guard(0, [&] {
    const auto candidates = candidates_on(device, id);
    if (index < 0 || static_cast<size_t>(index) >= candidates.size())
      fail(MQLCL_ERR_RANGE, "candidate index ", index, " is outside the ", candidates.size(), " candidates tunable ", id,
           " (", tunable(id).name, ") offers on device ", device);
    checked(id, params, count);
    const Tunable& t = tunable(id);
    for (int i = 0; i < t.count; ++i) params[i] = candidates[static_cast<size_t>(index)]->v[i];
    return t.count;
  });
}

MQLCL_API int mqlcl_tuning_path(mqlcl_char* buf, int cap) {
  return guard(0, [&] { return copy_out(path_text(tuning_file_path()), buf, cap); });
}
