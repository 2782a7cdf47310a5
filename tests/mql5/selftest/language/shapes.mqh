//+------------------------------------------------------------------+
//| shapes.mqh: a small class hierarchy for language_features.mq5:   |
//| an abstract base, overrides with and without `virtual`, an       |
//| interface, static members, a container of object pointers that   |
//| sorts and searches its elements through a virtual Compare.       |
//+------------------------------------------------------------------+
#ifndef LANGUAGE_SHAPES_MQH
#define LANGUAGE_SHAPES_MQH

#define SHAPES_BY_AREA 0
#define SHAPES_BY_ID   1

interface IMeasurable
  {
   double Measure(void);
  };
//--- the base: not instantiable (Area is pure virtual)
class CShape
  {
protected:
   int               m_id;
public:
   static int        s_alive;
                     CShape(const int id) : m_id(id) { s_alive++; }
                    ~CShape(void) { s_alive--; }
   int               Id(void) const { return(m_id); }
   virtual double    Area(void) const = 0;
   virtual string    Name(void) const { return("shape"); }
   string            Describe(void) const { return(Name()+"#"+IntegerToString(m_id)); }
   virtual int       Compare(const CShape *other,const int mode=SHAPES_BY_AREA) const
     {
      if(mode==SHAPES_BY_ID)
         return(m_id<other.m_id ? -1 : (m_id>other.m_id ? 1 : 0));
      double a=Area(),b=other.Area();
      return(a<b ? -1 : (a>b ? 1 : 0));
     }
  };
int CShape::s_alive=0;
//--- overrides without the `virtual` keyword are still virtual
class CRect : public CShape
  {
protected:
   double            m_w;
   double            m_h;
public:
                     CRect(const int id,const double w,const double h) : CShape(id),m_w(w),m_h(h) {}
   double            Area(void) const { return(m_w*m_h); }
   string            Name(void) const { return("rect"); }
   double            Width(void) const { return(m_w); }
   //--- a protected member of the base, reached through a pointer to the base
   int               IdOf(const CShape *other) const { return(other.m_id); }
  };
class CSquare : public CRect
  {
public:
                     CSquare(const int id,const double side) : CRect(id,side,side) {}
   string            Name(void) override const { return("square"); }
  };
class CCircle : public CShape
  {
   double            m_r;
public:
                     CCircle(const int id,const double r) : CShape(id),m_r(r) {}
   virtual double    Area(void) const { return(3.0*m_r*m_r); }  // a round number on purpose
   virtual string    Name(void) const { return("circle"); }
  };
class CRuler : public IMeasurable
  {
   double            m_len;
public:
                     CRuler(const double len) : m_len(len) {}
   double            Measure(void) { return(m_len); }
  };
//--- a container of pointers, as the standard library's arrays of objects
class CShapeList
  {
   CShape           *m_data[];
   int               m_total;
   bool              m_owner;
   int               m_sorted;
public:
                     CShapeList(const bool owner=true) : m_total(0),m_owner(owner),m_sorted(-1) {}
                    ~CShapeList(void) { Clear(); }
   int               Total(void) const { return(m_total); }
   bool              Add(CShape *shape)
     {
      if(CheckPointer(shape)==POINTER_INVALID)
         return(false);
      if(ArraySize(m_data)<=m_total)
         ArrayResize(m_data,m_total+4);
      m_data[m_total++]=shape;
      m_sorted=-1;
      return(true);
     }
   CShape           *At(const int i) const { return(i>=0 && i<m_total ? m_data[i] : NULL); }
   CShape           *Detach(const int i)
     {
      CShape *s=At(i);
      if(s==NULL)
         return(NULL);
      for(int k=i; k<m_total-1; k++)
         m_data[k]=m_data[k+1];
      m_total--;
      return(s);
     }
   void              Clear(void)
     {
      for(int i=0; i<m_total; i++)
         if(m_owner && CheckPointer(m_data[i])==POINTER_DYNAMIC)
            delete m_data[i];
      m_total=0;
     }
   void              Sort(const int mode)
     {
      for(int i=1; i<m_total; i++)
        {
         CShape *x=m_data[i];
         int j=i-1;
         while(j>=0 && m_data[j].Compare(x,mode)>0)
           {
            m_data[j+1]=m_data[j];
            j--;
           }
         m_data[j+1]=x;
        }
      m_sorted=mode;
     }
   int               Search(const CShape *key) const
     {
      int lo=0,hi=m_total-1;
      while(lo<=hi)
        {
         int mid=(lo+hi)/2;
         int c=m_data[mid].Compare(key,m_sorted);
         if(c==0)
            return(mid);
         if(c<0)
            lo=mid+1;
         else
            hi=mid-1;
        }
      return(-1);
     }
   string            Where(void) const { return(__FUNCTION__); }
  };
#endif
