#!/usr/bin/env bash
# FilterLab's hand-written CUDA kernels as a peer, on the GPU host from an unpacked bundle
# (run-bundle.sh's step "cuda-hand" calls it) or from the repository: builds peers/cuda_hand/hand_peers.cu
# with the host's nvcc (peers/cuda_hand/build.sh), runs its self-test (every variant on small awkward
# sizes against CPU references; a failure stops here), then runs it on the inputs and oracle outputs of
# `filterlab-peers export`, writing OUTDIR/peers_cuda_hand/<device>.json.
#   run-cuda-hand-peers.sh OUTDIR [INPUTS]
# INPUTS: an existing export; without it the full-size inputs are exported to
# OUTDIR/peers_cuda_hand_inputs and removed afterwards. REPS: repetitions (default 30). PEERS: the
# filterlab-peers binary (default bin/filterlab-peers beside this script, else build/src/peers/ of the
# repository). Without nvcc or an NVIDIA GPU it says so and exits 0 (nothing CUDA can run there).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# The sources: peers/cuda_hand/ in the bundle, experiments/peers/cuda_hand/ in the repository; they
# include ../npp/'s NPP-free headers, which the provenance names too.
src=${CUDA_HAND_SRC:-$here/peers/cuda_hand}
[ -d "$src" ] || src=$here/../experiments/peers/cuda_hand
peers_bin=${PEERS:-$here/bin/filterlab-peers}
[ -x "$peers_bin" ] || peers_bin=$here/../build/src/peers/filterlab-peers
base=$here/data/base_3866x4320.pgm
[ -e "$base" ] || base=$here/../build/data/base_3866x4320.pgm
out=${1:?usage: run-cuda-hand-peers.sh OUTDIR [INPUTS]}
inputs=${2:-}
nvcc=${NVCC:-$(command -v nvcc || true)}
[ -n "$nvcc" ] || [ ! -x /usr/local/cuda/bin/nvcc ] || nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ] || ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "peers_cuda_hand: no nvcc or no NVIDIA GPU here: the hand-written CUDA kernels not run"
  exit 0
fi
mkdir -p "$out/cuda-hand-build"
binary="$out/cuda-hand-build/hand_peers"
if ! NVCC="$nvcc" "$src/build.sh" "$binary" > "$out/cuda-hand-build/build.log" 2>&1; then
  cat "$out/cuda-hand-build/build.log"
  echo "peers_cuda_hand: building peers/cuda_hand/hand_peers.cu failed (log above, also in $out/cuda-hand-build/build.log)"
  exit 1
fi
export LD_LIBRARY_PATH="$(dirname "$(dirname "$nvcc")")/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if ! "$binary" --self-test > "$out/cuda-hand-build/self-test.txt" 2>&1; then
  grep -v '^ok' "$out/cuda-hand-build/self-test.txt"
  echo "peers_cuda_hand: the self-test failed (all of it in $out/cuda-hand-build/self-test.txt): not timed"
  exit 1
fi
tail -1 "$out/cuda-hand-build/self-test.txt"
exported=
if [ -z "$inputs" ]; then  # filterlab-peers needs the bundle's lib/
  export LD_LIBRARY_PATH="$(dirname "$peers_bin")/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  inputs="$out/peers_cuda_hand_inputs"
  "$peers_bin" export --base "$base" --out "$inputs" || exit 1
  exported=1
fi
# The provenance names the code that ran, by repository path: peers/cuda_hand/ and the headers of
# ../npp/ it includes.
sources=()
for f in "$src"/*.cu "$src"/*.cuh "$src"/*.hpp; do
  sources+=(--kernel-source "experiments/peers/cuda_hand/$(basename "$f")=$(sha256sum "$f" | cut -d' ' -f1)")
done
for h in $(sed -n 's|^#include "\.\./npp/\(.*\)"|\1|p' "$src"/*.cu "$src"/*.cuh "$src"/*.hpp | sort -u); do
  sources+=(--kernel-source "experiments/peers/npp/$h=$(sha256sum "$src/../npp/$h" | cut -d' ' -f1)")
done
"$binary" --inputs "$inputs" --results "$out" ${REPS:+--repetitions "$REPS"} "${sources[@]}" \
  --build-options "$(cat "$binary.flags")" \
  --driver "$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
rc=$?
[ -z "$exported" ] || rm -rf "$inputs"
exit $rc
