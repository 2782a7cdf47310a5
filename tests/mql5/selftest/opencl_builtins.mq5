//+------------------------------------------------------------------+
//| opencl_builtins.mq5                                              |
//| A program written for the terminal's built-in OpenCL functions,  |
//| with the one line that runs it on mqlcl.dll. Each result is       |
//| checked against a double-precision reference; each failure path  |
//| must give the terminal's failure result and mqlcl's message.      |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/OpenCLBuiltins.mqh>

input int InpDevice=0;         // OpenCL device (mqlcl's numbering)
input int InpM=37;             // rows of A
input int InpN=29;             // columns of B
input int InpK=41;             // columns of A

const string cl_src=
   "__kernel void matmul(__global const float* a, __global const float* b, __global float* c,\r\n"
   "                     const int m, const uint n, const long k, const float alpha) {\r\n"
   "  const int col = get_global_id(0), row = get_global_id(1);\r\n"
   "  if (row >= m || col >= (int)n) return;\r\n"
   "  float s = 0;\r\n"
   "  for (long q = 0; q < k; q++) s += a[row * k + q] * b[q * n + col];\r\n"
   "  c[row * n + col] = alpha * s;\r\n"
   "}\r\n"
   "__kernel void widths(__global long* out, const char a, const uchar b, const short c, const ushort d, const ulong e) {\r\n"
   "  out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = (long)e;\r\n"
   "}\r\n"
   "__kernel void warmup(void) {}\r\n";

const string cl_src_double=
   "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\r\n"
   "__kernel void scale(__global double* x, const double f) { x[get_global_id(0)] *= f; }\r\n";

int failures=0;
//+------------------------------------------------------------------+
void Check(const bool ok,const string what)
  {
   if(!ok)
      failures++;
   Print((ok ? "OK     " : "WRONG  ")+what+(ok ? "" : " -- "+g_mqlcl_cl_message));
  }
//+------------------------------------------------------------------+
//+------------------------------------------------------------------+
//| A zero-terminated byte string as CLGetDeviceInfo returns it.      |
//+------------------------------------------------------------------+
string BytesText(const uchar &bytes[],const uint count)
  {
   ushort chars[];
   ArrayResize(chars,(int)count+1);
   int n=0;
   for(uint i=0; i<count && bytes[i]!=0; i++)
      chars[n++]=bytes[i];
   return(ShortArrayToString(chars,0,n));
  }
//+------------------------------------------------------------------+
//| Whether a space-separated list holds the word (not a prefix).    |
//+------------------------------------------------------------------+
bool HasWord(const string list,const string word)
  {
   string words[];
   int n=StringSplit(list,' ',words);
   for(int i=0; i<n; i++)
      if(words[i]==word)
         return(true);
   return(false);
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   int devices=(int)CLGetInfoInteger(0,CL_DEVICE_COUNT);
   Print("devices: "+IntegerToString(devices));
   //--- the device list before any handle exists, and which kinds of device there are
   string names_before[];
   long types_before[];
   ArrayResize(names_before,devices);
   ArrayResize(types_before,devices);
   bool fp64_gpu=false,has_cpu=false;
   for(int d=0; d<devices; d++)
     {
      string ext;
      CLGetInfoString(d,CL_DEVICE_NAME,names_before[d]);
      types_before[d]=CLGetInfoInteger(d,CL_DEVICE_TYPE);
      CLGetInfoString(d,CL_DEVICE_EXTENSIONS,ext);
      fp64_gpu=fp64_gpu || ((types_before[d] & CL_DEVICE_GPU)!=0 && HasWord(ext,"cl_khr_fp64"));
      has_cpu=has_cpu || (types_before[d] & CL_DEVICE_CPU)!=0;
     }
   //--- CL_USE_GPU_DOUBLE_ONLY: a GPU with cl_khr_fp64, else INVALID_HANDLE and 5114, after which
   //--- programs ask for the CPU (the code stays until ResetLastError, as the terminal's last error)
   ResetLastError();
   int gpu64=CLContextCreate(CL_USE_GPU_DOUBLE_ONLY);
   if(fp64_gpu)
      Check(gpu64!=INVALID_HANDLE && (CLGetInfoInteger(gpu64,CL_DEVICE_TYPE) & CL_DEVICE_GPU)!=0,
            "CLContextCreate(CL_USE_GPU_DOUBLE_ONLY): a GPU with cl_khr_fp64");
   else
     {
      Check(gpu64==INVALID_HANDLE && GetLastError()==ERR_OPENCL_SELECTDEVICE,
            "CLContextCreate(CL_USE_GPU_DOUBLE_ONLY) with no FP64 GPU: INVALID_HANDLE, ERR_OPENCL_SELECTDEVICE");
      int cpu=has_cpu ? CLContextCreate(CL_USE_CPU_ONLY) : INVALID_HANDLE;
      Check(!has_cpu || (cpu!=INVALID_HANDLE && (CLGetInfoInteger(cpu,CL_DEVICE_TYPE) & CL_DEVICE_CPU)!=0 &&
                         GetLastError()==ERR_OPENCL_SELECTDEVICE),
            "then CLContextCreate(CL_USE_CPU_ONLY): a CPU; GetLastError() still the failure's");
      if(cpu!=INVALID_HANDLE)
         CLContextFree(cpu);
     }
   if(gpu64!=INVALID_HANDLE)
      CLContextFree(gpu64);
   ResetLastError();
   int ctx=CLContextCreate(InpDevice);
   Check(ctx!=INVALID_HANDLE,"CLContextCreate("+IntegerToString(InpDevice)+")");
   if(ctx==INVALID_HANDLE)
      return;
   Check(CLHandleType(ctx)==OPENCL_CONTEXT,"CLHandleType of a context");
   string name;
   bool named=CLGetInfoString(ctx,CL_DEVICE_NAME,name);
   Check(named && StringLen(name)>0,"CLGetInfoString(CL_DEVICE_NAME) = "+name);
   //--- the device's strings through the context and through its number; the extensions against
   //--- CLGetDeviceInfo's raw bytes
   string ext_ctx,ext_dev,version,c_version,profile,vendor,driver;
   uchar raw[];
   uint raw_size=0;
   Check(CLGetInfoString(ctx,CL_DEVICE_EXTENSIONS,ext_ctx) && CLGetInfoString(InpDevice,CL_DEVICE_EXTENSIONS,ext_dev) &&
         CLGetDeviceInfo(ctx,CL_DEVICE_EXTENSIONS,raw,raw_size) && StringLen(ext_ctx)>0 && ext_ctx==ext_dev &&
         ext_ctx==BytesText(raw,raw_size),"CLGetInfoString(CL_DEVICE_EXTENSIONS) by context and by device = the raw bytes");
   bool strings_read=CLGetInfoString(ctx,CL_DEVICE_VERSION,version) && CLGetInfoString(ctx,CL_DEVICE_OPENCL_C_VERSION,c_version) &&
                     CLGetInfoString(ctx,CL_DEVICE_PROFILE,profile) && CLGetInfoString(ctx,CL_DEVICE_VENDOR,vendor) &&
                     CLGetInfoString(ctx,CL_DRIVER_VERSION,driver);
   Check(strings_read && StringFind(version,"OpenCL ")==0 && StringFind(c_version,"OpenCL C ")==0 &&
         (profile=="FULL_PROFILE" || profile=="EMBEDDED_PROFILE") && StringLen(vendor)>0 && StringLen(driver)>0,
         "CLGetInfoString of the version, C version, profile, vendor, driver = "+version+" / "+c_version+" / "+profile);
   //--- the platform's strings, by context and by device number: "OpenCL <major>.<minor> ...", a
   //--- version no older than the device's (OpenCL's rule), the same extensions either way
   string pf_name,pf_version,pf_vendor,pf_profile,pf_ext,pf_ext_dev;
   bool pf_read=CLGetInfoString(ctx,CL_PLATFORM_NAME,pf_name) && CLGetInfoString(ctx,CL_PLATFORM_VERSION,pf_version) &&
                CLGetInfoString(InpDevice,CL_PLATFORM_VENDOR,pf_vendor) && CLGetInfoString(ctx,CL_PLATFORM_PROFILE,pf_profile) &&
                CLGetInfoString(ctx,CL_PLATFORM_EXTENSIONS,pf_ext) && CLGetInfoString(InpDevice,CL_PLATFORM_EXTENSIONS,pf_ext_dev);
   Check(pf_read && StringLen(pf_name)>0 && StringFind(pf_version,"OpenCL ")==0 &&
         StringToDouble(StringSubstr(pf_version,7,3))>=StringToDouble(StringSubstr(version,7,3)) && StringLen(pf_vendor)>0 &&
         (pf_profile=="FULL_PROFILE" || pf_profile=="EMBEDDED_PROFILE") && pf_ext==pf_ext_dev,
         "CLGetInfoString of the platform's name, version, vendor, profile, extensions = "+pf_name+" / "+pf_version);
   long global_mem=CLGetInfoInteger(ctx,CL_DEVICE_GLOBAL_MEM_SIZE);
   Check(global_mem>0,"CLGetInfoInteger(CL_DEVICE_GLOBAL_MEM_SIZE) > 0");
   uchar data[];
   uint size=0;
   Check(CLGetDeviceInfo(ctx,CL_DEVICE_MAX_COMPUTE_UNITS,data,size) && size==4 &&
         data[0]+256*data[1]==CLGetInfoInteger(ctx,CL_DEVICE_MAX_COMPUTE_UNITS),"CLGetDeviceInfo(CL_DEVICE_MAX_COMPUTE_UNITS)");
   //--- a program that does not compile: the build log reaches the program
   string log;
   int broken=CLProgramCreate(ctx,"__kernel void k(__global float* x) { x[0] = undeclared_name; }",log);
   Check(broken==INVALID_HANDLE && StringFind(log,"undeclared_name")>=0,"a broken program: INVALID_HANDLE, the log names the error");
   int prog=CLProgramCreate(ctx,cl_src,log);
   Check(prog!=INVALID_HANDLE && CLHandleType(prog)==OPENCL_PROGRAM,"CLProgramCreate (a kernel without arguments too)");
   if(prog==INVALID_HANDLE)
     {
      CLContextFree(ctx);
      return;
     }
   Check(CLKernelCreate(prog,"no_such_kernel")==INVALID_HANDLE,"CLKernelCreate of a missing kernel: INVALID_HANDLE");
   int kernel=CLKernelCreate(prog,"matmul");
   Check(kernel!=INVALID_HANDLE && CLHandleType(kernel)==OPENCL_KERNEL,"CLKernelCreate");
   Check(CLGetInfoInteger(kernel,CL_KERNEL_WORK_GROUP_SIZE)>0,"CLGetInfoInteger(CL_KERNEL_WORK_GROUP_SIZE) > 0");
   //--- C = alpha A B, A and B from arrays at offsets, C into a matrixf
   float a[],b[];
   ArrayResize(a,InpM*InpK+3);
   ArrayResize(b,InpK*InpN);
   MathSrand(7);
   for(int i=0; i<ArraySize(a); i++)
      a[i]=(float)(MathRand()/32767.0-0.5);
   for(int i=0; i<ArraySize(b); i++)
      b[i]=(float)(MathRand()/32767.0-0.5);
   int ba=CLBufferCreate(ctx,(uint)(InpM*InpK*sizeof(float)),CL_MEM_READ_ONLY);
   int bb=CLBufferCreate(ctx,(uint)(InpK*InpN*sizeof(float)+64),CL_MEM_READ_ONLY|CL_MEM_ALLOC_HOST_PTR);
   int bc=CLBufferCreate(ctx,(uint)(InpM*InpN*sizeof(float)),CL_MEM_READ_WRITE);
   Check(ba!=INVALID_HANDLE && bb!=INVALID_HANDLE && bc!=INVALID_HANDLE && CLHandleType(bb)==OPENCL_BUFFER,"CLBufferCreate");
   Check(CLGetInfoInteger(bb,CL_BUFFER_SIZE)==InpK*InpN*4+64,"CLGetInfoInteger(CL_BUFFER_SIZE)");
   //--- A from array element 3 on; B written in two parts, the second at a byte offset
   Check(CLBufferWrite(ba,a,0,3,InpM*InpK)==(uint)(InpM*InpK),"CLBufferWrite(A, data_offset 3)");
   int half=InpK*InpN/2;
   Check(CLBufferWrite(bb,b,0,0,half)==(uint)half && CLBufferWrite(bb,b,half*4,half)==(uint)(InpK*InpN-half),
         "CLBufferWrite(B) in two parts, the second at byte "+IntegerToString(half*4));
   Check(CLSetKernelArgMem(kernel,0,ba) && CLSetKernelArgMem(kernel,1,bb) && CLSetKernelArgMem(kernel,2,bc),"CLSetKernelArgMem");
   // A refused argument is left unset (on a driver without argument info the probe may have
   // touched it): refused first, then set right.
   Check(!CLSetKernelArg(kernel,3,2.0),"CLSetKernelArg of a double into an int: false");
   // an integer of another width whose value fits the declared int is converted (published
   // networks pass a ulong count so); one that does not fit is refused
   ResetLastError();
   bool wide_fits=CLSetKernelArg(kernel,3,(ulong)InpM);
   bool wide_refused=!CLSetKernelArg(kernel,3,(long)5000000000);
   Check(wide_fits && wide_refused && GetLastError()==ERR_OPENCL_SET_KERNEL_PARAMETER,
         "CLSetKernelArg of a ulong that fits an int: converted; of 5000000000: refused (5108)");
   Check(CLSetKernelArg(kernel,3,InpM) && CLSetKernelArg(kernel,4,(uint)InpN) && CLSetKernelArg(kernel,5,(long)InpK) &&
         CLSetKernelArg(kernel,6,0.5f),"CLSetKernelArg int, uint, long, float");
   uint offset[2]={0,0},global[2],local[2]={1,1};
   global[0]=InpN;
   global[1]=InpM;
   Check(CLExecute(kernel,2,offset,global,local),"CLExecute with local sizes");
   int queued=CLExecutionStatus(kernel);
   Check(queued>=CL_COMPLETE && queued<=CL_QUEUED,"CLExecutionStatus after CLExecute: CL_QUEUED .. CL_COMPLETE");
   matrixf c;
   Check(CLBufferRead(bc,0,c,InpM,InpN)!=0 && c.Rows()==(ulong)InpM && c.Cols()==(ulong)InpN,"CLBufferRead into a matrixf of M x N");
   Check(CLExecutionStatus(kernel)==CL_COMPLETE,"CLExecutionStatus after the read: CL_COMPLETE");
   int wrong=0;
   for(int r=0; r<InpM; r++)
      for(int col=0; col<InpN; col++)
        {
         double s=0,scale=0;
         for(int q=0; q<InpK; q++)
           {
            s+=(double)a[3+r*InpK+q]*b[q*InpN+col];
            scale+=MathAbs((double)a[3+r*InpK+q]*b[q*InpN+col]);
           }
         if(MathAbs(c[r][col]-0.5*s)>2.4e-7*InpK*scale+1e-7)
            wrong++;
        }
   Check(wrong==0,"C = 0.5 A B against a double reference ("+IntegerToString(InpM*InpN)+" elements, "+
         IntegerToString(wrong)+" wrong)");
   //--- the same C read into an array from a byte offset
   float row1[];
   Check(CLBufferRead(bc,row1,InpN*4,0,InpN)==(uint)InpN && MathAbs(row1[2]-c[1][2])==0,"CLBufferRead of row 1 at its byte offset");
   //--- a matrixf round trip
   matrixf m2;
   m2.Init(3,4);
   for(int i=0; i<3; i++)
      for(int j=0; j<4; j++)
         m2[i][j]=(float)(i*10+j);
   matrixf back;
   back.Init(1,1);
   Check(CLBufferWrite(bc,8,m2)!=0 && CLBufferRead(bc,8,back,3,4)!=0 && back[2][3]==23.0f && back[1][0]==10.0f,
         "matrixf to the buffer at byte 8 and back");
   //--- vectors: a vectorf to byte 12 and back into a vector of 5 (resized), a double vector
   vectorf vf;
   vf.Init(5);
   for(int i=0; i<5; i++)
      vf[i]=(float)(i+0.5);
   vectorf vback;
   Check(CLBufferWrite(bc,12,vf)!=0 && CLBufferRead(bc,12,vback,5)!=0 && vback.Size()==5 && vback[4]==4.5f && vback[0]==0.5f,
         "vectorf to the buffer at byte 12 and back (resized to 5)");
   vector vd;
   vd.Init(3);
   vd[0]=1.0/3.0;
   vd[1]=-2.0;
   vd[2]=1e300;
   vector vdback;
   vdback.Init(3);
   Check(CLBufferWrite(bc,16,vd)!=0 && CLBufferRead(bc,16,vdback)!=0 && vdback[0]==1.0/3.0 && vdback[2]==1e300,
         "vector (double) at byte 16 and back, its size kept");
   //--- integer arguments of every width
   int kw=CLKernelCreate(prog,"widths");
   int bw=CLBufferCreate(ctx,5*8,CL_MEM_READ_WRITE);
   Check(CLSetKernelArgMem(kw,0,bw) && CLSetKernelArg(kw,1,(char)-5) && CLSetKernelArg(kw,2,(uchar)200) &&
         CLSetKernelArg(kw,3,(short)-300) && CLSetKernelArg(kw,4,(ushort)60000) && CLSetKernelArg(kw,5,(ulong)5000000000),
         "CLSetKernelArg char, uchar, short, ushort, ulong");
   Check(CLExecute(kw),"CLExecute(kernel): one work-item");
   long got[];
   Check(CLBufferRead(bw,got)==5 && got[0]==-5 && got[1]==200 && got[2]==-300 && got[3]==60000 && got[4]==5000000000,
         "the widths arrive whole (WHOLE_ARRAY reads the buffer)");
   //--- a bool is one byte, as the terminal passes it: into a uchar, not into an int
   bool flag=true;
   Check(CLSetKernelArg(kw,2,flag) && CLSetKernelArg(kw,1,false) && !CLSetKernelArg(kernel,3,flag) && CLExecute(kw) &&
         CLBufferRead(bw,got)==5 && got[1]==1 && got[0]==0,"CLSetKernelArg of a bool: one byte (uchar 1, char 0), refused for an int");
   //--- double, where the device has it
   if(CLGetInfoString(ctx,CL_DEVICE_EXTENSIONS,log) && StringFind(log,"cl_khr_fp64")>=0)
     {
      int pd=CLProgramCreate(ctx,cl_src_double);
      int kd=CLKernelCreate(pd,"scale");
      double x[8];
      for(int i=0; i<8; i++)
         x[i]=1.0/3.0+i;
      int bx=CLBufferCreate(ctx,8*8,CL_MEM_READ_WRITE);
      uint one[1]={0},eight[1]={8};
      bool ok=CLBufferWrite(bx,x)==8 && CLSetKernelArgMem(kd,0,bx) && CLSetKernelArg(kd,1,3.0) &&
              CLExecute(kd,1,one,eight) && CLBufferRead(bx,x)==8;
      Check(ok && x[0]==1.0 && x[7]==(1.0/3.0+7)*3.0,"double: x *= 3 exactly");
      CLBufferFree(bx);
      CLKernelFree(kd);
      CLProgramFree(pd);
     }
   //--- failure paths: the terminal's results, mqlcl's message
   float four[4];
   Check(CLBufferWrite(bc,four,0,2,3)==0 && StringFind(g_mqlcl_cl_message,"not in the array of 4")>=0,
         "an array shorter than offset + count: 0");
   Check(CLBufferWrite(bc,four,InpM*InpN*4-8)==0 && StringFind(g_mqlcl_cl_message,"beyond the buffer")>=0,
         "bytes past the buffer: 0");
   Check(CLGetInfoInteger(0,CL_LAST_ERROR)==MQLCL_ERR_RANGE,"CL_LAST_ERROR: MQLCL_ERR_RANGE");
   string text;
   Check(CLGetInfoString(CL_LAST_ERROR,CL_ERROR_DESCRIPTION,text) && StringFind(text,"beyond the buffer")>=0,
         "CL_ERROR_DESCRIPTION of CL_LAST_ERROR: the message");
   Check(CLBufferCreate(ctx,16,CL_MEM_READ_ONLY|CL_MEM_WRITE_ONLY)==INVALID_HANDLE,"CLBufferCreate with two access flags: INVALID_HANDLE");
   uint bad_global[2]={(uint)InpN,(uint)InpM},bad_local[2]={7,1};
   Check(InpN%7==0 || !CLExecute(kernel,2,offset,bad_global,bad_local),"CLExecute with a local size that does not divide: false");
   CLBufferFree(bc);
   Check(CLHandleType(bc)==OPENCL_INVALID,"a freed buffer: OPENCL_INVALID");
   Check(CLBufferWrite(bc,four)==0,"a write to a freed buffer: 0");
   Check(!CLSetKernelArgMem(kernel,2,kernel),"a kernel handle as a buffer: false");
   Check(CLGetInfoInteger(-5,CL_DEVICE_GLOBAL_MEM_SIZE)==-1,"a device that does not exist: -1");
   //--- CLGetInfo* take a handle or a device number: with handles alive, no number a device could
   //--- have is a handle, and each device reads as before any handle existed
   bool no_handle=true,same=true;
   for(int d=0; d<64; d++)
      no_handle=no_handle && CLHandleType(d)==OPENCL_INVALID;
   for(int d=0; d<devices; d++)
     {
      string n;
      same=same && CLGetInfoString(d,CL_DEVICE_NAME,n) && n==names_before[d] && CLGetInfoInteger(d,CL_DEVICE_TYPE)==types_before[d];
     }
   Check(no_handle && same,"with handles alive, 0 .. 63 are no handle; devices 0 .. "+IntegerToString(devices-1)+" read as before");
   CLBufferFree(ba);
   CLBufferFree(bb);
   CLBufferFree(bw);
   CLKernelFree(kernel);
   CLKernelFree(kw);
   CLProgramFree(prog);
   CLContextFree(ctx);
   Check(CLHandleType(ctx)==OPENCL_INVALID,"the context freed");
   Print("opencl_builtins: "+IntegerToString(failures)+" wrong");
  }
//+------------------------------------------------------------------+
