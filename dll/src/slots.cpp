#include "slots.hpp"

#include "device/devices.hpp"
#include "core/checked_math.hpp"

namespace mqlcl {

namespace {
const char* slot_name(int slot) {
  static const char* names[kSlotCount] = {"A", "B", "C", "X", "Y", "DIA_VALUES", "DIA_OFFSETS"};
  return names[slot];
}
void check_slot(int slot) {
  if (slot < 0 || slot >= kSlotCount)
    fail(MQLCL_ERR_ARGUMENT, "slot ", slot, " does not exist (0 .. ", kSlotCount - 1, ")");
}
}  // namespace

void DataSlots::upload(int slot, const void* data, size_t count, bool is_int) {
  check_slot(slot);
  clock_.start();
  const size_t bytes = checked_mul(count, 4, "upload bytes");
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (s.count != count || !s.buffer()) s.buffer = allocate_buffer(context_, facts_, bytes, "the upload");
  s.count = count;
  s.is_int = is_int;
  queue_.enqueueWriteBuffer(s.buffer, CL_TRUE, 0, bytes, data);
  if (is_int) {
    const int* ints = static_cast<const int*>(data);
    s.host_ints.assign(ints, ints + count);
  } else {
    s.host_ints.clear();
  }
}

size_t DataSlots::read(int slot, void* out, size_t count, bool is_int) {
  check_slot(slot);
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (!s.buffer()) fail(MQLCL_ERR_NO_DATA, "slot ", slot_name(slot), " holds no data yet");
  if (s.is_int != is_int)
    fail(MQLCL_ERR_ARGUMENT, "slot ", slot_name(slot), " holds ", s.is_int ? "ints" : "floats", ": read it with ",
         s.is_int ? "mqlcl_read_int" : "mqlcl_read");
  if (count > s.count)
    fail(MQLCL_ERR_RANGE, "count = ", count, " exceeds the ", s.count, " elements of slot ", slot_name(slot));
  queue_.enqueueReadBuffer(s.buffer, CL_TRUE, 0, count * 4, out);
  clock_.stop(total_ms_);
  return count;
}

cl::Buffer& DataSlots::input(int slot, size_t count, bool is_int, const char* role) {
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (!s.buffer()) fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " was not uploaded");
  if (s.count != count)
    fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " holds ", s.count, " elements, the shape needs ", count);
  if (s.is_int != is_int)
    fail(MQLCL_ERR_NO_DATA, role, ": slot ", slot_name(slot), " must be uploaded as ",
         is_int ? "int (mqlcl_upload_int)" : "float (mqlcl_upload)");
  return s.buffer;
}

cl::Buffer& DataSlots::output(int slot, size_t count) {
  Slot& s = slots_[static_cast<size_t>(slot)];
  if (s.count != count || !s.buffer()) {
    s.buffer = allocate_buffer(context_, facts_, checked_mul(count, 4, "output bytes"), "the output");
    s.count = count;
  }
  s.is_int = false;
  s.host_ints.clear();
  return s.buffer;
}

const std::vector<int>& DataSlots::host_ints(int slot) const {
  return slots_[static_cast<size_t>(slot)].host_ints;
}

}  // namespace mqlcl
