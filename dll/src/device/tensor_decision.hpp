// Whether a device can run mma.sync kernels (the tensor-core SGEMM stages 30/31, DGEMM's
// FP64 tensor kernel, the mma ceilings of `peak`), decided from what the device reports:
// inline PTX mma.sync and cp.async need an NVIDIA device of compute capability 8.0 or newer
// (Ampere: A100, RTX 30; Ada: RTX 40; Hopper), read through cl_nv_device_attribute_query; a
// kernel's pipeline must fit the device's __local memory (`local_need`, from the kernel's
// tuned tiles). Whether it is also faster is the planner's question (gemm/gemm_plan).
// Pure: the tests check it on made-up facts.
#pragma once
#include <string>

#include "device/device_facts.hpp"

namespace mqlcl {

struct TensorSupport {
  bool available = false;
  int cc_major = 0, cc_minor = 0;  // 0 where the device does not report it
  std::string reason;              // why not (for MQLCL_ERR_UNSUPPORTED's message); empty if available
};

// local_need: the __local bytes of the kernel's tiles (0: mma.sync alone is asked).
TensorSupport tensor_support(const DeviceFacts& facts, unsigned long long local_need = 0);

// The FP64 mma.sync shapes (kernels/gemm/dgemm_tensor.cl's SHAPE, peak_mma.cl's F64_SHAPE):
// m8n8k4 from sm_80 on, the m16 ones from sm_90 on (PTX ISA 7.8).
struct DmmaShape {
  int code, m, n, k;  // code: 884, 1684, 1688, 16816
};
extern const DmmaShape kDmmaShapes[4];
// The shape of a code; nullptr for a code that is none.
const DmmaShape* find_dmma_shape(int code);
// Whether a known shape exists on compute capability major `cc_major`, as far as the shape
// decides (m16 from 9.0; mma.sync itself is tensor_support's question).
bool dmma_shape_in(int code, int cc_major);
// Both: the device runs mma.sync and the shape exists there.
bool dmma_shape_available(const TensorSupport& support, int code);
// The default shape of DGEMM's tensor kernel on a device: the m16 shapes where they exist.
int dgemm_tensor_shape(const DeviceFacts& facts);

}  // namespace mqlcl
