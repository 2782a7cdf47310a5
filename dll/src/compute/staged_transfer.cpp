#include "compute/staged_transfer.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "core/env_number.hpp"
#include "core/error.hpp"

namespace mqlcl {

namespace {

// The fastest chunk and thread count measured on the H200, from 2000^3 to 8192^3 (the
// measurements: docs/results-h200.md, "Where the library's built-in defaults come from").
constexpr size_t kDefaultChunk = size_t{1} << 20;
constexpr unsigned kMaxDefaultThreads = 8;
// Below this many bytes in one call, auto copies directly: there staged and direct measured
// the same (docs/results-h200.md).
constexpr size_t kStagedMinBytes = size_t{1} << 20;
// Chunks a worker keeps in flight: one being filled (or emptied) while the other is DMA'd.
constexpr size_t kSlotsPerWorker = 2;
constexpr size_t kMaxChunk = size_t{256} << 20;
constexpr unsigned kMaxThreads = 64;

// The dense bytes [begin, end) of a matrix: one staging chunk.
struct Chunk {
  const RowCopy* copy;
  size_t begin, end;
};

// Copies the dense bytes [begin, end) of c between its host rows and `stage` (a chunk may
// start and end inside a row, and be shorter than one).
void copy_dense(const RowCopy& c, size_t begin, size_t end, char* stage, bool to_stage) {
  char* host = static_cast<char*>(c.host);
  for (size_t p = begin; p < end;) {
    const size_t row = p / c.row_bytes, col = p % c.row_bytes;
    // Dense host rows: the rest of the chunk in one piece.
    const size_t n = c.pitch == c.row_bytes ? end - p : std::min(c.row_bytes - col, end - p);
    char* h = host + row * c.pitch + col;
    if (to_stage)
      std::memcpy(stage + (p - begin), h, n);
    else
      std::memcpy(h, stage + (p - begin), n);
    p += n;
  }
}

// One call's chunks, claimed in order by its workers.
struct Pass {
  cl::CommandQueue& queue;
  const std::vector<Chunk>& chunks;
  char* staging;
  size_t chunk_bytes;
  bool to_device;
  std::atomic<size_t> next{0};
};

// A worker: claims chunks; upload: fills a free slot of its own and enqueues its DMA; download:
// enqueues the DMA into a free slot and empties the oldest once it has arrived. A slot is
// reused only after its DMA completed. Returns once all its DMAs have.
void work(Pass& p, size_t worker) {
  char* const base = p.staging + worker * kSlotsPerWorker * p.chunk_bytes;
  struct InFlight {
    const Chunk* chunk = nullptr;
    cl::Event done;
  } ring[kSlotsPerWorker];
  size_t oldest = 0, live = 0;
  auto finish_oldest = [&] {
    InFlight& f = ring[oldest];
    f.done.wait();
    if (!p.to_device) copy_dense(*f.chunk->copy, f.chunk->begin, f.chunk->end, base + oldest * p.chunk_bytes, false);
    oldest = (oldest + 1) % kSlotsPerWorker;
    --live;
  };
  for (;;) {
    const size_t i = p.next.fetch_add(1);
    if (i >= p.chunks.size()) break;
    if (live == kSlotsPerWorker) finish_oldest();
    const size_t slot = (oldest + live) % kSlotsPerWorker;
    const Chunk& c = p.chunks[i];
    char* stage = base + slot * p.chunk_bytes;
    ring[slot].chunk = &c;
    if (p.to_device) {
      copy_dense(*c.copy, c.begin, c.end, stage, true);
      p.queue.enqueueWriteBuffer(*c.copy->device, CL_FALSE, c.begin, c.end - c.begin, stage, nullptr, &ring[slot].done);
    } else {
      p.queue.enqueueReadBuffer(*c.copy->device, CL_FALSE, c.begin, c.end - c.begin, stage, nullptr, &ring[slot].done);
    }
    ++live;
    p.queue.flush();  // NVIDIA starts a command only once flushed
  }
  while (live > 0) finish_oldest();
}

// Runs work() on `workers` workers: the calling thread and workers - 1 threads of this call,
// joined before it returns (no thread outlives a call: the library may be unloaded from any
// thread). A thread that cannot be started leaves its chunks to the others.
void run_workers(Pass& p, size_t workers) {
  std::vector<std::exception_ptr> errors(workers);
  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  for (size_t w = 1; w < workers; ++w) {
    try {
      threads.emplace_back([&p, &errors, w] {
        try {
          work(p, w);
        } catch (...) {
          errors[w] = std::current_exception();
        }
      });
    } catch (...) {
      break;
    }
  }
  try {
    work(p, 0);
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (auto& t : threads) t.join();
  for (auto& e : errors)
    if (e) {
      try {
        p.queue.finish();  // a failed worker may have left DMAs in flight into the staging
      } catch (...) {
      }
      std::rethrow_exception(e);
    }
}

}  // namespace

void transfer_defaults(const DeviceFacts&, int* out) {
  out[0] = static_cast<int>(kDefaultChunk >> 10);
  out[1] = static_cast<int>(std::min(std::max(1u, std::thread::hardware_concurrency()), kMaxDefaultThreads));
}

void validate_transfer_params(const int* p, const DeviceFacts&) {
  if (p[0] < 1 || static_cast<size_t>(p[0]) > (kMaxChunk >> 10))
    fail(MQLCL_ERR_ARGUMENT, "transfer: CHUNK_KIB = ", p[0], " is outside 1 .. ", kMaxChunk >> 10);
  if (p[1] < 1 || static_cast<unsigned>(p[1]) > kMaxThreads)
    fail(MQLCL_ERR_ARGUMENT, "transfer: THREADS = ", p[1], " is outside 1 .. ", kMaxThreads);
}

TransferSettings transfer_settings(const cl::Device& device, const int* tuned) {
  TransferSettings s;
  const char* mode = std::getenv("MQLCL_TRANSFER");
  const std::string m = mode ? mode : "";
  if (m.empty() || m == "auto")
    s.mode = TransferMode::Auto;
  else if (m == "staged")
    s.mode = TransferMode::Staged;
  else if (m == "direct")
    s.mode = TransferMode::Direct;
  else
    fail(MQLCL_ERR_ARGUMENT, "MQLCL_TRANSFER = \"", m, "\": it must be auto, staged or direct");
  s.chunk_bytes = env_number("MQLCL_TRANSFER_CHUNK", 1, kMaxChunk, static_cast<size_t>(tuned[0]) << 10);
  s.threads = static_cast<unsigned>(env_number("MQLCL_TRANSFER_THREADS", 1, kMaxThreads, static_cast<size_t>(tuned[1])));
  s.unified_memory = device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>() == CL_TRUE;
  return s;
}

void HostTransfer::init(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue,
                        const int* tuned) {
  settings_ = transfer_settings(device, tuned);
  context_ = context;
  queue_ = queue;
}

HostTransfer::~HostTransfer() { release_staging(); }

void HostTransfer::release_staging() {
  if (mapped_ != nullptr) {
    // The C API: a destructor must not throw.
    clEnqueueUnmapMemObject(queue_(), pinned_(), mapped_, 0, nullptr, nullptr);
    clFinish(queue_());
    mapped_ = nullptr;
  }
  pinned_ = cl::Buffer();
  pinned_bytes_ = 0;
}

char* HostTransfer::staging(size_t bytes) {
  if (bytes <= pinned_bytes_ && mapped_ != nullptr) return mapped_;
  release_staging();
  try {
    pinned_ = cl::Buffer(context_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
    mapped_ = static_cast<char*>(queue_.enqueueMapBuffer(pinned_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes));
    pinned_bytes_ = bytes;
  } catch (const cl::Error&) {
    release_staging();  // no pinned memory of that size: the copies go direct
  }
  return mapped_;
}

void HostTransfer::direct(const RowCopy& c, bool to_device) {
  if (c.pitch == c.row_bytes || c.rows == 1) {
    if (to_device)
      queue_.enqueueWriteBuffer(*c.device, CL_TRUE, 0, c.rows * c.row_bytes, c.host);
    else
      queue_.enqueueReadBuffer(*c.device, CL_TRUE, 0, c.rows * c.row_bytes, c.host);
    return;
  }
  // A rectangle: only the used bytes of each host row, packed densely on the device.
  const cl::array<size_t, 3> origin{0, 0, 0}, region{c.row_bytes, c.rows, 1};
  if (to_device)
    queue_.enqueueWriteBufferRect(*c.device, CL_TRUE, origin, origin, region, c.row_bytes, 0, c.pitch, 0, c.host);
  else
    queue_.enqueueReadBufferRect(*c.device, CL_TRUE, origin, origin, region, c.row_bytes, 0, c.pitch, 0, c.host);
}

void HostTransfer::upload(const RowCopy* copies, size_t count) { run(copies, count, true); }
void HostTransfer::download(const RowCopy* copies, size_t count) { run(copies, count, false); }

void HostTransfer::run(const RowCopy* copies, size_t count, bool to_device) {
  size_t total = 0;
  for (size_t i = 0; i < count; ++i) total += copies[i].rows * copies[i].row_bytes;
  const bool staged = settings_.mode == TransferMode::Staged ||
                      (settings_.mode == TransferMode::Auto && !settings_.unified_memory && total >= kStagedMinBytes);
  const size_t chunk = std::min(settings_.chunk_bytes, std::max<size_t>(total, 1));
  std::vector<Chunk> chunks;
  if (staged) {
    chunks.reserve(total / chunk + count);
    for (size_t i = 0; i < count; ++i) {
      const size_t bytes = copies[i].rows * copies[i].row_bytes;
      for (size_t b = 0; b < bytes; b += chunk) chunks.push_back({&copies[i], b, std::min(bytes, b + chunk)});
    }
  }
  const size_t workers = std::min<size_t>(settings_.threads, chunks.size());
  char* pinned = staged && workers > 0 ? staging(workers * kSlotsPerWorker * chunk) : nullptr;
  if (pinned == nullptr) {
    for (size_t i = 0; i < count; ++i) direct(copies[i], to_device);
    return;
  }
  Pass pass{queue_, chunks, pinned, chunk, to_device};
  run_workers(pass, workers);
}

}  // namespace mqlcl
