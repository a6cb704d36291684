#!/usr/bin/env bash
# Runs on the GPU host from an unpacked bundle: registers the NVIDIA OpenCL driver if the ICD loader
# does not know it yet, then lists devices, verifies every variant against the oracle, and runs the
# experiments of the registry (bin/filterlab experiments) through run-experiments.sh, the script
# `make experiments` runs: resumable (a result of this commit and kernels is kept, any other run again).
# After the roofline on a CPU device (the Xeon's PoCL) it builds roofline/native/ with the host's g++
# (CXX) and measures the CPU's own ceilings on that device's compute units (roofline_native/).
# Results go to $1 (default ./results).
# Environment: DEVICE (name pattern, default every device), STEPS (default "devices verify run"),
# EXPERIMENTS (only these names; default the registry's pipeline set, the tuner included: it is bounded
# by its time limit and resumes its caches), OPTIONS_<name> (more run options, e.g. OPTIONS_tuning="--wide 1
# --full-budget 50"), REPS (repetitions), JOBS (parallel verify processes, default nproc/2),
# IMAGECL_SAMPLES (configurations per ImageCL kernel for the step "imagecl-check", default 16),
# QUICK=1 (the registry's quick options); the step "bench" runs filterlab-bench (BENCH_SIZES,
# BENCH_BORDERS) into $out/bench<tag>.json; the step "cuda-hand" runs run-cuda-hand-peers.sh (FilterLab's
# hand-written CUDA kernels, peers_cuda_hand/). The peers: bin/filterlab-peers once per selected OpenCL
# device; then, where an NVIDIA device is selected and a python3 with cupy and torch exists,
# peers/gpu_peers.py (CuPy, PyTorch; results in peers_cuda/). PYTHON picks the interpreter.
# Each experiment's output also goes to $out/logs<tag>/<experiment>.txt. GPUS=N (with DEVICE naming
# the GPUs, e.g. nvidia) spreads verify's families and the experiments over the host's first N GPUs
# (run-on-gpus.sh): the tuner's spaces, then the experiments, one task per free GPU.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$PWD/results}
mkdir -p "$out"
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ] && [ -e /usr/lib/libnvidia-opencl.so.1 -o -e /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 ]; then
  if [ -w /etc/OpenCL/vendors ] || [ "$(id -u)" -eq 0 ]; then
    mkdir -p /etc/OpenCL/vendors
    lib=/usr/lib/libnvidia-opencl.so.1
    [ -e "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1
    echo "$lib" > /etc/OpenCL/vendors/nvidia.icd
  fi
fi
fl="$here/bin/filterlab"
device=${DEVICE:-}
steps=${STEPS:-devices verify run}
jobs=${JOBS:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}
tag=${device:+-$(echo "$device" | tr -c 'A-Za-z0-9\n' '_')}
rc=0
case " $steps " in *" devices "*)
  "$fl" devices --device "$device" 2>&1 | tee "$out/devices$tag.txt" ;;
esac
# Resumable: a verify that passed at this commit on these devices is not repeated.
verified="$out/.verified-$("$fl" experiments --commit)$tag"
case " $steps " in *" verify "*)
  if [ -e "$verified" ]; then echo "verify: already passed at this commit ($verified)"; else
  # One process per family in parallel: building hundreds of programs dominates on CPU devices.
  families=$("$fl" variants | sed -n 's/^#   \([a-z._0-9]*\):.*/\1/p')
  mkdir -p "$out/verify-parts$tag"
  # With GPUS, process slot k verifies on GPU k mod GPUS.
  echo "$families" | xargs -P "$jobs" --process-slot-var=SLOT -I{} sh -c "${GPUS:+CUDA_VISIBLE_DEVICES=\$((SLOT % $GPUS))} \"$fl\" verify --device \"$device\" --variants '{}/' > \"$out/verify-parts$tag/{}.txt\" 2>/dev/null"
  cat "$out/verify-parts$tag"/*.txt > "$out/verify$tag.txt"
  rm -rf "$out/verify-parts$tag"
  failed=$(awk '/ passed, / {f += $3} END {print f + 0}' "$out/verify$tag.txt")
  passed=$(awk '/ passed, / {p += $1} END {print p + 0}' "$out/verify$tag.txt")
  finished=$(grep -c ' passed, ' "$out/verify$tag.txt")
  expected=$(echo "$families" | wc -l)
  echo "verify: $passed passed, $failed failed, $finished of $expected families finished (details in $out/verify$tag.txt)"
  if [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && [ "$finished" -eq "$expected" ]; then case $verified in *-dirty*) ;; *) touch "$verified" ;; esac; else rc=1; fi
  fi ;;
esac
case " $steps " in *" imagecl-check "*)
  "$fl" imagecl-check --device "$device" --samples "${IMAGECL_SAMPLES:-16}" 2>&1 | tee "$out/imagecl-check$tag.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1 ;;
esac
runner=run-experiments.sh
[ -n "${GPUS:-}" ] && runner=run-on-gpus.sh
case " $steps " in *" run "*)
  FILTERLAB="$fl" PEERS="$here/bin/filterlab-peers" GPU_PEERS="$here/peers/gpu_peers.py" \
    BASE="$here/data/base_3866x4320.pgm" Y_PLANE="$here/data/epsilon_y_3264x2448.pgm" RESULTS="$out" \
    DEVICE="$device" LOG_DIR="$out/logs$tag" "$here/$runner" || rc=1 ;;
esac
# FilterLab's hand-written CUDA kernels: built with the host's nvcc, self-tested, then timed
# on a fresh export into $out/peers_cuda_hand/ (not in the default steps).
case " $steps " in *" cuda-hand "*)
  "$here/run-cuda-hand-peers.sh" "$out" || rc=1 ;;
esac
# The Google Benchmark suite (filterlab-bench) over every registered variant, one size, JSON out.
case " $steps " in *" bench "*)
  "$here/bin/filterlab-bench" --device "$device" --sizes "${BENCH_SIZES:-1024x1024}" --borders "${BENCH_BORDERS:-reflect101,replicate,-}" \
    --benchmark_min_time=0.1 --benchmark_repetitions="${REPS:-3}" --benchmark_out="$out/bench$tag.json" \
    --benchmark_out_format=json > "$out/bench$tag.txt" 2>&1 || rc=1 ;;
esac
echo "run-bundle exit code $rc"
exit $rc
