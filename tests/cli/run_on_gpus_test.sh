#!/usr/bin/env bash
# scripts/run-on-gpus.sh with two slots on the one OpenCL device here (PoCL stands in for two GPUs:
# CUDA_VISIBLE_DEVICES does nothing to it). Checks that the tuning spaces ran as separate tasks on
# both slots and that the tuning result replays their gathered caches, that every experiment's
# result reaches the shared results directory, that a failed task fails the run, and that a second
# run keeps every result (rewrites none).
# usage: run_on_gpus_test.sh FILTERLAB SOURCE_DIR WORKDIR
set -u
fl=$1 src=$2 work=$3/run-on-gpus
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
# harris_sobel: with these options its tuning took 20 s with PoCL 3.1 on a pthread-haswell EPYC,
# where sepconv_row's first random configuration compiled for over 10 minutes (LLVM 15's GVN).
run() {
  FILTERLAB=$fl RESULTS=$work/results GPUS=2 CORES_PER_GPU=1 DEVICE=pocl REPS=2 \
    EXPERIMENTS=$2 OPTIONS_tiled="--max-size $1" \
    OPTIONS_tuning='--spaces study4.tiled_k5$,imagecl.harris_sobel$ --full-budget 2 --seeds 3 --cpu-divisor 8 --wide 0' \
    "$src/scripts/run-on-gpus.sh" > "$work/run.log" 2>&1
}
# A task that fails (the tiled study refuses sides below 512) fails the whole run.
run 256 tiled && { cat "$work/run.log"; fail "a failed tiled task left the exit code 0"; }
grep -q "end gpu [01] status 1: experiment tiled" "$work/results/logs/gpus-tasks.txt" ||
  fail "the failed task is not in the task log"

all="tuning sampler tiled roofline"
run 512 "$all" || { cat "$work/run.log"; fail "run-on-gpus failed"; }
r=$work/results
tuning=$(ls "$r"/tuning/*.json 2> /dev/null | head -1)
[ -n "$tuning" ] || fail "no tuning result in $r/tuning"
for e in sampler tiled roofline; do
  ls "$r/$e"/*.json > /dev/null 2>&1 || fail "no $e result gathered into $r/$e"
done
# Both spaces ran as tasks, on the two slots, and the tuning result replayed their caches.
grep -q 'start gpu 0 .*: tuning ' "$r/logs/gpus-tasks.txt" && grep -q 'start gpu 1 .*: tuning ' "$r/logs/gpus-tasks.txt" ||
  { cat "$r/logs/gpus-tasks.txt"; fail "the two tuning spaces did not run on both slots"; }
python3 - "$tuning" << 'EOF' || fail "the tuning result does not replay both spaces"
import json, sys
d = json.load(open(sys.argv[1]))
sub = d["spaces"]["study4.tiled_k5"]
assert sub["evaluated_this_run"] == 0 and sub["configurations"] == 5, sub.get("evaluated_this_run")
runs = d["full_spaces"]["imagecl.harris_sobel"]["runs"]
for s in ("random", "paper", "guided"):
    assert runs[s]["evaluations"] == 2 and runs[s]["evaluated_this_run"] == 0, (s, runs[s])
EOF

# A second run keeps every result: nothing under results/ (the logs and scratch aside) changes. A
# modified tree's results are never kept, so a build of one cannot check this (CI builds a clean clone).
case $("$fl" experiments --commit) in *-dirty)
  echo "run-on-gpus: tasks on both slots, results gathered; the rerun check needs a clean build"; exit 0 ;;
esac
snapshot() { (cd "$r" && find . -path ./.gpus -prune -o -path ./logs -prune -o -name '*.json' -printf '%p %T@\n' | sort); }
before=$(snapshot)
run 512 "$all" || { cat "$work/run.log"; fail "the second run failed"; }
[ "$before" = "$(snapshot)" ] || { diff <(echo "$before") <(snapshot); fail "the second run rewrote results"; }
echo "run-on-gpus: tuning spaces on two slots, results gathered and kept on a rerun"
