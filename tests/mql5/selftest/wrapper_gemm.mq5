//+------------------------------------------------------------------+
//| wrapper_gemm.mq5: CMqlcl::Sgemm / Dgemm on matrices derive m, n, |
//| k from the shapes and the TRANS flags, resize C when beta = 0,   |
//| require C to be m x n when beta != 0, and refuse shapes that do  |
//| not agree with a message (the DLL is not called). Small integer  |
//| elements: every product is exact, so results compare exactly     |
//| with a reference computed here. Each case where the class chooses|
//| (the device, the DLL's BLAS or the terminal's MatMul), on the    |
//| device, and on the processor (the DLL's BLAS, else MatMul).      |
//| Prints WRONG on any failure (tests/mql5/run_scripts.py's generic |
//| checks).                                                         |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/mqlcl.mqh>

input int InpDevice=0;         // OpenCL device (mqlcl's numbering)
//+------------------------------------------------------------------+
string g_where="";   // the place of the cases running, in each check's line
void Expect(const bool ok,const string what)
  {
   Print("check "+g_where+what+": "+(ok ? "OK" : "WRONG"));
  }
//--- rows x cols of small integers, different for each seed
void Ints(matrixf &m,const ulong rows,const ulong cols,const int seed)
  {
   m.Init(rows,cols);
   for(ulong i=0; i<rows; i++)
      for(ulong j=0; j<cols; j++)
         m[i][j]=(float)((int)((i*7+j*3+seed)%9)-4);
  }
void Ints(matrix &m,const ulong rows,const ulong cols,const int seed)
  {
   m.Init(rows,cols);
   for(ulong i=0; i<rows; i++)
      for(ulong j=0; j<cols; j++)
         m[i][j]=(double)((int)((i*5+j*11+seed)%7)-3);
  }
//--- alpha*op(A)*op(B) + beta*C0 equals C exactly (the elements are small integers)
template<typename M>
bool Same(const M &c,const M &a,const M &b,const M &c0,const double alpha,const double beta,const int flags)
  {
   bool ta=(flags&MQLCL_GEMM_TRANS_A)!=0,tb=(flags&MQLCL_GEMM_TRANS_B)!=0;
   ulong m=ta ? a.Cols() : a.Rows(),k=ta ? a.Rows() : a.Cols(),n=tb ? b.Rows() : b.Cols();
   if(c.Rows()!=m || c.Cols()!=n)
      return(false);
   for(ulong i=0; i<m; i++)
      for(ulong j=0; j<n; j++)
        {
         double s=0;
         for(ulong p=0; p<k; p++)
            s+=(double)(ta ? a[p][i] : a[i][p])*(double)(tb ? b[j][p] : b[p][j]);
         double want=alpha*s+(beta!=0 ? beta*c0[i][j] : 0.0);
         if(c[i][j]!=want)
            return(false);
        }
   return(true);
  }
//--- where the last product ran is where `place` asks
bool RanWhereAsked(CMqlcl &cl,const int place)
  {
   int product=cl.Product();
   bool host=product==MQLCL_GEMM_HOST_BLAS || product==MQLCL_GEMM_CALLER_BLAS;
   if(place==MQLCL_GEMM_ON_HOST)
      return(host);
   if(place==MQLCL_GEMM_ON_DEVICE)
      return(!host && product>0);
   return(product>0);
  }
//--- the cases with `place` in the flags (0: the class chooses)
void Cases(CMqlcl &cl,const int place,const string where)
  {
   g_where=where+": ";
   matrixf a,b,c,c0,none;
//--- beta = 0: an empty C is resized to m x n and gets the product (13 x 11 x 17)
   Ints(a,13,17,1);
   Ints(b,17,11,2);
   Expect(cl.Sgemm(c,a,b,1.0f,0.0f,place) && Same(c,a,b,none,1,0,0),"Sgemm into an empty C: resized to 13 x 11, C = A*B");
   Expect(RanWhereAsked(cl,place),"the product ran where asked ("+MqlclGemmKernelName(cl.Product())+")");
//--- every transpose combination: the stored shapes say m, n, k
   Ints(a,17,13,3);                                        // A^T is 13 x 17
   Expect(cl.Sgemm(c,a,b,1.0f,0.0f,MQLCL_GEMM_TRANS_A|place) && Same(c,a,b,none,1,0,MQLCL_GEMM_TRANS_A),
          "Sgemm with TRANS_A: A stored 17 x 13");
   Ints(b,11,17,4);                                        // B^T is 17 x 11
   Expect(cl.Sgemm(c,a,b,1.0f,0.0f,MQLCL_GEMM_TRANS_A|MQLCL_GEMM_TRANS_B|place) &&
          Same(c,a,b,none,1,0,MQLCL_GEMM_TRANS_A|MQLCL_GEMM_TRANS_B),"Sgemm with TRANS_A and TRANS_B");
   Ints(a,13,17,5);
   Expect(cl.Sgemm(c,a,b,1.0f,0.0f,MQLCL_GEMM_TRANS_B|place) && Same(c,a,b,none,1,0,MQLCL_GEMM_TRANS_B),
          "Sgemm with TRANS_B: B stored 11 x 17");
//--- beta = 0 with a C of another shape: resized, so the count passed is that of m x n
   Ints(b,17,11,6);
   c.Init(40,40);
   Expect(cl.Sgemm(c,a,b,1.0f,0.0f,place) && c.Rows()==13 && c.Cols()==11 && Same(c,a,b,none,1,0,0),"a 40 x 40 C resized to 13 x 11");
//--- beta != 0: C = alpha*A*B + beta*C
   Ints(c0,13,11,7);
   c=c0;
   Expect(cl.Sgemm(c,a,b,2.0f,0.5f,place) && Same(c,a,b,c0,2,0.5,0),"alpha 2, beta 0.5: C = 2*A*B + C/2");
   Expect(RanWhereAsked(cl,place),"alpha and beta ran where asked ("+MqlclGemmKernelName(cl.Product())+")");
//--- refusals, the DLL not called: C untouched, the reason in LastError
   c.Init(5,5);
   c.Fill(3.0f);
   Expect(!cl.Sgemm(c,a,b,1.0f,1.0f,place) && c.Rows()==5 && c[4][4]==3.0f,"beta != 0 with a 5 x 5 C is refused, C untouched");
   Expect(StringFind(cl.LastError(),"beta != 0 adds to C, which is 5 x 5, not 13 x 11")>=0,"the refusal says why");
   Ints(b,16,11,8);
   Expect(!cl.Sgemm(c,a,b,1.0f,0.0f,place) && c.Rows()==5,"op(A) 13 x 17 times op(B) 16 x 11 is refused");
   Expect(StringFind(cl.LastError(),"the columns of op(A) differ from the rows of op(B)")>=0,"the refusal names the sizes");
   Expect(!cl.Sgemm(c,none,b,1.0f,0.0f,place) && StringFind(cl.LastError(),"an empty matrix")>=0,"an empty A is refused");
//--- Dgemm: the same rules on matrix (double)
   matrix da,db,dc,dnone;
   Ints(da,9,21,1);
   Ints(db,14,21,2);
   Expect(cl.Dgemm(dc,da,db,1.0,0.0,MQLCL_GEMM_TRANS_B|place) && Same(dc,da,db,dnone,1,0,MQLCL_GEMM_TRANS_B),
          "Dgemm with TRANS_B: 9 x 21 times (14 x 21)^T");
   Expect(RanWhereAsked(cl,place),"Dgemm ran where asked ("+MqlclGemmKernelName(cl.Product())+")");
   Expect(!cl.Dgemm(dc,da,db,1.0,0.0,place) && StringFind(cl.LastError(),"CMqlcl::Dgemm: ")>=0,"Dgemm refuses 9 x 21 times 14 x 21");
   Expect(mqlcl_handle_count()==1,"one live handle (the context)");
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   CMqlcl cl;
   if(!cl.Create(InpDevice))
     {
      Print("WRONG: no context to test with");
      return;
     }
   Cases(cl,0,"where the class chooses");
   Cases(cl,MQLCL_GEMM_ON_DEVICE,"on the device");
   Cases(cl,MQLCL_GEMM_ON_HOST,"on the processor");
  }
//+------------------------------------------------------------------+
