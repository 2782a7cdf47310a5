#include "compute/tensor_decision.hpp"

namespace mqlcl {

namespace {
constexpr int kMinMajor = 8;  // mma.sync .tf32 and cp.async: sm_80
}  // namespace

bool has_extension(const std::string& list, const std::string& name) {
  size_t pos = 0;
  while ((pos = list.find(name, pos)) != std::string::npos) {
    const size_t end = pos + name.size();
    if ((pos == 0 || list[pos - 1] == ' ') && (end == list.size() || list[end] == ' ')) return true;
    pos = end;
  }
  return false;
}

TensorSupport decide_tensor_support(const TensorReport& r) {
  TensorSupport s;
  const std::string needs = "it needs an NVIDIA GPU of compute capability >= 8.0 (tensor cores via mma.sync); this device is '" +
                            r.name + "' from '" + r.vendor + "'";
  if (!has_extension(r.extensions, "cl_nv_device_attribute_query")) {
    s.reason = needs + " (no cl_nv_device_attribute_query)";
    return s;
  }
  if (!r.has_capability) {
    s.reason = needs + ", which did not report its compute capability";
    return s;
  }
  s.cc_major = r.major;
  s.cc_minor = r.minor;
  if (r.major < kMinMajor) {
    s.reason = needs + " of compute capability " + std::to_string(r.major) + "." + std::to_string(r.minor);
    return s;
  }
  if (r.local_mem < kTensorLocalBytes) {
    s.reason = "the tensor-core kernel needs " + std::to_string(kTensorLocalBytes) + " bytes of __local memory; '" +
               r.name + "' has " + std::to_string(r.local_mem);
    return s;
  }
  s.available = true;
  return s;
}

const DmmaShape kDmmaShapes[4] = {{884, 8, 8, 4}, {1684, 16, 8, 4}, {1688, 16, 8, 8}, {16816, 16, 8, 16}};

bool dmma_shape_available(const TensorSupport& support, int code) {
  if (!support.available) return false;
  return code == 884 || ((code == 1684 || code == 1688 || code == 16816) && support.cc_major >= 9);
}

// m8n8k4 runs at half the rate of the m16 shapes; the kernel's k-slices are one instruction
// each, with two register sets of fragments: m16n8k8 gives two slices per BK 16 tile, where
// m16n8k16 (one slice) spills both sets of full-k fragments (docs/results-h200.md).
int dgemm_tensor_shape(const TensorSupport& support) { return support.cc_major >= 9 ? 1688 : 884; }

}  // namespace mqlcl
