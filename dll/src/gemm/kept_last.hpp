// A context's last answers of one kind (gemm/placement_memo.hpp's placements, gemm/plan_memo.hpp's
// plans): an entry is found by its `same`, and when all N slots are used the oldest is replaced.
// No device here: plain data.
#pragma once
#include <utility>

namespace mqlcl {

template <class T, int N>
struct KeptLast {
  static constexpr int kCount = N;
  T kept[N];
  int used = 0, next = 0;
  T* find(const T& question) {
    for (int i = 0; i < used; ++i)
      if (kept[i].same(question)) return &kept[i];
    return nullptr;
  }
  // The kept answer to ask()'s question, else decide()'s, kept under the question asked again
  // after deciding (a profile measured to decide belongs to the answer). T holds it as `plan`.
  template <class Ask, class Decide>
  const auto& answer(Ask ask, Decide decide) {
    if (const T* kept = find(ask())) return kept->plan;
    auto plan = decide();
    T entry = ask();
    entry.plan = std::move(plan);
    return keep(entry).plan;
  }
  T& keep(const T& entry) {
    T& slot = kept[next];
    slot = entry;
    next = (next + 1) % N;
    if (used < N) ++used;
    return slot;
  }
};

}  // namespace mqlcl
