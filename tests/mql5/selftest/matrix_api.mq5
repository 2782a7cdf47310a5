//+------------------------------------------------------------------+
//| matrix_api.mq5                                                   |
//| The harness's matrix and vector methods (Matrix and Vector       |
//| Methods: initialization, manipulations, operations, products,    |
//| statistics, features, machine learning), each against a value    |
//| this script computes itself with plain loops in double, or the   |
//| documented example's output. Every line must end in OK.          |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

// matrix<float> in an #import block reaches the DLL as float* (docs: Matrix and vector types,
// the #import example); the translation checks the declaration against mqlcl.h (never called).
#import "mqlcl.dll"
int mqlcl_sgemm(int ctx,int flags,int m,int n,int k,float alpha,const matrix<float> &a,int a_count,int lda,
                const matrix<float> &b,int b_count,int ldb,float beta,matrix<float> &c,int c_count,int ldc);
#import

#define TYPE double
#define MATRIX matrix<TYPE>
#define VECTOR vector<TYPE>

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
void CheckTrue(const string name,const bool ok,const string detail="")
  {
   g_checks++;
   if(ok)
      Print("check "+name+": OK");
   else
      Print("check "+name+": WRONG "+detail);
  }
bool IsNum(const double v) { return(v==v); }  // false for NaN
bool Near(const double got,const double want,const double tol)
  {
   if(got!=got || want!=want)
      return(false);
   return(MathAbs(got-want)<=tol*(1.0+MathAbs(want)));
  }
void CheckNear(const string name,const double got,const double want,const double tol=1e-12)
  {
   CheckTrue(name,Near(got,want,tol),"got "+DoubleToString(got,12)+", want "+DoubleToString(want,12));
  }
string Shape(const matrix &m) { return(IntegerToString(m.Rows())+"x"+IntegerToString(m.Cols())); }
//--- element-wise comparison with a tolerance; reports the first difference
bool SameM(const matrix &a,const matrix &b,const double tol,string &why)
  {
   if(a.Rows()!=b.Rows() || a.Cols()!=b.Cols())
     {
      why="shape "+Shape(a)+" vs "+Shape(b);
      return(false);
     }
   for(ulong i=0; i<a.Rows(); i++)
      for(ulong j=0; j<a.Cols(); j++)
         if(!Near(a[i][j],b[i][j],tol))
           {
            why="("+IntegerToString(i)+","+IntegerToString(j)+"): "+DoubleToString(a[i][j],10)+" vs "+DoubleToString(b[i][j],10);
            return(false);
           }
   return(true);
  }
void CheckM(const string name,const matrix &got,const matrix &want,const double tol=1e-12)
  {
   string why="";
   CheckTrue(name,SameM(got,want,tol,why),why);
  }
bool SameV(const vector &a,const vector &b,const double tol,string &why)
  {
   if(a.Size()!=b.Size())
     {
      why="size "+IntegerToString(a.Size())+" vs "+IntegerToString(b.Size());
      return(false);
     }
   for(ulong i=0; i<a.Size(); i++)
      if(!Near(a[i],b[i],tol))
        {
         why="["+IntegerToString(i)+"]: "+DoubleToString(a[i],10)+" vs "+DoubleToString(b[i],10);
         return(false);
        }
   return(true);
  }
void CheckV(const string name,const vector &got,const vector &want,const double tol=1e-12)
  {
   string why="";
   CheckTrue(name,SameV(got,want,tol,why),why);
  }
//--- the test's own data: a[i][j] from a fixed formula
matrix Sample(const ulong rows,const ulong cols,const double shift)
  {
   matrix m(rows,cols);
   for(ulong i=0; i<rows; i++)
      for(ulong j=0; j<cols; j++)
         m[i][j]=MathSin(1.0+i*cols+j+shift)*3.0;
   return(m);
  }
vector SampleV(const ulong n,const double shift)
  {
   vector v(n);
   for(ulong i=0; i<n; i++)
      v[i]=MathSin(2.0+i+shift)*2.0;
   return(v);
  }
matrix RefMatMul(const matrix &a,const matrix &b)
  {
   matrix c(a.Rows(),b.Cols());
   for(ulong i=0; i<a.Rows(); i++)
      for(ulong j=0; j<b.Cols(); j++)
        {
         double s=0;
         for(ulong k=0; k<a.Cols(); k++)
            s+=a[i][k]*b[k][j];
         c[i][j]=s;
        }
   return(c);
  }
double Sigmoid(const double x) { return(1.0/(1.0+MathExp(-x))); }
double Tanh(const double x) { return((MathExp(2*x)-1)/(MathExp(2*x)+1)); }
//--- the activation functions as the reference's Activation page writes them
double RefActivation(const int f,const double x)
  {
   switch(f)
     {
      case 0: return(x>=0 ? x : MathExp(x)-1);                                  // ELU, alpha 1
      case 1: return(MathExp(x));                                               // EXP
      case 2: return(0.5*x*(1+Tanh(MathSqrt(2/M_PI)*(x+0.044715*MathPow(x,3))))); // GELU
      case 3: return(x<-2.5 ? 0 : (x>2.5 ? 1 : 0.2*x+0.5));                     // HARD_SIGMOID
      case 4: return(x);                                                        // LINEAR 1, 0
      case 5: return(x>=0 ? x : 0.3*x);                                         // LRELU 0.3
      case 6: return(x>0 ? x : 0);                                              // RELU
      case 7: return(x>=0 ? 1.0507009873554804934193349852946*x : 1.0507009873554804934193349852946*1.6732632423543772848170429916717*(MathExp(x)-1));
      case 8: return(Sigmoid(x));                                               // SIGMOID
      case 10: return(MathLog(MathExp(x)+1));                                   // SOFTPLUS
      case 11: return(x/(MathAbs(x)+1));                                        // SOFTSIGN
      case 12: return(x*Sigmoid(x));                                            // SWISH
      case 13: return(Tanh(x));                                                 // TANH
      case 14: return(x>1 ? x : 0);                                             // TRELU theta 1
     }
   return(0);
  }
//--- the losses (Keras' definitions, which the Loss page names), p predicted, y true
double Clip01(const double p) { return(p<1e-7 ? 1e-7 : (p>1-1e-7 ? 1-1e-7 : p)); }
double RefLoss(const int f,const vector &p,const vector &y)
  {
   double n=(double)p.Size(),r=0;
   if(f==5) // COSINE
     {
      double d=0,yy=0,pp=0;
      for(ulong i=0; i<p.Size(); i++)
        {
         d+=y[i]*p[i];
         yy+=y[i]*y[i];
         pp+=p[i]*p[i];
        }
      return(-d/MathSqrt(yy*pp));
     }
   if(f==10) // CAT_HINGE
     {
      double pos=0,neg=-1e300;
      for(ulong i=0; i<p.Size(); i++)
        {
         pos+=y[i]*p[i];
         neg=MathMax(neg,(1-y[i])*p[i]);
        }
      return(MathMax(neg-pos+1,0.0));
     }
   for(ulong i=0; i<p.Size(); i++)
     {
      double e=y[i]-p[i];
      switch(f)
        {
         case 0: r+=e*e/n; break;
         case 1: r+=MathAbs(e)/n; break;
         case 2: case 3: r-=y[i]*MathLog(Clip01(p[i])); break;
         case 4: r+=Clip01(y[i])*MathLog(Clip01(y[i])/Clip01(p[i])); break;
         case 6: r+=(p[i]-y[i]*MathLog(p[i]+1e-7))/n; break;
         case 7: r+=MathPow(MathLog(1+p[i])-MathLog(1+y[i]),2)/n; break;
         case 8: r-=(y[i]*MathLog(Clip01(p[i]))+(1-y[i])*MathLog(1-Clip01(p[i])))/n; break;
         case 9: r+=MathMax(1-y[i]*p[i],0.0)/n; break;
         case 11: r+=MathPow(MathMax(1-y[i]*p[i],0.0),2)/n; break;
         case 12: r+=MathLog((MathExp(e)+MathExp(-e))/2)/n; break;
         case 13: r+=(MathAbs(e)<=1 ? 0.5*e*e : MathAbs(e)-0.5)/n; break;
        }
     }
   return(r);
  }
//--- initialising functions (docs: Initialization): called on the allocated object
void Arange(vector &v)
  {
   for(ulong i=0; i<v.Size(); i++)
      v[i]=(double)i;
  }
void Scaled(matrix &m,const double scale)
  {
   for(ulong i=0; i<m.Rows(); i++)
      for(ulong j=0; j<m.Cols(); j++)
         m[i][j]=scale*(i*10+j);
  }
//+------------------------------------------------------------------+
void Initialization()
  {
   vector ar(4,Arange);
   matrix sc(2,3,Scaled,0.5);
   matrix si;
   si.Init(3,2,Scaled,2.0);
   vector vi2;
   vi2.Init(6,Arange);
   Check("an initialising function: v(4,F), m(2,3,F,0.5), Init(3,2,F,2), Init(6,F)",DoubleToString(ar[3],0)+" "+
         DoubleToString(sc[1][2],1)+" "+Shape(si)+" "+DoubleToString(si[2][1],0)+" "+DoubleToString(vi2[5],0),"3 6.0 3x2 42 5");
   matrix m={{1,2,3},{4,5,6}};
   Check("matrix m={{1,2,3},{4,5,6}}",Shape(m)+" "+DoubleToString(m[0][2],0)+" "+DoubleToString(m[1][0],0),"2x3 3 4");
   vector v={1,2,3};
   Check("vector v={1,2,3}",IntegerToString(v.Size())+" "+DoubleToString(v[0],0)+DoubleToString(v[2],0),"3 13");
   int i2=2,i7=7;
   vector vi={i2,i7,0.5};
   matrixf mi={{i2,i7},{1.5,i2}};
   Check("initializer lists of int variables",DoubleToString(vi[1],0)+" "+DoubleToString(mi[0][1],0)+" "+
         DoubleToString(mi[1][0],1),"7 7 1.5");
   matrix e=matrix::Eye(3,4,1),e0=matrix::Eye(3,3),id=matrix::Identity(3,3),tri=matrix::Tri(3,4,1);
   bool ok=Shape(e)=="3x4" && Shape(tri)=="3x4";
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
        {
         ok=ok && e[i][j]==(j==i+1 ? 1 : 0) && tri[i][j]==(j<=i+1 ? 1 : 0);
         if(j<3)
            ok=ok && e0[i][j]==(i==j ? 1 : 0) && id[i][j]==(i==j ? 1 : 0);
        }
   CheckTrue("Eye(3,4,1), Eye(3,3), Identity(3,3), Tri(3,4,1)",ok);
   matrix o=matrix::Ones(2,3),z=matrix::Zeros(2,3),f=matrix::Full(2,3,7.5);
   ok=Shape(o)=="2x3" && Shape(z)=="2x3" && Shape(f)=="2x3";
   for(ulong i=0; i<2; i++)
      for(ulong j=0; j<3; j++)
         ok=ok && o[i][j]==1 && z[i][j]==0 && f[i][j]==7.5;
   CheckTrue("Ones, Zeros, Full",ok);
   vector vo=vector::Ones(4),vz=vector::Zeros(4),vf=vector::Full(4,-2);
   ok=vo.Size()==4 && vz.Size()==4 && vf.Size()==4;
   for(ulong i=0; i<4; i++)
      ok=ok && vo[i]==1 && vz[i]==0 && vf[i]==-2;
   CheckTrue("vector::Ones, Zeros, Full",ok);
//--- the template spellings, through #define names as the NN articles write them
   MATRIX mz=MATRIX::Zeros(2,2);
   VECTOR vt=VECTOR::Full(3,1.5);
   MATRIX layers[];
   ArrayResize(layers,2);
   layers[1]=MATRIX::Ones(2,3);
   Check("an array of MATRIX (checked as any array)",IntegerToString(ArraySize(layers))+" "+Shape(layers[1])+" "+
         Shape(layers[0]),"2 2x3 0x0");
   matrix<float> mf=matrixf::Ones(2,2);
   matrixf mf2=mf;
   vector<float> vf2=vectorf::Zeros(2);
   Check("MATRIX::Zeros, VECTOR::Full, matrix<float> is matrixf",Shape(mz)+" "+DoubleToString(mz[1][1],0)+" "+
         DoubleToString(vt[2],1)+" "+DoubleToString(mf2[1][0],0)+" "+IntegerToString(vf2.Size()),"2x2 0 1.5 1 2");
//--- Init, Fill, Assign
   matrix a;
   a.Init(2,3);
   a.Fill(4);
   double arr[6]={1,2,3,4,5,6};
   a.Assign(arr);
   Check("Assign(array) keeps a shape of that many elements",Shape(a)+" "+DoubleToString(a[1][0],0),"2x3 4");
   matrix b;
   b.Assign(arr);
   Check("Assign(array) to an empty matrix: 1 x n",Shape(b)+" "+DoubleToString(b[0][5],0),"1x6 6");
   matrixf fm={{1.5f,2.5f}};
   matrix conv;
   conv.Assign(fm);
   Check("Assign(matrixf) to a matrix",Shape(conv)+" "+DoubleToString(conv[0][1],1),"1x2 2.5");
   vector va;
   va.Assign(arr);
   vectorf vfa;
   vfa.Assign(va);
   Check("vector Assign(array), vectorf Assign(vector)",IntegerToString(va.Size())+" "+DoubleToString(vfa[5],0),"6 6");
   matrix cp;
   cp.Copy(m);
   cp[0][0]=-1;
   vector vcp;
   vcp.Copy(v);
   Check("Copy: an independent copy",Shape(cp)+" "+DoubleToString(m[0][0],0)+" "+DoubleToString(vcp[1],0),"2x3 1 2");
   matrix sm={{1,2},{3,4}};
   vector sv={7,8,9};
   sm.Swap(sv);
   double sa[];
   ArrayResize(sa,2);
   sa[0]=5;
   sa[1]=6;
   vector sv2={1,2,3};
   sv2.Swap(sa);
   Check("matrix.Swap(vector), vector.Swap(array)",Shape(sm)+" "+DoubleToString(sm[0][2],0)+" "+IntegerToString(sv.Size())+
         DoubleToString(sv[3],0)+" "+IntegerToString(sv2.Size())+DoubleToString(sv2[1],0)+" "+IntegerToString(ArraySize(sa))+
         DoubleToString(sa[2],0),"1x3 9 44 26 33");
   matrix s1={{1,2}},s2={{3},{4},{5}};
   s1.Swap(s2);
   Check("Swap exchanges shapes and elements",Shape(s1)+" "+Shape(s2)+" "+DoubleToString(s1[2][0],0),"3x1 1x2 5");
//--- Reshape keeps the row-major order, Resize keeps (row, column)
   matrix r={{1,2,3},{4,5,6}};
   r.Reshape(3,2);
   Check("Reshape(3,2)",Shape(r)+" "+DoubleToString(r[1][0],0)+DoubleToString(r[2][1],0),"3x2 36");
   matrix rs={{1,2,3},{4,5,6}};
   rs.Resize(3,2);
   Check("Resize(3,2)",Shape(rs)+" "+DoubleToString(rs[1][0],0)+DoubleToString(rs[1][1],0)+" "+
         (IsNum(rs[2][0]) ? "set" : "undefined"),"3x2 45 undefined");
   vector vr={1,2,3};
   vr.Resize(5);
   Check("vector Resize keeps the elements",IntegerToString(vr.Size())+" "+DoubleToString(vr[2],0),"5 3");
  }
//+------------------------------------------------------------------+
void Manipulations()
  {
   matrix a=Sample(3,4,0.0);
   matrix t=a.Transpose(),lo=a.TriL(),up=a.TriU(1),lo1=a.TriL(-1);
   bool ok=Shape(t)=="4x3";
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
         ok=ok && t[j][i]==a[i][j] && lo[i][j]==(j<=i ? a[i][j] : 0) && up[i][j]==(j>=i+1 ? a[i][j] : 0) &&
            lo1[i][j]==((long)j<=(long)i-1 ? a[i][j] : 0);
   CheckTrue("Transpose, TriL(0), TriU(1), TriL(-1)",ok);
   vector d0=a.Diag(),d1=a.Diag(1),dm=a.Diag(-1);
   ok=d0.Size()==3 && d1.Size()==3 && dm.Size()==2;
   for(ulong i=0; i<3; i++)
      ok=ok && d0[i]==a[i][i] && d1[i]==a[i][i+1] && (i>1 || dm[i]==a[i+1][i]);
   CheckTrue("Diag(0), Diag(1), Diag(-1)",ok);
   matrix dz;
   vector dv={1,2,3};
   dz.Diag(dv);
   Check("Diag(v) on an empty matrix: the square diagonal matrix",Shape(dz)+" "+DoubleToString(dz[2][2],0)+
         DoubleToString(dz[0][1],0),"3x3 30");
   vector row=a.Row(1),col=a.Col(2);
   ok=row.Size()==4 && col.Size()==3;
   for(ulong j=0; j<4; j++)
      ok=ok && row[j]==a[1][j];
   for(ulong i=0; i<3; i++)
      ok=ok && col[i]==a[i][2];
   CheckTrue("Row(1), Col(2)",ok);
   matrix w=matrix::Zeros(2,3);
   vector r3={1,2,3},c2={7,8};
   bool set_row=w.Row(r3,1);
   bool set_col=w.Col(c2,0);
   CheckTrue("Row(v,i), Col(v,j) return true (programs MetaEditor compiled test it)",set_row && set_col);
   Check("Row(v,1), Col(v,0)",DoubleToString(w[1][0],0)+DoubleToString(w[1][2],0)+DoubleToString(w[0][0],0),"837");
   ResetLastError();
   bool set_wrong=w.Row(c2,0);
   Check("Row(v,i) with a vector of another size: false, nothing written, ERR_MATRIX_INVALID_SIZE",(set_wrong ? "true " : "false ")+
         DoubleToString(w[0][0],0)+DoubleToString(w[0][1],0)+" "+IntegerToString(GetLastError()),"false 70 "+IntegerToString(ERR_MATRIX_INVALID_SIZE));
   matrix fl={{1,2,3},{4,5,6}};
   fl.Flat(4,40);
   Check("Flat(4) reads, Flat(4,40) writes [1][1]",DoubleToString(fl.Flat(5),0)+" "+DoubleToString(fl[1][1],0),"6 40");
   matrix cl={{-3,0.5},{2,9}};
   cl.Clip(-1,1);
   Check("Clip(-1,1)",DoubleToString(cl[0][0],1)+" "+DoubleToString(cl[0][1],1)+" "+DoubleToString(cl[1][1],1),"-1.0 0.5 1.0");
   matrix sw={{1,2},{3,4}};
   sw.SwapRows(0,1);
   sw.SwapCols(0,1);
   Check("SwapRows(0,1), SwapCols(0,1)",DoubleToString(sw[0][0],0)+DoubleToString(sw[0][1],0)+DoubleToString(sw[1][0],0)+
         DoubleToString(sw[1][1],0),"4321");
   matrix parts[];
   matrix sp=Sample(4,6,1.0);
   bool hs=sp.Hsplit(3,parts);
   ok=hs && ArraySize(parts)==3 && Shape(parts[2])=="4x2" && parts[2][3][1]==sp[3][5] && parts[1][0][0]==sp[0][2];
   bool vs=sp.Vsplit(2,parts);
   ok=ok && vs && ArraySize(parts)==2 && Shape(parts[1])=="2x6" && parts[1][1][4]==sp[3][4];
   bool spl=sp.Split(2,0,parts);
   ok=ok && spl && Shape(parts[0])=="4x3" && parts[1][2][0]==sp[2][3];
   bool sp1=sp.Split(4,1,parts);
   ok=ok && sp1 && ArraySize(parts)==4 && Shape(parts[3])=="1x6" && parts[3][0][5]==sp[3][5];
   ulong sizes[]={1,3};
   sp.Split(sizes,AXIS_HORZ,parts);
   ok=ok && ArraySize(parts)==3 && Shape(parts[0])=="4x1" && Shape(parts[1])=="4x3" && Shape(parts[2])=="4x2" &&
      parts[2][1][0]==sp[1][4] && parts[1][3][2]==sp[3][3];
   CheckTrue("Hsplit(3), Vsplit(2), Split(2,0) as Hsplit, Split(4,1) as Vsplit, Split({1,3},AXIS_HORZ)",ok);
   ResetLastError();
   bool hs4=sp.Hsplit(4,parts);
   Check("Hsplit(4) of 6 columns: false, ERR_MATRIX_INVALID_SIZE",(hs4 ? "true " : "false ")+
         IntegerToString(GetLastError()),"false "+IntegerToString(ERR_MATRIX_INVALID_SIZE));
//--- Sort / ArgSort against an insertion sort written here
   vector v=SampleV(9,0.0);
   double ref[];
   ArrayResize(ref,9);
   for(int i=0; i<9; i++)
      ref[i]=v[i];
   ArraySort(ref);
   vector idx=v.ArgSort();
   vector sorted=v;
   sorted.Sort();
   ok=true;
   for(int i=0; i<9; i++)
      ok=ok && sorted[i]==ref[i] && v[(ulong)idx[i]]==ref[i];
   vector desc=v;
   desc.Sort(SORT_DESCENDING);
   vector didx=v.ArgSort(SORT_DESCENDING);
   for(int i=0; i<9; i++)
      ok=ok && desc[i]==ref[8-i] && v[(ulong)didx[i]]==ref[8-i];
   CheckTrue("vector Sort, ArgSort, ascending and SORT_DESCENDING",ok);
   matrix ms=Sample(3,4,2.0),byrow=ms,bycol=ms;
   byrow.Sort(AXIS_VERT);
   bycol.Sort(AXIS_HORZ);
   matrix rank=ms.ArgSort(AXIS_VERT);
   ok=true;
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
        {
         int below=0;
         for(ulong k=0; k<4; k++)
            below+=(ms[i][k]<byrow[i][j]);
         ok=ok && below==(int)j && byrow[i][j]==ms[i][(ulong)rank[i][j]];
         if(i+1<3)
            ok=ok && bycol[i][j]<=bycol[i+1][j];
        }
   CheckTrue("matrix Sort(AXIS_VERT) each row, Sort(AXIS_HORZ) each column, ArgSort(AXIS_VERT)",ok);
//--- Compare, CompareByDigits, HasNan
   matrix c1={{1,2},{3,4}},c2m={{1,2.001},{3,4.1}};
   Check("Compare(eps)",IntegerToString(c1.Compare(c2m,0.01))+" "+IntegerToString(c1.Compare(c2m,0.5))+" "+
         IntegerToString(c1.Compare(c2m,0.0001)),"1 0 2");
   Check("CompareByDigits",IntegerToString(c1.CompareByDigits(c2m,2))+" "+IntegerToString(c1.CompareByDigits(c2m,5)),"1 2");
   ResetLastError();
   ulong mism=c1.Compare(matrix::Zeros(3,3),0.1);
   Check("Compare of different shapes: ULONG_MAX, ERR_MATRIX_INCONSISTENT",(mism==ULONG_MAX ? "ULONG_MAX " : "other ")+
         IntegerToString(GetLastError()),"ULONG_MAX "+IntegerToString(ERR_MATRIX_INCONSISTENT));
   matrix hn(2,2);
   hn[0][0]=1;
   hn[1][1]=2;
   Check("HasNan counts the undefined elements",IntegerToString(hn.HasNan())+" "+IntegerToString(c1.HasNan()),"2 0");
   ulong replaced=hn.ReplaceNan(-5);
   Check("ReplaceNan(-5)",IntegerToString(replaced)+" "+DoubleToString(hn[0][1],0)+" "+DoubleToString(hn[1][1],0)+" "+
         IntegerToString(hn.HasNan()),"2 -5 2 0");
  }
//+------------------------------------------------------------------+
void Operations()
  {
   matrix a=Sample(3,4,0.0),b=Sample(3,4,5.0);
   matrix add=a+b,sub=a-b,mul=a*b,div=a/b,as=a+2.5,sa=10-a,am=a*3,da=2/a,neg=-a;
   matrix ref_add(3,4),ref_sub(3,4),ref_mul(3,4),ref_div(3,4),ref_as(3,4),ref_sa(3,4),ref_am(3,4),ref_da(3,4),ref_neg(3,4);
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
        {
         ref_add[i][j]=a[i][j]+b[i][j];
         ref_sub[i][j]=a[i][j]-b[i][j];
         ref_mul[i][j]=a[i][j]*b[i][j];
         ref_div[i][j]=a[i][j]/b[i][j];
         ref_as[i][j]=a[i][j]+2.5;
         ref_sa[i][j]=10-a[i][j];
         ref_am[i][j]=a[i][j]*3;
         ref_da[i][j]=2/a[i][j];
         ref_neg[i][j]=-a[i][j];
        }
   CheckM("matrix + matrix",add,ref_add);
   CheckM("matrix - matrix",sub,ref_sub);
   CheckM("matrix * matrix (element-wise)",mul,ref_mul);
   CheckM("matrix / matrix",div,ref_div);
   CheckM("matrix + scalar",as,ref_as);
   CheckM("scalar - matrix",sa,ref_sa);
   CheckM("matrix * scalar",am,ref_am);
   CheckM("scalar / matrix",da,ref_da);
   CheckM("-matrix",neg,ref_neg);
   matrix c=a;
   c+=b;
   c-=a;
   c*=2;
   c/=4;
   c*=b;
   c/=b;
   c-=1;
   c+=1;
   CheckM("+= -= *= /= with matrices and scalars",c,b*0.5);
   vector v=SampleV(5,0.0),w=SampleV(5,3.0);
   vector vadd=v+w,vmul=v*w,vsd=1-v/w;
   vector ref_vadd(5),ref_vmul(5),ref_vsd(5);
   for(ulong i=0; i<5; i++)
     {
      ref_vadd[i]=v[i]+w[i];
      ref_vmul[i]=v[i]*w[i];
      ref_vsd[i]=1-v[i]/w[i];
     }
   CheckV("vector + vector",vadd,ref_vadd);
   CheckV("vector * vector",vmul,ref_vmul);
   CheckV("1 - vector / vector",vsd,ref_vsd);
   vector vc=v;
   vc+=w;
   vc-=w;
   vc*=4;
   vc/=2;
   CheckV("vector compound operators",vc,v*2);
//--- the Math* functions element-wise
   matrix ex=MathExp(a),sq=MathSqrt(MathAbs(a)),pw=MathPow(a,2),lg=MathLog(MathAbs(a));
   bool ok=true;
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
         ok=ok && Near(ex[i][j],MathExp(a[i][j]),1e-14) && Near(sq[i][j],MathSqrt(MathAbs(a[i][j])),1e-14) &&
            Near(pw[i][j],a[i][j]*a[i][j],1e-14) && Near(lg[i][j],MathLog(MathAbs(a[i][j])),1e-14);
   matrix md=MathMod(a,1.5),mdm=MathMod(a,b),pwm=MathPow(MathAbs(a),b);
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
        {
         double q1=a[i][j]/1.5,q2=a[i][j]/b[i][j];
         double t1=q1<0 ? MathCeil(q1) : MathFloor(q1),t2=q2<0 ? MathCeil(q2) : MathFloor(q2);
         ok=ok && Near(md[i][j],a[i][j]-1.5*t1,1e-12) && Near(mdm[i][j],a[i][j]-b[i][j]*t2,1e-12) &&
            Near(pwm[i][j],MathExp(b[i][j]*MathLog(MathAbs(a[i][j]))),1e-12);
        }
   vector vt=MathTanh(v);
   for(ulong i=0; i<5; i++)
      ok=ok && Near(vt[i],Tanh(v[i]),1e-12);
   CheckTrue("MathExp, MathSqrt, MathAbs, MathPow, MathMod (scalar and element-wise), MathLog, MathTanh",ok);
  }
//+------------------------------------------------------------------+
void Products()
  {
   matrix a=Sample(3,4,0.0),b=Sample(4,2,1.0);
   CheckM("MatMul 3x4 * 4x2",a.MatMul(b),RefMatMul(a,b));
   vector v=SampleV(4,0.0),u=SampleV(3,1.0);
   vector av=a.MatMul(v),ua=u.MatMul(a);
   vector ref_av(3),ref_ua(4);
   for(ulong i=0; i<3; i++)
     {
      double s=0;
      for(ulong k=0; k<4; k++)
         s+=a[i][k]*v[k];
      ref_av[i]=s;
     }
   for(ulong j=0; j<4; j++)
     {
      double s=0;
      for(ulong k=0; k<3; k++)
         s+=u[k]*a[k][j];
      ref_ua[j]=s;
     }
   CheckV("matrix.MatMul(vector)",av,ref_av);
   CheckV("vector.MatMul(matrix)",ua,ref_ua);
//--- the @ operator: the same products, with multiplication's priority (D=C+A@B is C+(A@B))
   matrix cc=Sample(3,2,8.0);
   matrix d=cc+a@b,d2=2*a@b;
   CheckM("C+A@B",d,cc+RefMatMul(a,b));
   CheckM("2*A@B is (2*A)@B",d2,RefMatMul(a*2,b));
   CheckV("matrix @ vector, vector @ matrix",a@v,ref_av);
   CheckV("vector @ matrix",u@a,ref_ua);
   double vv=u@u;
   CheckNear("vector @ vector, vector.MatMul(vector): the scalar product",vv+1000*u.MatMul(u),1001*u.Dot(u));
   matrix g=Sample(2,3,4.0),gt=Sample(3,2,6.0),gc=Sample(3,3,7.0),gref=gc;
   gc.GeMM(a,b.Transpose().Transpose(),2.0,0.0);
   CheckM("GeMM(A,B,2,0): 2*A*B, C takes the shape",gc,RefMatMul(a,b)*2.0);
   matrix gd=gref;
   gd.GeMM(g,gt,0.5,3.0,TRANSP_A|TRANSP_B);
   CheckM("GeMM(A,B,0.5,3,TRANSP_A|TRANSP_B): 0.5*A'*B'+3*C",gd,RefMatMul(g.Transpose(),gt.Transpose())*0.5+gref*3.0);
   vector gx=SampleV(3,2.0),gy=SampleV(4,3.0),gv=SampleV(4,4.0),gvref=gv;
   matrix go=matrix::Ones(3,4);
   go.GeMM(gx,gy,2.0,1.0);
   gv.GeMM(gx,a.Transpose(),1.5,-1.0,TRANSP_B);
   bool ok=gv.Size()==4;
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
         ok=ok && Near(go[i][j],2*gx[i]*gy[j]+1,1e-12);
   for(ulong j=0; j<4; j++)
     {
      double sgv=0;
      for(ulong k=0; k<3; k++)
         sgv+=gx[k]*a[k][j];
      ok=ok && Near(gv[j],1.5*sgv-gvref[j],1e-12);
     }
   CheckTrue("GeMM(vector,vector): 2*x*y'+C; vector GeMM(x,B',1.5,-1,TRANSP_B): 1.5*x*B-v",ok);
   ResetLastError();
   bool gbad=gd.GeMM(a,a,1.0,0.0);
   Check("GeMM of shapes that do not chain: false, ERR_MATRIX_INCONSISTENT",(gbad ? "true " : "false ")+
         IntegerToString(GetLastError()),"false "+IntegerToString(ERR_MATRIX_INCONSISTENT));
   matrix sq=Sample(3,3,2.0);
   CheckM("Power(3)",sq.Power(3),RefMatMul(RefMatMul(sq,sq),sq),1e-12);
   CheckM("Power(0) is the identity",sq.Power(0),matrix::Identity(3,3));
   ResetLastError();
   matrix np=a.Power(2);
   Check("Power of a non-square matrix: empty, ERR_MATRIX_INVALID_SIZE",Shape(np)+" "+IntegerToString(GetLastError()),
         "0x0 "+IntegerToString(ERR_MATRIX_INVALID_SIZE));
   vector x=SampleV(6,0.0),y=SampleV(6,2.0);
   double dot=0;
   for(ulong i=0; i<6; i++)
      dot+=x[i]*y[i];
   CheckNear("Dot",x.Dot(y),dot);
   ResetLastError();
   double bad=x.Dot(v);
   Check("Dot of different sizes: NaN, ERR_MATRIX_INCONSISTENT",(IsNum(bad) ? "number " : "nan ")+
         IntegerToString(GetLastError()),"nan "+IntegerToString(ERR_MATRIX_INCONSISTENT));
   matrix outer=x.Outer(v);
   ok=Shape(outer)=="6x4";
   for(ulong i=0; i<6; i++)
      for(ulong j=0; j<4; j++)
         ok=ok && outer[i][j]==x[i]*v[j];
   CheckTrue("vector.Outer",ok);
   matrix k1={{1,2},{3,4}},k2={{0,5},{6,7}};
   matrix kron=k1.Kron(k2);
   matrix kref={{0,5,0,10},{6,7,12,14},{0,15,0,20},{18,21,24,28}};
   CheckM("Kron (the reference's example)",kron,kref);
   matrix inner=a.Inner(Sample(2,4,3.0));
   CheckM("Inner: a[i]·b[j]",inner,RefMatMul(a,Sample(2,4,3.0).Transpose()));
//--- Cov, CorrCoef: rows are the variables; n-1 in the covariance
   matrix data=Sample(3,7,0.5);
   matrix cov=data.Cov(),corr=data.CorrCoef();
   ok=Shape(cov)=="3x3" && Shape(corr)=="3x3";
   for(ulong p=0; p<3 && ok; p++)
      for(ulong q=0; q<3; q++)
        {
         double mp=0,mq=0,s=0,sp=0,sq2=0;
         for(ulong t=0; t<7; t++)
           {
            mp+=data[p][t]/7;
            mq+=data[q][t]/7;
           }
         for(ulong t=0; t<7; t++)
           {
            s+=(data[p][t]-mp)*(data[q][t]-mq);
            sp+=(data[p][t]-mp)*(data[p][t]-mp);
            sq2+=(data[q][t]-mq)*(data[q][t]-mq);
           }
         ok=ok && Near(cov[p][q],s/6,1e-12) && Near(corr[p][q],s/MathSqrt(sp*sq2),1e-12);
        }
   CheckTrue("Cov, CorrCoef",ok);
   CheckNear("vector CorrCoef",x.CorrCoef(y),RefCorr(x,y),1e-12);
//--- Convolve and Correlate: NumPy's documented outputs
   vector p={1,2,3},q={0,1,0.5};
   vector full={0,1,2.5,4,1.5},same={1,2.5,4},valid={2.5};
   CheckV("Convolve full",p.Convolve(q,VECTOR_CONVOLVE_FULL),full);
   CheckV("Convolve same",p.Convolve(q,VECTOR_CONVOLVE_SAME),same);
   CheckV("Convolve valid",p.Convolve(q,VECTOR_CONVOLVE_VALID),valid);
   vector cfull={0.5,2,3.5,3,0},csame={2,3.5,3},cvalid={3.5};
   CheckV("Correlate full",p.Correlate(q,VECTOR_CONVOLVE_FULL),cfull);
   CheckV("Correlate same",p.Correlate(q,VECTOR_CONVOLVE_SAME),csame);
   CheckV("Correlate valid",p.Correlate(q,VECTOR_CONVOLVE_VALID),cvalid);
  }
double RefCorr(const vector &x,const vector &y)
  {
   double mx=x.Sum()/x.Size(),my=0,s=0,sx=0,sy=0;
   for(ulong i=0; i<y.Size(); i++)
      my+=y[i]/y.Size();
   for(ulong i=0; i<x.Size(); i++)
     {
      s+=(x[i]-mx)*(y[i]-my);
      sx+=(x[i]-mx)*(x[i]-mx);
      sy+=(y[i]-my)*(y[i]-my);
     }
   return(s/MathSqrt(sx*sy));
  }
//+------------------------------------------------------------------+
double RefQuantile(const double &sorted[],const double q)
  {
   int n=ArraySize(sorted);
   double at=q*(n-1);
   int below=(int)MathFloor(at);
   if(below+1>=n)
      return(sorted[n-1]);
   return(sorted[below]+(sorted[below+1]-sorted[below])*(at-below));
  }
void Statistics()
  {
//--- the reference's examples (Quantile on a matrixf, Ptp): their printed outputs are checked by
//--- run_scripts.py, their values here
   matrixf qa={{1,2,3},{4,5,6},{7,8,9},{10,11,12}};
   vectorf cols_quantile=qa.Quantile(0.5,0),rows_quantile=qa.Quantile(0.5,1);
   Print("cols_quantile ",cols_quantile);
   Print("rows_quantile ",rows_quantile);
   matrix pa={{10,3,2},{1,8,12},{6,5,4},{7,11,9}};
   vector cols_ptp=pa.Ptp(0),rows_ptp=pa.Ptp(1);
   Print("cols_ptp ",cols_ptp);
   Print("rows_ptp ",rows_ptp);
   vector want_cq={5.5,6.5,7.5},want_rq={2,5,8,11},want_cp={9,8,10},want_rp={8,11,2,4};
   vector got_cq,got_rq;
   got_cq.Assign(cols_quantile);
   got_rq.Assign(rows_quantile);
   CheckV("Quantile(0.5,0) of the reference's example",got_cq,want_cq);
   CheckV("Quantile(0.5,1) of the reference's example",got_rq,want_rq);
   CheckNear("Quantile(0.5) of the reference's example",qa.Quantile(0.5),6.5);
   CheckV("Ptp(0) of the reference's example",cols_ptp,want_cp);
   CheckV("Ptp(1) of the reference's example",rows_ptp,want_rp);
   CheckNear("Ptp() of the reference's example",pa.Ptp(),11);
//--- the reference's example (Std): 4x3, axis 0 one value per column
   matrix doc={{10,3,2},{1,8,12},{6,5,4},{7,11,9}};
   vector cols=doc.Std(0),rows=doc.Std(1);
   vector want_cols={3.2403703,3.0310889,3.9607449},want_rows={3.5590261,4.5460606,0.81649658,1.6329932};
   CheckV("Std(0) of the reference's example",cols,want_cols,1e-7);
   CheckV("Std(1) of the reference's example",rows,want_rows,1e-7);
   matrix a=Sample(4,5,0.0);
   double sum=0,prod=1,mx=-1e300,mn=1e300;
   ulong amx=0,amn=0;
   double flat[];
   ArrayResize(flat,20);
   for(ulong i=0; i<4; i++)
      for(ulong j=0; j<5; j++)
        {
         double x=a[i][j];
         flat[(int)(i*5+j)]=x;
         sum+=x;
         prod*=x;
         if(x>mx)
           {
            mx=x;
            amx=i*5+j;
           }
         if(x<mn)
           {
            mn=x;
            amn=i*5+j;
           }
        }
   double mean=sum/20,var=0;
   for(int k=0; k<20; k++)
      var+=(flat[k]-mean)*(flat[k]-mean)/20;
   CheckNear("Sum",a.Sum(),sum);
   CheckNear("Prod",a.Prod(),prod);
   CheckNear("Mean",a.Mean(),mean);
   CheckNear("Var (population)",a.Var(),var);
   CheckNear("Std",a.Std(),MathSqrt(var));
   CheckNear("Max, Min, Ptp",a.Max()+1000*a.Min()+1e6*a.Ptp(),mx+1000*mn+1e6*(mx-mn));
   Check("ArgMax, ArgMin (row-major index)",IntegerToString(a.ArgMax())+" "+IntegerToString(a.ArgMin()),
         IntegerToString(amx)+" "+IntegerToString(amn));
   ArraySort(flat);
   CheckNear("Median",a.Median(),(flat[9]+flat[10])/2);
   CheckNear("Quantile(0.3)",a.Quantile(0.3),RefQuantile(flat,0.3));
   CheckNear("Percentile(85)",a.Percentile(85),RefQuantile(flat,0.85));
//--- per axis: AXIS_VERT (1) one value per row
   vector rs=a.Sum(1),rmax=a.Max(1),rarg=a.ArgMin(1),cmean=a.Mean(0),cmed=a.Median(0);
   bool ok=rs.Size()==4 && cmean.Size()==5;
   for(ulong i=0; i<4; i++)
     {
      double s=0,m=-1e300,lo=1e300;
      ulong at=0;
      for(ulong j=0; j<5; j++)
        {
         s+=a[i][j];
         m=MathMax(m,a[i][j]);
         if(a[i][j]<lo)
           {
            lo=a[i][j];
            at=j;
           }
        }
      ok=ok && Near(rs[i],s,1e-12) && rmax[i]==m && rarg[i]==at;
     }
   for(ulong j=0; j<5; j++)
     {
      double col[4];
      double s=0;
      for(ulong i=0; i<4; i++)
        {
         col[i]=a[i][j];
         s+=a[i][j];
        }
      ArraySort(col);
      ok=ok && Near(cmean[j],s/4,1e-12) && Near(cmed[j],(col[1]+col[2])/2,1e-12);
     }
   CheckTrue("Sum(1), Max(1), ArgMin(1), Mean(0), Median(0)",ok);
   vector cs=a.CumSum(),cp=doc.CumProd();
   matrix csa=a.CumSum(0);
   ok=cs.Size()==20 && cp.Size()==12;
   double run=0,runp=1;
   for(ulong k=0; k<20; k++)
     {
      run+=a.Flat(k);
      ok=ok && Near(cs[k],run,1e-12);
     }
   for(ulong k=0; k<12; k++)
     {
      runp*=doc.Flat(k);
      ok=ok && cp[k]==runp;
     }
   for(ulong j=0; j<5; j++)
     {
      double s=0;
      for(ulong i=0; i<4; i++)
        {
         s+=a[i][j];
         ok=ok && Near(csa[i][j],s,1e-12);
        }
     }
   CheckTrue("CumSum(), CumProd(), CumSum(0)",ok);
   matrix wts=Sample(4,5,9.0)+4;
   double ws=0,wsum=0;
   for(ulong i=0; i<4; i++)
      for(ulong j=0; j<5; j++)
        {
         ws+=a[i][j]*wts[i][j];
         wsum+=wts[i][j];
        }
   CheckNear("Average(weights)",a.Average(wts),ws/wsum);
//--- LinearRegression: the least-squares line against the index; its residuals sum to zero and
//--- are orthogonal to the index (the normal equations), and a line is its own fit
   vector series=SampleV(7,1.0),fit=series.LinearRegression();
   double r0=0,r1=0;
   for(ulong i=0; i<7; i++)
     {
      r0+=series[i]-fit[i];
      r1+=(series[i]-fit[i])*i;
     }
   vector line={1,3,5,7};
   matrix lm=Sample(3,5,2.0),lfit=lm.LinearRegression(AXIS_VERT);
   double lr0=0,lr1=0;
   for(ulong j=0; j<5; j++)
     {
      lr0+=lm[1][j]-lfit[1][j];
      lr1+=(lm[1][j]-lfit[1][j])*j;
     }
   ok=fit.Size()==7 && MathAbs(r0)<1e-12 && MathAbs(r1)<1e-12 && MathAbs(fit[2]-2*fit[1]+fit[0])<1e-12 &&
      line.LinearRegression().Compare(line,1e-12)==0 && MathAbs(lr0)<1e-12 && MathAbs(lr1)<1e-12 &&
      MathAbs(lfit[1][3]-2*lfit[1][2]+lfit[1][1])<1e-12;
   CheckTrue("LinearRegression (vector; matrix per row)",ok);
//--- vectors
   vector v={5,1,4,2,3,9};
   Check("vector Sum, Mean, Median, ArgMax, ArgMin, Ptp",DoubleToString(v.Sum(),0)+" "+DoubleToString(v.Mean(),0)+" "+
         DoubleToString(v.Median(),1)+" "+IntegerToString(v.ArgMax())+" "+IntegerToString(v.ArgMin())+" "+
         DoubleToString(v.Ptp(),0),"24 4 3.5 5 1 8");
//--- empty operands: NaN and ERR_MATRIX_NOT_INITIALIZED; Sum of nothing is 0
   vector none;
   ResetLastError();
   double m0=none.Mean();
   Check("Mean of an empty vector: NaN, ERR_MATRIX_NOT_INITIALIZED",(IsNum(m0) ? "number " : "nan ")+
         IntegerToString(GetLastError())+" "+DoubleToString(none.Sum(),0),"nan "+IntegerToString(ERR_MATRIX_NOT_INITIALIZED)+" 0");
  }
//+------------------------------------------------------------------+
void Features()
  {
   matrix a=Sample(4,3,0.0);
   double fro=0,rmax=0,rmin=1e300,cmax=0,cmin=1e300;
   for(ulong i=0; i<4; i++)
     {
      double r=0;
      for(ulong j=0; j<3; j++)
        {
         fro+=a[i][j]*a[i][j];
         r+=MathAbs(a[i][j]);
        }
      rmax=MathMax(rmax,r);
      rmin=MathMin(rmin,r);
     }
   for(ulong j=0; j<3; j++)
     {
      double c=0;
      for(ulong i=0; i<4; i++)
         c+=MathAbs(a[i][j]);
      cmax=MathMax(cmax,c);
      cmin=MathMin(cmin,c);
     }
   CheckNear("Norm FROBENIUS",a.Norm(MATRIX_NORM_FROBENIUS),MathSqrt(fro));
   CheckNear("Norm INF, MINUS_INF (row sums)",a.Norm(MATRIX_NORM_INF)+1000*a.Norm(MATRIX_NORM_MINUS_INF),rmax+1000*rmin);
   CheckNear("Norm P1, MINUS_P1 (column sums)",a.Norm(MATRIX_NORM_P1)+1000*a.Norm(MATRIX_NORM_MINUS_P1),cmax+1000*cmin);
//--- singular values of a 3x2 matrix: the eigenvalues of the 2x2 A^T A in closed form
   matrix s=Sample(3,2,1.0);
   double g00=0,g01=0,g11=0;
   for(ulong i=0; i<3; i++)
     {
      g00+=s[i][0]*s[i][0];
      g01+=s[i][0]*s[i][1];
      g11+=s[i][1]*s[i][1];
     }
   double tr=g00+g11,det=g00*g11-g01*g01,disc=MathSqrt(tr*tr/4-det);
   double s1=MathSqrt(tr/2+disc),s2=MathSqrt(tr/2-disc);
   CheckNear("Norm SPECTRAL, P2 (largest singular value)",s.Norm(MATRIX_NORM_SPECTRAL)+s.Norm(MATRIX_NORM_P2),2*s1,1e-10);
   CheckNear("Norm MINUS_P2 (smallest)",s.Norm(MATRIX_NORM_MINUS_P2),s2,1e-10);
   CheckNear("Norm NUCLEAR (their sum)",s.Norm(MATRIX_NORM_NUCLEAR),s1+s2,1e-10);
   CheckNear("Norm SPECTRAL of the transpose",s.Transpose().Norm(MATRIX_NORM_SPECTRAL),s1,1e-10);
   matrix sq=Sample(3,3,0.0);
   CheckNear("Trace",sq.Trace(),sq[0][0]+sq[1][1]+sq[2][2]);
   vector v={3,-4,1,0};
   CheckNear("vector Norm P (2, 1, 3)",v.Norm(VECTOR_NORM_P)+100*v.Norm(VECTOR_NORM_P,1)+1000*v.Norm(VECTOR_NORM_P,3),
             MathSqrt(26)+100*8+1000*MathPow(27+64+1,1.0/3));
   CheckNear("vector Norm INF, MINUS_INF",v.Norm(VECTOR_NORM_INF)+100*v.Norm(VECTOR_NORM_MINUS_INF),4);
   Check("Rows, Cols, Size",IntegerToString(a.Rows())+" "+IntegerToString(a.Cols())+" "+IntegerToString(v.Size()),"4 3 4");
  }
//+------------------------------------------------------------------+
void MachineLearning()
  {
   vector x={-3.1,-1.7,-0.6,-0.2,0.3,0.8,1.4,2.2,3.3};
   string names[15]={"ELU","EXP","GELU","HARD_SIGMOID","LINEAR","LRELU","RELU","SELU","SIGMOID","SOFTMAX","SOFTPLUS",
                     "SOFTSIGN","SWISH","TANH","TRELU"};
   for(int f=0; f<15; f++)
     {
      if(f==9)
         continue;
      vector out,der;
      bool ok=x.Activation(out,(ENUM_ACTIVATION_FUNCTION)f) && x.Derivative(der,(ENUM_ACTIVATION_FUNCTION)f);
      ok=ok && out.Size()==x.Size() && der.Size()==x.Size();
      string why="";
      for(ulong i=0; i<x.Size() && ok; i++)
        {
         double h=1e-6;
         double numeric=(RefActivation(f,x[i]+h)-RefActivation(f,x[i]-h))/(2*h);
         if(!Near(out[i],RefActivation(f,x[i]),1e-12) || !Near(der[i],numeric,1e-6))
           {
            ok=false;
            why="x="+DoubleToString(x[i],2)+": "+DoubleToString(out[i],10)+" "+DoubleToString(der[i],10)+" want "+
                DoubleToString(RefActivation(f,x[i]),10)+" "+DoubleToString(numeric,10);
           }
        }
      CheckTrue("Activation, Derivative AF_"+names[f],ok,why);
     }
//--- softmax: exp(x)/sum(exp(x)); its derivative the Jacobian's diagonal s(1-s)
   vector sm,smd;
   x.Activation(sm,AF_SOFTMAX);
   x.Derivative(smd,AF_SOFTMAX);
   double z=0;
   for(ulong i=0; i<x.Size(); i++)
      z+=MathExp(x[i]);
   bool ok=true;
   for(ulong i=0; i<x.Size(); i++)
      ok=ok && Near(sm[i],MathExp(x[i])/z,1e-12) && Near(smd[i],MathExp(x[i])/z*(1-MathExp(x[i])/z),1e-12);
   CheckTrue("Activation, Derivative AF_SOFTMAX",ok);
//--- the parameters: ELU alpha, LRELU alpha, LINEAR alpha beta, TRELU theta
   vector pe,pl,pn,pt;
   x.Activation(pe,AF_ELU,3.0);
   x.Activation(pl,AF_LRELU,0.1);
   x.Activation(pn,AF_LINEAR,2.0,5.0);
   x.Activation(pt,AF_TRELU,0.5);
   ok=true;
   for(ulong i=0; i<x.Size(); i++)
      ok=ok && Near(pe[i],x[i]>=0 ? x[i] : 3*(MathExp(x[i])-1),1e-12) && Near(pl[i],x[i]>=0 ? x[i] : 0.1*x[i],1e-12) &&
         Near(pn[i],2*x[i]+5,1e-12) && pt[i]==(x[i]>0.5 ? x[i] : 0);
   CheckTrue("Activation parameters (ELU 3, LRELU 0.1, LINEAR 2 5, TRELU 0.5)",ok);
//--- a matrix: softmax per row (AXIS_VERT: one run per row), element-wise functions
   matrix m=Sample(3,4,0.0),ms,mt;
   m.Activation(ms,AF_SOFTMAX,AXIS_VERT);
   m.Activation(mt,AF_TANH);
   ok=Shape(ms)=="3x4" && Shape(mt)=="3x4";
   for(ulong i=0; i<3; i++)
     {
      double zs=0;
      for(ulong j=0; j<4; j++)
         zs+=MathExp(m[i][j]);
      for(ulong j=0; j<4; j++)
         ok=ok && Near(ms[i][j],MathExp(m[i][j])/zs,1e-12) && Near(mt[i][j],Tanh(m[i][j]),1e-12);
     }
   CheckTrue("matrix Activation: AF_SOFTMAX per row, AF_TANH",ok);
   matrix inplace=m;
   inplace.Activation(inplace,AF_SIGMOID);
   ok=true;
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<4; j++)
         ok=ok && Near(inplace[i][j],Sigmoid(m[i][j]),1e-12);
   CheckTrue("Activation into the matrix itself",ok);
   matrix pr=Sample(2,3,1.0),pr_out,pr_der;
   pr.Activation(pr_out,AF_LRELU,AXIS_NONE,0.1);
   pr.Derivative(pr_der,AF_ELU,AXIS_NONE,3.0);
   ok=true;
   for(ulong i=0; i<2; i++)
      for(ulong j=0; j<3; j++)
         ok=ok && Near(pr_out[i][j],pr[i][j]>=0 ? pr[i][j] : 0.1*pr[i][j],1e-12) &&
            Near(pr_der[i][j],pr[i][j]>=0 ? 1 : 3*MathExp(pr[i][j]),1e-12);
   CheckTrue("matrix Activation/Derivative with an axis and parameters (LRELU 0.1, ELU 3)",ok);
//--- losses: each against the definition written here; the gradient against finite differences
   string lnames[14]={"MSE","MAE","CCE","SCCE","KLD","COSINE","POISSON","MSLE","BCE","HINGE","CAT_HINGE","SQ_HINGE",
                      "LOG_COSH","HUBER"};
   vector pred={0.1,0.6,0.2,0.05,0.05},truth={0,1,0,0,0};
   vector reg_pred={0.3,1.9,-0.7,2.6,1.1},reg_true={0.5,1.2,-1.4,2.0,2.5};
   for(int f=0; f<14; f++)
     {
      bool classes=(f==2 || f==3 || f==4 || f==8 || f==10);
      vector p=classes ? pred : reg_pred;
      vector y=classes ? truth : reg_true;
      if(f==6 || f==7)   // POISSON, MSLE: positive values
        {
         p=MathAbs(reg_pred);
         y=MathAbs(reg_true);
        }
      if(f==9 || f==11)  // hinge: labels -1/1
        {
         vector lab={1,-1,-1,1,1};
         y=lab;
        }
      double loss=p.Loss(y,(ENUM_LOSS_FUNCTION)f);
      vector grad=p.LossGradient(y,(ENUM_LOSS_FUNCTION)f);
      ok=Near(loss,RefLoss(f,p,y),1e-12) && grad.Size()==p.Size();
      string why="loss "+DoubleToString(loss,12)+" want "+DoubleToString(RefLoss(f,p,y),12);
      for(ulong i=0; i<p.Size() && ok; i++)
        {
         double h=1e-6;
         vector up=p,dn=p;
         up[i]+=h;
         dn[i]-=h;
         double numeric=(RefLoss(f,up,y)-RefLoss(f,dn,y))/(2*h);
         if(!Near(grad[i],numeric,1e-5))
           {
            ok=false;
            why="gradient["+IntegerToString(i)+"] "+DoubleToString(grad[i],10)+" want "+DoubleToString(numeric,10);
           }
        }
      CheckTrue("Loss, LossGradient LOSS_"+lnames[f],ok,why);
     }
   vector cls={1};
   CheckNear("Loss LOSS_SCCE with the class index",pred.Loss(cls,LOSS_SCCE),-MathLog(0.6));
   matrix mp={{0.3,1.9},{-0.7,2.6}},mtrue={{0.5,1.2},{-1.4,2.0}};
   CheckNear("matrix Loss LOSS_MSE (all elements)",mp.Loss(mtrue,LOSS_MSE),(0.04+0.49+0.49+0.36)/4);
   matrix mg=mp.LossGradient(mtrue,LOSS_MAE);
   Check("matrix LossGradient LOSS_MAE (each row a sample)",DoubleToString(mg[0][0],2)+" "+DoubleToString(mg[0][1],2)+" "+
         DoubleToString(mg[1][0],2),"-0.50 0.50 0.50");
   ResetLastError();
   double badloss=pred.Loss(vector::Zeros(3),LOSS_MSE);
   Check("Loss of different sizes: NaN, ERR_MATRIX_INCONSISTENT",(IsNum(badloss) ? "number " : "nan ")+
         IntegerToString(GetLastError()),"nan "+IntegerToString(ERR_MATRIX_INCONSISTENT));
//--- ConfusionMatrix: rows the true classes, columns the predicted, classes in ascending order
   vector predicted={2,0,2,2,0,1},actual={0,0,2,2,0,2};
   matrix cm=predicted.ConfusionMatrix(actual);
   matrix cm_ref=matrix::Zeros(3,3);
   for(ulong i=0; i<6; i++)
      cm_ref[(ulong)actual[i]][(ulong)predicted[i]]+=1;
   CheckM("ConfusionMatrix",cm,cm_ref);
//--- regression metrics
   double mae=0,mse=0,mape=0,mspe=0,msle=0,mt2=0,tot=0;
   vector rp={1.5,2.1,3.3,4.8,6.2},rt={1.2,2.4,3.0,5.1,5.9};
   for(ulong i=0; i<5; i++)
      mt2+=rt[i]/5;
   for(ulong i=0; i<5; i++)
     {
      double e=rt[i]-rp[i];
      mae+=MathAbs(e)/5;
      mse+=e*e/5;
      mape+=MathAbs(e/rt[i])/5;
      mspe+=(e/rt[i])*(e/rt[i])/5;
      msle+=MathPow(MathLog(1+rp[i])-MathLog(1+rt[i]),2)/5;
      tot+=(rt[i]-mt2)*(rt[i]-mt2);
     }
   CheckNear("RegressionMetric MAE",rp.RegressionMetric(rt,REGRESSION_MAE),mae);
   CheckNear("RegressionMetric MSE",rp.RegressionMetric(rt,REGRESSION_MSE),mse);
   CheckNear("RegressionMetric RMSE",rp.RegressionMetric(rt,REGRESSION_RMSE),MathSqrt(mse));
   CheckNear("RegressionMetric R2",rp.RegressionMetric(rt,REGRESSION_R2),1-mse*5/tot);
   CheckNear("RegressionMetric MAPE",rp.RegressionMetric(rt,REGRESSION_MAPE),mape);
   CheckNear("RegressionMetric MSPE",rp.RegressionMetric(rt,REGRESSION_MSPE),mspe);
   CheckNear("RegressionMetric RMSLE",rp.RegressionMetric(rt,REGRESSION_RMSLE),MathSqrt(msle));
  }
//+------------------------------------------------------------------+
//| The float forms: the same methods on matrixf / vectorf, against  |
//| double loops within float's precision                            |
//+------------------------------------------------------------------+
void FloatForms()
  {
   matrix a=Sample(3,4,0.0),b=Sample(4,2,1.0);
   matrixf fa,fb;
   fa.Assign(a);
   fb.Assign(b);
   matrixf fc=fa.MatMul(fb);
   matrix c=RefMatMul(a,b);
   bool ok=fc.Rows()==3 && fc.Cols()==2;
   for(ulong i=0; i<3; i++)
      for(ulong j=0; j<2; j++)
         ok=ok && Near(fc[i][j],c[i][j],1e-5);
   vectorf fs=fa.Std(0),fm=fa.Max(1);
   vector ds=a.Std(0),dm=a.Max(1);
   for(ulong j=0; j<4; j++)
      ok=ok && Near(fs[j],ds[j],1e-5);
   for(ulong i=0; i<3; i++)
      ok=ok && Near(fm[i],dm[i],1e-6);
   vectorf fv=fa.Row(1),fo;
   fv.Activation(fo,AF_SIGMOID);
   for(ulong j=0; j<4; j++)
      ok=ok && Near(fo[j],Sigmoid(a[1][j]),1e-6);
   fv.Clip(-0.5f,0.5f);
   ok=ok && fv.Max()<=0.5f && fv.Min()>=-0.5f && Near(fa.Sum(),a.Sum(),1e-5);
   CheckTrue("matrixf/vectorf: MatMul, Std(0), Max(1), Row, Activation, Clip, Sum",ok);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   FloatForms();
   Initialization();
   Manipulations();
   Operations();
   Products();
   Statistics();
   Features();
   MachineLearning();
//--- Print shows them as the terminal does (run_scripts.py checks these lines)
   matrix pm={{1,2.5},{-3,4}};
   vector pv={1,0.25,-2};
   matrixf pf={{0.5f,1},{2,3}};
   Print("printed matrix:");
   Print(pm);
   Print("printed vector: ",pv);
   Print(pf);
   Print("checks: "+IntegerToString(g_checks));
  }
//+------------------------------------------------------------------+
