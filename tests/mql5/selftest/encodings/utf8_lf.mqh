//+------------------------------------------------------------------+
//| Saved as UTF-8 without a byte order mark, lines ending in LF. Its |
//| resource is found beside it (relative to the includer).          |
//+------------------------------------------------------------------+
#resource "beside_the_include.txt" as string g_beside_the_include
string Utf8LfText(void) { return("日本語 €🎵"); }
int    Utf8LfLine(void) { return(__LINE__); }
