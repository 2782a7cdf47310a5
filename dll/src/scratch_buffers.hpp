// A feature's internal device buffers, one per use (the feature's enum Use), each reused while
// large enough: no two uses in one operation share one, and repeated calls allocate nothing.
// A feature's state (feature_states.hpp) holds one; the buffers go with the context.
#pragma once
#include <cstddef>
#include <map>

#include "context.hpp"

namespace mqlcl {

template <class Use>
class ScratchBuffers {
 public:
  // `what` names the buffers in an allocation failure's message.
  explicit ScratchBuffers(const char* what) : what_(what) {}
  // The buffer of `use`, of at least `bytes` (a larger one is made when it is smaller; its
  // contents are then lost).
  cl::Buffer& get(Context& ctx, Use use, size_t bytes) {
    Entry& e = buffers_[use];
    if (e.bytes < bytes || !e.buffer()) e = {ctx.allocate(bytes, what_), bytes};
    return e.buffer;
  }

 private:
  struct Entry {
    cl::Buffer buffer;
    size_t bytes = 0;
  };
  const char* what_;
  std::map<Use, Entry> buffers_;
};

}  // namespace mqlcl
