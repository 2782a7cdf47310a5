//+------------------------------------------------------------------+
//| program_idioms.mq5                                               |
//| What public MQL5 programs write that the other selftests do not |
//| reach, against the MQL5 documentation (EnumToString, Print,      |
//| Enumerations, Typecasting, File Functions, Include): every line  |
//| must end in OK.                                                  |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include "IDIOMS\mixed_case.mqh"
#include "idioms/MIXED_CASE.MQH"  // the same file: once

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
//--- the documented example's enumeration (docs: EnumToString)
enum interval
  {
   month=1,
   two_months,
   quarter,
   halfyear=6,
   year=12,
  };
enum ELayerKind { LAYER_DENSE, LAYER_CONV=(1+2)*2, LAYER_POOL };
//+------------------------------------------------------------------+
class CLayerInfo
  {
public:
   enum ESide { SIDE_LEFT=-1, SIDE_NONE, SIDE_RIGHT };
   ESide             m_side;
   ELayerKind        m_kind;
                     CLayerInfo(void) : m_side(SIDE_RIGHT), m_kind(LAYER_POOL) {}
   string            Describe(void) { return(EnumToString(m_kind)+"/"+EnumToString(m_side)); }
  };
//+------------------------------------------------------------------+
void CheckEnums(void)
  {
//--- the documented example's output: month=1, quarter=3, year=12
   interval period=month;
   Check("EnumToString month",EnumToString(period)+"="+IntegerToString(period),"month=1");
   period=quarter;
   Check("EnumToString quarter",EnumToString(period)+"="+IntegerToString(period),"quarter=3");
   period=year;
   Check("EnumToString year",EnumToString(period)+"="+IntegerToString(period),"year=12");
//--- a value no member has: "TYPE::value" (the documented example's ENUM_ORDER_TYPE::-1)
   period=(interval)-1;
   Check("EnumToString no member",EnumToString(period),"interval::-1");
   Check("EnumToString expression member",EnumToString(LAYER_POOL)+" "+IntegerToString(LAYER_POOL),"LAYER_POOL 7");
   CLayerInfo info;
   Check("EnumToString class member enum",info.Describe(),"LAYER_POOL/SIDE_RIGHT");
   Check("EnumToString class enum outside",EnumToString(info.m_side),"SIDE_RIGHT");
   Check("EnumToString runtime enum",EnumToString(POINTER_DYNAMIC)+" "+EnumToString(AF_SIGMOID)+" "+EnumToString(LOSS_MSE),
         "POINTER_DYNAMIC AF_SIGMOID LOSS_MSE");
//--- an enumeration's value in text is its number (docs: Enumerations, Print)
   Check("enum concatenated","kind "+LAYER_CONV+", side "+info.m_side,"kind 6, side 1");
   CLayerInfo *p=new CLayerInfo;
   Check("CheckPointer concatenated",(string)IntegerToString(CheckPointer(p))+" "+CheckPointer(p),"1 1");
   Print("printed enum ",LAYER_CONV," ",CheckPointer(p));
   delete p;
   Print("printed CheckPointer ",CheckPointer(p));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   CheckEnums();
   Check("include names without case",IntegerToString(IdiomsIncludedTwice()),"2");
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
