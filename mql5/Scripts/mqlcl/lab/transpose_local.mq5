//+------------------------------------------------------------------+
//| transpose_local.mq5                                              |
//| Exercise 5.1: b[y][x] = a[x][y] straight from global memory,     |
//| through a __local tile, and through a padded tile; bandwidth     |
//| against the device's measured copy rate.                         |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpDevice=-1;         // OpenCL device (-1: the best, a GPU first)
input int InpRows=2048;        // rows of a
input int InpCols=2048;        // columns of a
input int InpTile=16;          // tile edge
//+------------------------------------------------------------------+
void OnStart()
  {
   CMqlcl cl;
   float a[],t[];
   if(!GenMatrix(a,InpRows*InpCols) || !cl.Create(InpDevice) || !cl.Upload(MQLCL_SLOT_A,a))
      return;
   double bw=cl.Peak(MQLCL_PEAK_BANDWIDTH,64);
   Print("transpose "+i2s(InpRows)+" x "+i2s(InpCols)+"; measured copy bandwidth "+d2s(bw,1)+" GB/s");
   string names[3]={"straight from global memory","through a __local tile","padded __local tile"};
   for(int v=1; v<=3; v++)
     {
      if(ScriptStopped("before variant "+i2s(v)) || !cl.Transpose(v,InpRows,InpCols,InpTile) ||
         cl.Read(MQLCL_SLOT_C,t,InpRows*InpCols)<0)
         return;
      int wrong=0;
      for(int r=0; r<InpRows; r++)
        {
         if(ScriptStopped("while checking variant "+i2s(v)))
            return;
         for(int c=0; c<InpCols; c++)
            if(t[c*InpRows+r]!=a[r*InpCols+c])
               wrong++;
        }
      double gbs=8.0*InpRows*InpCols/(cl.KernelMs()*1e6);
      Print(StringFormat("  %d %-28s %10.4f ms %9.1f GB/s %6.1f%% of copy | %s",v,names[v-1],cl.KernelMs(),gbs,
                         bw>0 ? 100.0*gbs/bw : 0.0,wrong==0 ? "OK" : "WRONG: "+i2s(wrong)));
     }
  }
//+------------------------------------------------------------------+
