//+------------------------------------------------------------------+
//| runtime_library.mq5                                              |
//| The library functions programs and the terminal's standard       |
//| library call (formatting, predefined macros, Math*, Array*,      |
//| String*, conversions, time), each against the MQL5 documentation |
//| (its example's output) or a value computed another way here.     |
//| Every line must end in OK.                                       |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

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
void CheckNear(const string name,const double got,const double want,const double tolerance)
  {
   g_checks++;
   if(MathAbs(got-want)<=tolerance)
      Print("check "+name+": OK");
   else
      Print("check "+name+": WRONG: got "+DoubleToString(got,-16)+", want "+DoubleToString(want,-16));
  }
string Ints(const int &a[])
  {
   string s="";
   for(int i=0; i<ArraySize(a); i++)
      s+=(i ? "," : "")+IntegerToString(a[i]);
   return(s);
  }
//+------------------------------------------------------------------+
//| __FUNCTION__ in a method and a free function                     |
//+------------------------------------------------------------------+
class CProbe
  {
public:
   string            Where(void) { return(__FUNCTION__); }
  };
string FreeWhere(int unused)
  {
   return(__FUNCTION__);
  }
struct SBits
  {
   double            d;
   int               i;
   int               j;
  };
struct SPair
  {
   int               a;
   double            b;
   string            c;
  };
//+------------------------------------------------------------------+
void OnStart()
  {
//--- StringFormat: flags, width, precision as printf (docs: PrintFormat)
   Check("StringFormat width, left, zeros, sign",StringFormat("%5d|%-5d|%05d|%+d|% d",42,42,42,42,42),"   42|42   |00042|+42| 42");
   Check("StringFormat %i %u %o %x %X",StringFormat("%i %u %o %x %X",-7,7,8,255,255),"-7 7 10 ff FF");
   Check("StringFormat %#x %#o",StringFormat("%#x %#o",255,8),"0xff 010");
//--- an int's 32 bits for the unsigned conversions, a long's 64
   Check("StringFormat %x of int -1",StringFormat("%x",-1),"ffffffff");
   Check("StringFormat %u of int -1",StringFormat("%u",-1),"4294967295");
   long big=-1;
   Check("StringFormat %llx of long -1",StringFormat("%llx",big),"ffffffffffffffff");
   long tera=1099511627776;
   Check("StringFormat %I64d %lld",StringFormat("%I64d %lld",tera,-tera),"1099511627776 -1099511627776");
   ulong top=ULONG_MAX;
   Check("StringFormat %I64u of ULONG_MAX",StringFormat("%I64u",top),"18446744073709551615");
//--- reals; the exponent has three digits as in the documentation's example (docs: Real Types:
//--- DoubleToString(c1,-16) gives 1.1212351499999999e-025)
   Check("StringFormat %f %.2f %10.3f",StringFormat("%f|%.2f|%10.3f",M_PI,M_PI,-M_PI),"3.141593|3.14|    -3.142");
   Check("StringFormat %.5e",StringFormat("%.5e",12345.678),"1.23457e+004");
   Check("StringFormat %E",StringFormat("%E",0.000123),"1.230000E-004");
   Check("StringFormat %g %g %G",StringFormat("%g %g %G",0.0001,0.00001,1e20),"0.0001 1e-005 1E+020");
   Check("StringFormat %12.3e keeps its width",StringFormat("[%12.3e]",1.5),"[  1.500e+000]");
//--- '*' takes the width or the precision from the arguments; %% is a percent sign
   Check("StringFormat %*d %-*d| %.*f",StringFormat("%*d %-*d| %.*f",5,42,4,7,2,M_PI),"   42 7   | 3.14");
   Check("StringFormat %%",StringFormat("100%% of %d",3),"100% of 3");
//--- characters and strings
   Check("StringFormat %c",StringFormat("%c%c",'O',75),"OK");
   Check("StringFormat %s %.2s %6s %-6s|",StringFormat("%s %.2s %6s %-6s|","abc","abc","abc","abc"),"abc ab    abc abc   |");
   Check("StringFormat %d of a bool",StringFormat("%d %d",true,false),"1 0");
   Check("DoubleToString(x,-16) (docs: Real Types)",DoubleToString(1.12123515e-25,-16),"1.1212351499999999e-025");
//--- PrintFormat prints what StringFormat makes: this check's line itself comes from it
   g_checks++;
   PrintFormat("check %s: %s","PrintFormat with "+__FUNCTION__,StringLen(StringFormat("%s",__FUNCTION__))==7 ? "OK" : "WRONG");
//--- predefined macros (docs: Predefined Macro Substitutions): strings, a line, datetimes
   Check("__FUNCTION__ in OnStart",__FUNCTION__,"OnStart");
   Check("__FUNCTION__ as a %s argument",StringFormat("%s:%s",__FUNCTION__,FreeWhere(0)),"OnStart:FreeWhere");
   CProbe probe;
   Check("__FUNCTION__ in a method",probe.Where(),"CProbe::Where");
   Check("__FILE__",__FILE__,"runtime_library.mq5");
   int line1=__LINE__;
   int line2=__LINE__;
   Check("__LINE__ counts lines",IntegerToString(line2-line1),"1");
   CheckTrue("__FUNCSIG__ names the function",StringFind(__FUNCSIG__,"OnStart")>=0);
   datetime day=__DATE__;
   datetime stamp=__DATETIME__;
   CheckTrue("__DATE__ is a day without time",day%86400==0 && day>StringToTime("2020.01.01"));
   CheckTrue("__DATETIME__ is within that day",stamp>=day && stamp-day<86400);
   CheckTrue("__MQLBUILD__ == __MQL5BUILD__ > 0",__MQLBUILD__==__MQL5BUILD__ && __MQL5BUILD__>0);
   string dialect="";
#ifdef __MQL5__
   dialect+="MQL5";
#endif
#ifdef __MQL4__
   dialect+="MQL4";
#endif
#ifdef _RELEASE
   dialect+=" release";
#endif
#ifdef _DEBUG
   dialect+=" debug";
#endif
   Check("#ifdef __MQL5__ / __MQL4__ / _RELEASE / _DEBUG",dialect,"MQL5 release");
//--- Math: against identities computed here with other functions and the documented constants
   CheckNear("MathArccos(0.5)*3 = pi",MathArccos(0.5)*3,M_PI,1e-15);
   CheckNear("MathArcsin(0.5)*6 = pi",MathArcsin(0.5)*6,M_PI,2e-15);
   CheckNear("MathArctan(1)*4 = pi",MathArctan(1)*4,M_PI,1e-15);
   CheckNear("MathArctan2(1,-1) = 3*pi/4",MathArctan2(1,-1),3*M_PI_4,1e-15);
   CheckNear("MathTan(x) = sin/cos",MathTan(0.7),MathSin(0.7)/MathCos(0.7),1e-15);
   CheckNear("MathLog10(1000)",MathLog10(1000),3,5e-16);
   CheckNear("MathLog10(x) = ln/ln10",MathLog10(7.0),MathLog(7.0)/M_LN10,1e-15);
   CheckNear("MathMod(7.5,2)",MathMod(7.5,2),1.5,0);
   CheckNear("MathMod(-7.5,2) has the dividend's sign",MathMod(-7.5,2),-1.5,0);
   double x=1e-10;
   CheckNear("MathExpm1(1e-10) = x+x^2/2+x^3/6",MathExpm1(x),x+x*x/2+x*x*x/6,3e-26);
   CheckNear("MathLog1p(1e-10) = x-x^2/2+x^3/3",MathLog1p(x),x-x*x/2+x*x*x/3,3e-26);
   double e=MathExp(1.0);
   CheckNear("MathCosh(1) = (e+1/e)/2",MathCosh(1),(e+1/e)/2,1e-15);
   CheckNear("MathSinh(1) = (e-1/e)/2",MathSinh(1),(e-1/e)/2,1e-15);
   CheckNear("MathTanh(0.5) = (e-1)/(e+1) of e^1",MathTanh(0.5),(e-1)/(e+1),2e-16);
   CheckNear("MathArccosh(cosh 2)",MathArccosh((MathExp(2)+MathExp(-2))/2),2,4e-15);
   CheckNear("MathArcsinh(sinh 1.5)",MathArcsinh((MathExp(1.5)-MathExp(-1.5))/2),1.5,4e-15);
   CheckNear("MathArctanh(0.5) = ln(3)/2",MathArctanh(0.5),MathLog(3)/2,2e-16);
   CheckTrue("MathIsValidNumber of 1, of NaN, of inf",MathIsValidNumber(1.0) && !MathIsValidNumber(MathSqrt(-1.0*x)) &&
             !MathIsValidNumber(DBL_MAX*2) && !MathIsValidNumber(-DBL_MAX*2));
   Check("MathSwap(ushort)",StringFormat("%x",MathSwap((ushort)0x1234)),"3412");
   Check("MathSwap(uint)",StringFormat("%x",MathSwap((uint)0x12345678)),"78563412");
   Check("MathSwap(ulong)",StringFormat("%I64x",MathSwap((ulong)0x0102030405060708)),"807060504030201");
   Check("MathAbs(int) stays int",IntegerToString(MathAbs(-INT_MAX)),"2147483647");
//--- the C names of the math functions (docs: "Instead of MathSqrt() you can use sqrt()", and
//--- the same note on each page): the same functions, rand() MathRand's generator
   CheckTrue("sqrt exp log log10 sin cos tan as Math*",sqrt(2.25)==1.5 && exp(0.5)==MathExp(0.5) && log(3.0)==MathLog(3.0) &&
             log10(1e5)==MathLog10(1e5) && sin(0.3)==MathSin(0.3) && cos(0.3)==MathCos(0.3) && tan(0.3)==MathTan(0.3));
   CheckTrue("asin acos atan ceil floor round",asin(1)*2==MathArcsin(1)*2 && acos(0)==MathArccos(0) && atan(1)==MathArctan(1) &&
             ceil(1.2)==2 && floor(-1.2)==-2 && round(2.5)==3 && round(-2.5)==-3);
   CheckTrue("expm1 log1p cosh sinh tanh acosh asinh atanh",expm1(x)==MathExpm1(x) && log1p(x)==MathLog1p(x) && cosh(1)==MathCosh(1) &&
             sinh(1)==MathSinh(1) && tanh(1)==MathTanh(1) && acosh(2)==MathArccosh(2) && asinh(2)==MathArcsinh(2) && atanh(0.5)==MathArctanh(0.5));
   Check("fabs(int) fmax fmin fmod pow",IntegerToString(fabs(-3))+" "+DoubleToString(fmax(3,2.5),1)+" "+DoubleToString(fmin(3,2.5),1)+" "+
         DoubleToString(fmod(-7.5,2),1)+" "+DoubleToString(pow(2,10),1),"3 3.0 2.5 -1.5 1024.0");
   srand(1);
   int c_r0=rand();
   int c_r1=rand();
   Check("rand after srand(1) is MathRand's sequence (41, 18467)",IntegerToString(c_r0)+" "+IntegerToString(c_r1),"41 18467");
   g_checks++;
   printf("check %s: %s","printf is PrintFormat",StringFormat("%05.1f",2.25)=="002.3" || StringFormat("%05.1f",2.25)=="002.2" ? "OK" : "WRONG");
//--- numbers as text: the infinities and NaN the same on every target
   double inf=DBL_MAX*2;
   Check("inf in a string",""+inf+" "+(-inf),"inf -inf");
   Check("Print's text of DBL_MAX (docs: Print's example)",""+DBL_MAX,"1.797693134862316e+308");
   Check("%.16G of DBL_MAX (docs: Print's example)",StringFormat("%.16G",DBL_MAX),"1.797693134862316E+308");
   Check("(float)M_PI and M_PI as Print shows them (docs: Print's example)",(string)(float)M_PI+" "+(string)M_PI,"3.14159 3.141592653589793");
   Check("a small double in a string",""+0.00001234,"1.234e-005");
   Check("DoubleToString(inf)",DoubleToString(inf,2),"inf");
   CheckTrue("NaN in a string says nan",StringFind(""+MathSqrt(-1.0*x),"nan")>=0);
   Check("StringFormat %f of inf",StringFormat("[%6f]",inf),"[   inf]");
//--- typecasting between strings and numbers (docs: Typecasting): a number's text as in a
//--- concatenation, text read as StringToDouble / StringToInteger
   Check("(string) of numbers and bool",(string)42+" "+(string)0.25+" "+(string)true+" "+(string)(-7),"42 0.25 true -7");
   string num_text="2.5e3";
   CheckTrue("(double) and (int) of text",(double)num_text==2500.0 && (int)"123"==123 && (long)"-9000000000"==-9000000000);
//--- NormalizeDouble rounds to digits (docs: NormalizeDouble)
   Check("NormalizeDouble(1.23456789,5)",DoubleToString(NormalizeDouble(1.23456789,5),8),"1.23457000");
   Check("NormalizeDouble(-2.5,0)",DoubleToString(NormalizeDouble(-2.5,0),1),"-3.0");
   CheckTrue("NormalizeDouble(0.1+0.2,1) == 0.3",NormalizeDouble(0.1+0.2,1)==0.3);
//--- Array functions
   int v[]= {3,9,1,9,0};
   Check("ArrayMaximum: the first of equal maxima",IntegerToString(ArrayMaximum(v)),"1");
   Check("ArrayMinimum",IntegerToString(ArrayMinimum(v)),"4");
   Check("ArrayMaximum(start 2, count 2)",IntegerToString(ArrayMaximum(v,2,2)),"3");
   Check("ArrayMinimum(start 1, count 2)",IntegerToString(ArrayMinimum(v,1,2)),"2");
   int empty[];
   Check("ArrayMaximum of an empty array",IntegerToString(ArrayMaximum(empty)),"-1");
   double sorted[]= {1,3,5,7};
   Check("ArrayBsearch found",IntegerToString(ArrayBsearch(sorted,5.0)),"2");
   Check("ArrayBsearch nearest",IntegerToString(ArrayBsearch(sorted,5.5))+" "+IntegerToString(ArrayBsearch(sorted,6.5))+" "+
         IntegerToString(ArrayBsearch(sorted,100.0))+" "+IntegerToString(ArrayBsearch(sorted,-5.0)),"2 3 3 0");
   int series[];
   ArrayResize(series,3);
   series[0]=1;
   series[1]=2;
   series[2]=3;
   CheckTrue("ArraySetAsSeries of a dynamic array",ArraySetAsSeries(series,true));
   Check("as series, [0] is the last element",IntegerToString(series[0])+IntegerToString(series[2]),"31");
   CheckTrue("ArrayGetAsSeries true, ArrayIsSeries false",ArrayGetAsSeries(series) && !ArrayIsSeries(series));
   ArraySetAsSeries(series,false);
   Check("series flag off again",Ints(series),"1,2,3");
   int fixed[5]= {1,2,3,4,5};
   CheckTrue("ArraySetAsSeries refuses a static array",!ArraySetAsSeries(fixed,true) && !ArrayGetAsSeries(fixed));
   CheckTrue("ArrayIsDynamic",ArrayIsDynamic(series) && !ArrayIsDynamic(fixed));
   int grid[2][3];
   Check("ArrayRange of int[2][3]",IntegerToString(ArrayRange(grid,0))+"x"+IntegerToString(ArrayRange(grid,1)),"2x3");
   double widened[];
   int widened_count=ArrayCopy(widened,v,0,1,3);
   Check("ArrayCopy from int to double",IntegerToString(widened_count)+" "+DoubleToString(widened[0]+widened[1]+widened[2],1),"3 19.0");
   int rev[]= {1,2,3,4,5};
   ArrayReverse(rev,1,3);
   Check("ArrayReverse(start 1, count 3)",Ints(rev),"1,4,3,2,5");
   int dst[]= {1,2,3};
   int src[]= {7,8,9};
   int grow[];
   ArrayCopy(grow,dst);
   CheckTrue("ArrayInsert into a dynamic array",ArrayInsert(grow,src,1,1,2));
   Check("ArrayInsert grew it",Ints(grow),"1,8,9,2,3");
   int fixed_ins[5]= {1,2,3,4,5};
   ArrayInsert(fixed_ins,src,1,0,2);
   Check("ArrayInsert into a static array drops its tail",Ints(fixed_ins),"1,7,8,2,3");
   ArrayRemove(grow,1,2);
   Check("ArrayRemove from a dynamic array",Ints(grow),"1,2,3");
   int fixed_rm[5]= {1,2,3,4,5};
   ArrayRemove(fixed_rm,1,2);
   Check("ArrayRemove from a static array keeps its size",Ints(fixed_rm),"1,4,5,4,5");
   int c1[]= {1,2,3},c2[]= {1,2,4},c3[]= {1,2};
   Check("ArrayCompare less, equal, longer, start",IntegerToString(ArrayCompare(c1,c2))+" "+IntegerToString(ArrayCompare(c1,c1))+" "+
         IntegerToString(ArrayCompare(c1,c3))+" "+IntegerToString(ArrayCompare(c2,c1,2,2)),"-1 0 1 1");
   int sa[],sb[];
   ArrayCopy(sa,c1);
   ArrayCopy(sb,c3);
   CheckTrue("ArraySwap of dynamic arrays",ArraySwap(sa,sb));
   Check("ArraySwap swapped contents",Ints(sa)+"|"+Ints(sb),"1,2|1,2,3");
   CheckTrue("ArraySwap refuses a static array",!ArraySwap(sa,fixed));
   ZeroMemory(rev);
   Check("ZeroMemory of an array keeps its size",Ints(rev),"0,0,0,0,0");
   SPair pair;
   pair.a=5;
   pair.b=2.5;
   pair.c="x";
   ZeroMemory(pair);
   Check("ZeroMemory of a structure",IntegerToString(pair.a)+" "+DoubleToString(pair.b,1)+" '"+pair.c+"'","0 0.0 ''");
   double one=1;
   ZeroMemory(one);
   Check("ZeroMemory of a double",DoubleToString(one,1),"0.0");
//--- String functions
   string s="a-b-c";
   Check("StringReplace count",IntegerToString(StringReplace(s,"-","+=")),"2");
   Check("StringReplace result",s,"a+=b+=c");
   string aa="aa";
   StringReplace(aa,"a","aa");
   Check("StringReplace does not rescan its replacement",aa,"aaaa");
   string up="Hello, World 42";
   StringToUpper(up);
   Check("StringToUpper",up,"HELLO, WORLD 42");
   StringToLower(up);
   Check("StringToLower",up,"hello, world 42");
   string cyr=ShortToString(0x43F)+ShortToString(0x451);
   StringToUpper(cyr);
   Check("StringToUpper of Cyrillic letters",cyr,ShortToString(0x41F)+ShortToString(0x401));
   string t="  \t x \r\n";
   Check("StringTrimLeft count",IntegerToString(StringTrimLeft(t)),"4");
   Check("StringTrimRight count",IntegerToString(StringTrimRight(t)),"3");
   Check("trimmed",t,"x");
   string joined="a";
   StringAdd(joined,"bc");
   Check("StringAdd",joined,"abc");
   string cat;
   Check("StringConcatenate length",IntegerToString(StringConcatenate(cat,"n=",1," x=",2.5," ",true)),"14");
   Check("StringConcatenate text",cat,"n=1 x=2.5 true");
//--- docs (StringCompare): "Apple" < "home" either way; case sensitive "A" > "a"
   Check("StringCompare(Apple,home) both ways",IntegerToString(StringCompare("Apple","home"))+IntegerToString(StringCompare("Apple","home",false)),"-1-1");
   Check("StringCompare(A,a) case sensitive",IntegerToString(StringCompare("A","a")),"1");
   Check("StringCompare(A,a,false)",IntegerToString(StringCompare("A","a",false)),"0");
   Check("StringCompare(abc,ab)",IntegerToString(StringCompare("abc","ab")),"1");
   string s_ab="ab",s_b="b";
   CheckTrue("string <= >= < >",s_ab<="ab" && s_ab<=s_b && s_b>=s_ab && s_b>s_ab && !(s_b<=s_ab) && s_ab>="ab");
   Check("StringGetCharacter",IntegerToString(StringGetCharacter("abc",1)),"98");
   ResetLastError();
   ushort outside=StringGetCharacter("abc",3);
   int outside_error=GetLastError();
   Check("StringGetCharacter out of the string",IntegerToString(outside)+" "+IntegerToString(outside_error),
         "0 "+IntegerToString(ERR_STRINGPOS_OUTOFRANGE));
   string w="abc";
   StringSetCharacter(w,1,'X');
   StringSetCharacter(w,3,'d');
   Check("StringSetCharacter replaces and appends",w,"aXcd");
   StringSetCharacter(w,2,0);
   Check("StringSetCharacter 0 cuts the string",w,"aX");
   string filled;
   StringInit(filled,4,'z');
   Check("StringInit",filled,"zzzz");
   StringFill(filled,'y');
   Check("StringFill",filled,"yyyy");
   StringInit(filled,4,0);
   Check("StringInit with 0 is empty",IntegerToString(StringLen(filled)),"0");
   Check("CharToString, ShortToString",CharToString(65)+ShortToString(0x42),"AB");
   uchar bytes[];
   Check("StringToCharArray copies the terminating 0",IntegerToString(StringToCharArray("hi",bytes)),"3");
   Check("StringToCharArray bytes",IntegerToString(bytes[0])+","+IntegerToString(bytes[1])+","+IntegerToString(bytes[2]),"104,105,0");
   Check("CharArrayToString",CharArrayToString(bytes),"hi");
   uchar utf8[];
   string euro=ShortToString(0x20AC);
   Check("StringToCharArray in UTF-8",IntegerToString(StringToCharArray(euro,utf8,0,-1,CP_UTF8)),"4");
   Check("UTF-8 bytes of the euro sign",StringFormat("%x %x %x",utf8[0],utf8[1],utf8[2]),"e2 82 ac");
   CheckTrue("CharArrayToString from UTF-8",CharArrayToString(utf8,0,-1,CP_UTF8)==euro);
   Check("CharArrayToString(start,count)",CharArrayToString(bytes,1,1),"i");
//--- a simple structure's bytes (docs: StructToCharArray, CharArrayToStruct): the double's eight,
//--- then each int's four, little-endian (no padding in this layout, packed or aligned)
   SBits bits_in,bits_out;
   bits_in.i=0x01020304;
   bits_in.d=-0.5;
   bits_in.j=0;
   uchar raw[];
   CheckTrue("StructToCharArray",StructToCharArray(bits_in,raw,2));
   Check("its bytes",IntegerToString(ArraySize(raw))+" "+StringFormat("%x %x %x %x",raw[10],raw[11],raw[12],raw[13]),"18 4 3 2 1");
   CheckTrue("CharArrayToStruct round trip",CharArrayToStruct(bits_out,raw,2) && bits_out.i==bits_in.i && bits_out.d==-0.5);
   CheckTrue("CharArrayToStruct past the end",!CharArrayToStruct(bits_out,raw,3));
//--- date and time (docs: TimeToString, StringToTime, TimeToStruct): 2021.03.04 05:06:07 is
//--- 18690 days and 18367 s after 1970.01.01, a Thursday
   datetime when=StringToTime("2021.03.04 05:06:07");
   Check("StringToTime",IntegerToString(when),IntegerToString(18690*86400+5*3600+6*60+7));
   Check("TimeToString default",TimeToString(when),"2021.03.04 05:06");
   Check("TimeToString TIME_DATE|TIME_SECONDS",TimeToString(when,TIME_DATE|TIME_SECONDS),"2021.03.04 05:06:07");
   Check("TimeToString TIME_DATE",TimeToString(when,TIME_DATE),"2021.03.04");
   MqlDateTime parts;
   TimeToStruct(when,parts);
   Check("TimeToStruct",StringFormat("%d-%d-%d %d:%d:%d dow %d doy %d",parts.year,parts.mon,parts.day,parts.hour,parts.min,parts.sec,
         parts.day_of_week,parts.day_of_year),"2021-3-4 5:6:7 dow 4 doy 62");
   parts.year=2000;
   parts.mon=2;
   parts.day=29;
   Check("StructToTime of a leap day",TimeToString(StructToTime(parts),TIME_DATE),"2000.02.29");
   Check("StringToTime of a date alone",TimeToString(StringToTime("1999.12.31"),TIME_DATE|TIME_SECONDS),"1999.12.31 00:00:00");
//--- binary files (docs: FileWriteInteger, FileWriteDouble, FileWriteString, FileWriteArray and
//--- their readers): each value's bytes, little-endian; the sizes add up as each page says
   string fname="runtime_library.bin";
   int h=FileOpen(fname,FILE_WRITE|FILE_BIN);
   CheckTrue("FileOpen(FILE_WRITE|FILE_BIN)",h!=INVALID_HANDLE);
   uint wrote=FileWriteInteger(h,-123456);
   wrote+=FileWriteInteger(h,-2,SHORT_VALUE);
   wrote+=FileWriteInteger(h,200,CHAR_VALUE);
   wrote+=FileWriteLong(h,-tera);
   wrote+=FileWriteDouble(h,M_PI);
   wrote+=FileWriteFloat(h,0.25f);
   wrote+=FileWriteString(h,"abc");
   double block[]= {1.5,-2.25,10,0.125,1e300};
   uint wrote_elements=FileWriteArray(h,block,1,3);
   Check("bytes written: 4+2+1+8+8+4+2*3, then 3 doubles",IntegerToString(wrote)+" "+IntegerToString(wrote_elements),"33 3");
   FileClose(h);
   h=FileOpen(fname,FILE_READ|FILE_BIN);
   Check("FileSize",IntegerToString(FileSize(h)),IntegerToString(33+3*8));
   int i4=FileReadInteger(h);
   short i2=(short)FileReadInteger(h,SHORT_VALUE);
   uchar i1=(uchar)FileReadInteger(h,CHAR_VALUE);
   long i8=FileReadLong(h);
   double d8=FileReadDouble(h);
   float f4=FileReadFloat(h);
   string s3=FileReadString(h,3);
   Check("read back the values",IntegerToString(i4)+" "+IntegerToString(i2)+" "+IntegerToString(i1)+" "+IntegerToString(i8)+" "+
         (d8==M_PI ? "pi" : "not pi")+" "+DoubleToString(f4,2)+" "+s3,"-123456 -2 200 -1099511627776 pi 0.25 abc");
   Check("FileTell after them",IntegerToString(FileTell(h)),"33");
   double back[];
   Check("FileReadArray to the end",IntegerToString(FileReadArray(h,back)),"3");
   Check("the array read back",DoubleToString(back[0],2)+" "+DoubleToString(back[1],2)+" "+DoubleToString(back[2],3),"-2.25 10.00 0.125");
   CheckTrue("FileIsEnding at the end",FileIsEnding(h));
   FileSeek(h,-8,SEEK_END);
   Check("FileSeek from the end",DoubleToString(FileReadDouble(h),3),"0.125");
   FileClose(h);
   CheckTrue("FileIsExist, FileDelete",FileIsExist(fname) && FileDelete(fname) && !FileIsExist(fname));
//--- text files (docs: FileWrite, FileReadString, FileReadNumber, FileIsLineEnding): FILE_CSV
//--- fields between the delimiter given to FileOpen, FILE_TXT whole lines, ANSI and UNICODE
   string cname="runtime_library.csv";
   h=FileOpen(cname,FILE_WRITE|FILE_CSV|FILE_ANSI,';');
   FileWrite(h,"name",1.5,7);
   FileWrite(h,"x y",-2);
   FileClose(h);
   h=FileOpen(cname,FILE_READ|FILE_CSV|FILE_ANSI,';');
   string c_f1=FileReadString(h);
   double c_f2=FileReadNumber(h);
   bool mid_line=FileIsLineEnding(h);
   double c_f3=FileReadNumber(h);
   bool line_done=FileIsLineEnding(h);
   string c_f4=FileReadString(h);
   double c_f5=FileReadNumber(h);
   Check("CSV fields read back",c_f1+"|"+DoubleToString(c_f2,2)+"|"+DoubleToString(c_f3,0)+"|"+c_f4+"|"+DoubleToString(c_f5,0),"name|1.50|7|x y|-2");
   CheckTrue("FileIsLineEnding after the last field only",!mid_line && line_done && FileIsLineEnding(h));
   CheckTrue("FileIsEnding after the last line",FileIsEnding(h));
   FileClose(h);
   FileDelete(cname);
//--- the delimiter as a one-character string (MQL5 book: Opening and closing files, FileOpen's
//--- string form): the same fields, the line as a FILE_TXT file reads it
   h=FileOpen(cname,FILE_WRITE|FILE_CSV|FILE_ANSI,",");
   CheckTrue("FileOpen with a string delimiter",h!=INVALID_HANDLE);
   FileWrite(h,"a",2,"b");
   FileClose(h);
   h=FileOpen(cname,FILE_READ|FILE_TXT|FILE_ANSI);
   Check("FileWrite separates by the string delimiter",FileReadString(h),"a,2,b");
   FileClose(h);
   h=FileOpen(cname,FILE_READ|FILE_CSV|FILE_ANSI,",");
   string s_f1=FileReadString(h);
   double s_f2=FileReadNumber(h);
   Check("CSV fields read with the string delimiter",s_f1+"|"+DoubleToString(s_f2,0)+"|"+FileReadString(h),"a|2|b");
   FileClose(h);
   FileDelete(cname);
   string tname="runtime_library.txt";
   h=FileOpen(tname,FILE_WRITE|FILE_TXT|FILE_UNICODE);
   FileWrite(h,"p","q");
   FileWriteString(h,euro+" end");
   FileClose(h);
   h=FileOpen(tname,FILE_READ|FILE_TXT|FILE_UNICODE);
   string l1=FileReadString(h);
   string l2=FileReadString(h);
   Check("TXT lines read back (UNICODE)",l1+"|"+IntegerToString(StringLen(l2))+"|"+StringSubstr(l2,1),"p\tq|5| end");
   CheckTrue("the euro sign survives UTF-16",StringGetCharacter(l2,0)==0x20AC && FileIsEnding(h));
   FileClose(h);
   FileDelete(tname);
//--- ArrayPrint: one line, reals with _Digits (5) digits, the separator given, aligned right with
//--- ARRAYPRINT_ALIGN (run_scripts.py checks the lines)
   double shown[]= {1.5,-2.25,10};
   ArrayPrint(shown);
   int shown_ints[]= {7,-30,200};
   ArrayPrint(shown_ints,0,",",0,WHOLE_ARRAY,ARRAYPRINT_ALIGN);
//--- the clock and the program's name
   CheckTrue("TimeCurrent is not before the compile day",TimeCurrent()>=__DATE__-86400);
   ulong tick0=GetTickCount64();
   CheckTrue("GetTickCount64 does not go back",GetTickCount64()>=tick0);
   Check("MQLInfoString(MQL_PROGRAM_NAME)",MQLInfoString(MQL_PROGRAM_NAME),"runtime_library");
   Check("StringToInteger of decimal and 0x text",IntegerToString(StringToInteger("  42"))+" "+IntegerToString(StringToInteger("0x1F"))+" "+
         IntegerToString(StringToInteger("-0x10")),"42 31 -16");
//--- the terminal's state in the harness: a script, not in the tester, DLLs allowed
   CheckTrue("MQLInfoInteger",MQLInfoInteger(MQL_PROGRAM_TYPE)==PROGRAM_SCRIPT && MQLInfoInteger(MQL_TESTER)==0 &&
             MQLInfoInteger(MQL_DLLS_ALLOWED)==1);
   CheckTrue("TerminalInfoInteger(TERMINAL_BUILD) is __MQLBUILD__",TerminalInfoInteger(TERMINAL_BUILD)==__MQLBUILD__);
//--- docs (Client Terminal Properties): the OpenCL version as 0x00010002 = 1.2, the API mqlcl gives
   int cl_version=TerminalInfoInteger(TERMINAL_OPENCL_SUPPORT);
   Check("TERMINAL_OPENCL_SUPPORT is OpenCL 1.2",IntegerToString(cl_version>>16)+"."+IntegerToString(cl_version&0xFFFF),"1.2");
   CheckTrue("no trade server: TERMINAL_CONNECTED, TERMINAL_TRADE_ALLOWED are 0",
             TerminalInfoInteger(TERMINAL_CONNECTED)==0 && TerminalInfoInteger(TERMINAL_TRADE_ALLOWED)==0);
//--- constants (docs: Numerical Type Constants, Mathematical Constants)
   CheckTrue("DBL_EPSILON is the gap above 1",1.0+DBL_EPSILON>1.0 && 1.0+DBL_EPSILON/2==1.0);
   CheckTrue("FLT_EPSILON is the gap above 1 in float",(float)(1.0f+FLT_EPSILON)>1.0f && (float)(1.0f+FLT_EPSILON/2)==1.0f);
   CheckNear("M_SQRT2*M_SQRT1_2",M_SQRT2*M_SQRT1_2,1,3e-16);
   CheckNear("M_E is exp(1)",M_E,MathExp(1),5e-16);
   Check("CHAR_MAX, UCHAR_MAX, SHORT_MIN",IntegerToString(CHAR_MAX)+" "+IntegerToString(UCHAR_MAX)+" "+IntegerToString(SHORT_MIN),"127 255 -32768");
   CheckTrue("EMPTY_VALUE is DBL_MAX",EMPTY_VALUE==DBL_MAX);
   Print("checks: "+IntegerToString(g_checks));
  }
//+------------------------------------------------------------------+
