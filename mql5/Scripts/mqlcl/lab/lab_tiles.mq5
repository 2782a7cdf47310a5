//+------------------------------------------------------------------+
//| lab_tiles.mq5                                                    |
//| The CUDA lab in OpenCL: block shapes (Q1), unrolling (Q2), the   |
//| tile sizes that fit local memory (Q4A), square __local tiles     |
//| (Q4B), barriers removed on request (Q4C), rectangular tiles (Q5).|
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int  InpDevice=-1;       // OpenCL device (-1: the best, a GPU first)
input int  InpSize=2048;       // TM: square matrix size
input bool InpRaces=false;     // Q4C: run the tiles with a barrier removed (wrong results expected)
//+------------------------------------------------------------------+
void OnStart()
  {
   MathSrand(GetTickCount());
   int n=InpSize;
   CMqlcl cl;
   float a[],b[];
   if(!GenMatrix(a,n*n) || !GenMatrix(b,n*n) || ScriptStopped("before the sweeps") || !cl.Create(InpDevice) ||
      !cl.Upload(MQLCL_SLOT_A,a) || !cl.Upload(MQLCL_SLOT_B,b))
      return;
   Print("CUDA lab in OpenCL on "+MqlclDeviceText(InpDevice,MQLCL_TEXT_NAME)+", TM = "+i2s(n));
   Print("Q1: 2D blocks BLOCK_X x BLOCK_Y (x = column)");
   int bx[7]={256,128,64,32,16,16,8},by[7]={2,4,8,16,16,32,64};
   for(int i=0; i<7; i++)
      RunSweepRow(cl,MQLCL_STAGE_LAB_BLOCK2D,a,b,n,bx[i],by[i],0);
   if(ScriptStopped("after Q1"))
      return;
   Print("Q2: the k-loop unrolled by 2, 4, 8 with 128 x 2 blocks");
   for(int u=2; u<=8; u*=2)
      RunSweepRow(cl,MQLCL_STAGE_LAB_UNROLL,a,b,n,128,2,u);
   if(ScriptStopped("after Q2"))
      return;
   long local_mem=mqlcl_device_info(InpDevice,MQLCL_INFO_LOCAL_MEM_SIZE);
   long max_wg=mqlcl_device_info(InpDevice,MQLCL_INFO_MAX_WORK_GROUP_SIZE);
   int by_mem=(int)MathFloor(MathSqrt(local_mem/8.0)),by_wg=(int)MathFloor(MathSqrt((double)max_wg));
   Print("Q4A: two TILE x TILE tiles need 8*TILE^2 of "+i2s(local_mem)+" bytes of local memory and TILE^2 <= "+
         i2s(max_wg)+" work-items: TILE <= "+i2s(MathMin(by_mem,by_wg)));
   Print("Q4B: square tiles in __local memory");
   for(int t=4; t<=MathMin(by_mem,by_wg); t*=2)
      RunSweepRow(cl,MQLCL_STAGE_LAB_TILES,a,b,n,t,t,0);
   if(ScriptStopped("after Q4B"))
      return;
   if(InpRaces)
     {
      Print("Q4C: a barrier removed: wrong elements may appear (a race)");
      RunSweepRow(cl,MQLCL_STAGE_LAB_TILES_NO_BARRIER1,a,b,n,16,16,0);
      RunSweepRow(cl,MQLCL_STAGE_LAB_TILES_NO_BARRIER2,a,b,n,16,16,0);
     }
   if(ScriptStopped("before Q5"))
      return;
   Print("Q5: rectangular tiles BLOCK_Y x TILE and TILE x BLOCK_X");
   int rx[4]={32,64,16,16},ry[4]={8,4,16,16},rk[4]={32,16,32,64};
   for(int i=0; i<4; i++)
      RunSweepRow(cl,MQLCL_STAGE_LAB_TILES_RECT,a,b,n,rx[i],ry[i],rk[i]);
  }
//+------------------------------------------------------------------+
