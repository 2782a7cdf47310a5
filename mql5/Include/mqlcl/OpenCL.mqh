//+------------------------------------------------------------------+
//| OpenCL.mqh: the standard library's class COpenCL on mqlcl.dll.   |
//| A program (or a class derived from COpenCL) written for          |
//|    #include <OpenCL/OpenCL.mqh>                                   |
//| runs on mqlcl.dll with that line changed to                       |
//|    #include <mqlcl/OpenCL.mqh>                                    |
//| The same public methods, parameter lists, defaults and results,  |
//| and the same protected members with the same meaning (m_context, |
//| m_program, m_kernels[], m_kernel_names[], m_kernels_total,        |
//| m_buffers[], m_buffers_total, m_device_extensions,                |
//| m_support_cl_khr_fp64): the methods are the standard library's   |
//| (its newest public version), written again over the terminal's   |
//| CL* functions of OpenCLBuiltins.mqh. Differences:                 |
//| docs/metatrader.md, "Bring your existing OpenCL code".            |
//+------------------------------------------------------------------+
#ifndef MQLCL_OPENCL_MQH
#define MQLCL_OPENCL_MQH

#include <mqlcl/OpenCLBuiltins.mqh>

class COpenCL
  {
protected:
   int               m_context;
   int               m_program;
   //--- kernels
   string            m_kernel_names[];
   int               m_kernels[];
   int               m_kernels_total;
   //--- buffers
   int               m_buffers[];
   int               m_buffers_total;
   string            m_device_extensions;
   bool              m_support_cl_khr_fp64;

public:
                     COpenCL(void);
                    ~COpenCL(void);
   //--- handles
   int               GetContext(void) const { return(m_context); }
   int               GetProgram(void) const { return(m_program); }
   int               GetKernel(const int kernel_index) const;
   string            GetKernelName(const int kernel_index) const;
   //--- device memory and work-group limits
   bool              GetGlobalMemorySize(long &global_memory_size);
   bool              GetLocalMemorySize(long &local_memory_size);
   bool              GetMaxWorkgroupSize(long &max_workgroup_size);
   //--- double support
   bool              SupportDouble(void) const { return(m_support_cl_khr_fp64); }
   //--- initialization and shutdown
   bool              Initialize(const string program,const bool show_log=true);
   void              Shutdown(void);
   bool              ContextCreate(const int device=CL_USE_ANY);
   void              ContextClean(void);
   bool              ProgramCreate(const string program,const bool show_log=true);
   void              ProgramDelete(void);
   //--- buffer and kernel slots
   bool              SetBuffersCount(const int total_buffers);
   bool              SetKernelsCount(const int total_kernels);
   //--- kernels
   bool              KernelCreate(const int kernel_index,const string kernel_name);
   bool              KernelFree(const int kernel_index);
   //--- device and kernel facts
   long              GetDeviceInfo(const int prop);
   long              GetDeviceInfoInteger(ENUM_OPENCL_PROPERTY_INTEGER prop);
   long              GetKernelInfoInteger(const int kernel_index,ENUM_OPENCL_PROPERTY_INTEGER prop);
   //--- buffers
   bool              BufferCreate(const int buffer_index,const uint size_in_bytes,const uint flags);
   bool              BufferFree(const int buffer_index);
   template<typename T>
   bool              BufferFromArray(const int buffer_index,T &data[],const uint data_array_offset,
                                     const uint data_array_count,const uint flags);
   bool              BufferFromMatrix(const int buffer_index,matrix &data,const uint flags);
   bool              BufferFromMatrix(const int buffer_index,matrixf &data,const uint flags);
   bool              BufferToMatrix(const int buffer_index,matrix &data,const ulong rows=-1,const ulong cols=-1);
   bool              BufferToMatrix(const int buffer_index,matrixf &data,const ulong rows=-1,const ulong cols=-1);
   bool              BufferFromVector(const int buffer_index,vector &data,const uint flags);
   bool              BufferFromVector(const int buffer_index,vectorf &data,const uint flags);
   bool              BufferToVector(const int buffer_index,vector &data,const ulong size=-1);
   bool              BufferToVector(const int buffer_index,vectorf &data,const ulong size=-1);
   template<typename T>
   bool              BufferRead(const int buffer_index,T &data[],const uint cl_buffer_offset,
                                const uint data_array_offset,const uint data_array_count);
   template<typename T>
   bool              BufferWrite(const int buffer_index,T &data[],const uint cl_buffer_offset,
                                 const uint data_array_offset,const uint data_array_count);
   //--- kernel arguments
   template<typename T>
   bool              SetArgument(const int kernel_index,const int arg_index,T value);
   bool              SetArgumentBuffer(const int kernel_index,const int arg_index,const int buffer_index);
   bool              SetArgumentLocalMemory(const int kernel_index,const int arg_index,const int local_memory_size);
   //--- execution
   bool              Execute(const int kernel_index,const int work_dim,const uint &work_offset[],const uint &work_size[]);
   bool              Execute(const int kernel_index,const int work_dim,const uint &work_offset[],const uint &work_size[],
                             const uint &local_work_size[]);
   ENUM_OPENCL_EXECUTION_STATUS ExecutionStatus(const int kernel_index);

protected:
   bool              BufferSlotReady(const int buffer_index) const;
   template<typename M>
   bool              BufferFromWhole(const int buffer_index,M &data,const ulong count,const uint elem_size,const uint flags);
  };
//+------------------------------------------------------------------+
COpenCL::COpenCL(void) : m_context(INVALID_HANDLE),m_program(INVALID_HANDLE),m_kernels_total(0),m_buffers_total(0),
                         m_device_extensions(""),m_support_cl_khr_fp64(false)
  {
  }
//+------------------------------------------------------------------+
COpenCL::~COpenCL(void)
  {
   Shutdown();
  }
//+------------------------------------------------------------------+
int COpenCL::GetKernel(const int kernel_index) const
  {
   if(m_kernels_total<=0 || kernel_index<0 || kernel_index>=m_kernels_total)
      return(INVALID_HANDLE);
   return(m_kernels[kernel_index]);
  }
//+------------------------------------------------------------------+
string COpenCL::GetKernelName(const int kernel_index) const
  {
   if(m_kernels_total<=0 || kernel_index<0 || kernel_index>=m_kernels_total)
      return("");
   return(m_kernel_names[kernel_index]);
  }
//+------------------------------------------------------------------+
bool COpenCL::GetGlobalMemorySize(long &global_memory_size)
  {
   if(m_context==INVALID_HANDLE)
      return(false);
   global_memory_size=CLGetInfoInteger(m_context,CL_DEVICE_GLOBAL_MEM_SIZE);
   return(global_memory_size!=-1);
  }
//+------------------------------------------------------------------+
bool COpenCL::GetLocalMemorySize(long &local_memory_size)
  {
   if(m_context==INVALID_HANDLE)
      return(false);
   local_memory_size=CLGetInfoInteger(m_context,CL_DEVICE_LOCAL_MEM_SIZE);
   return(local_memory_size!=-1);
  }
//+------------------------------------------------------------------+
bool COpenCL::GetMaxWorkgroupSize(long &max_workgroup_size)
  {
   if(m_context==INVALID_HANDLE)
      return(false);
   max_workgroup_size=CLGetInfoInteger(m_context,CL_DEVICE_MAX_WORK_GROUP_SIZE);
   return(max_workgroup_size!=-1);
  }
//+------------------------------------------------------------------+
bool COpenCL::Initialize(const string program,const bool show_log=true)
  {
   if(!ContextCreate(CL_USE_ANY))
      return(false);
   return(ProgramCreate(program,show_log));
  }
//+------------------------------------------------------------------+
bool COpenCL::ContextCreate(const int device=CL_USE_ANY)
  {
   if(m_context!=INVALID_HANDLE)
     {
      CLContextFree(m_context);
      m_context=INVALID_HANDLE;
     }
   m_context=CLContextCreate(device);
   if(m_context==INVALID_HANDLE)
     {
      Print("OpenCL not found, error code=",GetLastError(),": ",g_mqlcl_cl_message);
      return(false);
     }
   //--- cl_khr_fp64: the library's device facts (one whole-word lookup, in mqlcl.dll)
   CLGetInfoString(m_context,CL_DEVICE_EXTENSIONS,m_device_extensions);
   m_support_cl_khr_fp64=(mqlcl_device_info((int)mqlcl_handle_info(m_context,MQLCL_HINFO_DEVICE),MQLCL_INFO_DOUBLE_SUPPORT)==1);
   return(true);
  }
//+------------------------------------------------------------------+
//| A failed build prints its log (show_log) and frees the context,  |
//| as the standard library does.                                     |
//+------------------------------------------------------------------+
bool COpenCL::ProgramCreate(const string program,const bool show_log=true)
  {
   if(m_context==INVALID_HANDLE)
      return(false);
   if(m_program!=INVALID_HANDLE)
     {
      CLProgramFree(m_program);
      m_program=INVALID_HANDLE;
     }
   string build_error_log;
   m_program=CLProgramCreate(m_context,program,build_error_log);
   if(m_program==INVALID_HANDLE)
     {
      if(show_log)
        {
         string lines[];
         int n=StringSplit(build_error_log,'\n',lines);
         for(int i=0; i<n; i++)
            Print(lines[i]);
        }
      CLContextFree(m_context);
      m_context=INVALID_HANDLE;
      Print("OpenCL program create failed, error code=",GetLastError(),": ",g_mqlcl_cl_message);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
void COpenCL::ProgramDelete(void)
  {
   if(m_program!=INVALID_HANDLE)
     {
      CLProgramFree(m_program);
      m_program=INVALID_HANDLE;
     }
  }
//+------------------------------------------------------------------+
void COpenCL::ContextClean(void)
  {
   if(m_buffers_total>0)
     {
      for(int i=0; i<m_buffers_total; i++)
         BufferFree(i);
      m_buffers_total=0;
     }
   if(m_kernels_total>0)
     {
      for(int i=0; i<m_kernels_total; i++)
         KernelFree(i);
      m_kernels_total=0;
     }
   ProgramDelete();
  }
//+------------------------------------------------------------------+
void COpenCL::Shutdown(void)
  {
   ContextClean();
   if(m_context!=INVALID_HANDLE)
     {
      CLContextFree(m_context);
      m_context=INVALID_HANDLE;
     }
  }
//+------------------------------------------------------------------+
//| Slots: the arrays grow (never shrink); the slots are emptied      |
//| without freeing what they held, as the standard library does.     |
//+------------------------------------------------------------------+
bool COpenCL::SetBuffersCount(const int total_buffers)
  {
   if(total_buffers<=0)
      return(false);
   m_buffers_total=total_buffers;
   if(ArraySize(m_buffers)<m_buffers_total && ArrayResize(m_buffers,m_buffers_total)<0)
      return(false);
   for(int i=0; i<m_buffers_total; i++)
      m_buffers[i]=INVALID_HANDLE;
   return(true);
  }
//+------------------------------------------------------------------+
bool COpenCL::SetKernelsCount(const int total_kernels)
  {
   if(total_kernels<=0)
      return(false);
   m_kernels_total=total_kernels;
   if(ArraySize(m_kernels)<m_kernels_total &&
      (ArrayResize(m_kernels,m_kernels_total)<0 || ArrayResize(m_kernel_names,m_kernels_total)<0))
      return(false);
   for(int i=0; i<m_kernels_total; i++)
     {
      m_kernels[i]=INVALID_HANDLE;
      m_kernel_names[i]="";
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| A failed kernel frees the program and the context, as the        |
//| standard library does.                                            |
//+------------------------------------------------------------------+
bool COpenCL::KernelCreate(const int kernel_index,const string kernel_name)
  {
   if(m_context==INVALID_HANDLE || m_program==INVALID_HANDLE)
      return(false);
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   if(m_kernels[kernel_index]==INVALID_HANDLE || m_kernel_names[kernel_index]!=kernel_name)
     {
      int kernel=CLKernelCreate(m_program,kernel_name);
      if(kernel==INVALID_HANDLE)
        {
         CLProgramFree(m_program);
         CLContextFree(m_context);
         m_program=INVALID_HANDLE;
         m_context=INVALID_HANDLE;
         Print("OpenCL kernel create failed, error code=",GetLastError(),": ",g_mqlcl_cl_message);
         return(false);
        }
      m_kernels[kernel_index]=kernel;
      m_kernel_names[kernel_index]=kernel_name;
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool COpenCL::KernelFree(const int kernel_index)
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   if(m_kernels[kernel_index]==INVALID_HANDLE)
      return(false);
   CLKernelFree(m_kernels[kernel_index]);
   m_kernels[kernel_index]=INVALID_HANDLE;
   m_kernel_names[kernel_index]="";
   return(true);
  }
//+------------------------------------------------------------------+
//| A device property's value from its first 8 bytes (the standard    |
//| library's union of uchar[8] and long), -1 on failure.             |
//+------------------------------------------------------------------+
long COpenCL::GetDeviceInfo(const int prop)
  {
   if(m_context==INVALID_HANDLE)
      return(-1);
   uchar data[];
   uint size=0;
   if(!CLGetDeviceInfo(m_context,prop,data,size) || size<4)
      return(-1);
   long value=0;
   int n=(int)MathMin(size,8);
   for(int i=n-1; i>=0; i--)
      value=(value<<8)|data[i];
   return(value);
  }
//+------------------------------------------------------------------+
long COpenCL::GetDeviceInfoInteger(ENUM_OPENCL_PROPERTY_INTEGER prop)
  {
   if(m_context==INVALID_HANDLE)
      return(-1);
   return(CLGetInfoInteger(m_context,prop));
  }
//+------------------------------------------------------------------+
long COpenCL::GetKernelInfoInteger(const int kernel_index,ENUM_OPENCL_PROPERTY_INTEGER prop)
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(-1);
   return(CLGetInfoInteger(m_kernels[kernel_index],prop));
  }
//+------------------------------------------------------------------+
bool COpenCL::BufferCreate(const int buffer_index,const uint size_in_bytes,const uint flags)
  {
   if(buffer_index<0 || buffer_index>=m_buffers_total)
      return(false);
   if(m_context==INVALID_HANDLE)
      return(false);
   int buffer=CLBufferCreate(m_context,size_in_bytes,flags);
   if(buffer==INVALID_HANDLE)
      return(false);
   m_buffers[buffer_index]=buffer;
   return(true);
  }
//+------------------------------------------------------------------+
bool COpenCL::BufferFree(const int buffer_index)
  {
   if(buffer_index<0 || buffer_index>=m_buffers_total)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
      return(false);
   CLBufferFree(m_buffers[buffer_index]);
   m_buffers[buffer_index]=INVALID_HANDLE;
   return(true);
  }
//+------------------------------------------------------------------+
//| data_array_offset: the array's first element (an element index). |
//+------------------------------------------------------------------+
template<typename T>
bool COpenCL::BufferFromArray(const int buffer_index,T &data[],const uint data_array_offset,
                              const uint data_array_count,const uint flags)
  {
   if(m_context==INVALID_HANDLE)
      return(false);
   if(buffer_index<0 || buffer_index>=m_buffers_total || data_array_count<=0)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
     {
      uint size=sizeof(T)*data_array_count;
      int buffer=CLBufferCreate(m_context,size,flags);
      if(buffer==INVALID_HANDLE)
         return(false);
      m_buffers[buffer_index]=buffer;
     }
   return(CLBufferWrite(m_buffers[buffer_index],data,0,data_array_offset,data_array_count)==data_array_count);
  }
//+------------------------------------------------------------------+
//| A matrix's or vector's count elements of elem_size bytes into a  |
//| slot, creating its buffer where the slot is empty (the standard  |
//| library's BufferFromMatrix / BufferFromVector).                   |
//+------------------------------------------------------------------+
template<typename M>
bool COpenCL::BufferFromWhole(const int buffer_index,M &data,const ulong count,const uint elem_size,const uint flags)
  {
   if(m_context==INVALID_HANDLE || buffer_index<0 || buffer_index>=m_buffers_total || count==0)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
     {
      int buffer=CLBufferCreate(m_context,(uint)(count*elem_size),flags);
      if(buffer==INVALID_HANDLE)
         return(false);
      m_buffers[buffer_index]=buffer;
     }
   return(CLBufferWrite(m_buffers[buffer_index],0,data)!=0);
  }
bool COpenCL::BufferFromMatrix(const int buffer_index,matrix &data,const uint flags)
  { return(BufferFromWhole(buffer_index,data,data.Rows()*data.Cols(),8,flags)); }
bool COpenCL::BufferFromMatrix(const int buffer_index,matrixf &data,const uint flags)
  { return(BufferFromWhole(buffer_index,data,data.Rows()*data.Cols(),4,flags)); }
bool COpenCL::BufferFromVector(const int buffer_index,vector &data,const uint flags)
  { return(BufferFromWhole(buffer_index,data,data.Size(),8,flags)); }
bool COpenCL::BufferFromVector(const int buffer_index,vectorf &data,const uint flags)
  { return(BufferFromWhole(buffer_index,data,data.Size(),4,flags)); }
//+------------------------------------------------------------------+
bool COpenCL::BufferSlotReady(const int buffer_index) const
  {
   if(buffer_index<0 || buffer_index>=m_buffers_total)
      return(false);
   return(m_buffers[buffer_index]!=INVALID_HANDLE && m_context!=INVALID_HANDLE && m_program!=INVALID_HANDLE);
  }
bool COpenCL::BufferToMatrix(const int buffer_index,matrix &data,const ulong rows=-1,const ulong cols=-1)
  {
   if(!BufferSlotReady(buffer_index))
      return(false);
   return(CLBufferRead(m_buffers[buffer_index],0,data,rows,cols)!=0);
  }
bool COpenCL::BufferToMatrix(const int buffer_index,matrixf &data,const ulong rows=-1,const ulong cols=-1)
  {
   if(!BufferSlotReady(buffer_index))
      return(false);
   return(CLBufferRead(m_buffers[buffer_index],0,data,rows,cols)!=0);
  }
//+------------------------------------------------------------------+
bool COpenCL::BufferToVector(const int buffer_index,vector &data,const ulong size=-1)
  {
   if(!BufferSlotReady(buffer_index))
      return(false);
   return(CLBufferRead(m_buffers[buffer_index],0,data,size)!=0);
  }
bool COpenCL::BufferToVector(const int buffer_index,vectorf &data,const ulong size=-1)
  {
   if(!BufferSlotReady(buffer_index))
      return(false);
   return(CLBufferRead(m_buffers[buffer_index],0,data,size)!=0);
  }
//+------------------------------------------------------------------+
template<typename T>
bool COpenCL::BufferRead(const int buffer_index,T &data[],const uint cl_buffer_offset,
                         const uint data_array_offset,const uint data_array_count)
  {
   if(buffer_index<0 || buffer_index>=m_buffers_total || data_array_count<=0)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
      return(false);
   if(m_context==INVALID_HANDLE || m_program==INVALID_HANDLE)
      return(false);
   return(CLBufferRead(m_buffers[buffer_index],data,cl_buffer_offset,data_array_offset,data_array_count)==data_array_count);
  }
//+------------------------------------------------------------------+
template<typename T>
bool COpenCL::BufferWrite(const int buffer_index,T &data[],const uint cl_buffer_offset,
                          const uint data_array_offset,const uint data_array_count)
  {
   if(buffer_index<0 || buffer_index>=m_buffers_total || data_array_count<=0)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
      return(false);
   if(m_context==INVALID_HANDLE)
      return(false);
   return(CLBufferWrite(m_buffers[buffer_index],data,cl_buffer_offset,data_array_offset,data_array_count)==data_array_count);
  }
//+------------------------------------------------------------------+
template<typename T>
bool COpenCL::SetArgument(const int kernel_index,const int arg_index,T value)
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   if(m_kernels[kernel_index]==INVALID_HANDLE)
      return(false);
   return(CLSetKernelArg(m_kernels[kernel_index],arg_index,value));
  }
//+------------------------------------------------------------------+
bool COpenCL::SetArgumentBuffer(const int kernel_index,const int arg_index,const int buffer_index)
  {
   if(m_context==INVALID_HANDLE || m_program==INVALID_HANDLE)
      return(false);
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   if(buffer_index<0 || buffer_index>=m_buffers_total)
      return(false);
   if(m_buffers[buffer_index]==INVALID_HANDLE)
      return(false);
   return(CLSetKernelArgMem(m_kernels[kernel_index],arg_index,m_buffers[buffer_index]));
  }
//+------------------------------------------------------------------+
bool COpenCL::SetArgumentLocalMemory(const int kernel_index,const int arg_index,const int local_memory_size)
  {
   if(m_context==INVALID_HANDLE || m_program==INVALID_HANDLE)
      return(false);
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   long local_memory=CLGetInfoInteger(m_context,CL_DEVICE_LOCAL_MEM_SIZE);
   if(local_memory_size>local_memory)
      return(false);
   return(CLSetKernelArgMemLocal(m_kernels[kernel_index],arg_index,local_memory_size));
  }
//+------------------------------------------------------------------+
bool COpenCL::Execute(const int kernel_index,const int work_dim,const uint &work_offset[],const uint &work_size[])
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   if(m_kernels[kernel_index]==INVALID_HANDLE)
      return(false);
   return(CLExecute(m_kernels[kernel_index],work_dim,work_offset,work_size));
  }
//+------------------------------------------------------------------+
bool COpenCL::Execute(const int kernel_index,const int work_dim,const uint &work_offset[],const uint &work_size[],
                      const uint &local_work_size[])
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(false);
   return(CLExecute(m_kernels[kernel_index],work_dim,work_offset,work_size,local_work_size));
  }
//+------------------------------------------------------------------+
ENUM_OPENCL_EXECUTION_STATUS COpenCL::ExecutionStatus(const int kernel_index)
  {
   if(kernel_index<0 || kernel_index>=m_kernels_total)
      return(-1);
   return(CLExecutionStatus(m_kernels[kernel_index]));
  }
#endif
//+------------------------------------------------------------------+
