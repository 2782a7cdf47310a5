#include "catalog/tile_rule.hpp"

#include "core/error.hpp"

namespace mqlcl {

std::vector<const TileVector*> fitting_candidates(const TileRule& rule, const DeviceFacts& f) {
  std::vector<const TileVector*> out;
  for (size_t i = 0; i < rule.candidate_count; ++i) {
    try {
      rule.validate(rule.candidates[i].v, f);
      out.push_back(&rule.candidates[i]);
    } catch (const Error&) {
      // Does not fit this device: not offered.
    }
  }
  return out;
}

}  // namespace mqlcl
