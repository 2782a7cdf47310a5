//+------------------------------------------------------------------+
//| report_kernels.mq5                                               |
//| The student report: MatrixMultiply0-3 (per row, per column, per |
//| element, one launch per k) and one work-group per element with a |
//| tree or an atomic sum in __local memory.                         |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpDevice=-1;         // OpenCL device (-1: the best, a GPU first)
input int InpSize1=64;         // first square size
input int InpSize2=256;        // second square size
//+------------------------------------------------------------------+
void OnStart()
  {
   MathSrand(GetTickCount());
   CMqlcl cl;
   if(!cl.Create(InpDevice))
      return;
   int sizes[2];
   sizes[0]=InpSize1;
   sizes[1]=InpSize2;
   int stages[6]={MQLCL_STAGE_REPORT_ROW,MQLCL_STAGE_REPORT_COLUMN,MQLCL_STAGE_REPORT_ELEMENT,
                  MQLCL_STAGE_REPORT_RANK1,MQLCL_STAGE_REPORT_REDUCE_TREE,MQLCL_STAGE_REPORT_REDUCE_ATOMIC};
   for(int s=0; s<2; s++)
     {
      int n=sizes[s];
      float a[],b[];
      if(!GenMatrix(a,n*n) || !GenMatrix(b,n*n) || !cl.Upload(MQLCL_SLOT_A,a) || !cl.Upload(MQLCL_SLOT_B,b))
         return;
      Print("report kernels at "+i2s(n)+" x "+i2s(n)+" x "+i2s(n)+" on "+MqlclDeviceText(InpDevice,MQLCL_TEXT_NAME)+":");
      for(int i=0; i<6; i++)
         if(!RunSweepRow(cl,stages[i],a,b,n,0,0,0))
            return;
     }
  }
//+------------------------------------------------------------------+
