#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>
using clk=std::chrono::steady_clock;
static double us(clk::time_point a){return std::chrono::duration<double,std::micro>(clk::now()-a).count();}
int main(){ cl_platform_id pls[8]; cl_uint np=0; clGetPlatformIDs(8,pls,&np); cl_platform_id pl=pls[0]; for(cl_uint i=0;i<np;i++){char n[128]; clGetPlatformInfo(pls[i],CL_PLATFORM_NAME,128,n,0); if(strstr(n,"NVIDIA")) pl=pls[i];}
 cl_device_id d; clGetDeviceIDs(pl,CL_DEVICE_TYPE_ALL,1,&d,0); cl_context cx=clCreateContext(0,1,&d,0,0,0);
 cl_command_queue qp=clCreateCommandQueue(cx,d,CL_QUEUE_PROFILING_ENABLE,0), qn=clCreateCommandQueue(cx,d,0,0);
 cl_mem b=clCreateBuffer(cx,CL_MEM_READ_WRITE,4096,0,0); std::vector<float> out(1024);
 const char* src="__kernel void inc(__global float* x){x[get_global_id(0)]+=1.0f;}";
 cl_program rp=clCreateProgramWithSource(cx,1,&src,0,0); clBuildProgram(rp,1,&d,"",0,0); cl_kernel k=clCreateKernel(rp,"inc",0); clSetKernelArg(k,0,sizeof b,&b); size_t gs=1024;
 for(int rep=0;rep<4;rep++) for(int p=0;p<2;p++){ cl_command_queue q=p?qp:qn;
  auto t=clk::now(); for(int i=0;i<1000;i++) clEnqueueReadBuffer(q,b,CL_TRUE,0,4096,out.data(),0,0,0); double r=us(t)/1000;
  t=clk::now(); for(int i=0;i<1000;i++) clEnqueueWriteBuffer(q,b,CL_TRUE,0,4096,out.data(),0,0,0); double w=us(t)/1000;
  t=clk::now(); for(int i=0;i<1000;i++){ clEnqueueNDRangeKernel(q,k,1,0,&gs,0,0,0,0); clEnqueueReadBuffer(q,b,CL_TRUE,0,4096,out.data(),0,0,0);} double kr=us(t)/1000;
  printf("%s read %.2f write %.2f launch+read %.2f\n",p?"profiling":"plain    ",r,w,kr); }
}
