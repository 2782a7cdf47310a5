// Copies of a call's large arrays into and out of the bulk memory it shares with the GPU server
// (remote/shared_gpu.hpp, CallArrays). One thread copies a few GB/s, well under what the memory
// gives, and such a copy is on the calling thread's path: it stands where, in-process, the
// library's own staging copy would. So a large copy is split between the caller and threads
// started for it and joined before it returns (none outlives the call);
// $MQLCL_SHARED_GPU_COPY_THREADS sets how many threads at most (1: the caller alone).
#pragma once
#include <cstddef>

namespace mqlcl {

// The threads a copy of `bytes` uses: $MQLCL_SHARED_GPU_COPY_THREADS (read once; MQLCL_ERR_ARGUMENT
// naming it when malformed), at most one per kMinBytesPerThread.
unsigned bulk_copy_threads(size_t bytes);
// memcpy(to, from, bytes) with bulk_copy_threads(bytes) threads; a thread that cannot be started
// leaves its part to the caller.
void bulk_copy(void* to, const void* from, size_t bytes);

}  // namespace mqlcl
