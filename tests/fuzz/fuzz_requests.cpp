// libFuzzer harness of the GPU server's requests (server/client_session.*): each input is a
// sequence of requests a hostile client could send, their kinds and fields arbitrary or the
// handles it was given (a context, a buffer, a program, a kernel made first), its own numbers
// freed, or numbers it was never given. Each request is served as the server serves it; a reply
// that fails without a message, any crash, sanitizer report or exception is a finding, and so
// is an object of the client's left behind once its session ended.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "client_session.hpp"
#include "device_contexts.hpp"
#include "mqlcl.h"
#include "remote/protocol.hpp"
#include "remote/request_kinds.hpp"

namespace {

using namespace mqlcl;

Packer request(Request kind) { return Packer().u32(static_cast<uint32_t>(kind)); }

// The requests fuzzed: the generic layer's, whose calls are quick on any input (the experiments'
// and GEMM's would spend seconds on a size the fuzzer makes up), and the written ones.
const uint32_t kFuzzedKinds[] = {
    static_cast<uint32_t>(Request::Hello), static_cast<uint32_t>(Request::Create), static_cast<uint32_t>(Request::Bulk),
    static_cast<uint32_t>(Request::Posted),
    kRequest_mqlcl_free, kRequest_mqlcl_last_error, kRequest_mqlcl_context_share, kRequest_mqlcl_program,
    kRequest_mqlcl_program_log, kRequest_mqlcl_kernel, kRequest_mqlcl_buffer, kRequest_mqlcl_buffer_write_bytes,
    kRequest_mqlcl_buffer_read_bytes, kRequest_mqlcl_buffer_write_float, kRequest_mqlcl_buffer_read_int,
    kRequest_mqlcl_arg_mem, kRequest_mqlcl_arg_int, kRequest_mqlcl_arg_float, kRequest_mqlcl_arg_integer,
    kRequest_mqlcl_arg_local, kRequest_mqlcl_enqueue, kRequest_mqlcl_execute, kRequest_mqlcl_finish,
    kRequest_mqlcl_kernel_status, kRequest_mqlcl_handle_info, kRequest_mqlcl_kernel_info, 0, 999};

int32_t field(FuzzedDataProvider& in, const std::vector<int32_t>& given) {
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0: return given[in.ConsumeIntegralInRange<size_t>(0, given.size() - 1)];
    case 1: return in.ConsumeIntegralInRange(-4, 64);
    default: return in.ConsumeIntegral<int32_t>();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // One shared context for every input, as the server keeps one per device for its life.
  static DeviceContexts* contexts = new DeviceContexts();
  static const int baseline = [] {
    contexts->on_device(MQLCL_DEVICE_BEST);
    return mqlcl_handle_count();
  }();
  FuzzedDataProvider in(data, size);
  {
    ClientSession session(*contexts);
    std::vector<int32_t> given{0};
    const auto made = [&](const Packer& p) {
      const int64_t h = session.serve(p.bytes().data(), p.size()).result;
      if (h > 0) given.push_back(static_cast<int32_t>(h));
      return static_cast<int32_t>(h);
    };
    const int32_t ctx = made(request(Request::Create).i32(MQLCL_DEVICE_BEST));
    made(Packer().u32(kRequest_mqlcl_buffer).i32(ctx).i64(256).i32(0));
    const int32_t program =
        made(Packer().u32(kRequest_mqlcl_program).i32(ctx).u32(1).text(u"__kernel void k(__global float* x, int n, float v) { x[n] = v; }").u32(1).text(u""));
    made(Packer().u32(kRequest_mqlcl_kernel).i32(program).u32(1).text(u"k"));
    for (int n = 0; n < 32 && in.remaining_bytes() > 0; ++n) {
      Packer p;
      p.u32(kFuzzedKinds[in.ConsumeIntegralInRange<size_t>(0, sizeof kFuzzedKinds / sizeof kFuzzedKinds[0] - 1)]);
      const int fields = in.ConsumeIntegralInRange(0, 8);
      for (int f = 0; f < fields; ++f) {
        switch (in.ConsumeIntegralInRange(0, 4)) {
          case 0: p.i64(in.ConsumeIntegralInRange<int64_t>(-8, 1 << 20)); break;
          case 4: p.u32(in.ConsumeIntegralInRange<uint32_t>(0, 3)); break;  // how an array comes
          case 1: {
            const std::string bytes = in.ConsumeRandomLengthString(64);
            p.array(bytes.data(), static_cast<uint32_t>(bytes.size()), 1);
            break;
          }
          default: p.i32(field(in, given));
        }
      }
      if (request_kind(p.bytes().data(), p.size()) == static_cast<uint32_t>(Request::Posted)) {
        session.serve_posted(p.bytes().data(), p.size());  // a failure is kept for the next request that waits
        continue;
      }
      const Reply r = session.serve(p.bytes().data(), p.size());
      if (r.result < 0 && r.message.empty()) std::abort();
    }
  }
  if (mqlcl_handle_count() != baseline) std::abort();  // the session's objects went with it
  return 0;
}
