#!/usr/bin/env bash
# Runs on the GPU host from an unpacked bundle: registers the NVIDIA OpenCL driver if the ICD loader
# does not know it yet, then lists devices, verifies every variant against the oracle, and runs the
# experiments. Results go to $1 (default ./results).
# Environment: DEVICE (name pattern, default every device), STEPS (default "devices verify run"),
# EXPERIMENTS (default all eight, Study 6a's imagecl included), REPS (repetitions), JOBS (parallel verify
# processes, default nproc/2), IMAGECL_SAMPLES (configurations per ImageCL kernel for the step
# "imagecl-check" and the experiment imagecl, default 16). EXPERIMENTS=tuning (Study 6b, not in the default
# set: it re-tunes): exhaustive search of every documented sub-space (resumable caches in tuning/cache/;
# the wide ones on GPUs unless TUNING_WIDE=0, or on CPUs too with TUNING_WIDE=1), the strategies simulated
# over 20 seeds, our tuner live on the full ImageCL spaces (TUNING_FULL_BUDGET evaluations each, default
# 100 on GPUs; none starts after TUNING_TIME_LIMIT seconds, default 300),
# the tuning database tuning/<device>.json; its efficiency table in tuning<tag>.txt.
# The peers: bin/filterlab-peers once per selected OpenCL device (OpenCV CPU/UMat, Halide CPU/OpenCL,
# results in peers/); then, where an NVIDIA device is selected and a python3 with cupy and torch exists, the inputs and
# oracle outputs exported at full size to $out/peers_inputs (removed afterwards) and
# peers/gpu_peers.py (CuPy, PyTorch; results in peers_cuda/). PYTHON picks the interpreter.
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
experiments=${EXPERIMENTS:-scharr_single_storage scharr_gradient_variants pyramid_storage sampler tiled epsilon imagecl peers}
peers="$here/bin/filterlab-peers"
python=${PYTHON:-python3}
jobs=${JOBS:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}
tag=${device:+-$(echo "$device" | tr -c 'A-Za-z0-9\n' '_')}
rc=0
case " $steps " in *" devices "*)
  "$fl" devices --device "$device" 2>&1 | tee "$out/devices$tag.txt" ;;
esac
case " $steps " in *" verify "*)
  # One process per family in parallel: building hundreds of programs dominates on CPU devices.
  families=$("$fl" variants | sed -n 's/^#   \([a-z._0-9]*\):.*/\1/p')
  mkdir -p "$out/verify-parts"
  echo "$families" | xargs -P "$jobs" -I{} sh -c "\"$fl\" verify --device \"$device\" --variants '{}/' > \"$out/verify-parts/{}$tag.txt\" 2>/dev/null"
  cat "$out"/verify-parts/*"$tag".txt > "$out/verify$tag.txt"
  rm -rf "$out/verify-parts"
  failed=$(awk '/ passed, / {f += $3} END {print f + 0}' "$out/verify$tag.txt")
  passed=$(awk '/ passed, / {p += $1} END {print p + 0}' "$out/verify$tag.txt")
  finished=$(grep -c ' passed, ' "$out/verify$tag.txt")
  expected=$(echo "$families" | wc -l)
  echo "verify: $passed passed, $failed failed, $finished of $expected families finished (details in $out/verify$tag.txt)"
  [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && [ "$finished" -eq "$expected" ] || rc=1 ;;
esac
case " $steps " in *" imagecl-check "*)
  "$fl" imagecl-check --device "$device" --samples "${IMAGECL_SAMPLES:-16}" 2>&1 | tee "$out/imagecl-check$tag.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1 ;;
esac
case " $steps " in *" run "*)
  for e in $experiments; do
    if [ "$e" = peers ]; then  # one process per OpenCL device, then the CUDA peers
      "$peers" list --device "$device" > "$out/peers-devices$tag.txt" || rc=1
      while read -r d; do
        "$peers" run --device "$d" --base "$here/data/base_3866x4320.pgm" --results "$out" ${REPS:+--repetitions $REPS} < /dev/null || rc=1
      done < "$out/peers-devices$tag.txt"
      # The CUDA peers belong beside the NVIDIA device's rows: only when it is among the selected devices.
      if grep -qi nvidia "$out/peers-devices$tag.txt" && command -v nvidia-smi > /dev/null && "$python" -c "import cupy, torch; assert torch.cuda.is_available()" 2> /dev/null; then
        "$peers" export --base "$here/data/base_3866x4320.pgm" --out "$out/peers_inputs" \
          && "$python" "$here/peers/gpu_peers.py" --inputs "$out/peers_inputs" --results "$out" ${REPS:+--repetitions $REPS} || rc=1
        "$here/run-npp-peers.sh" "$out" "$out/peers_inputs" || rc=1  # NVIDIA NPP, built here with nvcc
        rm -rf "$out/peers_inputs"
      else
        echo "peers: no NVIDIA device selected, or no CUDA GPU with $python, cupy and torch: CuPy and PyTorch not run"
        ! grep -qi nvidia "$out/peers-devices$tag.txt" || "$here/run-npp-peers.sh" "$out" || rc=1  # NPP exports its own inputs
      fi
    elif [ "$e" = sampler ]; then  # no image, no timing: the sampler study takes only the results directory
      "$fl" run sampler --device "$device" --results "$out" | tee "$out/sampler$tag.txt" || rc=1
    elif [ "$e" = tiled ]; then  # Study 4 makes its own images; prints the roofline target
      "$fl" run tiled --device "$device" --results "$out" ${REPS:+--repetitions $REPS} | tee "$out/tiled$tag.txt" || rc=1
    elif [ "$e" = imagecl ]; then  # Study 6a: sampled ImageCL configurations at the paper's sizes
      "$fl" run imagecl --device "$device" --results "$out" --samples "${IMAGECL_SAMPLES:-16}" ${REPS:+--repetitions $REPS} || rc=1
    elif [ "$e" = tuning ]; then  # Study 6b: exhaustive sub-spaces, simulated strategies, our tuner live, the tuning database
      "$fl" run tuning --device "$device" --results "$out" ${TUNING_FULL_BUDGET:+--full-budget $TUNING_FULL_BUDGET} ${TUNING_WIDE:+--wide $TUNING_WIDE} \
        --time-limit "${TUNING_TIME_LIMIT:-300}" ${REPS:+--repetitions $REPS} | tee "$out/tuning$tag.txt"
      [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
    elif [ "$e" = epsilon ]; then  # Study 5: the Y plane of the derived JPEG
      "$fl" run epsilon --device "$device" --base "$here/data/epsilon_y_3264x2448.pgm" --results "$out" ${REPS:+--repetitions $REPS} || rc=1
    else
      "$fl" run "$e" --device "$device" --base "$here/data/base_3866x4320.pgm" --results "$out" ${REPS:+--repetitions $REPS} || rc=1
    fi
  done ;;
esac
echo "run-bundle exit code $rc"
exit $rc
