//+------------------------------------------------------------------+
//| tensor_stages.mq5                                                |
//| The SGEMM kernels that are matmul stages, as the library's GEMM  |
//| kernel table lists them (mqlcl_gemm_kernel_*): stage 10 (tuned   |
//| FP32) and the tensor-core stages 30 (TF32), 31 (3xTF32), 32      |
//| (FP16, scaled), 33 (3xFP16). Which stage the library offers as   |
//| the fastest of each precision class on this device, then each    |
//| stage where it can run, its time, and its largest error against  |
//| a CPU double product on sampled elements; where a stage cannot   |
//| run, the library's reason.                                       |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpDevice=-1;         // OpenCL device (-1: the best, a GPU first)
input int InpRows1=2000;       // rows of A and C
input int InpColsRows=2000;    // columns of A, rows of B
input int InpCols2=2000;       // columns of B and C
input int InpSamples=64;       // elements of C checked against a CPU double product
//+------------------------------------------------------------------+
//| Runs one kernel's stage on the uploaded A and B; prints its row. |
//+------------------------------------------------------------------+
bool RunTensorStage(CMqlcl &cl,const int kernel,const int stage,const float &a[],const float &b[])
  {
   string name=MqlclGemmKernelName(kernel);
   int available=mqlcl_stage_available(InpDevice,stage);
   if(available<0)
     {
      Print("mqlcl_stage_available: "+MqlclErrorText(0));
      return(false);
     }
   if(available==0)
     {
      Print(StringFormat("  %2d %-22s | not available: %s",stage,name,MqlclErrorText(0)));
      return(true);
     }
   float c[];
   if(ScriptStopped("before stage "+i2s(stage)) || !cl.Matmul(stage,InpRows1,InpColsRows,InpCols2) ||
      cl.Read(MQLCL_SLOT_C,c,InpRows1*InpCols2)<0)
      return(false);
//--- largest |c - ref| over the sampled elements, relative to the largest |ref| among them
   double max_err=0,max_ref=0;
   for(int i=0; i<InpSamples; i++)
     {
      int r=GenRnd(InpRows1),col=GenRnd(InpCols2);
      double s=0;
      for(int k=0; k<InpColsRows; k++)
         s+=(double)a[r*InpColsRows+k]*b[k*InpCols2+col];
      double err=MathAbs(c[r*InpCols2+col]-s);
      if(!(err<=1e300))
         err=1e300;      // NaN (an element never written) compares false: counted as the worst
      if(err>max_err)
         max_err=err;
      if(MathAbs(s)>max_ref)
         max_ref=MathAbs(s);
     }
   double rel=max_ref>0 ? max_err/max_ref : max_err;
//--- TF32 and FP16 inputs keep 10 mantissa bits; FP32 and the split kernels are held to FP32's accuracy
   long precision=mqlcl_gemm_kernel_info(kernel,MQLCL_GEMM_KERNEL_INFO_PRECISION);
   double bound=precision==MQLCL_PRECISION_TF32 ? 5e-3 : 1e-5;
   double ms=cl.KernelMs();
   double flops=2.0*InpRows1*(double)InpColsRows*InpCols2;
   Print(StringFormat("  %2d %-22s | %10.3f ms %10.2f GFLOP/s | convert %8.3f ms | error %.1e of max|ref| (%d sampled) | %s",
                      stage,name,ms,ms>0 ? flops/(ms*1e6) : 0.0,cl.ConvertMs(),rel,InpSamples,
                      rel<=bound ? "OK" : "WRONG (bound "+DoubleToString(bound,6)+")"));
   return(true);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   MathSrand(GetTickCount());
   int best_fp32=mqlcl_stage_best(InpDevice,MQLCL_PRECISION_FP32);
   int best_tf32=mqlcl_stage_best(InpDevice,MQLCL_PRECISION_TF32);
   if(best_fp32<0 || best_tf32<0)
     {
      Print("mqlcl_stage_best: "+MqlclErrorText(0));
      return;
     }
   Print("tensor stages on "+MqlclDeviceText(InpDevice,MQLCL_TEXT_NAME)+": fastest FP32-accurate stage "+i2s(best_fp32)+
         " ("+MqlclStageName(best_fp32)+"), fastest with TF32 accepted "+i2s(best_tf32)+" ("+MqlclStageName(best_tf32)+")");
   CMqlcl cl;
   if(!cl.Create(InpDevice))
      return;
   float a[],b[];
   if(!GenMatrix(a,InpRows1*InpColsRows) || !GenMatrix(b,InpColsRows*InpCols2) ||
      !cl.Upload(MQLCL_SLOT_A,a) || !cl.Upload(MQLCL_SLOT_B,b))
      return;
   Print("C = A * B: ROWS1 = "+i2s(InpRows1)+"; COLSROWS = "+i2s(InpColsRows)+"; COLS2 = "+i2s(InpCols2));
//--- every kernel of mqlcl_sgemm (4-byte elements) whose code is a matmul stage, in the table's order
   int count=mqlcl_gemm_kernel_count();
   for(int i=0; i<count; i++)
     {
      int kernel=mqlcl_gemm_kernel_at(i);
      long stage=kernel<0 ? kernel : mqlcl_gemm_kernel_info(kernel,MQLCL_GEMM_KERNEL_INFO_STAGE);
      long bytes=kernel<0 ? kernel : mqlcl_gemm_kernel_info(kernel,MQLCL_GEMM_KERNEL_INFO_ELEMENT_BYTES);
      if(stage<0 || bytes<0)
        {
         Print("mqlcl_gemm_kernel_*: "+MqlclErrorText(0));
         return;
        }
      if(stage==0 || bytes!=4)
         continue;
      if(!RunTensorStage(cl,kernel,(int)stage,a,b))
         return;
     }
  }
//+------------------------------------------------------------------+
