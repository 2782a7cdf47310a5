//+------------------------------------------------------------------+
//| dia_spmv.mq5                                                     |
//| Exercise 5.2 and the AMD case study: y = A*x with A in DIA       |
//| storage (a 7-point Laplacian on an n^3 grid), steps 1-5 (naive,  |
//| aligned pitch, offsets in __local, float4, x through an image:   |
//| the terminal's own API has no images) with the roofline bound.   |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpDevice=-1;         // OpenCL device (-1: the best, a GPU first)
input int InpGrid=64;          // n: the grid is n x n x n, rows = n^3
input int InpLocal=0;          // work-group size (0: the driver chooses)
//+------------------------------------------------------------------+
void OnStart()
  {
   int g=InpGrid,rows=g*g*g;
   int offsets[7];
   offsets[0]=-g*g;
   offsets[1]=-g;
   offsets[2]=-1;
   offsets[3]=0;
   offsets[4]=1;
   offsets[5]=g;
   offsets[6]=g*g;
   float values[],x[],y[];
   double exact[];
   if(ArrayResize(values,7*rows)!=7*rows || ArrayResize(exact,rows)!=rows || !GenMatrix(x,rows))
     {
      Print("no memory for a 7-diagonal matrix of "+i2s(rows)+" rows");
      return;
     }
   for(int d=0; d<7; d++)
     {
      if(ScriptStopped("while generating the matrix"))
         return;
      for(int r=0; r<rows; r++)
         values[d*rows+r]=(d==3 ? 6.0f : -1.0f)+0.1f*GenVal();
     }
   for(int r=0; r<rows; r++)
     {
      if(r%65536==0 && ScriptStopped("in the CPU reference"))
         return;
      exact[r]=0;
      for(int d=0; d<7; d++)
        {
         int col=r+offsets[d];
         if(col>=0 && col<rows)
            exact[r]+=(double)values[d*rows+r]*x[col];
        }
     }
   CMqlcl cl;
   if(!cl.Create(InpDevice) || !cl.Upload(MQLCL_SLOT_DIA_VALUES,values) || !cl.UploadInt(MQLCL_SLOT_DIA_OFFSETS,offsets) ||
      !cl.Upload(MQLCL_SLOT_X,x))
      return;
   double bw=cl.Peak(MQLCL_PEAK_BANDWIDTH,64);
   double bytes=4.0*(7.0*rows+2.0*rows);
   Print("DIA SpMV, 7-point Laplacian, "+i2s(rows)+" rows; copy bandwidth "+d2s(bw,1)+" GB/s; roofline (x cached) "+
         d2s(bw>0 ? bytes/(bw*1e6) : 0,4)+" ms");
   string names[5]={"naive","aligned pitch","offsets in __local","float4","x through an image"};
   for(int step=1; step<=5; step++)
     {
      if(ScriptStopped("before step "+i2s(step)))
         return;
      if(!cl.DiaSpmv(step,rows,7,InpLocal))
         continue;
      if(cl.Read(MQLCL_SLOT_Y,y,rows)<0)
         return;
      int wrong=0;
      for(int r=0; r<rows; r++)
         if(MathAbs(y[r]-exact[r])>1e-4*(1.0+MathAbs(exact[r])))
            wrong++;
      double gbs=bytes/(cl.KernelMs()*1e6);
      Print(StringFormat("  step %d %-20s %10.4f ms %9.1f GB/s %6.1f%% of bandwidth | %s",step,names[step-1],cl.KernelMs(),
                         gbs,bw>0 ? 100.0*gbs/bw : 0.0,wrong==0 ? "OK" : "WRONG: "+i2s(wrong)+" rows"));
     }
  }
//+------------------------------------------------------------------+
