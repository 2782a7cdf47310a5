# Sourced by the GPU benchmark scripts (device tool, carry ["build/native"]): registers
# NVIDIA's OpenCL driver with the ICD loader where it is not, points the loader at the
# carried build, and sets `dev` to mqlcl's best device (the GPU) and `host` to mqlcl-host.
if [ -w /etc ] && ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd 2>/dev/null; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
fi
export LD_LIBRARY_PATH="$root/build/native/dll:$root/build/native/host${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
host=build/native/host/mqlcl-host
dev=$(python3 - build/native/dll/libmqlcl.so <<'PY'
import ctypes, sys
print(ctypes.CDLL(sys.argv[1]).mqlcl_device_best())
PY
)
