#include "catalog/transfer_params.hpp"

#include <algorithm>
#include <thread>

#include "core/error.hpp"

namespace mqlcl {

namespace {

// The fastest chunk and thread count measured on the H200, from 2000^3 to 8192^3 (the
// measurements: docs/results-h200.md, "Where the library's built-in defaults come from").
constexpr size_t kDefaultChunk = size_t{1} << 20;
constexpr unsigned kMaxDefaultThreads = 8;

}  // namespace

void transfer_defaults(const DeviceFacts&, int* out) {
  out[0] = static_cast<int>(kDefaultChunk >> 10);
  out[1] = static_cast<int>(std::min(std::max(1u, std::thread::hardware_concurrency()), kMaxDefaultThreads));
}

void validate_transfer_params(const int* p, const DeviceFacts&) {
  if (p[0] < 1 || static_cast<size_t>(p[0]) > (kMaxTransferChunk >> 10))
    fail(MQLCL_ERR_ARGUMENT, "transfer: CHUNK_KIB = ", p[0], " is outside 1 .. ", kMaxTransferChunk >> 10);
  if (p[1] < 1 || static_cast<unsigned>(p[1]) > kMaxTransferThreads)
    fail(MQLCL_ERR_ARGUMENT, "transfer: THREADS = ", p[1], " is outside 1 .. ", kMaxTransferThreads);
}

}  // namespace mqlcl
