//+------------------------------------------------------------------+
//| matrix_decompositions.mq5                                        |
//| The decompositions and solvers of the matrix methods (docs:      |
//| Decompositions, Solutions, Characteristics), each against an     |
//| independent reference: its factors multiplied back, the defining |
//| equation (A v = w v, A x = b, the normal equations), known       |
//| values (a triangular matrix's eigenvalues, a 3x3 determinant by  |
//| Sarrus' rule), the reference's own examples. Every line: OK.     |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

int g_checks=0;
//+------------------------------------------------------------------+
void Check(const string name,const bool ok,const string detail="")
  {
   g_checks++;
   Print("check "+name+": "+(ok ? "OK" : "WRONG: "+detail));
  }
//--- the largest |a-b| over two matrices of one shape (infinity for shapes that differ)
double MaxDiff(const matrix &a,const matrix &b)
  {
   if(a.Rows()!=b.Rows() || a.Cols()!=b.Cols())
      return(DBL_MAX);
   double d=0;
   for(ulong i=0; i<a.Rows(); i++)
      for(ulong j=0; j<a.Cols(); j++)
         d=MathMax(d,MathAbs(a[i][j]-b[i][j]));
   return(d);
  }
//--- A^T A = I within tol (orthogonal columns of unit length)
bool Orthogonal(const matrix &q,const double tol)
  {
   return(MaxDiff(q.Transpose().MatMul(q),matrix::Identity(q.Cols(),q.Cols()))<tol);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   const double tol=1e-10;
   matrix a={{4,-2,1,3},{3,6,-4,2},{2,1,8,-5},{1,2,-3,9}};
   matrix rect={{1,2},{3,4},{5,6},{7,8.5}};
//--- SVD: A = U diag(s) V^T, U and V orthogonal, s descending and non-negative
   matrix u,v;
   vector s;
   bool ok=rect.SVD(u,v,s);
   matrix sigma=matrix::Zeros(4,2);
   for(ulong i=0; i<s.Size(); i++)
      sigma[i][i]=s[i];
   Check("SVD of a 4x2 matrix: U (4x4) S V^T is it",ok && u.Rows()==4 && v.Rows()==2 && s.Size()==2 &&
         MaxDiff(u.MatMul(sigma).MatMul(v.Transpose()),rect)<tol && Orthogonal(u,tol) && Orthogonal(v,tol) &&
         s[0]>=s[1] && s[1]>=0,StringFormat("%g",MaxDiff(u.MatMul(sigma).MatMul(v.Transpose()),rect)));
//--- Eig: A v = w v for each pair; a triangular matrix's eigenvalues are its diagonal
   matrix sym={{4,1,0},{1,3,1},{0,1,2}};
   matrix vecs;
   vector vals;
   ok=sym.Eig(vecs,vals);
   double worst=0;
   for(ulong k=0; k<3 && ok; k++)
     {
      vector x=vecs.Col(k);
      worst=MathMax(worst,(sym.MatMul(x)-x*vals[k]).Norm(VECTOR_NORM_P,2));
     }
   Check("Eig: A v = w v for each eigenpair",ok && worst<tol,StringFormat("%g",worst));
   matrix tri={{2,5,1},{0,-1,7},{0,0,3}};
   vector w;
   ok=tri.EigVals(w);
   w.Sort();
   Check("EigVals of a triangular matrix: its diagonal",ok && MathAbs(w[0]+1)<tol && MathAbs(w[1]-2)<tol && MathAbs(w[2]-3)<tol,
         StringFormat("%g %g %g",w[0],w[1],w[2]));
   matrix rot={{0,-1},{1,0}};
   ResetLastError();
   ok=rot.Eig(vecs,vals);
   Check("Eig with complex eigenvalues: false, ERR_MATH_OVERFLOW (the reference's note)",!ok && GetLastError()==ERR_MATH_OVERFLOW);
//--- Cholesky: L lower triangular, L L^T = A (the reference's example)
   matrix spd={{5.7998084,-2.1825367},{-2.1825367,9.85910595}};
   matrix l;
   ok=spd.Cholesky(l);
   Check("Cholesky: L L^T = A, the reference's L",ok && MaxDiff(l.MatMul(l.Transpose()),spd)<1e-12 && l[0][1]==0 &&
         MathAbs(l[0][0]-2.408279136645086)<1e-12 && MathAbs(l[1][1]-3.006291985133859)<1e-12);
   Check("Cholesky of a matrix that is not positive definite: false",!rot.Cholesky(l));
//--- LU without row exchanges (the reference's example) and LUP: P A = L U
   matrix la={{1,2,3,4},{5,2,6,7},{8,9,3,10},{11,12,14,4}};
   matrix lo,up,pm;
   ok=la.LU(lo,up);
   Check("LU: L U = A, the reference's L and U",ok && MaxDiff(lo.MatMul(up),la)<tol && lo[1][0]==5 && lo[2][1]==0.875 &&
         MathAbs(up[3][3]+17.47619047619047)<1e-12);
   ok=la.LUP(lo,up,pm);
   Check("LUP: P A = L U, |L| <= 1 below the diagonal, the reference's U's first row",ok && MaxDiff(pm.MatMul(la),lo.MatMul(up))<tol &&
         MathAbs(lo.Max())<=1+tol && up[0][0]==11 && up[0][3]==4);
//--- QR: Q orthogonal (4x4), R upper trapezoidal (4x2), Q R = A
   matrix q,r;
   ok=rect.QR(q,r);
   Check("QR of a 4x2 matrix: Q R = A, Q orthogonal, R upper",ok && q.Rows()==4 && q.Cols()==4 && r.Rows()==4 && r.Cols()==2 &&
         MaxDiff(q.MatMul(r),rect)<tol && Orthogonal(q,tol) && r[1][0]==0 && r[3][1]==0);
//--- Det (Sarrus' rule), SLogDet, Rank, Cond
   matrix m3={{2,-3,1},{2,0,-1},{1,4,5}};
   const double sarrus=2*0*5+(-3)*(-1)*1+1*2*4-1*0*1-2*(-1)*4-(-3)*2*5;
   int sign=0;
   double logdet=m3.SLogDet(sign);
   Check("Det of a 3x3 matrix by Sarrus' rule, SLogDet",MathAbs(m3.Det()-sarrus)<1e-12 && sign==1 && MathAbs(logdet-MathLog(sarrus))<1e-12,
         StringFormat("%g %g",m3.Det(),sarrus));
   matrix eye=matrix::Eye(4,4);
   matrix deficient=matrix::Eye(4,4);
   deficient[3][3]=0;
   Check("Rank (the reference's examples: I 4, I with a zero 3, ones 1x4 1, zeros 0)",eye.Rank()==4 && deficient.Rank()==3 &&
         matrix::Ones(1,4).Rank()==1 && matrix::Zeros(4,1).Rank()==0);
   Check("Cond: spectral = largest / smallest singular value; P1 = |A|_1 |A^-1|_1",
         MathAbs(rect.Cond(MATRIX_NORM_SPECTRAL)-s[0]/s[1])<1e-9 && MathAbs(a.Cond(MATRIX_NORM_P1)-a.Norm(MATRIX_NORM_P1)*a.Inv().Norm(MATRIX_NORM_P1))<1e-9);
//--- Solve, LstSq (the normal equations), Inv, PInv
   vector b={1,-2,3,0.5};
   vector x=a.Solve(b);
   Check("Solve: A x = b",x.Size()==4 && (a.MatMul(x)-b).Norm(VECTOR_NORM_INF)<tol);
   vector y={1,2,2,3};
   vector ls=rect.LstSq(y);
   vector normal=rect.Transpose().MatMul(rect.MatMul(ls)-y);
   Check("LstSq: A^T (A x - b) = 0",ls.Size()==2 && normal.Norm(VECTOR_NORM_INF)<1e-9);
   matrix inv=a.Inv();
   Check("Inv: A A^-1 = I",MaxDiff(a.MatMul(inv),matrix::Identity(4,4))<tol);
   matrix singular={{1,2},{2,4}};
   ResetLastError();
   Check("Inv of a singular matrix: empty, ERR_MATH_OVERFLOW",singular.Inv().Rows()==0 && GetLastError()==ERR_MATH_OVERFLOW);
   matrix pinv=rect.PInv();
   Check("PInv: A A+ A = A, A+ A A+ = A+",MaxDiff(rect.MatMul(pinv).MatMul(rect),rect)<tol && MaxDiff(pinv.MatMul(rect).MatMul(pinv),pinv)<tol);
   vector spectrum=rect.Spectrum();
   Check("Spectrum: the eigenvalues of A^T A (the squared singular values)",spectrum.Size()==2 &&
         MathAbs(spectrum[0]-s[0]*s[0])<1e-9 && MathAbs(spectrum[1]-s[1]*s[1])<1e-9);
//--- matrixf: the same methods, in float
   matrixf af={{4,1},{1,3}};
   matrixf lf;
   Check("matrixf: Cholesky and Det in float",af.Cholesky(lf) && MathAbs(lf[1][1]*lf[1][1]+lf[1][0]*lf[1][0]-3)<1e-5 && MathAbs(af.Det()-11)<1e-5);
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
