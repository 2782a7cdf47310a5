//+------------------------------------------------------------------+
//| front_end.mq5                                                    |
//| What public programs compiled by MetaEditor write that C++ reads |
//| otherwise: the preprocessor's predefined macros and switched-off |
//| branches, macros of the program's own (# and ##), C's integer    |
//| spellings, inline, a prototype repeating a parameter's name,     |
//| m[r,c], an array of classes whose members are arrays of classes  |
//| (resized, its elements kept), a source in UTF-16 without a byte  |
//| order mark; a number assigned to an enumeration, a virtual       |
//| method declared and never defined, a deleted object's pointer    |
//| false as a condition (docs: Object Pointers), matrix setters     |
//| tested for their result, lists of matrix arrays, pow of a vector,|
//| `this` in a structure, `&this`, `throw` and `template <>` where  |
//| MetaEditor reads a template only when used, unsigned char &a[];  |
//| a structure with array members assigned whole, cast to its base  |
//| and assigned through the cast, `this` of a class given to a      |
//| reference, a class template's base members by their names, a     |
//| pointer formatted as a number, CheckPointer of a void *, false   |
//| returned as an enumeration, a base pointer given to a method     |
//| whose name another class's method with another class shares, a  |
//| uint variable given to an int & parameter, an object indexed     |
//| through its pointer (its operator[]); a class template's member |
//| defined otherwise than declared, an ancestor's value copied into |
//| a descendant, `[]` on a returned `T *`, on `obj[k]` and on this, |
//| `unsigned int a[]`, a template base initialised by its name,     |
//| (T)NULL, a pointer given to a reference, an operator through a   |
//| pointer, a temporary given to a converting constructor, a web    |
//| color named without clr, ENUM_CHART_VOLUME_MODE; JAson's idioms: |
//| obj["k"]=v and obj["a"]["b"]["c"] through an operator[] that     |
//| returns a pointer, StringToCharArray into a char array.          |
//| docs/mql5-harness.md ("Evidence") names the public programs      |
//| behind each; every line must end in OK.                          |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

// A framework's headers for C++ compilers and MetaEditor alike: the C++ part is switched off
// by __MQL__, which MetaEditor defines (it is never read, whatever it holds).
#ifndef __MQL__
#pragma once
#include <vector>
template <class T> using Vec = std::vector<T>;
#if defined(_MSC_VER)
#error not MQL5
#endif
#else
#define FRONT_MQL_BRANCH "mql"
#endif
#ifdef __cplusplus
#define FRONT_CPP_ONLY
#endif
#define nullptr NULL
#define FRONT_STRING(x) #x
#define FRONT_GLUE(a,b) a##b
#define FRONT_SQUARE(x) ((x)*(x))
#define FRONT_MAX(a,b) ((a)>(b) ? (a) : (b))

#include "encodings\utf16le_no_bom.mqh"

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
//--- a prototype naming two parameters alike, as a published network's header does
bool FrontScaled(double &out,double v,double v);
//+------------------------------------------------------------------+
bool FrontScaled(double &out,double v,double factor)
  {
   out=v*factor;
   return(true);
  }
inline int FrontTwice(const int x) { return(2*x); }
//--- a class whose members are arrays of classes, in a dynamic array of its own
class CFrontNeuron
  {
public:
   double            m_weights[];
   int               m_id;
  };
class CFrontLayer
  {
public:
   CFrontNeuron      m_neurons[];
   string            m_name;
   bool              Init(const string name,const int n)
     {
      m_name=name;
      if(ArrayResize(m_neurons,n)!=n)
         return(false);
      for(int i=0; i<n; i++)
        {
         m_neurons[i].m_id=i;
         ArrayResize(m_neurons[i].m_weights,i+1);
         ArrayInitialize(m_neurons[i].m_weights,0.5*(i+1));
        }
      return(true);
     }
  };
enum EFrontState { FRONT_IDLE, FRONT_BUSY };
class CFrontNet
  {
public:
   EFrontState       m_state;
   CFrontLayer      *m_layer;
                     CFrontNet(void) { m_state=-1; m_layer=new CFrontLayer(); }
   virtual int       Units(void);   // declared, never defined, never called
   bool              Valid(void) { return(!!m_layer); }
  };
//--- `this` in a structure is the object (a framework's THIS_REF); `&this` the object's pointer
struct SFrontDate : public MqlDateTime
  {
   int               Year(const datetime t) { TimeToStruct(t,this); return(year); }
  };
class CFrontSelf
  {
public:
   CFrontSelf       *Me(void) { return(&this); }
   string            Kind(void) { return(EnumToString(CheckPointer(&this))); }
  };
//--- what MetaEditor reads only when a template is used: `throw` in a function template no one
//--- calls, `template <>` before a member function of a class template
template <typename T>
T FrontNotImplemented(T value)
  {
   throw NotImplementedAnywhere();
  }
template <typename K>
class CFrontPair
  {
public:
   K                 m_key;
   template <>
   bool              Has(const K key) { return(m_key==key); }
  };
//--- a number for an enumeration parameter, beside another overload and a parameter named `not`
//--- (the standard library's CFuzzyCondition)
enum EFrontHedge { FRONT_HEDGE_NONE, FRONT_HEDGE_VERY };
class CFrontCondition
  {
public:
   int               m_value;
                     CFrontCondition(int a,bool not) { m_value=not ? -a : a; }
                     CFrontCondition(int a,bool not,EFrontHedge hedge) { m_value=(not ? -a : a)+10*(int)hedge; }
  };
//--- C's spelling of an array parameter's element type
int FrontSum(unsigned char &bytes[])
  {
   int sum=0;
   for(int i=0; i<ArraySize(bytes); i++)
      sum+=bytes[i];
   return(sum);
  }
//--- a structure whose members are a dynamic array and a string, assigned whole
struct SFrontList
  {
   int               m_n;
   double            m_v[];
   string            m_name;
  };
//--- a structure cast to its base, assigned through the cast
struct SFrontBase
  {
   int               m_a;
   string            m_s;
  };
struct SFrontDerived : public SFrontBase
  {
   int               m_b;
   void              CopyBase(const SFrontDerived &other) { ((SFrontBase)this)=((SFrontBase)other); }
  };
//--- this of a class given to a reference parameter
class CFrontSerial;
class CFrontVisitor
  {
public:
   int               Visit(CFrontSerial &s);
  };
class CFrontSerial
  {
public:
   int               m_k;
   int               Accept(CFrontVisitor &v) { return(v.Visit(this)); }
  };
int CFrontVisitor::Visit(CFrontSerial &s) { return(s.m_k); }
//--- a class template calling its base's method by its name alone
template <typename T>
class CFrontBaseT
  {
public:
   T                 Twice(T x) { return(x*2); }
  };
template <typename T>
class CFrontDerivedT : public CFrontBaseT<T>
  {
public:
   T                 Four(T x) { return(Twice(Twice(x))); }
  };
//--- a function template no code calls, naming what is declared nowhere (MetaEditor compiles
//--- a template where it is used)
template <typename T>
T FrontNeverCalled(T x) { return(x+front_declared_nowhere); }
//--- false returned as an enumeration (the standard library's CChartObjectEdit::TextAlign)
enum EFrontAlign
  {
   FRONT_LEFT,
   FRONT_RIGHT
  };
EFrontAlign FrontAlign(const bool known)
  {
   if(!known)
      return(false);
   return(FRONT_RIGHT);
  }
//--- a base pointer given to a method, converted to the parameter's class; another class has a
//--- method of the same name taking another class
class CFrontNode
  {
public:
   virtual int       Id(void) { return(0); }
  };
class CFrontLeaf : public CFrontNode
  {
public:
   virtual int       Id(void) { return(7); }
  };
class CFrontTwig : public CFrontNode
  {
  };
class CFrontTaker
  {
public:
   int               Take(CFrontLeaf *leaf) { return(leaf.Id()); }
  };
class CFrontOtherTaker
  {
public:
   int               Take(CFrontTwig *twig) { return(-1); }
  };
//--- a uint variable given to an int reference (the standard library's CChartCanvas and
//--- CCanvas::TextSize)
void FrontSize(const string text,int &width,int &height)
  {
   width=StringLen(text);
   height=-1;
  }
//--- an object indexed through its pointer calls its operator[] (the standard library's
//--- CChartCanvas: ((CArrayDouble*)m_data)[i])
class CFrontRow : public CFrontNode
  {
public:
   double            m_v[3];
   double            operator[](const int i) { return(m_v[i]); }
  };
CFrontRow *FrontRowOf(CFrontRow *row) { return(row); }
//--- a class template's member defined outside it otherwise than declared is one more member
//--- (the terminal's Generic/Queue.mqh declares CQueue(ICollection<T>&collection[]) and defines
//--- CQueue(ICollection<T>*collection); its TestQueue.mq5 calls the pointer form)
template <typename T>
class CFrontHolder
  {
public:
   T                 m_v;
                     CFrontHolder(void) : m_v(0) {}
                     CFrontHolder(CFrontNode &nodes[]);
  };
template <typename T>
CFrontHolder::CFrontHolder(CFrontNode *node) : m_v((T)node.Id()) {}
//--- a function template no code calls whose body other rewrites reach (a pointer converted
//--- down): left out whole
template <typename T>
T FrontNeverCalledToo(CFrontNode *node) { CFrontLeaf *leaf=node; return(front_declared_nowhere_too); }
//--- an ancestor's value copied into a descendant (docs: Structures, Classes and Interfaces:
//--- "can be copied from ancestor to descendant (Animal ==> Dog)"); Dict.mqh initialises a
//--- DictIterator from its base's value
struct SFrontAnimal
  {
   int               legs;
  };
struct SFrontDog : public SFrontAnimal
  {
   bool              swims;
  };
class CFrontCount
  {
public:
   int               m_n;
                     CFrontCount(void) : m_n(1) {}
  };
class CFrontCountMore : public CFrontCount
  {
public:
   int               m_more;
                     CFrontCountMore(void) : m_more(9) {}
  };
CFrontCount FrontCountOf(const int n) { CFrontCount c; c.m_n=n; return(c); }
//--- `[]` on a class template's `T *` (DictObject's V *operator[] and Value()), on `this`
//--- (Matrix::GetValue: this[i])
template <typename T>
class CFrontShelf
  {
public:
   T                *m_row;
   T                *Row(void) { return(m_row); }
   T                *operator[](const int i) { return(m_row); }
  };
class CFrontIndexed
  {
public:
   int               operator[](const int i) { return(i*10); }
   int               Third(void) { return(this[3]); }
  };
//--- a class template's base initialised by its name alone (Dict.mqh's DictIterator)
template <typename T>
class CFrontBaseInit
  {
public:
   T                 m_first;
                     CFrontBaseInit(T x) : m_first(x) {}
  };
template <typename T>
class CFrontDerivedInit : public CFrontBaseInit<T>
  {
public:
                     CFrontDerivedInit(T x) : CFrontBaseInit(x+1) {}
  };
//--- (T)NULL: T's null value, a NULL string for a string (Dict<K, V> returns (V)NULL)
template <typename T>
T FrontNullOf(void) { return((T)NULL); }
//--- a pointer to a template's class made from NULL (SerializerConverter: ((C*)NULL).Parse(...))
template <typename C>
bool FrontNullPointer(void) { C *none=((C*)NULL); return(CheckPointer(none)==POINTER_INVALID); }
//--- a pointer given to an object reference, an operator through a pointer, a temporary given
//--- to a converting constructor (EA31337-classes' Matrix)
class CFrontCell
  {
public:
   int               m_v;
                     CFrontCell(void) : m_v(0) {}
   void              CopyFrom(CFrontCell &other) { m_v=other.m_v; }
   CFrontCell       *operator+(const CFrontCell &other) { CFrontCell *sum=new CFrontCell; sum.m_v=m_v+other.m_v; return(sum); }
  };
class CFrontCells
  {
public:
   CFrontCell       *m_cells[2];
  };
class CFrontView
  {
public:
   int               m_v;
  };
class CFrontWhole
  {
public:
   int               m_v;
                     CFrontWhole(CFrontView &view) : m_v(view.m_v) {}
  };
CFrontView FrontViewOf(const int v) { CFrontView view; view.m_v=v; return(view); }
//--- JAson's CJAVal (compiled into StepanSukovyc/mql5's HourlyHistoryDownloader.ex5): its
//--- operator[] returns a pointer, assigned to through the object's operator=
class CFrontJson
  {
public:
   int               m_value;
   CFrontJson       *m_child;
                     CFrontJson(void) : m_value(0), m_child(NULL) {}
                    ~CFrontJson(void) { if(CheckPointer(m_child)==POINTER_DYNAMIC) delete m_child; }
   CFrontJson       *operator[](string key) { if(m_child==NULL) m_child=new CFrontJson; return(m_child); }
   void              operator=(const int v) { m_value=v; }
  };
//+------------------------------------------------------------------+
void OnStart()
  {
   string branch="";
#ifdef FRONT_MQL_BRANCH
   branch=FRONT_MQL_BRANCH;
#endif
#ifdef FRONT_CPP_ONLY
   branch="c++";
#endif
   Check("__MQL__ defined, the C++ branch never read",branch,"mql");
   Check("__MQL5__ and _RELEASE defined, __MQL4__ and _DEBUG not",
#ifdef __MQL5__
         "5"
#else
         "-"
#endif
#ifdef _RELEASE
         +"r"
#endif
#ifdef __MQL4__
         +"4"
#endif
#ifdef _DEBUG
         +"d"
#endif
         ,"5r");
   CFrontLayer *none=nullptr;
   Check("#define nullptr NULL",IntegerToString(CheckPointer(none)),"0");
   Check("# makes a string",FRONT_STRING(a+b),"a+b");
   int FRONT_GLUE(front_,value)=7;
   Check("## joins two tokens",IntegerToString(front_value),"7");
   Check("a parametric macro's arguments, expanded once",IntegerToString(FRONT_SQUARE(1+2))+" "+
         DoubleToString(FRONT_MAX(2.5,FRONT_SQUARE(1.5)),2),"9 2.50");
   unsigned int u=0;
   u=u-1;
   unsigned char uc=255;
   uc++;
   unsigned long ul=0;
   ul--;
   signed char sc=127;
   sc++;
   Check("unsigned int is uint, unsigned char uchar, unsigned long ulong, signed char char",
         StringFormat("%u %d %I64u %d %d %d",u,uc,ul,sc,sizeof(unsigned long),sizeof(unsigned short)),
         "4294967295 0 18446744073709551615 -128 8 2");
   Check("an inline function",IntegerToString(FrontTwice(21)),"42");
   double scaled=0;
   Check("a prototype repeating a parameter's name",(FrontScaled(scaled,1.5,4.0) ? DoubleToString(scaled,1) : "false"),"6.0");
   matrix m={{1,2,3},{4,5,6}};
   m[1,2]=60;
   Check("m[r,c]: an element by two indices",DoubleToString(m[0,1],0)+" "+DoubleToString(m[1][2],0)+" "+
         DoubleToString(m[1,0],0),"2 60 4");
   CFrontLayer layers[];
   ArrayResize(layers,2);
   layers[0].Init("in",3);
   layers[1].Init("out",2);
   ArrayResize(layers,5);
   layers[4].Init("late",1);
   string kept=layers[0].m_name+" "+layers[1].m_name+" "+IntegerToString(ArraySize(layers[0].m_neurons))+" "+
               DoubleToString(layers[0].m_neurons[2].m_weights[2],1)+" "+IntegerToString(layers[1].m_neurons[1].m_id)+" "+
               layers[4].m_name+" "+IntegerToString(ArraySize(layers[3].m_neurons));
   Check("an array of classes with arrays of classes, resized: its elements kept",kept,"in out 3 1.5 1 late 0");
   Check("a source in UTF-16 without a byte order mark",FrontFromUtf16NoBom(),"Grüße, Привет");
   CFrontNet net;
   EFrontState state=1;
   Check("a number assigned to an enumeration",IntegerToString(net.m_state)+" "+EnumToString(state),"-1 FRONT_BUSY");
   delete net.m_layer;
   string cond=(!net.m_layer ? "!p" : "p")+(net.m_layer ? " p" : " -")+(net.Valid() ? " valid" : " invalid")+
               (net.m_layer!=NULL ? " not NULL" : " NULL");
   Check("a deleted object's pointer: false as a condition, not NULL",cond,"!p - invalid not NULL");
   matrix mr=matrix::Zeros(2,2);
   vector vr={1,2};
   ulong split_sizes[]={1};
   matrix split_parts[];
   Check("matrix setters tested for their result",(mr.Row(vr,0) && mr.Col(vr,1) && mr.Fill(3) && mr.Reshape(1,4) &&
         mr.Vsplit(split_sizes,split_parts) && !mr.Row(vr,0)) ? "true" : "false","true");
   matrix<double> ma[],mb[];
   Check("a list of arrays of matrix<T>",IntegerToString(ArrayResize(ma,2))+IntegerToString(ArrayResize(mb,3)),"23");
   vector vp=pow(vr,2.0);
   Check("pow of a vector",DoubleToString(vp[1],0),"4");
   SFrontDate fd;
   CFrontSelf *self=new CFrontSelf();
   Check("this in a structure is the object, &this the pointer",IntegerToString(fd.Year(D'2024.03.05'))+" "+
         (self.Me()==self ? "same" : "other")+" "+self.Kind(),"2024 same POINTER_DYNAMIC");
   delete self;
   CFrontPair<int> pair;
   pair.m_key=5;
   uchar bytes[]={200,100};
   Check("template <> before a member; unsigned char &a[]",(pair.Has(5) ? "has" : "not")+" "+IntegerToString(FrontSum(bytes)),
         "has 300");
   CFrontCondition plain(2,true),hedged(1,false,1);
   Check("a number for an enumeration parameter beside another overload",IntegerToString(plain.m_value)+" "+
         IntegerToString(hedged.m_value),"-2 11");
   SFrontList la,lb;
   la.m_n=3;
   la.m_name="list";
   ArrayResize(la.m_v,3);
   for(int i=0; i<3; i++)
      la.m_v[i]=i+1;
   lb=la;
   la.m_v[0]=9;
   ArrayResize(la.m_v,1);
   Check("a structure with an array member assigned whole",IntegerToString(lb.m_n)+" "+lb.m_name+" "+
         IntegerToString(ArraySize(lb.m_v))+" "+DoubleToString(lb.m_v[0],0)+DoubleToString(lb.m_v[2],0),"3 list 3 13");
   SFrontDerived d1,d2;
   d2.m_a=5;
   d2.m_s="s";
   d2.m_b=7;
   d1.m_b=1;
   d1.CopyBase(d2);
   Check("a structure's base part assigned through a cast",IntegerToString(d1.m_a)+" "+d1.m_s+" "+IntegerToString(d1.m_b),
         "5 s 1");
   CFrontSerial serial;
   serial.m_k=4;
   CFrontVisitor visitor;
   Check("this of a class given to a reference",IntegerToString(serial.Accept(visitor)),"4");
   CFrontDerivedT<int> four;
   Check("a class template's base method by its name",IntegerToString(four.Four(3)),"12");
   CFrontSerial *made=new CFrontSerial;
   void *any=made;
   CFrontSerial *nothing=NULL;
   Check("a pointer formatted as a number",(StringFormat("%d",made)!="0" ? "number" : "zero")+" "+StringFormat("%d",nothing),
         "number 0");
   string live=EnumToString(CheckPointer(any));
   delete made;
   Check("CheckPointer of a void *",live+" "+EnumToString(CheckPointer(any)),"POINTER_DYNAMIC POINTER_INVALID");
   Check("false and a member returned as an enumeration",IntegerToString((int)FrontAlign(false))+" "+
         IntegerToString((int)FrontAlign(true)),"0 1");
   CFrontNode *node=new CFrontLeaf;
   CFrontTaker taker;
   Check("a base pointer given to the object's method",IntegerToString(taker.Take(node)),"7");
   delete node;
   uint width=0,height=0;
   FrontSize("abc",width,height);
   Check("uint variables given to int references",IntegerToString(width)+" "+IntegerToString(height),"3 4294967295");
   CFrontRow *row=new CFrontRow;
   row.m_v[1]=2.5;
   row.m_v[2]=4.0;
   CFrontNode *as_node=row;
   Check("an object indexed through a cast pointer and a returned pointer",
         DoubleToString(((CFrontRow*)as_node)[1],1)+" "+DoubleToString(FrontRowOf(row)[2],1),"2.5 4.0");
   delete row;
   CFrontLeaf leaf;
   CFrontHolder<int> holder(GetPointer(leaf));
   Check("a class template's member defined otherwise than declared",IntegerToString(holder.m_v),"7");
   SFrontAnimal animal;
   animal.legs=4;
   SFrontDog dog;
   dog.legs=0;
   dog.swims=true;
   dog=animal;
   CFrontCountMore more=FrontCountOf(5);
   CFrontCountMore more2;
   more2=FrontCountOf(6);
   Check("an ancestor's value copied into a descendant",IntegerToString(dog.legs)+" "+(dog.swims ? "swims" : "-")+" "+
         IntegerToString(more.m_n)+" "+IntegerToString(more.m_more)+" "+IntegerToString(more2.m_n)+" "+
         IntegerToString(more2.m_more),"4 swims 5 9 6 9");
   CFrontShelf<CFrontRow> shelf;
   shelf.m_row=new CFrontRow;
   shelf.m_row.m_v[1]=1.5;
   CFrontIndexed indexed;
   Check("[] on a returned T *, on obj[k] and on this",DoubleToString(shelf.Row()[1],1)+" "+DoubleToString(shelf[0][1],1)+" "+
         IntegerToString(indexed.Third()),"1.5 1.5 30");
   delete shelf.m_row;
   unsigned char bytes2[];
   unsigned int counts[],count_of=3;
   ArrayResize(bytes2,2);
   ArrayResize(counts,count_of);
   Check("unsigned char and unsigned int arrays declared",IntegerToString(ArraySize(bytes2))+" "+IntegerToString(ArraySize(counts)),
         "2 3");
   CFrontDerivedInit<int> init(4);
   Check("a class template's base initialised by its name",IntegerToString(init.m_first),"5");
   string null_text=FrontNullOf<string>();
   Check("(T)NULL, (string)NULL and (C*)NULL",(null_text==NULL ? "null" : "["+null_text+"]")+" "+((string)NULL==NULL ? "null" : "not")+" "+
         IntegerToString(FrontNullOf<int>())+" "+(FrontNullPointer<CFrontCell>() ? "invalid" : "valid"),"null null 0 invalid");
   CFrontCells cells;
   cells.m_cells[0]=new CFrontCell;
   cells.m_cells[1]=new CFrontCell;
   cells.m_cells[1].m_v=3;
   CFrontCell *first=cells.m_cells[0];
   first.CopyFrom(cells.m_cells[1]);
   CFrontCell cell;
   cell.m_v=4;
   CFrontCell *sum=first+cell;
   cell.CopyFrom(sum);
   CFrontWhole whole=FrontViewOf(8);
   Check("a pointer given to a reference, + through a pointer, a temporary converted",IntegerToString(first.m_v)+" "+
         IntegerToString(cell.m_v)+" "+IntegerToString(whole.m_v),"3 7 8");
   delete sum;
   delete cells.m_cells[0];
   delete cells.m_cells[1];
   color legacy=White;
   int Red=3;
   Check("a web color named without clr (the standard library's Controls/Defines.mqh), a program's own Red",
         (legacy==clrWhite ? "white" : "other")+" "+IntegerToString(Red)+" "+IntegerToString((int)CHART_VOLUME_TICK),"white 3 1");
   CFrontJson json;
   json["a"]=4;
   json["a"]["b"]["c"]=9;
   char js[];
   int bytes_in=StringToCharArray("{}",js);
   CFrontJson *alias=json.m_child;
   alias=json.m_child.m_child;
   Check("JAson's obj[k]=v, obj[a][b][c] and StringToCharArray into char[]; a pointer variable assigned stays a pointer",
         IntegerToString(json.m_child.m_value)+" "+IntegerToString(json.m_child.m_child.m_child.m_value)+" "+
         IntegerToString(bytes_in)+" "+IntegerToString(js[0])+" "+(alias==json.m_child.m_child ? "same" : "other"),"4 9 3 123 same");
   Print("checks: ",g_checks);
  }
//+------------------------------------------------------------------+
