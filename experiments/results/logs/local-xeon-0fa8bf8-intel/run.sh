#!/usr/bin/env bash
# A development record (not a release): the experiment pipeline on Intel's OpenCL CPU runtime on this
# session's 2-core machine, with the binaries of clean commit 0fa8bf8 in build/ (run through
# scripts/run-experiments.sh with the Makefile's environment, so that nothing is rebuilt), into
# results/ beside this script, each experiment's output in logs/. EXPERIMENTS picks some (default:
# the registry's pipeline); bounded by LIMIT seconds; resumable (a rerun keeps every result of this
# commit).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
cd "$repo"
mkdir -p "$here/results" "$here/logs"
{ date -u +"start %FT%TZ EXPERIMENTS=${EXPERIMENTS:-all}"; lscpu | grep -E '^(Model name|CPU\(s\))'; uptime; } >> "$here/logs/times.txt"
t0=$(date +%s)
timeout "${LIMIT:-3300}" env LOG_DIR="$here/logs" FILTERLAB=build/src/filterlab PEERS=build/src/peers/filterlab-peers \
  GPU_PEERS=experiments/peers/gpu_peers.py BASE=build/data/base_3866x4320.pgm Y_PLANE=build/data/epsilon_y_3264x2448.pgm \
  RESULTS="$here/results" DEVICE="Intel(R) OpenCL" REPS=0 QUICK=0 FILTERLAB_CPU_SCALE=4 PYTHON=/usr/bin/python3 \
  EXPERIMENTS="${EXPERIMENTS:-}" scripts/run-experiments.sh >> "$here/logs/run-experiments.txt" 2>&1
echo "run-experiments rc=$? $(( $(date +%s) - t0 )) s" >> "$here/logs/times.txt"
date -u +"end %FT%TZ" >> "$here/logs/times.txt"
