//+------------------------------------------------------------------+
//| gemm_matrix.mq5                                                  |
//| C = A*B on MQL5 matrices two ways: MQL5's own A.MatMul(B) on the |
//| CPU and CMqlcl::Sgemm / Dgemm through mqlcl.dll (one call: the   |
//| matrices go to the device and C comes back). For each precision  |
//| the best time of each over the repeats, the GPU time split into  |
//| kernel, layout work, upload, download, and the largest difference|
//| against MatMul, checked against a bound of the arithmetic, and   |
//| the GEMM kernel that computed it: the planner's, or the one      |
//| InpFp64Kernel pins for the double product (42: FP64 accuracy     |
//| from INT8 tensor cores, the Ozaki scheme, where FP64 is slow).   |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

enum ENUM_GEMM_PRECISION
  {
   GEMM_PRECISION_ALL=0,    // all three
   GEMM_PRECISION_EXACT=1,  // matrixf, exact FP32
   GEMM_PRECISION_FAST=2,   // matrixf, TF32 where the device has tensor cores
   GEMM_PRECISION_FP64=3    // matrix (double), FP64
  };

input int                 InpDevice=-1;                   // OpenCL device (-1: the best, a GPU first)
input int                 InpM=2000;                      // rows of A and C
input int                 InpN=2000;                      // columns of B and C
input int                 InpK=2000;                      // columns of A, rows of B
input ENUM_GEMM_PRECISION InpPrecision=GEMM_PRECISION_ALL; // precision
input int                 InpRepeats=3;                   // runs of each product (the best time is printed)
input int                 InpFp64Kernel=0;                // the double product's GEMM kernel (0: the planner's; 40, 41, 42)
//+------------------------------------------------------------------+
//| The DLL's product for each element type                          |
//+------------------------------------------------------------------+
bool Gemm(CMqlcl &cl,matrixf &c,const matrixf &a,const matrixf &b,const int flags)
  { return(cl.Sgemm(c,a,b,1.0f,0.0f,flags)); }
bool Gemm(CMqlcl &cl,matrix &c,const matrix &a,const matrix &b,const int flags)
  { return(cl.Dgemm(c,a,b,1.0,0.0,flags)); }
//+------------------------------------------------------------------+
template<typename M>
double MaxAbs(const M &x)
  {
   double v=0;
   for(ulong i=0; i<x.Rows(); i++)
      for(ulong j=0; j<x.Cols(); j++)
         v=MathMax(v,MathAbs((double)x[i][j]));
   return(v);
  }
//+------------------------------------------------------------------+
//| One precision: MatMul and the DLL, InpRepeats times each; one    |
//| row. unit: the rounding unit of the arithmetic (what each        |
//| product's inputs are rounded to added as input_unit). The bound  |
//| of |GPU - CPU| is that of two sums of K products of magnitude    |
//| <= max|A| max|B|, each accumulated with error <= K unit.         |
//+------------------------------------------------------------------+
template<typename M>
bool RunPrecision(CMqlcl &cl,const string label,const M &a,const M &b,const int flags,
                  const double unit,const double input_unit)
  {
   M cpu,gpu;
   double cpu_ms=-1,gpu_ms=-1,first_ms=0,kernel=0,layout=0,upload=0,download=0;
   int panels=0,product=0;
   for(int r=0; r<InpRepeats; r++)
     {
      if(ScriptStopped("before the "+label+" products"))
         return(false);
      ulong t0=GetMicrosecondCount();
      cpu=a.MatMul(b);
      double ms=(GetMicrosecondCount()-t0)/1000.0;
      if(cpu_ms<0 || ms<cpu_ms)
         cpu_ms=ms;
      t0=GetMicrosecondCount();
      if(!Gemm(cl,gpu,a,b,flags))
         return(false);
      ms=(GetMicrosecondCount()-t0)/1000.0;
      if(r==0)
         first_ms=ms;
      if(gpu_ms<0 || ms<gpu_ms)
        {
         gpu_ms=ms;
         kernel=cl.KernelMs();
         layout=cl.ConvertMs();
         upload=cl.UploadMs();
         download=cl.DownloadMs();
         panels=cl.Panels();
         product=cl.Product();
        }
     }
   if(ScriptStopped("before the "+label+" check"))
      return(false);
   double max_diff=0;
   for(ulong i=0; i<cpu.Rows(); i++)
      for(ulong j=0; j<cpu.Cols(); j++)
        {
         double d=MathAbs((double)gpu[i][j]-(double)cpu[i][j]);
         if(!(d<=1e300))
            d=1e300;     // NaN (an element never written) compares false: counted as the worst
         max_diff=MathMax(max_diff,d);
        }
   double max_ref=MaxAbs(cpu);
   double bound=InpK*MaxAbs(a)*MaxAbs(b)*(2.0*InpK*unit+input_unit);
   Print(StringFormat("  %-18s | MatMul %10.3f ms | mqlcl %10.3f ms (first %9.3f; kernel %.3f, layout %.3f, "+
                      "upload %.3f, download %.3f, panels %d, kernel %d %s) | max |diff| %.2e, relative %.2e (bound %.2e) | %s",label,cpu_ms,gpu_ms,first_ms,kernel,layout,upload,download,panels,product,
                      MqlclGemmKernelName(product),max_diff,
                      max_ref>0 ? max_diff/max_ref : max_diff,bound,max_diff<=bound ? "OK" : "WRONG"));
   return(true);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   if(InpM<1 || InpN<1 || InpK<1 || InpRepeats<1)
     {
      Print("M, N, K and the repeats must be at least 1");
      return;
     }
   Print("GEMM on "+MqlclDeviceText(InpDevice,MQLCL_TEXT_NAME)+": C (M x N) = A (M x K) * B (K x N); M = "+i2s(InpM)+
         "; N = "+i2s(InpN)+"; K = "+i2s(InpK)+"; best of "+i2s(InpRepeats)+" runs");
   CMqlcl cl;
   if(!cl.Create(InpDevice))
      return;
   double fp32=1.0/16777216.0,fp64=fp32/536870912.0;  // 2^-24, 2^-53
   if(InpPrecision!=GEMM_PRECISION_FP64)
     {
      matrixf a(InpM,InpK),b(InpK,InpN);
      a.Random(-0.5f,0.5f);
      if(ScriptStopped("while filling A"))
         return;
      b.Random(-0.5f,0.5f);
      //--- exact FP32 on tensor cores (3xTF32) rounds each input to 22 bits: 8 units more
      if(InpPrecision!=GEMM_PRECISION_FAST && !RunPrecision(cl,"exact FP32 matrixf",a,b,MQLCL_GEMM_EXACT,fp32,16*fp32))
         return;
      //--- TF32 rounds each input to 11 bits
      if(InpPrecision!=GEMM_PRECISION_EXACT && !RunPrecision(cl,"fast TF32 matrixf",a,b,MQLCL_GEMM_FAST,fp32,1.0/512))
         return;
     }
   if(InpPrecision==GEMM_PRECISION_ALL || InpPrecision==GEMM_PRECISION_FP64)
     {
      if(mqlcl_device_info(InpDevice,MQLCL_INFO_DOUBLE_SUPPORT)!=1)
        {
         Print("  FP64 matrix        | not available: the device has no FP64 arithmetic (cl_khr_fp64)");
         return;
        }
      matrix a(InpM,InpK),b(InpK,InpN);
      a.Random(-0.5,0.5);
      if(ScriptStopped("while filling A"))
         return;
      b.Random(-0.5,0.5);
      if(InpFp64Kernel!=0 && !cl.Pin(MQLCL_GEMM_FP64,InpFp64Kernel))
        {
         Print("  FP64 matrix        | not available: kernel "+i2s(InpFp64Kernel)+" cannot be pinned: "+cl.LastError());
         return;
        }
      RunPrecision(cl,"FP64 matrix",a,b,MQLCL_GEMM_FP64,fp64,16*fp64);
     }
  }
//+------------------------------------------------------------------+
