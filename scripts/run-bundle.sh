#!/usr/bin/env bash
# Runs on the GPU host from an unpacked bundle: registers the NVIDIA OpenCL driver if the ICD loader
# does not know it yet, then lists devices, verifies every variant on every device against the
# oracle, and runs the experiments. Results go to $1 (default ./results).
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
"$fl" devices 2>&1 | tee "$out/devices.txt"
"$fl" verify 2>/dev/null | tee "$out/verify.txt"
verify_rc=${PIPESTATUS[0]}
"$fl" run scharr_single_storage --base "$here/data/base_3866x4320.pgm" --results "$out" ${REPS:+--repetitions $REPS}
run_rc=$?
echo "verify exit code $verify_rc, run exit code $run_rc"
[ "$verify_rc" -eq 0 ] && [ "$run_rc" -eq 0 ]
