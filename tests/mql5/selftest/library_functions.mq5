//+------------------------------------------------------------------+
//| library_functions.mq5                                            |
//| Functions and methods of the reference that public programs use  |
//| and the other self-tests leave out, each against its page: a     |
//| file loaded and saved whole, a file's properties, atan2, the     |
//| matrix classification, Concat, CompareEqual, Std and Var with    |
//| ddof, Prod with an initial factor, the static Random; structures |
//| laid out as MQL5 lays them (pack); input groups. Every line: OK. |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

input group "Sizes"
input int InpRows=3;
input group "Other"
input double InpScale=2.0;

//--- docs (Structures): members one after another unless pack(n) says otherwise
struct SPlain { char c; short s; int i; double d; };
struct pack(4) SFour { char c; double d; };
struct SEight pack(sizeof(long)) { char c; double d; };
struct SPoint { int x; int y; };

int g_checks=0;
//+------------------------------------------------------------------+
void Check(const string name,const bool ok,const string detail="")
  {
   g_checks++;
   Print("check "+name+": "+(ok ? "OK" : "WRONG: "+detail));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   Check("input group headings: the inputs after them",InpRows>0 && InpScale==2.0);
   Check("struct sizes: pack(1) by default, pack(4), pack(sizeof(long))",
         sizeof(SPlain)==15 && sizeof(SFour)==12 && sizeof(SEight)==16,
         IntegerToString(sizeof(SPlain))+" "+IntegerToString(sizeof(SFour))+" "+IntegerToString(sizeof(SEight)));
   Check("atan2 is MathArctan2",atan2(1.0,-1.0)==MathArctan2(1.0,-1.0) && MathAbs(atan2(1,1)-M_PI_4)<1e-15);
//--- FileSave / FileLoad: an array of structures, byte for byte
   SPoint pts[3];
   for(int i=0; i<3; i++)
     {
      pts[i].x=i+1;
      pts[i].y=-(i+1)*10;
     }
   bool saved=FileSave("library_points.bin",pts);
   SPoint back[];
   long loaded=FileLoad("library_points.bin",back);
   Check("FileSave then FileLoad",saved && loaded==3 && back[2].x==3 && back[2].y==-30 && back[0].y==-10,
         IntegerToString(loaded));
   Check("FileGetInteger by name: exists and size",FileGetInteger("library_points.bin",FILE_EXISTS)==1 &&
         FileGetInteger("library_points.bin",FILE_SIZE)==24 && FileGetInteger("no such file.bin",FILE_EXISTS)==0);
   Check("FileLoad of a missing file",FileLoad("no such file.bin",back)==-1);
   int h=FileOpen("library_times.csv",FILE_WRITE|FILE_CSV|FILE_ANSI);
   FileWrite(h,"2024.01.02 03:04:05","2023.12.31");
   FileClose(h);
   h=FileOpen("library_times.csv",FILE_READ|FILE_CSV|FILE_ANSI);
   Check("FileGetInteger by handle: CSV, readable, not writable",FileGetInteger(h,FILE_IS_CSV)==1 &&
         FileGetInteger(h,FILE_IS_READABLE)==1 && FileGetInteger(h,FILE_IS_WRITABLE)==0 && FileGetInteger(h,FILE_IS_BINARY)==0);
   datetime t1=FileReadDatetime(h),t2=FileReadDatetime(h);
   Check("FileReadDatetime",t1==D'2024.01.02 03:04:05' && t2==D'2023.12.31',TimeToString(t1)+" "+TimeToString(t2));
   FileClose(h);
   FileDelete("library_points.bin");
   FileDelete("library_times.csv");
//--- the matrix classification (docs: Matrix Classification)
   matrix sym={{1,2,3},{2,5,6},{3,6,9}};
   matrix up={{1,2,3},{0,5,6},{0,0,9}};
   matrix hess={{1,2,3},{4,5,6},{0,7,9}};
   matrix tri={{1,2,0},{4,5,6},{0,7,9}};
   matrix bid={{1,2,0},{0,5,6},{0,0,9}};
   matrix diag={{2,0,0},{0,2,0},{0,0,2}};
   matrix wide={{1,2,3,4},{0,5,6,7},{0,0,8,9}};
   Check("IsSymmetric",sym.IsSymmetric() && !up.IsSymmetric() && diag.IsSymmetric());
   Check("IsUpperTriangular, IsLowerTriangular",up.IsUpperTriangular() && !up.IsLowerTriangular() &&
         up.Transpose().IsLowerTriangular() && diag.IsUpperTriangular() && diag.IsLowerTriangular());
   Check("IsUpperHessenberg, IsLowerHessenberg",hess.IsUpperHessenberg() && !sym.IsUpperHessenberg() &&
         hess.Transpose().IsLowerHessenberg());
   Check("IsTridiagonal",tri.IsTridiagonal() && !hess.IsTridiagonal());
   Check("IsUpperBidiagonal, IsLowerBidiagonal",bid.IsUpperBidiagonal() && !tri.IsUpperBidiagonal() &&
         bid.Transpose().IsLowerBidiagonal());
   Check("IsDiagonal, IsScalar",diag.IsDiagonal() && diag.IsScalar() && !up.IsDiagonal() && !matrix({{1,0},{0,2}}).IsScalar());
   Check("IsTrapezoidal (rectangular only)",wide.IsTrapezoidal(true) && !wide.IsTrapezoidal(false) && !up.IsTrapezoidal(true));
//--- manipulations (docs' examples)
   vector va={1,2,3,4},vb={5,6,7};
   vector vc=va.Concat(vb);
   matrix ma={{1,2,3},{4,5,6}},mb={{7,8,9},{10,11,12}};
   vector flat=ma.Concat(mb);
   matrix c0=ma.Concat(mb,0),c1=ma.Concat(mb,1);
   Check("Concat: vectors, matrices flat, along each axis",vc.Size()==7 && vc[6]==7 && flat.Size()==12 && flat[11]==12 &&
         c0.Rows()==4 && c0[3][0]==10 && c1.Cols()==6 && c1[1][5]==12);
   matrix a2={{10,3,2},{1,8,12}},b2={{10,3,2},{1,8,13}};
   Check("CompareEqual: -1, 0, 1 at the first difference",a2.CompareEqual(b2)==-1 && b2.CompareEqual(a2)==1 && a2.CompareEqual(a2)==0);
   Check("Tril, Triu (the page's spelling) as TriL, TriU",sym.Tril().Compare(sym.TriL(),0)==0 && sym.Triu(1).Compare(sym.TriU(1),0)==0 &&
         sym.Tril()[0][2]==0 && sym.Triu()[2][0]==0);
   matrix id(2,3);
   id.Identity();
   Check("Identity() of an existing matrix",id.Rows()==2 && id.Cols()==3 && id[0][0]==1 && id[1][1]==1 && id[0][1]==0);
   vector small={1e-9,0.5,-2e-9,3};
   Check("ReplaceToZero",small.ReplaceToZero(1e-8)==2 && small[0]==0 && small[1]==0.5);
   vector pi={3.14159265,2.71828183};
   vector two=pi.NormalizeDouble(2);
   Check("NormalizeDouble of a vector",two[0]==3.14 && two[1]==2.72);
   vector setv(3);
   setv.Fill(0);
   Check("vector::Set",setv.Set(1,5) && setv[1]==5 && !setv.Set(3,1));
   ulong parts[]={1,2};
   matrix pieces[];
   matrix wide2={{1,2,3,4},{5,6,7,8}};
   wide2.Hsplit(parts,pieces);
   Check("Hsplit by listed sizes",ArraySize(pieces)==3 && pieces[0].Cols()==1 && pieces[1].Cols()==2 && pieces[2].Cols()==1 &&
         pieces[2][1][0]==8);
   vector y_true={7,2,1,0,4,1,4,9,5,9,0,6,9,0,1,5,9,7,3,4,8,4,2,7,6,8,4,2,3,6};
   vector y_pred={7,2,1,0,4,1,4,9,5,9,0,6,9,0,1,5,9,7,3,4,2,9,4,9,5,9,2,7,7,0};
   matrix c_0=y_pred.ConfusionMatrix(y_true,0),c_2=y_pred.ConfusionMatrix(y_true,2);
   Check("ConfusionMatrix for a label (the page's example)",c_0[0][0]==26 && c_0[0][1]==1 && c_0[1][1]==3 &&
         c_2[0][0]==25 && c_2[0][1]==2 && c_2[1][0]==2 && c_2[1][1]==1);
//--- statistics (docs' examples)
   matrix st={{10,3,2},{1,8,12},{6,5,4},{7,11,9}};
   vector prod=st.Prod(0,0.1);
   Check("Prod along an axis with an initial factor",MathAbs(prod[0]-42)<1e-12 && MathAbs(prod[1]-132)<1e-12 &&
         MathAbs(prod[2]-86.4)<1e-12 && st.Prod(1).Prod()==st.Prod());
   matrix w=matrix::Ones(4,3);
   vector cols_avg=st.Average(w,0),rows_avg=st.Average(w,1);
   Check("Average with weights along each axis",cols_avg.Size()==3 && cols_avg[0]==6 && cols_avg[1]==6.75 &&
         rows_avg.Size()==4 && rows_avg[0]==5);
   vector x={2,4,4,4,5,5,7,9};
   Check("Std and Var with ddof",x.Std()==2 && x.Var()==4 && MathAbs(x.Var(1)-32.0/7)<1e-12 && MathAbs(x.Std(1)-MathSqrt(32.0/7))<1e-12);
   vector col_var=st.Var(0,1);
   Check("Var along an axis with ddof",MathAbs(col_var[0]-(st.Col(0).Var()*4/3))<1e-12);
   vector y={1,3,2,4,3,5,4,6};
   matrix cov0=x.Cov(y,0),cov1=x.Cov(y);
   Check("Cov with ddof (default 1)",MathAbs(cov1[0][1]*7-cov0[0][1]*8)<1e-12 && MathAbs(cov1[0][0]-x.Var(1))<1e-12);
   matrix gm={{1,2},{3,4},{5,6}};
   vector gv={1,1},out;
   out.GeMM(gm,gv,1,0);
   Check("vector::GeMM(matrix, vector)",out.Size()==3 && out[0]==3 && out[2]==11);
//--- the static Random: a new matrix of the size asked, its elements in [min, max]
   matrix r=matrix::Random(3,4,-1,1);
   vector rv=vector::Random(5,10,11);
   Check("matrix::Random, vector::Random",r.Rows()==3 && r.Cols()==4 && r.Min()>=-1 && r.Max()<=1 && rv.Size()==5 && rv.Min()>=10 &&
         rv.Max()<=11);
   matrix fill(2,2);
   fill.Random(5,6);
   Check("Random(min, max) of an existing matrix",fill.Min()>=5 && fill.Max()<=6);
   int shift[]={1,2,3,4,5,0};
   ArrayCopy(shift,shift,2,1,4);   // right, within one array: as memmove
   int leftward[]={1,2,3,4,5,6};
   ArrayCopy(leftward,leftward,0,2,4);     // left
   Check("ArrayCopy within one array, right and left",shift[2]==2 && shift[3]==3 && shift[4]==4 && shift[5]==5 &&
         leftward[0]==3 && leftward[3]==6 && leftward[4]==5);
   datetime later=D'2024.01.02';
   Check("MathMax/MathMin of an int and a datetime: a long",MathMax(0,later)==(long)later && MathMin(-1,later)==-1 &&
         sizeof(MathMax(0,later))==8);
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
