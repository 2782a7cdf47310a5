//+------------------------------------------------------------------+
//| expert_bars.mq5                                                  |
//| An Expert Advisor on the bars of a file, as the strategy tester  |
//| runs it: OnInit, OnTick a bar, OnTimer, OnDeinit with its reason;|
//| the timeseries and the symbol the bars imply; each technical     |
//| indicator's CopyBuffer against its documented formula computed   |
//| here from the bars (docs: Technical Indicators); a trade request |
//| refused as with automated trading disabled. Every line: OK.      |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

input int InpPeriod=14;

int g_checks=0,g_ticks=0,g_timers=0,g_wrong=0,g_events=0;
long g_event_lparam=0;
int h_sma,h_ema,h_smma,h_lwma,h_rsi,h_atr,h_macd,h_bands,h_cci,h_mom,h_sto,h_wpr;
datetime g_last_time=0;
//+------------------------------------------------------------------+
void Check(const string name,const string got,const string want)
  {
   g_checks++;
   if(got==want)
      Print("check "+name+": OK");
   else
      Print("check "+name+": WRONG: got '"+got+"', want '"+want+"'");
  }
//--- a value against its reference, within a relative 1e-9 (the same sums in another order)
bool Near(const double got,const double want)
  {
   return(MathAbs(got-want)<=1e-9*MathMax(1.0,MathAbs(want)));
  }
//--- the closes of the last n bars, oldest first
void Closes(const int n,double &c[])
  {
   ArrayResize(c,n);
   for(int i=0; i<n; i++)
      c[i]=iClose(_Symbol,_Period,n-1-i);
  }
//--- the formulas of the documentation, over the whole history seen so far (oldest first)
double Sma(const double &p[],const int end,const int n)
  {
   double s=0;
   for(int i=end-n+1; i<=end; i++)
      s+=p[i];
   return(s/n);
  }
double Ema(const double &p[],const int end,const int n)
  {
   double k=2.0/(n+1),e=p[0];
   for(int i=1; i<=end; i++)
      e=p[i]*k+e*(1-k);
   return(e);
  }
double Smma(const double &p[],const int end,const int n)
  {
   double s=Sma(p,n-1,n);
   for(int i=n; i<=end; i++)
      s=(s*(n-1)+p[i])/n;
   return(s);
  }
double Lwma(const double &p[],const int end,const int n)
  {
   double s=0,w=0;
   for(int i=0; i<n; i++)
     {
      s+=p[end-i]*(n-i);
      w+=n-i;
     }
   return(s/w);
  }
double Rsi(const double &p[],const int end,const int n)
  {
   double up=0,down=0;
   for(int i=1; i<=n; i++)
     {
      double d=p[i]-p[i-1];
      up+=(d>0 ? d : 0)/n;
      down+=(d<0 ? -d : 0)/n;
     }
   for(int i=n+1; i<=end; i++)
     {
      double d=p[i]-p[i-1];
      up=(up*(n-1)+(d>0 ? d : 0))/n;
      down=(down*(n-1)+(d<0 ? -d : 0))/n;
     }
   return(down!=0 ? 100-100/(1+up/down) : 50);
  }
//--- one indicator's last value by CopyBuffer
double Last(const int handle,const int buffer)
  {
   double v[];
   if(CopyBuffer(handle,buffer,0,1,v)!=1)
      return(-1);
   return(v[0]);
  }
//+------------------------------------------------------------------+
int OnInit()
  {
   h_sma=iMA(_Symbol,_Period,InpPeriod,0,MODE_SMA,PRICE_CLOSE);
   h_ema=iMA(NULL,0,InpPeriod,0,MODE_EMA,PRICE_CLOSE);   // NULL and 0: the chart's symbol and period
   h_smma=iMA(_Symbol,PERIOD_CURRENT,InpPeriod,0,MODE_SMMA,PRICE_CLOSE);
   h_lwma=iMA(_Symbol,_Period,InpPeriod,0,MODE_LWMA,PRICE_CLOSE);
   h_rsi=iRSI(_Symbol,_Period,InpPeriod,PRICE_CLOSE);
   h_atr=iATR(_Symbol,_Period,InpPeriod);
   h_macd=iMACD(_Symbol,_Period,12,26,9,PRICE_CLOSE);
   h_bands=iBands(_Symbol,_Period,20,0,2.0,PRICE_CLOSE);
   h_cci=iCCI(_Symbol,_Period,InpPeriod,PRICE_TYPICAL);
   h_mom=iMomentum(_Symbol,_Period,InpPeriod,PRICE_CLOSE);
   h_sto=iStochastic(_Symbol,_Period,5,3,3,MODE_SMA,STO_LOWHIGH);
   h_wpr=iWPR(_Symbol,_Period,InpPeriod);
   Check("indicator handles",(h_sma!=INVALID_HANDLE && h_wpr!=INVALID_HANDLE && iMA("GBPJPY",_Period,5,0,MODE_SMA,PRICE_CLOSE)==INVALID_HANDLE) ? "valid" : "invalid","valid");
   Check("_Symbol and _Period from the file's name",_Symbol+" "+EnumToString(_Period),"EURUSD PERIOD_H1");
   Check("_Digits and _Point from the prices",IntegerToString(_Digits)+" "+DoubleToString(_Point,5)+" "+
         IntegerToString(SymbolInfoInteger(_Symbol,SYMBOL_DIGITS)),"5 0.00001 5");
   Check("history before the first tick (half the bars)",IntegerToString(Bars(_Symbol,_Period)),"300");
   Check("the tester's account",DoubleToString(AccountInfoDouble(ACCOUNT_BALANCE),2)+" "+AccountInfoString(ACCOUNT_CURRENCY),
         "10000.00 USD");
   EventSetTimer(4*3600);
   EventChartCustom(0,7,42,0.5,"from OnInit");   // delivered to OnChartEvent after OnInit returns
   Check("no custom event delivered inside the handler that sent it",IntegerToString(g_events),"0");
//--- graphical objects: kept and found again, never drawn (the harness has no chart)
   bool created=ObjectCreate(0,"line",OBJ_HLINE,0,0,1.25);
   ObjectSetInteger(0,"line",OBJPROP_COLOR,clrRed);
   ObjectSetString(0,"line",OBJPROP_TEXT,"level");
   Check("ObjectCreate, ObjectFind, ObjectGet*",(created && !ObjectCreate(0,"line",OBJ_HLINE,0,0,1.0) ? "created" : "not")+" "+
         IntegerToString(ObjectFind(0,"line"))+" "+DoubleToString(ObjectGetDouble(0,"line",OBJPROP_PRICE),2)+" "+
         IntegerToString(ObjectGetInteger(0,"line",OBJPROP_COLOR)==clrRed)+" "+ObjectGetString(0,"line",OBJPROP_TEXT)+" "+
         IntegerToString(ObjectsTotal(0)),"created 0 1.25 1 level 1");
   ObjectDelete(0,"line");
   Check("ObjectDelete",IntegerToString(ObjectFind(0,"line"))+" "+IntegerToString(ObjectsTotal(0)),"-1 0");
   Check("ColorToARGB: 0xAARRGGBB of a color's 0x00BBGGRR",StringFormat("%08X",ColorToARGB(C'1,2,3',128)),"80010203");
   ResetLastError();
   bool shot=ChartScreenShot(0,"shot.gif",640,480);
   int shot_error=GetLastError();
   Check("ChartScreenShot: no screenshot without a chart",(shot ? "made" : "none")+" "+IntegerToString(shot_error)+" "+
         (FileIsExist("shot.gif") ? "file" : "no file"),"none 4110 no file");
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
void OnChartEvent(const int id,const long &lparam,const double &dparam,const string &sparam)
  {
   if(id==CHARTEVENT_CUSTOM+7 && dparam==0.5 && sparam=="from OnInit")
     {
      g_events++;
      g_event_lparam=lparam;
     }
  }
//+------------------------------------------------------------------+
void OnTick()
  {
   g_ticks++;
   if(g_ticks==1)
      Check("a custom event reaches OnChartEvent after OnInit, once",IntegerToString(g_events)+" "+IntegerToString(g_event_lparam),"1 42");
   datetime now=iTime(_Symbol,_Period,0);
   if(g_last_time!=0 && now-g_last_time!=PeriodSeconds())
      g_wrong++;
   g_last_time=now;
   if(g_ticks!=50)   // the indicators checked once, at one tick in the middle of the test
      return;
   int n=Bars(_Symbol,_Period);
   double c[];
   Closes(n,c);
   Check("Bars, iBars, SeriesInfoInteger",IntegerToString(n)+" "+IntegerToString(iBars(_Symbol,_Period))+" "+
         IntegerToString(SeriesInfoInteger(_Symbol,_Period,SERIES_BARS_COUNT)),"349 349 349");
   MqlRates r[];
   int got=CopyRates(_Symbol,_Period,0,10,r);
   Check("CopyRates: the last bar last",IntegerToString(got)+" "+(got==10 && r[9].time==now && r[9].close==c[n-1] && r[0].close==c[n-10] ? "same" : "other"),"10 same");
   ArraySetAsSeries(r,true);
   Check("CopyRates as a series: the last bar first",(r[0].time==now ? "first" : "not"),"first");
   double cl[];
   int copied=CopyClose(_Symbol,_Period,iTime(_Symbol,_Period,5),3,cl);
   Check("CopyClose from a time",IntegerToString(copied)+" "+(copied==3 && cl[2]==c[n-6] ? "same" : "other"),"3 same");
   Check("iBarShift of a bar's time",IntegerToString(iBarShift(_Symbol,_Period,iTime(_Symbol,_Period,7))),"7");
   int hi=iHighest(_Symbol,_Period,MODE_HIGH,20,0);
   bool highest=true;
   for(int s=0; s<20; s++)
      highest=highest && iHigh(_Symbol,_Period,s)<=iHigh(_Symbol,_Period,hi);
   Check("iHighest",(highest && hi>=0 && hi<20 ? "OK" : "no"),"OK");
   Check("SymbolInfoDouble: bid the current close",(SymbolInfoDouble(_Symbol,SYMBOL_BID)==c[n-1] &&
         SymbolInfoDouble(_Symbol,SYMBOL_ASK)>SymbolInfoDouble(_Symbol,SYMBOL_BID) ? "OK" : "no"),"OK");
   Check("TimeCurrent: the current bar's time",(TimeCurrent()==now ? "OK" : "no"),"OK");
   int p=InpPeriod,e=n-1;
   Check("iMA SMA",(Near(Last(h_sma,0),Sma(c,e,p)) ? "OK" : DoubleToString(Last(h_sma,0),8)+"/"+DoubleToString(Sma(c,e,p),8)),"OK");
   Check("iMA EMA",(Near(Last(h_ema,0),Ema(c,e,p)) ? "OK" : DoubleToString(Last(h_ema,0),8)+"/"+DoubleToString(Ema(c,e,p),8)),"OK");
   Check("iMA SMMA",(Near(Last(h_smma,0),Smma(c,e,p)) ? "OK" : DoubleToString(Last(h_smma,0),8)),"OK");
   Check("iMA LWMA",(Near(Last(h_lwma,0),Lwma(c,e,p)) ? "OK" : DoubleToString(Last(h_lwma,0),8)),"OK");
   Check("iRSI",(Near(Last(h_rsi,0),Rsi(c,e,p)) ? "OK" : DoubleToString(Last(h_rsi,0),8)+"/"+DoubleToString(Rsi(c,e,p),8)),"OK");
   double tr=0;
   for(int s=0; s<p; s++)
      tr+=MathMax(iHigh(_Symbol,_Period,s),iClose(_Symbol,_Period,s+1))-MathMin(iLow(_Symbol,_Period,s),iClose(_Symbol,_Period,s+1));
   Check("iATR",(Near(Last(h_atr,0),tr/p) ? "OK" : DoubleToString(Last(h_atr,0),8)),"OK");
   double macd[];
   ArrayResize(macd,n);
   for(int i=0; i<n; i++)
      macd[i]=Ema(c,i,12)-Ema(c,i,26);
   Check("iMACD main and signal (its SMA)",(Near(Last(h_macd,MAIN_LINE),macd[e]) && Near(Last(h_macd,SIGNAL_LINE),Sma(macd,e,9)) ? "OK" : "no"),"OK");
   double ma=Sma(c,e,20),sd=0;
   for(int i=0; i<20; i++)
      sd+=(c[e-i]-ma)*(c[e-i]-ma);
   sd=MathSqrt(sd/20);
   Check("iBands base, upper, lower",(Near(Last(h_bands,BASE_LINE),ma) && Near(Last(h_bands,UPPER_BAND),ma+2*sd) &&
         Near(Last(h_bands,LOWER_BAND),ma-2*sd) ? "OK" : "no"),"OK");
   double tp[];
   ArrayResize(tp,n);
   for(int i=0; i<n; i++)
      tp[i]=(iHigh(_Symbol,_Period,n-1-i)+iLow(_Symbol,_Period,n-1-i)+iClose(_Symbol,_Period,n-1-i))/3;
   double tpma=Sma(tp,e,p),dev=0;
   for(int i=0; i<p; i++)
      dev+=MathAbs(tp[e-i]-tpma);
   Check("iCCI",(Near(Last(h_cci,0),(tp[e]-tpma)*p/(0.015*dev)) ? "OK" : "no"),"OK");
   Check("iMomentum",(Near(Last(h_mom,0),c[e]*100/c[e-p]) ? "OK" : "no"),"OK");
   double lo=iLow(_Symbol,_Period,iLowest(_Symbol,_Period,MODE_LOW,p,0)),hh=iHigh(_Symbol,_Period,iHighest(_Symbol,_Period,MODE_HIGH,p,0));
   Check("iWPR",(Near(Last(h_wpr,0),-100*(hh-c[e])/(hh-lo)) ? "OK" : "no"),"OK");
   double k[3];
   for(int j=0; j<3; j++)   // %K slowed by 3 at the last three bars, %D their average
     {
      double num=0,den=0;
      for(int s=j; s<j+3; s++)
        {
         double l5=iLow(_Symbol,_Period,iLowest(_Symbol,_Period,MODE_LOW,5,s)),h5=iHigh(_Symbol,_Period,iHighest(_Symbol,_Period,MODE_HIGH,5,s));
         num+=iClose(_Symbol,_Period,s)-l5;
         den+=h5-l5;
        }
      k[j]=num/den*100;
     }
   Check("iStochastic %K and %D",(Near(Last(h_sto,MAIN_LINE),k[0]) && Near(Last(h_sto,SIGNAL_LINE),(k[0]+k[1]+k[2])/3) ? "OK" : "no"),"OK");
   MqlTradeRequest req={};
   MqlTradeResult res={};
   req.action=TRADE_ACTION_DEAL;
   req.symbol=_Symbol;
   req.volume=0.1;
   req.type=ORDER_TYPE_BUY;
   req.price=SymbolInfoDouble(_Symbol,SYMBOL_ASK);
   ResetLastError();
   bool sent=OrderSend(req,res);
   int error=GetLastError();
   Check("OrderSend refused: automated trading disabled",(sent ? "sent" : "refused")+" "+IntegerToString(res.retcode)+" "+
         IntegerToString(error)+" "+IntegerToString(PositionsTotal()),"refused 10027 4752 0");
  }
//+------------------------------------------------------------------+
void OnTimer()
  {
   g_timers++;
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Check("a tick a bar after the history",IntegerToString(g_ticks),"301");
   Check("every tick a bar later",IntegerToString(g_wrong),"0");
   Check("OnTimer every 4 hours of the bars' time",IntegerToString(g_timers),"75");
   Check("OnDeinit's reason at the end of the bars",IntegerToString(reason)+" "+IntegerToString(UninitializeReason()),"1 1");
   IndicatorRelease(h_sma);
   double v[];
   Check("CopyBuffer of a released handle",IntegerToString(CopyBuffer(h_sma,0,0,1,v)),"-1");
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
