// The transfer tunable (MQLCL_TUNABLE_TRANSFER: CHUNK_KIB THREADS): its defaults and limits,
// read by the tunables table and by the staged transfers (transfer/staged_transfer).
#pragma once
#include <cstddef>

#include "device/device_facts.hpp"

namespace mqlcl {

constexpr int kTransferParamCount = 2;
// The largest chunk and thread count a context takes (the tunable or the environment).
constexpr size_t kMaxTransferChunk = size_t{256} << 20;
constexpr unsigned kMaxTransferThreads = 64;
void transfer_defaults(const DeviceFacts& f, int* out);
void validate_transfer_params(const int* params, const DeviceFacts& f);

}  // namespace mqlcl
