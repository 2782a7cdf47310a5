// Host <-> device copies of row-major matrices for the host-array calls (GEMM): the caller's
// rows (any leading dimension) to and from dense device buffers. On a discrete GPU pageable
// copies run at a fraction of the bus (H200: ~10 GB/s against ~55 GB/s pinned), so large
// transfers go through pinned staging memory the transfer owns, in chunks: host threads copy
// rows into (or out of) the chunks while earlier chunks are being DMA'd. Devices sharing the
// host's memory (CPU devices, PoCL) and small transfers copy directly. docs/ABI.md, "GEMM",
// has the environment variables that force a strategy.
//
// A context has one transfer per direction, each with its own queue, so that a GEMM's uploads,
// its product (on the context's queue) and its downloads can run at once (gemm/gemm_host
// pipelines them by panels of rows): a TransferStream takes one call's batches in order.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "device/devices.hpp"
#include "core/opencl.hpp"

namespace mqlcl {

// One matrix between the host and a device buffer: `rows` rows of `row_bytes`, `pitch` bytes
// apart on the host (pitch >= row_bytes: the bytes between rows are never touched), densely
// in the buffer from byte `device_offset` on (row r at device_offset + r * row_bytes).
struct RowCopy {
  void* host;  // read by uploads, written by downloads
  size_t rows, row_bytes, pitch;
  const cl::Buffer* device;
  size_t device_offset = 0;
};

enum class TransferMode { Auto, Staged, Direct };

// How a context transfers: the tuned chunk and thread count, unless the environment says
// otherwise (MQLCL_TRANSFER: auto, staged, direct; MQLCL_TRANSFER_CHUNK in bytes;
// MQLCL_TRANSFER_THREADS; MQLCL_GEMM_PANEL_ROWS: the host-array GEMM's panels), read once
// when the context is created.
struct TransferSettings {
  TransferMode mode = TransferMode::Auto;
  size_t chunk_bytes;
  unsigned threads;
  bool unified_memory = false;  // CL_DEVICE_HOST_UNIFIED_MEMORY: auto copies directly
  size_t panel_rows = 0;        // 0: the GEMM's panels are planned (gemm/gemm_panels)
  // Whether a transfer of `bytes` in one piece goes through the pinned staging.
  bool staged(size_t bytes) const;
};
// The settings of the environment for a device; a malformed value is MQLCL_ERR_ARGUMENT
// naming the variable.
TransferSettings transfer_settings(const cl::Device& device, const int* tuned);

// The transfers of one context in one direction: its settings, its own in-order queue and its
// pinned staging memory (grow-only, mapped once, unmapped when the context is freed). Used
// under the context's lock, by one stream at a time.
class HostTransfer {
 public:
  HostTransfer() = default;
  HostTransfer(const HostTransfer&) = delete;
  HostTransfer& operator=(const HostTransfer&) = delete;
  ~HostTransfer();
  void init(const cl::Context& context, const cl::Device& device, bool to_device, const int* tuned);

  // Host rows -> dense device buffers (uploads) or back (downloads); returns once done.
  void run(const RowCopy* copies, size_t count);
  bool to_device() const { return to_device_; }
  const TransferSettings& settings() const { return settings_; }

 private:
  friend class TransferStream;
  // Enqueues c's copy without waiting: after `waits` (null: none), `done` its event.
  void direct(const RowCopy& c, const std::vector<cl::Event>* waits, cl::Event& done);
  char* staging(size_t bytes);  // null where pinned memory cannot be had (copies go direct)
  void release_staging();

  TransferSettings settings_{};
  bool to_device_ = true;
  cl::Context context_;
  cl::CommandQueue queue_;
  cl::Buffer pinned_;
  char* mapped_ = nullptr;
  size_t pinned_bytes_ = 0;
};

// One call's copies in one direction as batches, copied in the order submitted: large batches
// by worker threads of this stream through the pinned chunks (started on demand, joined by
// finish() or the destructor: no thread outlives the call), the others directly: enqueued by
// the submitting thread without waiting for them (threads of one process that each wait on the
// driver for every copy, as the GPU server's do for its clients, hold up each other's copies:
// docs/ABI.md, "Memory a program keeps mapped").
class TransferStream {
 public:
  explicit TransferStream(HostTransfer& t) : t_(t) {}
  TransferStream(const TransferStream&) = delete;
  TransferStream& operator=(const TransferStream&) = delete;
  ~TransferStream();  // abandons batches not started, waits for the copies under way

  // Queues a batch (the copies are taken by value) and returns its index. A download's copies
  // start once `after` (an event of another queue of the context, or null) has completed.
  size_t submit(const RowCopy* copies, size_t count, const cl::Event* after = nullptr);
  // Returns once batch `index` is copied; a copy's failure is rethrown.
  void wait(size_t index);
  // Makes what `queue` (of the same context) runs next start once batch `index` is copied: a
  // barrier on the device for a batch enqueued directly, else wait(index).
  void order_before(size_t index, const cl::CommandQueue& queue);
  // Waits for every batch and ends the workers; a copy's failure is rethrown.
  void finish();
  // Milliseconds during which some batch was being copied (the union of the batches'
  // intervals: a batch runs from its first copy started to its last completed; on the host's
  // clock for the staged batches, on the device's for the direct ones, whose copies the
  // transfer queue's profiling times).
  double busy_ms() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Batch {
    size_t left;  // chunks not yet completed (a direct batch: 1 until its last copy is seen done)
    cl::Event after;
    bool started = false;
    Clock::time_point start, end;
    bool direct = false;
    cl::Event first, last;  // a direct batch's first and last copies (null when it has none)
  };
  // Elements of deques are never moved, so a worker keeps pointers to them (indexing a deque
  // while another thread appends to it is a race).
  struct Chunk {
    const RowCopy* copy;
    size_t begin, end;  // dense bytes of the copy
    Batch* batch;
  };
  void work(size_t worker);
  void begin_chunk(const Chunk& c);  // waits for the batch's event; marks its start
  void chunk_done(Batch& batch);
  void stop_workers();
  // Waits for the direct batches not yet seen done: for the last one (the queue runs them in
  // order), then asks each one's status.
  void wait_direct();

  HostTransfer& t_;
  char* staging_ = nullptr;
  size_t chunk_bytes_ = 0;
  std::deque<RowCopy> copies_;
  std::deque<Chunk> chunks_;
  std::deque<Batch> batches_;
  size_t next_ = 0;  // the next chunk to claim
  bool stop_ = false, failed_ = false;
  std::exception_ptr error_;
  mutable std::mutex mutex_;
  std::condition_variable work_cv_, done_cv_;
  std::vector<std::thread> workers_;
};

}  // namespace mqlcl
