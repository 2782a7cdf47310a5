// `bench --parts mlp`: the training of mql5/Scripts/mqlcl/mlp_training.mq5 (its kernels,
// mlp_training.cl, embedded at build time; its data set, initial weights and call sequence)
// driven three ways in one run, each training from the same start:
//   mqlcl        mqlcl's exports exactly as the CL* layer calls them: mqlcl_arg_* before each
//                launch, mqlcl_enqueue, mqlcl_buffer_write_bytes / read_bytes
//   raw OpenCL   the same kernels and calls with the terminal's semantics (clSetKernelArg,
//                clEnqueueNDRangeKernel without events, blocking writes and reads)
//   mqlcl wait   as mqlcl, each launch through mqlcl_execute (waits)
// Training steps per second each (median of the runs), the ratio mqlcl / raw (target >= 0.95),
// and whether the final losses (and predictions) are bit-identical across the three.
#pragma once
#include <memory>

#include "../context.hpp"
#include "results.hpp"

namespace host {

// The script's inputs of the same names; the defaults are the script's.
struct MlpConfig {
  int hidden = 32, layers = 2, samples = 1024, batch = 32, epochs = 30, optimizer = 1, loss_every = 240;
  double learning_rate = 0.003;
  unsigned seed = 7;
};

void add_mlp_rows(Context& ctx, int device, const MlpConfig& config, int reps, BenchRun& run);

// The training through mqlcl_enqueue alone (as the CL* layer calls it), for the processes'
// benchmark (procs_bench): made (program built, buffers allocated) before it is timed.
struct MlpTraining {
  int steps = 0;
  double seconds = 0, end_loss = 0;  // the training loop's wall time
};
class MlpOnMqlcl {
 public:
  virtual ~MlpOnMqlcl() = default;
  virtual MlpTraining train() = 0;  // from the initial weights
};
std::unique_ptr<MlpOnMqlcl> mlp_on_mqlcl(Context& ctx, const MlpConfig& config);

}  // namespace host
