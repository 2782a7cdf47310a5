//+------------------------------------------------------------------+
//| matr_mul_col_local.mq5                                          |
//| The article's stage 6: the column of B staged in __local memory b|
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
   RunArticleStage(MQLCL_STAGE_COL_LOCAL,InpDevice,InpRows1,InpColsRows,InpCols2,InpLocal0,0);
  }
//+------------------------------------------------------------------+
