//+------------------------------------------------------------------+
//| harness_features.mq5                                             |
//| What MetaEditor compiles and the terminal's own sample programs  |
//| use, against the MQL5 documentation: the predefined constants,   |
//| _LastError and its functions, a const array given to a template  |
//| `T &a[]` (T deduced const), #resource as arrays and from the     |
//| MQL5 folder. Every line must end in OK.                          |
//| (source_encodings.mq5: sources and string resources in UTF-16.)  |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/mqlcl.mqh>

// 16 bytes: the ints 1, -2, 65536, 2147483647, little-endian.
#resource "resources\\four_ints.bin" as int g_four_ints[]
#resource "resources\\four_ints.bin" as uchar g_four_ints_bytes[]
#resource "resources\\four_ints.bin" as double g_four_ints_doubles[]
// A leading backslash: relative to the MQL5 folder (the parent of the include folder).
#resource "\\Include\\mqlcl\\OpenCL.mqh" as string g_opencl_mqh

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
void CheckTrue(const string name,const bool ok)
  {
   Check(name,ok ? "true" : "false","true");
  }
//+------------------------------------------------------------------+
//| Templates over arrays, as COpenCL's BufferFromArray: given a     |
//| const array, MQL5 deduces T as const X; the body reads only.     |
//+------------------------------------------------------------------+
template<typename T>
int CountElements(T &a[])
  {
   return(ArraySize(a));
  }
template<typename T>
int BytesOf(T &a[],const int count)
  {
   return((int)sizeof(T)*MathMin(count,ArraySize(a)));
  }
template<typename T>
double SumOf(T &a[])
  {
   double s=0;
   for(int i=0; i<ArraySize(a); i++)
      s+=a[i];
   return(s);
  }
template<typename T>
void FillWith(T &a[],const T value)
  {
   for(int i=0; i<ArraySize(a); i++)
      a[i]=value;
  }
int CountConstFloats(const float &x[]) { return(CountElements(x)); }
double SumConstFloats(const float &x[]) { return(SumOf(x)); }
int BytesOfConstFloats(const float &x[]) { return(BytesOf(x,3)); }
// The COpenCL pattern: a member template declared in the class, defined outside it.
class CUploader
  {
public:
   double            m_total;
   int               m_bytes;
   double            m_kept[];
                     CUploader(void) : m_total(0),m_bytes(0) {}
   template<typename T>
   bool              FromArray(const int index,T &data[],const uint offset,const uint count,const uint flags=0);
   int               KeptCount(void) const { return(CountElements(m_kept)); }
  };
template<typename T>
bool CUploader::FromArray(const int index,T &data[],const uint offset,const uint count,const uint flags)
  {
   if(index<0 || offset+count>(uint)ArraySize(data))
      return(false);
   m_bytes+=(int)(sizeof(T)*count);
   for(uint i=offset; i<offset+count; i++)
      m_total+=data[i];
   return(true);
  }
bool UploadConst(CUploader &up,const float &x[]) { return(up.FromArray(0,x,1,2)); }
const int g_table[4]={1,2,3,4};
//+------------------------------------------------------------------+
enum ENUM_FRUIT
  {
   FRUIT_APPLE,
   FRUIT_PEAR
  };
//+------------------------------------------------------------------+
void OnStart()
  {
//--- Numerical Type Constants: MQL5's sizes (long is 64-bit on Windows too)
   Check("CHAR_MIN CHAR_MAX UCHAR_MAX",IntegerToString(CHAR_MIN)+" "+IntegerToString(CHAR_MAX)+" "+IntegerToString(UCHAR_MAX),
         "-128 127 255");
   Check("SHORT_MIN SHORT_MAX USHORT_MAX",IntegerToString(SHORT_MIN)+" "+IntegerToString(SHORT_MAX)+" "+IntegerToString(USHORT_MAX),
         "-32768 32767 65535");
   Check("INT_MIN INT_MAX UINT_MAX",IntegerToString(INT_MIN)+" "+IntegerToString(INT_MAX)+" "+IntegerToString(UINT_MAX),
         "-2147483648 2147483647 4294967295");
   Check("LONG_MIN LONG_MAX ULONG_MAX",IntegerToString(LONG_MIN)+" "+IntegerToString(LONG_MAX)+" "+ULONG_MAX,
         "-9223372036854775808 9223372036854775807 18446744073709551615");
   CheckTrue("the integer limits wrap around: (char)(CHAR_MAX+1)==CHAR_MIN, (uint)-1==UINT_MAX, (ulong)-1==ULONG_MAX",
             (char)(CHAR_MAX+1)==CHAR_MIN && (uint)-1==UINT_MAX && (ulong)-1==ULONG_MAX && (ushort)-1==USHORT_MAX);
   CheckTrue("DBL_MAX == (2-2^-52)*2^1023, DBL_MIN == 2^-1022, DBL_EPSILON == 2^-52",
             DBL_MAX==(2.0-MathPow(2,-52))*MathPow(2,1023) && DBL_MIN==MathPow(2,-1022) && DBL_EPSILON==MathPow(2,-52));
   CheckTrue("1.0+DBL_EPSILON != 1.0, 1.0+DBL_EPSILON/2 == 1.0",1.0+DBL_EPSILON!=1.0 && 1.0+DBL_EPSILON/2==1.0);
   CheckTrue("FLT_MAX == (2-2^-23)*2^127, FLT_MIN == 2^-126, FLT_EPSILON == 2^-23",
             FLT_MAX==(float)((2.0-MathPow(2,-23))*MathPow(2,127)) && FLT_MIN==(float)MathPow(2,-126) &&
             FLT_EPSILON==(float)MathPow(2,-23));
   Check("DBL_DIG DBL_MANT_DIG DBL_MAX_10_EXP DBL_MAX_EXP DBL_MIN_10_EXP DBL_MIN_EXP",
         IntegerToString(DBL_DIG)+" "+IntegerToString(DBL_MANT_DIG)+" "+IntegerToString(DBL_MAX_10_EXP)+" "+
         IntegerToString(DBL_MAX_EXP)+" "+IntegerToString(DBL_MIN_10_EXP)+" "+IntegerToString(DBL_MIN_EXP),"15 53 308 1024 -307 -1021");
   Check("FLT_DIG FLT_MANT_DIG FLT_MAX_10_EXP FLT_MAX_EXP FLT_MIN_10_EXP FLT_MIN_EXP",
         IntegerToString(FLT_DIG)+" "+IntegerToString(FLT_MANT_DIG)+" "+IntegerToString(FLT_MAX_10_EXP)+" "+
         IntegerToString(FLT_MAX_EXP)+" "+IntegerToString(FLT_MIN_10_EXP)+" "+IntegerToString(FLT_MIN_EXP),"6 24 38 128 -37 -125");
//--- Mathematical Constants: each the double nearest the constant (its shortest digits here)
   CheckTrue("M_E",M_E==2.718281828459045);
   CheckTrue("M_LOG2E",M_LOG2E==1.4426950408889634);
   CheckTrue("M_LOG10E",M_LOG10E==0.4342944819032518);
   CheckTrue("M_LN2",M_LN2==0.6931471805599453);
   CheckTrue("M_LN10",M_LN10==2.302585092994046);
   CheckTrue("M_PI",M_PI==3.141592653589793);
   CheckTrue("M_PI_2",M_PI_2==1.5707963267948966 && M_PI_2==M_PI/2);
   CheckTrue("M_PI_4",M_PI_4==0.7853981633974483 && M_PI_4==M_PI/4);
   CheckTrue("M_1_PI",M_1_PI==0.3183098861837907);
   CheckTrue("M_2_PI",M_2_PI==0.6366197723675814 && M_2_PI==2*M_1_PI);
   CheckTrue("M_2_SQRTPI",M_2_SQRTPI==1.1283791670955126);
   CheckTrue("M_SQRT2",M_SQRT2==1.4142135623730951);
   CheckTrue("M_SQRT1_2",M_SQRT1_2==0.7071067811865476 && M_SQRT1_2==M_SQRT2/2);
   CheckTrue("the constants against the math functions (within 2 units in the last place)",
             MathAbs(M_LN2-MathLog(2))<=2*DBL_EPSILON*M_LN2 && MathAbs(M_LN10-MathLog(10))<=2*DBL_EPSILON*M_LN10 &&
             MathAbs(M_E-MathExp(1))<=2*DBL_EPSILON*M_E && MathAbs(M_SQRT2-MathSqrt(2))<=2*DBL_EPSILON*M_SQRT2 &&
             MathAbs(M_2_SQRTPI-2/MathSqrt(M_PI))<=2*DBL_EPSILON*M_2_SQRTPI &&
             MathAbs(M_LOG2E*M_LN2-1)<=2*DBL_EPSILON && MathAbs(M_LOG10E*M_LN10-1)<=2*DBL_EPSILON &&
             MathAbs(MathCos(M_PI)+1)<=DBL_EPSILON && MathAbs(M_1_PI*M_PI-1)<=2*DBL_EPSILON);
//--- Other Constants
   int none=clrNONE;
   Check("WHOLE_ARRAY INVALID_HANDLE CHARTS_MAX clrNONE CLR_NONE",IntegerToString(WHOLE_ARRAY)+" "+IntegerToString(INVALID_HANDLE)+" "+
         IntegerToString(CHARTS_MAX)+" "+IntegerToString(none)+" "+IntegerToString((int)CLR_NONE),"-1 -1 100 -1 -1");
   CheckTrue("EMPTY_VALUE == DBL_MAX",EMPTY_VALUE==DBL_MAX);
   CheckTrue("IS_DEBUG_MODE, IS_PROFILE_MODE off",!IS_DEBUG_MODE && !IS_PROFILE_MODE);
   ENUM_FRUIT fruit=WRONG_VALUE;
   int wrong=WRONG_VALUE;
   CheckTrue("the invalid enumeration value converts to an enumeration and to int -1",fruit==WRONG_VALUE && fruit!=FRUIT_APPLE &&
             fruit!=FRUIT_PEAR && wrong==-1);
//--- Runtime Errors: the documented codes
   Check("ERR_SUCCESS, ERR_INTERNAL_ERROR .. ERR_NOT_ENOUGH_MEMORY",
         IntegerToString(ERR_SUCCESS)+" "+IntegerToString(ERR_INTERNAL_ERROR)+" "+IntegerToString(ERR_WRONG_INTERNAL_PARAMETER)+" "+
         IntegerToString(ERR_INVALID_PARAMETER)+" "+IntegerToString(ERR_NOT_ENOUGH_MEMORY),"0 4001 4002 4003 4004");
   Check("ERR_INVALID_ARRAY ERR_ARRAY_RESIZE_ERROR ERR_ARRAY_BAD_SIZE ERR_ZEROSIZE_ARRAY, file name and handle codes",
         IntegerToString(ERR_INVALID_ARRAY)+" "+IntegerToString(ERR_ARRAY_RESIZE_ERROR)+" "+IntegerToString(ERR_ARRAY_BAD_SIZE)+" "+
         IntegerToString(ERR_ZEROSIZE_ARRAY)+" "+IntegerToString(ERR_WRONG_FILENAME)+" "+IntegerToString(ERR_INVALID_FILEHANDLE),
         "4006 4007 4011 5053 5002 5007");
   Check("ERR_OPENCL_NOT_SUPPORTED .. ERR_OPENCL_SELECTDEVICE",IntegerToString(ERR_OPENCL_NOT_SUPPORTED)+" "+
         IntegerToString(ERR_OPENCL_INVALID_HANDLE)+" "+IntegerToString(ERR_OPENCL_PROGRAM_CREATE)+" "+
         IntegerToString(ERR_OPENCL_EXECUTE)+" "+IntegerToString(ERR_OPENCL_SELECTDEVICE),"5100 5102 5105 5109 5114");
   Check("ERR_USER_ERROR_FIRST ERR_USER_ERROR_LAST",IntegerToString(ERR_USER_ERROR_FIRST)+" "+IntegerToString(ERR_USER_ERROR_LAST),
         "65536 131072");
//--- _LastError, GetLastError, ResetLastError, SetUserError (docs: Runtime Errors, SetUserError)
   Check("_LastError is 0 when the program starts",IntegerToString(_LastError)+" "+IntegerToString(GetLastError()),"0 0");
   SetUserError(1);
   Check("SetUserError(1): ERR_USER_ERROR_FIRST+1 (the documentation's example: 65537)",
         IntegerToString(GetLastError())+" "+IntegerToString(_LastError),"65537 65537");
   Check("GetLastError() does not reset it (MQL5)",IntegerToString(GetLastError()),"65537");
   SetUserError(65535);
   CheckTrue("SetUserError(65535) is the last user code, below ERR_USER_ERROR_LAST",
             GetLastError()==ERR_USER_ERROR_FIRST+65535 && GetLastError()<ERR_USER_ERROR_LAST);
   ResetLastError();
   Check("ResetLastError()",IntegerToString(GetLastError())+" "+IntegerToString(_LastError),"0 0");
//--- (each result in a variable first: the operands of + are evaluated in no fixed order)
   int fixed[3];
   int resized=ArrayResize(fixed,5);
   Check("ArrayResize of a static array: -1, ERR_ARRAY_RESIZE_ERROR",IntegerToString(resized)+" "+IntegerToString(GetLastError()),
         "-1 4007");
   double grown[];
   resized=ArrayResize(grown,5);
   Check("a successful ArrayResize leaves _LastError as it was",IntegerToString(resized)+" "+IntegerToString(GetLastError()),
         "5 4007");
   ResetLastError();
   int h=FileOpen("..\\outside.txt",FILE_WRITE|FILE_TXT);
   Check("FileOpen of a name with '..': INVALID_HANDLE, the invalid file name code",
         IntegerToString(h)+" "+IntegerToString(GetLastError()),"-1 5002");
   ResetLastError();
   uint written=FileWrite(INVALID_HANDLE,"x");
   Check("FileWrite to a handle never opened: 0, ERR_INVALID_FILEHANDLE",IntegerToString(written)+" "+IntegerToString(GetLastError()),
         "0 5007");
   Check("an include #defines GetLastError, ResetLastError and _LastError to its own (OpenCLBuiltins.mqh does)",
         WrappedErrorState(),"65538 65538 0 0 calls 5");
//--- a const array given to a template's T &a[] (T deduced const, read only)
   float values[]={1.5f,2.5f,4.0f};
   Check("const float &x[] into template<typename T> int Count(T &a[])",IntegerToString(CountConstFloats(values)),"3");
   Check("const float &x[] into a template that sums it",DoubleToString(SumConstFloats(values),1),"8.0");
   Check("sizeof(T) with T deduced as const float",IntegerToString(BytesOfConstFloats(values)),"12");
   CUploader up;
   CheckTrue("COpenCL's pattern: a member template FromArray(int,T &data[],...) given a const array",
             UploadConst(up,values) && up.m_total==6.5 && up.m_bytes==8);
   Check("a const global array into the template",IntegerToString(CountElements(g_table))+" "+DoubleToString(SumOf(g_table),0),"4 10");
   ArrayResize(up.m_kept,7);
   Check("a member array in a const method into the template",IntegerToString(up.KeptCount()),"7");
   FillWith(values,0.25f);
   Check("the template still writes a non-const array",DoubleToString(SumOf(values),2),"0.75");
//--- #resource as numeric arrays: the file's bytes (little-endian)
   Check("#resource as int[]",IntegerToString(ArraySize(g_four_ints))+": "+IntegerToString(g_four_ints[0])+" "+
         IntegerToString(g_four_ints[1])+" "+IntegerToString(g_four_ints[2])+" "+IntegerToString(g_four_ints[3]),
         "4: 1 -2 65536 2147483647");
   Check("#resource as uchar[]",IntegerToString(ArraySize(g_four_ints_bytes))+": "+IntegerToString(g_four_ints_bytes[4])+" "+
         IntegerToString(g_four_ints_bytes[7])+" "+IntegerToString(g_four_ints_bytes[10])+" "+IntegerToString(g_four_ints_bytes[15]),
         "16: 254 255 1 127");
   Check("#resource as double[]: 16 bytes are 2 doubles",IntegerToString(ArraySize(g_four_ints_doubles)),"2");
   Check("a resource array into a template",IntegerToString(CountElements(g_four_ints))+" "+
         DoubleToString(SumOf(g_four_ints),0),"4 2147549182");
//--- #resource "\\path": from the MQL5 folder
   CheckTrue("#resource \"\\\\Include\\\\mqlcl\\\\OpenCL.mqh\" as string",StringFind(g_opencl_mqh,"class COpenCL")>=0);
   Print("checks: "+IntegerToString(g_checks));
  }
//+------------------------------------------------------------------+
//| An include's own error functions over the built-ins, as          |
//| OpenCLBuiltins.mqh defines them: the built-ins are functions and |
//| a variable, so these #defines compile without "redefined".       |
//+------------------------------------------------------------------+
int g_wrapped_calls=0;
int WrappedGetLastError(void)
  {
   g_wrapped_calls++;
   return(GetLastError());
  }
void WrappedResetLastError(void)
  {
   g_wrapped_calls++;
   ResetLastError();
  }
#define GetLastError WrappedGetLastError
#define ResetLastError WrappedResetLastError
#define _LastError WrappedGetLastError()
string WrappedErrorState(void)
  {
   SetUserError(2);
   int set_get=GetLastError();
   int set_var=_LastError;
   ResetLastError();
   int reset_get=GetLastError();
   int reset_var=_LastError;
   return(IntegerToString(set_get)+" "+IntegerToString(set_var)+" "+IntegerToString(reset_get)+" "+IntegerToString(reset_var)+
          " calls "+IntegerToString(g_wrapped_calls));
  }
//+------------------------------------------------------------------+
