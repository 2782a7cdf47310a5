// Host <-> device copies of row-major matrices for the host-array calls (GEMM): the caller's
// rows (any leading dimension) to and from dense device buffers. On a discrete GPU pageable
// copies run at a fraction of the bus (H200: ~10 GB/s against ~55 GB/s pinned), so large
// transfers go through pinned staging memory the context owns, in chunks: host threads copy
// rows into (or out of) the chunks while earlier chunks are being DMA'd. Devices sharing the
// host's memory (CPU devices, PoCL) and small transfers copy directly. docs/ABI.md, "GEMM",
// has the environment variables that force a strategy.
#pragma once
#include <cstddef>

#include "compute/devices.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

// One matrix between the host and a device buffer: `rows` rows of `row_bytes`, `pitch` bytes
// apart on the host (pitch >= row_bytes: the bytes between rows are never touched), densely
// at the buffer's start (row r at r * row_bytes).
struct RowCopy {
  void* host;  // read by uploads, written by downloads
  size_t rows, row_bytes, pitch;
  const cl::Buffer* device;
};

enum class TransferMode { Auto, Staged, Direct };

// The transfer tunable (MQLCL_TUNABLE_TRANSFER): CHUNK_KIB THREADS.
constexpr int kTransferParamCount = 2;
void transfer_defaults(const DeviceFacts& f, int* out);
void validate_transfer_params(const int* params, const DeviceFacts& f);

// How a context transfers: the tuned chunk and thread count, unless the environment says
// otherwise (MQLCL_TRANSFER: auto, staged, direct; MQLCL_TRANSFER_CHUNK in bytes;
// MQLCL_TRANSFER_THREADS), read once when the context is created.
struct TransferSettings {
  TransferMode mode = TransferMode::Auto;
  size_t chunk_bytes;
  unsigned threads;
  bool unified_memory = false;  // CL_DEVICE_HOST_UNIFIED_MEMORY: auto copies directly
};
// The settings of the environment for a device; a malformed value is MQLCL_ERR_ARGUMENT
// naming the variable.
TransferSettings transfer_settings(const cl::Device& device, const int* tuned);

// The transfers of one context: its settings and its pinned staging memory (grow-only,
// mapped once, unmapped when the context is freed). Calls are serialised by the context's
// lock; each returns once its copies have completed.
class HostTransfer {
 public:
  HostTransfer() = default;
  HostTransfer(const HostTransfer&) = delete;
  HostTransfer& operator=(const HostTransfer&) = delete;
  ~HostTransfer();
  void init(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue, const int* tuned);

  // Host rows -> dense device buffers; dense device buffers -> host rows.
  void upload(const RowCopy* copies, size_t count);
  void download(const RowCopy* copies, size_t count);
  const TransferSettings& settings() const { return settings_; }

 private:
  void run(const RowCopy* copies, size_t count, bool to_device);
  void direct(const RowCopy& c, bool to_device);
  char* staging(size_t bytes);  // null where pinned memory cannot be had (copies go direct)
  void release_staging();

  TransferSettings settings_{};
  cl::Context context_;
  cl::CommandQueue queue_;
  cl::Buffer pinned_;
  char* mapped_ = nullptr;
  size_t pinned_bytes_ = 0;
};

}  // namespace mqlcl
