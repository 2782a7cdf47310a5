// Runs one kernel of a .cl file through the generic layer of the ABI: three float
// buffers a (rows1 x colsrows), b (colsrows x cols2), c (rows1 x cols2, zeroed), built with
// -DROWS1 -DCOLSROWS -DCOLS2, a 1D range over the rows with work-groups of LOCAL, or with
// --2d a range rows1 x cols2 whose work-groups the driver chooses. Runs the seed article's
// kernel listings through mqlcl, and its racy stage 6 under oclgrind
// (tests/mql5/article_listings.py).
//   --b-colmajor  b is stored column-major (b[k + c * colsrows]), as the article's kernels from
//                 its listing 3 on read it
//   --check       a and b hold small multiples of 1/16, so every product and sum is exact in
//                 float: c is read back and compared with the double reference element by
//                 element; any difference is a failure (exit 1). Without it a and b are 0.25.
// Usage: mqlcl_run_cl_file FILE KERNEL ROWS1 COLSROWS COLS2 LOCAL [--2d] [--b-colmajor] [--check]
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
  bool two_d = false, b_colmajor = false, check = false;
  for (int i = 7; i < argc; ++i) {
    const std::string flag = argv[i];
    two_d |= flag == "--2d";
    b_colmajor |= flag == "--b-colmajor";
    check |= flag == "--check";
    if (flag != "--2d" && flag != "--b-colmajor" && flag != "--check") argc = 0;
  }
  if (argc < 7) {
    std::fprintf(stderr, "usage: %s FILE KERNEL ROWS1 COLSROWS COLS2 LOCAL [--2d] [--b-colmajor] [--check]\n", argv[0]);
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
  std::vector<float> a(static_cast<size_t>(m) * k, 0.25f), b(static_cast<size_t>(k) * n, 0.25f);
  if (check) {
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(static_cast<int>((i * 37) % 17) - 8) / 16.0f;
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(static_cast<int>((i * 29) % 13) - 6) / 16.0f;
  }
  std::vector<float> b_stored(b.size());
  for (int r = 0; r < k; ++r)
    for (int col = 0; col < n; ++col)
      b_stored[b_colmajor ? static_cast<size_t>(col) * k + r : static_cast<size_t>(r) * n + col] = b[static_cast<size_t>(r) * n + col];
  const std::vector<float> zeros(static_cast<size_t>(m) * n, 0.0f);
  const std::vector<float>* data[3] = {&a, &b_stored, &zeros};
  int buffers[3];
  for (int i = 0; i < 3; ++i) {
    buffers[i] = mqlcl_buffer(ctx, 4LL * sizes[i], MQLCL_MEM_READ_WRITE);
    if (buffers[i] < 0 || mqlcl_buffer_write_float(buffers[i], data[i]->data(), 0, sizes[i]) < 0 ||
        mqlcl_arg_mem(kern, i, buffers[i]) < 0)
      return die(0, "buffer setup");
  }
  const int global1[1] = {m}, lsize[1] = {local}, global2[2] = {m, n};
  if ((two_d ? mqlcl_run(kern, 2, global2, 2, nullptr, 0) : mqlcl_run(kern, 1, global1, 1, lsize, 1)) < 0)
    return die(kern, "mqlcl_run");
  std::printf("ran %s of %s on %dx%dx%d, %s\n", argv[2], argv[1], m, k, n,
              two_d ? "2D range" : ("local " + std::to_string(local)).c_str());
  if (check) {
    std::vector<float> c(zeros.size());
    if (mqlcl_buffer_read_float(buffers[2], c.data(), 0, sizes[2]) < 0) return die(buffers[2], "read of c");
    int wrong = 0;
    for (int r = 0; r < m; ++r)
      for (int col = 0; col < n; ++col) {
        double exact = 0;
        for (int q = 0; q < k; ++q) exact += static_cast<double>(a[static_cast<size_t>(r) * k + q]) * b[static_cast<size_t>(q) * n + col];
        wrong += c[static_cast<size_t>(r) * n + col] != exact;
      }
    std::printf("checked %d elements against the double product: %d wrong\n", m * n, wrong);
    if (wrong) {
      mqlcl_free(ctx);
      return 1;
    }
  }
  mqlcl_free(ctx);
  return 0;
}
