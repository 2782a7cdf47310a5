set -uo pipefail
logs=$OUT/ozaki2; mkdir -p $logs
root=$PWD; source scripts/gpu-env.sh
export MQLCL_TUNING_FILE=$logs/mqlcl-tuning.txt
MQLCL_TEST_DEVICE=$dev timeout 200 build/native/tests/mqlcl_tests --gtest_brief=1 --gtest_filter='Ozaki*:Plan*:HalfStages*' > $logs/gtest.log 2>&1
echo "gtest rc=$?"; tail -3 $logs/gtest.log; grep "\[ozaki\]" $logs/gtest.log
python3 host/peers/cublas_emulation_peer.py 4096,8192 > $logs/cublas-emulation.log 2>&1; cat $logs/cublas-emulation.log
for k in 0 42; do timeout 120 build/native/mql5-scripts/native/gemm_matrix --InpDevice=$dev --InpM=4096 --InpN=4096 --InpK=4096 --InpRepeats=3 --InpPrecision=3 --InpFp64Kernel=$k > $logs/gemm_matrix-$k.log 2>&1; echo "gemm_matrix $k rc=$?"; cat $logs/gemm_matrix-$k.log; done
$host --device $dev tune --what sgemm_ozaki_int8 --size 4096 --reps 3 --seconds 30 > $logs/tune35.log 2>&1; grep -E "best|OK" $logs/tune35.log | tail -4
$host --device $dev tune --what dgemm_ozaki_int8 --size 4096 --reps 3 --seconds 30 > $logs/tune42.log 2>&1; grep -E "best" $logs/tune42.log
$host --device $dev tune --what planner --reps 3 > $logs/tune-planner.log 2>&1; tail -12 $logs/tune-planner.log
$host --device $dev plan-check --sizes 1024,2048,4096,8192 --precision all --reps 3 > $logs/plan-check.log 2>&1; cat $logs/plan-check.log
