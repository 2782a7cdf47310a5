//+------------------------------------------------------------------+
//| neural_net.mq5                                                   |
//| A small neural network in the style of the MQL5 community's      |
//| articles: layer classes in a container, matrix buffers, a CPU    |
//| path on the matrix methods and an OpenCL path through a class    |
//| derived from COpenCL; the two paths' gradients compared, then a  |
//| training run. TYPE double (cl_khr_fp64); neural_net_float.mq5 is |
//| the same program in float. The program: neural_net.mqh.          |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"
#property script_show_inputs

#define TYPE double
#resource "neural_net.cl" as string cl_neural_net
#include "neural_net.mqh"
//+------------------------------------------------------------------+
