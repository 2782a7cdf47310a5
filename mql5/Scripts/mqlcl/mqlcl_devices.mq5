//+------------------------------------------------------------------+
//| mqlcl_devices.mq5                                                |
//| The OpenCL devices mqlcl.dll sees, with the facts the article    |
//| read off GPU Caps Viewer (its Fig. 18). Twin: mqlcl-host devices |
//+------------------------------------------------------------------+
#property copyright "mqlcl developers"
#property version   "1.00"

#include <mqlcl/mqlcl.mqh>
//+------------------------------------------------------------------+
void OnStart()
  {
   int n=mqlcl_device_count();
   if(n<0)
     {
      Print("mqlcl_device_count failed ("+IntegerToString(n)+"): "+MqlclErrorText(0));
      return;
     }
   Print("mqlcl "+IntegerToString(mqlcl_version())+", "+IntegerToString(n)+" OpenCL device(s)");
   for(int d=0; d<n; d++)
     {
      Print("device "+IntegerToString(d)+": "+MqlclDeviceText(d,MQLCL_TEXT_NAME)+" ("+MqlclDeviceText(d,MQLCL_TEXT_PLATFORM)+")");
      Print("  CL_DEVICE_MAX_COMPUTE_UNITS: "+IntegerToString(mqlcl_device_info(d,MQLCL_INFO_COMPUTE_UNITS))+
            "; CL_DEVICE_MAX_WORK_GROUP_SIZE: "+IntegerToString(mqlcl_device_info(d,MQLCL_INFO_MAX_WORK_GROUP_SIZE)));
      Print("  CL_DEVICE_LOCAL_MEM_SIZE: "+IntegerToString(mqlcl_device_info(d,MQLCL_INFO_LOCAL_MEM_SIZE))+
            "; CL_DEVICE_LOCAL_MEM_TYPE: "+(mqlcl_device_info(d,MQLCL_INFO_LOCAL_MEM_TYPE)==1 ? "Local" : "Global"));
      Print("  CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: "+IntegerToString(mqlcl_device_info(d,MQLCL_INFO_PREFERRED_VECTOR_WIDTH_FLOAT))+
            "; CL_DEVICE_IMAGE_SUPPORT: "+IntegerToString(mqlcl_device_info(d,MQLCL_INFO_IMAGE_SUPPORT)));
     }
  }
//+------------------------------------------------------------------+
