#!/usr/bin/env bash
# Packs the filterlab binary, the shared libraries a bare machine may lack, the base image, the run
# script and the native roofline probes' source into one directory that runs anywhere with an OpenCL
# ICD loader (see run-bundle.sh).
# Further arguments are more input files for data/ (Study 5's Y plane).
# PEERS=<filterlab-peers binary> adds the peers (OpenCV, Halide AOT pipelines) with their own
# libraries (OpenCV core+imgproc and dependencies, the launch counter), the CUDA peers' script, the
# NPP peer's source with run-npp-peers.sh and the hand-written CUDA peer's with run-cuda-hand-peers.sh.
set -euo pipefail
binary=$1 base=$2 out=$3
shift 3
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/data"
cp "$binary" "$out/bin/"
cp "$base" "$out/data/"
for extra in "$@"; do cp "$extra" "$out/data/"; done
cp scripts/run-bundle.sh scripts/run-experiments.sh scripts/run-on-gpus.sh "$out/"
# The native roofline probes: source only, built with -march=native on the host they measure (run-experiments.sh).
mkdir -p "$out/roofline/native"
cp experiments/roofline/native/native_probes.cpp experiments/roofline/native/build.sh "$out/roofline/native/"
# Everything ldd resolves except the C/C++ runtime and the ICD loader, which must be the host's own
# (a newer libstdc++ is backward compatible; the host's loader knows the host's drivers).
copy_libs() {
  ldd "$1" | awk '/=> \//{print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so*|libm.so*|libdl.so*|librt.so*|libpthread.so*|ld-linux*|libstdc++.so*|libgcc_s.so*|libOpenCL.so*) ;;
      *) cp -L "$lib" "$out/lib/" ;;
    esac
  done
}
copy_libs "$binary"
# filterlab-bench (Google Benchmark suite) when built beside the binary, with libbenchmark.so.1debian, which the GPU host lacks.
bench="$(dirname "$binary")/filterlab-bench"; if [ -x "$bench" ]; then cp "$bench" "$out/bin/"; copy_libs "$bench"; fi
if [ -n "${PEERS:-}" ]; then
  cp "$PEERS" "$out/bin/"
  strip --strip-unneeded "$out/bin/$(basename "$PEERS")"
  copy_libs "$PEERS"
  mkdir -p "$out/peers/npp"
  cp experiments/peers/gpu_peers.py "$out/peers/"
  # NVIDIA NPP as a peer: source only, built on the GPU host with its nvcc (run-npp-peers.sh).
  cp experiments/peers/npp/*.cu experiments/peers/npp/*.hpp experiments/peers/npp/build.sh "$out/peers/npp/"
  cp scripts/run-npp-peers.sh "$out/"
  # FilterLab's hand-written CUDA kernels as a peer: source only (it includes ../npp/'s headers), built
  # on the GPU host with its nvcc (run-cuda-hand-peers.sh, run-bundle.sh's step cuda-hand).
  mkdir -p "$out/peers/cuda_hand"
  cp experiments/peers/cuda_hand/*.cu experiments/peers/cuda_hand/*.cuh experiments/peers/cuda_hand/*.hpp \
    experiments/peers/cuda_hand/build.sh "$out/peers/cuda_hand/"
  cp scripts/run-cuda-hand-peers.sh "$out/"
fi
du -sh "$out"
