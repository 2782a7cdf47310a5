#include "transfer/staged_transfer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "catalog/transfer_params.hpp"
#include "core/env_number.hpp"
#include "core/error.hpp"
#include "transfer/host_memory.hpp"

namespace mqlcl {

namespace {

// Below this many bytes in one call, auto copies directly: there staged and direct measured
// the same (docs/results-h200.md).
constexpr size_t kStagedMinBytes = size_t{1} << 20;
// Chunks a worker keeps in flight: one being filled (or emptied) while the other is DMA'd.
constexpr size_t kSlotsPerWorker = 2;

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

}  // namespace

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
  s.chunk_bytes = env_number("MQLCL_TRANSFER_CHUNK", 1, kMaxTransferChunk, static_cast<size_t>(tuned[0]) << 10);
  s.threads = static_cast<unsigned>(env_number("MQLCL_TRANSFER_THREADS", 1, kMaxTransferThreads, static_cast<size_t>(tuned[1])));
  s.unified_memory = device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>() == CL_TRUE;
  s.panel_rows = env_number("MQLCL_GEMM_PANEL_ROWS", 1, size_t{1} << 31, 0);
  return s;
}

bool TransferSettings::staged(size_t bytes) const {
  return mode == TransferMode::Staged || (mode == TransferMode::Auto && !unified_memory && bytes >= kStagedMinBytes);
}

void HostTransfer::init(const cl::Context& context, const cl::Device& device, bool to_device, const int* tuned) {
  settings_ = transfer_settings(device, tuned);
  to_device_ = to_device;
  context_ = context;
  // Profiled: the direct copies' times are the events' (TransferStream::busy_ms).
  queue_ = cl::CommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE);
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

void HostTransfer::direct(const RowCopy& c, const std::vector<cl::Event>* waits, cl::Event& done) {
  if (c.pitch == c.row_bytes || c.rows == 1) {
    if (to_device_)
      queue_.enqueueWriteBuffer(*c.device, CL_FALSE, c.device_offset, c.rows * c.row_bytes, c.host, waits, &done);
    else
      queue_.enqueueReadBuffer(*c.device, CL_FALSE, c.device_offset, c.rows * c.row_bytes, c.host, waits, &done);
    return;
  }
  // A rectangle: only the used bytes of each host row, packed densely on the device.
  const cl::array<size_t, 3> at{c.device_offset, 0, 0}, origin{0, 0, 0}, region{c.row_bytes, c.rows, 1};
  if (to_device_)
    queue_.enqueueWriteBufferRect(*c.device, CL_FALSE, at, origin, region, c.row_bytes, 0, c.pitch, 0, c.host, waits,
                                  &done);
  else
    queue_.enqueueReadBufferRect(*c.device, CL_FALSE, at, origin, region, c.row_bytes, 0, c.pitch, 0, c.host, waits,
                                 &done);
}

void HostTransfer::run(const RowCopy* copies, size_t count) {
  TransferStream stream(*this);
  stream.submit(copies, count);
  stream.finish();
}

size_t TransferStream::submit(const RowCopy* copies, size_t count, const cl::Event* after) {
  const TransferSettings& s = t_.settings_;
  size_t total = 0;
  for (size_t i = 0; i < count; ++i) total += copies[i].rows * copies[i].row_bytes;
  std::unique_lock<std::mutex> lock(mutex_);
  if (failed_) std::rethrow_exception(error_);
  const size_t index = batches_.size();
  batches_.push_back(Batch{0, after ? *after : cl::Event(), false, {}, {}, false, {}, {}});
  bool staged = s.staged(total);
  // Arrays lying in memory the program keeps given and the driver pins: straight from and to it.
  bool given = staged;
  for (size_t i = 0; given && i < count; ++i) {
    const RowCopy& c = copies[i];
    const size_t extent = c.rows == 0 ? 0 : (c.rows - 1) * c.pitch + c.row_bytes;
    given = host_memory_pinned(t_.context_, t_.queue_, c.host, extent);
  }
  if (given) staged = false;
  if (staged && staging_ == nullptr) {
    chunk_bytes_ = s.chunk_bytes;
    staging_ = t_.staging(s.threads * kSlotsPerWorker * chunk_bytes_);
  }
  staged = staged && staging_ != nullptr;
  // The workers this batch's chunks can keep busy (at least one, or the batch goes direct).
  const size_t chunks_before = chunks_.size() - next_;
  size_t new_chunks = 0;
  if (staged)
    for (size_t i = 0; i < count; ++i) new_chunks += (copies[i].rows * copies[i].row_bytes + chunk_bytes_ - 1) / chunk_bytes_;
  const size_t want = staged ? std::min<size_t>(s.threads, chunks_before + new_chunks) : 0;
  while (workers_.size() < want) {
    try {
      const size_t w = workers_.size();
      workers_.emplace_back([this, w] { work(w); });
    } catch (...) {
      break;  // a thread that cannot be started leaves its chunks to the others
    }
  }
  if (staged && workers_.empty()) staged = false;
  Batch& b = batches_.back();
  if (!staged) {
    // Directly, enqueued by this thread after `after` (the queue keeps them in order with the
    // rest of this stream); wait() or order_before() waits for them.
    b.direct = true, b.started = true, b.start = Clock::now();
    if (count == 0) {
      b.end = b.start;
      return index;
    }
    b.left = 1;
    lock.unlock();
    std::vector<cl::Event> waits;
    if (after && (*after)()) waits.push_back(*after);
    cl::Event first, last;
    for (size_t i = 0; i < count; ++i) {
      t_.direct(copies[i], i == 0 && !waits.empty() ? &waits : nullptr, last);
      if (i == 0) first = last;
    }
    t_.queue_.flush();  // NVIDIA starts a command only once flushed
    lock.lock();
    b.first = first, b.last = last;
    return index;
  }
  for (size_t i = 0; i < count; ++i) {
    copies_.push_back(copies[i]);
    const RowCopy* c = &copies_.back();
    const size_t bytes = c->rows * c->row_bytes;
    for (size_t at = 0; at < bytes; at += chunk_bytes_) {
      chunks_.push_back({c, at, std::min(bytes, at + chunk_bytes_), &b});
      ++b.left;
    }
  }
  if (b.left == 0) b.started = true, b.start = b.end = Clock::now();
  work_cv_.notify_all();
  return index;
}

void TransferStream::begin_chunk(const Chunk& c) {
  Batch& b = *c.batch;
  if (!t_.to_device_ && b.after()) b.after.wait();  // C's panel computed (another queue)
  std::lock_guard<std::mutex> lock(mutex_);
  if (!b.started) b.started = true, b.start = Clock::now();
}

void TransferStream::chunk_done(Batch& b) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (--b.left == 0) {
    b.end = Clock::now();
    done_cv_.notify_all();
  }
}

// A worker: claims chunks in order; upload: fills a free slot of its own and enqueues its DMA;
// download: enqueues the DMA into a free slot and empties the oldest once it has arrived. A
// slot is reused only after its DMA completed; with nothing to claim, the worker completes
// what it has in flight before it sleeps.
void TransferStream::work(size_t worker) {
  try {
    char* const base = staging_ + worker * kSlotsPerWorker * chunk_bytes_;
    struct InFlight {
      const Chunk* chunk = nullptr;
      cl::Event done;
    } ring[kSlotsPerWorker];
    size_t oldest = 0, live = 0;
    auto finish_oldest = [&] {
      InFlight& f = ring[oldest];
      f.done.wait();
      if (!t_.to_device_) copy_dense(*f.chunk->copy, f.chunk->begin, f.chunk->end, base + oldest * chunk_bytes_, false);
      oldest = (oldest + 1) % kSlotsPerWorker;
      --live;
      chunk_done(*f.chunk->batch);
    };
    for (;;) {
      const Chunk* c = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        while (!failed_ && next_ == chunks_.size() && !stop_) {
          if (live > 0) {
            lock.unlock();
            finish_oldest();
            lock.lock();
            continue;
          }
          work_cv_.wait(lock);
        }
        if (failed_ || next_ == chunks_.size()) break;
        c = &chunks_[next_++];
      }
      if (live == kSlotsPerWorker) finish_oldest();
      begin_chunk(*c);
      const size_t slot = (oldest + live) % kSlotsPerWorker;
      char* stage = base + slot * chunk_bytes_;
      ring[slot].chunk = c;
      const size_t at = c->copy->device_offset + c->begin, bytes = c->end - c->begin;
      if (t_.to_device_) {
        copy_dense(*c->copy, c->begin, c->end, stage, true);
        t_.queue_.enqueueWriteBuffer(*c->copy->device, CL_FALSE, at, bytes, stage, nullptr, &ring[slot].done);
      } else {
        t_.queue_.enqueueReadBuffer(*c->copy->device, CL_FALSE, at, bytes, stage, nullptr, &ring[slot].done);
      }
      ++live;
      t_.queue_.flush();  // NVIDIA starts a command only once flushed
    }
    while (live > 0) finish_oldest();
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failed_) error_ = std::current_exception();
    failed_ = true;
    work_cv_.notify_all();
    done_cv_.notify_all();
  }
}

void TransferStream::wait(size_t index) {
  std::unique_lock<std::mutex> lock(mutex_);
  Batch& b = batches_.at(index);
  if (b.direct) {
    if (b.left == 0) return;
    lock.unlock();
    wait_direct();  // the queue runs the direct batches in order: this one is done with the last
    return;
  }
  done_cv_.wait(lock, [&] { return failed_ || b.left == 0; });
  if (failed_) std::rethrow_exception(error_);
}

void TransferStream::order_before(size_t index, const cl::CommandQueue& queue) {
  std::unique_lock<std::mutex> lock(mutex_);
  const Batch& b = batches_.at(index);
  if (!b.direct) {
    lock.unlock();
    wait(index);
    return;
  }
  if (b.left == 0) return;
  const std::vector<cl::Event> waits{b.last};
  lock.unlock();
  queue.enqueueBarrierWithWaitList(&waits);
}

void TransferStream::stop_workers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (auto& w : workers_) w.join();
  workers_.clear();
  if (failed_) {
    try {
      t_.queue_.finish();  // a failed worker may have left DMAs in flight into the staging
    } catch (...) {
    }
  }
}

void TransferStream::wait_direct() {
  std::unique_lock<std::mutex> lock(mutex_);
  cl::Event last;
  for (const Batch& b : batches_)
    if (b.direct && b.left != 0) last = b.last;
  if (!last()) return;
  lock.unlock();
  last.wait();
  lock.lock();
  const Clock::time_point now = Clock::now();
  for (Batch& b : batches_) {
    if (!b.direct || b.left == 0) continue;
    for (const cl::Event* e : {&b.first, &b.last}) {
      cl_int status = CL_COMPLETE;
      clGetEventInfo((*e)(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
      if (status < 0) throw cl::Error(status, "clWaitForEvents");
    }
    b.left = 0, b.end = now;
  }
}

void TransferStream::finish() {
  for (size_t i = 0; i < batches_.size(); ++i) wait(i);
  stop_workers();
  if (failed_) std::rethrow_exception(error_);
}

TransferStream::~TransferStream() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = next_; i < chunks_.size(); ++i) --chunks_[i].batch->left;
    next_ = chunks_.size();  // not started: abandoned
  }
  stop_workers();
  // Direct copies not seen done read or write the caller's arrays: they end before the call.
  bool pending = false;
  for (const Batch& b : batches_) pending = pending || (b.direct && b.left != 0);
  if (pending) clFinish(t_.queue_());
}

namespace {
// A direct batch's device interval in milliseconds from the device's clock origin; false
// where the driver gives no profile.
bool profiled(const cl::Event& first, const cl::Event& last, double& from_ms, double& to_ms) {
  cl_ulong start = 0, end = 0;
  if (clGetEventProfilingInfo(first(), CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr) != CL_SUCCESS ||
      clGetEventProfilingInfo(last(), CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr) != CL_SUCCESS || end < start)
    return false;
  from_ms = static_cast<double>(start) / 1e6, to_ms = static_cast<double>(end) / 1e6;
  return true;
}
}  // namespace

double TransferStream::busy_ms() const {
  std::lock_guard<std::mutex> lock(mutex_);
  double ms = 0;
  // The direct batches (in queue order, so their intervals ascend) on the device's clock.
  double device_covered = 0;
  bool any_device = false;
  for (const Batch& b : batches_) {
    if (!b.direct || b.left != 0 || !b.last()) continue;
    double from = 0, to = 0;
    if (!profiled(b.first, b.last, from, to)) {
      ms += std::chrono::duration<double, std::milli>(b.end - b.start).count();  // as seen here
      continue;
    }
    if (any_device) from = std::max(from, device_covered);
    if (to > from) ms += to - from;
    device_covered = any_device ? std::max(device_covered, to) : to;
    any_device = true;
  }
  Clock::time_point covered{};
  bool any = false;
  for (const Batch& b : batches_) {
    if (b.direct || !b.started || b.left != 0) continue;
    const Clock::time_point from = any ? std::max(b.start, covered) : b.start;
    if (b.end > from) ms += std::chrono::duration<double, std::milli>(b.end - from).count();
    covered = any ? std::max(covered, b.end) : b.end;
    any = true;
  }
  return ms;
}

}  // namespace mqlcl
