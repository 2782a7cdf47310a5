//+------------------------------------------------------------------+
//| Mixed_Case.mqh: included by program_idioms.mq5 with other cases  |
//| in its name (Windows file names ignore case: docs: #include).   |
//+------------------------------------------------------------------+
#ifndef IDIOMS_MIXED_CASE
#define IDIOMS_MIXED_CASE
int IdiomsIncludedTwice(void) { return(2); }
#endif
