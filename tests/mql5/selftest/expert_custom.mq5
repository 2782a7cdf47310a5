//+------------------------------------------------------------------+
//| expert_custom.mq5                                                |
//| Custom indicators by iCustom and IndicatorCreate(IND_CUSTOM)     |
//| (docs: iCustom): indicators/scaled_average.mq5 by its resource,  |
//| its inputs by position, each buffer on every tick against the    |
//| formula computed here from the bars; a name never compiled gives |
//| INVALID_HANDLE and error 4802. Every line: OK.                   |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#resource "indicators\\scaled_average.ex5"
#define SCALED_AVERAGE "::indicators\\scaled_average.ex5"

int g_checks=0,g_ticks=0,g_wrong=0;
int h_given,h_defaults,h_created,h_disabled;
//+------------------------------------------------------------------+
void Check(const string name,const bool ok,const string detail="")
  {
   g_checks++;
   Print("check "+name+": "+(ok ? "OK" : "WRONG: "+detail));
  }
double Last(const int handle,const int buffer,const int shift)
  {
   double v[];
   if(CopyBuffer(handle,buffer,shift,1,v)!=1)
      return(-12345);
   return(v[0]);
  }
double Average(const int period,const double scale,const double offset,const int shift)
  {
   if(Bars(_Symbol,_Period)-shift<period)
      return(0);
   double sum=0;
   for(int k=0; k<period; k++)
      sum+=iClose(_Symbol,_Period,shift+k);
   return(sum/period*scale+offset);
  }
bool Near(const double got,const double want)
  {
   return(MathAbs(got-want)<=1e-12*MathMax(1.0,MathAbs(want)));
  }
//+------------------------------------------------------------------+
int OnInit()
  {
   h_given=iCustom(_Symbol,_Period,SCALED_AVERAGE,7,2.5,"seven",true,0.125);
   h_defaults=iCustom(NULL,0,SCALED_AVERAGE);
   h_disabled=iCustom(_Symbol,_Period,SCALED_AVERAGE,3,1.0,"three",false);
   MqlParam p[3];
   p[0].type=TYPE_STRING;
   p[0].string_value=SCALED_AVERAGE;
   p[1].type=TYPE_INT;
   p[1].integer_value=5;
   p[2].type=TYPE_DOUBLE;
   p[2].double_value=0.5;
   h_created=IndicatorCreate(_Symbol,_Period,IND_CUSTOM,3,p);
   Check("iCustom with inputs gives a handle",h_given!=INVALID_HANDLE,IntegerToString(GetLastError()));
   Check("iCustom with the defaults gives a handle",h_defaults!=INVALID_HANDLE,IntegerToString(GetLastError()));
   Check("iCustom with Enabled=false gives a handle",h_disabled!=INVALID_HANDLE,IntegerToString(GetLastError()));
   Check("IndicatorCreate(IND_CUSTOM) gives a handle",h_created!=INVALID_HANDLE,IntegerToString(GetLastError()));
   ResetLastError();
   int h_missing=iCustom(_Symbol,_Period,"never_compiled_indicator");
   Check("iCustom of an indicator never compiled",h_missing==INVALID_HANDLE && GetLastError()==4802,
         IntegerToString(h_missing)+" "+IntegerToString(GetLastError()));
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
void OnTick()
  {
   g_ticks++;
   for(int shift=0; shift<3; shift++)
     {
      double range=iHigh(_Symbol,_Period,shift)-iLow(_Symbol,_Period,shift);
      if(!Near(Last(h_given,0,shift),Average(7,2.5,0.125,shift)) || !Near(Last(h_defaults,0,shift),Average(4,1.0,0,shift)) ||
         !Near(Last(h_created,0,shift),Average(5,0.5,0,shift)) || Last(h_disabled,0,shift)!=0 ||
         !Near(Last(h_given,1,shift),range))
        {
         if(g_wrong++<3)
            Print("wrong at tick ",g_ticks," shift ",shift,": ",Last(h_given,0,shift)," / ",Average(7,2.5,0.125,shift));
        }
     }
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Check("every tick's three bars of each indicator against the formula",g_ticks>100 && g_wrong==0,
         IntegerToString(g_wrong)+" wrong of "+IntegerToString(g_ticks)+" ticks");
   Check("BarsCalculated is the bars the tester has shown",BarsCalculated(h_given)==Bars(_Symbol,_Period),
         IntegerToString(BarsCalculated(h_given)));
   double all[];
   Check("CopyBuffer of a buffer the indicator has not",CopyBuffer(h_given,2,0,1,all)==-1);
   Check("IndicatorRelease",IndicatorRelease(h_defaults) && CopyBuffer(h_defaults,0,0,1,all)==-1);
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
