//+------------------------------------------------------------------+
//| program_idioms.mq5                                               |
//| What public MQL5 programs write that the other selftests do not |
//| reach, against the MQL5 documentation (EnumToString, Print,      |
//| Enumerations, Typecasting, File Functions, Include): every line  |
//| must end in OK.                                                  |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#define IDIOMS_HAVE_HELPERS
#ifndef IDIOMS_HAVE_HELPERS
#include "idioms\no_such_file.mqh"     // switched off: never read (docs: Conditional Compilation)
#endif
#ifdef IDIOMS_NOT_DEFINED
#include <no_such_folder\no_such_file.mqh>
#else
#include "IDIOMS\mixed_case.mqh"
#endif
#include "idioms/MIXED_CASE.MQH"  // the same file: once
#ifdef __MQL5__
#include "idioms\Under_Mql5.mqh"
#endif
// a type #defined after included files' functions, used by a function called before its definition
#define IDIOMS_REAL float

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
//--- the documented example's enumeration (docs: EnumToString)
enum interval
  {
   month=1,
   two_months,
   quarter,
   halfyear=6,
   year=12,
  };
enum ELayerKind { LAYER_DENSE, LAYER_CONV=(1+2)*2, LAYER_POOL };
//+------------------------------------------------------------------+
class CLayerInfo
  {
public:
   enum ESide { SIDE_LEFT=-1, SIDE_NONE, SIDE_RIGHT };
   ESide             m_side;
   ELayerKind        m_kind;
                     CLayerInfo(void) : m_side(SIDE_RIGHT), m_kind(LAYER_POOL) {}
   string            Describe(void) { return(EnumToString(m_kind)+"/"+EnumToString(m_side)); }
  };
//+------------------------------------------------------------------+
void CheckEnums(void)
  {
//--- the documented example's output: month=1, quarter=3, year=12
   interval period=month;
   Check("EnumToString month",EnumToString(period)+"="+IntegerToString(period),"month=1");
   period=quarter;
   Check("EnumToString quarter",EnumToString(period)+"="+IntegerToString(period),"quarter=3");
   period=year;
   Check("EnumToString year",EnumToString(period)+"="+IntegerToString(period),"year=12");
//--- a value no member has: "TYPE::value" (the documented example's ENUM_ORDER_TYPE::-1)
   period=(interval)-1;
   Check("EnumToString no member",EnumToString(period),"interval::-1");
   Check("EnumToString expression member",EnumToString(LAYER_POOL)+" "+IntegerToString(LAYER_POOL),"LAYER_POOL 7");
   CLayerInfo info;
   Check("EnumToString class member enum",info.Describe(),"LAYER_POOL/SIDE_RIGHT");
   Check("EnumToString class enum outside",EnumToString(info.m_side),"SIDE_RIGHT");
   Check("EnumToString runtime enum",EnumToString(POINTER_DYNAMIC)+" "+EnumToString(AF_SIGMOID)+" "+EnumToString(LOSS_MSE),
         "POINTER_DYNAMIC AF_SIGMOID LOSS_MSE");
   Check("EnumToString matrix enums",EnumToString(REGRESSION_R2)+" "+EnumToString(MATRIX_NORM_P2)+" "+EnumToString(AXIS_VERT)+" "+
         EnumToString((ENUM_SORT_MODE)5),"REGRESSION_R2 MATRIX_NORM_P2 AXIS_VERT ENUM_SORT_MODE::5");
//--- an enumeration's value in text is its number (docs: Enumerations, Print)
   Check("enum concatenated","kind "+LAYER_CONV+", side "+info.m_side,"kind 6, side 1");
   CLayerInfo *p=new CLayerInfo;
   Check("CheckPointer concatenated, (string) of an enumeration",(string)CheckPointer(p)+" "+CheckPointer(p)+" "+(string)LAYER_POOL,"1 1 7");
   Print("printed enum ",LAYER_CONV," ",CheckPointer(p));
   delete p;
   Print("printed CheckPointer ",CheckPointer(p));
  }
//--- a variable named like the function that initialises it: MQL5 calls the function
double Halved(const double x) { return(x/2.0); }
class CScores
  {
public:
   static double     Precision(const double tp,const double fp) { return(tp/(tp+fp)); }
   double            Recall(const double tp,const double fn) { return(tp/(tp+fn)); }
   double            F1(const double tp,const double fp,const double fn);
   double            Inline(void) { double Recall=Recall(1.0,1.0); return(Recall); }
  };
double CScores::F1(const double tp,const double fp,const double fn)
  {
   double Precision=Precision(tp,fp);
   double Recall=Recall(tp,fn);
   return(2.0*Precision*Recall/(Precision+Recall));
  }
void CheckSelfNamed(void)
  {
   double Halved=Halved(5.0);
   Check("variable named like its initialising function",DoubleToString(Halved,2),"2.50");
   CScores scores;
//--- tp 6, fp 2, fn 4: precision 0.75, recall 0.6, F1 2*0.45/1.35
   Check("member variable named like a static method",DoubleToString(scores.F1(6.0,2.0,4.0),6),DoubleToString(2.0*0.75*0.6/1.35,6));
   Check("in-class variable named like a method",DoubleToString(scores.Inline(),2),"0.50");
  }
//--- a matrix or vector result given to a non-const reference parameter
#define IDIOMS_MATRIX matrix
class CVectorOps
  {
public:
   static vector     Magnitudes(vector &x)
     {
      vector r=x;
      for(ulong i=0; i<x.Size(); i++)
         r[i]=MathAbs(x[i]);
      return(r);
     }
   static double     ColumnSum(IDIOMS_MATRIX &m,const ulong col) { return(Magnitudes(m.Col(col)).Sum()); }
   double            Scaled(vector &x,const double k) const { return(x.Sum()*k); }
   void              Fill(vector &x) { x.Fill(7.0); }
  };
double SumOfSquares(vector &v) { return((v*v).Sum()); }
void CheckTemporaries(void)
  {
   matrix m={{1,-2},{-3,4},{5,-6}};
//--- column 1 is {-2,4,-6}: magnitudes 2+4+6
   Check("temporary to vector& in a static method",DoubleToString(CVectorOps::ColumnSum(m,1),1),"12.0");
   CVectorOps ops;
   Check("temporary to vector& in a const method",DoubleToString(ops.Scaled(m.Row(2),10.0),1),"-10.0");
   Check("temporary to a free function's vector&",DoubleToString(SumOfSquares(m.Col(0)),1),"35.0");
   vector v={1,2,3};
   ops.Fill(v);
   Check("a variable given to vector& still changes",DoubleToString(v.Sum(),1),"21.0");
  }
//--- C++ keywords MQL5 does not reserve, as names (docs: Reserved Words)
class CAxisLike
  {
   bool              m_auto;
public:
                     CAxisLike(void) : m_auto(false) {}
   void              AutoScale(const bool auto) { m_auto=auto; }
   bool              AutoScale(void) const { return(m_auto); }
  };
int Registered(const int &register,int explicit) { return(register*10+explicit); }
//--- C++'s alternative operator names are plain names in MQL5; NULL as the pure specifier
class CIdiomCondition
  {
public:
   virtual bool      Holds(const bool not)=NULL;
  };
class CIdiomTrue : public CIdiomCondition
  {
public:
   virtual bool      Holds(const bool not) { bool and=!not; return(and); }
  };
void CheckCppWords(void)
  {
   CAxisLike axis;
   axis.AutoScale(true);
   int one=1;
   CIdiomTrue cond;
   CIdiomCondition *base=GetPointer(cond);
   Check("not/and as names, =NULL pure method",(string)base.Holds(false)+" "+(string)base.Holds(true),"true false");
   Check("C++ keywords as parameter names",(axis.AutoScale() ? "true" : "false")+" "+IntegerToString(Registered(one,2)),"true 12");
  }
//--- files and folders of the sandbox (docs: File Functions)
struct SRecord
  {
   int               id;
   double            value;
  };
string FoundNames(const string filter)
  {
   string name,all="";
   long search=FileFindFirst(filter,name);
   if(search==INVALID_HANDLE)
      return("none");
   do
      all+=(all=="" ? "" : ",")+name;
   while(FileFindNext(search,name));
   FileFindClose(search);
   return(all);
  }
void CheckFiles(void)
  {
   FolderCreate("idioms_files");
   FolderClean("idioms_files");
   SRecord out_rec,in_rec;
   out_rec.id=42;
   out_rec.value=-2.5;
   int h=FileOpen("idioms_files\\a.bin",FILE_WRITE|FILE_BIN);
   uint written=FileWriteStruct(h,out_rec);
   FileClose(h);
   h=FileOpen("idioms_files\\a.bin",FILE_READ|FILE_BIN);
   uint got=FileReadStruct(h,in_rec);
   FileClose(h);
   Check("FileWriteStruct/FileReadStruct",IntegerToString(written)+" "+IntegerToString(got)+" "+IntegerToString(in_rec.id)+" "+DoubleToString(in_rec.value,1),
         IntegerToString(sizeof(SRecord))+" "+IntegerToString(sizeof(SRecord))+" 42 -2.5");
   bool copied=FileCopy("idioms_files\\a.bin",0,"idioms_files\\b.bin",0);
   ResetLastError();
   bool again=FileCopy("idioms_files\\a.bin",0,"idioms_files\\b.bin",0);
   int again_error=GetLastError();
   bool rewritten=FileCopy("idioms_files\\a.bin",0,"idioms_files\\b.bin",FILE_REWRITE);
   Check("FileCopy, refused over a file without FILE_REWRITE",(string)copied+" "+(string)again+" "+IntegerToString(again_error)+" "+(string)rewritten,
         "true false 5020 true");
   bool moved=FileMove("idioms_files\\b.bin",0,"idioms_files\\c.bin",0);
   Check("FileMove",(string)moved+" "+(string)FileIsExist("idioms_files\\b.bin")+" "+(string)FileIsExist("idioms_files\\c.bin"),"true false true");
   FolderCreate("idioms_files\\sub");
   Check("FileFindFirst/FileFindNext, a folder ends in a backslash",FoundNames("idioms_files\\*"),"a.bin,c.bin,sub\\");
   Check("FileFindFirst with a pattern",FoundNames("idioms_files\\?.bin"),"a.bin,c.bin");
   h=FileOpen("idioms_files\\sub\\d.txt",FILE_WRITE|FILE_TXT);
   FileClose(h);
   Check("FolderDelete refuses a folder with a file",(string)FolderDelete("idioms_files\\sub"),"false");
   bool cleaned=FolderClean("idioms_files");
   string left=FoundNames("idioms_files\\*");
   bool deleted=FolderDelete("idioms_files");
   Check("FolderClean empties, keeps the folder",(string)cleaned+" "+left+" "+(string)deleted,"true none true");
  }
//--- an array and a plain variable in one declaration, no space after the comma
void CheckDeclarations(void)
  {
   double list[],single;
   int fixed[3],count=3;
   ArrayResize(list,2);
   list[1]=1.5;
   single=2.0;
   fixed[2]=count;
   datetime when=D'2024.01.02 03:04:05';
   datetime day=D'19.07.1980 12:30';
//--- seconds since 1970 computed apart: 19724 days + 3:04:05; 3852 days + 12:30
   Check("datetime literals",IntegerToString((long)when)+" "+IntegerToString((long)day)+" "+TimeToString(when,TIME_DATE|TIME_SECONDS),
         IntegerToString(19724*86400+3*3600+4*60+5)+" "+IntegerToString(3852*86400+12*3600+30*60)+" 2024.01.02 03:04:05");
   Check("array and variable declared together",DoubleToString(list[1]+single,1)+" "+IntegerToString(fixed[2]),"3.5 3");
  }
//--- datetime is a type of its own (docs: Integer Types, datetime): overloads on long and datetime
//--- side by side, as the standard library's comparison functions have them
string KindOf(const long v)
  {
   return("long");
  }
string KindOf(const datetime v)
  {
   return("datetime");
  }
string KindOf(const color v)
  {
   return("color");
  }
//--- color: 4 bytes 0x00BBGGRR, text a web colour's name or "R,G,B" (MQL5 book: Color, and its
//--- ColorToString/StringToColor examples; docs: Web Colors)
void CheckColor(void)
  {
   color mixed=C'0x88,0x55,0x01';
   Check("color literals and their text",ColorToString(mixed)+"|"+ColorToString(C'0,0,250',true)+"|"+ColorToString(C'0,0,255',true),
         "136,85,1|0,0,250|clrBlue");
   Check("ColorToString of web colours",ColorToString(clrBlue)+"|"+ColorToString(clrDeepSkyBlue)+"|"+ColorToString(clrLime)+"|"+
         ColorToString(clrViolet),"0,0,255|0,191,255|0,255,0|238,130,238");
   Check("ColorToString of 0x34AB6821 keeps the low 3 bytes",ColorToString(0x34AB6821,true),"33,104,171");
   Check("StringToColor",ColorToString(StringToColor("0,0,255"),true)+"|"+ColorToString(StringToColor("clrBlue"),true)+"|"+
         ColorToString(StringToColor("Blue"),true)+"|"+ColorToString(StringToColor("255,255,255 more text"),true)+"|"+
         ColorToString(StringToColor("This is color: 128,128,128"),true),"clrBlue|clrBlue|clrBlack|clrWhite|clrGray");
   color gray=0x808080;
   Check("(string) of a color, text + color",(string)gray+" "+(string)clrRed+" c="+mixed,"clrGray clrRed c=136,85,1");
   Print("printed color ",clrYellow," ",mixed);
   Check("overloads tell color from long",KindOf(clrRed)+" "+KindOf((long)clrRed),"color long");
   color yellow=clrRed|clrLime;
   Check("color is an integer in arithmetic",(string)yellow+" "+IntegerToString(clrRed+0)+" "+IntegerToString((int)(clrBlue>>16)),
         "clrYellow 255 255");
   int none=clrNONE;
   Check("sizeof color and datetime; clrNONE is -1 as an int",IntegerToString(sizeof(color))+" "+IntegerToString(sizeof(datetime))+" "+
         IntegerToString(none)+" "+(clrNONE==-1 ? "yes" : "no"),"4 8 -1 yes");
  }
void CheckDatetime(void)
  {
   datetime when=D'2024.01.02 03:04:05';
   long seconds=(long)when;
   Check("overloads tell datetime from long",KindOf(when)+" "+KindOf(seconds)+" "+KindOf((datetime)seconds),"datetime long datetime");
//--- MQL5 book (Date and Time): (string) of a datetime is TimeToString(TIME_DATE|TIME_SECONDS)
   Check("(string) of a datetime",(string)when,"2024.01.02 03:04:05");
   Check("text + datetime",">"+when+"<",">2024.01.02 03:04:05<");
   Check("midnight shows its seconds",(string)D'2024.03.01',"2024.03.01 00:00:00");
   Print("printed datetime ",when);
//--- an integer in arithmetic and comparisons: one day later, the difference in seconds
   datetime next=when+86400;
   Check("datetime plus seconds",(string)next,"2024.01.03 03:04:05");
   Check("datetime minus datetime in seconds",IntegerToString(next-when),"86400");
   Check("datetimes compare as their seconds",next>when && when==D'2024.01.02 03:04:05' && when!=next ? "yes" : "no","yes");
   next+=3600;
   next++;
   Check("+= and ++ on a datetime",IntegerToString((long)next-seconds),IntegerToString(86400+3600+1));
   datetime from_text=(datetime)"2021.03.04 05:06:07";
   Check("(datetime) of text reads it as StringToTime",from_text==D'2021.03.04 05:06:07' ? "yes" : "no","yes");
   datetime days[3];
   days[0]=D'2024.05.01';
   days[1]=D'2023.05.01';
   days[2]=D'2024.01.01';
   ArraySort(days);
   Check("ArraySort of datetimes",(string)days[0]+"|"+(string)days[2],"2023.05.01 00:00:00|2024.05.01 00:00:00");
   int part=(int)(when%86400);
   Check("datetime % seconds per day",IntegerToString(part),IntegerToString(3*3600+4*60+5));
  }
//--- a program's own template named like a built-in C-style math name is the one called
template<typename T1,typename T2>
T2 pow(T1 a,T2 b)
  {
   return((T2)MathPow((T2)a,b));
  }
template<typename T>
T fabs(T v) { return(v<0 ? -v*10 : v*10); }
void CheckOwnMathNames(void)
  {
//--- the program's pow converts the base to the exponent's type: (int)2.5=2, 2^2=4
   float base=2.5f;
   int power=2;
   Check("program's own pow template",IntegerToString(pow(base,power))+" "+DoubleToString(MathPow(base,power),2),"4 6.25");
   Check("program's own fabs template",DoubleToString(fabs(-1.5),1)+" "+DoubleToString(MathAbs(-1.5),1),"15.0 1.5");
   Check("built-in sqrt, no program template",DoubleToString(sqrt(6.25),2),"2.50");
  }
//--- an int array given to a `const uint &a[]` parameter (as to COpenCL::Execute's work sizes)
ulong SumOfSizes(const uint &sizes[])
  {
   ulong total=0;
   for(int i=0; i<ArraySize(sizes); i++)
      total+=sizes[i];
   return(total);
  }
//--- a function template called before its definition (MQL5 compiles the file as a whole)
double UsesLaterTemplate(void) { return(IdiomsTripled(2.5)+IdiomsTripled(2)); }
template<typename T>
T IdiomsTripled(const T x) { return(x*3); }
//--- a function of a namespace calls one defined further down in it (docs: Namespaces)
namespace IdiomsMath
{
double Twice(const double x) { return(Half(x)*4.0); }
double Half(const double x) { return(x/2.0); }
enum ERounding { ROUND_DOWN, ROUND_UP };
}
void CheckNamespaces(void)
  {
   int sizes[]={3,4,5};
   Check("int array to a const uint& array parameter",IntegerToString(SumOfSizes(sizes)),"12");
   Check("template called before its definition",DoubleToString(UsesLaterTemplate(),1),"13.5");
   Check("namespace function calls a later one",DoubleToString(IdiomsMath::Twice(3.0),1),"6.0");
   Check("EnumToString of a namespace's enumeration",EnumToString(IdiomsMath::ROUND_UP),"ROUND_UP");
  }
//--- a const object's pointer cast to a derived class (the standard library's Compare(const CObject *node))
class CIdiomNode
  {
public:
   virtual int       Compare(const CIdiomNode *node) const { return(0); }
  };
class CIdiomText : public CIdiomNode
  {
public:
   string            m_text;
   virtual int       Compare(const CIdiomNode *node) const
     {
      CIdiomText *other=(CIdiomText*)node;
      return(m_text<other.m_text ? -1 : (m_text>other.m_text ? 1 : 0));
     }
  };
void CheckConstCasts(void)
  {
   CIdiomText a,b;
   a.m_text="apple";
   b.m_text="banana";
   Check("cast of a const base pointer to the derived class",IntegerToString(a.Compare(GetPointer(b)))+" "+IntegerToString(b.Compare(GetPointer(a))),"-1 1");
  }
//--- a method named like an enumeration, which stays its type in the class
enum IdiomMode { MODE_MIN, MODE_MAX };
class CIdiomReducer
  {
   IdiomMode         m_mode;
public:
                     CIdiomReducer(void) : m_mode(MODE_MIN) {}
   void              IdiomMode(IdiomMode value) { m_mode=value; }
   IdiomMode         IdiomMode(void) { return(m_mode); }
   double            Reduce(const double a,const double b);
   static CIdiomReducer *Make(const IdiomMode mode);
  };
//--- `static` repeated on the definition outside the class, and an enumeration set to NULL
static CIdiomReducer *CIdiomReducer::Make(const IdiomMode mode)
  {
   CIdiomReducer *r=new CIdiomReducer;  // r: a pointer here, a vector and a matrix indexed in other functions
   r.IdiomMode(mode);
   return(r);
  }
double CIdiomReducer::Reduce(const double a,const double b)
  {
   IdiomMode mode=CIdiomReducer::IdiomMode();
   return(mode==MODE_MIN ? MathMin(a,b) : MathMax(a,b));
  }
void CheckTypeNamedMethods(void)
  {
   CIdiomReducer r;
   double low=r.Reduce(2.0,5.0);
   r.IdiomMode(MODE_MAX);
   CIdiomReducer *made=CIdiomReducer::Make(MODE_MAX);
   IdiomMode none=NULL;
   Check("static repeated on a definition; an enumeration set to NULL",DoubleToString(made.Reduce(2.0,5.0),1)+" "+EnumToString(none),"5.0 MODE_MIN");
   delete made;
   Check("method named like an enumeration",DoubleToString(low,1)+" "+DoubleToString(r.Reduce(2.0,5.0),1)+" "+EnumToString(r.IdiomMode()),"2.0 5.0 MODE_MAX");
  }
//--- a program's own template named like a built-in array function is the one called (the standard
//--- library's Generic/Internal/ArrayFunction.mqh defines ArrayReverse); a string read by index
int g_own_reverse=0;
template<typename T>
bool ArrayReverse(T &array[],const int start=0,int count=WHOLE_ARRAY)
  {
   g_own_reverse++;
   if(count<0)
      count=ArraySize(array)-start;
   for(int i=start,j=start+count-1; i<j; i++,j--)
     {
      T t=array[i];
      array[i]=array[j];
      array[j]=t;
     }
   return(true);
  }
void CheckOwnArrayNamesAndStringIndex(void)
  {
   int a[];
   ArrayResize(a,3);
   a[0]=1;
   a[1]=2;
   a[2]=3;
   ArrayReverse(a);
   Check("a program's own ArrayReverse template is called",
         IntegerToString(g_own_reverse)+": "+IntegerToString(a[0])+IntegerToString(a[1])+IntegerToString(a[2]),"1: 321");
   const string word="AZ";
   string other="hi";
   Check("a string read by index (const and not)",IntegerToString(word[0])+" "+IntegerToString(word[1])+" "+IntegerToString(other[1]),
         "65 90 105");
  }
//--- the C-style math names on vectors and matrices, element by element
void CheckVectorMathNames(void)
  {
   vector v={1.0,10.0,100.0};
   matrix m={{4.0,9.0},{16.0,0.25}};
   vector l=log10(v);
   matrix r=sqrt(m);
   vector e=exp(v-v);
   Check("log10 of a vector",DoubleToString(l[0],3)+" "+DoubleToString(l[1],3)+" "+DoubleToString(l[2],3),"0.000 1.000 2.000");
   Check("sqrt of a matrix",DoubleToString(r[0][0],2)+" "+DoubleToString(r[0][1],2)+" "+DoubleToString(r[1][0],2)+" "+DoubleToString(r[1][1],2),"2.00 3.00 4.00 0.50");
   Check("exp of a vector",DoubleToString(e.Sum(),1),"3.0");
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   CheckEnums();
   CheckSelfNamed();
   CheckTemporaries();
   CheckCppWords();
   CheckFiles();
   CheckDeclarations();
   CheckDatetime();
   CheckColor();
   CheckOwnMathNames();
   CheckNamespaces();
   CheckConstCasts();
   CheckTypeNamedMethods();
   CheckVectorMathNames();
   CheckOwnArrayNamesAndStringIndex();
   Check("include names without case",IntegerToString(IdiomsIncludedTwice()),"2");
   Check("include under #ifdef __MQL5__",IntegerToString(IdiomsUnderMql5()),"5");
   Check("a #define type after the includes, in a function defined further down",DoubleToString(IdiomsHalf(5),2),"2.50");
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
IDIOMS_REAL IdiomsHalf(IDIOMS_REAL x) { return(x/2); }
//+------------------------------------------------------------------+
