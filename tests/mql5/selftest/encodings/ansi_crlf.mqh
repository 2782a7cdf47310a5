//+------------------------------------------------------------------+
//| Saved as ANSI (Windows-1252, no byte order mark, not UTF-8),     |
//| lines ending in CRLF.                                            |
//+------------------------------------------------------------------+
string AnsiCrlfText(void) { return("café €"); }
int    AnsiCrlfLine(void) { return(__LINE__); }
