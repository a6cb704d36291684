#!/usr/bin/env bash
# Builds the hand-written CUDA peer with the CUDA toolkit of the machine it runs on (no NPP, no
# other library): build.sh OUTPUT_BINARY. NVCC picks the compiler (default: nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), CUDA_ARCH the GPU architecture (default sm_90: H100/H200),
# CUDA_HAND_FLAGS extra nvcc flags (a sweep's -DCUDA_HAND_WARPS=8, say). The flags
# are also written to OUTPUT_BINARY.flags, for the result's provenance (build_options).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTPUT_BINARY}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "build.sh: no nvcc at '$nvcc': set NVCC to the CUDA toolkit's nvcc" >&2; exit 1; }
flags=(-O3 -std=c++17 -arch="${CUDA_ARCH:-sm_90}" -Xcompiler -Wall,-Wextra ${CUDA_HAND_FLAGS:-})
# -Xptxas -v: registers, spills and shared memory of every kernel, in the build log.
"$nvcc" "${flags[@]}" -Xptxas -v -o "$out" "$here/hand_peers.cu"
echo "${flags[*]}" > "$out.flags"
