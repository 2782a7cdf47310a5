//+------------------------------------------------------------------+
//| opencl_sort_fft.mq5                                              |
//| Two programs in the standard library's COpenCL style, on mqlcl:  |
//| a bitonic sort (its kernel a #resource, one launch per merge      |
//| step, its (k, j) set by SetArgument) against ArraySort, and a     |
//| radix-2 FFT (one launch per                                       |
//| stage, ping-pong buffers) against a DFT in double, in float and,  |
//| where the device has it, in double.                               |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/OpenCL.mqh>

input int InpSortLog2=10;      // 2^n keys
input int InpFftLog2=8;        // 2^n points

// The sort kernel as a file beside the script, embedded as MQL5 programs embed theirs.
#resource "kernels\\bitonic_sort.cl" as string cl_sort

// One Stockham radix-2 stage: n/2 butterflies; span = 2^stage; complex numbers interleaved.
const string cl_fft=
   "#ifdef USE_DOUBLE\r\n"
   "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\r\n"
   "typedef double real;\r\n"
   "#else\r\n"
   "typedef float real;\r\n"
   "#endif\r\n"
   "__kernel void fft_stage(__global const real* in, __global real* out, const int n, const int span) {\r\n"
   "  const int t = get_global_id(0);\r\n"
   "  const int k = t % span, base = t - k;\r\n"
   "  const real angle = -2 * M_PI * (real)k / (real)(2 * span);\r\n"
   "  const real wr = cos(angle), wi = sin(angle);\r\n"
   "  const real ar = in[2 * t], ai = in[2 * t + 1];\r\n"
   "  const real br0 = in[2 * (t + n / 2)], bi0 = in[2 * (t + n / 2) + 1];\r\n"
   "  const real br = br0 * wr - bi0 * wi, bi = br0 * wi + bi0 * wr;\r\n"
   "  const int o = 2 * base + k;\r\n"
   "  out[2 * o] = ar + br;          out[2 * o + 1] = ai + bi;\r\n"
   "  out[2 * (o + span)] = ar - br; out[2 * (o + span) + 1] = ai - bi;\r\n"
   "}\r\n";

int failures=0;
//+------------------------------------------------------------------+
void Check(const bool ok,const string what)
  {
   if(!ok)
      failures++;
   Print((ok ? "OK     " : "WRONG  ")+what+(ok ? "" : " -- "+g_mqlcl_cl_message));
  }
//+------------------------------------------------------------------+
void Sort()
  {
   int n=1<<InpSortLog2;
   COpenCL cl;
   if(!cl.Initialize(cl_sort,true) || !cl.SetKernelsCount(1) || !cl.KernelCreate(0,"bitonic_step") || !cl.SetBuffersCount(1))
     {
      Check(false,"bitonic sort: set up");
      return;
     }
   float keys[],want[];
   ArrayResize(keys,n);
   MathSrand(3);
   for(int i=0; i<n; i++)
      keys[i]=(float)(MathRand()-16384)*0.25f;
   ArrayCopy(want,keys);
   ArraySort(want);
   bool ok=cl.BufferFromArray(0,keys,0,n,CL_MEM_READ_WRITE) && cl.SetArgumentBuffer(0,0,0);
   uint offset[1]={0},work[1];
   work[0]=n;
   int launches=0;
   for(int k=2; k<=n && ok; k<<=1)
      for(int j=k>>1; j>0 && ok; j>>=1)
        {
         ok=cl.SetArgument(0,1,k) && cl.SetArgument(0,2,j) && cl.Execute(0,1,offset,work);
         launches++;
        }
   ok=ok && cl.BufferRead(0,keys,0,0,n);
   int bad=0;
   for(int i=0; i<n; i++)
      if(keys[i]!=want[i])
         bad++;
   Check(ok && bad==0,"bitonic sort of "+IntegerToString(n)+" keys in "+IntegerToString(launches)+
         " launches equals ArraySort ("+IntegerToString(bad)+" wrong)");
  }
//+------------------------------------------------------------------+
//| The FFT of x (interleaved complex) in float or double on the     |
//| device, against a DFT in double on the host.                     |
//+------------------------------------------------------------------+
template<typename T>
void Fft(const bool use_double,const double tolerance)
  {
   int n=1<<InpFftLog2;
   COpenCL cl;
   string program=(use_double ? "#define USE_DOUBLE\r\n" : "")+cl_fft;
   if(!cl.Initialize(program,true) || !cl.SetKernelsCount(1) || !cl.KernelCreate(0,"fft_stage") || !cl.SetBuffersCount(2))
     {
      Check(false,"FFT set up");
      return;
     }
   T x[],y[];
   ArrayResize(x,2*n);
   MathSrand(9);
   for(int i=0; i<2*n; i++)
      x[i]=(T)(MathRand()/32767.0-0.5);
   bool ok=cl.BufferFromArray(0,x,0,2*n,CL_MEM_READ_WRITE) && cl.BufferCreate(1,2*n*sizeof(T),CL_MEM_READ_WRITE) &&
           cl.SetArgument(0,2,n);
   uint offset[1]={0},work[1];
   work[0]=n/2;
   int from=0;
   for(int span=1; span<n && ok; span<<=1)
     {
      ok=cl.SetArgumentBuffer(0,0,from) && cl.SetArgumentBuffer(0,1,1-from) && cl.SetArgument(0,3,span) &&
         cl.Execute(0,1,offset,work);
      from=1-from;
     }
   ok=ok && cl.BufferRead(from,y,0,0,2*n);
   double worst=0,norm=0;
   for(int k=0; k<n && ok; k++)
     {
      double re=0,im=0;
      for(int t=0; t<n; t++)
        {
         double angle=-2.0*M_PI*(double)(((long)k*t)%n)/n;
         re+=x[2*t]*MathCos(angle)-x[2*t+1]*MathSin(angle);
         im+=x[2*t]*MathSin(angle)+x[2*t+1]*MathCos(angle);
        }
      worst=MathMax(worst,MathMax(MathAbs(y[2*k]-re),MathAbs(y[2*k+1]-im)));
      norm=MathMax(norm,MathMax(MathAbs(re),MathAbs(im)));
     }
   Check(ok && worst<=tolerance*norm,(use_double ? "double" : "float")+" FFT of "+IntegerToString(n)+
         " points against a double DFT: largest error "+DoubleToString(norm>0 ? worst/norm : 0,12)+" of the largest value");
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   Sort();
   Fft<float>(false,2e-6);
   COpenCL probe;
   if(probe.ContextCreate(CL_USE_ANY) && probe.SupportDouble())
      Fft<double>(true,1e-13);
   else
      Print("SKIP   double FFT: the device has no cl_khr_fp64");
   probe.Shutdown();
   Print("opencl_sort_fft: "+IntegerToString(failures)+" wrong");
  }
//+------------------------------------------------------------------+
