//+------------------------------------------------------------------+
//| nn_opencl.mqh: the network's OpenCL context, program, kernels    |
//| and buffers, a class derived from the standard library's COpenCL |
//| (here mqlcl's, one include changed) that works on its protected  |
//| members: the buffer slots m_buffers[] / m_buffers_total are      |
//| handed out one at a time and written and read as matrices;       |
//| m_context, m_program, m_kernels[] are read directly.             |
//+------------------------------------------------------------------+
#ifndef NN_OPENCL_MQH
#define NN_OPENCL_MQH

#include <mqlcl/OpenCL.mqh>

//--- the kernels of neural_net.cl, by index
#define K_DENSE_FORWARD        0
#define K_DENSE_INPUT_GRADIENT 1
#define K_DENSE_WEIGHT_GRADIENT 2
#define K_SUM_COLUMNS          3
#define K_TANH_FORWARD         4
#define K_TANH_BACKWARD        5
#define K_SIGMOID_FORWARD      6
#define K_SIGMOID_BACKWARD     7
#define K_RELU_FORWARD         8
#define K_RELU_BACKWARD        9
#define K_NORM_FORWARD         10
#define K_NORM_BACKWARD        11
#define K_NORM_PARAM_GRADIENT  12
#define K_SOFTMAX_FORWARD      13
#define K_SOFTMAX_BACKWARD     14
#define K_CCE_LOSS             15
#define K_CCE_GRADIENT         16
#define K_MSE_LOSS             17
#define K_MSE_GRADIENT         18
#define K_REDUCE_SUM           19
#define K_UPDATE_SGD           20
#define K_UPDATE_MOMENTUM      21
#define K_UPDATE_ADAM          22
#define K_COPY_BUFFER          23
#define K_FILL_BUFFER          24
#define K_TOTAL                25
//--- buffer slots made at once (SetBuffersCount empties every slot, so it is called once)
#define NN_BUFFER_SLOTS        256
//--- work-items of the one work-group of reduce_sum (a power of two)
#define NN_REDUCE_GROUP        64

//+------------------------------------------------------------------+
class CNNOpenCL : public COpenCL
  {
protected:
   string            m_device_name;
   int               m_reduce_group;

public:
                     CNNOpenCL(void) : m_device_name(""),m_reduce_group(NN_REDUCE_GROUP) {}
   bool              Create(const int device,const string source);
   string            DeviceName(void) const { return(m_device_name); }
   int               AddBuffer(MATRIX &data);
   bool              Write(const int index,MATRIX &data);
   bool              Read(const int index,MATRIX &data);
   bool              Free(const int index);
   int               BuffersUsed(void) const;
   bool              Run(const int kernel,const int size0,const int size1=0);
   bool              RunReduce(const int data_index,const int result_index,const int count);
  };
//+------------------------------------------------------------------+
//| The context on device (mqlcl's numbering), or for -1 a GPU with  |
//| double support, else the CPU, as programs of TYPE double ask;    |
//| the program with TYPE defined for the kernels; every kernel.     |
//+------------------------------------------------------------------+
bool CNNOpenCL::Create(const int device,const string source)
  {
   bool ok;
   if(device>=0)
      ok=ContextCreate(device);
   else
     {
      ok=ContextCreate(CL_USE_GPU_DOUBLE_ONLY);
      if(!ok)
         ok=ContextCreate(CL_USE_CPU_ONLY);
     }
   if(!ok)
      return(false);
   CLGetInfoString(m_context,CL_DEVICE_NAME,m_device_name);
   bool is_double=(sizeof(TYPE)==sizeof(double));
   if(is_double && !m_support_cl_khr_fp64)
     {
      PrintFormat("%s: %s has no cl_khr_fp64 (%s)",__FUNCTION__,m_device_name,m_device_extensions);
      return(false);
     }
   string program=(is_double ? "#define NN_DOUBLE\r\n" : "")+source;
   if(!ProgramCreate(program) || m_program==INVALID_HANDLE)
      return(false);
   string names[K_TOTAL]=
     {
      "dense_forward","dense_input_gradient","dense_weight_gradient","sum_columns",
      "tanh_forward","tanh_backward","sigmoid_forward","sigmoid_backward","relu_forward","relu_backward",
      "norm_forward","norm_backward","norm_param_gradient","softmax_forward","softmax_backward",
      "cce_loss","cce_gradient","mse_loss","mse_gradient","reduce_sum",
      "update_sgd","update_momentum","update_adam","copy_buffer","fill_buffer"
     };
   if(!SetKernelsCount(K_TOTAL))
      return(false);
   for(int k=0; k<K_TOTAL; k++)
      if(!KernelCreate(k,names[k]))
        {
         PrintFormat("%s: kernel %s not created, error %d",__FUNCTION__,names[k],GetLastError());
         return(false);
        }
   //--- the reduction's group within what the kernel allows on this device
   long allowed=CLGetInfoInteger(m_kernels[K_REDUCE_SUM],CL_KERNEL_WORK_GROUP_SIZE);
   while(m_reduce_group>1 && m_reduce_group>allowed)
      m_reduce_group/=2;
   return(SetBuffersCount(NN_BUFFER_SLOTS));
  }
//+------------------------------------------------------------------+
//| A free slot given a buffer of the matrix's size, its elements    |
//| written; the slot's index, -1 when none is free or it failed.    |
//+------------------------------------------------------------------+
int CNNOpenCL::AddBuffer(MATRIX &data)
  {
   for(int i=0; i<m_buffers_total; i++)
      if(m_buffers[i]==INVALID_HANDLE)
        {
         if(!BufferFromMatrix(i,data,CL_MEM_READ_WRITE))
           {
            PrintFormat("%s: %d x %d elements, error %d",__FUNCTION__,(int)data.Rows(),(int)data.Cols(),GetLastError());
            return(-1);
           }
         return(i);
        }
   return(-1);
  }
//+------------------------------------------------------------------+
bool CNNOpenCL::Write(const int index,MATRIX &data)
  {
   if(index<0 || index>=m_buffers_total || m_buffers[index]==INVALID_HANDLE)
      return(false);
   //--- the matrix form returns true or false (not a count, unlike the array form)
   return(CLBufferWrite(m_buffers[index],0,data)!=0);
  }
//+------------------------------------------------------------------+
//| The buffer into data, keeping data's shape                       |
//+------------------------------------------------------------------+
bool CNNOpenCL::Read(const int index,MATRIX &data)
  {
   return(BufferToMatrix(index,data,data.Rows(),data.Cols()));
  }
//+------------------------------------------------------------------+
bool CNNOpenCL::Free(const int index)
  {
   return(BufferFree(index));
  }
//+------------------------------------------------------------------+
int CNNOpenCL::BuffersUsed(void) const
  {
   int used=0;
   for(int i=0; i<m_buffers_total; i++)
      if(m_buffers[i]!=INVALID_HANDLE)
         used++;
   return(used);
  }
//+------------------------------------------------------------------+
//| A kernel over size0 (x size1 where size1 > 0) work-items; the    |
//| arguments are set by the caller.                                  |
//+------------------------------------------------------------------+
bool CNNOpenCL::Run(const int kernel,const int size0,const int size1=0)
  {
   if(kernel<0 || kernel>=m_kernels_total || m_kernels[kernel]==INVALID_HANDLE)
      return(false);
   uint offset[2]={0,0};
   uint size[2];
   size[0]=(uint)size0;
   size[1]=(uint)MathMax(size1,1);
   if(!Execute(kernel,size1>0 ? 2 : 1,offset,size))
     {
      PrintFormat("%s: kernel %s not run, error %d",__FUNCTION__,GetKernelName(kernel),GetLastError());
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| The sum of count values of one buffer into the first element of  |
//| another: one work-group, its partial sums in local memory.       |
//+------------------------------------------------------------------+
bool CNNOpenCL::RunReduce(const int data_index,const int result_index,const int count)
  {
   uint offset[1]={0};
   uint size[1];
   size[0]=(uint)m_reduce_group;
   if(!SetArgumentBuffer(K_REDUCE_SUM,0,data_index) || !SetArgumentBuffer(K_REDUCE_SUM,1,result_index) ||
      !SetArgument(K_REDUCE_SUM,2,count) || !SetArgumentLocalMemory(K_REDUCE_SUM,3,m_reduce_group*sizeof(TYPE)))
      return(false);
   if(!Execute(K_REDUCE_SUM,1,offset,size,size))
     {
      PrintFormat("%s: reduce_sum not run, error %d",__FUNCTION__,GetLastError());
      return(false);
     }
   return(true);
  }
#endif
//+------------------------------------------------------------------+
