//+------------------------------------------------------------------+
//| wrapper_bounds.mq5: CMqlcl never hands the DLL a count larger    |
//| than ArraySize() of the array it passes. A static array cannot   |
//| grow (ArrayResize returns -1), so Read must refuse and leave it  |
//| untouched; a dynamic one grows and gets the data. Prints WRONG   |
//| on any failure (tests/mql5/run_scripts.py's generic checks).     |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/experiments.mqh>

input int InpDevice=0;         // OpenCL device (mqlcl's numbering)
//+------------------------------------------------------------------+
void Expect(const bool ok,const string what)
  {
   Print("check "+what+": "+(ok ? "OK" : "WRONG"));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   float a[];
   CMqlcl cl;
   if(!GenMatrix(a,64) || !cl.Create(InpDevice) || !cl.Upload(MQLCL_SLOT_C,a))
     {
      Print("WRONG: no context to test with");
      return;
     }
   float s[4];
   for(int i=0; i<4; i++)
      s[i]=7.0f;
   int n=cl.Read(MQLCL_SLOT_C,s,64);
   Expect(n==-1 && ArraySize(s)==4,"Read of 64 into a static float[4] is refused");
   Expect(s[0]==7.0f && s[3]==7.0f,"the static array is left untouched");
   Expect(StringFind(cl.LastError(),"cannot grow to 64")>=0,"the refusal says why");
   n=cl.Read(MQLCL_SLOT_C,s,4);
   Expect(n==4 && s[0]==a[0] && s[3]==a[3],"Read of 4 into the static float[4] works");
   float d[];
   n=cl.Read(MQLCL_SLOT_C,d,64);
   Expect(n==64 && ArraySize(d)==64 && d[63]==a[63],"Read of 64 grows a dynamic array and fills it");
   Expect(cl.Read(MQLCL_SLOT_C,d,-1)==-1,"a negative count is refused");
   Expect(mqlcl_handle_count()==1,"one live handle (the context)");
  }
//+------------------------------------------------------------------+
