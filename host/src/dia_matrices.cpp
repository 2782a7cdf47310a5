#include "dia_matrices.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace host {

long long DiaMatrix::nonzeros() const {
  long long nnz = 0;
  for (int off : offsets) nnz += rows - std::abs(off);
  return nnz;
}

DiaMatrix make_dia(const std::string& kind, int rows, int diags, std::mt19937& rng) {
  DiaMatrix m;
  m.kind = kind;
  m.rows = rows;
  std::vector<float> weights;
  if (kind == "tridiagonal") {
    m.offsets = {-1, 0, 1};
    weights = {-1, 2, -1};
  } else if (kind == "laplace2d") {
    const int g = std::max(1, static_cast<int>(std::lround(std::sqrt(rows))));
    m.offsets = {-g, -1, 0, 1, g};
    weights = {-1, -1, 4, -1, -1};
  } else if (kind == "laplace3d") {
    const int g = std::max(1, static_cast<int>(std::lround(std::cbrt(rows))));
    m.offsets = {-g * g, -g, -1, 0, 1, g, g * g};
    weights = {-1, -1, -1, 6, -1, -1, -1};
  } else if (kind == "extremes") {
    m.offsets = {-(rows - 1), -1, 0, 1, rows - 1};
  } else if (kind == "band" || kind == "wide") {
    const int want = std::min(diags, 2 * rows - 1);
    std::uniform_int_distribution<int> u(-(rows - 1), rows - 1);
    std::set<int> offs{0};
    while (static_cast<int>(offs.size()) < want) offs.insert(u(rng));
    m.offsets.assign(offs.begin(), offs.end());
  } else {
    throw std::runtime_error("unknown DIA matrix kind '" + kind + "'");
  }
  // Grids need offsets inside the matrix; tiny sizes drop the ones that are not.
  std::vector<int> kept;
  std::vector<float> kept_w;
  for (size_t i = 0; i < m.offsets.size(); ++i)
    if (std::abs(m.offsets[i]) < rows && std::find(kept.begin(), kept.end(), m.offsets[i]) == kept.end()) {
      kept.push_back(m.offsets[i]);
      kept_w.push_back(i < weights.size() ? weights[i] : 0.0f);
    }
  m.offsets = kept;
  std::uniform_real_distribution<float> val(-0.5f, 0.5f);
  m.values.assign(static_cast<size_t>(m.diags()) * rows, 0.0f);
  for (int d = 0; d < m.diags(); ++d)
    for (int r = 0; r < rows; ++r) {
      const int col = r + m.offsets[static_cast<size_t>(d)];
      const bool inside = col >= 0 && col < rows;
      const float w = kept_w[static_cast<size_t>(d)];
      // Structured matrices keep their stencil weight, perturbed so that mistakes show.
      m.values[static_cast<size_t>(d) * rows + r] = inside ? (w != 0.0f ? w + 0.1f * val(rng) : val(rng)) : 1e30f;
    }
  return m;
}

std::vector<double> dia_reference(const DiaMatrix& m, const std::vector<float>& x) {
  std::vector<double> y(static_cast<size_t>(m.rows), 0.0);
  for (int d = 0; d < m.diags(); ++d)
    for (int r = 0; r < m.rows; ++r) {
      const int col = r + m.offsets[static_cast<size_t>(d)];
      if (col >= 0 && col < m.rows)
        y[static_cast<size_t>(r)] += static_cast<double>(m.values[static_cast<size_t>(d) * m.rows + r]) * x[static_cast<size_t>(col)];
    }
  return y;
}

}  // namespace host
