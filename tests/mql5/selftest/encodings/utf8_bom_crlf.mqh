//+------------------------------------------------------------------+
//| Saved as UTF-8 with a byte order mark, lines ending in CRLF.     |
//+------------------------------------------------------------------+
string Utf8BomCrlfText(void) { return("Grüße Ω"); }
int    Utf8BomCrlfLine(void) { return(__LINE__); }
