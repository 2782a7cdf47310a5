#include "matrices.hpp"

#include <chrono>

namespace host {

std::vector<float> random_matrix(size_t count, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<float> m(count);
  for (auto& v : m) v = u(rng);
  return m;
}

const char* const kLoopOrders[6] = {"r-cr-c", "r-c-cr", "c-r-cr", "c-cr-r", "cr-r-c", "cr-c-r"};

double cpu_matmul(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c,
                  const Shape& s, const std::string& order) {
  const int R = s.rows1, K = s.colsrows, C = s.cols2;
  c.assign(static_cast<size_t>(R) * C, 0.0f);
  float* out = c.data();
  const float* x = a.data();
  const float* y = b.data();
  auto step = [&](int r, int cr, int col) {
    out[static_cast<size_t>(r) * C + col] += x[static_cast<size_t>(r) * K + cr] * y[static_cast<size_t>(cr) * C + col];
  };
  const auto t0 = std::chrono::steady_clock::now();
  if (order == "r-cr-c") {
    for (int r = 0; r < R; ++r) for (int cr = 0; cr < K; ++cr) for (int col = 0; col < C; ++col) step(r, cr, col);
  } else if (order == "r-c-cr") {
    for (int r = 0; r < R; ++r) for (int col = 0; col < C; ++col) for (int cr = 0; cr < K; ++cr) step(r, cr, col);
  } else if (order == "c-r-cr") {
    for (int col = 0; col < C; ++col) for (int r = 0; r < R; ++r) for (int cr = 0; cr < K; ++cr) step(r, cr, col);
  } else if (order == "c-cr-r") {
    for (int col = 0; col < C; ++col) for (int cr = 0; cr < K; ++cr) for (int r = 0; r < R; ++r) step(r, cr, col);
  } else if (order == "cr-r-c") {
    for (int cr = 0; cr < K; ++cr) for (int r = 0; r < R; ++r) for (int col = 0; col < C; ++col) step(r, cr, col);
  } else {
    for (int cr = 0; cr < K; ++cr) for (int col = 0; col < C; ++col) for (int r = 0; r < R; ++r) step(r, cr, col);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double exact_element(const std::vector<float>& a, const std::vector<float>& b, const Shape& s, int r, int c) {
  double sum = 0;
  for (int k = 0; k < s.colsrows; ++k)
    sum += static_cast<double>(a[static_cast<size_t>(r) * s.colsrows + k]) * b[static_cast<size_t>(k) * s.cols2 + c];
  return sum;
}

}  // namespace host
