//+------------------------------------------------------------------+
//| expert_stop.mq5                                                  |
//| An Expert Advisor the user stops while it works inside a chart   |
//| event that posts the next one, as published training EAs do      |
//| (train in OnChartEvent, then post the event again): once the     |
//| user has stopped it (IsStopped() true), the terminal delivers no |
//| more events or ticks and calls OnDeinit. The harness runs it     |
//| with the stop at the 5th IsStopped() call. Every line: OK.       |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#define EVENT_TRAIN 7
int g_checks=0;
int g_events=0;
int g_ticks=0;
int g_stopped_seen=0;
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
   EventChartCustom(ChartID(),EVENT_TRAIN,0,0,"train");
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
void OnTick()
  {
   g_ticks++;
  }
//+------------------------------------------------------------------+
void OnChartEvent(const int id,const long &lparam,const double &dparam,const string &sparam)
  {
   if(id!=CHARTEVENT_CUSTOM+EVENT_TRAIN)
      return;
   g_events++;
   if(IsStopped())
      g_stopped_seen++;
//--- the next round, whether stopped or not (the published EAs post it unconditionally)
   EventChartCustom(ChartID(),EVENT_TRAIN,0,0,"train");
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Check("events handled until the stop",IntegerToString(g_events),"5");
   Check("the stop seen once",IntegerToString(g_stopped_seen),"1");
   Check("no tick after the stop",IntegerToString(g_ticks),"0");
   Check("OnDeinit's reason",IntegerToString(reason),IntegerToString(REASON_REMOVE));
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
