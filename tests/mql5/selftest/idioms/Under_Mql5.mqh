//+------------------------------------------------------------------+
//| Under_Mql5.mqh: included by program_idioms.mq5 under          |
//| #ifdef __MQL5__ (a macro MQL5 defines itself).                   |
//+------------------------------------------------------------------+
int IdiomsUnderMql5(void) { return(5); }
