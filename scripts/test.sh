#!/usr/bin/env bash
# Every test: installs what is missing, builds Linux and Windows (the sanitizer trees meanwhile, in
# the background), then runs
#  1. the GoogleTest suite on the ABI, natively (PoCL);
#  2. the same suite cross-compiled, under Wine (Wine's opencl.dll -> PoCL);
#  3. the library's parts include only downward (tests/checks/check_includes.py), every
#     repository path cited in comments and docs exists (tests/checks/check_paths.py), every
#     environment variable the library reads is in docs/ABI.md's table (check_env.py),
#     docs/ARCHITECTURE.md fits a screen and draws dll/src's parts (check_architecture.py), the
#     results index is the one tests/checks/results_index.py makes of docs/results, and the
#     export/import tables of libmqlcl.so and mqlcl.dll against mqlcl.h;
#  4. Wine parity (same products as native) and the no-OpenCL case;
#  5. every kernel under oclgrind (races, memory, uninitialised values);
#  6. the MQL5 side against the header (textual); the MQL5 reference's every name supported or
#     refused as docs/mql5-reference.md says (tests/mql5/reference.py);
#  7. every MQL5 script translated to C++ (tests/mql5), compiled against libmqlcl.so and mqlcl.dll,
#     run natively and under Wine with its log checked, and the harness's mutation test;
#  8. the seed article's complete programs cut out of ../shared/seeds/003_*.txt, given the one
#     include line of the CL* layer and small sizes, run natively and under Wine;
#  9. the release package (scripts/package.sh) unpacked: its sums, layout and DLL checked, and
#     its scripts, includes and mqlcl.dll compiled and run under Wine (a subset of the scripts);
# 10. reliability: the suite under ASan+UBSan and TSan, the ABI fuzzer, leak cycles, threads,
#     no OpenCL at all (short forms; tests/checks/run_reliability.py --long for the deep runs).
# Ends with "N passed, M failed" and a non-zero exit when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build_start=$SECONDS
scripts/build.sh --mingw || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

echo "=== build: $((SECONDS - build_start)) s"

export WINEDEBUG=-all
# Tuning on first use searches tiles by the clock: off for every suite (its own tests turn it on).
export MQLCL_TUNE=off
WINEPREFIX=$(mktemp -d /tmp/mqlcl-wine.XXXXXX)
export WINEPREFIX
# The sanitizer trees build in the background at the lowest priority while the suites before
# the reliability step (the first to need them) run: those leave a core idle part of the time
# (programs under Wine, processes and servers waited on), and the build takes what they leave.
# In a session of its own (its whole process group ended on exit), which Linux schedules as a
# group of its own with the session's nice value: that is set too, else the group takes half the
# processor whatever its processes' nice.
sanitizer_log=$(mktemp /tmp/mqlcl-sanitizer-build.XXXXXX)
setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 scripts/build.sh --sanitizers-only' \
  >"$sanitizer_log" 2>&1 &
sanitizer_build=$!
trap 'kill -- -"$sanitizer_build" 2>/dev/null; wineserver -k >/dev/null 2>&1; rm -rf "$WINEPREFIX" "$sanitizer_log"' EXIT
# One wineserver for every suite, and the prefix's services started before any check reads a
# program's output: else each program run under Wine starts them anew and they hold its output
# open until they exit (about 3 s a run, where the program itself takes 0.5 s).
wineserver -p </dev/null >/dev/null 2>&1
wine wineboot </dev/null >/dev/null 2>&1

passed=0
failed=0
step() {  # step NAME COMMAND...: runs one suite, counts it
  local name=$1 start=$SECONDS
  shift
  echo
  echo "=== $name"
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: ok ($((SECONDS - start)) s)"
  else
    failed=$((failed + 1))
    echo "=== $name: FAILED ($((SECONDS - start)) s)"
  fi
}

step "GoogleTest, native" ctest --test-dir build/native --output-on-failure -j 2
wine_suite() {  # the Windows build's suite in two halves at once (GoogleTest's sharding): both cores busy
  local dir rc=0 pids=()
  dir=$(mktemp -d /tmp/mqlcl-wine-suite.XXXXXX)
  for i in 0 1; do
    GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$i wine build/mingw/tests/mqlcl_tests.exe --gtest_brief=1 \
      >"$dir/$i.log" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
  for i in 0 1; do
    echo "--- half $((i + 1)) of 2"
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  return $rc
}
step "GoogleTest, Windows build under Wine" wine_suite
step "library parts include only downward, no include cycle" python3 tests/checks/check_includes.py .
step "cited paths exist" python3 tests/checks/check_paths.py .
step "environment variables: docs/ABI.md's table equals the reads" python3 tests/checks/check_env.py .
step "docs/ARCHITECTURE.md fits a screen and draws dll/src's parts at their ranks" python3 tests/checks/check_architecture.py .
step "results index current" python3 tests/checks/results_index.py . --check
step "export and import tables" python3 tests/checks/check_exports.py . --so build/native/dll/libmqlcl.so \
  --dll build/mingw/dll/mqlcl.dll
step "Wine parity and missing OpenCL" python3 tests/checks/check_wine.py build/native build/mingw
step "oclgrind: races, memory, uninitialised values" python3 tests/checks/run_oclgrind.py build/native .
step "MQL5 side against the ABI" python3 tests/checks/check_mql5.py . build/native
step "the MQL5 reference covered: docs/mql5-reference.md as the harness does" python3 tests/mql5/reference.py . \
  --native build/native --check
step "MQL5 scripts compiled and run (native, Wine), mutation test" python3 tests/mql5/run_scripts.py . \
  --native build/native --mingw build/mingw --mutations
step "the seed article's own programs, cut from its text, on mqlcl.dll (native, Wine)" \
  python3 tests/mql5/article_listings.py . --native build/native --mingw build/mingw
step "release package unpacked and run under Wine" python3 tests/checks/check_package.py . --mingw build/mingw \
  --native build/native
reliability() {  # waits for the sanitizer trees, then runs their checks
  local start=$SECONDS rc=0
  wait "$sanitizer_build" || rc=$?
  echo "--- the sanitizer trees, built in the background (waited $((SECONDS - start)) s here):"
  grep -E '^build (asan|tsan|fuzz):' "$sanitizer_log"
  if [ "$rc" -ne 0 ]; then
    tail -n 60 "$sanitizer_log"
    echo "building the sanitizer trees failed"
    return 1
  fi
  python3 tests/checks/run_reliability.py .
}
step "reliability: sanitizers, fuzzer, leaks, threads, faults" reliability

echo
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
