// mqlcl-gpu-server [--rendezvous PLACE] [--idle-seconds N]: this user's GPU server
// (gpu_server.hpp), started by the first client that finds none.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "context.hpp"
#include "core/env_number.hpp"
#include "core/handles.hpp"
#include "generic/launch_merging.hpp"
#include "gpu_server.hpp"
#include "remote/shared_gpu.hpp"

int main(int argc, char** argv) {
  // The server's handles from 2^30 up (core/handles.hpp), before the library's first call.
  if (!mqlcl::Registry::number_as_server()) {
    std::fprintf(stderr, "mqlcl-gpu-server: the handle table was made before main\n");
    return 2;
  }
  mqlcl::ServerSettings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--rendezvous" && i + 1 < argc) {
      settings.place = argv[++i];
    } else if (arg == "--idle-seconds" && i + 1 < argc) {
      const long n = std::strtol(argv[++i], nullptr, 10);
      if (n < 1 || n > 86400) {
        std::fprintf(stderr, "mqlcl-gpu-server: --idle-seconds takes 1 .. 86400, not %s\n", argv[i]);
        return 2;
      }
      settings.idle_seconds = static_cast<unsigned>(n);
    } else {
      std::fprintf(stderr, "usage: mqlcl-gpu-server [--rendezvous PLACE] [--idle-seconds N]\n");
      return 2;
    }
  }
  // Its waits for requests as the clients' for replies, and whether it merges the same launch of
  // several clients: the settings it inherits from the client that started it.
  try {
    settings.waits = mqlcl::shared_gpu_waits();
    mqlcl::set_launch_merging(mqlcl::env_number("MQLCL_SHARED_GPU_MERGE", 0, 1, 0) == 1);
    mqlcl::set_queued_writes(true);  // a request's bytes are the server's own copy
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mqlcl-gpu-server: %s\n", e.what());
    return 2;
  }
  return mqlcl::run_server(settings);
}
