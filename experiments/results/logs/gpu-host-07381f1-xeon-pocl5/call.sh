# One device call on the GPU host: the CPU code paths on its Xeon with PoCL 5 and Halide at its best,
# 8 threads each, pinned to 8 physical cores (one logical CPU of each), the rest of the machine idle.
# STAGE=tune: the tuner on the :simd and :rows sub-spaces (resumable caches under $OUT/results);
# STAGE=rest: Study 6a with the first call's tuning database (carried back), then the peers
# (STAGE=peers: the peers alone).
# Carries dist/bundle.tar.gz (the bundle of the clean commit without its data/ images, which these
# steps do not read: a call carries at most 64 MiB) and, for STAGE=rest, the first call's results.
# The peers run once per workload (the selection takes one text), each into its own folder.
set -u
b=/tmp/b/filterlab-bundle
[ -x "$b/bin/filterlab" ] || { mkdir -p /tmp/b && tar -xzf dist/bundle.tar.gz -C /tmp/b; }
export LD_LIBRARY_PATH="$b/lib"
here=experiments/results/logs/gpu-host-07381f1-xeon-pocl5
R="$OUT/results"; mkdir -p "$R"
[ -d "$here/carry/results" ] && cp -r "$here/carry/results/." "$R/"
cores=$(lscpu -p=CPU,CORE | grep -v '^#' | sort -t, -k2,2n -u | head -8 | cut -d, -f1 | paste -sd,)
export POCL_CPU_MAX_CU_COUNT=8 HL_NUM_THREADS=8
{ date -u +%FT%TZ; lscpu | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket|NUMA node0)'; echo "cores $cores"; uptime;
  "$b/bin/filterlab" experiments --commit; } >> "$OUT/host.txt" 2>&1
run() {  # label, command...
  local t0; t0=$(date +%s); local label=$1; shift
  taskset -c "$cores" "$@" > "$OUT/$label.txt" 2>&1; echo "$label rc=$? $(( $(date +%s) - t0 )) s" >> "$OUT/times.txt"
}
F="$b/bin/filterlab"
[ "$STAGE" = tune ] &&
  run tuning timeout ${TUNE_S:-540} "$F" run tuning --device pocl --results "$R" --spaces :simd,:rows --repetitions 30
[ "$STAGE" = rest ] && run imagecl "$F" run imagecl --device pocl --results "$R" --samples 1 --repetitions 30
if [ "$STAGE" = rest ] || [ "$STAGE" = peers ]; then
  for w in sepconv5 conv2d5_u8 harris; do
    run peers-$w "$b/bin/filterlab-peers" run --device pocl --results "$R/peers-$w" --base "$b/data/none.pgm" \
      --workloads $w --peers halide --repetitions 30
    cp "$R/peers-$w"/peers/*.json "$OUT/peers-$w.json"  # what comes back from a call is at most two folders deep
  done
fi
cat "$OUT/times.txt"
