// Host checks for the tensor-core stages (no GPU needed): the availability decision of
// dll/src/compute/tensor_support.cpp on made-up reports and on the devices present (PoCL here:
// refused, with the reason), and the 3xTF32 split arithmetic the kernel uses (ROUND=1:
// big = (x + half an ulp of TF32) with the low 13 bits cleared, small = x - big exactly).
//   g++ -std=c++17 -Idll/src -Idll/include dev/tensor/tensor_support_check.cpp
//       dll/src/compute/tensor_support.cpp dll/src/compute/tensor_decision.cpp -lOpenCL -o /tmp/tsc && /tmp/tsc
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "compute/tensor_support.hpp"

namespace {
int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}
uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
float from_bits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}
}  // namespace

namespace {
// The decision on a made-up report (the library's tests check more: tests/abi/test_tensor.cpp).
mqlcl::TensorSupport decide_tensor_support(const std::string& extensions, bool has_capability, int major, int minor) {
  mqlcl::TensorReport r;
  r.name = "made-up";
  r.vendor = "NVIDIA Corporation";
  r.extensions = extensions;
  r.has_capability = has_capability;
  r.major = major;
  r.minor = minor;
  r.local_mem = 49152;
  return mqlcl::decide_tensor_support(r);
}
}  // namespace

int main() {
  const std::string nv = "cl_khr_fp64 cl_nv_device_attribute_query cl_nv_compiler_options";
  expect(decide_tensor_support(nv, true, 9, 0).available, "H200 (9.0) is accepted");
  expect(decide_tensor_support(nv, true, 8, 6).available, "RTX 30 (8.6) is accepted");
  auto turing = decide_tensor_support(nv, true, 7, 5);
  expect(!turing.available && turing.reason.find("7.5") != std::string::npos, "Turing (7.5) is refused, naming 7.5");
  expect(!decide_tensor_support("cl_khr_fp64", false, 0, 0).available, "a device without the NV query is refused");
  expect(!decide_tensor_support("cl_nv_device_attribute_query_x", false, 0, 0).available,
         "an extension name is matched whole");
  expect(!decide_tensor_support(nv, false, 0, 0).available, "no reported capability is refused");

  // Every device present (PoCL in CI: refused with a reason).
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (auto& p : platforms) {
    std::vector<cl::Device> devices;
    p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    for (auto& d : devices) {
      const auto s = mqlcl::tensor_support(d);
      std::printf("     %s: %s%s\n", d.getInfo<CL_DEVICE_NAME>().c_str(), s.available ? "available" : "refused: ",
                  s.reason.c_str());
      expect(s.available == s.reason.empty(), "a refusal always carries its reason");
    }
  }

  // The split: big has at most 11 significant bits, small = x - big is exact and fits TF32
  // after its own rounding to within 2^-22 |x|.
  double worst = 0;
  uint32_t state = 12345;
  for (int i = 0; i < 1000000; ++i) {
    state = state * 1664525u + 1013904223u;
    const float x = from_bits((state & 0x807fffffu) | ((100u + (state >> 24) % 56u) << 23));  // varied exponents
    const float big = from_bits((bits(x) + 0x1000u) & 0xffffe000u);
    const float small = x - big;                                   // exact (Sterbenz)
    const float small_tf32 = from_bits((bits(small) + 0x1000u) & 0xffffe000u);
    if (static_cast<double>(big) + small != x) ++failures;
    worst = std::fmax(worst, std::fabs((static_cast<double>(big) + small_tf32 - x) / x));
  }
  std::printf("     split: worst |big + tf32(small) - x| / |x| = %.3e (2^-22 = %.3e)\n", worst, std::ldexp(1.0, -22));
  expect(worst <= std::ldexp(1.0, -22), "3xTF32 split keeps 22 bits");
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
