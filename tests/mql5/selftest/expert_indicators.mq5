//+------------------------------------------------------------------+
//| expert_indicators.mq5                                            |
//| The technical indicators expert_bars.mq5 leaves out, each one's  |
//| CopyBuffer against its page's formula computed here from the     |
//| bars (docs: Technical Indicators); IndicatorCreate as the        |
//| standard library's CiMA calls it; matrix::CopyRates and          |
//| vector::CopyIndicatorBuffer. Every line: OK.                     |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

int g_checks=0,g_ticks=0;
int h_ac,h_ad,h_bears,h_bulls,h_chaikin,h_dema,h_tema,h_trix,h_demarker,h_env,h_force,h_fractals,h_alligator,h_gator,
    h_ichimoku,h_bwmfi,h_osma,h_sar,h_rvi,h_volumes,h_adxw,h_ama,h_frama,h_vidya,h_created,h_ma;
double O[],H[],L[],C[],V[],M[];   // the bars seen so far, oldest first; M the median price
int N,E;                          // their number, the last one's index
//+------------------------------------------------------------------+
void Check(const string name,const bool ok,const string detail="")
  {
   g_checks++;
   Print("check "+name+": "+(ok ? "OK" : "WRONG: "+detail));
  }
bool Near(const double got,const double want)
  {
   return(MathAbs(got-want)<=1e-9*MathMax(1.0,MathAbs(want)));
  }
double Last(const int handle,const int buffer,const int shift=0)
  {
   double v[];
   if(CopyBuffer(handle,buffer,shift,1,v)!=1)
      return(-12345);
   return(v[0]);
  }
string Pair(const double got,const double want)
  {
   return(DoubleToString(got,10)+" / "+DoubleToString(want,10));
  }
//--- the series of a moving average of p (docs: Moving Average), oldest first: EMA from the
//--- first value on; SMA and SMMA from the first full period (0 before)
void EmaSeries(const double &p[],const int n,double &out[])
  {
   ArrayResize(out,ArraySize(p));
   double k=2.0/(n+1);
   out[0]=p[0];
   for(int i=1; i<ArraySize(p); i++)
      out[i]=p[i]*k+out[i-1]*(1-k);
  }
double Sma(const double &p[],const int end,const int n)
  {
   double s=0;
   for(int i=end-n+1; i<=end; i++)
      s+=p[i];
   return(s/n);
  }
void SmaSeries(const double &p[],const int n,const int begin,double &out[])
  {
   ArrayResize(out,ArraySize(p));
   ArrayInitialize(out,0);
   for(int i=begin+n-1; i<ArraySize(p); i++)
      out[i]=Sma(p,i,n);
  }
void SmmaSeries(const double &p[],const int n,const int begin,double &out[])
  {
   ArrayResize(out,ArraySize(p));
   ArrayInitialize(out,0);
   if(begin+n-1>=ArraySize(p))
      return;
   out[begin+n-1]=Sma(p,begin+n-1,n);
   for(int i=begin+n; i<ArraySize(p); i++)
      out[i]=(out[i-1]*(n-1)+p[i])/n;
  }
double Highest(const int end,const int n)
  {
   double h=H[end];
   for(int i=end-n+1; i<end; i++)
      h=MathMax(h,H[i]);
   return(h);
  }
double Lowest(const int end,const int n)
  {
   double l=L[end];
   for(int i=end-n+1; i<end; i++)
      l=MathMin(l,L[i]);
   return(l);
  }
//+------------------------------------------------------------------+
int OnInit()
  {
   h_ac=iAC(_Symbol,_Period);
   h_ad=iAD(_Symbol,_Period,VOLUME_TICK);
   h_bears=iBearsPower(_Symbol,_Period,13);
   h_bulls=iBullsPower(_Symbol,_Period,13);
   h_chaikin=iChaikin(_Symbol,_Period,3,10,MODE_EMA,VOLUME_TICK);
   h_dema=iDEMA(_Symbol,_Period,14,0,PRICE_CLOSE);
   h_tema=iTEMA(_Symbol,_Period,14,0,PRICE_CLOSE);
   h_trix=iTriX(_Symbol,_Period,14,PRICE_CLOSE);
   h_demarker=iDeMarker(_Symbol,_Period,14);
   h_env=iEnvelopes(_Symbol,_Period,14,0,MODE_SMA,PRICE_CLOSE,0.1);
   h_force=iForce(_Symbol,_Period,13,MODE_SMA,VOLUME_TICK);
   h_fractals=iFractals(_Symbol,_Period);
   h_alligator=iAlligator(_Symbol,_Period,13,8,8,5,5,3,MODE_SMMA,PRICE_MEDIAN);
   h_gator=iGator(_Symbol,_Period,13,8,8,5,5,3,MODE_SMMA,PRICE_MEDIAN);
   h_ichimoku=iIchimoku(_Symbol,_Period,9,26,52);
   h_bwmfi=iBWMFI(_Symbol,_Period,VOLUME_TICK);
   h_osma=iOsMA(_Symbol,_Period,12,26,9,PRICE_CLOSE);
   h_sar=iSAR(_Symbol,_Period,0.02,0.2);
   h_rvi=iRVI(_Symbol,_Period,10);
   h_volumes=iVolumes(_Symbol,_Period,VOLUME_TICK);
   h_adxw=iADXWilder(_Symbol,_Period,14);
   h_ama=iAMA(_Symbol,_Period,9,2,30,0,PRICE_CLOSE);
   h_frama=iFrAMA(_Symbol,_Period,14,0,PRICE_CLOSE);
   h_vidya=iVIDyA(_Symbol,_Period,9,12,0,PRICE_CLOSE);
   h_ma=iMA(_Symbol,_Period,10,2,MODE_LWMA,PRICE_TYPICAL);
   MqlParam params[4];
   params[0].type=TYPE_INT;
   params[0].integer_value=10;
   params[1].type=TYPE_INT;
   params[1].integer_value=2;
   params[2].type=TYPE_INT;
   params[2].integer_value=MODE_LWMA;
   params[3].type=TYPE_INT;
   params[3].integer_value=PRICE_TYPICAL;
   h_created=IndicatorCreate(_Symbol,_Period,IND_MA,4,params);
   Check("every handle valid",h_ac!=INVALID_HANDLE && h_vidya!=INVALID_HANDLE && h_created!=INVALID_HANDLE &&
         iDEMA(_Symbol,_Period,0,0,PRICE_CLOSE)==INVALID_HANDLE);
   return(INIT_SUCCEEDED);
  }
//+------------------------------------------------------------------+
void OnTick()
  {
   g_ticks++;
   if(g_ticks!=50)
      return;
   N=Bars(_Symbol,_Period);
   E=N-1;
   ArrayResize(O,N);
   ArrayResize(H,N);
   ArrayResize(L,N);
   ArrayResize(C,N);
   ArrayResize(V,N);
   ArrayResize(M,N);
   for(int i=0; i<N; i++)
     {
      int s=N-1-i;
      O[i]=iOpen(_Symbol,_Period,s);
      H[i]=iHigh(_Symbol,_Period,s);
      L[i]=iLow(_Symbol,_Period,s);
      C[i]=iClose(_Symbol,_Period,s);
      V[i]=(double)iVolume(_Symbol,_Period,s);
      M[i]=(H[i]+L[i])/2;
     }
//--- Accelerator: AO - SMA(AO, 5), AO = SMA(median, 5) - SMA(median, 34)
   double ao[];
   ArrayResize(ao,N);
   for(int i=33; i<N; i++)
      ao[i]=Sma(M,i,5)-Sma(M,i,34);
   Check("iAC",Near(Last(h_ac,0),ao[E]-Sma(ao,E,5)),Pair(Last(h_ac,0),ao[E]-Sma(ao,E,5)));
//--- Accumulation/Distribution and the Chaikin oscillator (EMA(AD, 3) - EMA(AD, 10))
   double ad[];
   ArrayResize(ad,N);
   for(int i=0; i<N; i++)
      ad[i]=(i>0 ? ad[i-1] : 0)+(H[i]!=L[i] ? ((C[i]-L[i])-(H[i]-C[i]))/(H[i]-L[i])*V[i] : 0);
   Check("iAD",Near(Last(h_ad,0),ad[E]),Pair(Last(h_ad,0),ad[E]));
   double ad3[],ad10[];
   EmaSeries(ad,3,ad3);
   EmaSeries(ad,10,ad10);
   Check("iChaikin",Near(Last(h_chaikin,0),ad3[E]-ad10[E]),Pair(Last(h_chaikin,0),ad3[E]-ad10[E]));
//--- Bears and Bulls Power: LOW - EMA(CLOSE, 13), HIGH - EMA(CLOSE, 13)
   double e13[];
   EmaSeries(C,13,e13);
   Check("iBearsPower",Near(Last(h_bears,0),L[E]-e13[E]),Pair(Last(h_bears,0),L[E]-e13[E]));
   Check("iBullsPower",Near(Last(h_bulls,0),H[E]-e13[E]),Pair(Last(h_bulls,0),H[E]-e13[E]));
//--- DEMA, TEMA, TRIX over EMA(14) applied once, twice, three times
   double e1[],e2[],e3[];
   EmaSeries(C,14,e1);
   EmaSeries(e1,14,e2);
   EmaSeries(e2,14,e3);
   Check("iDEMA",Near(Last(h_dema,0),2*e1[E]-e2[E]),Pair(Last(h_dema,0),2*e1[E]-e2[E]));
   Check("iTEMA",Near(Last(h_tema,0),3*e1[E]-3*e2[E]+e3[E]),Pair(Last(h_tema,0),3*e1[E]-3*e2[E]+e3[E]));
   Check("iTriX",Near(Last(h_trix,0),(e3[E]-e3[E-1])/e3[E-1]),Pair(Last(h_trix,0),(e3[E]-e3[E-1])/e3[E-1]));
//--- DeMarker: SMA(DeMax) / (SMA(DeMax) + SMA(DeMin)) over 14
   double up=0,down=0;
   for(int i=E-13; i<=E; i++)
     {
      up+=MathMax(H[i]-H[i-1],0);
      down+=MathMax(L[i-1]-L[i],0);
     }
   Check("iDeMarker",Near(Last(h_demarker,0),up/(up+down)),Pair(Last(h_demarker,0),up/(up+down)));
//--- Envelopes: SMA(14) * (1 +- 0.1 %)
   double sma14=Sma(C,E,14);
   Check("iEnvelopes upper and lower",Near(Last(h_env,UPPER_LINE),sma14*1.001) && Near(Last(h_env,LOWER_LINE),sma14*0.999),
         Pair(Last(h_env,UPPER_LINE),sma14*1.001));
//--- Force Index: VOLUME * (MA(CLOSE, 13) - its previous value)
   double force=V[E]*(Sma(C,E,13)-Sma(C,E-1,13));
   Check("iForce",Near(Last(h_force,0),force),Pair(Last(h_force,0),force));
//--- Fractals over the last 100 bars: a high above two highs on each side; the last two bars unknown yet
   double fu[],fl[];
   int got_up=CopyBuffer(h_fractals,UPPER_LINE,0,100,fu),got_down=CopyBuffer(h_fractals,LOWER_LINE,0,100,fl);
   int wrong=0,found=0;
   for(int k=0; k<100; k++)
     {
      int i=E-99+k;
      bool is_up=i+2<=E && H[i]>H[i-1] && H[i]>H[i-2] && H[i]>H[i+1] && H[i]>H[i+2];
      bool is_down=i+2<=E && L[i]<L[i-1] && L[i]<L[i-2] && L[i]<L[i+1] && L[i]<L[i+2];
      found+=is_up+is_down;
      if(fu[k]!=(is_up ? H[i] : EMPTY_VALUE) || fl[k]!=(is_down ? L[i] : EMPTY_VALUE))
         wrong++;
     }
   Check("iFractals, 100 bars",got_up==100 && got_down==100 && wrong==0 && found>0,
         IntegerToString(wrong)+" wrong of "+IntegerToString(found));
//--- Alligator and Gator: SMMA(median) of 13, 8, 5 shifted forward by 8, 5, 3
   double jaw[],teeth[],lips[];
   SmmaSeries(M,13,0,jaw);
   SmmaSeries(M,8,0,teeth);
   SmmaSeries(M,5,0,lips);
   double j0=jaw[E-8],t0=teeth[E-5],l0=lips[E-3];
   Check("iAlligator jaw, teeth, lips",Near(Last(h_alligator,GATORJAW_LINE),j0) && Near(Last(h_alligator,GATORTEETH_LINE),t0) &&
         Near(Last(h_alligator,GATORLIPS_LINE),l0),Pair(Last(h_alligator,GATORJAW_LINE),j0));
   Check("iGator upper and lower",Near(Last(h_gator,UPPER_HISTOGRAM),MathAbs(j0-t0)) &&
         Near(Last(h_gator,LOWER_HISTOGRAM),-MathAbs(t0-l0)),Pair(Last(h_gator,UPPER_HISTOGRAM),MathAbs(j0-t0)));
//--- Ichimoku: middles of the highest high and lowest low; the spans 26 bars ahead, Chikou 26 back
   double tenkan=(Highest(E,9)+Lowest(E,9))/2,kijun=(Highest(E,26)+Lowest(E,26))/2;
   double span_a=((Highest(E-26,9)+Lowest(E-26,9))/2+(Highest(E-26,26)+Lowest(E-26,26))/2)/2;
   double span_b=(Highest(E-26,52)+Lowest(E-26,52))/2;
   Check("iIchimoku Tenkan-sen, Kijun-sen",Near(Last(h_ichimoku,TENKANSEN_LINE),tenkan) && Near(Last(h_ichimoku,KIJUNSEN_LINE),kijun),
         Pair(Last(h_ichimoku,TENKANSEN_LINE),tenkan));
   Check("iIchimoku Senkou Span A and B",Near(Last(h_ichimoku,SENKOUSPANA_LINE),span_a) && Near(Last(h_ichimoku,SENKOUSPANB_LINE),span_b),
         Pair(Last(h_ichimoku,SENKOUSPANA_LINE),span_a));
   Check("iIchimoku Chikou Span: the close 26 bars later",Near(Last(h_ichimoku,CHIKOUSPAN_LINE,26),C[E]),
         Pair(Last(h_ichimoku,CHIKOUSPAN_LINE,26),C[E]));
//--- Market Facilitation Index, Volumes
   Check("iBWMFI",Near(Last(h_bwmfi,0),(H[E]-L[E])/V[E]),Pair(Last(h_bwmfi,0),(H[E]-L[E])/V[E]));
   Check("iVolumes",Last(h_volumes,0)==V[E],Pair(Last(h_volumes,0),V[E]));
//--- OsMA: MACD - SMA(MACD, 9)
   double e12[],e26[],macd[];
   EmaSeries(C,12,e12);
   EmaSeries(C,26,e26);
   ArrayResize(macd,N);
   for(int i=0; i<N; i++)
      macd[i]=e12[i]-e26[i];
   Check("iOsMA",Near(Last(h_osma,0),macd[E]-Sma(macd,E,9)),Pair(Last(h_osma,0),macd[E]-Sma(macd,E,9)));
//--- Parabolic SAR (step 0.02, maximum 0.2), from the second bar on
   bool rising=C[1]>=C[0];
   double af=0.02,ep=rising ? MathMax(H[0],H[1]) : MathMin(L[0],L[1]),sar=rising ? MathMin(L[0],L[1]) : MathMax(H[0],H[1]);
   for(int i=2; i<N; i++)
     {
      double s=sar+af*(ep-sar);
      if(rising)
        {
         s=MathMin(s,MathMin(L[i-1],L[i-2]));
         if(L[i]<s)
           { rising=false; s=ep; ep=L[i]; af=0.02; }
         else
            if(H[i]>ep)
              { ep=H[i]; af=MathMin(af+0.02,0.2); }
        }
      else
        {
         s=MathMax(s,MathMax(H[i-1],H[i-2]));
         if(H[i]>s)
           { rising=true; s=ep; ep=H[i]; af=0.02; }
         else
            if(L[i]<ep)
              { ep=L[i]; af=MathMin(af+0.02,0.2); }
        }
      sar=s;
     }
   Check("iSAR",Near(Last(h_sar,0),sar),Pair(Last(h_sar,0),sar));
//--- RVI: sums over 10 of (CLOSE-OPEN) and (HIGH-LOW) each weighted 1,2,2,1; the signal likewise
   double rvi[4];
   for(int k=0; k<4; k++)
     {
      double num=0,den=0;
      for(int i=E-k-9; i<=E-k; i++)
        {
         num+=((C[i]-O[i])+2*(C[i-1]-O[i-1])+2*(C[i-2]-O[i-2])+(C[i-3]-O[i-3]))/6;
         den+=((H[i]-L[i])+2*(H[i-1]-L[i-1])+2*(H[i-2]-L[i-2])+(H[i-3]-L[i-3]))/6;
        }
      rvi[k]=num/den;
     }
   double rvi_signal=(rvi[0]+2*rvi[1]+2*rvi[2]+rvi[3])/6;
   Check("iRVI main and signal",Near(Last(h_rvi,MAIN_LINE),rvi[0]) && Near(Last(h_rvi,SIGNAL_LINE),rvi_signal),
         Pair(Last(h_rvi,MAIN_LINE),rvi[0]));
//--- ADX Wilder: +DM, -DM and the true range smoothed by Wilder over 14; ADX the smoothing of DX
   double pdm[],mdm[],tr[];
   ArrayResize(pdm,N);
   ArrayResize(mdm,N);
   ArrayResize(tr,N);
   for(int i=1; i<N; i++)
     {
      double u=H[i]-H[i-1],d=L[i-1]-L[i];
      pdm[i]=(u>d && u>0) ? u : 0;
      mdm[i]=(d>u && d>0) ? d : 0;
      tr[i]=MathMax(H[i],C[i-1])-MathMin(L[i],C[i-1]);
     }
   double sp[],sm[],st[],dx[],adx[];
   SmmaSeries(pdm,14,1,sp);
   SmmaSeries(mdm,14,1,sm);
   SmmaSeries(tr,14,1,st);
   ArrayResize(dx,N);
   ArrayInitialize(dx,0);
   for(int i=14; i<N; i++)
     {
      double p=100*sp[i]/st[i],m=100*sm[i]/st[i];
      dx[i]=100*MathAbs(p-m)/(p+m);
     }
   SmmaSeries(dx,14,14,adx);
   Check("iADXWilder ADX, +DI, -DI",Near(Last(h_adxw,MAIN_LINE),adx[E]) && Near(Last(h_adxw,PLUSDI_LINE),100*sp[E]/st[E]) &&
         Near(Last(h_adxw,MINUSDI_LINE),100*sm[E]/st[E]),Pair(Last(h_adxw,MAIN_LINE),adx[E]));
//--- AMA (9, 2, 30): the efficiency ratio scales the smoothing between 2/(30+1) and 2/(2+1)
   double ama=C[8];
   for(int i=9; i<N; i++)
     {
      double noise=0;
      for(int j=i-8; j<=i; j++)
         noise+=MathAbs(C[j]-C[j-1]);
      double er=noise!=0 ? MathAbs(C[i]-C[i-9])/noise : 0,ssc=er*(2.0/3-2.0/31)+2.0/31;
      ama=ama+ssc*ssc*(C[i]-ama);
     }
   Check("iAMA",Near(Last(h_ama,0),ama),Pair(Last(h_ama,0),ama));
//--- FrAMA (14): alpha = exp(-4.6 (D - 1)), D from the ranges of the two halves and the whole of 28 bars
   double frama=C[26];
   for(int i=27; i<N; i++)
     {
      double n1=(Highest(i-14,14)-Lowest(i-14,14))/14,n2=(Highest(i,14)-Lowest(i,14))/14,n3=(Highest(i,28)-Lowest(i,28))/28;
      double d=(n1+n2>0 && n3>0) ? (MathLog(n1+n2)-MathLog(n3))/MathLog(2.0) : 1;
      double alpha=MathMin(1.0,MathMax(0.01,MathExp(-4.6*(d-1))));
      frama=alpha*C[i]+(1-alpha)*frama;
     }
   Check("iFrAMA",Near(Last(h_frama,0),frama),Pair(Last(h_frama,0),frama));
//--- VIDyA (CMO 9, EMA 12): the EMA's factor scaled by |CMO|
   double vidya=C[8],f=2.0/13;
   for(int i=9; i<N; i++)
     {
      double su=0,sd=0;
      for(int j=i-8; j<=i; j++)
        {
         double d=C[j]-C[j-1];
         if(d>0)
            su+=d;
         else
            sd-=d;
        }
      double cmo=(su+sd)!=0 ? MathAbs((su-sd)/(su+sd)) : 0;
      vidya=C[i]*f*cmo+vidya*(1-f*cmo);
     }
   Check("iVIDyA",Near(Last(h_vidya,0),vidya),Pair(Last(h_vidya,0),vidya));
//--- IndicatorCreate(IND_MA ...) is iMA with the same parameters
   Check("IndicatorCreate(IND_MA) equals iMA",Last(h_created,0)==Last(h_ma,0) && Last(h_ma,0)>0,Pair(Last(h_created,0),Last(h_ma,0)));
//--- matrix::CopyRates: a row a series (OHLCT), the oldest bar first; vertical: a column a series
   matrix rates;
   bool copied=rates.CopyRates(_Symbol,_Period,COPY_RATES_OHLCT,0,10);
   Check("matrix::CopyRates OHLCT",copied && rates.Rows()==5 && rates.Cols()==10 && rates[0][9]==O[E] && rates[3][9]==C[E] &&
         rates[3][0]==C[E-9] && rates[4][9]==(double)iTime(_Symbol,_Period,0),
         IntegerToString(rates.Rows())+"x"+IntegerToString(rates.Cols()));
   matrix vertical;
   vertical.CopyRates(_Symbol,_Period,COPY_RATES_OHLC|COPY_RATES_VERTICAL,1,4);
   Check("matrix::CopyRates vertical, from the bar before",vertical.Rows()==4 && vertical.Cols()==4 && vertical[3][1]==H[E-1] &&
         vertical[0][2]==L[E-4]);
   vector closes;
   Check("vector::CopyRates: one series only",closes.CopyRates(_Symbol,_Period,COPY_RATES_CLOSE,0,3) && closes.Size()==3 &&
         closes[2]==C[E] && !closes.CopyRates(_Symbol,_Period,COPY_RATES_OHLC,0,3));
   vector buffer;
   double copy[];
   CopyBuffer(h_ama,0,0,5,copy);
   Check("vector::CopyIndicatorBuffer as CopyBuffer",buffer.CopyIndicatorBuffer(h_ama,0,0,5) && buffer.Size()==5 &&
         buffer[4]==copy[4] && buffer[0]==copy[0]);
  }
//+------------------------------------------------------------------+
void OnDeinit(const int reason)
  {
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
