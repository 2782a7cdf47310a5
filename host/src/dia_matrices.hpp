// DIA matrices with real structure, stored as the documents store them: one row of
// `values` per diagonal, values[d * rows + row] = A[row][row + offsets[d]].
#pragma once
#include <random>
#include <string>
#include <vector>

namespace host {

struct DiaMatrix {
  std::string kind;
  int rows = 0;
  std::vector<int> offsets;
  std::vector<float> values;  // entries outside the matrix hold junk on purpose: kernels must ignore them
  int diags() const { return static_cast<int>(offsets.size()); }
  long long nonzeros() const;
};

// kind: "tridiagonal", "laplace2d" (5-point, n x n grid), "laplace3d" (7-point, n^3 grid),
// "band" (random offsets), "extremes" (offsets +-(rows-1), 0 and a few), "wide" (diags > 256).
DiaMatrix make_dia(const std::string& kind, int rows, int diags, std::mt19937& rng);
// y = A x in double.
std::vector<double> dia_reference(const DiaMatrix& m, const std::vector<float>& x);

}  // namespace host
