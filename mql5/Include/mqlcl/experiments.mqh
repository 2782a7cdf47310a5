//+------------------------------------------------------------------+
//| experiments.mqh: what the experiment scripts share: the article's|
//| generator, the CPU product, the log lines and the random checks. |
//| Each lab script (Scripts\mqlcl\lab) is its inputs and one call   |
//| of this; gemm_matrix uses its helpers.                           |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"

#include "mqlcl.mqh"

string d2s(const double v,const int digits) { return(DoubleToString(v,digits)); }
string i2s(const long v) { return(IntegerToString(v)); }
//+------------------------------------------------------------------+
//| The user stopped the script: the terminal kills it 3 s later,    |
//| inside whatever it is doing. Long loops ask IsStopped() at every |
//| row of their outer loop, the scripts between steps; they return, |
//| and the CMqlcl on the way out frees its context (destructor).    |
//+------------------------------------------------------------------+
bool g_stop_reported=false;
bool ScriptStopped(const string where)
  {
   if(!IsStopped())
      return(false);
   if(!g_stop_reported)
      Print("stopped by the user "+where+": the OpenCL context is freed and the script ends");
   g_stop_reported=true;
   return(true);
  }
//--- uniformly distributed in [-0.5; 0.5], as the article's genVal()
float GenVal(void) { return((float)((MathRand()-16383.5)/32767.0)); }
bool  GenMatrix(float &m[],const int count)
  {
   if(count<0 || ArrayResize(m,count)!=count)
     {
      Print("no memory for a matrix of "+i2s(count)+" elements");
      return(false);
     }
   for(int i=0; i<count; i++)
      m[i]=GenVal();
   return(true);
  }
int   GenRnd(const int max) { return((int)(MathRand()/32768.0*max)); }

//+------------------------------------------------------------------+
//| C = A*B on one core, loops in the order `order`                  |
//| (0 r-cr-c, 1 r-c-cr, 2 c-r-cr, 3 c-cr-r, 4 cr-r-c, 5 cr-c-r).     |
//| Returns the time in seconds (GetTickCount, as the article), or   |
//| -1 when C cannot be allocated or the user stopped the script     |
//| (asked once per row of the outer loop).                          |
//+------------------------------------------------------------------+
double CpuMatmul(const float &a[],const float &b[],float &c[],
                 const int rows1,const int colsrows,const int cols2,const int order)
  {
   if(ArrayResize(c,rows1*cols2)!=rows1*cols2)
     {
      Print("no memory for the CPU product's "+i2s(rows1)+" x "+i2s(cols2)+" elements");
      return(-1);
     }
   ArrayInitialize(c,0.0f);
//--- index 0 = r, 1 = cr, 2 = c; perm[order] names the outer, middle and inner loop
   int size[3];
   size[0]=rows1;
   size[1]=colsrows;
   size[2]=cols2;
   int perm[6][3]={{0,1,2},{0,2,1},{2,0,1},{2,1,0},{1,0,2},{1,2,0}};
   int o0=perm[order][0],o1=perm[order][1],o2=perm[order][2];
   int idx[3];
   uint st=GetTickCount();
   for(int i=0; i<size[o0]; i++)
     {
      if(IsStopped())
         return(-1);
      idx[o0]=i;
      for(int j=0; j<size[o1]; j++)
        {
         idx[o1]=j;
         for(int k=0; k<size[o2]; k++)
           {
            idx[o2]=k;
            c[idx[0]*cols2+idx[2]]+=a[idx[0]*colsrows+idx[1]]*b[idx[1]*cols2+idx[2]];
           }
        }
     }
   return((GetTickCount()-st)/1000.0);
  }
string LoopOrderName(const int order)
  {
   string names[6]={"r-cr-c","r-c-cr","c-r-cr","c-cr-r","cr-r-c","cr-c-r"};
   return(names[order]);
  }
//+------------------------------------------------------------------+
//| The article's checkRandom: one element three ways               |
//+------------------------------------------------------------------+
void CheckRandom(const float &a[],const float &b[],const float &cpu[],const float &buf[],
                 const int rows1,const int colsrows,const int cols2)
  {
   int r0=GenRnd(rows1),c0=GenRnd(cols2);
   double sum=0.0;
   for(int k=0; k<colsrows; k++)
      sum+=(double)a[r0*colsrows+k]*b[k*cols2+c0];
   Print("sum( "+i2s(r0)+","+i2s(c0)+" ) = "+d2s(sum,8)+";    thirdCPU[ "+i2s(r0)+","+i2s(c0)+" ] = "+
         d2s(cpu[r0*cols2+c0],8)+";    buf[ "+i2s(r0)+","+i2s(c0)+" ] = "+d2s(buf[r0*cols2+c0],8));
  }
//+------------------------------------------------------------------+
//| One article script: CPU product, the stage through the DLL, the  |
//| article's log lines and ten random checks.                       |
//+------------------------------------------------------------------+
bool RunArticleStage(const int stage,const int device,const int rows1,const int colsrows,const int cols2,
                     const int local0,const int local1,const int param=0)
  {
   MathSrand(GetTickCount());
   float a[],b[],cpu[],gpu[];
   if(!GenMatrix(a,rows1*colsrows) || !GenMatrix(b,colsrows*cols2))
      return(false);
   Print("=======================================");
   Print(MqlclStageName(stage)+" (stage "+i2s(stage)+"):  device = "+i2s(device==MQLCL_DEVICE_BEST ? mqlcl_device_best() : device)+";      ROWS1 = "+i2s(rows1)+
         "; COLSROWS = "+i2s(colsrows)+"; COLS2 = "+i2s(cols2)+"; local = "+i2s(local0)+" x "+i2s(local1));
   double cpu_time=CpuMatmul(a,b,cpu,rows1,colsrows,cols2,0);
   if(cpu_time<0)
     {
      ScriptStopped("during the CPU product");
      return(false);
     }
   Print("CPUTime = "+d2s(cpu_time,3));
   CMqlcl cl;
   if(ScriptStopped("before the OpenCL run") || !cl.Create(device) || !cl.Upload(MQLCL_SLOT_A,a) ||
      !cl.Upload(MQLCL_SLOT_B,b) || !cl.Matmul(stage,rows1,colsrows,cols2,local0,local1,param))
      return(false);
   int read=cl.Read(MQLCL_SLOT_C,gpu,rows1*cols2);
   if(read<0 || ScriptStopped("after the OpenCL run"))
      return(false);
   double total=cl.TotalMs()/1000.0;
   Print("OpenCL total: time = "+d2s(total,3)+" sec.");
   Print("read = "+i2s(read)+" elements");
   if(total>0)
      Print("CPUTime / GPUTotalTime = "+d2s(cpu_time/total,3));
   double kernel=cl.KernelMs();
   Print("kernel: time = "+d2s(kernel,3)+" ms ("+i2s(cl.Launches())+" launches); layout conversion = "+
         d2s(cl.ConvertMs(),3)+" ms; "+d2s(kernel>0 ? 2.0*rows1*colsrows*cols2/(kernel*1e6) : 0,2)+" GFLOP/s");
   for(int i=0; i<10; i++)
      CheckRandom(a,b,cpu,gpu,rows1,colsrows,cols2);
   Print("________________________");
   return(true);
  }
//+------------------------------------------------------------------+
//| One row of a sweep: the stage's kernel time, checked elements    |
//+------------------------------------------------------------------+
bool RunSweepRow(CMqlcl &cl,const int stage,const float &a[],const float &b[],const int n,
                 const int local0,const int local1,const int param)
  {
   float c[];
   if(ScriptStopped("before stage "+i2s(stage)))
      return(false);
   // A work-group the device or this kernel cannot take (a kernel's CL_KERNEL_WORK_GROUP_SIZE
   // may be below the device's maximum) is a row of the sweep with the library's reason.
   int rc=cl.MatmulOrRefusal(stage,n,n,n,local0,local1,param);
   if(rc==MQLCL_ERR_LOCAL_SIZE)
     {
      Print(StringFormat("  %2d %-28s %4d x %-4d %4d | refused: %s",stage,MqlclStageName(stage),local0,local1,param,
                         cl.LastError()));
      return(true);
     }
   if(rc!=MQLCL_OK || cl.Read(MQLCL_SLOT_C,c,n*n)<0)
      return(false);
   int wrong=0;
   for(int i=0; i<20; i++)
     {
      int r=GenRnd(n),col=GenRnd(n);
      double s=0,scale=0;
      for(int k=0; k<n; k++)
        {
         s+=(double)a[r*n+k]*b[k*n+col];
         scale+=MathAbs((double)a[r*n+k]*b[k*n+col]);
        }
      if(MathAbs(c[r*n+col]-s)>2.4e-7*n*scale+1e-6)
         wrong++;
     }
   double ms=cl.KernelMs();
   Print(StringFormat("  %2d %-28s %4d x %-4d %4d | %10.3f ms %6d launches %9.2f GFLOP/s | %s",stage,MqlclStageName(stage),
                      local0,local1,param,ms,cl.Launches(),ms>0 ? 2.0*n*n*(double)n/(ms*1e6) : 0.0,
                      wrong==0 ? "OK" : "WRONG: "+i2s(wrong)+" of 20"));
   return(true);
  }
//+------------------------------------------------------------------+
