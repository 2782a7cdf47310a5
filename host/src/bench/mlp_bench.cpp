#include "mlp_bench.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../timing.hpp"
#include "mlp_training_cl.hpp"  // kMlpTrainingCl: mql5/Scripts/mqlcl/mlp_training.cl, generated at build time
#if defined(MQLCL_HAVE_RAW_OPENCL)
#include "raw_opencl.hpp"
#endif

namespace host {

namespace {
constexpr int kInputs = 3;
constexpr double kLossThreshold = 0.01;  // the script's LOSS_THRESHOLD
constexpr double kMlpTarget = 0.95;      // mqlcl's training steps per second over raw OpenCL's, at least
// The script's kernel indices (K_*), in the order each driver creates them.
enum Kernel { kFeedForward, kOutputGradient, kHiddenGradient, kUpdateMomentum, kUpdateAdam, kKernels };
const char* const kKernelNames[kKernels] = {"feed_forward", "output_gradient", "hidden_gradient", "update_weights_momentum",
                                            "update_weights_adam"};
constexpr int kTanh = 0, kNone = -1;

// The calls the script makes through COpenCL, one driver each; counted, so that the drivers'
// sequences can be compared.
class MlpCalls {
 public:
  virtual ~MlpCalls() = default;
  virtual int buffer(size_t bytes) = 0;
  struct Counts {
    long long args = 0, launches = 0, writes = 0, reads = 0;
    bool operator==(const Counts& o) const {
      return args == o.args && launches == o.launches && writes == o.writes && reads == o.reads;
    }
  };
  Counts counts;
  // COpenCL::BufferWrite / BufferRead (data, buffer offset 0, elements first .. first+count-1 of
  // an array of data_count): CLBufferWrite / CLBufferRead, blocking.
  void write(int b, const float* data, int data_count, int first, int count) { ++counts.writes, do_write(b, data, data_count, first, count); }
  void read(int b, float* data, int data_count, int first, int count) { ++counts.reads, do_read(b, data, data_count, first, count); }
  void arg_mem(int k, int i, int b) { ++counts.args, do_arg_mem(k, i, b); }
  void arg_int(int k, int i, int v) { ++counts.args, do_arg_int(k, i, v); }
  void arg_float(int k, int i, float v) { ++counts.args, do_arg_float(k, i, v); }
  // COpenCL::Execute(kernel, dims, offset[2] = {0, 0}, work[2]): the driver chooses the work-group.
  void launch(int k, int dims, int size0, int size1) { ++counts.launches, do_launch(k, dims, size0, size1); }

 protected:
  virtual void do_write(int b, const float* data, int data_count, int first, int count) = 0;
  virtual void do_read(int b, float* data, int data_count, int first, int count) = 0;
  virtual void do_arg_mem(int k, int i, int b) = 0;
  virtual void do_arg_int(int k, int i, int v) = 0;
  virtual void do_arg_float(int k, int i, float v) = 0;
  virtual void do_launch(int k, int dims, int size0, int size1) = 0;
};

// mqlcl's exports as the CL* layer (OpenCLBuiltins.mqh) calls them; `wait`: mqlcl_execute.
class MqlclCalls : public MlpCalls {
 public:
  MqlclCalls(Context& ctx, bool wait) : ctx_(ctx.handle()), wait_(wait) {
    program_ = check(lib().mqlcl_program(ctx_, utf16::from_utf8(kMlpTrainingCl).c_str(), u""), "mqlcl_program");
    for (int k = 0; k < kKernels; ++k)
      kernels_[k] = check(lib().mqlcl_kernel(program_, utf16::from_utf8(kKernelNames[k]).c_str()), "mqlcl_kernel");
  }
  ~MqlclCalls() override {
    for (int b : buffers_) lib().mqlcl_free(b);
    for (int k : kernels_)
      if (k >= 0) lib().mqlcl_free(k);
    lib().mqlcl_free(program_);
  }
  int buffer(size_t bytes) override {
    buffers_.push_back(check(lib().mqlcl_buffer(ctx_, static_cast<long long>(bytes), MQLCL_MEM_READ_WRITE), "mqlcl_buffer"));
    return static_cast<int>(buffers_.size()) - 1;
  }

 protected:
  void do_write(int b, const float* data, int data_count, int first, int count) override {
    check(lib().mqlcl_buffer_write_bytes(buffers_[b], 0, data, data_count, 4, first, count), "mqlcl_buffer_write_bytes");
  }
  void do_read(int b, float* data, int data_count, int first, int count) override {
    check(lib().mqlcl_buffer_read_bytes(buffers_[b], 0, data, data_count, 4, first, count), "mqlcl_buffer_read_bytes");
  }
  void do_arg_mem(int k, int i, int b) override { check(lib().mqlcl_arg_mem(kernels_[k], i, buffers_[b]), "mqlcl_arg_mem"); }
  void do_arg_int(int k, int i, int v) override { check(lib().mqlcl_arg_int(kernels_[k], i, v), "mqlcl_arg_int"); }
  void do_arg_float(int k, int i, float v) override { check(lib().mqlcl_arg_float(kernels_[k], i, v), "mqlcl_arg_float"); }
  void do_launch(int k, int dims, int size0, int size1) override {
    const unsigned offset[2] = {0, 0}, work[2] = {static_cast<unsigned>(size0), static_cast<unsigned>(size1)};
    if (wait_)
      check(lib().mqlcl_execute(kernels_[k], dims, offset, 2, work, 2, nullptr, 0), "mqlcl_execute");
    else
      check(lib().mqlcl_enqueue(kernels_[k], dims, offset, 2, work, 2, nullptr, 0), "mqlcl_enqueue");
  }

 private:
  int ctx_;
  bool wait_;
  int program_ = -1;
  int kernels_[kKernels] = {-1, -1, -1, -1, -1};
  std::vector<int> buffers_;
};

#if defined(MQLCL_HAVE_RAW_OPENCL)
// The same calls straight to OpenCL, with the terminal's semantics.
class RawCalls : public MlpCalls {
 public:
  explicit RawCalls(int device) : cl_(device) {
    const int p = cl_.program(kMlpTrainingCl, "");
    for (int k = 0; k < kKernels; ++k) kernels_[k] = cl_.kernel(p, kKernelNames[k]);
  }
  int buffer(size_t bytes) override { return cl_.buffer(bytes); }

 protected:
  void do_write(int b, const float* data, int, int first, int count) override {
    cl_.write(b, 0, data + first, static_cast<size_t>(count) * 4);
  }
  void do_read(int b, float* data, int, int first, int count) override { cl_.read(b, 0, data + first, static_cast<size_t>(count) * 4); }
  void do_arg_mem(int k, int i, int b) override { cl_.arg_mem(kernels_[k], i, b); }
  void do_arg_int(int k, int i, int v) override { cl_.arg_int(kernels_[k], i, v); }
  void do_arg_float(int k, int i, float v) override { cl_.arg_float(kernels_[k], i, v); }
  void do_launch(int k, int dims, int size0, int size1) override {
    const size_t offset[2] = {0, 0}, work[2] = {static_cast<size_t>(size0), static_cast<size_t>(size1)};
    cl_.enqueue(kernels_[k], dims, offset, work);
  }

 private:
  RawOpenCL cl_;
  int kernels_[kKernels] = {};
};
#endif

// The script's generator: a 32-bit LCG, [0, 1).
struct Lcg {
  uint32_t state;
  double uniform() {
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state >> 8) / 16777216.0;
  }
};

// The data set and the initial weights, drawn in the script's order.
struct MlpData {
  std::vector<int> sizes;  // sizes[0] inputs, then each layer's outputs
  std::vector<float> x, y;
  std::vector<std::vector<float>> weights;
  int layers() const { return static_cast<int>(sizes.size()) - 1; }
};

MlpData make_data(const MlpConfig& c) {
  MlpData d;
  d.sizes.push_back(kInputs);
  for (int l = 0; l < c.layers; ++l) d.sizes.push_back(c.hidden);
  d.sizes.push_back(1);
  Lcg g{c.seed};
  for (int s = 0; s < c.samples; ++s) {
    const double x0 = 2 * g.uniform() - 1, x1 = 2 * g.uniform() - 1, x2 = 2 * g.uniform() - 1;
    d.x.insert(d.x.end(), {static_cast<float>(x0), static_cast<float>(x1), static_cast<float>(x2)});
    d.y.push_back(static_cast<float>(std::sin(x0) + x1 * x2));
  }
  for (int l = 0; l < d.layers(); ++l) {
    const int inputs = d.sizes[l], neurons = d.sizes[l + 1];
    const double scale = std::sqrt(6.0 / (inputs + neurons));
    std::vector<float> w(static_cast<size_t>((inputs + 1) * neurons));
    for (int o = 0; o < neurons; ++o)
      for (int k = 0; k <= inputs; ++k)
        w[static_cast<size_t>(o * (inputs + 1) + k)] = k < inputs ? static_cast<float>((2 * g.uniform() - 1) * scale) : 0.0f;
    d.weights.push_back(std::move(w));
  }
  return d;
}

struct MlpRun {
  double start_loss = 0, end_loss = 0, seconds = 0;
  int steps = 0;
  std::vector<double> batch_losses;
  std::vector<float> predictions;
  MlpCalls::Counts training;  // the calls of the training loop
};

// mlp_training.mq5's OnStart from its buffers on: the same calls in the same order.
class Trainer {
 public:
  Trainer(MlpCalls& d, const MlpConfig& c, const MlpData& data) : d_(d), c_(c), data_(data), n_(data.layers()) {
    input_ = d_.buffer(static_cast<size_t>(c.batch) * kInputs * 4);
    target_ = d_.buffer(static_cast<size_t>(c.batch) * 4);
    for (int l = 0; l < n_; ++l) {
      const size_t count = data.weights[static_cast<size_t>(l)].size(), neurons = static_cast<size_t>(data.sizes[l + 1]);
      for (int b = 0; b < 5; ++b) layer_.push_back(d_.buffer((b == 1 || b == 2 ? static_cast<size_t>(c.batch) * neurons : count) * 4));
    }
  }

  // A training from the initial weights (the script's BufferFromArray of weights and moments).
  MlpRun run() {
    for (int l = 0; l < n_; ++l) {
      const std::vector<float>& w = data_.weights[static_cast<size_t>(l)];
      const std::vector<float> zero(w.size(), 0.0f);
      const int count = static_cast<int>(w.size());
      d_.write(weights(l), w.data(), count, 0, count);
      d_.write(moment1(l), zero.data(), count, 0, count);
      d_.write(moment2(l), zero.data(), count, 0, count);
    }
    MlpRun r;
    r.predictions.assign(static_cast<size_t>(c_.samples), 0.0f);
    r.start_loss = predict(r.predictions);
    const int per_epoch = c_.samples / c_.batch;
    r.steps = c_.epochs * per_epoch;
    std::vector<float> out(static_cast<size_t>(c_.batch));
    const MlpCalls::Counts before = d_.counts;
    const auto t0 = std::chrono::steady_clock::now();
    for (int step = 0; step < r.steps; ++step) {
      const int first = (step % per_epoch) * c_.batch;
      write_batch(first, true);
      forward();
      backward();
      update(step + 1);
      if ((step + 1) % c_.loss_every == 0) {
        d_.read(outputs(n_ - 1), out.data(), c_.batch, 0, c_.batch);
        double sum = 0;
        for (int i = 0; i < c_.batch; ++i) {
          const double e = static_cast<double>(out[static_cast<size_t>(i)]) - data_.y[static_cast<size_t>(first + i)];
          sum += e * e;
        }
        r.batch_losses.push_back(sum / c_.batch);
      }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.training = {d_.counts.args - before.args, d_.counts.launches - before.launches, d_.counts.writes - before.writes,
                  d_.counts.reads - before.reads};
    r.end_loss = predict(r.predictions);
    return r;
  }

 private:
  int weights(int l) const { return layer_[static_cast<size_t>(5 * l)]; }
  int outputs(int l) const { return layer_[static_cast<size_t>(5 * l + 1)]; }
  int gradient(int l) const { return layer_[static_cast<size_t>(5 * l + 2)]; }
  int moment1(int l) const { return layer_[static_cast<size_t>(5 * l + 3)]; }
  int moment2(int l) const { return layer_[static_cast<size_t>(5 * l + 4)]; }
  int layer_input(int l) const { return l == 0 ? input_ : outputs(l - 1); }
  int activation(int l) const { return l == n_ - 1 ? kNone : kTanh; }
  int size(int i) const { return data_.sizes[static_cast<size_t>(i)]; }

  void write_batch(int first, bool targets) {
    d_.write(input_, data_.x.data(), static_cast<int>(data_.x.size()), first * kInputs, c_.batch * kInputs);
    if (targets) d_.write(target_, data_.y.data(), static_cast<int>(data_.y.size()), first * size(n_), c_.batch * size(n_));
  }
  void forward() {
    for (int l = 0; l < n_; ++l) {
      d_.arg_mem(kFeedForward, 0, weights(l));
      d_.arg_mem(kFeedForward, 1, layer_input(l));
      d_.arg_mem(kFeedForward, 2, outputs(l));
      d_.arg_int(kFeedForward, 3, size(l));
      d_.arg_int(kFeedForward, 4, activation(l));
      d_.launch(kFeedForward, 2, size(l + 1), c_.batch);
    }
  }
  void backward() {
    const int last = n_ - 1;
    d_.arg_mem(kOutputGradient, 0, target_);
    d_.arg_mem(kOutputGradient, 1, outputs(last));
    d_.arg_mem(kOutputGradient, 2, gradient(last));
    d_.arg_int(kOutputGradient, 3, activation(last));
    d_.launch(kOutputGradient, 1, c_.batch * size(n_), 1);
    for (int l = last - 1; l >= 0; --l) {
      d_.arg_mem(kHiddenGradient, 0, weights(l + 1));
      d_.arg_mem(kHiddenGradient, 1, gradient(l + 1));
      d_.arg_mem(kHiddenGradient, 2, outputs(l));
      d_.arg_mem(kHiddenGradient, 3, gradient(l));
      d_.arg_int(kHiddenGradient, 4, size(l + 2));
      d_.arg_int(kHiddenGradient, 5, activation(l));
      d_.launch(kHiddenGradient, 2, size(l + 1), c_.batch);
    }
  }
  void update(int t) {
    const double beta1 = 0.9, beta2 = 0.999;
    const float step_rate = static_cast<float>(c_.learning_rate * std::sqrt(1.0 - std::pow(beta2, t)) / (1.0 - std::pow(beta1, t)));
    for (int l = 0; l < n_; ++l) {
      if (c_.optimizer == 0) {
        d_.arg_mem(kUpdateMomentum, 0, weights(l));
        d_.arg_mem(kUpdateMomentum, 1, gradient(l));
        d_.arg_mem(kUpdateMomentum, 2, layer_input(l));
        d_.arg_mem(kUpdateMomentum, 3, moment1(l));
        d_.arg_int(kUpdateMomentum, 4, c_.batch);
        d_.arg_float(kUpdateMomentum, 5, static_cast<float>(c_.learning_rate));
        d_.arg_float(kUpdateMomentum, 6, 0.9f);
        d_.launch(kUpdateMomentum, 2, size(l) + 1, size(l + 1));
      } else {
        d_.arg_mem(kUpdateAdam, 0, weights(l));
        d_.arg_mem(kUpdateAdam, 1, gradient(l));
        d_.arg_mem(kUpdateAdam, 2, layer_input(l));
        d_.arg_mem(kUpdateAdam, 3, moment1(l));
        d_.arg_mem(kUpdateAdam, 4, moment2(l));
        d_.arg_int(kUpdateAdam, 5, c_.batch);
        d_.arg_float(kUpdateAdam, 6, step_rate);
        d_.arg_float(kUpdateAdam, 7, static_cast<float>(beta1));
        d_.arg_float(kUpdateAdam, 8, static_cast<float>(beta2));
        d_.launch(kUpdateAdam, 2, size(l) + 1, size(l + 1));
      }
    }
  }
  // The script's Predict: every batch forward, the last layer's outputs read into pred.
  double predict(std::vector<float>& pred) {
    for (int first = 0; first < c_.samples; first += c_.batch) {
      write_batch(first, false);
      forward();
      d_.read(outputs(n_ - 1), pred.data(), c_.samples, first, c_.batch);
    }
    double sum = 0;
    for (int i = 0; i < c_.samples; ++i) {
      const double e = static_cast<double>(pred[static_cast<size_t>(i)]) - data_.y[static_cast<size_t>(i)];
      sum += e * e;
    }
    return sum / c_.samples;
  }

  MlpCalls& d_;
  const MlpConfig& c_;
  const MlpData& data_;
  const int n_;
  int input_ = -1, target_ = -1;
  std::vector<int> layer_;  // 5 per layer: weights, outputs, gradient, moment 1, moment 2
};

bool same_bits(const MlpRun& a, const MlpRun& b) {
  return std::memcmp(&a.start_loss, &b.start_loss, sizeof(double)) == 0 &&
         std::memcmp(&a.end_loss, &b.end_loss, sizeof(double)) == 0 && a.predictions.size() == b.predictions.size() &&
         std::memcmp(a.predictions.data(), b.predictions.data(), a.predictions.size() * sizeof(float)) == 0 &&
         a.batch_losses == b.batch_losses;
}

struct Driver {
  std::string name;
  std::unique_ptr<MlpCalls> calls;
  std::unique_ptr<Trainer> trainer;  // after calls: destroyed first
  std::string missing;
  std::vector<MlpRun> runs;
};
}  // namespace

namespace {
class MlpOnMqlclCalls : public MlpOnMqlcl {
 public:
  MlpOnMqlclCalls(Context& ctx, const MlpConfig& c)
      : config_(c), data_(make_data(c)), calls_(ctx, false), trainer_(calls_, config_, data_) {}
  MlpTraining train() override {
    const MlpRun r = trainer_.run();
    return MlpTraining{r.steps, r.seconds, r.end_loss};
  }

 private:
  MlpConfig config_;  // the trainer keeps a reference
  MlpData data_;
  MqlclCalls calls_;
  Trainer trainer_;  // after calls_: destroyed first
};
}  // namespace

std::unique_ptr<MlpOnMqlcl> mlp_on_mqlcl(Context& ctx, const MlpConfig& c) { return std::make_unique<MlpOnMqlclCalls>(ctx, c); }

void add_mlp_rows(Context& ctx, int device, const MlpConfig& c, int reps, BenchRun& run) {
  if (c.hidden < 1 || c.layers < 1 || c.batch < 1 || c.samples < c.batch || c.samples % c.batch || c.epochs < 1 ||
      c.loss_every < 1 || c.optimizer < 0 || c.optimizer > 1)
    throw std::runtime_error("mlp: hidden, layers, batch, epochs, loss_every >= 1; samples a multiple of batch; optimizer 0 or 1");
  const MlpData data = make_data(c);
  std::vector<Driver> drivers(3);
  drivers[0].name = "mqlcl (mqlcl_enqueue, as CLExecute)";
  drivers[0].calls = std::make_unique<MqlclCalls>(ctx, false);
  drivers[1].name = "raw OpenCL (terminal's semantics)";
#if defined(MQLCL_HAVE_RAW_OPENCL)
  try {
    drivers[1].calls = std::make_unique<RawCalls>(device);
  } catch (const std::exception& e) {
    drivers[1].missing = e.what();
  }
#else
  (void)device;
  drivers[1].missing = "not built: this mqlcl-host links no OpenCL loader (the Linux build does)";
#endif
  drivers[2].name = "mqlcl waiting (mqlcl_execute)";
  drivers[2].calls = std::make_unique<MqlclCalls>(ctx, true);

  std::string shape = std::to_string(kInputs);
  for (size_t i = 1; i < data.sizes.size(); ++i) shape += "-" + std::to_string(data.sizes[i]);
  const int steps = c.epochs * (c.samples / c.batch);
  const std::string size = fmt::format("{} {}, batch {}, {} steps", shape, c.optimizer ? "Adam" : "SGD", c.batch, steps);
  fmt::print("\nmlp: the training of mlp_training.mq5 on {}: {} (tanh hidden layers, linear output), {}, learning rate {}, "
             "batch {} of {} samples, {} epochs = {} steps, the batch loss read every {} steps; each driver trains {} times "
             "from the same weights (drivers in turn)\n",
             run.device, shape, c.optimizer ? "Adam" : "SGD with momentum 0.9", c.learning_rate, c.batch, c.samples, c.epochs,
             steps, c.loss_every, std::max(1, reps));
  for (Driver& d : drivers)
    if (d.missing.empty()) d.trainer = std::make_unique<Trainer>(*d.calls, c, data);
  for (int r = 0; r < std::max(1, reps); ++r)
    for (size_t j = 0; j < drivers.size(); ++j) {
      Driver& d = drivers[(j + static_cast<size_t>(r)) % drivers.size()];
      if (d.missing.empty()) d.runs.push_back(d.trainer->run());
    }

  const MlpRun& ref = drivers[0].runs.front();
  bool identical = true, same_calls = true;
  for (const Driver& d : drivers)
    for (const MlpRun& r : d.runs) identical = identical && same_bits(r, ref), same_calls = same_calls && r.training == ref.training;
  const auto per_step = [&](long long n) { return static_cast<double>(n) / ref.steps; };
  fmt::print("  per training step: {:.0f} argument sets, {:.0f} launches, {:.0f} blocking writes, {:.3f} reads{}\n",
             per_step(ref.training.args), per_step(ref.training.launches), per_step(ref.training.writes),
             per_step(ref.training.reads), same_calls ? " (the same calls through every driver)" : " -- the drivers' calls DIFFER");
  fmt::print("  {:<36} | {:>8} | {:>10} | {:>13} | {:>11} | {}\n", "driver", "steps/s", "ms/step", "loss at start", "loss at end",
             "final loss (all digits)");
  std::vector<double> rate(drivers.size(), 0);
  for (size_t k = 0; k < drivers.size(); ++k) {
    const Driver& d = drivers[k];
    if (!d.missing.empty()) {
      run.rows.push_back({"mlp", static_cast<int>(k) + 1, d.name, size, 0, 0, "steps/s", 0, 0, false, "not available: " + d.missing});
      fmt::print("  {:<36} | not available: {}\n", d.name, d.missing);
      continue;
    }
    std::vector<double> rates;
    for (const MlpRun& r : d.runs) rates.push_back(r.steps / r.seconds);
    rate[k] = median(rates);
    const MlpRun& r = d.runs.front();
    const bool ok = r.end_loss < kLossThreshold && r.end_loss < r.start_loss && identical && same_calls;
    run.rows.push_back({"mlp", static_cast<int>(k) + 1, d.name, size, 1000 / rate[k], rate[k], "steps/s", 0, 0, ok,
                        fmt::format("loss {:.7f} -> {:.7f} ({:.17g}); median of {} trainings", r.start_loss, r.end_loss,
                                    r.end_loss, d.runs.size())});
    fmt::print("  {:<36} | {:>8.1f} | {:>10.4f} | {:>13.7f} | {:>11.7f} | {:.17g}\n", d.name, rate[k], 1000 / rate[k], r.start_loss,
               r.end_loss, r.end_loss);
  }
  fmt::print("  final losses and predictions bit-identical across the drivers and their runs: {}\n", identical ? "yes" : "NO");
  fmt::print("  loss below {} (the script's threshold): {}\n", kLossThreshold, ref.end_loss < kLossThreshold ? "yes" : "NO");
  if (rate[0] > 0 && rate[1] > 0) {
    const double ratio = rate[0] / rate[1];
    run.rows.push_back({"mlp", 4, "mqlcl/raw training steps per second", size, 0, ratio, "x", 0, 0, identical,
                        fmt::format("target >= {:.2f}: {}; final losses bit-identical (mqlcl, raw, mqlcl waiting): {}",
                                    kMlpTarget, ratio >= kMlpTarget ? "met" : "missed", identical ? "yes" : "no")});
    fmt::print("  mqlcl / raw steps per second: {:.3f} (target >= {:.2f}: {})\n", ratio, kMlpTarget,
               ratio >= kMlpTarget ? "met" : "MISSED");
  }
  if (rate[2] > 0 && rate[0] > 0)
    fmt::print("  mqlcl enqueue / mqlcl waiting steps per second: {:.3f}\n", rate[0] / rate[2]);
}

}  // namespace host
