// What a feature keeps in a context (its scratch buffers, its settings), one State object per
// type, made on first use and destroyed with the context. The context holds them; each feature
// declares its State beside its code, so the context does not list what its features keep.
// Not thread-safe by itself: a context's calls are serialised by its lock (api/with_handle.hpp),
// and a feature reads its state only inside such a call.
#pragma once
#include <map>
#include <memory>

namespace mqlcl {

class FeatureStates {
 public:
  // The State of this context, default-constructed on first use.
  template <class State>
  State& get() {
    std::unique_ptr<Held>& held = states_[key<State>()];
    if (!held) held.reset(new HeldState<State>());
    return static_cast<HeldState<State>&>(*held).state;
  }

 private:
  struct Held {
    virtual ~Held() = default;
  };
  template <class State>
  struct HeldState : Held {
    State state{};
  };
  // One key per State type without RTTI: the address of a static of its own. A plain char
  // (a trivial destructor, nothing to run at exit), never merged with another, as it is writable.
  template <class State>
  static const void* key() {
    static char tag;
    return &tag;
  }
  std::map<const void*, std::unique_ptr<Held>> states_;
};

}  // namespace mqlcl
