//+------------------------------------------------------------------+
//| neural_net.mqh: the program of neural_net.mq5 (TYPE double) and  |
//| neural_net_float.mq5 (TYPE float).                               |
//| 1. Gradient check: two networks of the same weights, one on the  |
//|    CPU (matrix methods), one on OpenCL (neural_net.cl), run the  |
//|    same batch; every layer's output, every output gradient and   |
//|    every parameter gradient compared, then the steps of one      |
//|    update by each optimizer (SGD, momentum, Adam) from the same  |
//|    gradients; then the same with the mean squared error as the   |
//|    loss (no update). Each matrix:                                |
//|      rel = max|opencl - cpu| / max|cpu|                          |
//|    at most GRADIENT_TOLERANCE (1e-9 double, 1e-4 float).         |
//| 2. Training on OpenCL (Adam) on a generated classification task: |
//|    the cross-entropy over the data set at the start and the end, |
//|    which must fall below LOSS_THRESHOLD; the steps per second     |
//|    (printed, not judged).                                         |
//+------------------------------------------------------------------+
#ifndef TYPE
#define TYPE double
#endif
#define MATRIX matrix<TYPE>
#define VECTOR vector<TYPE>

#include "nn_net.mqh"

input int    InpDevice=-1;           // OpenCL device (mqlcl's numbering); -1: a GPU with double support, else the CPU
input int    InpFeatures=4;          // inputs per sample
input int    InpHidden=16;           // neurons of each hidden layer
input int    InpClasses=3;           // classes (softmax outputs)
input int    InpBatch=32;            // samples per training step
input int    InpTrainSamples=512;    // samples of the data set (a multiple of InpBatch)
input int    InpEpochs=20;           // passes over the data set
input double InpLearningRate=0.01;   // Adam's learning rate
input int    InpSeed=11;             // seed of the data set and the initial weights

#define GRADIENT_TOLERANCE (sizeof(TYPE)==sizeof(double) ? 1e-9 : 1e-4)
// The mean cross-entropy the defaults reach on any device (about ln 3 = 1.0986 at the start;
// a double-precision model of the same network ends near 0.09).
#define LOSS_THRESHOLD 0.25
// The optimizer steps of the check are large, so that a float step is far above the rounding of
// the value it changes.
#define CHECK_LEARNING_RATE 0.5

int    g_checks=0;
int    g_wrong=0;
double g_worst=0;
//+------------------------------------------------------------------+
//| rel = max|a - b| / max|b| (b the CPU's), with an explicit loop:  |
//| a reference of its own, no matrix method involved                |
//+------------------------------------------------------------------+
double RelDiff(MATRIX &a,MATRIX &b)
  {
   if(a.Rows()!=b.Rows() || a.Cols()!=b.Cols())
      return(1e300);
   double diff=0,scale=0;
   for(ulong i=0; i<b.Rows(); i++)
      for(ulong j=0; j<b.Cols(); j++)
        {
         diff=MathMax(diff,MathAbs((double)a[i][j]-(double)b[i][j]));
         scale=MathMax(scale,MathAbs((double)b[i][j]));
        }
   return(scale>0 ? diff/scale : diff);
  }
//+------------------------------------------------------------------+
bool Check(const bool ok,const string name)
  {
   g_checks++;
   if(!ok)
      g_wrong++;
   Print("check ",name,": ",ok ? "OK" : "WRONG");
   return(ok);
  }
//+------------------------------------------------------------------+
bool CheckClose(MATRIX &opencl,MATRIX &cpu,const string name)
  {
   double rel=RelDiff(opencl,cpu);
   g_worst=MathMax(g_worst,rel);
   return(Check(rel<=GRADIENT_TOLERANCE,StringFormat("%s: rel %.3e <= %.0e",name,rel,GRADIENT_TOLERANCE)));
  }
//+------------------------------------------------------------------+
//| The network: inputs -> dense -> norm -> tanh -> dense -> relu ->  |
//| dense -> sigmoid -> dense -> softmax                              |
//+------------------------------------------------------------------+
CNNNet *NewNet(CNNOpenCL *cl,const ENUM_LOSS_FUNCTION loss)
  {
   CNNNet *net=new CNNNet();
   bool ok=net.Add(new CNNInput(InpFeatures)) && net.Add(new CNNDense(InpHidden)) && net.Add(new CNNNorm()) &&
           net.Add(new CNNActivation(AF_TANH)) && net.Add(new CNNDense(InpHidden)) && net.Add(new CNNActivation(AF_RELU)) &&
           net.Add(new CNNDense(InpHidden)) && net.Add(new CNNActivation(AF_SIGMOID)) &&
           net.Add(new CNNDense(InpClasses)) && net.Add(new CNNSoftmax());
   if(!ok || !net.Build(InpBatch,cl,(uint)InpSeed,loss))
     {
      Print("the network could not be built: ",g_mqlcl_cl_message);
      delete net;
      return(NULL);
     }
   return(net);
  }
//+------------------------------------------------------------------+
//| The data set: features uniform in [-1, 1); the class the largest |
//| of InpClasses fixed non-linear scores (one-hot targets). False   |
//| when the user stopped it.                                         |
//+------------------------------------------------------------------+
bool MakeData(MATRIX &x,MATRIX &y)
  {
   CNNRandom rnd;
   rnd.Seed((uint)InpSeed*(uint)7919+(uint)1);
   MATRIX a=MATRIX::Zeros(InpClasses,InpFeatures);
   for(int c=0; c<InpClasses; c++)
      for(int f=0; f<InpFeatures; f++)
         a[c][f]=(TYPE)rnd.Symmetric(1.0);
   x=MATRIX::Zeros(InpTrainSamples,InpFeatures);
   y=MATRIX::Zeros(InpTrainSamples,InpClasses);
   for(int s=0; s<InpTrainSamples; s++)
     {
      if(IsStopped())
         return(false);
      for(int f=0; f<InpFeatures; f++)
         x[s][f]=(TYPE)rnd.Symmetric(1.0);
      int best=0;
      double best_score=-1e300;
      for(int c=0; c<InpClasses; c++)
        {
         double score=0.5*MathSin(3.0*x[s][c%InpFeatures])+x[s][(c+1)%InpFeatures]*x[s][(c+2)%InpFeatures];
         for(int f=0; f<InpFeatures; f++)
            score+=a[c][f]*x[s][f];
         if(score>best_score)
           {
            best_score=score;
            best=c;
           }
        }
      y[s][best]=1;
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Rows first .. first+InpBatch-1 of the data set                   |
//+------------------------------------------------------------------+
void Batch(MATRIX &data,const int first,MATRIX &batch)
  {
   batch=MATRIX::Zeros(InpBatch,data.Cols());
   for(int r=0; r<InpBatch; r++)
      batch.Row(data.Row(first+r),r);
  }
//+------------------------------------------------------------------+
//| Both networks' matrices after a forward pass (what = "forward":  |
//| each layer's output) or a backward pass ("backward": each        |
//| layer's output gradient and parameter gradients); the loss's     |
//| name in each check's name                                        |
//+------------------------------------------------------------------+
bool CompareNets(CNNNet *cpu,CNNNet *gpu,const string what,const string loss)
  {
   if(!gpu.Sync())
      return(Check(false,what+": the device's buffers read"));
   bool ok=true;
   for(int i=1; i<cpu.Total(); i++)
     {
      CNNLayer *layer_cl=gpu.Layer(i);
      CNNLayer *layer_cpu=cpu.Layer(i);
      string layer=StringFormat("(%s) layer %d %s",loss,i,layer_cpu.Name());
      if(what=="forward")
        {
         MATRIX oa=layer_cl.Output(),ob=layer_cpu.Output();
         if(!CheckClose(oa,ob,"forward "+layer+" output"))
            ok=false;
         continue;
        }
      MATRIX ga=layer_cl.Gradient(),gb=layer_cpu.Gradient();
      if(!CheckClose(ga,gb,"backward "+layer+" output gradient"))
         ok=false;
      for(int p=0; p<layer_cpu.Params(); p++)
        {
         string name;
         MATRIX va,vb,da,db;
         if(!layer_cl.Param(p,name,va,da) || !layer_cpu.Param(p,name,vb,db))
            return(Check(false,what+" "+layer+": parameter read"));
         if(!CheckClose(da,db,"backward "+layer+" "+name+" gradient"))
            ok=false;
        }
     }
   return(ok);
  }
//+------------------------------------------------------------------+
//| A matrix kept in a container                                      |
//+------------------------------------------------------------------+
class CNNMatrixBox : public CNNObject
  {
public:
   MATRIX            m_value;
                     CNNMatrixBox(MATRIX &value) { m_value=value; }
  };
//+------------------------------------------------------------------+
//| Every parameter matrix of the network, in order, into store      |
//+------------------------------------------------------------------+
bool Snapshot(CNNNet *net,CNNArray &store)
  {
   store.Clear();
   if(!net.Sync())
      return(false);
   for(int i=1; i<net.Total(); i++)
     {
      CNNLayer *layer=net.Layer(i);
      for(int p=0; p<layer.Params(); p++)
        {
         string name;
         MATRIX value,gradient;
         if(!layer.Param(p,name,value,gradient) || !store.Add(new CNNMatrixBox(value)))
            return(false);
        }
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| The CPU network's parameter gradients into the OpenCL network's  |
//+------------------------------------------------------------------+
bool CopyGradients(CNNNet *cpu,CNNNet *gpu)
  {
   for(int i=1; i<cpu.Total(); i++)
     {
      CNNLayer *layer_cl=gpu.Layer(i);
      CNNLayer *layer_cpu=cpu.Layer(i);
      for(int p=0; p<layer_cpu.Params(); p++)
        {
         string name;
         MATRIX value,gradient;
         if(!layer_cpu.Param(p,name,value,gradient) || !layer_cl.SetParamGradient(p,gradient))
            return(false);
        }
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| One step of the optimizer on both networks from the same (the    |
//| CPU's) gradients: Adam's first steps are about lr * sign(g), so  |
//| a gradient near 0 that differs in its last bits would move its   |
//| weight by a whole step. Each parameter's step (after - before) is|
//| compared, not the values, whose size would hide a wrong step.    |
//+------------------------------------------------------------------+
bool CheckUpdate(CNNNet *cpu,CNNNet *gpu,const int optimizer,const string optimizer_name)
  {
   CNNArray before_cpu,before_gpu;
   if(!CopyGradients(cpu,gpu) || !Snapshot(cpu,before_cpu) || !Snapshot(gpu,before_gpu) || !cpu.Update(optimizer,CHECK_LEARNING_RATE) ||
      !gpu.Update(optimizer,CHECK_LEARNING_RATE) || !gpu.Sync())
      return(Check(false,"update "+optimizer_name+": the step taken and read"));
   bool ok=true;
   int k=0;
   for(int i=1; i<cpu.Total(); i++)
     {
      CNNLayer *layer_cl=gpu.Layer(i);
      CNNLayer *layer_cpu=cpu.Layer(i);
      for(int p=0; p<layer_cpu.Params(); p++,k++)
        {
         string name;
         MATRIX va,vb,da,db;
         CNNMatrixBox *old_a=(CNNMatrixBox*)before_gpu.At(k);
         CNNMatrixBox *old_b=(CNNMatrixBox*)before_cpu.At(k);
         if(!layer_cl.Param(p,name,va,da) || !layer_cpu.Param(p,name,vb,db) || old_a==NULL || old_b==NULL)
            return(Check(false,"update "+optimizer_name+": parameter read"));
         MATRIX step_a=va-old_a.m_value,step_b=vb-old_b.m_value;
         if(!CheckClose(step_a,step_b,StringFormat("update %s layer %d %s %s step",optimizer_name,i,layer_cpu.Name(),name)))
            ok=false;
        }
     }
   return(ok);
  }
//+------------------------------------------------------------------+
//| 1. The OpenCL path against the CPU path on one batch, for a loss:|
//| outputs, loss, gradients and (updates) the optimizers' steps     |
//+------------------------------------------------------------------+
bool CheckPaths(CNNOpenCL *cl,MATRIX &x,MATRIX &y,const ENUM_LOSS_FUNCTION loss,const string loss_name,const bool updates)
  {
   CNNNet *cpu=NewNet(NULL,loss);
   CNNNet *gpu=NewNet(cl,loss);
   bool ok=(cpu!=NULL && gpu!=NULL);
   if(ok)
     {
      MATRIX bx,by;
      Batch(x,0,bx);
      Batch(y,0,by);
      ok=cpu.Forward(bx) && gpu.Forward(bx);
      ok=ok && CompareNets(cpu,gpu,"forward",loss_name);
      double loss_cpu=cpu.Loss(by),loss_gpu=gpu.Loss(by);
      MATRIX lc=MATRIX::Full(1,1,(TYPE)loss_cpu),lg=MATRIX::Full(1,1,(TYPE)loss_gpu);
      if(!CheckClose(lg,lc,StringFormat("(%s) loss %.6f (CPU %.6f)",loss_name,loss_gpu,loss_cpu)))
         ok=false;
      ok=ok && cpu.Backward(by) && gpu.Backward(by);
      ok=ok && CompareNets(cpu,gpu,"backward",loss_name);
      //--- one step of each optimizer, from the same gradients
      string names[3]={"sgd","momentum","adam"};
      for(int opt=NN_SGD; opt<=NN_ADAM && ok && updates; opt++)
         ok=CheckUpdate(cpu,gpu,opt,names[opt]);
     }
   if(cpu!=NULL)
      delete cpu;
   if(gpu!=NULL)
      delete gpu;
   return(ok);
  }
//+------------------------------------------------------------------+
//| The classifier's cross-entropy with the optimizers' steps, then  |
//| the mean squared error of the same network (its loss kernels)    |
//+------------------------------------------------------------------+
bool GradientCheck(CNNOpenCL *cl,MATRIX &x,MATRIX &y)
  {
   bool ok=CheckPaths(cl,x,y,LOSS_CCE,"cce",true);
   ok=CheckPaths(cl,x,y,LOSS_MSE,"mse",false) && ok;
   PrintFormat("gradient check (TYPE %s): %d matrices, largest rel = max|opencl - cpu| / max|cpu| %.3e, bound %.0e",
               typename(TYPE),g_checks,g_worst,GRADIENT_TOLERANCE);
   return(ok);
  }
//+------------------------------------------------------------------+
//| The mean loss over the data set, batch by batch (forward only)   |
//+------------------------------------------------------------------+
double DataLoss(CNNNet *net,MATRIX &x,MATRIX &y)
  {
   double sum=0;
   int batches=InpTrainSamples/InpBatch;
   for(int b=0; b<batches; b++)
     {
      MATRIX bx,by;
      Batch(x,b*InpBatch,bx);
      Batch(y,b*InpBatch,by);
      if(!net.Forward(bx))
         return(-1);
      double loss=net.Loss(by);
      if(loss<0)
         return(-1);
      sum+=loss;
     }
   return(sum/batches);
  }
//+------------------------------------------------------------------+
//| 2. Training on OpenCL; false when it failed or was stopped       |
//+------------------------------------------------------------------+
bool Train(CNNOpenCL *cl,MATRIX &x,MATRIX &y)
  {
   CNNNet *net=NewNet(cl,LOSS_CCE);
   if(net==NULL)
      return(false);
   int batches=InpTrainSamples/InpBatch;
   PrintFormat("training %s on %d samples, batch %d, %d epochs = %d steps, Adam lr %.4f",net.Describe(),
               InpTrainSamples,InpBatch,InpEpochs,InpEpochs*batches,InpLearningRate);
   double start=DataLoss(net,x,y);
   PrintFormat("loss at start: %.6f (mean cross-entropy over the data set)",start);
   bool ok=(start>=0);
   ulong t0=GetMicrosecondCount();
   int steps=0;
   for(int e=1; e<=InpEpochs && ok; e++)
     {
      for(int b=0; b<batches && ok; b++)
        {
         if(IsStopped())
           {
            PrintFormat("stopped by the user at epoch %d, step %d",e,steps);
            delete net;
            return(false);
           }
         MATRIX bx,by;
         Batch(x,b*InpBatch,bx);
         Batch(y,b*InpBatch,by);
         ok=net.Forward(bx) && net.Backward(by) && net.Update(NN_ADAM,InpLearningRate);
         steps++;
        }
      if(ok && (e%5==0 || e==InpEpochs))
        {
         double loss=DataLoss(net,x,y);
         ok=(loss>=0);
         PrintFormat("  epoch %3d | loss %.6f",e,loss);
        }
     }
   double seconds=(GetMicrosecondCount()-t0)/1e6;
   double end=ok ? DataLoss(net,x,y) : -1;
   delete net;
   if(!ok || end<0)
      return(Check(false,"training: "+g_mqlcl_cl_message));
   PrintFormat("loss at end: %.6f (mean cross-entropy over the data set)",end);
   PrintFormat("loss fell below %.2f: %s",LOSS_THRESHOLD,end<LOSS_THRESHOLD && end<start ? "OK" : "WRONG");
   PrintFormat("%d training steps in %.3f s: %.1f steps per second",steps,seconds,steps/MathMax(seconds,1e-6));
   return(Check(end<LOSS_THRESHOLD && end<start,StringFormat("training loss %.6f -> %.6f below %.2f",start,end,LOSS_THRESHOLD)));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   string prefix=StringFormat("neural_net (TYPE %s)",typename(TYPE));
   if(InpTrainSamples<InpBatch || InpTrainSamples%InpBatch!=0 || InpFeatures<1 || InpClasses<2 || InpHidden<1)
     {
      Print(prefix,": InpTrainSamples must be a multiple of InpBatch; InpFeatures >= 1, InpClasses >= 2, InpHidden >= 1");
      return;
     }
   MATRIX x,y;
   if(!MakeData(x,y))
     {
      Print("stopped by the user while the data set was made");
      return;
     }
   CNNOpenCL cl;
   if(!cl.Create(InpDevice,cl_neural_net))
     {
      Print(prefix,": no OpenCL context with the kernels on device ",InpDevice,": ",g_mqlcl_cl_message);
      return;
     }
   PrintFormat("%s on %s: %d kernels, %d features, %d classes, %d hidden, batch %d",prefix,cl.DeviceName(),K_TOTAL,
               InpFeatures,InpClasses,InpHidden,InpBatch);
   GradientCheck(GetPointer(cl),x,y);
   if(IsStopped())
     {
      Print("stopped by the user after the gradient check");
      return;
     }
   if(!Train(GetPointer(cl),x,y) && IsStopped())
      return;
   Check(cl.BuffersUsed()==0,"every buffer freed with its network");
   PrintFormat("checks: %d",g_checks);
   PrintFormat("neural_net: %d wrong",g_wrong);
  }
//+------------------------------------------------------------------+
