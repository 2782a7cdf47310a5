// Makes sure an OpenCL runtime is there before any cl* call. On Windows the library loads
// OpenCL.dll itself (platform/opencl_loader_win.cpp), so that mqlcl.dll still loads on a
// machine without OpenCL and can say so; elsewhere it links the ICD loader directly.
#pragma once

namespace mqlcl {
// Throws MQLCL_ERR_NO_OPENCL with the reason when no runtime can be loaded.
void require_opencl_runtime();
}  // namespace mqlcl
