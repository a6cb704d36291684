#!/usr/bin/env bash
# Builds the NPP peer with the CUDA toolkit of the machine it runs on (the GPU host; nothing of NPP is
# needed elsewhere): build.sh OUTPUT_BINARY. NVCC picks the compiler (default: nvcc on PATH, else
# /usr/local/cuda/bin/nvcc), CUDA_ARCH the GPU architecture (default sm_90: H100/H200).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTPUT_BINARY}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "build.sh: no nvcc at '$nvcc': set NVCC to the CUDA toolkit's nvcc" >&2; exit 1; }
# nppif: filters; nppig: mirror; nppidei: copy and border copies; nppial: arithmetic; nppisu: malloc; nppc: core.
"$nvcc" -O2 -std=c++17 -arch="${CUDA_ARCH:-sm_90}" -Xcompiler -Wall -o "$out" "$here/npp_peers.cu" \
  -lnppif -lnppig -lnppidei -lnppial -lnppisu -lnppc
