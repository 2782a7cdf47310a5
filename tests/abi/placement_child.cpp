// One agent process of the placement tests (tests/abi/test_placement.cpp), which start many
// of them with the environment of each (POCL_DEVICES, MQLCL_TUNING_FILE, MQLCL_DEVICE).
//
// Usage:
//   mqlcl_placement_child create DEVICE   makes a context on DEVICE (-1: MQLCL_DEVICE_BEST), prints
//                                         "device N" (the context's) or "error CODE MESSAGE", then
//                                         holds it until its standard input ends, frees it, exits 0
//   mqlcl_placement_child best            prints "best N" (mqlcl_device_best) or "error CODE MESSAGE"
//   mqlcl_placement_child list            prints "NAME<TAB>DRIVER" per device
//   mqlcl_placement_child sgemm DEVICE N  makes a context, runs mqlcl_sgemm at N^3 on kernel 10,
//                                         prints "ok SOURCE searched|read" (mqlcl_tuning_source of its
//                                         tiles after the call; whether this process searched them)
//                                         or "error CODE MESSAGE", exits 0
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "mqlcl.h"
#include "utf16.hpp"

namespace {

std::string message() {
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_last_error(0, buf.data(), static_cast<int>(buf.size()));
  return n < 0 ? std::string("?") : utf16::to_utf8(buf.substr(0, static_cast<size_t>(n)));
}

std::string device_text(int device, int what) {
  std::u16string buf(1024, u'\0');
  const int n = mqlcl_device_text(device, what, buf.data(), static_cast<int>(buf.size()));
  return n < 0 ? std::string("?") : utf16::to_utf8(buf.substr(0, static_cast<size_t>(n)));
}

// Where the context's stage 10 tiles came from (mqlcl_tuning_text).
std::string origin(int ctx) {
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_tuning_text(ctx, MQLCL_TUNABLE_SGEMM_TUNED, buf.data(), static_cast<int>(buf.size()));
  return n < 0 ? std::string("?") : utf16::to_utf8(buf.substr(0, static_cast<size_t>(std::min(n, 4095))));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "list" && argc == 2) {
    for (int d = 0; d < mqlcl_device_count(); ++d)
      std::printf("%s\t%s\n", device_text(d, MQLCL_TEXT_NAME).c_str(), device_text(d, MQLCL_TEXT_DRIVER_VERSION).c_str());
    return 0;
  }
  if (what == "best" && argc == 2) {
    const int best = mqlcl_device_best();
    if (best < 0)
      std::printf("error %d %s\n", best, message().c_str());
    else
      std::printf("best %d\n", best);
    return 0;
  }
  if (what == "sgemm" && argc == 4) {
    const int ctx = mqlcl_create(std::atoi(argv[2]));
    const int n = std::atoi(argv[3]);
    std::vector<float> a(static_cast<size_t>(n) * n, 1.0f), b(a.size(), 0.5f), c(a.size(), 0.0f);
    int rc = ctx <= 0 ? ctx : mqlcl_gemm_pin(ctx, MQLCL_GEMM_EXACT, MQLCL_GEMM_KERNEL_SGEMM_TUNED);
    if (rc >= 0)
      rc = mqlcl_sgemm(ctx, MQLCL_GEMM_ON_DEVICE, n, n, n, 1.0f, a.data(), n * n, n, b.data(), n * n, n, 0.0f, c.data(), n * n, n);
    if (rc >= 0 && c[0] != 0.5f * static_cast<float>(n)) rc = MQLCL_ERR_INTERNAL;  // every element is n / 2
    if (rc < 0)
      std::printf("error %d %s\n", rc, message().c_str());
    else
      std::printf("ok %d %s\n", mqlcl_tuning_source(ctx, MQLCL_TUNABLE_SGEMM_TUNED), origin(ctx).find("tuned on first use") != std::string::npos ? "searched" : "read");
    if (ctx > 0) mqlcl_free(ctx);
    return 0;
  }
  if (what != "create" || argc != 3) {
    std::fprintf(stderr, "usage: mqlcl_placement_child create DEVICE | best | list | sgemm DEVICE N\n");
    return 2;
  }
  const int ctx = mqlcl_create(std::atoi(argv[2]));
  if (ctx <= 0) {
    std::printf("error %d %s\n", ctx, message().c_str());
    return 0;
  }
  std::printf("device %lld\n", mqlcl_handle_info(ctx, MQLCL_HINFO_DEVICE));
  std::fflush(stdout);
  char buf[256];
  while (std::fgets(buf, sizeof buf, stdin) != nullptr) {
  }
  return mqlcl_free(ctx) == MQLCL_OK ? 0 : 1;
}
