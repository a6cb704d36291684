#!/usr/bin/env bash
# A development record on the GPU host (not a release): the bundle of clean commit d2fa486 in
# dist/bundle.tar.gz, run from the repository root. The H200 (cores 0-7) runs Halide's GPU schedules
# (hand, Anderson2021, Li2018, Mullapudi2016) through filterlab-peers on the OpenCL target and then
# the CUDA target, each verified by the oracle before it is timed; meanwhile cores 8-15 run the
# native CPU probes at 8 threads, d2fa486's (dynamic FP32 work) and f744a86's (static) one after
# the other, then (the GPU idle) the dynamic one on 8 threads spread over all 16 logical CPUs;
# the CPU topology is recorded. Everything comes back in $OUT/cuda.tgz.
set -u
repo=$PWD
b=/tmp/b/filterlab-bundle R=/tmp/dev
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf "$repo/dist/bundle.tar.gz" -C /tmp/b; }
mkdir -p "$R/nvidia-opencl" "$R/nvidia-cuda" "$R/native" "$R/logs"
export LD_LIBRARY_PATH="$b/lib"
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  lib=/usr/lib/libnvidia-opencl.so.1; [ -e "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1
  mkdir -p /etc/OpenCL/vendors && echo "$lib" > /etc/OpenCL/vendors/nvidia.icd
fi
log=$R/logs
{ date -u +"start %FT%TZ"; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
  lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket)'; g++ --version | head -1; } > "$log/times.txt" 2>&1
lscpu -e > "$log/lscpu-e.txt" 2>&1
base=$b/data/base_3866x4320.pgm
commit=$("$b/bin/filterlab" experiments --commit)
timed() {  # name command...: its output to the log, its seconds and exit code to times.txt
  local name=$1; shift
  local t0=$(date +%s)
  "$@" > "$log/$name.txt" 2>&1
  echo "$name rc=$? $(( $(date +%s) - t0 )) s" >> "$log/times.txt"
}
( timed peers-nvidia-opencl taskset -c 0-7 "$b/bin/filterlab-peers" run --device nvidia --peers halide_opencl \
    --base "$base" --results "$R/nvidia-opencl"
  timed peers-nvidia-cuda taskset -c 0-7 "$b/bin/filterlab-peers" run --device nvidia --peers halide_cuda \
    --base "$base" --results "$R/nvidia-cuda" ) &
( export OMP_PROC_BIND=close OMP_PLACES=cores
  slug=pocl-cpu-skylake-avx512-intel-r-xeon-r-processor
  timed build-native "$b/roofline/native/build.sh" "$R/native_probes"
  timed build-native-static g++ -std=c++17 -O3 -march=native -fopenmp -ffp-contract=off -o "$R/native_static" \
    "$repo/.carry-native/native_probes_static.cpp"
  timed native-dynamic taskset -c 8-15 "$R/native_probes" --threads 8 --device-slug $slug --commit "$commit" \
    --out "$R/native/dynamic.json"
  timed native-static taskset -c 8-15 "$R/native_static" --threads 8 --device-slug $slug --commit "$commit" \
    --out "$R/native/static.json" ) &
wait
# With the GPU idle: the same 8 threads placed by OpenMP over all 16 logical CPUs (one per core
# where the cores have two), to tell the cores 8-15 apart from the whole CPU.
( export OMP_PROC_BIND=spread OMP_PLACES=cores
  timed native-dynamic-spread "$R/native_probes" --threads 8 --device-slug pocl-cpu-skylake-avx512-intel-r-xeon-r-processor \
    --commit "$commit" --out "$R/native/dynamic-spread.json" )
date -u +"end %FT%TZ" >> "$log/times.txt"
cat "$log/times.txt" "$log/lscpu-e.txt"
grep -h "fp32\|copy\|read" "$log"/native-*.txt
tail -n 4 "$log"/peers-*.txt
tar czf "$OUT/cuda.tgz" -C "$R" --exclude='*/peers_inputs' --exclude=native_probes --exclude=native_static .
