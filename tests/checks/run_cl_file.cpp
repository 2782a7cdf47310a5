// Runs one kernel of a .cl file through the generic layer of the ABI: three float
// buffers a (rows1 x colsrows), b (colsrows x cols2), c (rows1 x cols2), built with
// -DROWS1 -DCOLSROWS -DCOLS2, 1D range over the rows. Used to put test fixtures (such as
// the article's racy stage 6) under oclgrind.
// Usage: mqlcl_run_cl_file FILE KERNEL ROWS1 COLSROWS COLS2 LOCAL
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mqlcl.h"

static std::u16string wide(const std::string& s) { return std::u16string(s.begin(), s.end()); }

static int die(int ctx, const char* what) {
  char16_t buf[4096];
  const int n = mqlcl_last_error(ctx, buf, 4096);
  std::string msg;
  for (int i = 0; i < n && i < 4095; ++i) msg += static_cast<char>(buf[i] < 128 ? buf[i] : '?');
  std::fprintf(stderr, "%s failed: %s\n", what, msg.c_str());
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s FILE KERNEL ROWS1 COLSROWS COLS2 LOCAL\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream src;
  src << in.rdbuf();
  const int m = std::stoi(argv[3]), k = std::stoi(argv[4]), n = std::stoi(argv[5]), local = std::stoi(argv[6]);
  const int ctx = mqlcl_create(0);
  if (ctx < 0) return die(0, "mqlcl_create");
  const std::string opts = "-DROWS1=" + std::to_string(m) + " -DCOLSROWS=" + std::to_string(k) + " -DCOLS2=" + std::to_string(n);
  const int prog = mqlcl_program(ctx, wide(src.str()).c_str(), wide(opts).c_str());
  if (prog < 0) return die(ctx, "mqlcl_program");
  const int kern = mqlcl_kernel(prog, wide(argv[2]).c_str());
  if (kern < 0) return die(0, "mqlcl_kernel");
  const int sizes[3] = {m * k, k * n, m * n};
  for (int i = 0; i < 3; ++i) {
    std::vector<float> data(static_cast<size_t>(sizes[i]), 0.25f);
    const int buf = mqlcl_buffer(ctx, 4LL * sizes[i], MQLCL_MEM_READ_WRITE);
    if (buf < 0 || mqlcl_buffer_write_float(buf, data.data(), 0, sizes[i]) < 0 || mqlcl_arg_mem(kern, i, buf) < 0)
      return die(0, "buffer setup");
  }
  const int global[1] = {m}, lsize[1] = {local};
  if (mqlcl_run(kern, 1, global, 1, lsize, 1) < 0) return die(kern, "mqlcl_run");
  std::printf("ran %s of %s on %dx%dx%d, local %d\n", argv[2], argv[1], m, k, n, local);
  mqlcl_free(ctx);
  return 0;
}
