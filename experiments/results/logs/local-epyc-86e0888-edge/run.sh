#!/usr/bin/env bash
# A development record (not a release): the strip vectorisation and the hand-written yardsticks on this session's CPU devices.
# With the binaries of the clean commit in build/ (checked below), scripts/run-experiments.sh runs the
# tuner on the CPU code paths' sub-spaces only (OPTIONS_tuning: every imagecl.<kernel>:simd and
# :rows, exhaustive; no full-space searches), then Study 6a (imagecl: each kernel's tuned
# configuration and one sampled configuration, --samples 1) and the peers (OpenCV, Halide at its best) on
# each device of DEVICES (patterns separated by ';', default pocl), into results/ beside this script, each experiment's output in
# logs/. Resumable: a rerun keeps every result of this commit. Run from anywhere, nothing else on the
# machine.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
cd "$repo"
commit=86e088899fc683d6a697c6cc4957aef46676379a
[ "$(build/src/filterlab experiments --commit)" = "$commit" ] || { echo "build/ is not clean commit $commit" >&2; exit 1; }
mkdir -p "$here/results" "$here/logs"
IFS=';' read -ra devices <<< "${DEVICES:-pocl}"
for device in "${devices[@]}"; do
  { date -u +"start %FT%TZ device $device"; lscpu | grep -E '^(Model name|CPU\(s\))'; uptime; } >> "$here/logs/times.txt"
  t0=$(date +%s)
  taskset -c 0-$(( $(nproc) - 1 )) env LOG_DIR="$here/logs" FILTERLAB=build/src/filterlab PEERS=build/src/peers/filterlab-peers \
    GPU_PEERS=experiments/peers/gpu_peers.py BASE=build/data/base_3866x4320.pgm Y_PLANE=build/data/epsilon_y_3264x2448.pgm \
    RESULTS="$here/results" DEVICE="$device" REPS=30 QUICK=0 FILTERLAB_CPU_SCALE=4 PYTHON=/usr/bin/python3 \
    OPTIONS_tuning="--spaces :simd,:rows" OPTIONS_imagecl="--samples 1" EXPERIMENTS="tuning imagecl peers" \
    scripts/run-experiments.sh >> "$here/logs/run-experiments.txt" 2>&1
  echo "run-experiments rc=$? $(( $(date +%s) - t0 )) s, end $(date -u +%FT%TZ)" >> "$here/logs/times.txt"
done
