//+------------------------------------------------------------------+
//| OpenCLBuiltins.mqh: the terminal's built-in OpenCL functions     |
//| (CLContextCreate ... CLExecutionStatus) and their constants, on  |
//| mqlcl.dll. A program written for the terminal's OpenCL runs on   |
//| mqlcl.dll with one line added at its top:                         |
//|    #include <mqlcl/OpenCLBuiltins.mqh>                            |
//| Each built-in name is #defined to a function of this file with    |
//| the same parameters, defaults and results (handles, true/false,   |
//| counts, -1) and the same blocking rules: CLExecute queues the     |
//| kernel and returns, CLBufferRead/CLBufferWrite wait for what was  |
//| queued before them, CLExecutionStatus reports the launch's state. |
//| GetLastError() (and _LastError, ResetLastError()) report the      |
//| terminal's codes for a failure of these functions (ERR_OPENCL_*   |
//| 5100-5114, ERR_INVALID_PARAMETER, ERR_NOT_ENOUGH_MEMORY: the      |
//| table in docs/metatrader.md), else the terminal's own last error. |
//| mqlcl's readable cause: CLGetInfoString(CL_LAST_ERROR,            |
//| CL_ERROR_DESCRIPTION,text); its code: CLGetInfoInteger(0,         |
//| CL_LAST_ERROR).                                                   |
//+------------------------------------------------------------------+
#ifndef MQLCL_OPENCL_BUILTINS_MQH
#define MQLCL_OPENCL_BUILTINS_MQH

#include <mqlcl/mqlcl.mqh>

#ifndef INVALID_HANDLE
#define INVALID_HANDLE (-1)
#endif
//--- ENUM_OPENCL_HANDLE_TYPE
#define ENUM_OPENCL_HANDLE_TYPE int
#define OPENCL_INVALID 0
#define OPENCL_CONTEXT 1
#define OPENCL_PROGRAM 2
#define OPENCL_KERNEL 3
#define OPENCL_BUFFER 4
//--- devices for CLContextCreate, besides a device number
#define CL_USE_ANY (-1)
#define CL_USE_CPU_ONLY (-2)
#define CL_USE_GPU_ONLY (-3)
#define CL_USE_GPU_DOUBLE_ONLY (-4)
//--- buffer flags (OpenCL's cl_mem_flags values)
#define CL_MEM_READ_WRITE 1
#define CL_MEM_WRITE_ONLY 2
#define CL_MEM_READ_ONLY 4
#define CL_MEM_ALLOC_HOST_PTR 16
//--- ENUM_CL_DEVICE_TYPE (OpenCL's cl_device_type bits)
#define ENUM_CL_DEVICE_TYPE int
#define CL_DEVICE_DEFAULT 1
#define CL_DEVICE_CPU 2
#define CL_DEVICE_GPU 4
#define CL_DEVICE_ACCELERATOR 8
#define CL_DEVICE_CUSTOM 16
//--- ENUM_OPENCL_EXECUTION_STATUS
#define ENUM_OPENCL_EXECUTION_STATUS int
#define CL_COMPLETE 0
#define CL_RUNNING 1
#define CL_SUBMITTED 2
#define CL_QUEUED 3
//--- ENUM_OPENCL_PROPERTY_INTEGER: OpenCL's ids where OpenCL has the property, so the same
//--- names also serve CLGetDeviceInfo; the terminal's own ones above 0x7F00.
#define ENUM_OPENCL_PROPERTY_INTEGER int
#define CL_DEVICE_TYPE 0x1000
#define CL_DEVICE_VENDOR_ID 0x1001
#define CL_DEVICE_MAX_COMPUTE_UNITS 0x1002
#define CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS 0x1003
#define CL_DEVICE_MAX_WORK_GROUP_SIZE 0x1004
#define CL_DEVICE_MAX_WORK_ITEM_SIZES 0x1005
#define CL_DEVICE_MAX_CLOCK_FREQUENCY 0x100C
#define CL_DEVICE_ADDRESS_BITS 0x100D
#define CL_DEVICE_MAX_MEM_ALLOC_SIZE 0x1010
#define CL_DEVICE_IMAGE_SUPPORT 0x1016
#define CL_DEVICE_GLOBAL_MEM_SIZE 0x101F
#define CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE 0x1020
#define CL_DEVICE_LOCAL_MEM_SIZE 0x1023
#define CL_DEVICE_HOST_UNIFIED_MEMORY 0x1035
#define CL_BUFFER_SIZE 0x1102
#define CL_KERNEL_WORK_GROUP_SIZE 0x11B0
#define CL_KERNEL_LOCAL_MEM_SIZE 0x11B2
#define CL_KERNEL_PRIVATE_MEM_SIZE 0x11B4
#define CL_DEVICE_COUNT 0x7F00
#define CL_LAST_ERROR 0x7F01
//--- ENUM_OPENCL_PROPERTY_STRING
#define ENUM_OPENCL_PROPERTY_STRING int
#define CL_PLATFORM_PROFILE 0x0900
#define CL_PLATFORM_VERSION 0x0901
#define CL_PLATFORM_NAME 0x0902
#define CL_PLATFORM_VENDOR 0x0903
#define CL_PLATFORM_EXTENSIONS 0x0904
#define CL_DEVICE_NAME 0x102B
#define CL_DEVICE_VENDOR 0x102C
#define CL_DRIVER_VERSION 0x102D
#define CL_DEVICE_PROFILE 0x102E
#define CL_DEVICE_VERSION 0x102F
#define CL_DEVICE_EXTENSIONS 0x1030
#define CL_DEVICE_OPENCL_C_VERSION 0x103D
#define CL_DEVICE_BUILT_IN_KERNELS 0x103F
#define CL_ERROR_DESCRIPTION 0x7F02

//--- the terminal's names -> this file's functions
#define CLHandleType MqlclCLHandleType
#define CLGetInfoInteger MqlclCLGetInfoInteger
#define CLGetInfoString MqlclCLGetInfoString
#define CLContextCreate MqlclCLContextCreate
#define CLContextFree MqlclCLContextFree
#define CLGetDeviceInfo MqlclCLGetDeviceInfo
#define CLProgramCreate MqlclCLProgramCreate
#define CLProgramFree MqlclCLProgramFree
#define CLKernelCreate MqlclCLKernelCreate
#define CLKernelFree MqlclCLKernelFree
#define CLSetKernelArg MqlclCLSetKernelArg
#define CLSetKernelArgMem MqlclCLSetKernelArgMem
#define CLSetKernelArgMemLocal MqlclCLSetKernelArgMemLocal
#define CLBufferCreate MqlclCLBufferCreate
#define CLBufferFree MqlclCLBufferFree
#define CLBufferWrite MqlclCLBufferWrite
#define CLBufferRead MqlclCLBufferRead
#define CLExecute MqlclCLExecute
#define CLExecutionStatus MqlclCLExecutionStatus

//--- the last failure of these functions: mqlcl's code and message, and the terminal's code
int    g_mqlcl_cl_code=0;
string g_mqlcl_cl_message="";
int    g_mqlcl_terminal_error=0;
//+------------------------------------------------------------------+
//| GetLastError(), _LastError and ResetLastError() of a program     |
//| using this file: a failure of these functions is the last error   |
//| until a built-in function fails after it (the built-in's own last |
//| error is cleared when one of these fails, so a later one shows).  |
//+------------------------------------------------------------------+
int MqlclGetLastError(void)
  {
   int own=GetLastError();
   if(own!=0)
      g_mqlcl_terminal_error=0;
   return(own!=0 ? own : g_mqlcl_terminal_error);
  }
void MqlclResetLastError(void)
  {
   g_mqlcl_terminal_error=0;
   ResetLastError();
  }
void MqlclSetTerminalError(const int code)
  {
   ResetLastError();
   g_mqlcl_terminal_error=code;
  }
#define GetLastError MqlclGetLastError
#define ResetLastError MqlclResetLastError
#define _LastError MqlclGetLastError()
//+------------------------------------------------------------------+
//| The terminal's code for mqlcl's code rc from the function call   |
//| (docs/metatrader.md, "GetLastError()").                           |
//+------------------------------------------------------------------+
int MqlclTerminalError(const int rc,const string call)
  {
   bool set_arg=StringFind(call,"CLSetKernelArg")==0;
   switch(rc)
     {
      case MQLCL_ERR_HANDLE:    return(ERR_OPENCL_INVALID_HANDLE);
      case MQLCL_ERR_NO_OPENCL: return(ERR_OPENCL_NOT_SUPPORTED);
      case MQLCL_ERR_DEVICE:    return(call=="CLContextCreate" ? ERR_OPENCL_SELECTDEVICE : ERR_OPENCL_INVALID_HANDLE);
      case MQLCL_ERR_MEMORY:    return(ERR_NOT_ENOUGH_MEMORY);
      case MQLCL_ERR_BUILD:     return(ERR_OPENCL_PROGRAM_CREATE);
      case MQLCL_ERR_LAUNCH:    return(ERR_OPENCL_EXECUTE);
      case MQLCL_ERR_LOCAL_SIZE:
         return(set_arg ? ERR_OPENCL_SET_KERNEL_PARAMETER : ERR_OPENCL_EXECUTE);
      case MQLCL_ERR_ARGUMENT:
         if(set_arg)
            return(ERR_OPENCL_SET_KERNEL_PARAMETER);
         if(call=="CLExecute")
            return(ERR_OPENCL_EXECUTE);
         if(call=="CLKernelCreate")
            return(ERR_OPENCL_KERNEL_CREATE);
         if(call=="CLBufferCreate")
            return(ERR_OPENCL_WRONG_BUFFER_SIZE);
         return(ERR_INVALID_PARAMETER);
      case MQLCL_ERR_RANGE:
         if(set_arg)
            return(ERR_OPENCL_SET_KERNEL_PARAMETER);
         if(call=="CLBufferRead" || call=="CLBufferWrite" || call=="CLBufferCreate")
            return(ERR_OPENCL_WRONG_BUFFER_SIZE);
         return(ERR_INVALID_PARAMETER);
      case MQLCL_ERR_OPENCL:
         if(call=="CLContextCreate")
            return(ERR_OPENCL_CONTEXT_CREATE);
         if(call=="CLProgramCreate")
            return(ERR_OPENCL_PROGRAM_CREATE);
         if(call=="CLKernelCreate")
            return(ERR_OPENCL_KERNEL_CREATE);
         if(set_arg)
            return(ERR_OPENCL_SET_KERNEL_PARAMETER);
         if(call=="CLBufferCreate")
            return(ERR_OPENCL_BUFFER_CREATE);
         if(call=="CLExecute" || call=="CLExecutionStatus")
            return(ERR_OPENCL_EXECUTE);
         return(ERR_OPENCL_INTERNAL);
     }
   return(ERR_OPENCL_INTERNAL);
  }
//+------------------------------------------------------------------+
//| Records a failure: rc < 0 is mqlcl's code with its message from  |
//| the DLL; else a failure of this layer with its own text and the   |
//| terminal's code `terminal`.                                        |
//+------------------------------------------------------------------+
void MqlclCLFailed(const int rc,const string call,const string why="",const int terminal=ERR_INVALID_PARAMETER)
  {
   g_mqlcl_cl_code=rc<0 ? rc : MQLCL_ERR_ARGUMENT;
   g_mqlcl_cl_message=call+": "+(rc<0 ? MqlclErrorText(0) : why);
   MqlclSetTerminalError(rc<0 ? MqlclTerminalError(rc,call) : terminal);
  }
//+------------------------------------------------------------------+
bool MqlclCLCheck(const long rc,const string call)
  {
   if(rc>=0)
      return(true);
   MqlclCLFailed((int)rc,call);
   return(false);
  }
//+------------------------------------------------------------------+
//| A transfer's result: beyond the buffer is the terminal's wrong   |
//| offset when the offset itself lies beyond it, else wrong size.     |
//+------------------------------------------------------------------+
bool MqlclCLCheckTransfer(const int rc,const string call,const int buffer,const uint buffer_offset)
  {
   if(MqlclCLCheck(rc,call))
      return(true);
   if(rc==MQLCL_ERR_RANGE && (long)buffer_offset>=mqlcl_handle_info(buffer,MQLCL_HINFO_BUFFER_BYTES))
      MqlclSetTerminalError(ERR_OPENCL_WRONG_BUFFER_OFFSET);
   return(false);
  }
//+------------------------------------------------------------------+
//| The device a handle means: a live handle's device, else the      |
//| number itself (the terminal takes a device number or a handle).  |
//+------------------------------------------------------------------+
int MqlclCLDeviceOf(const int handle)
  {
   if(mqlcl_handle_info(handle,MQLCL_HINFO_KIND)>0)
      return((int)mqlcl_handle_info(handle,MQLCL_HINFO_DEVICE));
   return(handle);
  }
//+------------------------------------------------------------------+
//| A device property's raw bytes (resized to fit), or -1.           |
//+------------------------------------------------------------------+
int MqlclCLDeviceBytes(const int device,const int property,uchar &data[])
  {
   if(ArraySize(data)<256 && ArrayResize(data,256)<0)
     {
      MqlclCLFailed(0,"CLGetDeviceInfo","no memory for the property",ERR_NOT_ENOUGH_MEMORY);
      return(-1);
     }
   int n=mqlcl_device_property(device,property,data,ArraySize(data));
   if(n>ArraySize(data) && ArrayResize(data,n)==n)
      n=mqlcl_device_property(device,property,data,ArraySize(data));
   if(!MqlclCLCheck(n,"CLGetDeviceInfo"))
      return(-1);
   return(n);
  }
//+------------------------------------------------------------------+
ENUM_OPENCL_HANDLE_TYPE MqlclCLHandleType(int handle)
  {
   switch((int)mqlcl_handle_info(handle,MQLCL_HINFO_KIND))
     {
      case MQLCL_KIND_CONTEXT: return(OPENCL_CONTEXT);
      case MQLCL_KIND_PROGRAM: return(OPENCL_PROGRAM);
      case MQLCL_KIND_KERNEL:  return(OPENCL_KERNEL);
      case MQLCL_KIND_BUFFER:  return(OPENCL_BUFFER);
     }
   return(OPENCL_INVALID);
  }
//+------------------------------------------------------------------+
long MqlclCLGetInfoInteger(int handle,ENUM_OPENCL_PROPERTY_INTEGER prop)
  {
   long rc=-1;
   switch(prop)
     {
      case CL_DEVICE_COUNT: rc=mqlcl_device_count(); break;
      case CL_LAST_ERROR: return(g_mqlcl_cl_code);
      case CL_BUFFER_SIZE: rc=mqlcl_handle_info(handle,MQLCL_HINFO_BUFFER_BYTES); break;
      case CL_KERNEL_WORK_GROUP_SIZE: rc=mqlcl_kernel_info(handle,MQLCL_KINFO_WORK_GROUP_SIZE); break;
      case CL_KERNEL_LOCAL_MEM_SIZE: rc=mqlcl_kernel_info(handle,MQLCL_KINFO_LOCAL_MEM_SIZE); break;
      case CL_KERNEL_PRIVATE_MEM_SIZE: rc=mqlcl_kernel_info(handle,MQLCL_KINFO_PRIVATE_MEM_SIZE); break;
      default:
        {
         // A device property: its value, little-endian, from its first 8 bytes at most.
         uchar data[];
         int n=MqlclCLDeviceBytes(MqlclCLDeviceOf(handle),prop,data);
         if(n<0)
            return(-1);
         if(n<1 || n>8)
           {
            MqlclCLFailed(0,"CLGetInfoInteger","property "+IntegerToString(prop)+" is not a number ("+
                          IntegerToString(n)+" bytes): use CLGetDeviceInfo");
            return(-1);
           }
         long v=0;
         for(int i=n-1; i>=0; i--)
            v=(v<<8)|data[i];
         return(v);
        }
     }
   return(MqlclCLCheck(rc,"CLGetInfoInteger") ? rc : -1);
  }
//+------------------------------------------------------------------+
bool MqlclCLGetInfoString(int handle,ENUM_OPENCL_PROPERTY_STRING prop,string &value)
  {
   if(prop==CL_ERROR_DESCRIPTION)
     {
      // handle CL_LAST_ERROR: the last failure's whole message; else an mqlcl code's name.
      if(handle==CL_LAST_ERROR)
        {
         value=g_mqlcl_cl_message;
         return(true);
        }
      ushort buf[];
      if(ArrayResize(buf,512)<0)
         return(false);
      int n=mqlcl_errstr(handle,buf,ArraySize(buf));
      value=n>=0 ? ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1)) : "unknown OpenCL error "+IntegerToString(handle);
      return(true);
     }
   int device=MqlclCLDeviceOf(handle);
   if(prop==CL_PLATFORM_NAME)
     {
      if(device<0 || device>=mqlcl_device_count())
        {
         MqlclCLFailed(0,"CLGetInfoString","device "+IntegerToString(device)+" does not exist",ERR_OPENCL_INVALID_HANDLE);
         return(false);
        }
      value=MqlclDeviceText(device,MQLCL_TEXT_PLATFORM);
      return(true);
     }
   //--- the other platform strings are the device's platform's (mqlcl_device_property takes their ids)
   uchar data[];
   int n=MqlclCLDeviceBytes(device,prop,data);
   if(n<0)
      return(false);
   ushort text[];
   if(ArrayResize(text,MathMax(n,1))<0)
      return(false);
   int len=0;
   for(int i=0; i<n && data[i]!=0; i++)
      text[len++]=data[i];
   value=ShortArrayToString(text,0,len);
   return(true);
  }
//+------------------------------------------------------------------+
//| CL_USE_ANY: mqlcl's best device (a GPU first, then the most      |
//| compute units x clock), as the terminal prefers the fastest      |
//| device; with several GPUs the least loaded by all processes      |
//| (placement, chosen inside mqlcl_create so that agents starting   |
//| together spread). CL_USE_GPU_ONLY and CL_USE_GPU_DOUBLE_ONLY the  |
//| same where mqlcl's best device is a GPU (and every GPU has FP64  |
//| for the latter), else the first device of their kind, as         |
//| CL_USE_CPU_ONLY.                                                 |
//+------------------------------------------------------------------+
bool MqlclCLPlacedAmongGpus(const int device)
  {
   if(device!=CL_USE_GPU_ONLY && device!=CL_USE_GPU_DOUBLE_ONLY)
      return(false);
   int best=mqlcl_device_best();
   if(best<0 || (mqlcl_device_info(best,MQLCL_INFO_TYPE) & CL_DEVICE_GPU)==0)
      return(false);
   if(device==CL_USE_GPU_ONLY)
      return(true);
   int count=mqlcl_device_count();
   for(int d=0; d<count; d++)
      if((mqlcl_device_info(d,MQLCL_INFO_TYPE) & CL_DEVICE_GPU)!=0 && mqlcl_device_info(d,MQLCL_INFO_DOUBLE_SUPPORT)!=1)
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Where CLContextCreate's contexts live: MqlclCLUseSharedGPU(true)  |
//| puts them in this user's GPU server, one OpenCL context per       |
//| device shared by every agent that opts in (docs/metatrader.md,    |
//| "Many agents on one GPU"); false keeps them in this program       |
//| whatever MQLCL_SHARED_GPU says. Not called: as MQLCL_SHARED_GPU   |
//| says (1: the server for a GPU, a CPU device's kept here; all:     |
//| the server).                                                      |
//+------------------------------------------------------------------+
int MqlclCLCreateFlags=0;
void MqlclCLUseSharedGPU(const bool on) { MqlclCLCreateFlags=on ? MQLCL_CREATE_SHARED_GPU : MQLCL_CREATE_OWN; }
//+------------------------------------------------------------------+
int MqlclCLContextCreate(int device=CL_USE_ANY)
  {
   int chosen=device==CL_USE_ANY || MqlclCLPlacedAmongGpus(device) ? MQLCL_DEVICE_BEST : device;
   if(device<CL_USE_ANY && chosen!=MQLCL_DEVICE_BEST)
     {
      chosen=-1;
      int count=mqlcl_device_count();
      for(int d=0; d<count && chosen<0; d++)
        {
         long type=mqlcl_device_info(d,MQLCL_INFO_TYPE);
         bool gpu=(type & CL_DEVICE_GPU)!=0,cpu=(type & CL_DEVICE_CPU)!=0;
         if(device==CL_USE_GPU_ONLY && gpu)
            chosen=d;
         if(device==CL_USE_GPU_DOUBLE_ONLY && gpu && mqlcl_device_info(d,MQLCL_INFO_DOUBLE_SUPPORT)==1)
            chosen=d;
         if(device==CL_USE_CPU_ONLY && cpu)
            chosen=d;
        }
      if(chosen<0)
        {
         MqlclCLFailed(0,"CLContextCreate","no OpenCL device of the kind "+IntegerToString(device)+
                       " (CL_USE_ANY -1, CL_USE_CPU_ONLY -2, CL_USE_GPU_ONLY -3, CL_USE_GPU_DOUBLE_ONLY -4)",
                       ERR_OPENCL_SELECTDEVICE);
         return(INVALID_HANDLE);
        }
     }
   int ctx=mqlcl_create_with(chosen,MqlclCLCreateFlags);
   if(ctx>0 && mqlcl_handle_info(ctx,MQLCL_HINFO_SHARED_GPU)==0)
     {
      //--- asked for the GPU server and none could be reached: the library says why once
      ushort why[];
      ArrayResize(why,1024);
      if(mqlcl_last_error(ctx,why,1024)>0)
         Print("mqlcl: ",ShortArrayToString(why));
     }
   return(MqlclCLCheck(ctx,"CLContextCreate") ? ctx : INVALID_HANDLE);
  }
//+------------------------------------------------------------------+
//| The Free functions: a handle of another kind is refused.         |
//+------------------------------------------------------------------+
void MqlclCLFree(const int handle,const ENUM_OPENCL_HANDLE_TYPE kind,const string call)
  {
   if(MqlclCLHandleType(handle)!=kind)
     {
      MqlclCLFailed(0,call,"handle "+IntegerToString(handle)+" is not a live object of that kind",ERR_OPENCL_INVALID_HANDLE);
      return;
     }
   MqlclCLCheck(mqlcl_free(handle),call);
  }
void MqlclCLContextFree(int context) { MqlclCLFree(context,OPENCL_CONTEXT,"CLContextFree"); }
void MqlclCLProgramFree(int program) { MqlclCLFree(program,OPENCL_PROGRAM,"CLProgramFree"); }
void MqlclCLKernelFree(int kernel)   { MqlclCLFree(kernel,OPENCL_KERNEL,"CLKernelFree"); }
void MqlclCLBufferFree(int buffer)   { MqlclCLFree(buffer,OPENCL_BUFFER,"CLBufferFree"); }
//+------------------------------------------------------------------+
bool MqlclCLGetDeviceInfo(int handle,int property_id,uchar &data[],uint &size)
  {
   uchar bytes[];
   int n=MqlclCLDeviceBytes(MqlclCLDeviceOf(handle),property_id,bytes);
   if(n<0)
      return(false);
   if(ArraySize(data)<n)
      ArrayResize(data,n);
   int copy=MathMin(n,ArraySize(data));
   for(int i=0; i<copy; i++)
      data[i]=bytes[i];
   size=(uint)copy;
   return(true);
  }
//+------------------------------------------------------------------+
//| The program's compiler messages: its build log, or the failure's |
//| message (which holds the log).                                    |
//+------------------------------------------------------------------+
int MqlclCLProgramCreate(int context,const string source,string &build_log)
  {
   int program=mqlcl_program(context,source,"");
   if(!MqlclCLCheck(program,"CLProgramCreate"))
     {
      build_log=g_mqlcl_cl_message;
      return(INVALID_HANDLE);
     }
   ushort buf[];
   build_log="";
   if(ArrayResize(buf,MQLCL_TEXT_CAP)>0)
     {
      int n=mqlcl_program_log(program,buf,ArraySize(buf));
      if(n>=ArraySize(buf) && ArrayResize(buf,n+1)==n+1)
         n=mqlcl_program_log(program,buf,ArraySize(buf));
      if(n>0)
         build_log=ShortArrayToString(buf,0,MathMin(n,ArraySize(buf)-1));
     }
   return(program);
  }
int MqlclCLProgramCreate(int context,const string source)
  {
   string log;
   return(MqlclCLProgramCreate(context,source,log));
  }
//+------------------------------------------------------------------+
int MqlclCLKernelCreate(int program,const string kernel_name)
  {
   if(StringLen(kernel_name)>127)
     {
      MqlclCLFailed(0,"CLKernelCreate","the kernel name has "+IntegerToString(StringLen(kernel_name))+
                    " characters, more than 127",ERR_OPENCL_TOO_LONG_KERNEL_NAME);
      return(INVALID_HANDLE);
     }
   int kernel=mqlcl_kernel(program,kernel_name);
   return(MqlclCLCheck(kernel,"CLKernelCreate") ? kernel : INVALID_HANDLE);
  }
//+------------------------------------------------------------------+
//| CLSetKernelArg for every scalar type: the declaration decides    |
//| which width the kernel takes (mqlcl checks it); a bool is one    |
//| byte, as the terminal passes sizeof(bool). An integer given for  |
//| an integer parameter of another width is converted where its     |
//| value fits that width: MetaQuotes' own published networks pass a |
//| ulong count to `int` parameters (docs/metatrader.md); a value    |
//| that fits no width the parameter takes is refused, the first     |
//| refusal's message kept.                                            |
//+------------------------------------------------------------------+
bool MqlclCLIntegerFits(const long value,const int bytes)
  {
   if(bytes>=8)
      return(true);
   long span=(long)1<<(8*bytes);
   return(value>=-(span/2) && value<span);  // the signed or the unsigned type of that width
  }
bool MqlclCLSetKernelInteger(int kernel,uint arg_index,const long value,const int bytes)
  {
   int rc=bytes==4 && value>=INT_MIN && value<=INT_MAX ? mqlcl_arg_int(kernel,(int)arg_index,(int)value) :
          mqlcl_arg_integer(kernel,(int)arg_index,value,bytes);
   if(rc!=MQLCL_ERR_ARGUMENT)  // set, or refused for another reason than its size
      return(MqlclCLCheck(rc,"CLSetKernelArg"));
   string first=MqlclErrorText(0);
   int widths[]={8,4,2,1};
   for(int i=0; i<4; i++)
      if(widths[i]!=bytes && MqlclCLIntegerFits(value,widths[i]) &&
         mqlcl_arg_integer(kernel,(int)arg_index,value,widths[i])>=0)
         return(true);
   MqlclCLFailed(0,"CLSetKernelArg",first,ERR_OPENCL_SET_KERNEL_PARAMETER);
   g_mqlcl_cl_code=rc;
   return(false);
  }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,bool value)   { return(MqlclCLCheck(mqlcl_arg_integer(kernel,(int)arg_index,value ? 1 : 0,1),"CLSetKernelArg")); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,char value)   { return(MqlclCLSetKernelInteger(kernel,arg_index,value,1)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,uchar value)  { return(MqlclCLSetKernelInteger(kernel,arg_index,value,1)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,short value)  { return(MqlclCLSetKernelInteger(kernel,arg_index,value,2)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,ushort value) { return(MqlclCLSetKernelInteger(kernel,arg_index,value,2)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,int value)    { return(MqlclCLSetKernelInteger(kernel,arg_index,value,4)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,uint value)   { return(MqlclCLSetKernelInteger(kernel,arg_index,value,4)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,long value)   { return(MqlclCLSetKernelInteger(kernel,arg_index,value,8)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,ulong value)  { return(MqlclCLSetKernelInteger(kernel,arg_index,(long)value,8)); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,float value)  { return(MqlclCLCheck(mqlcl_arg_float(kernel,(int)arg_index,value),"CLSetKernelArg")); }
bool MqlclCLSetKernelArg(int kernel,uint arg_index,double value) { return(MqlclCLCheck(mqlcl_arg_double(kernel,(int)arg_index,value),"CLSetKernelArg")); }
//+------------------------------------------------------------------+
bool MqlclCLSetKernelArgMem(int kernel,uint arg_index,int cl_mem_handle)
  {
   return(MqlclCLCheck(mqlcl_arg_mem(kernel,(int)arg_index,cl_mem_handle),"CLSetKernelArgMem"));
  }
bool MqlclCLSetKernelArgMemLocal(int kernel,uint arg_index,ulong local_mem_size)
  {
   if(local_mem_size>0x7FFFFFFF)
     {
      MqlclCLFailed(0,"CLSetKernelArgMemLocal","local_mem_size = "+IntegerToString((long)local_mem_size)+
                    " exceeds any device's local memory",ERR_OPENCL_SET_KERNEL_PARAMETER);
      return(false);
     }
   return(MqlclCLCheck(mqlcl_arg_local(kernel,(int)arg_index,(int)local_mem_size),"CLSetKernelArgMemLocal"));
  }
//+------------------------------------------------------------------+
int MqlclCLBufferCreate(int context,uint size,uint flags)
  {
   int access=MQLCL_MEM_READ_WRITE;
   uint rw=flags & (CL_MEM_READ_WRITE|CL_MEM_WRITE_ONLY|CL_MEM_READ_ONLY);
   if(rw==CL_MEM_WRITE_ONLY)
      access=MQLCL_MEM_WRITE_ONLY;
   else if(rw==CL_MEM_READ_ONLY)
      access=MQLCL_MEM_READ_ONLY;
   if((rw!=0 && rw!=CL_MEM_READ_WRITE && rw!=CL_MEM_WRITE_ONLY && rw!=CL_MEM_READ_ONLY) ||
      (flags & ~(uint)(CL_MEM_READ_WRITE|CL_MEM_WRITE_ONLY|CL_MEM_READ_ONLY|CL_MEM_ALLOC_HOST_PTR))!=0)
     {
      MqlclCLFailed(0,"CLBufferCreate","flags = "+IntegerToString(flags)+
                    ": one of CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY, plus CL_MEM_ALLOC_HOST_PTR");
      return(INVALID_HANDLE);
     }
   if((flags & CL_MEM_ALLOC_HOST_PTR)!=0)
      access+=MQLCL_MEM_ALLOC_HOST;
   int buffer=mqlcl_buffer(context,size,access);
   return(MqlclCLCheck(buffer,"CLBufferCreate") ? buffer : INVALID_HANDLE);
  }
//+------------------------------------------------------------------+
//| Arrays of any numeric type: buffer_offset in bytes, data_offset  |
//| and data_count in elements; the number of elements, 0 on failure.|
//+------------------------------------------------------------------+
template<typename T>
uint MqlclCLBufferWrite(int buffer,const T &data[],uint buffer_offset=0,uint data_offset=0,uint data_count=WHOLE_ARRAY)
  {
   int size=ArraySize(data);
   long count=data_count==(uint)WHOLE_ARRAY ? (long)size-data_offset : (long)data_count;
   if(count<1 || (long)data_offset+count>size)
     {
      MqlclCLFailed(0,"CLBufferWrite","elements "+IntegerToString(data_offset)+" .. "+IntegerToString(data_offset+count-1)+
                    " are not in the array of "+IntegerToString(size));
      return(0);
     }
   int n=mqlcl_buffer_write_bytes(buffer,buffer_offset,data,size,sizeof(T),(int)data_offset,(int)count);
   return(MqlclCLCheckTransfer(n,"CLBufferWrite",buffer,buffer_offset) ? (uint)n : 0);
  }
//+------------------------------------------------------------------+
//| data_count WHOLE_ARRAY: the whole buffer from buffer_offset; a   |
//| dynamic array grows to hold it.                                   |
//+------------------------------------------------------------------+
template<typename T>
uint MqlclCLBufferRead(int buffer,T &data[],uint buffer_offset=0,uint data_offset=0,uint data_count=WHOLE_ARRAY)
  {
   long count=data_count;
   if(data_count==(uint)WHOLE_ARRAY)
     {
      long bytes=mqlcl_handle_info(buffer,MQLCL_HINFO_BUFFER_BYTES);
      if(!MqlclCLCheck(bytes,"CLBufferRead"))
         return(0);
      if((long)buffer_offset>=bytes)
        {
         MqlclCLFailed(0,"CLBufferRead","buffer_offset = "+IntegerToString(buffer_offset)+" lies beyond the buffer's "+
                       IntegerToString(bytes)+" bytes",ERR_OPENCL_WRONG_BUFFER_OFFSET);
         return(0);
        }
      count=(bytes-(long)buffer_offset)/sizeof(T);
     }
   if(count<1)
     {
      MqlclCLFailed(0,"CLBufferRead","nothing to read: "+IntegerToString(count)+" elements",ERR_OPENCL_WRONG_BUFFER_SIZE);
      return(0);
     }
   if(ArraySize(data)<(long)data_offset+count)
      ArrayResize(data,(int)(data_offset+count));
   int n=mqlcl_buffer_read_bytes(buffer,buffer_offset,data,ArraySize(data),sizeof(T),(int)data_offset,(int)count);
   return(MqlclCLCheckTransfer(n,"CLBufferRead",buffer,buffer_offset) ? (uint)n : 0);
  }
//+------------------------------------------------------------------+
//| Matrices and vectors: all count elements (row-major) from/to byte |
//| buffer_offset; true/false as the terminal's forms return.          |
//+------------------------------------------------------------------+
template<typename M>
bool MqlclCLTransferWhole(const bool write,int buffer,uint buffer_offset,M &data,const int count,const int elem_size)
  {
   if(count<1)
      return(false);
   if(write)
      return(MqlclCLCheckTransfer(mqlcl_buffer_write_bytes(buffer,buffer_offset,data,count,elem_size,0,count),"CLBufferWrite",
                                  buffer,buffer_offset));
   return(MqlclCLCheckTransfer(mqlcl_buffer_read_bytes(buffer,buffer_offset,data,count,elem_size,0,count),"CLBufferRead",
                               buffer,buffer_offset));
  }
//+------------------------------------------------------------------+
//| rows and cols both given: the matrix is resized first; both -1:  |
//| its size is kept; one of them: refused (as the terminal does).    |
//+------------------------------------------------------------------+
template<typename M>
bool MqlclCLResizeForRead(M &mat,ulong rows,ulong cols)
  {
   if(rows==(ulong)-1 && cols==(ulong)-1)
      return(true);
   if(rows==(ulong)-1 || cols==(ulong)-1)
     {
      MqlclCLFailed(0,"CLBufferRead","give both rows and cols, or neither",ERR_INVALID_PARAMETER);
      return(false);
     }
   return(mat.Resize(rows,cols));
  }
uint MqlclCLBufferWrite(int buffer,uint buffer_offset,matrix &mat)
  { return(MqlclCLTransferWhole(true,buffer,buffer_offset,mat,(int)(mat.Rows()*mat.Cols()),8)); }
uint MqlclCLBufferWrite(int buffer,uint buffer_offset,matrixf &mat)
  { return(MqlclCLTransferWhole(true,buffer,buffer_offset,mat,(int)(mat.Rows()*mat.Cols()),4)); }
uint MqlclCLBufferRead(int buffer,uint buffer_offset,matrix &mat,ulong rows=-1,ulong cols=-1)
  { return(MqlclCLResizeForRead(mat,rows,cols) && MqlclCLTransferWhole(false,buffer,buffer_offset,mat,(int)(mat.Rows()*mat.Cols()),8)); }
uint MqlclCLBufferRead(int buffer,uint buffer_offset,matrixf &mat,ulong rows=-1,ulong cols=-1)
  { return(MqlclCLResizeForRead(mat,rows,cols) && MqlclCLTransferWhole(false,buffer,buffer_offset,mat,(int)(mat.Rows()*mat.Cols()),4)); }
//--- vectors: size given, the vector is resized to it first; -1: its size is kept
uint MqlclCLBufferWrite(int buffer,uint buffer_offset,vector &vec)
  { return(MqlclCLTransferWhole(true,buffer,buffer_offset,vec,(int)vec.Size(),8)); }
uint MqlclCLBufferWrite(int buffer,uint buffer_offset,vectorf &vec)
  { return(MqlclCLTransferWhole(true,buffer,buffer_offset,vec,(int)vec.Size(),4)); }
uint MqlclCLBufferRead(int buffer,uint buffer_offset,vector &vec,ulong size=-1)
  { return((size==(ulong)-1 || vec.Resize(size)) && MqlclCLTransferWhole(false,buffer,buffer_offset,vec,(int)vec.Size(),8)); }
uint MqlclCLBufferRead(int buffer,uint buffer_offset,vectorf &vec,ulong size=-1)
  { return((size==(ulong)-1 || vec.Resize(size)) && MqlclCLTransferWhole(false,buffer,buffer_offset,vec,(int)vec.Size(),4)); }
//+------------------------------------------------------------------+
//| The three CLExecute forms: each queues the kernel and returns     |
//| (CLBufferRead waits for it; a failure on the device is returned   |
//| there, or by CLExecutionStatus).                                   |
//+------------------------------------------------------------------+
bool MqlclCLExecuteChecked(int kernel,uint work_dim,const uint &offset[],const int offset_count,const uint &global[],
                           const int global_count,const uint &local[],const int local_count)
  {
   if(work_dim<1 || work_dim>3)
     {
      MqlclCLFailed(0,"CLExecute","work_dim = "+IntegerToString(work_dim)+": it must be 1, 2 or 3",ERR_INVALID_PARAMETER);
      return(false);
     }
   return(MqlclCLCheck(mqlcl_enqueue(kernel,(int)work_dim,offset,offset_count,global,global_count,local,local_count),
                       "CLExecute"));
  }
bool MqlclCLExecute(int kernel)
  {
   uint none[],one[1]={1};
   return(MqlclCLExecuteChecked(kernel,1,none,0,one,1,none,0));
  }
bool MqlclCLExecute(int kernel,uint work_dim,const uint &global_work_offset[],const uint &global_work_size[])
  {
   uint none[];
   return(MqlclCLExecuteChecked(kernel,work_dim,global_work_offset,ArraySize(global_work_offset),
                                global_work_size,ArraySize(global_work_size),none,0));
  }
bool MqlclCLExecute(int kernel,uint work_dim,const uint &global_work_offset[],const uint &global_work_size[],
                    const uint &local_work_size[])
  {
   return(MqlclCLExecuteChecked(kernel,work_dim,global_work_offset,ArraySize(global_work_offset),
                                global_work_size,ArraySize(global_work_size),local_work_size,ArraySize(local_work_size)));
  }
//+------------------------------------------------------------------+
//| The state of the kernel's last launch: CL_QUEUED, CL_SUBMITTED,   |
//| CL_RUNNING, CL_COMPLETE; -1 for a launch that failed on the       |
//| device (ERR_OPENCL_EXECUTE) or a handle that is not a kernel.     |
//+------------------------------------------------------------------+
int MqlclCLExecutionStatus(int kernel)
  {
   if(MqlclCLHandleType(kernel)!=OPENCL_KERNEL)
     {
      MqlclCLFailed(0,"CLExecutionStatus","handle "+IntegerToString(kernel)+" is not a live kernel",
                    ERR_OPENCL_INVALID_HANDLE);
      return(-1);
     }
   int status=mqlcl_kernel_status(kernel);
   return(MqlclCLCheck(status,"CLExecutionStatus") ? status : -1);
  }
#endif
//+------------------------------------------------------------------+
