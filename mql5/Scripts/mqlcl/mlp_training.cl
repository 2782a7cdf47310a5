// mlp_training.cl: the kernels of a small multilayer perceptron trained in mini-batches, shaped
// like the MQL5 community's neural-network code (D. Gizlyk, "Neural networks made easy":
// FeedForward, CalcOutputGradient, CalcHiddenGradient, UpdateWeightsMomentum, UpdateWeightsAdam),
// here over a batch of samples: one launch per layer per pass, one kernel object per function,
// its arguments set before every launch.
//
// A layer of `outputs` neurons over `inputs` inputs keeps its weights neuron by neuron,
// inputs + 1 each, the bias last; its outputs and gradients are [batch][outputs]. The gradients
// have Gizlyk's sign (target - output), so the weight updates add them.
// Activations: 0 tanh, 1 sigmoid, 2 leaky ReLU (0.01), anything else none.
//
// Loaded by mql5/Scripts/mqlcl/mlp_training.mq5 (#resource) and embedded at build time in
// mqlcl-host (bench --parts mlp): the one copy of these kernels.
#ifndef REAL
#define REAL float
#endif

REAL activate(REAL x, int activation) {
  switch (activation) {
    case 0: return tanh(x);
    case 1: return (REAL)1 / ((REAL)1 + exp(-clamp(x, (REAL)-50, (REAL)50)));
    case 2: return x >= 0 ? x : (REAL)0.01 * x;
  }
  return x;
}

// The activation's derivative, from its output y.
REAL derivative(REAL y, int activation) {
  switch (activation) {
    case 0: return (REAL)1 - y * y;
    case 1: return y * ((REAL)1 - y);
    case 2: return y >= 0 ? (REAL)1 : (REAL)0.01;
  }
  return (REAL)1;
}

// out[b][o] = f(w[o][0 .. inputs-1] . in[b] + w[o][inputs]); global (outputs, batch).
__kernel void feed_forward(__global const REAL* w, __global const REAL* in, __global REAL* out, int inputs,
                           int activation) {
  const int o = get_global_id(0), b = get_global_id(1), outputs = get_global_size(0);
  __global const REAL* wo = w + o * (inputs + 1);
  __global const REAL* x = in + b * inputs;
  REAL sum = wo[inputs];
  for (int k = 0; k < inputs; ++k) sum += wo[k] * x[k];
  out[b * outputs + o] = activate(sum, activation);
}

// The output layer's gradient: (target - out) f'(out); global (batch x outputs).
__kernel void output_gradient(__global const REAL* target, __global const REAL* out, __global REAL* grad,
                              int activation) {
  const int i = get_global_id(0);
  grad[i] = (target[i] - out[i]) * derivative(out[i], activation);
}

// A hidden layer's gradient from the next layer's (next_outputs neurons over this layer's
// outputs): the next layer's weights of this neuron times their gradients, times f'(out);
// global (outputs, batch).
__kernel void hidden_gradient(__global const REAL* w_next, __global const REAL* grad_next, __global const REAL* out,
                              __global REAL* grad, int next_outputs, int activation) {
  const int i = get_global_id(0), b = get_global_id(1), outputs = get_global_size(0);
  REAL sum = 0;
  for (int j = 0; j < next_outputs; ++j) sum += w_next[j * (outputs + 1) + i] * grad_next[b * next_outputs + j];
  grad[b * outputs + i] = sum * derivative(out[b * outputs + i], activation);
}

// The batch's mean of gradient x input for weight k of neuron o (the bias: input 1).
REAL batch_gradient(__global const REAL* grad, __global const REAL* in, int k, int o, int inputs, int outputs,
                    int batch) {
  REAL g = 0;
  for (int b = 0; b < batch; ++b) g += grad[b * outputs + o] * (k < inputs ? in[b * inputs + k] : (REAL)1);
  return g / batch;
}

// SGD with momentum: delta = learning_rate g + momentum delta_before; global (inputs + 1, outputs).
__kernel void update_weights_momentum(__global REAL* w, __global const REAL* grad, __global const REAL* in,
                                      __global REAL* dw, int batch, REAL learning_rate, REAL momentum) {
  const int k = get_global_id(0), o = get_global_id(1), inputs = get_global_size(0) - 1, outputs = get_global_size(1);
  const int i = o * (inputs + 1) + k;
  const REAL delta = learning_rate * batch_gradient(grad, in, k, o, inputs, outputs, batch) + momentum * dw[i];
  dw[i] = delta;
  w[i] += delta;
}

// Adam: the moments m, v of g; step_rate is the learning rate with the bias corrections of
// this step t folded in (lr sqrt(1 - beta2^t) / (1 - beta1^t)); global (inputs + 1, outputs).
__kernel void update_weights_adam(__global REAL* w, __global const REAL* grad, __global const REAL* in,
                                  __global REAL* m, __global REAL* v, int batch, REAL step_rate, REAL beta1,
                                  REAL beta2) {
  const int k = get_global_id(0), o = get_global_id(1), inputs = get_global_size(0) - 1, outputs = get_global_size(1);
  const int i = o * (inputs + 1) + k;
  const REAL g = batch_gradient(grad, in, k, o, inputs, outputs, batch);
  const REAL mt = beta1 * m[i] + ((REAL)1 - beta1) * g;
  const REAL vt = beta2 * v[i] + ((REAL)1 - beta2) * g * g;
  m[i] = mt;
  v[i] = vt;
  w[i] += step_rate * mt / (sqrt(vt) + (REAL)1e-8);
}
