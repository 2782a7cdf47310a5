// libFuzzer harness of the transport's ring reader (dll/src/remote/ring.*): each input is what a
// hostile peer could leave in shared memory — its count of messages written, then slots' bytes —
// read by a reader of three kinds. A malformed message must be refused as an Error; any crash,
// sanitizer report, other exception, or a message taken that breaks the reader's rules is a finding.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "remote/ring.hpp"

namespace {

using namespace mqlcl;

struct AlwaysThere : PeerWatch {
  bool peer_alive() override { return true; }
  std::string peer_name() const override { return "the fuzzer"; }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  constexpr uint32_t kSlots = 4;
  FuzzedDataProvider in(data, size);
  RingControl control{};
  std::vector<RingSlot> slots(kSlots);
  Doorbell bell;
  AlwaysThere peer;
  const RingEnd end{RingMemory{&control, slots.data(), kSlots}, &bell, &peer, WaitLimits{0, 0}};
  const MessageRules rules{{0, 16, kSlotPayloadBytes, 0}};
  RingReader reader(end, rules);
  RingWriter writer(end);
  Message m;
  bool refused = false;  // once a message was refused, every later read must be too
  while (in.remaining_bytes() > 0) {
    switch (in.ConsumeIntegralInRange(0, 4)) {
      case 0: control.published.store(in.ConsumeIntegral<uint32_t>()); break;
      case 1: {  // a header, mostly near a valid one
        const uint32_t sequence = reader.consumed() + in.ConsumeIntegralInRange<uint32_t>(0, 2);
        const uint32_t kind = in.ConsumeIntegralInRange<uint32_t>(0, 4);
        const uint32_t length = in.ConsumeBool() ? in.ConsumeIntegralInRange<uint32_t>(0, 20) : in.ConsumeIntegral<uint32_t>();
        const SlotHeader h{sequence, kind, length, 0};
        std::memcpy(&slots[in.ConsumeIntegralInRange<uint32_t>(0, kSlots - 1)].header, &h, sizeof h);
        break;
      }
      case 2: {
        const std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(in.ConsumeIntegralInRange<size_t>(0, 64));
        RingSlot& slot = slots[in.ConsumeIntegralInRange<uint32_t>(0, kSlots - 1)];
        if (!bytes.empty()) std::memcpy(slot.payload, bytes.data(), bytes.size());
        break;
      }
      case 3: {
        const uint32_t before = reader.consumed();
        bool took = false;
        try {
          took = reader.try_pop(m);
        } catch (const Error&) {
          refused = true;
          break;
        }
        if (refused) __builtin_trap();
        if (took && (m.sequence != before + 1 || m.kind == 0 || m.kind >= rules.max_length.size() ||
                     m.length > rules.max_length[m.kind] || reader.consumed() != before + 1))
          __builtin_trap();
        break;
      }
      default: {  // the writer against a consumer count the input sets
        control.consumed.store(in.ConsumeIntegral<uint32_t>());
        const uint32_t length = in.ConsumeIntegralInRange<uint32_t>(0, kSlotPayloadBytes + 1);
        std::vector<uint8_t> payload(length);
        try {
          writer.try_push(in.ConsumeIntegralInRange<uint32_t>(0, 3), payload.data(), length);
        } catch (const Error&) {
          // kind 0, a payload beyond the slot, or a consumer count beyond what was written
        }
        break;
      }
    }
  }
  return 0;
}
