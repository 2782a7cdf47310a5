// The data slots of a context (MQLCL_SLOT_*): device buffers the experiments read their
// inputs from and write their outputs to, each with its element count and type.
#pragma once
#include <array>
#include <vector>

#include "core/opencl.hpp"
#include "device/device_facts.hpp"
#include "timing.hpp"

namespace mqlcl {

constexpr int kSlotCount = 7;

class DataSlots {
 public:
  // Buffers on `context`, copies on `queue`; an upload starts the context's "OpenCL total"
  // clock, a read stops it into total_ms.
  DataSlots(const DeviceFacts& facts, cl::Context& context, cl::CommandQueue& queue, TotalClock& clock, double& total_ms)
      : facts_(facts), context_(context), queue_(queue), clock_(clock), total_ms_(total_ms) {}
  DataSlots(const DataSlots&) = delete;
  DataSlots& operator=(const DataSlots&) = delete;

  // Copies count elements (ints or floats) into the slot, (re)allocated to hold them.
  void upload(int slot, const void* data, size_t count, bool is_int);
  // Reads count elements of the slot's type (is_int: ints, else floats); the other type is
  // refused (MQLCL_ERR_ARGUMENT naming both), never reinterpreted.
  size_t read(int slot, void* out, size_t count, bool is_int);
  // The buffer of an input slot that must hold exactly `count` elements of the type.
  cl::Buffer& input(int slot, size_t count, bool is_int, const char* role);
  // The buffer of an output slot, (re)allocated to hold `count` floats.
  cl::Buffer& output(int slot, size_t count);
  // An int slot's values as uploaded, kept on the host: kernels index memory with them,
  // so the routine that reads them checks them first (DIA offsets, experiments/dia_spmv).
  const std::vector<int>& host_ints(int slot) const;

 private:
  struct Slot {
    cl::Buffer buffer;
    size_t count = 0;
    bool is_int = false;
    std::vector<int> host_ints;
  };
  const DeviceFacts& facts_;
  cl::Context& context_;
  cl::CommandQueue& queue_;
  TotalClock& clock_;
  double& total_ms_;
  std::array<Slot, kSlotCount> slots_;
};

}  // namespace mqlcl
