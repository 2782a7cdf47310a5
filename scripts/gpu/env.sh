# shellcheck shell=bash
# Sourced (bash) by every script of scripts/gpu/: what they share on a machine with an NVIDIA
# GPU and its OpenCL driver (libnvidia-opencl.so.1).
#   - sets `root` to the repository root;
#   - registers NVIDIA's OpenCL driver with the ICD loader where it is not registered (such a
#     machine may list only PoCL): in /etc/OpenCL/vendors where that is writable, else in a
#     vendors folder under /tmp holding the registered drivers and NVIDIA's (OCL_ICD_VENDORS);
#   - use_build_tree: points the loader at build/native (scripts/build.sh) and sets `host` to
#     its mqlcl-host and `dev` to mqlcl's best device (the GPU).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd 2>/dev/null; then
  if [ -w /etc ]; then
    mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
  else
    vendors=/tmp/mqlcl-icd-$(id -u)
    mkdir -p "$vendors"
    cp /etc/OpenCL/vendors/*.icd "$vendors/" 2>/dev/null || true
    echo libnvidia-opencl.so.1 >"$vendors/nvidia.icd"
    export OCL_ICD_VENDORS=$vendors
  fi
fi

use_build_tree() {
  export LD_LIBRARY_PATH="$root/build/native/dll:$root/build/native/host${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  host=$root/build/native/host/mqlcl-host
  dev=$(python3 - "$root/build/native/dll/libmqlcl.so" <<'PY'
import ctypes, sys
print(ctypes.CDLL(sys.argv[1]).mqlcl_device_best())
PY
)
}
