//+------------------------------------------------------------------+
//| mqlcl.mqh: mqlcl.dll for MQL5 programs                           |
//| #include <mqlcl/mqlcl.mqh>, then use CMqlcl (in the spirit of    |
//| the terminal's COpenCL) or the mqlcl_* functions directly.       |
//| mqlcl.dll goes into MQL5\Libraries; allow DLL imports.           |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property link      "docs/metatrader.md"

#include "mqlcl_api.mqh"

#define MQLCL_TEXT_CAP 4096

//+------------------------------------------------------------------+
//| Arrays handed to the DLL: it writes exactly the count it is told,|
//| so every count passed is at most ArraySize() of its array.       |
//| ArrayResize returns the new size, or -1 when it cannot grow the  |
//| array (a static array, no memory): the size is checked, never    |
//| assumed.                                                         |
//+------------------------------------------------------------------+
template<typename T>
bool MqlclEnsureSize(T &a[],const int count)
  {
   if(count<0)
      return(false);
   if(ArraySize(a)<count && ArrayResize(a,count)<count)
      return(false);
   return(ArraySize(a)>=count);
  }
//+------------------------------------------------------------------+
//| Text out of the DLL: a ushort buffer sized by the caller, grown  |
//| when the text is longer (the DLL never writes past cap).         |
//+------------------------------------------------------------------+
string MqlclErrorText(const int handle)
  {
   ushort buf[];
   if(!MqlclEnsureSize(buf,MQLCL_TEXT_CAP))
      return("(no memory for the message)");
   int n=mqlcl_last_error(handle,buf,ArraySize(buf));
   if(n<0)
      return("(mqlcl_last_error returned "+IntegerToString(n)+")");
   if(n>=ArraySize(buf) && MqlclEnsureSize(buf,n+1))
      n=mqlcl_last_error(handle,buf,ArraySize(buf));
   return(ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1)));
  }
//+------------------------------------------------------------------+
string MqlclDeviceText(const int device,const int what)
  {
   ushort buf[];
   if(!MqlclEnsureSize(buf,MQLCL_TEXT_CAP))
      return("(no memory for the text)");
   int n=mqlcl_device_text(device,what,buf,ArraySize(buf));
   if(n<0)
      return("(error "+IntegerToString(n)+": "+MqlclErrorText(0)+")");
   return(ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1)));
  }
//+------------------------------------------------------------------+
string MqlclGemmKernelName(const int kernel)
  {
   if(kernel==MQLCL_GEMM_HOST_BLAS)
      return("host_BLAS");
   if(kernel==MQLCL_GEMM_CALLER_BLAS)
      return("terminal_MatMul");
   ushort buf[];
   if(ArrayResize(buf,64)!=64)
      return("kernel "+IntegerToString(kernel));
   int n=mqlcl_gemm_kernel_name(kernel,buf,ArraySize(buf));
   if(n<0)
      return("kernel "+IntegerToString(kernel));
   return(ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1)));
  }
//+------------------------------------------------------------------+
string MqlclStageName(const int stage)
  {
   ushort buf[];
   if(!MqlclEnsureSize(buf,256))
      return("stage "+IntegerToString(stage));
   int n=mqlcl_stage_name(stage,buf,ArraySize(buf));
   if(n<0)
      return("stage "+IntegerToString(stage));
   return(ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1)));
  }
//+------------------------------------------------------------------+
//| GEMM on MQL5 matrices: op(A) is m x k, op(B) k x n, C m x n; the |
//| stored A is k x m with MQLCL_GEMM_TRANS_A, B n x k with          |
//| MQLCL_GEMM_TRANS_B. C is resized to m x n when beta = 0 (the DLL |
//| does not read it); with beta != 0 it must be m x n already. Each |
//| count passed is Rows()*Cols() of the matrix passed, so the DLL   |
//| never reaches past a matrix. Empty (m, n, k from the shapes) on  |
//| failure, with the reason in why.                                 |
//+------------------------------------------------------------------+
template<typename M>
bool MqlclGemmShape(M &c,const M &a,const M &b,const bool c_is_read,const int flags,
                    int &m,int &n,int &k,string &why)
  {
   string shape_a=IntegerToString(a.Rows())+" x "+IntegerToString(a.Cols());
   string shape_b=IntegerToString(b.Rows())+" x "+IntegerToString(b.Cols());
   ulong limit=2147483647;           // the DLL's counts are int
   if(a.Rows()*a.Cols()>limit || b.Rows()*b.Cols()>limit)
     {
      why="A ("+shape_a+") or B ("+shape_b+") has more than 2147483647 elements";
      return(false);
     }
   bool trans_a=(flags&MQLCL_GEMM_TRANS_A)!=0,trans_b=(flags&MQLCL_GEMM_TRANS_B)!=0;
   m=(int)(trans_a ? a.Cols() : a.Rows());
   k=(int)(trans_a ? a.Rows() : a.Cols());
   int k_b=(int)(trans_b ? b.Cols() : b.Rows());
   n=(int)(trans_b ? b.Rows() : b.Cols());
   if(m<1 || n<1 || k<1 || k_b<1)
     {
      why="A is "+shape_a+" and B "+shape_b+": an empty matrix";
      return(false);
     }
   if(k!=k_b)
     {
      why="op(A) is "+IntegerToString(m)+" x "+IntegerToString(k)+" (A "+shape_a+(trans_a ? ", transposed" : "")+
          ") and op(B) "+IntegerToString(k_b)+" x "+IntegerToString(n)+" (B "+shape_b+(trans_b ? ", transposed" : "")+
          "): the columns of op(A) differ from the rows of op(B)";
      return(false);
     }
   if((ulong)m*(ulong)n>limit)
     {
      why="C would be "+IntegerToString(m)+" x "+IntegerToString(n)+": more than 2147483647 elements";
      return(false);
     }
   if(c_is_read)
     {
      if(c.Rows()!=(ulong)m || c.Cols()!=(ulong)n)
        {
         why="beta != 0 adds to C, which is "+IntegerToString(c.Rows())+" x "+IntegerToString(c.Cols())+
             ", not "+IntegerToString(m)+" x "+IntegerToString(n);
         return(false);
        }
      return(true);
     }
   if(!c.Resize(m,n) || c.Rows()!=(ulong)m || c.Cols()!=(ulong)n)
     {
      why="C cannot be resized to "+IntegerToString(m)+" x "+IntegerToString(n)+" (out of memory)";
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| One context of mqlcl.dll: create, upload, run, read, free.       |
//| Every call checks its result and keeps the DLL's message.        |
//+------------------------------------------------------------------+
//+------------------------------------------------------------------+
//| The terminal's own MatMul (OpenBLAS since build 5100) as the     |
//| processor's candidate of CMqlcl::Sgemm / Dgemm where the DLL has |
//| no BLAS of its own: the best wall time of `times` products.      |
//+------------------------------------------------------------------+
template<typename M>
double MqlclMatMulMs(const M &a,const M &b,const int times)
  {
   double best=-1;
   for(int t=0; t<times; t++)
     {
      ulong t0=GetMicrosecondCount();
      M c=a.MatMul(b);
      double ms=(GetMicrosecondCount()-t0)/1000.0;
      if(best<0 || ms<best)
         best=ms;
     }
   return(best);
  }
//--- measures MatMul once per program and precision (4, 128 and, where 128 took under a
//--- millisecond, 512 cubed) and tells the DLL (mqlcl_gemm_caller_blas), unless the DLL has
//--- a BLAS of its own; MQLCL_OK or the DLL's error
int MqlclReportMatMul(const int ctx,const bool fp64)
  {
   static bool told_float=false,told_double=false;
   if(fp64 ? told_double : told_float)
      return(MQLCL_OK);
   int flags=fp64 ? MQLCL_GEMM_FP64 : MQLCL_GEMM_EXACT;
   bool own=mqlcl_gemm_where(ctx,flags|MQLCL_GEMM_ON_HOST,1,1,1)==MQLCL_GEMM_HOST_BLAS;
   int sizes[3]={4,128,512};
   for(int i=0; i<3 && !own; i++)
     {
      int n=sizes[i];
      double ms=0;
      if(fp64)
        {
         matrix a(n,n),b(n,n);
         a.Fill(0.5);
         b.Fill(0.25);
         if(i==1)
            MqlclMatMulMs(a,b,3);  // the first products start the BLAS's threads
         ms=MqlclMatMulMs(a,b,i==2 ? 3 : 7);
        }
      else
        {
         matrixf a(n,n),b(n,n);
         a.Fill(0.5f);
         b.Fill(0.25f);
         if(i==1)
            MqlclMatMulMs(a,b,3);
         ms=MqlclMatMulMs(a,b,i==2 ? 3 : 7);
        }
      int rc=mqlcl_gemm_caller_blas(flags,n,ms);
      if(rc!=MQLCL_OK)
         return(rc);
      if(i==1 && ms>=1.0)
         break;
     }
   if(fp64)
      told_double=true;
   else
      told_float=true;
   return(MQLCL_OK);
  }
//--- C = alpha*op(A)*op(B) + beta*C by the terminal's MatMul (shapes checked before)
template<typename M,typename T>
void MqlclMatMulGemm(M &c,const M &a,const M &b,const T alpha,const T beta,const int flags)
  {
   M p;
   if((flags&MQLCL_GEMM_TRANS_A)!=0 && (flags&MQLCL_GEMM_TRANS_B)!=0)
      p=a.Transpose().MatMul(b.Transpose());
   else if((flags&MQLCL_GEMM_TRANS_A)!=0)
      p=a.Transpose().MatMul(b);
   else if((flags&MQLCL_GEMM_TRANS_B)!=0)
      p=a.MatMul(b.Transpose());
   else
      p=a.MatMul(b);
   if(alpha!=(T)1)
      p=p*alpha;
   if(beta==(T)0)
      c=p;
   else
      c=p+c*beta;
  }
class CMqlcl
  {
private:
   int               m_ctx;
   string            m_error;
   bool              m_matmul_ran;    // the last Sgemm/Dgemm ran the terminal's MatMul
   double            m_matmul_ms;
   //--- where an Sgemm/Dgemm runs: MQLCL_GEMM_CALLER_BLAS (the terminal's MatMul),
   //--- MQLCL_GEMM_ON_HOST (the DLL's BLAS) or MQLCL_GEMM_ON_DEVICE, as the DLL predicts
   //--- fastest; flags with MQLCL_GEMM_ON_HOST: the DLL's BLAS, else MatMul; < 0: an error
   int               Place(const int flags,const bool fp64,const int m,const int n,const int k)
     {
      if((flags&MQLCL_GEMM_ON_DEVICE)!=0)
         return(0);
      int rc=MqlclReportMatMul(m_ctx,fp64);
      if(rc!=MQLCL_OK)
        {
         Check(rc,"mqlcl_gemm_caller_blas");
         return(rc);
        }
      int where=mqlcl_gemm_where(m_ctx,flags|(fp64 ? MQLCL_GEMM_FP64 : 0),m,n,k);
      if(where<0)
        {
         Check(where,"mqlcl_gemm_where");
         return(where);
        }
      if(where==MQLCL_GEMM_CALLER_BLAS)
         return(where);
      return(where==MQLCL_GEMM_HOST_BLAS ? MQLCL_GEMM_ON_HOST : MQLCL_GEMM_ON_DEVICE);
     }
   bool              Check(const int rc,const string call)
     {
      if(rc>=0)
         return(true);
      return(Fail(call+" failed ("+IntegerToString(rc)+"): "+MqlclErrorText(0)));
     }
   bool              Fail(const string message)
     {
      m_error=message;
      Print(m_error);
      return(false);
     }

public:
                     CMqlcl(void) : m_ctx(0), m_error(""), m_matmul_ran(false), m_matmul_ms(0) {}
                    ~CMqlcl(void) { Free(); }
   bool              Create(const int device)
     {
      Free();
      int h=mqlcl_create(device);
      if(!Check(h,"mqlcl_create"))
         return(false);
      m_ctx=h;
      return(true);
     }
   void              Free(void)
     {
      if(m_ctx>0)
         mqlcl_free(m_ctx);
      m_ctx=0;
     }
   int               Handle(void) const { return(m_ctx); }
   string            LastError(void) const { return(m_error); }
   bool              Upload(const int slot,const float &data[])
     { return(Check(mqlcl_upload(m_ctx,slot,data,ArraySize(data)),"mqlcl_upload")); }
   bool              UploadInt(const int slot,const int &data[])
     { return(Check(mqlcl_upload_int(m_ctx,slot,data,ArraySize(data)),"mqlcl_upload_int")); }
   //--- reads count floats; the array is grown first, and when it cannot be (a static
   //--- array, no memory) nothing is read: the DLL never writes past ArraySize(out)
   int               Read(const int slot,float &out[],const int count)
     {
      if(count<0)
        {
         Fail("CMqlcl::Read: count "+IntegerToString(count)+" is negative");
         return(-1);
        }
      if(!MqlclEnsureSize(out,count))
        {
         Fail("CMqlcl::Read: the array holds "+IntegerToString(ArraySize(out))+" elements and cannot grow to "+
              IntegerToString(count)+" (a static array, or out of memory); nothing was read");
         return(-1);
        }
      int n=mqlcl_read(m_ctx,slot,out,count);
      return(Check(n,"mqlcl_read") ? n : -1);
     }
   bool              Matmul(const int stage,const int rows1,const int colsrows,const int cols2,
                            const int local0=0,const int local1=0,const int param=0)
     { return(Check(mqlcl_matmul(m_ctx,stage,rows1,colsrows,cols2,local0,local1,param),"mqlcl_matmul")); }
   // The same, for a sweep that probes the device's limits: a work-group the device or the
   // kernel cannot take (MQLCL_ERR_LOCAL_SIZE) is an answer, not a failure: it returns the
   // code with the reason in LastError() without printing it. Other failures as Matmul.
   int               MatmulOrRefusal(const int stage,const int rows1,const int colsrows,const int cols2,
                                     const int local0=0,const int local1=0,const int param=0)
     {
      int rc=mqlcl_matmul(m_ctx,stage,rows1,colsrows,cols2,local0,local1,param);
      if(rc==MQLCL_ERR_LOCAL_SIZE)
        {
         m_error=MqlclErrorText(0);
         return(rc);
        }
      return(Check(rc,"mqlcl_matmul") ? MQLCL_OK : rc);
     }
   bool              DiaSpmv(const int step,const int rows,const int diags,const int local0=0)
     { return(Check(mqlcl_dia_spmv(m_ctx,step,rows,diags,local0),"mqlcl_dia_spmv")); }
   bool              Transpose(const int variant,const int rows,const int cols,const int tile=0)
     { return(Check(mqlcl_transpose(m_ctx,variant,rows,cols,tile),"mqlcl_transpose")); }
   double            Peak(const int what,const int megabytes=0)
     {
      double v=mqlcl_measure_peak(m_ctx,what,megabytes);
      Check(v<0 ? (int)v : 0,"mqlcl_measure_peak");
      return(v);
     }
   //--- C = alpha*op(A)*op(B) + beta*C on the context's device (see MqlclGemmShape); flags:
   //--- MQLCL_GEMM_TRANS_A, MQLCL_GEMM_TRANS_B and a precision (Sgemm: MQLCL_GEMM_EXACT or
   //--- MQLCL_GEMM_FAST; Dgemm computes in FP64)
   bool              Sgemm(matrixf &c,const matrixf &a,const matrixf &b,const float alpha=1.0f,const float beta=0.0f,
                           const int flags=0)
     {
      int m,n,k;
      string why;
      if(!MqlclGemmShape(c,a,b,beta!=0.0f,flags,m,n,k,why))
         return(Fail("CMqlcl::Sgemm: "+why));
      int place=Place(flags,false,m,n,k);
      if(place<0)
         return(false);
      m_matmul_ran=place==MQLCL_GEMM_CALLER_BLAS;
      if(m_matmul_ran)
        {
         ulong t0=GetMicrosecondCount();
         MqlclMatMulGemm(c,a,b,alpha,beta,flags);
         m_matmul_ms=(GetMicrosecondCount()-t0)/1000.0;
         return(true);
        }
      return(Check(mqlcl_sgemm(m_ctx,(flags&~MQLCL_GEMM_ON_HOST)|place,m,n,k,alpha,a,(int)(a.Rows()*a.Cols()),(int)a.Cols(),
                               b,(int)(b.Rows()*b.Cols()),(int)b.Cols(),beta,c,(int)(c.Rows()*c.Cols()),n),"mqlcl_sgemm"));
     }
   bool              Dgemm(matrix &c,const matrix &a,const matrix &b,const double alpha=1.0,const double beta=0.0,
                           const int flags=0)
     {
      int m,n,k;
      string why;
      if(!MqlclGemmShape(c,a,b,beta!=0.0,flags,m,n,k,why))
         return(Fail("CMqlcl::Dgemm: "+why));
      int place=Place(flags,true,m,n,k);
      if(place<0)
         return(false);
      m_matmul_ran=place==MQLCL_GEMM_CALLER_BLAS;
      if(m_matmul_ran)
        {
         ulong t0=GetMicrosecondCount();
         MqlclMatMulGemm(c,a,b,alpha,beta,flags);
         m_matmul_ms=(GetMicrosecondCount()-t0)/1000.0;
         return(true);
        }
      return(Check(mqlcl_dgemm(m_ctx,(flags&~MQLCL_GEMM_ON_HOST)|place,m,n,k,alpha,a,(int)(a.Rows()*a.Cols()),(int)a.Cols(),
                               b,(int)(b.Rows()*b.Cols()),(int)b.Cols(),beta,c,(int)(c.Rows()*c.Cols()),n),"mqlcl_dgemm"));
     }
   //--- the last operation's figures; after an Sgemm/Dgemm that ran the terminal's MatMul,
   //--- its wall time (kernel and total) and no layout work, copies, panels or launches
   double            KernelMs(void) const { return(m_matmul_ran ? m_matmul_ms : mqlcl_last_kernel_ms(m_ctx)); }
   double            TotalMs(void) const { return(m_matmul_ran ? m_matmul_ms : mqlcl_last_total_ms(m_ctx)); }
   double            ConvertMs(void) const { return(m_matmul_ran ? 0.0 : mqlcl_last_convert_ms(m_ctx)); }
   //--- the last Sgemm/Dgemm's copies to and from the device (wall ms; 0 after other operations)
   double            UploadMs(void) const { return(m_matmul_ran ? 0.0 : mqlcl_last_upload_ms(m_ctx)); }
   double            DownloadMs(void) const { return(m_matmul_ran ? 0.0 : mqlcl_last_download_ms(m_ctx)); }
   //--- the panels of rows it ran in (more than 1: the copies overlapped the product)
   int               Panels(void) const { return(m_matmul_ran ? 0 : mqlcl_last_panels(m_ctx)); }
   //--- the stage or GEMM kernel that computed the last product (an FP16 stage's fallback),
   //--- MQLCL_GEMM_HOST_BLAS (the DLL's BLAS) or MQLCL_GEMM_CALLER_BLAS (the terminal's MatMul)
   int               Product(void) const { return(m_matmul_ran ? MQLCL_GEMM_CALLER_BLAS : mqlcl_last_product(m_ctx)); }
   //--- runs `kernel` (MQLCL_GEMM_KERNEL_*) for the flags' precision from now on; 0: the planner's choice
   bool              Pin(const int flags,const int kernel)
     {
      if(mqlcl_gemm_pin(m_ctx,flags,kernel)!=MQLCL_OK)
         return(Fail(MqlclErrorText(m_ctx)));
      return(true);
     }
   int               Launches(void) const { return(m_matmul_ran ? 0 : mqlcl_last_launches(m_ctx)); }
  };
//+------------------------------------------------------------------+
