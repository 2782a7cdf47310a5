//+------------------------------------------------------------------+
//| opencl_overhead.mq5                                              |
//| What the terminal-compatible layer costs: a kernel launch and a  |
//| read of 1024 floats through the standard library's COpenCL       |
//| (mqlcl/OpenCL.mqh) against the same two calls through mqlcl_*    |
//| directly, interleaved, the median of each; then a COpenCL matrix  |
//| product against the same kernel through mqlcl_* (kernel times).   |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/OpenCL.mqh>

input int InpDevice=-1;        // OpenCL device (mqlcl's numbering; -1: CL_USE_ANY, a GPU first)
input int InpRepeats=2000;     // launches + reads timed per path
input int InpSize=512;         // matrix product: N x N x N

const string cl_program=
   "__kernel void twice(__global float* x) { const size_t i = get_global_id(0); x[i] = 2.0f * x[i]; }\r\n"
   "__kernel void matmul(__global const float* a, __global const float* b, __global float* c, int n) {\r\n"
   "  const int col = get_global_id(0), row = get_global_id(1);\r\n"
   "  float s = 0;\r\n"
   "  for (int q = 0; q < n; q++) s += a[row * n + q] * b[q * n + col];\r\n"
   "  c[row * n + col] = s;\r\n"
   "}\r\n";

//+------------------------------------------------------------------+
//| The buffer handles of the class's own slots, read as a derived   |
//| class reads them (m_buffers is protected).                        |
//+------------------------------------------------------------------+
class COpenCLSlots : public COpenCL
  {
public:
   int               BufferHandle(const int index) const { return(m_buffers[index]); }
  };
//+------------------------------------------------------------------+
double Median(double &v[])
  {
   ArraySort(v);
   int n=ArraySize(v);
   return(n%2==1 ? v[n/2] : 0.5*(v[n/2-1]+v[n/2]));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   COpenCLSlots cl;
   if(!cl.ContextCreate(InpDevice) || !cl.ProgramCreate(cl_program,true) || !cl.SetKernelsCount(2) ||
      !cl.KernelCreate(0,"twice") || !cl.KernelCreate(1,"matmul") || !cl.SetBuffersCount(4))
     {
      Print("COpenCL setup failed: "+g_mqlcl_cl_message);
      return;
     }
   string device;
   CLGetInfoString(cl.GetContext(),CL_DEVICE_NAME,device);
   //--- 1024 floats: one buffer, one kernel; the same handles serve both paths
   float x[];
   ArrayResize(x,1024);
   ArrayInitialize(x,1.0f);
   if(!cl.BufferFromArray(0,x,0,1024,CL_MEM_READ_WRITE) || !cl.SetArgumentBuffer(0,0,0))
     {
      Print("COpenCL buffer failed: "+g_mqlcl_cl_message);
      return;
     }
   int kernel=cl.GetKernel(0),buffer=cl.BufferHandle(0);
   uint offset[1]={0},work[1]={1024};
   int global[1]={1024},no_local[1]={0};
   double t_class[],t_direct[];
   ArrayResize(t_class,InpRepeats);
   ArrayResize(t_direct,InpRepeats);
   for(int i=0; i<InpRepeats; i++)
     {
      if(IsStopped())
        {
         Print("stopped by the user after "+IntegerToString(i)+" of "+IntegerToString(InpRepeats)+" rounds");
         return;
        }
      ulong t0=GetMicrosecondCount();
      bool ok=cl.Execute(0,1,offset,work) && cl.BufferRead(0,x,0,0,1024);
      ulong t1=GetMicrosecondCount();
      ok=ok && mqlcl_run(kernel,1,global,1,no_local,0)==MQLCL_OK &&
         mqlcl_buffer_read_float(buffer,x,0,1024)==1024;
      ulong t2=GetMicrosecondCount();
      if(!ok)
        {
         Print("a launch or read failed: "+g_mqlcl_cl_message+" / "+MqlclErrorText(0));
         return;
        }
      t_class[i]=(double)(t1-t0);
      t_direct[i]=(double)(t2-t1);
     }
   // Every launch doubled every element: 2 per round, from 1.
   bool exact=x[0]==MathPow(2.0,2*InpRepeats) || InpRepeats>60;
   double m_class=Median(t_class),m_direct=Median(t_direct);
   Print("on "+device+", median of "+IntegerToString(InpRepeats)+" rounds:");
   Print("  Execute + BufferRead of 1024 floats | COpenCL "+DoubleToString(m_class,1)+" us | mqlcl_* "+
         DoubleToString(m_direct,1)+" us | ratio "+DoubleToString(m_direct>0 ? m_class/m_direct : 0,3)+" | "+
         (exact ? "OK" : "WRONG result"));
   //--- a matrix product through COpenCL, timed by the kernel's own profile (mqlcl_last_kernel_ms)
   int n=InpSize;
   float a[],b[],c[];
   ArrayResize(a,n*n);
   ArrayResize(b,n*n);
   ArrayResize(c,n*n);
   MathSrand(5);
   for(int i=0; i<n*n; i++)
     {
      if(i%n==0 && IsStopped())
        {
         Print("stopped by the user before the product");
         return;
        }
      a[i]=(float)(MathRand()/32767.0-0.5);
      b[i]=(float)(MathRand()/32767.0-0.5);
     }
   uint off2[2]={0,0},work2[2];
   work2[0]=n;
   work2[1]=n;
   if(!cl.BufferFromArray(1,a,0,n*n,CL_MEM_READ_ONLY) || !cl.BufferFromArray(2,b,0,n*n,CL_MEM_READ_ONLY) ||
      !cl.BufferCreate(3,n*n*4,CL_MEM_WRITE_ONLY) || !cl.SetArgumentBuffer(1,0,1) || !cl.SetArgumentBuffer(1,1,2) ||
      !cl.SetArgumentBuffer(1,2,3) || !cl.SetArgument(1,3,n) || !cl.Execute(1,2,off2,work2) || !cl.BufferRead(3,c,0,0,n*n))
     {
      Print("the COpenCL product failed: "+g_mqlcl_cl_message);
      return;
     }
   double ms=mqlcl_last_kernel_ms(cl.GetKernel(1));
   int wrong=0;
   for(int k=0; k<10; k++)
     {
      int r=(int)(MathRand()%n),col=(int)(MathRand()%n);
      double s=0,scale=0;
      for(int q=0; q<n; q++)
        {
         s+=(double)a[r*n+q]*b[q*n+col];
         scale+=MathAbs((double)a[r*n+q]*b[q*n+col]);
        }
      if(MathAbs(c[r*n+col]-s)>2.4e-7*n*scale+1e-7)
         wrong++;
     }
   Print("  COpenCL product "+IntegerToString(n)+"^3 | kernel "+DoubleToString(ms,3)+" ms | "+
         DoubleToString(ms>0 ? 2.0*n*(double)n*n/(ms*1e6) : 0,2)+" GFLOP/s | "+(wrong==0 ? "OK" : "WRONG: "+IntegerToString(wrong)+" of 10"));
   cl.Shutdown();
  }
//+------------------------------------------------------------------+
