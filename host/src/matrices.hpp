// Test data and CPU references: the article's generator (uniform in [-0.5, 0.5]), its
// single-core product in six loop orders (stage 0), one element in double for the log lines
// (checks: product_check.hpp).
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace host {

struct Shape {
  int rows1, colsrows, cols2;
  double flops() const { return 2.0 * rows1 * static_cast<double>(colsrows) * cols2; }
};

std::vector<float> random_matrix(size_t count, std::mt19937& rng);

// C = A * B on one core in float, loops in the given order of r (row), cr (inner), c
// (column), e.g. "r-cr-c". Returns seconds.
extern const char* const kLoopOrders[6];
double cpu_matmul(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c,
                  const Shape& s, const std::string& order);

// One element of A*B in double.
double exact_element(const std::vector<float>& a, const std::vector<float>& b, const Shape& s,
                     int r, int c);

}  // namespace host
