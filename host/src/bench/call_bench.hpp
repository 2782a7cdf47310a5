// `bench --parts launch`, its second table: what each kind of call of mlp_training.mq5's step
// costs the caller's thread through mqlcl against the same OpenCL call in the same process on
// the same device (ns per call, the median of many rounds of N calls, paths in turn):
//   buffer argument   mqlcl_arg_mem alternating two buffers   / clSetKernelArg (cl_mem)
//   int argument      mqlcl_arg_int                           / clSetKernelArg (cl_int)
//   rebind + launch   mqlcl_arg_mem + mqlcl_enqueue, N of them / clSetKernelArg +
//                     then one blocking read                     clEnqueueNDRangeKernel, read
//   blocking write    mqlcl_buffer_write_bytes of 128 bytes   / clEnqueueWriteBuffer (CL_TRUE)
// The per-call cost of the CL* path is what the training's ratio to OpenCL directly is made of.
#pragma once
#include "../context.hpp"
#include "results.hpp"

namespace host {

// Adds the rows (group "call": one per path, then the ratios) and prints its table.
void add_call_rows(Context& ctx, int device, int reps, BenchRun& run);

}  // namespace host
