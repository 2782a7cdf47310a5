//+------------------------------------------------------------------+
//| nn_layers.mqh: the layers. Each keeps its output and the loss's  |
//| gradient with respect to that output as matrices (rows: the      |
//| batch's samples) and, on an OpenCL context, in device buffers.   |
//| Without a context (m_cl NULL) every pass runs on the CPU with the |
//| matrix and vector methods; with one, through the kernels of      |
//| neural_net.cl. The same seed gives both the same initial weights.|
//+------------------------------------------------------------------+
#ifndef NN_LAYERS_MQH
#define NN_LAYERS_MQH

#include "nn_object.mqh"
#include "nn_opencl.mqh"

#define NN_TYPE_LAYER      1
#define NN_TYPE_INPUT      2
#define NN_TYPE_DENSE      3
#define NN_TYPE_ACTIVATION 4
#define NN_TYPE_NORM       5
#define NN_TYPE_SOFTMAX    6
//--- optimizers
#define NN_SGD             0
#define NN_MOMENTUM        1
#define NN_ADAM            2
#define NN_MOMENTUM_RATE   0.9
#define NN_BETA1           0.9
#define NN_BETA2           0.999
#define NN_ADAM_EPSILON    1e-8
#define NN_NORM_EPSILON    1e-5

//+------------------------------------------------------------------+
//| The data's and the weights' generator: a 32-bit LCG, the same    |
//| numbers on every platform.                                        |
//+------------------------------------------------------------------+
class CNNRandom
  {
protected:
   uint              m_state;

public:
                     CNNRandom(void) : m_state(1) {}
   void              Seed(const uint seed) { m_state=seed; }
   //--- uniform in [0, 1)
   double            Uniform(void)
     {
      m_state=m_state*(uint)1664525+(uint)1013904223;
      return((double)(m_state>>8)/16777216.0);
     }
   //--- uniform in [-scale, scale)
   double            Symmetric(const double scale) { return((2.0*Uniform()-1.0)*scale); }
  };
//+------------------------------------------------------------------+
//| The base layer                                                   |
//+------------------------------------------------------------------+
class CNNLayer : public CNNObject
  {
protected:
   CNNOpenCL        *m_cl;            // NULL: the CPU path
   int               m_units;         // outputs per sample
   int               m_rows;          // samples per batch
   MATRIX            m_output;        // rows x units
   MATRIX            m_gradient;      // dLoss / dOutput, rows x units
   MATRIX            m_ones;          // rows x 1: column sums as products
   int               m_output_buf;
   int               m_gradient_buf;
   int               m_owned[];       // the buffer slots this layer holds
   int               m_owned_total;

   bool              OnDevice(void) const { return(CheckPointer(m_cl)!=POINTER_INVALID); }
   bool              NewBuffer(int &index,MATRIX &data);
   bool              SyncBuffer(const int index,MATRIX &data);
   bool              PutMatrix(const int index,MATRIX &data,MATRIX &value);
   bool              UpdateParam(MATRIX &w,MATRIX &g,MATRIX &m,MATRIX &v,const int w_buf,const int g_buf,
                                 const int m_buf,const int v_buf,const int optimizer,const double lr,const int step);

public:
                     CNNLayer(const int units);
                    ~CNNLayer(void);
   virtual int       Type(void) const { return(NN_TYPE_LAYER); }
   virtual string    Name(void) const { return("layer"); }
   int               Units(void) const { return(m_units); }
   int               OutputBuffer(void) const { return(m_output_buf); }
   int               GradientBuffer(void) const { return(m_gradient_buf); }
   MATRIX            Output(void) const { return(m_output); }
   MATRIX            Gradient(void) const { return(m_gradient); }
   bool              SetGradient(MATRIX &gradient);
   virtual bool      Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd);
   virtual bool      FeedForward(CNNLayer *prev) { return(true); }
   virtual bool      CalcHiddenGradient(CNNLayer *prev) { return(true); }
   virtual bool      CalcParamGradient(CNNLayer *prev) { return(true); }
   virtual bool      UpdateWeights(const int optimizer,const double lr,const int step) { return(true); }
   //--- trainable matrices: their count, and each one's name, value and gradient
   virtual int       Params(void) const { return(0); }
   virtual bool      Param(const int index,string &name,MATRIX &value,MATRIX &gradient) { return(false); }
   virtual bool      SetParamGradient(const int index,MATRIX &gradient) { return(false); }
   //--- the device's buffers into the matrices
   virtual bool      Sync(void);
   bool              CalcOutputGradient(MATRIX &target,const int target_buf,const ENUM_LOSS_FUNCTION loss);
  };
//+------------------------------------------------------------------+
CNNLayer::CNNLayer(const int units) : m_cl(NULL),m_units(units),m_rows(0),m_output_buf(-1),m_gradient_buf(-1),
                                      m_owned_total(0)
  {
  }
//+------------------------------------------------------------------+
CNNLayer::~CNNLayer(void)
  {
   if(OnDevice())
      for(int i=0; i<m_owned_total; i++)
         m_cl.Free(m_owned[i]);
  }
//+------------------------------------------------------------------+
bool CNNLayer::NewBuffer(int &index,MATRIX &data)
  {
   index=m_cl.AddBuffer(data);
   if(index<0)
      return(false);
   if(ArrayResize(m_owned,m_owned_total+1,16)<0)
      return(false);
   m_owned[m_owned_total]=index;
   m_owned_total++;
   return(true);
  }
//+------------------------------------------------------------------+
bool CNNLayer::PutMatrix(const int index,MATRIX &data,MATRIX &value)
  {
   if(value.Rows()!=data.Rows() || value.Cols()!=data.Cols())
      return(false);
   data=value;
   return(!OnDevice() || m_cl.Write(index,data));
  }
//+------------------------------------------------------------------+
bool CNNLayer::SyncBuffer(const int index,MATRIX &data)
  {
   return(!OnDevice() || m_cl.Read(index,data));
  }
//+------------------------------------------------------------------+
//| rows samples of inputs values each; units <= 0 takes the inputs' |
//| count (element-wise layers)                                       |
//+------------------------------------------------------------------+
bool CNNLayer::Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd)
  {
   m_cl=cl;
   m_rows=rows;
   if(m_units<=0)
      m_units=inputs;
   m_output=MATRIX::Zeros(rows,m_units);
   m_gradient=MATRIX::Zeros(rows,m_units);
   m_ones=MATRIX::Ones(rows,1);
   if(!OnDevice())
      return(true);
   return(NewBuffer(m_output_buf,m_output) && NewBuffer(m_gradient_buf,m_gradient));
  }
//+------------------------------------------------------------------+
bool CNNLayer::SetGradient(MATRIX &gradient)
  {
   if(gradient.Rows()!=m_gradient.Rows() || gradient.Cols()!=m_gradient.Cols())
      return(false);
   m_gradient=gradient;
   return(!OnDevice() || m_cl.Write(m_gradient_buf,m_gradient));
  }
//+------------------------------------------------------------------+
bool CNNLayer::Sync(void)
  {
   return(SyncBuffer(m_output_buf,m_output) && SyncBuffer(m_gradient_buf,m_gradient));
  }
//+------------------------------------------------------------------+
//| The loss's gradient with respect to this (the last) layer's      |
//| output, the loss being the batch's mean of each sample's loss:   |
//| cross-entropy -sum(t*log(y)), or the mean squared error of the    |
//| sample's outputs. LossGradient gives each sample's (row's)       |
//| gradient: -t/y and 2*(y-t)/units.                                 |
//+------------------------------------------------------------------+
bool CNNLayer::CalcOutputGradient(MATRIX &target,const int target_buf,const ENUM_LOSS_FUNCTION loss)
  {
   bool cce=(loss==LOSS_CCE);
   if(!OnDevice())
     {
      m_gradient=m_output.LossGradient(target,loss)*(TYPE)(1.0/m_rows);
      return(m_gradient.Rows()==m_output.Rows() && m_gradient.Cols()==m_output.Cols());
     }
   int kernel=cce ? K_CCE_GRADIENT : K_MSE_GRADIENT;
   TYPE scale=(TYPE)(cce ? 1.0/m_rows : 1.0/(m_rows*m_units));
   return(m_cl.SetArgumentBuffer(kernel,0,m_output_buf) && m_cl.SetArgumentBuffer(kernel,1,target_buf) &&
          m_cl.SetArgumentBuffer(kernel,2,m_gradient_buf) && m_cl.SetArgument(kernel,3,scale) &&
          m_cl.Run(kernel,m_rows*m_units));
  }
//+------------------------------------------------------------------+
//| One optimizer step of w from its gradient g (m, v: the moments). |
//| Adam's rate carries the bias correction of step (1, 2, ...).     |
//+------------------------------------------------------------------+
bool CNNLayer::UpdateParam(MATRIX &w,MATRIX &g,MATRIX &m,MATRIX &v,const int w_buf,const int g_buf,
                           const int m_buf,const int v_buf,const int optimizer,const double lr,const int step)
  {
   TYPE rate=(TYPE)lr;
   if(optimizer==NN_ADAM)
      rate=(TYPE)(lr*MathSqrt(1.0-MathPow(NN_BETA2,step))/(1.0-MathPow(NN_BETA1,step)));
   if(!OnDevice())
     {
      if(optimizer==NN_SGD)
         w=w-g*rate;
      else
         if(optimizer==NN_MOMENTUM)
           {
            m=m*(TYPE)NN_MOMENTUM_RATE+g;
            w=w-m*rate;
           }
         else
           {
            m=m*(TYPE)NN_BETA1+g*(TYPE)(1.0-NN_BETA1);
            v=v*(TYPE)NN_BETA2+(g*g)*(TYPE)(1.0-NN_BETA2);
            w=w-(m/(MathSqrt(v)+(TYPE)NN_ADAM_EPSILON))*rate;
           }
      return(true);
     }
   int count=(int)(w.Rows()*w.Cols());
   if(optimizer==NN_SGD)
      return(m_cl.SetArgumentBuffer(K_UPDATE_SGD,0,w_buf) && m_cl.SetArgumentBuffer(K_UPDATE_SGD,1,g_buf) &&
             m_cl.SetArgument(K_UPDATE_SGD,2,rate) && m_cl.Run(K_UPDATE_SGD,count));
   if(optimizer==NN_MOMENTUM)
      return(m_cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,0,w_buf) && m_cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,1,g_buf) &&
             m_cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,2,m_buf) && m_cl.SetArgument(K_UPDATE_MOMENTUM,3,rate) &&
             m_cl.SetArgument(K_UPDATE_MOMENTUM,4,(TYPE)NN_MOMENTUM_RATE) && m_cl.Run(K_UPDATE_MOMENTUM,count));
   return(m_cl.SetArgumentBuffer(K_UPDATE_ADAM,0,w_buf) && m_cl.SetArgumentBuffer(K_UPDATE_ADAM,1,g_buf) &&
          m_cl.SetArgumentBuffer(K_UPDATE_ADAM,2,m_buf) && m_cl.SetArgumentBuffer(K_UPDATE_ADAM,3,v_buf) &&
          m_cl.SetArgument(K_UPDATE_ADAM,4,rate) && m_cl.SetArgument(K_UPDATE_ADAM,5,(TYPE)NN_BETA1) &&
          m_cl.SetArgument(K_UPDATE_ADAM,6,(TYPE)NN_BETA2) && m_cl.SetArgument(K_UPDATE_ADAM,7,(TYPE)NN_ADAM_EPSILON) &&
          m_cl.Run(K_UPDATE_ADAM,count));
  }
//+------------------------------------------------------------------+
//| The input layer: the batch's samples as its output               |
//+------------------------------------------------------------------+
class CNNInput : public CNNLayer
  {
public:
                     CNNInput(const int units) : CNNLayer(units) {}
   virtual int       Type(void) const { return(NN_TYPE_INPUT); }
   virtual string    Name(void) const { return("input"); }
   bool              SetInputs(MATRIX &x)
     {
      if(x.Rows()!=m_output.Rows() || x.Cols()!=m_output.Cols())
         return(false);
      m_output=x;
      return(!OnDevice() || m_cl.Write(m_output_buf,m_output));
     }
  };
//+------------------------------------------------------------------+
//| A fully connected layer: output = input * W + bias               |
//+------------------------------------------------------------------+
class CNNDense : public CNNLayer
  {
protected:
   int               m_inputs;
   MATRIX            m_weights,m_dweights,m_wm,m_wv;   // inputs x units, its gradient, its moments
   MATRIX            m_bias,m_dbias,m_bm,m_bv;         // 1 x units
   int               m_weights_buf,m_dweights_buf,m_wm_buf,m_wv_buf;
   int               m_bias_buf,m_dbias_buf,m_bm_buf,m_bv_buf;

public:
                     CNNDense(const int units) : CNNLayer(units),m_inputs(0) {}
   virtual int       Type(void) const { return(NN_TYPE_DENSE); }
   virtual string    Name(void) const { return("dense"); }
   virtual bool      Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd);
   virtual bool      FeedForward(CNNLayer *prev);
   virtual bool      CalcHiddenGradient(CNNLayer *prev);
   virtual bool      CalcParamGradient(CNNLayer *prev);
   virtual bool      UpdateWeights(const int optimizer,const double lr,const int step);
   virtual int       Params(void) const { return(2); }
   virtual bool      Param(const int index,string &name,MATRIX &value,MATRIX &gradient);
   virtual bool      SetParamGradient(const int index,MATRIX &gradient)
     {
      return(index==0 ? PutMatrix(m_dweights_buf,m_dweights,gradient) : index==1 && PutMatrix(m_dbias_buf,m_dbias,gradient));
     }
   virtual bool      Sync(void);
  };
//+------------------------------------------------------------------+
//| Weights uniform in +-sqrt(6 / (inputs + units)), small biases    |
//+------------------------------------------------------------------+
bool CNNDense::Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd)
  {
   if(!CNNLayer::Init(rows,inputs,cl,rnd))
      return(false);
   m_inputs=inputs;
   double scale=MathSqrt(6.0/(inputs+m_units));
   m_weights=MATRIX::Zeros(inputs,m_units);
   m_bias=MATRIX::Zeros(1,m_units);
   for(int k=0; k<inputs; k++)
      for(int o=0; o<m_units; o++)
         m_weights[k][o]=(TYPE)rnd.Symmetric(scale);
   for(int o=0; o<m_units; o++)
      m_bias[0][o]=(TYPE)rnd.Symmetric(0.1);
   m_dweights=MATRIX::Zeros(inputs,m_units);
   m_wm=MATRIX::Zeros(inputs,m_units);
   m_wv=MATRIX::Zeros(inputs,m_units);
   m_dbias=MATRIX::Zeros(1,m_units);
   m_bm=MATRIX::Zeros(1,m_units);
   m_bv=MATRIX::Zeros(1,m_units);
   if(!OnDevice())
      return(true);
   return(NewBuffer(m_weights_buf,m_weights) && NewBuffer(m_dweights_buf,m_dweights) && NewBuffer(m_wm_buf,m_wm) &&
          NewBuffer(m_wv_buf,m_wv) && NewBuffer(m_bias_buf,m_bias) && NewBuffer(m_dbias_buf,m_dbias) &&
          NewBuffer(m_bm_buf,m_bm) && NewBuffer(m_bv_buf,m_bv));
  }
//+------------------------------------------------------------------+
bool CNNDense::FeedForward(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      m_output=x.MatMul(m_weights)+m_ones.MatMul(m_bias);
      return(true);
     }
   return(m_cl.SetArgumentBuffer(K_DENSE_FORWARD,0,prev.OutputBuffer()) &&
          m_cl.SetArgumentBuffer(K_DENSE_FORWARD,1,m_weights_buf) && m_cl.SetArgumentBuffer(K_DENSE_FORWARD,2,m_bias_buf) &&
          m_cl.SetArgumentBuffer(K_DENSE_FORWARD,3,m_output_buf) && m_cl.SetArgument(K_DENSE_FORWARD,4,m_inputs) &&
          m_cl.SetArgument(K_DENSE_FORWARD,5,m_units) && m_cl.Run(K_DENSE_FORWARD,m_units,m_rows));
  }
//+------------------------------------------------------------------+
//| The input's gradient: gradient * W^T                             |
//+------------------------------------------------------------------+
bool CNNDense::CalcHiddenGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX g=m_gradient.MatMul(m_weights.Transpose());
      return(prev.SetGradient(g));
     }
   return(m_cl.SetArgumentBuffer(K_DENSE_INPUT_GRADIENT,0,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(K_DENSE_INPUT_GRADIENT,1,m_weights_buf) &&
          m_cl.SetArgumentBuffer(K_DENSE_INPUT_GRADIENT,2,prev.GradientBuffer()) &&
          m_cl.SetArgument(K_DENSE_INPUT_GRADIENT,3,m_inputs) && m_cl.SetArgument(K_DENSE_INPUT_GRADIENT,4,m_units) &&
          m_cl.Run(K_DENSE_INPUT_GRADIENT,m_inputs,m_rows));
  }
//+------------------------------------------------------------------+
//| dW = input^T * gradient; dBias = the gradient's column sums      |
//+------------------------------------------------------------------+
bool CNNDense::CalcParamGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      m_dweights=x.Transpose().MatMul(m_gradient);
      m_dbias=m_ones.Transpose().MatMul(m_gradient);
      return(true);
     }
   return(m_cl.SetArgumentBuffer(K_DENSE_WEIGHT_GRADIENT,0,prev.OutputBuffer()) &&
          m_cl.SetArgumentBuffer(K_DENSE_WEIGHT_GRADIENT,1,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(K_DENSE_WEIGHT_GRADIENT,2,m_dweights_buf) &&
          m_cl.SetArgument(K_DENSE_WEIGHT_GRADIENT,3,m_inputs) && m_cl.SetArgument(K_DENSE_WEIGHT_GRADIENT,4,m_units) &&
          m_cl.SetArgument(K_DENSE_WEIGHT_GRADIENT,5,m_rows) && m_cl.Run(K_DENSE_WEIGHT_GRADIENT,m_units,m_inputs) &&
          m_cl.SetArgumentBuffer(K_SUM_COLUMNS,0,m_gradient_buf) && m_cl.SetArgumentBuffer(K_SUM_COLUMNS,1,m_dbias_buf) &&
          m_cl.SetArgument(K_SUM_COLUMNS,2,m_rows) && m_cl.SetArgument(K_SUM_COLUMNS,3,m_units) &&
          m_cl.Run(K_SUM_COLUMNS,m_units));
  }
//+------------------------------------------------------------------+
bool CNNDense::UpdateWeights(const int optimizer,const double lr,const int step)
  {
   return(UpdateParam(m_weights,m_dweights,m_wm,m_wv,m_weights_buf,m_dweights_buf,m_wm_buf,m_wv_buf,optimizer,lr,step) &&
          UpdateParam(m_bias,m_dbias,m_bm,m_bv,m_bias_buf,m_dbias_buf,m_bm_buf,m_bv_buf,optimizer,lr,step));
  }
//+------------------------------------------------------------------+
bool CNNDense::Param(const int index,string &name,MATRIX &value,MATRIX &gradient)
  {
   if(index==0)
     {
      name="weights";
      value=m_weights;
      gradient=m_dweights;
      return(true);
     }
   if(index==1)
     {
      name="bias";
      value=m_bias;
      gradient=m_dbias;
      return(true);
     }
   return(false);
  }
//+------------------------------------------------------------------+
bool CNNDense::Sync(void)
  {
   return(CNNLayer::Sync() && SyncBuffer(m_weights_buf,m_weights) && SyncBuffer(m_dweights_buf,m_dweights) &&
          SyncBuffer(m_bias_buf,m_bias) && SyncBuffer(m_dbias_buf,m_dbias));
  }
//+------------------------------------------------------------------+
//| An element-wise activation (tanh, sigmoid or ReLU): its          |
//| derivative is taken at the input, as the matrix method           |
//| Derivative does.                                                 |
//+------------------------------------------------------------------+
class CNNActivation : public CNNLayer
  {
protected:
   ENUM_ACTIVATION_FUNCTION m_function;
   int               ForwardKernel(void) const;

public:
                     CNNActivation(const ENUM_ACTIVATION_FUNCTION function) : CNNLayer(0),m_function(function) {}
   virtual int       Type(void) const { return(NN_TYPE_ACTIVATION); }
   virtual string    Name(void) const;
   virtual bool      FeedForward(CNNLayer *prev);
   virtual bool      CalcHiddenGradient(CNNLayer *prev);
  };
//+------------------------------------------------------------------+
string CNNActivation::Name(void) const
  {
   switch(m_function)
     {
      case AF_TANH:
         return("tanh");
      case AF_SIGMOID:
         return("sigmoid");
      case AF_RELU:
         return("relu");
     }
   return("activation");
  }
//+------------------------------------------------------------------+
//| The forward kernel of the function; the backward one follows it  |
//+------------------------------------------------------------------+
int CNNActivation::ForwardKernel(void) const
  {
   if(m_function==AF_SIGMOID)
      return(K_SIGMOID_FORWARD);
   if(m_function==AF_RELU)
      return(K_RELU_FORWARD);
   return(K_TANH_FORWARD);
  }
//+------------------------------------------------------------------+
bool CNNActivation::FeedForward(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      return(x.Activation(m_output,m_function));
     }
   int kernel=ForwardKernel();
   return(m_cl.SetArgumentBuffer(kernel,0,prev.OutputBuffer()) && m_cl.SetArgumentBuffer(kernel,1,m_output_buf) &&
          m_cl.Run(kernel,m_rows*m_units));
  }
//+------------------------------------------------------------------+
//| The input's gradient: gradient * f'(input), element-wise         |
//+------------------------------------------------------------------+
bool CNNActivation::CalcHiddenGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      MATRIX d;
      if(!x.Derivative(d,m_function))
         return(false);
      MATRIX g=m_gradient*d;
      return(prev.SetGradient(g));
     }
   int kernel=ForwardKernel()+1;
   return(m_cl.SetArgumentBuffer(kernel,0,prev.OutputBuffer()) && m_cl.SetArgumentBuffer(kernel,1,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(kernel,2,prev.GradientBuffer()) && m_cl.Run(kernel,m_rows*m_units));
  }
//+------------------------------------------------------------------+
//| Layer normalisation of each sample:                              |
//| out = gamma * (x - mean) / sqrt(var + eps) + beta                |
//+------------------------------------------------------------------+
class CNNNorm : public CNNLayer
  {
protected:
   MATRIX            m_gamma,m_dgamma,m_gm,m_gv;   // 1 x units, its gradient, its moments
   MATRIX            m_beta,m_dbeta,m_bm,m_bv;
   MATRIX            m_xhat;                      // rows x units: the normalised input
   MATRIX            m_inv;                       // rows x 1: 1 / sqrt(var + eps)
   int               m_gamma_buf,m_dgamma_buf,m_gm_buf,m_gv_buf;
   int               m_beta_buf,m_dbeta_buf,m_bm_buf,m_bv_buf;
   int               m_xhat_buf,m_inv_buf;

public:
                     CNNNorm(void) : CNNLayer(0) {}
   virtual int       Type(void) const { return(NN_TYPE_NORM); }
   virtual string    Name(void) const { return("norm"); }
   virtual bool      Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd);
   virtual bool      FeedForward(CNNLayer *prev);
   virtual bool      CalcHiddenGradient(CNNLayer *prev);
   virtual bool      CalcParamGradient(CNNLayer *prev);
   virtual bool      UpdateWeights(const int optimizer,const double lr,const int step);
   virtual int       Params(void) const { return(2); }
   virtual bool      Param(const int index,string &name,MATRIX &value,MATRIX &gradient);
   virtual bool      SetParamGradient(const int index,MATRIX &gradient)
     {
      return(index==0 ? PutMatrix(m_dgamma_buf,m_dgamma,gradient) : index==1 && PutMatrix(m_dbeta_buf,m_dbeta,gradient));
     }
   virtual bool      Sync(void);
  };
//+------------------------------------------------------------------+
//| gamma near 1, beta near 0 (not exactly: their gradients matter)  |
//+------------------------------------------------------------------+
bool CNNNorm::Init(const int rows,const int inputs,CNNOpenCL *cl,CNNRandom &rnd)
  {
   if(!CNNLayer::Init(rows,inputs,cl,rnd))
      return(false);
   m_gamma=MATRIX::Ones(1,m_units);
   m_beta=MATRIX::Zeros(1,m_units);
   for(int c=0; c<m_units; c++)
     {
      m_gamma[0][c]=(TYPE)(1.0+rnd.Symmetric(0.1));
      m_beta[0][c]=(TYPE)rnd.Symmetric(0.1);
     }
   m_dgamma=MATRIX::Zeros(1,m_units);
   m_gm=MATRIX::Zeros(1,m_units);
   m_gv=MATRIX::Zeros(1,m_units);
   m_dbeta=MATRIX::Zeros(1,m_units);
   m_bm=MATRIX::Zeros(1,m_units);
   m_bv=MATRIX::Zeros(1,m_units);
   m_xhat=MATRIX::Zeros(rows,m_units);
   m_inv=MATRIX::Zeros(rows,1);
   if(!OnDevice())
      return(true);
   return(NewBuffer(m_gamma_buf,m_gamma) && NewBuffer(m_dgamma_buf,m_dgamma) && NewBuffer(m_gm_buf,m_gm) &&
          NewBuffer(m_gv_buf,m_gv) && NewBuffer(m_beta_buf,m_beta) && NewBuffer(m_dbeta_buf,m_dbeta) &&
          NewBuffer(m_bm_buf,m_bm) && NewBuffer(m_bv_buf,m_bv) && NewBuffer(m_xhat_buf,m_xhat) &&
          NewBuffer(m_inv_buf,m_inv));
  }
//+------------------------------------------------------------------+
bool CNNNorm::FeedForward(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      VECTOR gamma=m_gamma.Row(0);
      VECTOR beta=m_beta.Row(0);
      for(int r=0; r<m_rows; r++)
        {
         VECTOR row=x.Row(r);
         TYPE mean=(TYPE)row.Mean();
         VECTOR centred=row-mean;
         TYPE var=(TYPE)(centred*centred).Mean();
         TYPE inv=(TYPE)(1.0/MathSqrt(var+NN_NORM_EPSILON));
         VECTOR xhat=centred*inv;
         m_inv[r][0]=inv;
         m_xhat.Row(xhat,r);
         m_output.Row(xhat*gamma+beta,r);
        }
      return(true);
     }
   return(m_cl.SetArgumentBuffer(K_NORM_FORWARD,0,prev.OutputBuffer()) &&
          m_cl.SetArgumentBuffer(K_NORM_FORWARD,1,m_gamma_buf) && m_cl.SetArgumentBuffer(K_NORM_FORWARD,2,m_beta_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_FORWARD,3,m_output_buf) && m_cl.SetArgumentBuffer(K_NORM_FORWARD,4,m_xhat_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_FORWARD,5,m_inv_buf) && m_cl.SetArgument(K_NORM_FORWARD,6,m_units) &&
          m_cl.SetArgument(K_NORM_FORWARD,7,(TYPE)NN_NORM_EPSILON) && m_cl.Run(K_NORM_FORWARD,m_rows));
  }
//+------------------------------------------------------------------+
//| The input's gradient, per sample: with g = gradient * gamma,      |
//| inv * (g - mean(g) - xhat * mean(g * xhat))                       |
//+------------------------------------------------------------------+
bool CNNNorm::CalcHiddenGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      VECTOR gamma=m_gamma.Row(0);
      MATRIX result=MATRIX::Zeros(m_rows,m_units);
      for(int r=0; r<m_rows; r++)
        {
         VECTOR g=m_gradient.Row(r)*gamma;
         VECTOR xhat=m_xhat.Row(r);
         TYPE mean_g=(TYPE)g.Mean();
         TYPE mean_gx=(TYPE)(g*xhat).Mean();
         result.Row((g-mean_g-xhat*mean_gx)*m_inv[r][0],r);
        }
      return(prev.SetGradient(result));
     }
   return(m_cl.SetArgumentBuffer(K_NORM_BACKWARD,0,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_BACKWARD,1,m_gamma_buf) && m_cl.SetArgumentBuffer(K_NORM_BACKWARD,2,m_xhat_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_BACKWARD,3,m_inv_buf) && m_cl.SetArgumentBuffer(K_NORM_BACKWARD,4,prev.GradientBuffer()) &&
          m_cl.SetArgument(K_NORM_BACKWARD,5,m_units) && m_cl.Run(K_NORM_BACKWARD,m_rows));
  }
//+------------------------------------------------------------------+
//| dGamma, dBeta: the column sums of gradient * xhat and gradient   |
//+------------------------------------------------------------------+
bool CNNNorm::CalcParamGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX product=m_gradient*m_xhat;
      m_dgamma=m_ones.Transpose().MatMul(product);
      m_dbeta=m_ones.Transpose().MatMul(m_gradient);
      return(true);
     }
   return(m_cl.SetArgumentBuffer(K_NORM_PARAM_GRADIENT,0,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_PARAM_GRADIENT,1,m_xhat_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_PARAM_GRADIENT,2,m_dgamma_buf) &&
          m_cl.SetArgumentBuffer(K_NORM_PARAM_GRADIENT,3,m_dbeta_buf) && m_cl.SetArgument(K_NORM_PARAM_GRADIENT,4,m_rows) &&
          m_cl.SetArgument(K_NORM_PARAM_GRADIENT,5,m_units) && m_cl.Run(K_NORM_PARAM_GRADIENT,m_units));
  }
//+------------------------------------------------------------------+
bool CNNNorm::UpdateWeights(const int optimizer,const double lr,const int step)
  {
   return(UpdateParam(m_gamma,m_dgamma,m_gm,m_gv,m_gamma_buf,m_dgamma_buf,m_gm_buf,m_gv_buf,optimizer,lr,step) &&
          UpdateParam(m_beta,m_dbeta,m_bm,m_bv,m_beta_buf,m_dbeta_buf,m_bm_buf,m_bv_buf,optimizer,lr,step));
  }
//+------------------------------------------------------------------+
bool CNNNorm::Param(const int index,string &name,MATRIX &value,MATRIX &gradient)
  {
   if(index==0)
     {
      name="gamma";
      value=m_gamma;
      gradient=m_dgamma;
      return(true);
     }
   if(index==1)
     {
      name="beta";
      value=m_beta;
      gradient=m_dbeta;
      return(true);
     }
   return(false);
  }
//+------------------------------------------------------------------+
bool CNNNorm::Sync(void)
  {
   return(CNNLayer::Sync() && SyncBuffer(m_gamma_buf,m_gamma) && SyncBuffer(m_dgamma_buf,m_dgamma) &&
          SyncBuffer(m_beta_buf,m_beta) && SyncBuffer(m_dbeta_buf,m_dbeta) && SyncBuffer(m_xhat_buf,m_xhat) &&
          SyncBuffer(m_inv_buf,m_inv));
  }
//+------------------------------------------------------------------+
//| Softmax of each sample: the output layer of a classifier         |
//+------------------------------------------------------------------+
class CNNSoftmax : public CNNLayer
  {
public:
                     CNNSoftmax(void) : CNNLayer(0) {}
   virtual int       Type(void) const { return(NN_TYPE_SOFTMAX); }
   virtual string    Name(void) const { return("softmax"); }
   virtual bool      FeedForward(CNNLayer *prev);
   virtual bool      CalcHiddenGradient(CNNLayer *prev);
  };
//+------------------------------------------------------------------+
bool CNNSoftmax::FeedForward(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX x=prev.Output();
      for(int r=0; r<m_rows; r++)
        {
         VECTOR z=x.Row(r);
         VECTOR p;
         if(!z.Activation(p,AF_SOFTMAX))
            return(false);
         m_output.Row(p,r);
        }
      return(true);
     }
   return(m_cl.SetArgumentBuffer(K_SOFTMAX_FORWARD,0,prev.OutputBuffer()) &&
          m_cl.SetArgumentBuffer(K_SOFTMAX_FORWARD,1,m_output_buf) && m_cl.SetArgument(K_SOFTMAX_FORWARD,2,m_units) &&
          m_cl.Run(K_SOFTMAX_FORWARD,m_rows));
  }
//+------------------------------------------------------------------+
//| Through the softmax's Jacobian, per sample:                      |
//| input gradient = y * (gradient - sum(gradient * y))              |
//+------------------------------------------------------------------+
bool CNNSoftmax::CalcHiddenGradient(CNNLayer *prev)
  {
   if(!OnDevice())
     {
      MATRIX result=MATRIX::Zeros(m_rows,m_units);
      for(int r=0; r<m_rows; r++)
        {
         VECTOR y=m_output.Row(r);
         VECTOR g=m_gradient.Row(r);
         TYPE dot=(TYPE)(g*y).Sum();
         result.Row(y*(g-dot),r);
        }
      return(prev.SetGradient(result));
     }
   return(m_cl.SetArgumentBuffer(K_SOFTMAX_BACKWARD,0,m_output_buf) &&
          m_cl.SetArgumentBuffer(K_SOFTMAX_BACKWARD,1,m_gradient_buf) &&
          m_cl.SetArgumentBuffer(K_SOFTMAX_BACKWARD,2,prev.GradientBuffer()) &&
          m_cl.SetArgument(K_SOFTMAX_BACKWARD,3,m_units) && m_cl.Run(K_SOFTMAX_BACKWARD,m_rows));
  }
#endif
//+------------------------------------------------------------------+
