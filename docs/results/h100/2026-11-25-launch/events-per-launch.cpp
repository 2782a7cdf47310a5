#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cstring>
using clk=std::chrono::steady_clock;
static double us(clk::time_point a){return std::chrono::duration<double,std::micro>(clk::now()-a).count();}
int main(int argc,char**argv){ int N=argc>1?atoi(argv[1]):1000; int prof=argc>2?atoi(argv[2]):0; int ev=argc>3?atoi(argv[3]):0;
 const char* src="__kernel void inc(__global float* x){x[get_global_id(0)]+=1.0f;}";
 cl_platform_id pls[8]; cl_uint np=0; clGetPlatformIDs(8,pls,&np); cl_platform_id pl=pls[0]; for(cl_uint i=0;i<np;i++){char n[128]; clGetPlatformInfo(pls[i],CL_PLATFORM_NAME,128,n,0); if(strstr(n,"NVIDIA")) pl=pls[i];} cl_device_id d; clGetDeviceIDs(pl,CL_DEVICE_TYPE_ALL,1,&d,0);
 char name[256]; clGetDeviceInfo(d,CL_DEVICE_NAME,256,name,0);
 cl_context cx=clCreateContext(0,1,&d,0,0,0); cl_command_queue q=clCreateCommandQueue(cx,d,prof?CL_QUEUE_PROFILING_ENABLE:0,0);
 cl_program rp=clCreateProgramWithSource(cx,1,&src,0,0); clBuildProgram(rp,1,&d,"",0,0); cl_kernel rk=clCreateKernel(rp,"inc",0);
 cl_mem rb=clCreateBuffer(cx,CL_MEM_READ_WRITE,4096,0,0); clSetKernelArg(rk,0,sizeof rb,&rb); size_t gs=1024; std::vector<float> out(1024);
 for(int rep=0;rep<5;rep++){
  auto t=clk::now(); for(int i=0;i<N;i++){ cl_event e; clEnqueueNDRangeKernel(q,rk,1,0,&gs,0,0,0,ev?&e:0); if(ev) clReleaseEvent(e);} clEnqueueReadBuffer(q,rb,CL_TRUE,0,4096,out.data(),0,0,0); double r=us(t)/N;
  t=clk::now(); for(int i=0;i<N;i++){ clEnqueueNDRangeKernel(q,rk,1,0,&gs,0,0,0,0); clFinish(q);} clEnqueueReadBuffer(q,rb,CL_TRUE,0,4096,out.data(),0,0,0); double rw=us(t)/N;
  t=clk::now(); for(int i=0;i<N;i++){ cl_event e; clEnqueueNDRangeKernel(q,rk,1,0,&gs,0,0,0,&e); clFinish(q); clReleaseEvent(e);} double ref=us(t)/N;
  t=clk::now(); for(int i=0;i<N;i++){ cl_event e; clEnqueueNDRangeKernel(q,rk,1,0,&gs,0,0,0,&e); clWaitForEvents(1,&e); clReleaseEvent(e);} double rew=us(t)/N;
  t=clk::now(); for(int i=0;i<N;i++){ cl_event e; clEnqueueNDRangeKernel(q,rk,1,0,&gs,0,0,0,0); clEnqueueMarkerWithWaitList(q,0,0,&e); clWaitForEvents(1,&e); clReleaseEvent(e);} double rmw=us(t)/N;
  printf("%s prof=%d ev=%d N=%d raw enqueue %.2f  raw wait %.2f  ev+finish %.2f ev+waitev %.2f marker+wait %.2f\n",name,prof,ev,N,r,rw,ref,rew,rmw);
 }}
