//+------------------------------------------------------------------+
//| opencl_errors.mq5                                                |
//| GetLastError() after each kind of failure of the terminal's CL*   |
//| functions on mqlcl.dll, against the table of docs/metatrader.md   |
//| ("GetLastError()"); the terminal's own last error beside them;    |
//| CLExecute queuing (its state, its arguments taken at the call);   |
//| and a launch that fails on the device (mqlcl_test_control makes   |
//| a context's third launch fail): -1 from CLExecutionStatus and     |
//| ERR_OPENCL_EXECUTE.                                               |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/OpenCLBuiltins.mqh>

input int InpDevice=0;         // OpenCL device (mqlcl's numbering)

const string cl_src=
   "__kernel void add(__global float* x, const float v) { x[get_global_id(0)] += v; }\n"
   "__kernel void spin(__global float* x, const int n) {\n"
   "  float s = x[get_global_id(0)];\n"
   "  for (int i = 0; i < n; i++) s = s * 0.999f + 0.5f;\n"
   "  x[get_global_id(0)] = s;\n"
   "}\n";

int failures=0;
//+------------------------------------------------------------------+
void Check(const bool ok,const string what)
  {
   if(!ok)
      failures++;
   Print((ok ? "OK     " : "WRONG  ")+what+(ok ? "" : " -- last error "+IntegerToString(GetLastError())+": "+g_mqlcl_cl_message));
  }
//+------------------------------------------------------------------+
//| A failure that must leave the terminal's code `code`.             |
//+------------------------------------------------------------------+
void CheckError(const bool failed,const int code,const string what)
  {
   int got=GetLastError();
   Check(failed && got==code && _LastError==code,what+": GetLastError() = "+IntegerToString(code)+
         (got==code ? "" : " (got "+IntegerToString(got)+")"));
   ResetLastError();
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   int ctx=CLContextCreate(InpDevice);
   Check(ctx!=INVALID_HANDLE,"CLContextCreate("+IntegerToString(InpDevice)+")");
   if(ctx==INVALID_HANDLE)
      return;
   ResetLastError();
   //--- contexts and devices
   CheckError(CLContextCreate(1000)==INVALID_HANDLE,ERR_OPENCL_SELECTDEVICE,"CLContextCreate of device 1000");
   bool has_gpu=false;
   for(int d=0; d<CLGetInfoInteger(0,CL_DEVICE_COUNT); d++)
      has_gpu=has_gpu || (CLGetInfoInteger(d,CL_DEVICE_TYPE) & CL_DEVICE_GPU)!=0;
   if(!has_gpu)
      CheckError(CLContextCreate(CL_USE_GPU_ONLY)==INVALID_HANDLE,ERR_OPENCL_SELECTDEVICE,"CLContextCreate(CL_USE_GPU_ONLY) without a GPU");
   CheckError(CLGetInfoInteger(-5,CL_DEVICE_GLOBAL_MEM_SIZE)==-1,ERR_OPENCL_INVALID_HANDLE,"CLGetInfoInteger of device -5");
   //--- programs and kernels
   CheckError(CLProgramCreate(ctx,"__kernel void broken( {")==INVALID_HANDLE,ERR_OPENCL_PROGRAM_CREATE,"CLProgramCreate of broken source");
   CheckError(CLProgramCreate(ctx,"")==INVALID_HANDLE,ERR_INVALID_PARAMETER,"CLProgramCreate of an empty source");
   CheckError(CLProgramCreate(-7,cl_src)==INVALID_HANDLE,ERR_OPENCL_INVALID_HANDLE,"CLProgramCreate on a handle that is not a context");
   int prog=CLProgramCreate(ctx,cl_src);
   Check(prog!=INVALID_HANDLE,"CLProgramCreate");
   CheckError(CLKernelCreate(prog,"absent")==INVALID_HANDLE,ERR_OPENCL_KERNEL_CREATE,"CLKernelCreate of a name not in the program");
   string long_name="";
   for(int i=0; i<130; i++)
      long_name+="k";
   CheckError(CLKernelCreate(prog,long_name)==INVALID_HANDLE,ERR_OPENCL_TOO_LONG_KERNEL_NAME,"CLKernelCreate of a 130-character name");
   CheckError(CLKernelCreate(ctx,"add")==INVALID_HANDLE,ERR_OPENCL_INVALID_HANDLE,"CLKernelCreate on a context handle");
   int add=CLKernelCreate(prog,"add");
   int spin=CLKernelCreate(prog,"spin");
   Check(add!=INVALID_HANDLE && spin!=INVALID_HANDLE,"CLKernelCreate");
   //--- buffers
   CheckError(CLBufferCreate(ctx,0,CL_MEM_READ_WRITE)==INVALID_HANDLE,ERR_OPENCL_WRONG_BUFFER_SIZE,"CLBufferCreate of 0 bytes");
   CheckError(CLBufferCreate(ctx,16,CL_MEM_READ_ONLY|CL_MEM_WRITE_ONLY)==INVALID_HANDLE,ERR_INVALID_PARAMETER,
              "CLBufferCreate with two access flags");
   CheckError(CLBufferCreate(prog,16,CL_MEM_READ_WRITE)==INVALID_HANDLE,ERR_OPENCL_INVALID_HANDLE,"CLBufferCreate on a program handle");
   long max_alloc=CLGetInfoInteger(ctx,CL_DEVICE_MAX_MEM_ALLOC_SIZE);
   if(max_alloc>0 && max_alloc<0xFFFFFFFF)
      CheckError(CLBufferCreate(ctx,(uint)max_alloc+1,CL_MEM_READ_WRITE)==INVALID_HANDLE,ERR_NOT_ENOUGH_MEMORY,
                 "CLBufferCreate beyond the device's largest allocation");
   int n=1024;
   int buf=CLBufferCreate(ctx,n*4,CL_MEM_READ_WRITE);
   Check(buf!=INVALID_HANDLE,"CLBufferCreate");
   float x[];
   ArrayResize(x,n);
   ArrayInitialize(x,0);
   Check(CLBufferWrite(buf,x)==(uint)n,"CLBufferWrite of zeros");
   float four[4];
   CheckError(CLBufferWrite(buf,four,0,2,3)==0,ERR_INVALID_PARAMETER,"CLBufferWrite of elements not in the array");
   CheckError(CLBufferWrite(buf,four,n*4-8)==0,ERR_OPENCL_WRONG_BUFFER_SIZE,"CLBufferWrite of bytes past the buffer");
   CheckError(CLBufferWrite(buf,four,n*4+64)==0,ERR_OPENCL_WRONG_BUFFER_OFFSET,"CLBufferWrite from an offset past the buffer");
   CheckError(CLBufferRead(buf,four,n*4+64)==0,ERR_OPENCL_WRONG_BUFFER_OFFSET,"CLBufferRead from an offset past the buffer");
   //--- arguments
   CheckError(!CLSetKernelArg(add,1,7),ERR_OPENCL_SET_KERNEL_PARAMETER,"CLSetKernelArg of an int into a float");
   CheckError(!CLSetKernelArg(add,5,1.0f),ERR_OPENCL_SET_KERNEL_PARAMETER,"CLSetKernelArg of an argument that does not exist");
   CheckError(!CLSetKernelArgMem(add,0,prog),ERR_OPENCL_INVALID_HANDLE,"CLSetKernelArgMem of a program handle");
   CheckError(!CLSetKernelArgMemLocal(add,0,64),ERR_OPENCL_SET_KERNEL_PARAMETER,"CLSetKernelArgMemLocal into a __global pointer");
   CheckError(!CLSetKernelArg(buf,0,1.0f),ERR_OPENCL_INVALID_HANDLE,"CLSetKernelArg on a buffer handle");
   //--- launches
   uint offset[1]={0},global[1],local[1]={7};
   global[0]=n;
   CheckError(!CLExecute(add,1,offset,global),ERR_OPENCL_EXECUTE,"CLExecute with an argument never set");
   Check(CLSetKernelArgMem(add,0,buf) && CLSetKernelArg(add,1,1.0f),"CLSetKernelArgMem, CLSetKernelArg");
   CheckError(!CLExecute(add,1,offset,global,local),ERR_OPENCL_EXECUTE,"CLExecute with a local size that does not divide");
   CheckError(!CLExecute(add,4,offset,global),ERR_INVALID_PARAMETER,"CLExecute over 4 dimensions");
   CheckError(!CLExecute(buf,1,offset,global),ERR_OPENCL_INVALID_HANDLE,"CLExecute of a buffer handle");
   CheckError(CLExecutionStatus(buf)==-1,ERR_OPENCL_INVALID_HANDLE,"CLExecutionStatus of a buffer handle");
   //--- the terminal's own last error beside these: a later built-in failure shows, ResetLastError clears
   CLBufferFree(-3);
   Check(GetLastError()==ERR_OPENCL_INVALID_HANDLE,"CLBufferFree of a bad handle: ERR_OPENCL_INVALID_HANDLE");
   float fixed[3];
   Check(ArrayResize(fixed,10)<0 && GetLastError()==ERR_ARRAY_RESIZE_ERROR,"a built-in failure after it: its own code");
   ResetLastError();
   Check(GetLastError()==0 && _LastError==0,"ResetLastError(): 0");
   SetUserError(7);
   Check(GetLastError()==ERR_USER_ERROR_FIRST+7,"SetUserError(7) after a CL* failure");
   ResetLastError();
   //--- CLExecute queues: its state moves forward only, the read waits, arguments are taken at the call
   Check(CLSetKernelArgMem(spin,0,buf) && CLSetKernelArg(spin,1,20000),"spin's arguments");
   Check(CLExecute(spin,1,offset,global),"CLExecute(spin) queues");
   Check(CLSetKernelArg(add,1,10.0f) && CLExecute(add,1,offset,global),"CLExecute(add, 10)");
   Check(CLSetKernelArg(add,1,100.0f),"the value changed after CLExecute");
   int previous=CL_QUEUED,status=CL_QUEUED;
   bool forward=true;
   for(int i=0; i<60000 && status!=CL_COMPLETE; i++)
     {
      status=CLExecutionStatus(add);
      forward=forward && status>=CL_COMPLETE && status<=previous;
      previous=status;
      if(status!=CL_COMPLETE)
         Sleep(1);
     }
   Check(forward && status==CL_COMPLETE,"CLExecutionStatus goes from queued to CL_COMPLETE, never back");
   float spun=0;
   for(int i=0; i<20000; i++)
      spun=spun*0.999f+0.5f;
   float back[];
   Check(CLBufferRead(buf,back)==(uint)n && back[0]==spun+10.0f && back[n-1]==spun+10.0f,
         "CLBufferRead waits; the launch added the value set before it (10, not 100)");
   Check(GetLastError()==0,"no error after the successful calls");
   //--- this context's third launch fails on the device (the library's test hook)
   int bad=CLContextCreate(InpDevice);
   Check(mqlcl_test_control(bad,MQLCL_TEST_FAIL_LAUNCH,3)==MQLCL_OK,"the test hook takes the context's third launch");
   int bprog=CLProgramCreate(bad,cl_src);
   int badd=CLKernelCreate(bprog,"add");
   int bbuf=CLBufferCreate(bad,n*4,CL_MEM_READ_WRITE);
   Check(CLBufferWrite(bbuf,x)==(uint)n && CLSetKernelArgMem(badd,0,bbuf) && CLSetKernelArg(badd,1,1.0f),"a second context");
   bool queued=true;
   for(int i=0; i<3; i++)
      queued=queued && CLExecute(badd,1,offset,global);
   Check(queued,"three launches queued (CLExecute returns before the device runs them)");
   int st=CL_QUEUED;
   for(int i=0; i<60000 && st>CL_COMPLETE; i++)
     {
      st=CLExecutionStatus(badd);
      if(st>CL_COMPLETE)
         Sleep(1);
     }
   if(st==-1)
     {
      CheckError(true,ERR_OPENCL_EXECUTE,"CLExecutionStatus of the failed launch: -1");
      Check(StringFind(g_mqlcl_cl_message,"kernel \"add\" over 1024")>=0,"its message names the launch");
      Check(CLExecutionStatus(badd)==-1,"it stays failed");
      Check(CLBufferRead(bbuf,back)==(uint)n,"the next read: the failure was returned already");
      Check(CLExecute(badd,1,offset,global) && CLBufferRead(bbuf,back)==(uint)n && CLExecutionStatus(badd)==CL_COMPLETE,
            "the context goes on");
      Print("failed launch: checked");
     }
   else
      Print("failed launch: none (its state: ",st,")");
   CLBufferFree(bbuf);
   CLKernelFree(badd);
   CLProgramFree(bprog);
   CLContextFree(bad);
   CLBufferFree(buf);
   CLKernelFree(add);
   CLKernelFree(spin);
   CLProgramFree(prog);
   CLContextFree(ctx);
   Print("opencl_errors: "+IntegerToString(failures)+" wrong");
  }
//+------------------------------------------------------------------+
