#!/usr/bin/env bash
# NVIDIA NPP as a peer, on the GPU host from an unpacked bundle (run-bundle.sh's peers step calls it):
# builds peers/npp/npp_peers.cu with the host's nvcc (peers/npp/build.sh) and runs it on the inputs and
# oracle outputs of `filterlab-peers export`, writing OUTDIR/peers_npp/<device>.json.
#   run-npp-peers.sh OUTDIR [INPUTS]
# INPUTS: an existing export (run-bundle.sh passes the one it made for the CUDA peers); without it the
# full-size inputs are exported to OUTDIR/peers_npp_inputs and removed afterwards. REPS: repetitions.
# Without nvcc or an NVIDIA GPU it says so and exits 0 (NPP cannot run there).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# The sources: peers/npp/ in the bundle, experiments/peers/npp/ in the repository.
npp_src=${NPP_SRC:-$here/peers/npp}
[ -d "$npp_src" ] || npp_src=$here/../experiments/peers/npp
peers_bin=${PEERS:-$here/bin/filterlab-peers}
out=${1:?usage: run-npp-peers.sh OUTDIR [INPUTS]}
inputs=${2:-}
nvcc=${NVCC:-$(command -v nvcc || true)}
[ -n "$nvcc" ] || [ ! -x /usr/local/cuda/bin/nvcc ] || nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ] || ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "peers_npp: no nvcc or no NVIDIA GPU here: NPP not run"
  exit 0
fi
mkdir -p "$out/npp-build"
binary="$out/npp-build/npp_peers"
if ! NVCC="$nvcc" "$npp_src/build.sh" "$binary" > "$out/npp-build/build.log" 2>&1; then
  cat "$out/npp-build/build.log"
  echo "peers_npp: building peers/npp/npp_peers.cu failed (log above, also in $out/npp-build/build.log)"
  exit 1
fi
exported=
if [ -z "$inputs" ]; then  # filterlab-peers needs the bundle's lib/
  export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  inputs="$out/peers_npp_inputs"
  "$peers_bin" export --base "$here/data/base_3866x4320.pgm" --out "$inputs" || exit 1
  exported=1
fi
# npp_peers links the CUDA toolkit's libraries (NPP, cudart) from the nvcc it was built with.
export LD_LIBRARY_PATH="$(dirname "$(dirname "$nvcc")")/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The provenance names the code that drove NPP: every source file of peers/npp/, by its repository path.
sources=()
for f in "$npp_src"/*.cu "$npp_src"/*.hpp; do
  sources+=(--kernel-source "experiments/peers/npp/$(basename "$f")=$(sha256sum "$f" | cut -d' ' -f1)")
done
"$binary" --inputs "$inputs" --results "$out" ${REPS:+--repetitions "$REPS"} "${sources[@]}" \
  --driver "$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
rc=$?
[ -z "$exported" ] || rm -rf "$inputs"
exit $rc
