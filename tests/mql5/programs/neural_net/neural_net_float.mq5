//+------------------------------------------------------------------+
//| neural_net_float.mq5                                             |
//| neural_net.mq5 in float: the same program (neural_net.mqh), the  |
//| kernels built without cl_khr_fp64, the gradient check's bound    |
//| 1e-4.                                                            |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#define TYPE float
#resource "neural_net.cl" as string cl_neural_net
#include "neural_net.mqh"
//+------------------------------------------------------------------+
