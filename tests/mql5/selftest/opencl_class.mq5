//+------------------------------------------------------------------+
//| opencl_class.mq5                                                 |
//| A program written on the standard library's COpenCL, with its    |
//| #include <OpenCL/OpenCL.mqh> changed to mqlcl's: a tiled matrix   |
//| product through __local memory (SetArgumentLocalMemory), float    |
//| and double (SupportDouble), matrices in and out, and a derived    |
//| class that adds buffers by writing m_buffers / m_buffers_total    |
//| itself (as the "Neural networks made easy" series does), and a    |
//| kernel and a buffer through CL* on m_program / m_context. Results |
//| against double references.                                        |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/OpenCL.mqh>

input int InpM=37;             // rows of A
input int InpN=29;             // columns of B
input int InpK=41;             // columns of A

#define TILE 8
const string cl_program=
   "#define TILE 8\r\n"
   "__kernel void tiled(__global const float* a, __global const float* b, __global float* c, int m, int n, int k,\r\n"
   "                    __local float* ta, __local float* tb) {\r\n"
   "  const int lx = get_local_id(0), ly = get_local_id(1);\r\n"
   "  const int col = get_global_id(0), row = get_global_id(1);\r\n"
   "  float s = 0;\r\n"
   "  for (int t = 0; t < k; t += TILE) {\r\n"
   "    ta[ly * TILE + lx] = (row < m && t + lx < k) ? a[row * k + t + lx] : 0;\r\n"
   "    tb[ly * TILE + lx] = (col < n && t + ly < k) ? b[(t + ly) * n + col] : 0;\r\n"
   "    barrier(CLK_LOCAL_MEM_FENCE);\r\n"
   "    for (int q = 0; q < TILE; q++) s += ta[ly * TILE + q] * tb[q * TILE + lx];\r\n"
   "    barrier(CLK_LOCAL_MEM_FENCE);\r\n"
   "  }\r\n"
   "  if (row < m && col < n) c[row * n + col] = s;\r\n"
   "}\r\n"
   "#ifdef cl_khr_fp64\r\n"
   "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\r\n"
   "__kernel void axpy(__global const double* x, __global double* y, double a) {\r\n"
   "  const size_t i = get_global_id(0); y[i] += a * x[i]; }\r\n"
   "#endif\r\n";

//+------------------------------------------------------------------+
//| Buffers added one at a time, as the neural-network series' class |
//| does: a free slot (INVALID_HANDLE) is reused, else m_buffers      |
//| grows by one.                                                     |
//+------------------------------------------------------------------+
class COpenCLMy : public COpenCL
  {
public:
   int               AddBuffer(const uint size_in_bytes,const uint flags)
     {
      int index=-1;
      for(int i=0; i<m_buffers_total && index<0; i++)
         if(m_buffers[i]==INVALID_HANDLE)
            index=i;
      if(index<0)
        {
         if(ArrayResize(m_buffers,m_buffers_total+1)<0)
            return(-1);
         index=m_buffers_total;
         m_buffers_total=ArraySize(m_buffers);
         m_buffers[index]=INVALID_HANDLE;
        }
      return(BufferCreate(index,size_in_bytes,flags) ? index : -1);
     }
   int               BuffersTotal(void) const { return(m_buffers_total); }
   int               BufferHandle(const int index) const { return(m_buffers[index]); }
   //--- a kernel and a buffer made through the CL* functions on m_program and m_context, their
   //--- handles kept in the protected arrays, for the base class to use and free
   int               AddKernel(const string name)
     {
      int index=m_kernels_total;
      if(ArrayResize(m_kernels,index+1)<0 || ArrayResize(m_kernel_names,index+1)<0)
         return(-1);
      m_kernels[index]=CLKernelCreate(m_program,name);
      m_kernel_names[index]=name;
      m_kernels_total=index+1;
      return(m_kernels[index]==INVALID_HANDLE ? -1 : index);
     }
   int               AddRawBuffer(const uint size_in_bytes)
     {
      int index=m_buffers_total;
      if(ArrayResize(m_buffers,index+1)<0)
         return(-1);
      m_buffers[index]=CLBufferCreate(m_context,size_in_bytes,CL_MEM_READ_WRITE);
      m_buffers_total=index+1;
      return(m_buffers[index]==INVALID_HANDLE ? -1 : index);
     }
   int               KernelHandle(const int index) const { return(m_kernels[index]); }
   //--- the FP64 flag as the extension string says it
   bool              Fp64AsExtensions(void) const
     {
      string words[];
      int n=StringSplit(m_device_extensions,' ',words);
      bool listed=false;
      for(int i=0; i<n; i++)
         listed=listed || words[i]=="cl_khr_fp64";
      return(n>0 && listed==m_support_cl_khr_fp64);
     }
  };

int failures=0;
//+------------------------------------------------------------------+
void Check(const bool ok,const string what)
  {
   if(!ok)
      failures++;
   Print((ok ? "OK     " : "WRONG  ")+what+(ok ? "" : " -- "+g_mqlcl_cl_message));
  }
//+------------------------------------------------------------------+
void OnStart()
  {
   COpenCLMy cl;
   if(!cl.Initialize(cl_program,true))
     {
      Check(false,"Initialize");
      return;
     }
   Check(cl.GetContext()!=INVALID_HANDLE && cl.GetProgram()!=INVALID_HANDLE,"Initialize: a context and a program");
   long global_mem=0,local_mem=0,max_wg=0;
   Check(cl.GetGlobalMemorySize(global_mem) && cl.GetLocalMemorySize(local_mem) && cl.GetMaxWorkgroupSize(max_wg) &&
         global_mem>0 && local_mem>0 && max_wg>=TILE*TILE,"device facts: global, local memory, work-group");
   Check(cl.GetDeviceInfo(CL_DEVICE_MAX_COMPUTE_UNITS)==cl.GetDeviceInfoInteger(CL_DEVICE_MAX_COMPUTE_UNITS),
         "GetDeviceInfo = GetDeviceInfoInteger (compute units)");
   Check(cl.SetKernelsCount(2) && cl.KernelCreate(0,"tiled") && cl.GetKernelName(0)=="tiled","KernelCreate");
   Check(cl.GetKernelInfoInteger(0,CL_KERNEL_WORK_GROUP_SIZE)>=TILE*TILE,"the kernel takes TILE x TILE work-items");
   //--- A and B from matrixf, C into a matrixf
   matrixf a,b,c;
   a.Init(InpM,InpK);
   b.Init(InpK,InpN);
   MathSrand(11);
   for(int i=0; i<InpM; i++)
      for(int j=0; j<InpK; j++)
         a[i][j]=(float)(MathRand()/32767.0-0.5);
   for(int i=0; i<InpK; i++)
      for(int j=0; j<InpN; j++)
         b[i][j]=(float)(MathRand()/32767.0-0.5);
   Check(cl.SetBuffersCount(3),"SetBuffersCount(3)");
   Check(cl.BufferFromMatrix(0,a,CL_MEM_READ_ONLY) && cl.BufferFromMatrix(1,b,CL_MEM_READ_ONLY) &&
         cl.BufferCreate(2,(uint)(InpM*InpN*sizeof(float)),CL_MEM_WRITE_ONLY),"BufferFromMatrix A, B; BufferCreate C");
   Check(cl.SetArgumentBuffer(0,0,0) && cl.SetArgumentBuffer(0,1,1) && cl.SetArgumentBuffer(0,2,2) &&
         cl.SetArgument(0,3,InpM) && cl.SetArgument(0,4,InpN) && cl.SetArgument(0,5,InpK) &&
         cl.SetArgumentLocalMemory(0,6,TILE*TILE*sizeof(float)) && cl.SetArgumentLocalMemory(0,7,TILE*TILE*sizeof(float)),
         "SetArgumentBuffer, SetArgument, SetArgumentLocalMemory");
   Check(!cl.SetArgumentLocalMemory(0,6,(int)local_mem+1),"SetArgumentLocalMemory beyond the device: false");
   uint offset[2]={0,0},work[2],local[2]={TILE,TILE};
   work[0]=(uint)((InpN+TILE-1)/TILE*TILE);
   work[1]=(uint)((InpM+TILE-1)/TILE*TILE);
   Check(cl.Execute(0,2,offset,work,local),"Execute with local work sizes");
   int queued=cl.ExecutionStatus(0);
   Check(queued>=CL_COMPLETE && queued<=CL_QUEUED,"ExecutionStatus after Execute: CL_QUEUED .. CL_COMPLETE");
   Check(cl.BufferToMatrix(2,c,InpM,InpN),"BufferToMatrix");
   Check(cl.ExecutionStatus(0)==CL_COMPLETE,"ExecutionStatus after the read: CL_COMPLETE");
   int wrong=0;
   for(int r=0; r<InpM; r++)
      for(int col=0; col<InpN; col++)
        {
         double s=0,scale=0;
         for(int q=0; q<InpK; q++)
           {
            s+=(double)a[r][q]*b[q][col];
            scale+=MathAbs((double)a[r][q]*b[q][col]);
           }
         if(MathAbs(c[r][col]-s)>2.4e-7*InpK*scale+1e-7)
            wrong++;
        }
   Check(wrong==0,"tiled C = A B against a double reference ("+IntegerToString(wrong)+" wrong)");
   //--- vectors in and out of a buffer slot
   vectorf v;
   v.Init(InpN);
   for(int i=0; i<InpN; i++)
      v[i]=(float)i;
   vectorf vout;
   Check(cl.BufferFromVector(2,v,CL_MEM_READ_WRITE) && cl.BufferToVector(2,vout,InpN) && vout.Size()==(ulong)InpN &&
         vout[InpN-1]==(float)(InpN-1),"BufferFromVector / BufferToVector (vectorf)");
   Check(cl.BufferToMatrix(2,c,InpM,InpN) && c[0][3]==3.0f,"the vector wrote the first row of C");
   //--- an array read of row 2 at its byte offset
   float row[];
   ArrayResize(row,InpN);
   Check(cl.BufferRead(2,row,(uint)(2*InpN*sizeof(float)),0,InpN) && row[3]==c[2][3],"BufferRead at a byte offset");
   //--- double, where the device has it; buffers added by the derived class
   if(cl.SupportDouble())
     {
      Check(cl.KernelCreate(1,"axpy"),"KernelCreate(axpy) on a device with cl_khr_fp64");
      double x[],y[];
      ArrayResize(x,64);
      ArrayResize(y,64);
      for(int i=0; i<64; i++)
        {
         x[i]=i/3.0;
         y[i]=1.0/(i+1);
        }
      int bx=cl.AddBuffer(64*sizeof(double),CL_MEM_READ_ONLY);
      int by=cl.AddBuffer(64*sizeof(double),CL_MEM_READ_WRITE);
      Check(bx==3 && by==4 && cl.BuffersTotal()==5,"AddBuffer grows m_buffers: slots 3 and 4 of 5");
      uint off1[1]={0},work1[1]={64};
      Check(cl.BufferWrite(bx,x,0,0,64) && cl.BufferWrite(by,y,0,0,64) && cl.SetArgumentBuffer(1,0,bx) &&
            cl.SetArgumentBuffer(1,1,by) && cl.SetArgument(1,2,0.25) && cl.Execute(1,1,off1,work1) &&
            cl.BufferRead(by,y,0,0,64),"axpy in double");
      int bad=0;
      for(int i=0; i<64; i++)
         if(y[i]!=1.0/(i+1)+0.25*(i/3.0))
            bad++;
      Check(bad==0,"y = y + 0.25 x exactly in double ("+IntegerToString(bad)+" wrong)");
      Check(cl.BufferFree(bx) && cl.AddBuffer(8,CL_MEM_READ_WRITE)==bx,"a freed slot is reused");
     }
   else
      Print("SKIP   double: the device has no cl_khr_fp64");
   //--- the derived class's own kernel and buffer (CL* on m_program / m_context), used through the base
   int kt=cl.AddKernel("tiled");
   int bz=cl.AddRawBuffer(16*sizeof(float));
   int kernel_handle=kt<0 ? INVALID_HANDLE : cl.KernelHandle(kt);
   int buffer_handle=bz<0 ? INVALID_HANDLE : cl.BufferHandle(bz);
   Check(kt>=0 && bz>=0 && cl.GetKernelName(kt)=="tiled" && cl.GetKernel(kt)==kernel_handle &&
         CLHandleType(kernel_handle)==OPENCL_KERNEL && CLHandleType(buffer_handle)==OPENCL_BUFFER,
         "a kernel and a buffer made through CL* on m_program / m_context, kept in m_kernels / m_buffers");
   float z[16],zb[];
   for(int i=0; i<16; i++)
      z[i]=i*0.5f;
   Check(cl.BufferWrite(bz,z,0,0,16) && cl.BufferRead(bz,zb,0,0,16) && ArraySize(zb)==16 && zb[15]==7.5f && zb[1]==0.5f,
         "BufferWrite / BufferRead through the base on the derived class's buffer");
   Check(cl.SetArgumentBuffer(kt,2,bz) && cl.SetArgument(kt,3,InpM),"SetArgumentBuffer / SetArgument on the derived class's kernel");
   Check(cl.Fp64AsExtensions(),"m_support_cl_khr_fp64 as cl_khr_fp64 in m_device_extensions");
   //--- failure paths
   Check(!cl.KernelCreate(kt+5,"tiled"),"KernelCreate past the kernel slots: false");
   Check(!cl.BufferCreate(-1,16,CL_MEM_READ_WRITE),"BufferCreate at slot -1: false");
   Check(!cl.SetArgumentBuffer(0,0,99),"SetArgumentBuffer of a slot that does not exist: false");
   Check(!cl.SetArgument(0,3,1.5),"SetArgument of a double into an int: false");
   float small[2];
   Check(!cl.BufferWrite(0,small,0,0,8),"BufferWrite of more elements than the array holds: false");
   Check(cl.GetKernel(7)==INVALID_HANDLE && cl.GetKernelName(-1)=="","GetKernel / GetKernelName out of range");
   COpenCL broken;
   Check(!broken.Initialize("__kernel void k(__global float* x) { x[0] = undeclared_name; }",false) &&
         broken.GetContext()==INVALID_HANDLE,"a program that does not compile: false, the context freed");
   cl.Shutdown();
   Check(cl.GetContext()==INVALID_HANDLE && cl.GetProgram()==INVALID_HANDLE,"Shutdown");
   Check(CLHandleType(kernel_handle)==OPENCL_INVALID && CLHandleType(buffer_handle)==OPENCL_INVALID,
         "Shutdown freed the derived class's kernel and buffer");
   Print("opencl_class: "+IntegerToString(failures)+" wrong");
  }
//+------------------------------------------------------------------+
