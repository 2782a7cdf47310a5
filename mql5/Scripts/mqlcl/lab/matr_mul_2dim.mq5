//+------------------------------------------------------------------+
//| matr_mul_2dim.mq5                                                |
//| The article's stage 0: the product on one CPU core in MQL5, with |
//| its six loop orders timed.                                       |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpRows1=1000;       // ROWS1
input int InpColsRows=1000;    // COLSROWS
input int InpCols2=1000;       // COLS2
//+------------------------------------------------------------------+
void OnStart()
  {
   MathSrand(GetTickCount());
   float a[],b[],c[];
   if(!GenMatrix(a,InpRows1*InpColsRows) || !GenMatrix(b,InpColsRows*InpCols2))
      return;
   Print("=======================================");
   Print("ROWS1 = "+i2s(InpRows1)+"; COLSROWS = "+i2s(InpColsRows)+"; COLS2 = "+i2s(InpCols2));
   for(int order=0; order<6; order++)
     {
      double t=CpuMatmul(a,b,c,InpRows1,InpColsRows,InpCols2,order);
      if(t<0)
        {
         ScriptStopped("in loop order "+LoopOrderName(order));
         return;
        }
      Print("CPU: loop order "+LoopOrderName(order)+" time = "+d2s(t,3)+" s.");
     }
  }
//+------------------------------------------------------------------+
