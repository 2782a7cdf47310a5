//+------------------------------------------------------------------+
//| indicator_bars.mq5                                               |
//| A custom indicator on the bars of a file, as the terminal calls  |
//| it: OnCalculate first with the history, then a bar at a time,    |
//| prev_calculated its last return; its bound buffers sized to      |
//| rates_total, a series buffer indexed from the newest bar; the    |
//| series against iTime/iClose, and as series; CopyBuffer into a   |
//| bound buffer, a part at a time, at its end. Every line: OK.      |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property indicator_chart_window
#property indicator_buffers 3
#property indicator_plots   1
#property indicator_type1   DRAW_LINE
#property indicator_color1  clrRed

input int InpPeriod=10;

double g_sma[];
double g_newest_first[];
double g_ma_copy[];
int g_ma,g_copy_wrong=0,g_series_wrong=0;
int g_checks=0,g_calls=0,g_wrong=0,g_first_total=0,g_last_total=0;
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
int OnInit()
  {
   SetIndexBuffer(0,g_sma,INDICATOR_DATA);
   SetIndexBuffer(1,g_newest_first,INDICATOR_CALCULATIONS);
   ArraySetAsSeries(g_newest_first,true);
   SetIndexBuffer(2,g_ma_copy,INDICATOR_CALCULATIONS);
   g_ma=iMA(_Symbol,_Period,InpPeriod,0,MODE_SMA,PRICE_CLOSE);
   PlotIndexSetInteger(0,PLOT_DRAW_BEGIN,InpPeriod-1);
   PlotIndexSetString(0,PLOT_LABEL,"SMA("+IntegerToString(InpPeriod)+")");
   IndicatorSetString(INDICATOR_SHORTNAME,"sma check");
   Check("PlotIndexGetInteger gives what was set",IntegerToString(PlotIndexGetInteger(0,PLOT_DRAW_BEGIN)),IntegerToString(InpPeriod-1));
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
int OnCalculate(const int rates_total,
                const int prev_calculated,
                const datetime &time[],
                const double &open[],
                const double &high[],
                const double &low[],
                const double &close[],
                const long &tick_volume[],
                const long &volume[],
                const int &spread[])
  {
   g_calls++;
   if(g_calls==1)
      g_first_total=rates_total;
   else if(prev_calculated!=g_last_total || rates_total!=g_last_total+1)
      g_wrong++;   // a bar at a time, prev_calculated what the last call returned
   if(ArraySize(g_sma)!=rates_total || ArraySize(close)!=rates_total || ArraySize(time)!=rates_total)
      g_wrong++;
   if(time[rates_total-1]!=iTime(_Symbol,_Period,0) || close[rates_total-1]!=iClose(_Symbol,_Period,0) ||
      high[rates_total-1]<low[rates_total-1])
      g_wrong++;
//--- docs (ArraySetAsSeries): OnCalculate's arrays are timeseries, indexed from the newest bar once
//--- the program asks (the pattern of the terminal's example indicators); then set back
   if(!ArrayIsSeries(close) || ArrayGetAsSeries(close) || !ArraySetAsSeries(close,true) || !ArrayGetAsSeries(close) ||
      close[0]!=iClose(_Symbol,_Period,0) || close[rates_total-1]!=iClose(_Symbol,_Period,rates_total-1) ||
      !ArraySetAsSeries(close,false) || close[rates_total-1]!=iClose(_Symbol,_Period,0))
      g_series_wrong++;
   int start=(prev_calculated==0 ? InpPeriod-1 : prev_calculated-1);
   for(int i=start; i<rates_total; i++)
     {
      double s=0;
      for(int j=0; j<InpPeriod; j++)
         s+=close[i-j];
      g_sma[i]=s/InpPeriod;
     }
   g_newest_first[0]=close[rates_total-1];
//--- docs (CopyBuffer): into an indicator buffer "partial copying is allowed": the terminal's
//--- examples copy the bars not yet calculated, which land at the buffer's end
   int to_copy=(prev_calculated==0 ? rates_total : rates_total-prev_calculated+1);
   if(CopyBuffer(g_ma,0,0,to_copy,g_ma_copy)!=to_copy || ArraySize(g_ma_copy)!=rates_total ||
      MathAbs(g_ma_copy[rates_total-1]-g_sma[rates_total-1])>1e-12 || MathAbs(g_ma_copy[rates_total-2]-g_sma[rates_total-2])>1e-12)
      g_copy_wrong++;
   g_last_total=rates_total;
   return(rates_total);
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Check("the first call with the history (half the bars)",IntegerToString(g_first_total),"300");
   Check("then a call a bar, 600 bars in all",IntegerToString(g_calls)+" "+IntegerToString(g_last_total),"301 600");
   Check("each call's arrays and prev_calculated",IntegerToString(g_wrong),"0");
   Check("CopyBuffer into a bound buffer: its size kept, the part copied at its end",IntegerToString(g_copy_wrong),"0");
   Check("OnCalculate's close[]: a timeseries, indexed from the newest bar by ArraySetAsSeries",IntegerToString(g_series_wrong),"0");
   double c[];
   CopyClose(_Symbol,_Period,0,InpPeriod,c);
   double s=0;
   for(int i=0; i<InpPeriod; i++)
      s+=c[i];
   Check("the buffer's last value: the SMA of the last closes",(MathAbs(g_sma[ArraySize(g_sma)-1]-s/InpPeriod)<1e-12 ? "OK" : "no"),"OK");
   Check("a series buffer: element 0 the newest bar's",(g_newest_first[0]==iClose(_Symbol,_Period,0) ? "OK" : "no"),"OK");
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
