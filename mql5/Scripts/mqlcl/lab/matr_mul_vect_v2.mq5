//+------------------------------------------------------------------+
//| matr_mul_vect_v2.mq5                                            |
//| The article's stage 8: the row of A held as float4 in private mem|
//| through mqlcl.dll, with the work-group size the terminal's own   |
//| OpenCL API cannot set.                                           |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#include <mqlcl/experiments.mqh>

input int InpDevice=-1;         // OpenCL device (mqlcl's numbering, see mqlcl_devices) (-1: the best, a GPU first)
input int InpRows1=2000;       // ROWS1: rows of the first matrix
input int InpColsRows=2000;    // COLSROWS: its columns = rows of the second
input int InpCols2=2000;       // COLS2: columns of the second matrix
input int InpLocal0=0;         // work-group size, dimension 0 (0: the driver chooses)
//+------------------------------------------------------------------+
void OnStart()
  {
   RunArticleStage(MQLCL_STAGE_VECT_V2,InpDevice,InpRows1,InpColsRows,InpCols2,InpLocal0,0);
  }
//+------------------------------------------------------------------+
