//+------------------------------------------------------------------+
//| mlp_training.mq5                                                 |
//| A small multilayer perceptron trained through the standard       |
//| library's COpenCL (mqlcl/OpenCL.mqh), shaped like the MQL5        |
//| community's neural-network code (D. Gizlyk, "Neural networks made |
//| easy"): one kernel object per function (feed_forward,             |
//| output_gradient, hidden_gradient, update_weights_momentum /       |
//| update_weights_adam), its arguments set before every launch, one  |
//| launch per layer per pass, buffers per layer (weights, outputs,   |
//| gradients, the optimizer's moments). Each step writes its batch   |
//| of inputs and targets; the program reads only what it needs: the  |
//| batch loss every InpLossEvery steps and the predictions at the    |
//| start and the end. The kernels: mlp_training.cl, beside this file.|
//| The task: y = sin(x0) + x1*x2 on 3 inputs uniform in [-1, 1],     |
//| a fixed data set from a seeded generator. Prints the loss at the  |
//| start and the end, checks the trained network's predictions       |
//| against a CPU forward pass of its weights and that the loss fell  |
//| below LOSS_THRESHOLD, and the training steps per second.          |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/OpenCL.mqh>
#resource "mlp_training.cl" as string cl_mlp

input int    InpDevice=-1;            // OpenCL device (mqlcl's numbering; -1: CL_USE_ANY, a GPU first)
input int    InpHidden=32;            // neurons per hidden layer
input int    InpLayers=2;             // hidden layers (tanh); the output neuron is linear
input int    InpSamples=1024;         // samples in the data set (a multiple of InpBatch)
input int    InpBatch=32;             // samples per training step
input int    InpEpochs=30;            // passes over the data set
input int    InpOptimizer=1;          // 0: SGD with momentum 0.9, 1: Adam (0.9, 0.999)
input double InpLearningRate=0.003;   // learning rate
input int    InpLossEvery=240;        // steps between two reads of the batch loss
input int    InpSeed=7;               // seed of the data set and the initial weights

// The defaults reach it on any device: the mean squared error of the trained network over
// the data set (the target's variance is about 0.38).
#define LOSS_THRESHOLD 0.01
// |device prediction - CPU forward pass of the same weights| allowed (float sums of <= 33
// terms, the device's tanh within a few ulp).
#define PREDICTION_TOLERANCE 1e-4
#define INPUTS 3
//--- kernels
#define K_FEED_FORWARD 0
#define K_OUTPUT_GRADIENT 1
#define K_HIDDEN_GRADIENT 2
#define K_UPDATE_MOMENTUM 3
#define K_UPDATE_ADAM 4
//--- buffers: the batch's inputs and targets, then 5 per layer
#define B_INPUT 0
#define B_TARGET 1
#define B_LAYER 2
#define ACT_TANH 0
#define ACT_NONE -1

int    g_sizes[];     // neurons: g_sizes[0] inputs, then each layer's outputs
int    g_layers=0;    // layers with weights (hidden ones and the output)
uint   g_state=0;     // the generator's state
uint   g_offset[2]={0,0};
//+------------------------------------------------------------------+
//| The data set's and the weights' generator: a 32-bit LCG, the     |
//| same numbers on every platform; [0, 1).                           |
//+------------------------------------------------------------------+
double Uniform(void)
  {
   g_state=g_state*(uint)1664525+(uint)1013904223;
   return((double)(g_state>>8)/16777216.0);
  }
//+------------------------------------------------------------------+
//| Layer l's buffers: weights, outputs, gradients, moments          |
//+------------------------------------------------------------------+
int BWeights(const int l)  { return(B_LAYER+5*l); }
int BOutputs(const int l)  { return(B_LAYER+5*l+1); }
int BGradient(const int l) { return(B_LAYER+5*l+2); }
int BMoment1(const int l)  { return(B_LAYER+5*l+3); }
int BMoment2(const int l)  { return(B_LAYER+5*l+4); }
int BLayerInput(const int l) { return(l==0 ? B_INPUT : BOutputs(l-1)); }
int Activation(const int l) { return(l==g_layers-1 ? ACT_NONE : ACT_TANH); }
//+------------------------------------------------------------------+
bool Launch(COpenCL &cl,const int kernel,const int dims,const int size0,const int size1)
  {
   uint work[2];
   work[0]=(uint)size0;
   work[1]=(uint)size1;
   return(cl.Execute(kernel,dims,g_offset,work));
  }
//+------------------------------------------------------------------+
//| Forward pass of the batch in B_INPUT: one launch per layer        |
//+------------------------------------------------------------------+
bool Forward(COpenCL &cl)
  {
   for(int l=0; l<g_layers; l++)
      if(!cl.SetArgumentBuffer(K_FEED_FORWARD,0,BWeights(l)) || !cl.SetArgumentBuffer(K_FEED_FORWARD,1,BLayerInput(l)) ||
         !cl.SetArgumentBuffer(K_FEED_FORWARD,2,BOutputs(l)) || !cl.SetArgument(K_FEED_FORWARD,3,g_sizes[l]) ||
         !cl.SetArgument(K_FEED_FORWARD,4,Activation(l)) || !Launch(cl,K_FEED_FORWARD,2,g_sizes[l+1],InpBatch))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Gradients: the output layer's from B_TARGET, then each hidden    |
//| layer's from the next one's                                       |
//+------------------------------------------------------------------+
bool Backward(COpenCL &cl)
  {
   int last=g_layers-1;
   if(!cl.SetArgumentBuffer(K_OUTPUT_GRADIENT,0,B_TARGET) || !cl.SetArgumentBuffer(K_OUTPUT_GRADIENT,1,BOutputs(last)) ||
      !cl.SetArgumentBuffer(K_OUTPUT_GRADIENT,2,BGradient(last)) || !cl.SetArgument(K_OUTPUT_GRADIENT,3,Activation(last)) ||
      !Launch(cl,K_OUTPUT_GRADIENT,1,InpBatch*g_sizes[g_layers],1))
      return(false);
   for(int l=last-1; l>=0; l--)
      if(!cl.SetArgumentBuffer(K_HIDDEN_GRADIENT,0,BWeights(l+1)) || !cl.SetArgumentBuffer(K_HIDDEN_GRADIENT,1,BGradient(l+1)) ||
         !cl.SetArgumentBuffer(K_HIDDEN_GRADIENT,2,BOutputs(l)) || !cl.SetArgumentBuffer(K_HIDDEN_GRADIENT,3,BGradient(l)) ||
         !cl.SetArgument(K_HIDDEN_GRADIENT,4,g_sizes[l+2]) || !cl.SetArgument(K_HIDDEN_GRADIENT,5,Activation(l)) ||
         !Launch(cl,K_HIDDEN_GRADIENT,2,g_sizes[l+1],InpBatch))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Weight updates of step t (1, 2, ...): one launch per layer        |
//+------------------------------------------------------------------+
bool Update(COpenCL &cl,const int t)
  {
   const double beta1=0.9,beta2=0.999;
   float step_rate=(float)(InpLearningRate*MathSqrt(1.0-MathPow(beta2,t))/(1.0-MathPow(beta1,t)));
   for(int l=0; l<g_layers; l++)
     {
      bool ok;
      if(InpOptimizer==0)
         ok=cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,0,BWeights(l)) && cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,1,BGradient(l)) &&
            cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,2,BLayerInput(l)) && cl.SetArgumentBuffer(K_UPDATE_MOMENTUM,3,BMoment1(l)) &&
            cl.SetArgument(K_UPDATE_MOMENTUM,4,InpBatch) && cl.SetArgument(K_UPDATE_MOMENTUM,5,(float)InpLearningRate) &&
            cl.SetArgument(K_UPDATE_MOMENTUM,6,0.9f) && Launch(cl,K_UPDATE_MOMENTUM,2,g_sizes[l]+1,g_sizes[l+1]);
      else
         ok=cl.SetArgumentBuffer(K_UPDATE_ADAM,0,BWeights(l)) && cl.SetArgumentBuffer(K_UPDATE_ADAM,1,BGradient(l)) &&
            cl.SetArgumentBuffer(K_UPDATE_ADAM,2,BLayerInput(l)) && cl.SetArgumentBuffer(K_UPDATE_ADAM,3,BMoment1(l)) &&
            cl.SetArgumentBuffer(K_UPDATE_ADAM,4,BMoment2(l)) && cl.SetArgument(K_UPDATE_ADAM,5,InpBatch) &&
            cl.SetArgument(K_UPDATE_ADAM,6,step_rate) && cl.SetArgument(K_UPDATE_ADAM,7,(float)beta1) &&
            cl.SetArgument(K_UPDATE_ADAM,8,(float)beta2) && Launch(cl,K_UPDATE_ADAM,2,g_sizes[l]+1,g_sizes[l+1]);
      if(!ok)
         return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| The batch of samples first .. first+InpBatch-1 into B_INPUT and   |
//| B_TARGET                                                          |
//+------------------------------------------------------------------+
bool WriteBatch(COpenCL &cl,float &x[],float &y[],const int first,const bool targets)
  {
   int outputs=g_sizes[g_layers];
   if(!cl.BufferWrite(B_INPUT,x,0,first*INPUTS,InpBatch*INPUTS))
      return(false);
   return(!targets || cl.BufferWrite(B_TARGET,y,0,first*outputs,InpBatch*outputs));
  }
//+------------------------------------------------------------------+
//| The network's predictions of the whole data set into pred, batch |
//| by batch; returns the mean squared error, -1 on failure or stop. |
//+------------------------------------------------------------------+
double Predict(COpenCL &cl,float &x[],float &y[],float &pred[])
  {
   double sum=0;
   for(int first=0; first<InpSamples; first+=InpBatch)
     {
      if(IsStopped())
         return(-1);
      if(!WriteBatch(cl,x,y,first,false) || !Forward(cl) ||
         !cl.BufferRead(BOutputs(g_layers-1),pred,0,first,InpBatch))
         return(-1);
     }
   for(int i=0; i<InpSamples; i++)
      sum+=((double)pred[i]-y[i])*((double)pred[i]-y[i]);
   return(sum/InpSamples);
  }
//+------------------------------------------------------------------+
//| The trained weights read back and the data set run through them  |
//| on the CPU (double); the largest |device - CPU| of pred, -1 when  |
//| stopped or a read failed.                                         |
//+------------------------------------------------------------------+
double CpuCheck(COpenCL &cl,float &x[],float &pred[])
  {
   float w[];
   double a[],b[];
   int weights_at[];
   ArrayResize(weights_at,g_layers+1);
   weights_at[0]=0;
   for(int l=0; l<g_layers; l++)
      weights_at[l+1]=weights_at[l]+(g_sizes[l]+1)*g_sizes[l+1];
   ArrayResize(w,weights_at[g_layers]);
   for(int l=0; l<g_layers; l++)
      if(!cl.BufferRead(BWeights(l),w,0,weights_at[l],(g_sizes[l]+1)*g_sizes[l+1]))
         return(-1);
   ArrayResize(a,MathMax(InpHidden,INPUTS));
   ArrayResize(b,MathMax(InpHidden,INPUTS));
   double worst=0;
   for(int s=0; s<InpSamples; s++)
     {
      if(IsStopped())
         return(-1);
      for(int k=0; k<INPUTS; k++)
         a[k]=x[s*INPUTS+k];
      for(int l=0; l<g_layers; l++)
        {
         int inputs=g_sizes[l];
         for(int o=0; o<g_sizes[l+1]; o++)
           {
            int at=weights_at[l]+o*(inputs+1);
            double sum=w[at+inputs];
            for(int k=0; k<inputs; k++)
               sum+=(double)w[at+k]*a[k];
            b[o]=Activation(l)==ACT_TANH ? 1.0-2.0/(MathExp(2.0*sum)+1.0) : sum;
           }
         for(int o=0; o<g_sizes[l+1]; o++)
            a[o]=b[o];
        }
      worst=MathMax(worst,MathAbs(a[0]-pred[s]));
     }
   return(worst);
  }
//+------------------------------------------------------------------+
bool Fail(const string what)
  {
   Print(what+" failed: "+g_mqlcl_cl_message);
   return(false);
  }
//+------------------------------------------------------------------+
//| Buffers of the batch and of every layer; weights uniform in       |
//| +-sqrt(6 / (inputs + outputs)), biases 0; moments 0.              |
//+------------------------------------------------------------------+
bool CreateBuffers(COpenCL &cl)
  {
   int outputs=g_sizes[g_layers];
   if(!cl.SetBuffersCount(B_LAYER+5*g_layers) ||
      !cl.BufferCreate(B_INPUT,(uint)(InpBatch*INPUTS*sizeof(float)),CL_MEM_READ_ONLY) ||
      !cl.BufferCreate(B_TARGET,(uint)(InpBatch*outputs*sizeof(float)),CL_MEM_READ_ONLY))
      return(Fail("the batch's buffers"));
   for(int l=0; l<g_layers; l++)
     {
      int inputs=g_sizes[l],neurons=g_sizes[l+1],count=(inputs+1)*neurons;
      float w[],zero[];
      ArrayResize(w,count);
      ArrayResize(zero,count);
      ArrayInitialize(zero,0.0f);
      double scale=MathSqrt(6.0/(inputs+neurons));
      for(int o=0; o<neurons; o++)
         for(int k=0; k<=inputs; k++)
            w[o*(inputs+1)+k]=k<inputs ? (float)((2*Uniform()-1)*scale) : 0.0f;
      if(!cl.BufferFromArray(BWeights(l),w,0,count,CL_MEM_READ_WRITE) ||
         !cl.BufferCreate(BOutputs(l),(uint)(InpBatch*neurons*sizeof(float)),CL_MEM_READ_WRITE) ||
         !cl.BufferCreate(BGradient(l),(uint)(InpBatch*neurons*sizeof(float)),CL_MEM_READ_WRITE) ||
         !cl.BufferFromArray(BMoment1(l),zero,0,count,CL_MEM_READ_WRITE) ||
         !cl.BufferFromArray(BMoment2(l),zero,0,count,CL_MEM_READ_WRITE))
         return(Fail("layer "+IntegerToString(l)+"'s buffers"));
     }
   return(true);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   if(InpHidden<1 || InpLayers<1 || InpBatch<1 || InpSamples<InpBatch || InpSamples%InpBatch!=0 || InpEpochs<1 ||
      InpLossEvery<1 || InpOptimizer<0 || InpOptimizer>1)
     {
      Print("inputs: InpHidden, InpLayers, InpBatch, InpEpochs, InpLossEvery >= 1, InpSamples a multiple of InpBatch, "
            "InpOptimizer 0 or 1");
      return;
     }
   g_layers=InpLayers+1;
   ArrayResize(g_sizes,g_layers+1);
   g_sizes[0]=INPUTS;
   for(int l=1; l<g_layers; l++)
      g_sizes[l]=InpHidden;
   g_sizes[g_layers]=1;
   //--- the data set
   g_state=(uint)InpSeed;
   float x[],y[],pred[];
   ArrayResize(x,InpSamples*INPUTS);
   ArrayResize(y,InpSamples);
   ArrayResize(pred,InpSamples);
   for(int s=0; s<InpSamples; s++)
     {
      double x0=2*Uniform()-1,x1=2*Uniform()-1,x2=2*Uniform()-1;
      x[s*INPUTS]=(float)x0;
      x[s*INPUTS+1]=(float)x1;
      x[s*INPUTS+2]=(float)x2;
      y[s]=(float)(MathSin(x0)+x1*x2);
     }
   //--- OpenCL: the program, its five kernels, the buffers
   COpenCL cl;
   if(!cl.ContextCreate(InpDevice) || !cl.ProgramCreate(cl_mlp,true) || !cl.SetKernelsCount(5) ||
      !cl.KernelCreate(K_FEED_FORWARD,"feed_forward") || !cl.KernelCreate(K_OUTPUT_GRADIENT,"output_gradient") ||
      !cl.KernelCreate(K_HIDDEN_GRADIENT,"hidden_gradient") || !cl.KernelCreate(K_UPDATE_MOMENTUM,"update_weights_momentum") ||
      !cl.KernelCreate(K_UPDATE_ADAM,"update_weights_adam"))
     {
      Fail("COpenCL setup");
      return;
     }
   if(!CreateBuffers(cl))
      return;
   string device,shape=IntegerToString(INPUTS);
   CLGetInfoString(cl.GetContext(),CL_DEVICE_NAME,device);
   for(int l=1; l<=g_layers; l++)
      shape+="-"+IntegerToString(g_sizes[l]);
   int per_epoch=InpSamples/InpBatch,steps=InpEpochs*per_epoch;
   int launches=3*g_layers;  // per layer: forward, gradient, update
   Print("mlp_training on "+device+": "+shape+" (tanh hidden layers, linear output), "+
         (InpOptimizer==0 ? "SGD with momentum 0.9" : "Adam")+", learning rate "+DoubleToString(InpLearningRate,4)+", batch "+
         IntegerToString(InpBatch)+" of "+IntegerToString(InpSamples)+" samples, "+IntegerToString(InpEpochs)+" epochs = "+
         IntegerToString(steps)+" steps, "+IntegerToString(launches)+" launches per step");
   Print("task: y = sin(x0) + x1*x2, x uniform in [-1, 1]^3, seed "+IntegerToString(InpSeed));
   double start=Predict(cl,x,y,pred);
   if(start<0)
     {
      if(IsStopped())
         Print("stopped by the user before the training");
      else
         Fail("the first predictions");
      return;
     }
   Print("loss at start: "+DoubleToString(start,7)+" (mean squared error over the "+IntegerToString(InpSamples)+" samples)");
   //--- training: per step the batch's inputs and targets written, 3 passes enqueued, a read every InpLossEvery steps
   float out[];
   ArrayResize(out,InpBatch);
   ulong t0=GetMicrosecondCount();
   for(int step=0; step<steps; step++)
     {
      if(IsStopped())
        {
         Print("stopped by the user after "+IntegerToString(step)+" of "+IntegerToString(steps)+" steps");
         return;
        }
      int first=(step%per_epoch)*InpBatch;
      if(!WriteBatch(cl,x,y,first,true) || !Forward(cl) || !Backward(cl) || !Update(cl,step+1))
        {
         Fail("training step "+IntegerToString(step));
         return;
        }
      if((step+1)%InpLossEvery==0)
        {
         if(!cl.BufferRead(BOutputs(g_layers-1),out,0,0,InpBatch))
           {
            Fail("reading the batch's outputs");
            return;
           }
         double sum=0;
         for(int i=0; i<InpBatch; i++)
            sum+=((double)out[i]-y[first+i])*((double)out[i]-y[first+i]);
         Print(StringFormat("  step %6d | batch loss %.7f",step+1,sum/InpBatch));
        }
     }
   double seconds=(GetMicrosecondCount()-t0)/1e6;
   double end=Predict(cl,x,y,pred);
   if(end<0)
     {
      if(IsStopped())
         Print("stopped by the user after the training");
      else
         Fail("the final predictions");
      return;
     }
   Print("loss at end: "+DoubleToString(end,7)+" (mean squared error over the "+IntegerToString(InpSamples)+" samples)");
   double diff=CpuCheck(cl,x,pred);
   if(diff<0)
     {
      if(IsStopped())
         Print("stopped by the user in the CPU check");
      else
         Fail("reading the weights");
      return;
     }
   Print(StringFormat("  predictions of the %d samples against a CPU forward pass of the trained weights | max |diff| %.2e | %s",
                      InpSamples,diff,diff<=PREDICTION_TOLERANCE ? "OK" : "WRONG (tolerance "+DoubleToString(PREDICTION_TOLERANCE,6)+")"));
   Print("loss fell below "+DoubleToString(LOSS_THRESHOLD,2)+": "+(end<LOSS_THRESHOLD && end<start ? "OK" : "WRONG"));
   Print(StringFormat("%d training steps in %.3f s: %.1f steps per second (COpenCL::Execute per launch, the batch loss "
                      "read every %d steps)",steps,seconds,seconds>0 ? steps/seconds : 0,InpLossEvery));
   cl.Shutdown();
  }
//+------------------------------------------------------------------+
