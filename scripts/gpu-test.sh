#!/usr/bin/env bash
# The test suite on a GPU's own OpenCL driver, not only on PoCL (docs/reliability.md, "On a GPU"):
# what PoCL accepts, a real driver may refuse. Two halves:
#
#   scripts/gpu-test.sh --build     here (Debian): builds build/native, the tree the device run
#                                   carries (device tool: carry ["build/native"]).
#   scripts/gpu-test.sh [LOG_DIR]   on the GPU machine, in the repository root: registers NVIDIA's
#                                   OpenCL driver (the machine starts with only PoCL registered),
#                                   picks the first GPU among mqlcl's devices ($MQLCL_TEST_DEVICE
#                                   overrides), then runs on it the whole GoogleTest suite and
#                                   every MQL5 script of the harness (compiled there with g++).
#                                   Logs go to LOG_DIR (default $OUT/gpu-test, else /tmp/gpu-test).
#
# Ends with "N passed, M failed": the GoogleTest tests plus the MQL5 checks.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if [ "${1:-}" = "--build" ]; then
  scripts/install-deps.sh && scripts/build.sh
  exit $?
fi

logs=${1:-${OUT:-/tmp}/gpu-test}
mkdir -p "$logs"
bin=build/native
[ -x "$bin/tests/mqlcl_tests" ] || { echo "no $bin/tests/mqlcl_tests: run scripts/gpu-test.sh --build first"; echo "0 passed, 1 failed"; exit 1; }
if [ -w /etc ] && ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd 2>/dev/null; then
  mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
fi
export LD_LIBRARY_PATH="$root/$bin/dll${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The tests' own tuning file: a run never reads or writes the machine's.
export MQLCL_TUNING_FILE="$logs/mqlcl-tuning.txt"
rm -f "$MQLCL_TUNING_FILE"

nvidia-smi --query-gpu=name,driver_version --format=csv >"$logs/nvidia-smi.txt" 2>&1 || true
"$bin/host/mqlcl-host" --library "$bin/dll/libmqlcl.so" devices >"$logs/devices.txt" 2>&1
cat "$logs/devices.txt"
if [ -z "${MQLCL_TEST_DEVICE:-}" ]; then
  MQLCL_TEST_DEVICE=$(sed -n 's/^device \([0-9]*\): .*; GPU)$/\1/p' "$logs/devices.txt" | head -1)
fi
[ -n "$MQLCL_TEST_DEVICE" ] || { echo "no GPU among the OpenCL devices"; echo "0 passed, 1 failed"; exit 1; }
export MQLCL_TEST_DEVICE
echo "test device: $MQLCL_TEST_DEVICE ($(sed -n "s/^device $MQLCL_TEST_DEVICE: //p" "$logs/devices.txt"))"

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

echo
echo "$((g_pass + m_pass)) passed, $((g_fail + m_fail)) failed"
[ $((g_fail + m_fail)) -eq 0 ]
