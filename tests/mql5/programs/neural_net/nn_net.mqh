//+------------------------------------------------------------------+
//| nn_net.mqh: the network: its layers in a container, the forward  |
//| pass, the backward pass from the loss, the optimizer's step and  |
//| the loss, on the CPU or on an OpenCL context.                    |
//+------------------------------------------------------------------+
#ifndef NN_NET_MQH
#define NN_NET_MQH

#include "nn_layers.mqh"

class CNNNet : public CNNObject
  {
protected:
   CNNArray          m_layers;
   CNNOpenCL        *m_cl;
   ENUM_LOSS_FUNCTION m_loss;
   int               m_rows;
   int               m_step;            // optimizer steps taken (Adam's bias correction)
   MATRIX            m_loss_rows;       // rows x 1: each sample's loss (device)
   MATRIX            m_loss_sum;        // 1 x 1
   int               m_target_buf,m_loss_rows_buf,m_loss_sum_buf;

   bool              OnDevice(void) const { return(CheckPointer(m_cl)!=POINTER_INVALID); }
   bool              WriteTarget(MATRIX &target);

public:
                     CNNNet(void) : m_cl(NULL),m_loss(LOSS_CCE),m_rows(0),m_step(0),m_target_buf(-1),
                                    m_loss_rows_buf(-1),m_loss_sum_buf(-1) {}
                    ~CNNNet(void);
   bool              Add(CNNLayer *layer) { return(m_layers.Add(layer)); }
   int               Total(void) const { return(m_layers.Total()); }
   CNNLayer         *Layer(const int index) const { return((CNNLayer*)m_layers.At(index)); }
   bool              Build(const int rows,CNNOpenCL *cl,const uint seed,const ENUM_LOSS_FUNCTION loss);
   bool              Forward(MATRIX &x);
   bool              Backward(MATRIX &target);
   bool              Update(const int optimizer,const double lr);
   double            Loss(MATRIX &target);
   bool              Sync(void);
   string            Describe(void) const;
  };
//+------------------------------------------------------------------+
//| The layers first (they free their buffers through the context),  |
//| then the network's own buffers.                                  |
//+------------------------------------------------------------------+
CNNNet::~CNNNet(void)
  {
   m_layers.Clear();
   if(OnDevice())
     {
      m_cl.Free(m_target_buf);
      m_cl.Free(m_loss_rows_buf);
      m_cl.Free(m_loss_sum_buf);
     }
  }
//+------------------------------------------------------------------+
//| Layer 0 must be the input layer; each layer is sized from the    |
//| one before it; seed gives the initial weights.                   |
//+------------------------------------------------------------------+
bool CNNNet::Build(const int rows,CNNOpenCL *cl,const uint seed,const ENUM_LOSS_FUNCTION loss)
  {
   if(m_layers.Total()<2 || Layer(0).Type()!=NN_TYPE_INPUT)
      return(false);
   m_cl=cl;
   m_rows=rows;
   m_loss=loss;
   CNNRandom rnd;
   rnd.Seed(seed);
   int inputs=Layer(0).Units();
   for(int i=0; i<m_layers.Total(); i++)
     {
      CNNLayer *layer=Layer(i);
      if(CheckPointer(layer)==POINTER_INVALID || !layer.Init(rows,inputs,cl,rnd))
         return(false);
      inputs=layer.Units();
     }
   if(!OnDevice())
      return(true);
   MATRIX target=MATRIX::Zeros(rows,inputs);
   m_loss_rows=MATRIX::Zeros(rows,1);
   m_loss_sum=MATRIX::Zeros(1,1);
   m_target_buf=m_cl.AddBuffer(target);
   m_loss_rows_buf=m_cl.AddBuffer(m_loss_rows);
   m_loss_sum_buf=m_cl.AddBuffer(m_loss_sum);
   return(m_target_buf>=0 && m_loss_rows_buf>=0 && m_loss_sum_buf>=0);
  }
//+------------------------------------------------------------------+
bool CNNNet::Forward(MATRIX &x)
  {
   CNNInput *first=(CNNInput*)m_layers.At(0);
   if(!first.SetInputs(x))
      return(false);
   for(int i=1; i<m_layers.Total(); i++)
      if(!Layer(i).FeedForward(Layer(i-1)))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
bool CNNNet::WriteTarget(MATRIX &target)
  {
   return(!OnDevice() || m_cl.Write(m_target_buf,target));
  }
//+------------------------------------------------------------------+
//| The loss's gradients of every layer's output and parameters,     |
//| from the last layer back to the input                            |
//+------------------------------------------------------------------+
bool CNNNet::Backward(MATRIX &target)
  {
   int last=m_layers.Total()-1;
   if(!WriteTarget(target) || !Layer(last).CalcOutputGradient(target,m_target_buf,m_loss))
      return(false);
   for(int i=last; i>0; i--)
     {
      CNNLayer *layer=Layer(i);
      if(!layer.CalcParamGradient(Layer(i-1)) || !layer.CalcHiddenGradient(Layer(i-1)))
         return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CNNNet::Update(const int optimizer,const double lr)
  {
   m_step++;
   for(int i=1; i<m_layers.Total(); i++)
      if(!Layer(i).UpdateWeights(optimizer,lr,m_step))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| The batch's mean loss after Forward: each sample's loss by the   |
//| vector method Loss on the CPU; by a kernel, then the sum by a    |
//| reduction on the device (one value read back).                    |
//+------------------------------------------------------------------+
double CNNNet::Loss(MATRIX &target)
  {
   CNNLayer *last=Layer(m_layers.Total()-1);
   if(!OnDevice())
     {
      MATRIX y=last.Output();
      double sum=0;
      for(int r=0; r<m_rows; r++)
        {
         VECTOR row=y.Row(r);
         VECTOR expected=target.Row(r);
         sum+=row.Loss(expected,m_loss);
        }
      return(sum/m_rows);
     }
   int kernel=(m_loss==LOSS_CCE ? K_CCE_LOSS : K_MSE_LOSS);
   if(!WriteTarget(target) || !m_cl.SetArgumentBuffer(kernel,0,last.OutputBuffer()) ||
      !m_cl.SetArgumentBuffer(kernel,1,m_target_buf) || !m_cl.SetArgumentBuffer(kernel,2,m_loss_rows_buf) ||
      !m_cl.SetArgument(kernel,3,last.Units()) || !m_cl.Run(kernel,m_rows) ||
      !m_cl.RunReduce(m_loss_rows_buf,m_loss_sum_buf,m_rows) || !m_cl.Read(m_loss_sum_buf,m_loss_sum))
      return(-1);
   return(m_loss_sum[0][0]/m_rows);
  }
//+------------------------------------------------------------------+
bool CNNNet::Sync(void)
  {
   for(int i=0; i<m_layers.Total(); i++)
      if(!Layer(i).Sync())
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| "4-dense16-norm-tanh-...": the layers and their widths            |
//+------------------------------------------------------------------+
string CNNNet::Describe(void) const
  {
   string text=IntegerToString(Layer(0).Units());
   for(int i=1; i<m_layers.Total(); i++)
     {
      CNNLayer *layer=Layer(i);
      text+="-"+layer.Name();
      if(layer.Type()==NN_TYPE_DENSE)
         text+=IntegerToString(layer.Units());
     }
   return(text);
  }
#endif
//+------------------------------------------------------------------+
