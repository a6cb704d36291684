#!/usr/bin/env bash
# One device call on the GPU host (a development record, not a release): FilterLab's hand-written
# CUDA kernels (experiments/peers/cuda_hand) built with the host's nvcc, self-tested on awkward sizes,
# then timed on the full-size inputs and oracle outputs of `filterlab-peers export`; NVIDIA NPP on
# the same export in the same call. Carries dist/slim.tar.xz: make-bundle.sh of clean commit
# c851b4b's build/src/peers/filterlab-peers with its libraries and the base image (the exporter
# only). Run from the repository root of that commit's tree; everything comes back flat in $OUT.
set -u
b=/tmp/b/filterlab-bundle
[ -x "$b/bin/filterlab-peers" ] || { mkdir -p /tmp/b && tar -xJf dist/slim.tar.xz -C /tmp/b; }
export LD_LIBRARY_PATH="$b/lib"
R=/tmp/r L="$OUT/log.txt"
rm -rf "$R" && mkdir -p "$R"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm,clocks.max.mem --format=csv
  lscpu | grep -E '^(Model name|CPU\(s\))'; git rev-parse HEAD 2>/dev/null; } >> "$L" 2>&1
step() {  # label, command...
  local t0; t0=$(date +%s); local label=$1; shift
  echo "=== $label" >> "$L"
  "$@" >> "$L" 2>&1; echo "=== $label rc=$? $(( $(date +%s) - t0 )) s" | tee -a "$L"
}
[ -d /tmp/inputs ] || step export "$b/bin/filterlab-peers" export --base "$b/data/base_3866x4320.pgm" --out /tmp/inputs
step cuda-hand env PEERS="$b/bin/filterlab-peers" REPS=30 scripts/run-cuda-hand-peers.sh "$R" /tmp/inputs
step npp env REPS=30 scripts/run-npp-peers.sh "$R" /tmp/inputs
cp "$R"/cuda-hand-build/*.txt "$R"/cuda-hand-build/*.log "$OUT/" 2>/dev/null
for f in "$R"/peers_cuda_hand/*.json; do [ -e "$f" ] && cp "$f" "$OUT/peers_cuda_hand-$(basename "$f")"; done
for f in "$R"/peers_npp/*.json; do [ -e "$f" ] && cp "$f" "$OUT/peers_npp-$(basename "$f")"; done
ls -la "$OUT" >> "$L"
