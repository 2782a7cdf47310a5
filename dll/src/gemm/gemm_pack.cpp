#include "gemm/gemm_pack.hpp"

#include "core/checked_math.hpp"

namespace mqlcl {

namespace {

template <class T>
const char* layout_defines() {
  return sizeof(T) == 8 ? "-DREAL=double" : "";
}

}  // namespace

template <class T>
void gemm_pack(Context& ctx, const GemmOperand& src, size_t ld, bool trans, size_t rows, size_t cols, const cl::Buffer& dst,
               size_t dpitch, size_t drows) {
  cl::Kernel k = ctx.embedded("gemm/gemm_layout.cl", layout_defines<T>(), "gemm_pack");
  k.setArg(0, src.buffer);
  k.setArg(1, static_cast<cl_ulong>(src.offset));
  k.setArg(2, static_cast<cl_uint>(ld));
  k.setArg(3, static_cast<cl_int>(trans ? 1 : 0));
  k.setArg(4, static_cast<cl_uint>(rows));
  k.setArg(5, static_cast<cl_uint>(cols));
  k.setArg(6, dst);
  k.setArg(7, static_cast<cl_uint>(dpitch));
  ctx.launch_convert(k, cl::NDRange(dpitch, drows), cl::NullRange);
}

template <class T>
void gemm_epilogue(Context& ctx, const GemmShape& s, const cl::Buffer& ab, size_t ab_pitch, T alpha, T beta,
                   const GemmOperand& c) {
  cl::Kernel e = ctx.embedded("gemm/gemm_layout.cl", layout_defines<T>(), "gemm_epilogue");
  e.setArg(0, ab);
  e.setArg(1, static_cast<cl_uint>(ab_pitch));
  e.setArg(2, static_cast<cl_uint>(s.m));
  e.setArg(3, static_cast<cl_uint>(s.n));
  e.setArg(4, alpha);
  e.setArg(5, beta);
  e.setArg(6, c.buffer);
  e.setArg(7, static_cast<cl_ulong>(c.offset));
  e.setArg(8, static_cast<cl_uint>(s.ldc));
  ctx.launch_convert(e, cl::NDRange(round_up(s.n, 16), round_up(s.m, 16)), cl::NDRange(16, 16));
}

template void gemm_pack<float>(Context&, const GemmOperand&, size_t, bool, size_t, size_t, const cl::Buffer&, size_t, size_t);
template void gemm_pack<double>(Context&, const GemmOperand&, size_t, bool, size_t, size_t, const cl::Buffer&, size_t,
                                size_t);
template void gemm_epilogue<float>(Context&, const GemmShape&, const cl::Buffer&, size_t, float, float, const GemmOperand&);
template void gemm_epilogue<double>(Context&, const GemmShape&, const cl::Buffer&, size_t, double, double,
                                    const GemmOperand&);

}  // namespace mqlcl
