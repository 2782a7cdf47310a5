//+------------------------------------------------------------------+
//| matrix_semantics.mq5                                             |
//| The harness's matrix and matrixf against what the MQL5           |
//| documentation says (Matrix and Vector Methods; each check names  |
//| its page), and a matrix passed to an imported function as the    |
//| address of its row-major elements. Every line must end in OK.    |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/mqlcl.mqh>

input int InpDevice=0;         // OpenCL device (mqlcl's numbering)

int g_checks=0;
//+------------------------------------------------------------------+
void Check(const string name,const string got,const string want)
  {
   g_checks++;
   if(got==want)
      Print("check "+name+": OK");
   else
      Print("check "+name+": WRONG: got '"+got+"', want '"+want+"'");
  }
string Shape(const matrixf &m) { return(IntegerToString(m.Rows())+"x"+IntegerToString(m.Cols())); }
//+------------------------------------------------------------------+
void OnStart()
  {
//--- declaration without a size allocates nothing; with one, rows x cols (docs: Initialization)
   matrixf e;
   Check("matrixf m; is 0x0",Shape(e),"0x0");
   matrixf m(3,4);
   Check("matrixf m(3,4) is 3x4",Shape(m),"3x4");
//--- Fill and element access m[i][j] (docs: Fill)
   m.Fill(2.5f);
   m[1][2]=7.0f;
   Check("Fill then m[1][2]=7",DoubleToString(m[0][0],1)+" "+DoubleToString(m[1][2],1)+" "+DoubleToString(m[2][3],1),
         "2.5 7.0 2.5");
//--- Init gives the shape (docs: Init)
   matrix d;
   Check("Init(2,5) returns true",d.Init(2,5) ? "true" : "false","true");
   Check("Init(2,5) shape",IntegerToString(d.Rows())+"x"+IntegerToString(d.Cols()),"2x5");
//--- Resize works row by row: what both shapes have keeps its (row, column) (docs: Resize)
   for(ulong i=0; i<d.Rows(); i++)
      for(ulong j=0; j<d.Cols(); j++)
         d[i][j]=10.0*i+j;
   Check("Resize(4,3) returns true",d.Resize(4,3) ? "true" : "false","true");
   Check("Resize(4,3) shape",IntegerToString(d.Rows())+"x"+IntegerToString(d.Cols()),"4x3");
   Check("Resize keeps (row, column)",DoubleToString(d[0][0],0)+" "+DoubleToString(d[0][2],0)+" "+DoubleToString(d[1][1],0)+
         " "+DoubleToString(d[1][2],0),"0 2 11 12");
//--- MatMul: matrix[M][K] * matrix[K][N] = matrix[M][N] (docs: MatMul)
   matrix a(2,3),b(3,2);
   for(ulong i=0; i<2; i++)
      for(ulong j=0; j<3; j++)
        {
         a[i][j]=1.0+i*3+j;   // 1 2 3 / 4 5 6
         b[j][i]=1.0+j*2+i;   // 1 2 / 3 4 / 5 6
        }
   matrix c=a.MatMul(b);
   Check("MatMul shape",IntegerToString(c.Rows())+"x"+IntegerToString(c.Cols()),"2x2");
   Check("MatMul values",DoubleToString(c[0][0],0)+" "+DoubleToString(c[0][1],0)+" "+DoubleToString(c[1][0],0)+" "+
         DoubleToString(c[1][1],0),"22 28 49 64");
//--- assignment copies: the copy is a matrix of its own (docs: Assign, '=')
   matrix copy=a;
   copy[0][0]=-1.0;
   Check("a copy is independent",DoubleToString(a[0][0],0)+" "+DoubleToString(copy[0][0],0),"1 -1");
//--- Random fills the existing matrix uniformly within [min, max] (docs: Random)
   matrixf r(50,40);
   r.Random(-0.5f,0.5f);
   float lo=1,hi=-1;
   for(ulong i=0; i<r.Rows(); i++)
      for(ulong j=0; j<r.Cols(); j++)
        {
         lo=MathMin(lo,r[i][j]);
         hi=MathMax(hi,r[i][j]);
        }
   Check("Random(-0.5,0.5) within the range and spread",(lo>=-0.5f && hi<=0.5f && lo<-0.4f && hi>0.4f) ? "yes" : "no",
         "yes");
//--- a matrix reaches the DLL as the address of its row-major elements (docs: Matrix and vector
//--- types): mqlcl_sgemm reads A and B and writes C through those addresses
   CMqlcl cl;
   if(!cl.Create(InpDevice))
      return;
   matrixf fa(2,3),fb(3,2),fc(2,2);
   for(ulong i=0; i<2; i++)
      for(ulong j=0; j<3; j++)
        {
         fa[i][j]=(float)(1+i*3+j);
         fb[j][i]=(float)(1+j*2+i);
        }
   fc.Fill(0.0f);
   int rc=mqlcl_sgemm(cl.Handle(),0,2,2,3,1.0f,fa,6,3,fb,6,2,0.0f,fc,4,2);
   Check("mqlcl_sgemm on matrixf",IntegerToString(rc)+": "+DoubleToString(fc[0][0],0)+" "+DoubleToString(fc[0][1],0)+" "+
         DoubleToString(fc[1][0],0)+" "+DoubleToString(fc[1][1],0),"0: 22 28 49 64");
//--- an empty matrix reaches the DLL as null, which it refuses (docs/ABI.md: MQLCL_ERR_ARGUMENT)
   matrixf none;
   Check("an empty matrixf reaches the DLL as null",IntegerToString(mqlcl_sgemm(cl.Handle(),0,2,2,3,1.0f,fa,6,3,fb,6,2,
         0.0f,none,4,2)),IntegerToString(MQLCL_ERR_ARGUMENT));
   Print("checks: "+IntegerToString(g_checks));
  }
//+------------------------------------------------------------------+
