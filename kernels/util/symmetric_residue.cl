// The symmetric residue of v modulo p, -(p / 2) .. (p - 1) / 2: an int8 for p <= 256. The
// Ozaki scheme's operands (gemm/ozaki.cl) and products (gemm/igemm_tensor.cl -DRESIDUES) are
// cut the same way.
char symmetric_residue(int v, int p) {
  int r = v % p;
  if (r > (p - 1) / 2)
    r -= p;
  else if (r < -(p / 2))
    r += p;
  return (char)r;
}
