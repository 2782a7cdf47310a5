#!/usr/bin/env bash
# Installs the Debian packages mqlcl needs (only the missing ones). README.md says why
# each one is there.
set -euo pipefail
packages=(
  cmake ninja-build g++ python3                 # build
  ocl-icd-opencl-dev opencl-clhpp-headers       # OpenCL ICD loader + C++ bindings (CL/opencl.hpp)
  pocl-opencl-icd clinfo                        # OpenCL on the CPU: the device where no GPU is
  libgtest-dev googletest                       # tests (googletest's sources for the MinGW build)
  libcli11-dev libfmt-dev nlohmann-json3-dev    # mqlcl-host: CLI parsing, formatting, JSON
  g++-mingw-w64-x86-64-posix mingw-w64-tools    # mqlcl.dll for MetaTrader 5 (Windows x64)
  wine64                                        # runs the Windows build here (opencl.dll -> PoCL)
  oclgrind                                      # race / memory checker of every kernel
  clang libclang-rt-14-dev                      # libFuzzer and the sanitizer runtimes for the ABI fuzzer
  libclblast-dev                                # the SGEMM peer of the benchmark
  liblapack-dev libopenblas-dev libeigen3-dev   # the MQL5 harness's matrix maths as the terminal's: LAPACK, OpenBLAS products; Eigen for the Windows build
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
