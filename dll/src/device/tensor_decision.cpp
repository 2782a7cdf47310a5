#include "device/tensor_decision.hpp"

namespace mqlcl {

namespace {
constexpr int kMinMajor = 8;  // mma.sync .tf32 and cp.async: sm_80
}  // namespace

TensorSupport tensor_support(const DeviceFacts& r, unsigned long long local_need) {
  TensorSupport s;
  const std::string needs = "it needs an NVIDIA GPU of compute capability >= 8.0 (tensor cores via mma.sync); this device is '" +
                            r.name + "' from '" + r.vendor + "'";
  if (!has_extension(r.extensions, "cl_nv_device_attribute_query")) {
    s.reason = needs + " (no cl_nv_device_attribute_query)";
    return s;
  }
  if (!r.has_cc) {
    s.reason = needs + ", which did not report its compute capability";
    return s;
  }
  s.cc_major = r.cc_major;
  s.cc_minor = r.cc_minor;
  if (r.cc_major < kMinMajor) {
    s.reason = needs + " of compute capability " + std::to_string(r.cc_major) + "." + std::to_string(r.cc_minor);
    return s;
  }
  if (r.local_mem < local_need) {
    s.reason = "the tensor-core kernel's tiles need " + std::to_string(local_need) + " bytes of __local memory; '" +
               r.name + "' has " + std::to_string(static_cast<unsigned long long>(r.local_mem));
    return s;
  }
  s.available = true;
  return s;
}

const DmmaShape kDmmaShapes[4] = {{884, 8, 8, 4}, {1684, 16, 8, 4}, {1688, 16, 8, 8}, {16816, 16, 8, 16}};

const DmmaShape* find_dmma_shape(int code) {
  for (const DmmaShape& s : kDmmaShapes)
    if (s.code == code) return &s;
  return nullptr;
}

bool dmma_shape_in(int code, int cc_major) { return find_dmma_shape(code) && (code == 884 || cc_major >= 9); }

bool dmma_shape_available(const TensorSupport& support, int code) {
  return support.available && dmma_shape_in(code, support.cc_major);
}

// m8n8k4 runs at half the rate of the m16 shapes; the kernel's k-slices are one instruction
// each, with two register sets of fragments: m16n8k8 gives two slices per BK 16 tile, where
// m16n8k16 (one slice) spills both sets of full-k fragments (docs/results-h200.md).
int dgemm_tensor_shape(const DeviceFacts& facts) {
  return dmma_shape_in(1688, facts.has_cc ? facts.cc_major : 0) ? 1688 : 884;
}

}  // namespace mqlcl
