// A client of the GPU server in a process of its own, for tests/abi/test_remote_server.cpp:
// `remote_server_child PLACE SERVER` connects (starting SERVER at PLACE when none runs), makes a
// context, three buffers, a program and a kernel, queues a chain of launches of the kernel
// without waiting for them, says "ready N" (N the objects beside the context), then waits until
// its input ends or it is killed (mid-chain, where the launches have not all run).
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
  int64_t buffer = 0;
  for (int i = 0; i < 3; ++i) {
    buffer = call(Packer().u32(kRequest_mqlcl_buffer).i32(static_cast<int>(ctx)).i64(1 << 20).i32(0));
    made += buffer > 0;
  }
  const int64_t program = call(Packer()
                                   .u32(kRequest_mqlcl_program)
                                   .i32(static_cast<int>(ctx))
                                   .u32(1)
                                   .text(u"__kernel void k(__global float* x) {\n"
                                         u"  float v = x[get_global_id(0)];\n"
                                         u"  for (int i = 0; i < 64; ++i) v = v * 0.999f + 1.0f;\n"
                                         u"  x[get_global_id(0)] = v;\n"
                                         u"}\n")
                                   .u32(1)
                                   .text(u""));
  made += program > 0;
  const int64_t kernel = call(Packer().u32(kRequest_mqlcl_kernel).i32(static_cast<int>(program)).u32(1).text(u"k"));
  made += kernel > 0;
  if (call(Packer().u32(kRequest_mqlcl_arg_mem).i32(static_cast<int>(kernel)).i32(0).i32(static_cast<int>(buffer))) != 0)
    return 4;
  // The chain: mqlcl_enqueue(kernel, 1, null, 0, {2^16}, 1, null, 0), posted (not waited for).
  const unsigned global = 1u << 16;
  Packer launch;
  launch.u32(kRequest_mqlcl_enqueue).i32(static_cast<int>(kernel)).i32(1).u32(0).i32(0);
  launch.u32(1).array(&global, 4, 1).i32(1).u32(0).i32(0);
  for (int i = 0; i < 200; ++i)
    if (client->post(launch.bytes(), true).result != 0) return 5;
  std::printf("ready %d\n", made);
  std::fflush(stdout);
  while (std::getchar() != EOF) {
  }
  return 0;
}
