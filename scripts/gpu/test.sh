#!/usr/bin/env bash
# The test suite on a GPU's own OpenCL driver, not only on PoCL (docs/reliability.md, "On a GPU"):
# what PoCL accepts, a real driver may refuse. Two halves:
#
#   scripts/gpu/test.sh --build     on a Debian machine: installs what is missing and builds
#                                   build/native (the tree the GPU machine needs; copy it there
#                                   when that machine cannot build).
#   scripts/gpu/test.sh [LOG_DIR]   on a machine with an NVIDIA GPU and its OpenCL driver, with
#                                   build/native: registers NVIDIA's OpenCL driver (where the
#                                   machine lists only PoCL), picks the first GPU among mqlcl's
#                                   devices ($MQLCL_TEST_DEVICE overrides), then runs on it the
#                                   whole GoogleTest suite and every MQL5 script of the harness
#                                   (compiled there with g++). Logs go to LOG_DIR (default
#                                   /tmp/gpu-test).
#
# Ends with "N passed, M failed": the GoogleTest tests plus the MQL5 checks.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

if [ "${1:-}" = "--build" ]; then
  scripts/install-deps.sh && scripts/build.sh
  exit $?
fi
source scripts/gpu/env.sh  # NVIDIA's OpenCL driver registered

logs=${1:-/tmp/gpu-test}
mkdir -p "$logs"
bin=build/native
[ -x "$bin/tests/mqlcl_tests" ] || { echo "no $bin/tests/mqlcl_tests: run scripts/gpu/test.sh --build first"; echo "0 passed, 1 failed"; exit 1; }
export LD_LIBRARY_PATH="$root/$bin/dll${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The tests' own tuning file: a run never reads or writes the machine's.
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"

nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
# mqlcl's devices through the library itself (mqlcl-host needs CLBlast, which that machine lacks).
python3 - "$bin/dll/libmqlcl.so" >"$logs/devices.txt" 2>&1 <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.mqlcl_device_info.restype = ctypes.c_longlong
lib.mqlcl_device_text.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
for d in range(max(0, lib.mqlcl_device_count())):
    buf = ctypes.create_string_buffer(512)
    n = lib.mqlcl_device_text(d, 1, buf, 256)  # MQLCL_TEXT_NAME, UTF-16
    name = buf.raw[:2 * max(0, min(n, 255))].decode("utf-16-le", "replace")
    kind = lib.mqlcl_device_info(d, 1)  # MQLCL_INFO_TYPE: 2 CPU, 4 GPU
    print(f"device {d}: {name} ({'GPU' if kind & 4 else 'CPU' if kind & 2 else 'other'})")
PY
cat "$logs/devices.txt"
if [ -z "${MQLCL_TEST_DEVICE:-}" ]; then
  MQLCL_TEST_DEVICE=$(sed -n 's/^device \([0-9]*\): .*(GPU)$/\1/p' "$logs/devices.txt" | head -1)
fi
[ -n "$MQLCL_TEST_DEVICE" ] || { echo "no GPU among the OpenCL devices"; echo "0 passed, 1 failed"; exit 1; }
export MQLCL_TEST_DEVICE
echo "test device: $(sed -n "s/^device $MQLCL_TEST_DEVICE: /$MQLCL_TEST_DEVICE: /p" "$logs/devices.txt")"

# 1. GoogleTest, every test, on the selected device (test binaries run from their folder as in ctest).
(cd "$bin/tests" && ./mqlcl_tests --gtest_brief=1 --gtest_output="xml:$logs/gtest.xml") >"$logs/gtest.log" 2>&1
gtest_rc=$?
grep -E "^\[  (FAILED|PASSED|SKIPPED) \]|^\[==========\]" "$logs/gtest.log" | sort | uniq -c | sort -rn | head -40
read -r g_pass g_fail g_skip < <(python3 - "$logs/gtest.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except Exception:
    print(0, 1, 0); raise SystemExit
tests = failures = skipped = 0
for case in root.iter("testcase"):
    tests += 1
    if case.find("failure") is not None: failures += 1
    elif case.find("skipped") is not None or case.get("result") == "skipped": skipped += 1
print(tests - failures - skipped, failures, skipped)
EOF
)
[ "$gtest_rc" -ne 0 ] && [ "$g_fail" -eq 0 ] && g_fail=1  # a crash before the XML was written
echo "GoogleTest on device $MQLCL_TEST_DEVICE: $g_pass passed, $g_fail failed, $g_skip skipped (rc $gtest_rc)"

# 2. The MQL5 scripts, natively, on the same device (InpDevice from MQLCL_TEST_DEVICE).
python3 tests/mql5/run_scripts.py . --native "$bin" --work "$logs/mql5" >"$logs/mql5.log" 2>&1
grep -E "^\[(FAIL|SKIP)\]" "$logs/mql5.log" | head -40
summary=$(grep -E "^mql5 scripts: [0-9]+ passed, [0-9]+ failed$" "$logs/mql5.log" | tail -1)
m_pass=$(echo "$summary" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
m_fail=$(echo "$summary" | sed -n 's/.* \([0-9]*\) failed$/\1/p')
[ -n "$m_pass" ] || { m_pass=0; m_fail=1; echo "the MQL5 run printed no summary: $(tail -3 "$logs/mql5.log")"; }
echo "MQL5 scripts on device $MQLCL_TEST_DEVICE: $m_pass passed, $m_fail failed"

# 3. The bandwidth peak at the documented limit (the smaller of the largest allocation and half
#    the device memory, in MB): on a GPU of tens of GiB its buffers hold more than 2^32 floats,
#    and one MB more is refused.
python3 - "$bin/dll/libmqlcl.so" "$MQLCL_TEST_DEVICE" >"$logs/peak-limit.txt" 2>&1 <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
dev = int(sys.argv[2])
lib.mqlcl_device_info.restype = ctypes.c_longlong
lib.mqlcl_measure_peak.restype = ctypes.c_double
lib.mqlcl_last_error.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
max_alloc, global_mem = lib.mqlcl_device_info(dev, 12), lib.mqlcl_device_info(dev, 11)  # MQLCL_INFO_MAX_MEM_ALLOC_SIZE, _GLOBAL_MEM_SIZE
limit_mb = min(max_alloc, global_mem // 2) >> 20
ctx = lib.mqlcl_create(dev)
ok = ctx > 0
for mb, want_ok in ((limit_mb, True), (limit_mb + 1, False)):
    gbs = lib.mqlcl_measure_peak(ctx, 1, mb)  # MQLCL_PEAK_BANDWIDTH
    buf = ctypes.create_string_buffer(4096)
    lib.mqlcl_last_error(ctx, buf, 2048)
    msg = buf.raw.decode("utf-16-le", "replace").split("\0")[0]
    good = (gbs > 0) if want_ok else (gbs == -12)  # MQLCL_ERR_MEMORY
    ok = ok and good
    print(f"peak bandwidth at {mb} MB ({mb * 2**20 // 4} floats per buffer): {gbs:.1f}{' GB/s' if gbs > 0 else ' ' + msg} -> {'ok' if good else 'WRONG'}")
lib.mqlcl_free(ctx)
print("peak at the limit: 1 passed, 0 failed" if ok else "peak at the limit: 0 passed, 1 failed")
PY
cat "$logs/peak-limit.txt"
if grep -q "1 passed, 0 failed" "$logs/peak-limit.txt"; then p_pass=1 p_fail=0; else p_pass=0 p_fail=1; fi

echo
echo "$((g_pass + m_pass + p_pass)) passed, $((g_fail + m_fail + p_fail)) failed"
[ $((g_fail + m_fail + p_fail)) -eq 0 ]
