// A client of the GPU server in a process of its own, for tests/abi/test_remote_server.cpp:
// `remote_server_child PLACE SERVER` connects (starting SERVER at PLACE when none runs), makes a
// context, three buffers, a program and a kernel, says "ready N" (N the objects beside the
// context), then waits until its input ends or it is killed.
#include <cstdio>
#include <string>

#include "remote/protocol.hpp"
#include "remote/remote_client.hpp"
#include "remote/request_kinds.hpp"

using namespace mqlcl;

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  ServerOptions options;
  options.place = argv[1];
  options.server_program = argv[2];
  options.idle_seconds = 2;
  auto client = RemoteClient::connect(options);
  const auto call = [&](const Packer& p) { return client->call(p.bytes()).result; };
  const int64_t ctx = call(Packer().u32(static_cast<uint32_t>(Request::Create)).i32(-1));
  if (ctx <= 0) return 3;
  int made = 0;
  for (int i = 0; i < 3; ++i)
    made += call(Packer().u32(kRequest_mqlcl_buffer).i32(static_cast<int>(ctx)).i64(4096).i32(0)) > 0;
  const int64_t program = call(Packer()
                                   .u32(kRequest_mqlcl_program)
                                   .i32(static_cast<int>(ctx))
                                   .u32(1)
                                   .text(u"__kernel void k(__global float* x) { x[0] = 1.0f; }")
                                   .u32(1)
                                   .text(u""));
  made += program > 0;
  made += call(Packer().u32(kRequest_mqlcl_kernel).i32(static_cast<int>(program)).u32(1).text(u"k")) > 0;
  std::printf("ready %d\n", made);
  std::fflush(stdout);
  while (std::getchar() != EOF) {
  }
  return 0;
}
