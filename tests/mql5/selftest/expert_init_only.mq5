//+------------------------------------------------------------------+
//| expert_init_only.mq5                                             |
//| An Expert Advisor of OnInit and OnDeinit alone, as a framework's |
//| unit tests are written to run in the strategy tester: OnInit     |
//| runs once on the history, the bars pass, OnDeinit ends it with   |
//| its reason. Every line: OK.                                      |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

int g_checks=0;
//+------------------------------------------------------------------+
void Check(const string name,const string got,const string want)
  {
   g_checks++;
   if(got==want)
      Print("check "+name+": OK");
   else
      Print("check "+name+": WRONG: got '"+got+"', want '"+want+"'");
  }
//+------------------------------------------------------------------+
int OnInit()
  {
   Check("OnInit runs with the history loaded",(Bars(_Symbol,_Period)>0 && iClose(_Symbol,_Period,0)>0) ? "bars" : "none",
         "bars");
   Check("an Expert Advisor",IntegerToString(MQLInfoInteger(MQL_PROGRAM_TYPE)),IntegerToString(PROGRAM_EXPERT));
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Check("OnDeinit at the end of the bars",IntegerToString(reason),IntegerToString(REASON_REMOVE));
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
