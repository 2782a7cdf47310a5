//+------------------------------------------------------------------+
//| nn_object.mqh: the base of every object of the network and the   |
//| container that owns them (an array of object pointers, freed in  |
//| its destructor), in the style of the standard library's CObject  |
//| and CArrayObj.                                                    |
//+------------------------------------------------------------------+
#ifndef NN_OBJECT_MQH
#define NN_OBJECT_MQH

#define NN_TYPE_OBJECT 0
//+------------------------------------------------------------------+
class CNNObject
  {
public:
                     CNNObject(void) {}
   virtual          ~CNNObject(void) {}
   virtual int       Type(void) const { return(NN_TYPE_OBJECT); }
   virtual string    Name(void) const { return("object"); }
  };
//+------------------------------------------------------------------+
//| Objects created with new: the container deletes them (only the   |
//| dynamic ones, as CArrayObj does, checked with CheckPointer).      |
//+------------------------------------------------------------------+
class CNNArray : public CNNObject
  {
protected:
   CNNObject        *m_data[];
   int               m_total;

public:
                     CNNArray(void) : m_total(0) {}
                    ~CNNArray(void) { Clear(); }
   int               Total(void) const { return(m_total); }
   bool              Add(CNNObject *element);
   CNNObject        *At(const int index) const;
   void              Clear(void);
  };
//+------------------------------------------------------------------+
bool CNNArray::Add(CNNObject *element)
  {
   if(CheckPointer(element)==POINTER_INVALID)
      return(false);
   if(ArraySize(m_data)<=m_total && ArrayResize(m_data,m_total+1,8)<0)
      return(false);
   m_data[m_total]=element;
   m_total++;
   return(true);
  }
//+------------------------------------------------------------------+
CNNObject *CNNArray::At(const int index) const
  {
   if(index<0 || index>=m_total)
      return(NULL);
   return(m_data[index]);
  }
//+------------------------------------------------------------------+
void CNNArray::Clear(void)
  {
   for(int i=0; i<m_total; i++)
     {
      if(CheckPointer(m_data[i])==POINTER_DYNAMIC)
         delete m_data[i];
      m_data[i]=NULL;
     }
   m_total=0;
  }
#endif
//+------------------------------------------------------------------+
