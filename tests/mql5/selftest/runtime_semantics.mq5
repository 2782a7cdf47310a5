//+------------------------------------------------------------------+
//| runtime_semantics.mq5                                            |
//| The harness's runtime against what the MQL5 documentation says   |
//| (each check names its page). Runs with the project's scripts,    |
//| natively and under Wine; every line must end in OK.              |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/mqlcl.mqh>

#define GREETING "hi // not a comment"

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
//+------------------------------------------------------------------+
void OnStart()
  {
//--- DoubleToString: digits 0..16 after the point, any other value gives 8 (docs: DoubleToString)
   Check("DoubleToString(1.28473418,5)",DoubleToString(1.28473418,5),"1.28473");
   Check("DoubleToString(0.5,20) falls back to 8 digits",DoubleToString(0.5,20),"0.50000000");
   Check("DoubleToString(2.0) defaults to 8 digits",DoubleToString(2.0),"2.00000000");
//--- IntegerToString pads to str_len with fill_symbol (docs: IntegerToString)
   Check("IntegerToString(7,3,'0')",IntegerToString(7,3,'0'),"007");
   Check("IntegerToString(-12)",IntegerToString(-12),"-12");
//--- numbers in strings as Print shows them: double up to 16 digits (%.16G), float with 5
//--- digits after the point, bool as true/false (docs: Print, StringConcatenate)
   string s="v=";
   Check("string+int",s+42,"v=42");
   Check("string+double",s+0.1,"v=0.1");
   Check("string+double, 16 digits",s+1.0/3.0,"v=0.3333333333333333");
   Check("string+float, 5 digits",s+(float)0.5,"v=0.50000");
   Check("string+bool",s+true,"v=true");
   Check("string+long",s+(long)1099511627776,"v=1099511627776");
//--- StringFormat: printf-style, width, precision, left alignment (docs: PrintFormat)
   Check("StringFormat",StringFormat("%5.2f|%-4s|%d|%03d|%s",3.14159,"ab",42,7,"z")," 3.14|ab  |42|007|z");
//--- ArrayResize applies to dynamic arrays only: -1 for a static one (docs: ArrayResize)
   int st[3];
   Check("ArrayResize of a static array",IntegerToString(ArrayResize(st,10)),"-1");
   Check("ArraySize of that static array",IntegerToString(ArraySize(st)),"3");
   double dyn[];
   Check("ArrayResize of a dynamic array",IntegerToString(ArrayResize(dyn,10)),"10");
   ArrayInitialize(dyn,2.5);
   ArrayFill(dyn,2,3,1.0);
   double sum=0;
   for(int i=0; i<ArraySize(dyn); i++)
      sum+=dyn[i];
   Check("ArrayInitialize and ArrayFill",DoubleToString(sum,1),"20.5");
   double part[];
   Check("ArrayCopy count",IntegerToString(ArrayCopy(part,dyn,0,3,4)),"4");
   Check("ArrayCopy grew the destination",IntegerToString(ArraySize(part)),"4");
   Check("ArrayCopy values",DoubleToString(part[0]+part[1]+part[2]+part[3],1),"7.0");
//--- a multi-dimensional static array: ArraySize counts all elements (docs: ArraySize)
   int m[2][3]={{1,2,3},{4,5,6}};
   Check("ArraySize of int m[2][3]",IntegerToString(ArraySize(m)),"6");
   Check("m[1][2]",IntegerToString(m[1][2]),"6");
   int sized[]={4,5,6};
   Check("int a[]={4,5,6} is static, sized by its list (docs: Initialization of Variables)",
         IntegerToString(ArraySize(sized))+" "+IntegerToString(ArrayResize(sized,5)),"3 -1");
   string names[3]={"a","b"};
   Check("a short initializer list leaves the rest empty",names[0]+names[1]+names[2],"ab");
//--- MathRand returns 0..32767 (docs: MathRand); after MathSrand(1) the terminal's C runtime
//--- generator (MSVC rand) gives 41, 18467, 6334
   MathSrand(1);
   int r0=MathRand(),r1=MathRand(),r2=MathRand();
   Check("MathRand after MathSrand(1)",IntegerToString(r0)+" "+IntegerToString(r1)+" "+IntegerToString(r2),"41 18467 6334");
   int lo=32767,hi=0;
   for(int i=0; i<100000; i++)
     {
      int r=MathRand();
      lo=MathMin(lo,r);
      hi=MathMax(hi,r);
     }
   Check("MathRand range over 100000 draws",IntegerToString(lo)+".."+IntegerToString(hi),"0..32767");
//--- MathMin/MathMax return the larger of the argument types (docs: MathMin)
   Check("MathMin(3,2.5) is a double",s+MathMin(3,2.5),"v=2.5");
   Check("MathAbs(-2)",IntegerToString(MathAbs(-2)),"2");
   Check("MathSqrt(2.25)",DoubleToString(MathSqrt(2.25),2),"1.50");
   Check("MathFloor(-1.5)",DoubleToString(MathFloor(-1.5),1),"-2.0");
//--- strings and ushort arrays (docs: StringToShortArray copies the terminating 0 too,
//--- ShortArrayToString stops at it)
   ushort u[];
   Check("StringToShortArray count",IntegerToString(StringToShortArray("abc",u)),"4");
   Check("ShortArrayToString",ShortArrayToString(u),"abc");
   Check("ShortArrayToString(start,count)",ShortArrayToString(u,1,1),"b");
   Check("StringLen",IntegerToString(StringLen("abc")),"3");
   Check("StringSubstr",StringSubstr("abcdef",2,3),"cde");
   Check("StringFind",IntegerToString(StringFind("abcdef","cd")),"2");
//--- an empty dynamic array reaches the DLL as a null pointer, which the DLL refuses with
//--- MQLCL_ERR_ARGUMENT (docs/ABI.md) instead of writing the 5 units it was offered
   ushort none[];
   Check("an empty array reaches the DLL as null",IntegerToString(mqlcl_last_error(0,none,5)),
         IntegerToString(MQLCL_ERR_ARGUMENT));
//--- the translator works on tokens: comment markers inside strings are text, escapes kept,
//--- a #define's string is a string, a character constant is its code (docs: Character Constants)
   Check("comment markers inside a string",IntegerToString(StringLen("a//b/*c*/d")),"10");
   Check("escaped quote",IntegerToString(StringLen("q\"q")),"3");
   Check("#define of a string",GREETING,"hi // not a comment");
   Check("character constant 'A'",IntegerToString('A'),"65");
//--- the terminal's state
   Check("IsStopped() while running",IsStopped() ? "true" : "false","false");
   ulong t0=GetMicrosecondCount();
   Check("GetMicrosecondCount does not go back",GetMicrosecondCount()>=t0 ? "yes" : "no","yes");
   Print("checks: "+IntegerToString(g_checks));
  }
//+------------------------------------------------------------------+
