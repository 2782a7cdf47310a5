//+------------------------------------------------------------------+
//| language_features.mq5                                            |
//| The MQL5 language as programs write it, against the MQL5         |
//| documentation (Object Pointers, new/delete, CheckPointer,        |
//| GetPointer, Inheritance, Virtual Functions, Interfaces,          |
//| Templates, typename, Preprocessor, Overloading, Structures):     |
//| every line must end in OK. One object is left undeleted on       |
//| purpose: the harness must report it after the end, as the        |
//| terminal does ("1 undeleted objects left").                      |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include "language\shapes.mqh"
#include "language\shapes.mqh"   // twice: the guard (and MQL5's include-once) keep one copy

#define LANGUAGE_TWICE(x) ((x)+(x))
#define LANGUAGE_FLAG
#ifdef LANGUAGE_FLAG
#define LANGUAGE_BRANCH "ifdef"
#else
#define LANGUAGE_BRANCH "else"
#endif
#ifndef LANGUAGE_UNDEFINED
#define LANGUAGE_NDEF 1
#else
#define LANGUAGE_NDEF 0
#endif

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
void CheckTrue(const string name,const bool ok)
  {
   Check(name,ok ? "true" : "false","true");
  }
//+------------------------------------------------------------------+
//| Templates                                                        |
//+------------------------------------------------------------------+
template<typename T>
T Larger(const T a,const T b)
  {
   return(a>b ? a : b);
  }
template<typename T>
string TypeOf(const T value)
  {
   return(typename(T));
  }
template<typename T>
class CStack
  {
   T                 m_items[];
   int               m_count;
public:
                     CStack(void) : m_count(0) {}
   void              Push(const T value)
     {
      ArrayResize(m_items,m_count+1);
      m_items[m_count++]=value;
     }
   T                 Pop(void) { return(m_items[--m_count]); }
   int               Count(void) const { return(m_count); }
   string            ItemType(void) const { return(typename(T)); }
  };
//+------------------------------------------------------------------+
//| Structures with methods, operators                               |
//+------------------------------------------------------------------+
struct SPair
  {
   int               a;
   int               b;
   int               Sum(void) const { return(a+b); }
  };
class CVec
  {
public:
   double            x;
   double            y;
                     CVec(void) : x(0),y(0) {}
                     CVec(const double px,const double py) : x(px),y(py) {}
   CVec              operator+(const CVec &o) const { return(CVec(x+o.x,y+o.y)); }
   CVec              operator*(const double k) const { return(CVec(x*k,y*k)); }
   bool              operator==(const CVec &o) const { return(x==o.x && y==o.y); }
   double            operator[](const int i) const { return(i==0 ? x : y); }
  };
enum ENUM_LEVEL
  {
   LEVEL_LOW=1,
   LEVEL_MID,
   LEVEL_HIGH=10
  };
//--- a class template's members defined outside it, the header naming the parameter
template<typename T>
class CBox
  {
   T                 m_value;
public:
   void              Set(const T value);
   T                 Get(void) const;
  };
template<typename T>
void CBox::Set(const T value)
  {
   m_value=value;
  }
template<typename T>
T CBox::Get(void) const
  {
   return(m_value);
  }
//--- a member defined before the class it creates (MQL5 compiles a file as a whole)
class CTriangle;
class CFactory
  {
public:
   CShape           *Make(const int id);
  };
CShape *CFactory::Make(const int id)
  {
   CTriangle *t=new CTriangle(id,4.0,3.0);
   return(t);
  }
class CTriangle : public CShape
  {
   double            m_b;
   double            m_h;
public:
                     CTriangle(const int id,const double b,const double h) : CShape(id),m_b(b),m_h(h) {}
   double            Area(void) const { return(m_b*m_h/2); }
  };
//--- an object pointer indexed: the object's operator[]
class CRow
  {
   double            m_cells[4];
public:
                     CRow(void) { for(int i=0; i<4; i++) m_cells[i]=i*1.5; }
   double            operator[](const int i) const { return(m_cells[i]); }
  };
//--- namespaces
namespace Geometry
  {
   double Half(const double x) { return(x/2); }
  }
//--- the bytes of simple structures and unions
union UBits
  {
   double            d;
   long              l;
  };
struct SReal
  {
   double            v;
  };
struct SWhole
  {
   long              v;
  };
//--- a class nothing may derive from; a function pointer type
class CSealed final
  {
public:
   int               Seven(void) const { return(7); }
  };
typedef double (*TUnary)(const double);
double Twice(const double x) { return(2*x); }
double ApplyTo(TUnary f,const double x) { return(f(x)); }
//--- a static array member, sized by its definition's list
class CTable
  {
public:
   static const int  s_steps[];
   static int        Sum(void) { int t=0; for(int i=0; i<ArraySize(s_steps); i++) t+=s_steps[i]; return(t); }
  };
static const int CTable::s_steps[]={1,2,4,8};
//--- a class and an interface as bases
class CTape : public CRect,public IMeasurable
  {
public:
                     CTape(const int id,const double len) : CRect(id,len,0.1) {}
   double            Measure(void) { return(m_w); }
  };
template<typename T>
bool IsMeasurable(T value)
  {
   return(dynamic_cast<IMeasurable*>(value)!=NULL);
  }
double WidthOf(CRect *rect)
  {
   return(rect.Width());
  }
//+------------------------------------------------------------------+
//| Overloading, default arguments, static locals                    |
//+------------------------------------------------------------------+
string Kind(const int v) { return("int"); }
string Kind(const double v) { return("double"); }
string Kind(const string v) { return("string"); }
int Scaled(const int v,const int k=3) { return(v*k); }
int NextTicket(void)
  {
   static int ticket=100;
   return(++ticket);
  }
// pointers as parameters and return values
CShape *Bigger(CShape *a,CShape *b)
  {
   return(a.Area()>=b.Area() ? a : b);
  }
double AreaOf(const CShape *s)
  {
   return(s.Area());
  }
double MeasureOf(IMeasurable *m)
  {
   return(m.Measure());
  }
//+------------------------------------------------------------------+
// OnStart has an object pointer named square: here the name is a matrix
double CornerOf(matrix &square) { return(square[0][1]); }
//+------------------------------------------------------------------+
//--- a class whose constructor leaves its members unset (the terminal's fuzzy-logic library has one)
class CUnset
  {
public:
   long              m_count;
   double            m_rate;
   int               m_method;
                     CUnset(void) {}
  };
//+------------------------------------------------------------------+
void OnStart()
  {
//--- new, virtual dispatch through base pointers (overrides with and without `virtual`)
   CShape *r=new CRect(1,2.0,3.0);
   CShape *q=new CSquare(2,2.0);
   CShape *c=new CCircle(3,1.0);
   Check("virtual dispatch: Area through CShape*",DoubleToString(r.Area(),1)+" "+DoubleToString(q.Area(),1)+" "+
         DoubleToString(c.Area(),1),"6.0 4.0 3.0");
   Check("virtual dispatch: Name, called from a base method",r.Describe()+" "+q.Describe()+" "+c.Describe(),
         "rect#1 square#2 circle#3");
   Check("static member counts the live objects",IntegerToString(CShape::s_alive),"3");
//--- CheckPointer: dynamic, automatic, invalid (docs: CheckPointer, ENUM_POINTER_TYPE)
   CRect local(4,1.0,1.0);
   CShape *none=NULL;
   CheckTrue("CheckPointer: new -> POINTER_DYNAMIC",CheckPointer(r)==POINTER_DYNAMIC);
   CheckTrue("CheckPointer: automatic object -> POINTER_AUTOMATIC",CheckPointer(GetPointer(local))==POINTER_AUTOMATIC &&
             CheckPointer(&local)==POINTER_AUTOMATIC);
   CheckTrue("CheckPointer: NULL -> POINTER_INVALID",CheckPointer(none)==POINTER_INVALID);
   CheckTrue("pointer comparisons",r!=q && r!=NULL && none==NULL && GetPointer(local)==&local);
//--- casts: up implicitly, down explicitly or implicitly (checked), dynamic_cast gives NULL on a wrong type
   CRect *as_rect=(CRect*)q;
   CheckTrue("(CRect*) of a CSquare",as_rect!=NULL && as_rect.Width()==2.0);
   CRect *implicit=q;
   CheckTrue("base pointer assigned to a derived pointer",implicit==as_rect);
   CheckTrue("dynamic_cast to a wrong class gives NULL",dynamic_cast<CCircle*>(q)==NULL && dynamic_cast<CSquare*>(q)!=NULL);
//--- pointers as parameters and return values, const pointers
   CheckTrue("pointer returned by a function",Bigger(r,c)==r && Bigger(c,q)==q);
   Check("const pointer parameter",DoubleToString(AreaOf(q),1),"4.0");
//--- interfaces
   CRuler ruler(2.5);
   IMeasurable *m=new CRuler(7.5);
   Check("interface: method through the interface pointer",DoubleToString(MeasureOf(m)+MeasureOf(GetPointer(ruler)),1),"10.0");
   CheckTrue("interface pointer: POINTER_DYNAMIC",CheckPointer(m)==POINTER_DYNAMIC);
   delete m;
   CheckTrue("interface pointer after delete: POINTER_INVALID",CheckPointer(m)==POINTER_INVALID);
//--- a container of pointers: sort and binary search through a virtual Compare
   CShapeList list;
   list.Add(r);
   list.Add(q);
   list.Add(c);
   list.Add(new CRect(5,0.5,4.0));
   list.Sort(SHAPES_BY_AREA);
   string order="";
   for(int i=0; i<list.Total(); i++)
      order+=IntegerToString(list.At(i).Id())+" ";
   Check("container sorted by area (3, 2, 6, 2 square units)",order,"5 3 2 1 ");
   CSquare probe(0,2.0);
   Check("binary search by area finds the 2x2 square",IntegerToString(list.Search(GetPointer(probe))),"2");
   list.Sort(SHAPES_BY_ID);
   CCircle by_id(3,9.0);
   Check("binary search by id",IntegerToString(list.Search(GetPointer(by_id))),"2");
   CheckTrue("a NULL pointer is refused by Add",!list.Add(none));
   Check("__FUNCTION__ in a method",list.Where(),"CShapeList::Where");
   CShape *detached=list.Detach(0);
   Check("detached element",IntegerToString(detached.Id())+" "+IntegerToString(list.Total()),"1 3");
//--- delete: the object is gone, its pointer invalid
   delete detached;
   CheckTrue("CheckPointer after delete: POINTER_INVALID",CheckPointer(detached)==POINTER_INVALID);
   CheckTrue("CheckPointer of a copy of a deleted pointer: POINTER_INVALID",CheckPointer(r)==POINTER_INVALID);
   list.Clear();
   Check("the owning container deleted its elements (3 automatic objects remain)",IntegerToString(CShape::s_alive),"3");
   CheckTrue("pointers of the deleted elements: POINTER_INVALID",CheckPointer(q)==POINTER_INVALID && CheckPointer(c)==POINTER_INVALID);
//--- an array of objects: automatic objects, each with its pointer
   CVec vecs[3];
   vecs[1].x=5;
   CheckTrue("array of class objects",vecs[1].x==5 && vecs[0].x==0);
//--- templates and typename
   Check("function template (int, double, string)",IntegerToString(Larger(3,7))+" "+DoubleToString(Larger(2.5,-1.0),1)+" "+
         Larger("pear","apple"),"7 2.5 pear");
   Check("typename of a template parameter",TypeOf(1)+" "+TypeOf(2.0)+" "+TypeOf("s")+" "+TypeOf(true),"int double string bool");
   double dv=1;
   long lv=2;
   Check("typename of a type and of a variable",typename(int)+" "+typename(dv)+" "+typename(lv)+" "+typename(uchar),
         "int double long uchar");
   CStack<double> stack;
   stack.Push(1.5);
   stack.Push(2.5);
   double top=stack.Pop();
   Check("class template",DoubleToString(top,1)+" "+IntegerToString(stack.Count())+" "+stack.ItemType(),"2.5 1 double");
   CStack<string> words;
   words.Push("a");
   Check("class template of strings",words.Pop()+" "+words.ItemType(),"a string");
//--- structures, operators, enums
   SPair p;
   p.a=2;
   p.b=5;
   Check("structure method",IntegerToString(p.Sum()),"7");
   CVec u(1,2),w(3,4);
   CVec sum=u+w*2;
   CheckTrue("operator overloading (+, *, ==, [])",sum.x==7 && sum.y==10 && sum==CVec(7,10) && sum[1]==10);
   Check("enumeration values",IntegerToString(LEVEL_LOW)+" "+IntegerToString(LEVEL_MID)+" "+IntegerToString(LEVEL_HIGH),"1 2 10");
//--- preprocessor
   Check("#define with a parameter",IntegerToString(LANGUAGE_TWICE(3+1)),"8");
   Check("#ifdef / #ifndef / #else",LANGUAGE_BRANCH+" "+IntegerToString(LANGUAGE_NDEF),"ifdef 1");
//--- overloading, default arguments, static locals
   Check("overloads by parameter type",Kind(1)+" "+Kind(1.0)+" "+Kind("x"),"int double string");
   Check("default argument",IntegerToString(Scaled(2))+" "+IntegerToString(Scaled(2,5)),"6 10");
   NextTicket();
   Check("static local keeps its value",IntegerToString(NextTicket()),"102");
   Check("__FUNCTION__ and __FILE__ as strings",StringFormat("%s %s",__FUNCTION__,__FILE__),"OnStart language_features.mq5");
//--- what real programs write beyond the basics
   CBox<int> box;
   box.Set(41);
   Check("class template members defined outside the class",IntegerToString(box.Get()+1),"42");
   CFactory factory;
   CShape *tri=factory.Make(8);
   Check("member creating a class defined after it",DoubleToString(tri.Area(),1)+" "+IntegerToString(tri.Id()),"6.0 8");
   CRect frame(9,1.0,1.0);
   Check("protected base member through a base pointer",IntegerToString(frame.IdOf(tri)),"8");
   delete tri;
   CRow *row=new CRow;
   Check("object pointer indexed calls operator[]",DoubleToString(row[1]+row[3],2),"6.00");
   delete row;
   Check("namespace function",DoubleToString(Geometry::Half(5.0),2),"2.50");
   UBits bits;
   bits.d=1.0;
   CheckTrue("union: the bits of 1.0",bits.l==0x3FF0000000000000);
   SReal real;
   real.v=-2.0;
   SWhole whole=(SWhole)real;
   CheckTrue("simple structure cast copies the bytes (-2.0 = 0xC000000000000000)",whole.v==(long)0xC000000000000000);
   CTape tape(11,2.5);
   CShape *as_shape=GetPointer(tape);
   CheckTrue("class and interface as bases: both views of one object",
             as_shape.Id()==11 && MeasureOf(GetPointer(tape))==2.5 && IsMeasurable(as_shape) && !IsMeasurable(7));
   CBox<double> boxes[];
   ArrayResize(boxes,2);
   boxes[1].Set(2.5);
   CheckTrue("array of a class template's objects, each automatic",boxes[1].Get()==2.5 && CheckPointer(GetPointer(boxes[0]))==POINTER_AUTOMATIC);
   CRow cells();
   Check("'CRow cells();' is a default-constructed object",DoubleToString(cells[2],1),"3.0");
   Check("static array member defined with a list",IntegerToString(ArraySize(CTable::s_steps))+" "+IntegerToString(CTable::Sum()),"4 15");
   CSealed sealed;
   Check("final class; function pointer",IntegerToString(sealed.Seven())+" "+DoubleToString(ApplyTo(Twice,1.25),1),"7 2.5");
   CShape *square=new CSquare(10,3.0);
   Check("base pointer given to a derived pointer parameter",DoubleToString(WidthOf(square),1),"3.0");
   Check("override written before const",square.Name(),"square");
   delete square;
   matrix corner={{1,2},{3,4}};
   Check("a matrix parameter named like another function's object pointer is indexed as a matrix",
         DoubleToString(CornerOf(corner),1),"2.0");
//--- left undeleted on purpose: reported after the end
   CShape *left=new CCircle(99,1.0);
   Check("the object left undeleted is alive",IntegerToString(CheckPointer(left)==POINTER_DYNAMIC),"1");
//--- an object made by new reads 0 in a member its constructor leaves unset, wherever the heap
//--- was used before (strings of every size made and freed first)
   int unset=0;
   for(int round=0; round<64; round++)
     {
      string junk;
      StringInit(junk,8+round*4,'x');
      junk="";
      CUnset *fresh=new CUnset;
      if(fresh.m_count!=0 || fresh.m_rate!=0.0 || fresh.m_method!=0)
         unset++;
      delete fresh;
     }
   Check("members a constructor leaves unset read 0 in objects made by new",IntegerToString(unset),"0");
   Print("checks: ",g_checks);
  }
