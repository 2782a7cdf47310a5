set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=$PWD/build/native/dll:$PWD/build/native/host
export MQLCL_TUNING_FILE=${1:-/tmp}/profile-timing-tuning.txt
for i in 1 2 3; do rm -f $MQLCL_TUNING_FILE; /usr/bin/time -f "process %e s" build/native/host/mqlcl-host profile 2>&1 | grep -E "measured in|context and profile|process"; done
build/native/host/mqlcl-host profile 2>&1 | grep -E "read from|context and profile"
dev=$(python3 -c "import ctypes;print(ctypes.CDLL('build/native/dll/libmqlcl.so').mqlcl_device_best())")
MQLCL_TEST_DEVICE=$dev build/native/tests/mqlcl_tests --gtest_brief=1 --gtest_filter='Plan*:PlanFile*:Tunables*:Tensor*:Dgemm*:Sgemm*:Tuning*:Gemm*:Transfer*:Errors*' 2>&1 | tail -6
