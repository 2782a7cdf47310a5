// One step of a bitonic sort over x (2^n keys): work-item i compares x[i] with x[i ^ j] and
// orders the pair ascending where bit k of i is 0, descending where it is 1.
__kernel void bitonic_step(__global float* x, const int k, const int j) {
  const int i = get_global_id(0), l = i ^ j;
  if (l <= i) return;
  const bool up = (i & k) == 0;
  const float a = x[i], b = x[l];
  if ((a > b) == up) {
    x[i] = b;
    x[l] = a;
  }
}
