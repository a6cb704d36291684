#!/usr/bin/env bash
# A development record of the tool environment on the GPU host (not a release): the bundle in
# dist/bundle.tar.gz, run from the repository root. PART=1: unpack; the H200 (cores 0-7) runs
# Halide's OpenCL schedules (our hand schedule, Anderson2021, Li2018, Mullapudi2016) through
# filterlab-peers, each verified by the oracle before it is timed; PoCL 5 (cores 8-15, 8 compute
# units, HL_NUM_THREADS=8) runs Halide's CPU and OpenCL schedules, the roofline, and the native CPU
# probes at 8 threads. PART=stash keeps the carried pieces of Intel's runtime; PART=2 (or 3, ...: a rerun with its own logs): Intel's OpenCL CPU runtime
# (carried in pieces by the calls before, kept on the warm machine, and this one) on the same 8 cores: devices, verify, roofline
# and the Halide peers. Everything comes back in $OUT/part<N>.tgz.
set -u
repo=$PWD part=${PART:-1}
b=/tmp/b/filterlab-bundle R=/tmp/dev
if [ "$part" = stash ]; then
  # The runtime is larger than one call may carry: each call brings a piece, kept outside the repo.
  mkdir -p /tmp/intel-pieces && cp "$repo"/.intel-carry/piece* /tmp/intel-pieces/ && ls -la /tmp/intel-pieces
  exit 0
fi
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf "$repo/dist/bundle.tar.gz" -C /tmp/b; }
mkdir -p "$R/nvidia" "$R/pocl" "$R/intel" "$R/logs"
export LD_LIBRARY_PATH="$b/lib"
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  lib=/usr/lib/libnvidia-opencl.so.1; [ -e "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1
  mkdir -p /etc/OpenCL/vendors && echo "$lib" > /etc/OpenCL/vendors/nvidia.icd
fi
log=$R/logs/part$part && mkdir -p "$log"
{ date -u +"start %FT%TZ"; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
  lscpu | grep -E '^(Model name|CPU\(s\)):'; g++ --version | head -1; } > "$log/times.txt" 2>&1
base=$b/data/base_3866x4320.pgm
timed() {  # name command...: its output to the log, its seconds and exit code to times.txt
  local name=$1; shift
  local t0=$(date +%s)
  "$@" > "$log/$name.txt" 2>&1
  echo "$name rc=$? $(( $(date +%s) - t0 )) s" >> "$log/times.txt"
}
if [ "$part" = 1 ]; then
  ( timed peers-nvidia taskset -c 0-7 "$b/bin/filterlab-peers" run --device nvidia --peers halide_opencl \
      --base "$base" --results "$R/nvidia" ) &
  ( export POCL_CPU_MAX_CU_COUNT=8 HL_NUM_THREADS=8
    timed native-xeon sh -c "'$b/roofline/native/build.sh' '$R/native_probes' && OMP_PROC_BIND=close OMP_PLACES=cores taskset -c 8-15 '$R/native_probes' --threads 8 --device-slug pocl-cpu-skylake-avx512-intel-r-xeon-r-processor --commit \"\$('$b/bin/filterlab' experiments --commit)\" --out '$R/pocl/roofline_native.json'"
    timed roofline-pocl taskset -c 8-15 "$b/bin/filterlab" run roofline --device pocl --results "$R/pocl"
    timed peers-pocl taskset -c 8-15 "$b/bin/filterlab-peers" run --device pocl --peers halide --base "$base" --results "$R/pocl" ) &
  wait
else
  # Intel's runtime: the earlier calls' pieces (kept here) and this call's, in order.
  cp "$repo"/.intel-carry/piece* /tmp/intel-pieces/ 2> /dev/null
  [ -e /tmp/intel/libintelocl.so ] || { mkdir -p /tmp/intel && cat /tmp/intel-pieces/piece* | xz -d | tar -x -C /tmp/intel; }
  sha256sum /tmp/intel-pieces/piece* > "$log/pieces.sha256"
  echo /tmp/intel/libintelocl.so > /etc/OpenCL/vendors/zz-filterlab-intel-cpu.icd
  export HL_NUM_THREADS=8
  # "intel" alone also names PoCL's Xeon device: the platform's name picks Intel's runtime.
  intel="Intel(R) OpenCL"
  timed devices-intel taskset -c 8-15 "$b/bin/filterlab" devices --device "$intel"
  timed roofline-intel taskset -c 8-15 "$b/bin/filterlab" run roofline --device "$intel" --results "$R/intel"
  timed native-intel sh -c "[ -x '$R/native_probes' ] || '$b/roofline/native/build.sh' '$R/native_probes'; OMP_PROC_BIND=close OMP_PLACES=cores taskset -c 8-15 '$R/native_probes' --threads 8 --device-slug intel-cpu-r-xeon-r-processor --commit \"\$('$b/bin/filterlab' experiments --commit)\" --out '$R/intel/roofline_native.json'"
  timed peers-intel taskset -c 8-15 "$b/bin/filterlab-peers" run --device "$intel" --peers halide --base "$base" --results "$R/intel"
  # verify as run-bundle.sh does it: one process per family, four at a time, bounded.
  timed verify-intel timeout 400 sh -c "'$b/bin/filterlab' variants | sed -n 's/^#   \([a-z._0-9]*\):.*/\1/p' | xargs -P 4 -I{} sh -c \"taskset -c 8-15 '$b/bin/filterlab' verify --device '$intel' --variants '{}/' > '$log/verify-{}.txt' 2>&1; tail -1 '$log/verify-{}.txt'\""
fi
date -u +"end %FT%TZ" >> "$log/times.txt"
cat "$log/times.txt"
tail -n 3 "$log"/*.txt
tar czf "$OUT/part$part.tgz" -C "$R" --exclude='*/peers_inputs' --exclude=native_probes .
