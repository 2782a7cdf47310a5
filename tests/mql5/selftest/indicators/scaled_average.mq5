//+------------------------------------------------------------------+
//| scaled_average.mq5                                               |
//| A custom indicator for expert_custom.mq5's iCustom: the simple   |
//| average of the close over AvgPeriod bars times Scale (buffer 0, 0   |
//| before the first full period), the bar's range high-low as an    |
//| INDICATOR_CALCULATIONS buffer (1); Offset and Enabled show that  |
//| every input arrives in its place.                                |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property indicator_chart_window
#property indicator_buffers 2
#property indicator_plots   1
#property indicator_type1   DRAW_LINE

input int    AvgPeriod=4;  // the average's period
input double Scale=1.0;    // Scale
input string Label="avg";  // Label (the plot's name)
input bool   Enabled=true; // Enabled: false leaves buffer 0 at 0
input double Offset=0.0;   // Offset added to buffer 0

double Average[];
double Range[];
//+------------------------------------------------------------------+
int OnInit()
  {
   SetIndexBuffer(0,Average,INDICATOR_DATA);
   SetIndexBuffer(1,Range,INDICATOR_CALCULATIONS);
   PlotIndexSetString(0,PLOT_LABEL,Label);
   return(AvgPeriod>0 ? INIT_SUCCEEDED : INIT_PARAMETERS_INCORRECT);
  }
//+------------------------------------------------------------------+
int OnCalculate(const int rates_total,const int prev_calculated,const datetime &time[],const double &open[],
                const double &high[],const double &low[],const double &close[],const long &tick_volume[],
                const long &volume[],const int &spread[])
  {
   for(int i=MathMax(prev_calculated-1,0); i<rates_total; i++)
     {
      Range[i]=high[i]-low[i];
      Average[i]=0;
      if(!Enabled || i<AvgPeriod-1)
         continue;
      double sum=0;
      for(int k=0; k<AvgPeriod; k++)
         sum+=close[i-k];
      Average[i]=sum/AvgPeriod*Scale+Offset;
     }
   return(rates_total);
  }
//+------------------------------------------------------------------+
